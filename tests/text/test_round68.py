"""Round 68 (24 texts written blind after round 67's rules: glaucoma letters, sepsis ward rounds, lymphoedema
notes, spinal-injury rehabilitation notes, menopause letters, Parkinson's letters, children's growth letters and
interventional radiology reports; read with round 67's rules, 1 faithful clause of 504 was contradicted and 8 of the
24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.laterality import side_conflict, sides
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_an_eye_by_its_letters() -> None:
    fields = ["Visual fields (HFA 24-2): full in the right eye; LE shows a few non-specific points."]
    assert (
        side_conflict("and the few scattered points on the left eye's field test could not be reproduced.", fields)
        is None
    )
    assert side_conflict("and the few points on the right eye's field test were new.", ["LE shows a few points."])
    assert [s.text for s in sides("RE: Mrs Mendoza-Gray. Bimatoprost nocte RE. Nil LE.")] == ["RE", "LE"]


def test_a_table_cell_before_a_month_on_the_next_line_is_no_date() -> None:
    table = "Date      | RE | LE\nApr 2023  | 26 | 15\nJul 2023  | 22 | 14\nOct 2023  | 19 | 14"
    assert [q.kind for q in quantities(table)].count("label:date") == 0
    assert _unstated("The left eye has stayed low, at 14 to 15 mmHg, without any treatment.", table) == []
    assert [q.kind for q in quantities("on 15 July 2023")][:1] == ["label:date"]


def test_causes_the_team_thinks_or_words_otherwise() -> None:
    review = alignment_tokens("Mild reduction in VA LE likely from post-op astigmatism/ocular surface.")
    assert unstated_cause("which the team thinks is due to focusing", review) is None
    plan = alignment_tokens(
        "Start mirabegron (oxybutynin avoided - concern re cognitive side effects alongside pregabalin)."
    )
    unit = "because of worries about effects on thinking when combined with pregabalin."
    assert unstated_cause(unit, plan) is None
    assert unstated_cause("because of worries about bladder cancer with pioglitazone.", plan) is not None


def test_seconds_stages_and_a_rate_over_the_past_year() -> None:
    assert _unstated("and completed the timed up-and-go test in just under 20 seconds.", "TUG | unable | 19.4 s") == []
    assert implied_figures("in the 1990s and 2 s.c. doses") == []
    puberty = "Puberty: B3 at diagnosis, now B2-B3 with softer breast tissue. No pubic hair progression (PH2)."
    assert _unstated("from stage 3 to between stages 2 and 3, and her pubic hair has not progressed.", puberty) == []
    assert implied_figures("Vitamin B3 500 mg daily.") == []
    growth = "Height velocity over last 12 months: 4.1 cm/yr"
    assert _unstated("and he has grown 4.1 cm in the past year.", growth) == []
    assert _unstated("and he has grown 5.1 cm in the past year.", growth) == ["5.1 cm"]
    diary = "Summary: OFF time has fallen by 2.5 h/day."
    assert _unstated("a drop of two and a half hours.", diary) == []


def test_a_catheter_gauge_in_french() -> None:
    report = "Wire exchange under fluoroscopy; 8Fr locking pigtail nephrostomy placed."
    assert unstated_names("an 8 French locking pigtail nephrostomy was placed", report) == ()
    assert unstated_names("a French cohort", "a German cohort") == ("French",)
