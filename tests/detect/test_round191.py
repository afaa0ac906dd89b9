"""Faithful clauses of blind rounds 191-192 (session 32) that the cues contradicted or flagged when first read, each
beside a wrong twin the same reading must still catch, read end to end through ``medhal.check``."""

from __future__ import annotations

import medhal
from medhal.text.quantities import quantities

ZINC = (
    "Results: In children, cold duration did not differ between zinc and placebo (mean difference 0.2 days). "
    "Adverse events were uncommon and did not differ between zinc and placebo groups (risk ratio 1.04; 95% CI 0.71 "
    "to 1.52)."
)
ENTRESTO = (
    "Results: In reduced ejection fraction (6 trials, 10,430 participants), sacubitril-valsartan lowered "
    "cardiovascular death or heart failure hospitalisation (RR 0.81, 95% CI 0.75 to 0.87) and all-cause death (RR "
    "0.86, 95% CI 0.78 to 0.94). In mildly reduced or preserved ejection fraction (5 trials, 7,530 participants), "
    "heart failure hospitalisation was modestly reduced (RR 0.87, 95% CI 0.78 to 0.97), but all-cause death did not "
    "differ (RR 0.98, 95% CI 0.88 to 1.10)."
)
ALBUMIN = (
    "Methods: We reviewed 312 albumin prescriptions for 146 patients with cirrhosis against the local policy. "
    "Results: Compliance was highest for large-volume paracentesis (89%) and lowest for correcting a low serum "
    "albumin alone (0%, 41 prescriptions), a use not supported by policy."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_subjects_first_predicate_restates_whatever_difference_it_then_denies() -> None:
    """Round 191: 'Side effects were uncommon' was contradicted by 'Adverse events were uncommon and did not differ
    between ... groups': the sentence's denied difference disagreed with a unit that negates nothing."""
    faithful = "Side effects were uncommon."
    assert _verdicts(ZINC, faithful)[faithful] == "supported"
    wrong = "Side effects were common."
    assert _verdicts(ZINC, wrong)[wrong] != "supported"


def test_a_relative_change_a_ratio_shows_is_not_denied_by_another_populations_null_finding() -> None:
    """Round 191: 'the risk of dying from any cause fell by roughly one seventh' (RR 0.86 with a reduced ejection
    fraction) was contradicted by 'all-cause death did not differ' with a preserved one."""
    faithful = (
        "In people whose heart pumps weakly, the risk of dying from heart disease or being admitted fell by about a "
        "fifth, and the risk of dying from any cause fell by roughly one seventh."
    )
    assert "contradicted" not in _verdicts(ENTRESTO, faithful).values()
    wrong = "In people whose heart pumping is normal, the medicine lowered the risk of dying from any cause."
    assert "contradicted" in _verdicts(ENTRESTO, wrong).values()


def test_a_figure_hedged_after_it_is_an_estimate() -> None:
    """Round 192: 'the forty or so prescriptions' was read as exactly 40 and contradicted by the audit's 312
    prescriptions; 'or so' hedges it like 'about' (41 prescriptions)."""
    forty = quantities("None of the forty or so prescriptions")[0]
    assert (forty.value, forty.approximate, forty.about) == (40.0, True, True)
    faithful = "None of the forty or so prescriptions given only to raise a low blood albumin level met the policy."
    assert "contradicted" not in _verdicts(ALBUMIN, faithful).values()
    wrong = "None of the ninety or so prescriptions given only to raise a low blood albumin level met the policy."
    assert _verdicts(ALBUMIN, wrong)[wrong] != "supported"


def test_a_number_of_hundreds_in_words_is_one_figure() -> None:
    """Round 191: 'about thirteen hundred side-effect reports' was read as 'thirteen', a figure the bulletin (1,284
    reports) never states."""
    assert [(q.text, q.value) for q in quantities("about thirteen hundred reports")] == [("thirteen hundred", 1300.0)]
    assert [q.value for q in quantities("over eleven hundred people")] == [1100.0]
    evidence = "Methods: We reviewed 1,284 spontaneous reports received between 2019 and 2024."
    result = medhal.check(evidence, "The bulletin reviewed about thirteen hundred side-effect reports.")
    assert result.units[0].cues.get("unstated_figures") in (None, [])


def test_leaks_after_a_sudden_urge_name_urgency_incontinence() -> None:
    """Round 191: 'Both medicines cut leaks caused by a sudden urge by about two a day' named a subject the trial
    ('urgency incontinence episodes') was read as never naming."""
    evidence = (
        "Results: Urgency incontinence episodes fell by a mean of 1.9 per day with mirabegron and 2.0 with solifenacin."
    )
    result = medhal.check(evidence, "Both medicines cut leaks caused by a sudden urge by about two a day.")
    assert result.units[0].cues.get("unnamed_subject") is None


PERICARDITIS = (
    "Results: Colchicine reduced recurrence from 34.6% to 17.9% (risk ratio 0.51, 95% CI 0.41 to 0.64). "
    "Gastrointestinal adverse events occurred in 8.1% versus 6.9% (risk ratio 1.17, 95% CI 0.72 to 1.90)."
)
AORTA = (
    "Nineteen men had elective repair (13 endovascular, 6 open). One man died within 30 days of open repair (30-day "
    "mortality 1 of 19, 5.3%); there were no deaths after endovascular repair."
)
COLCHICINE_LETTER = (
    "Adverse events: Loose stools on day 2 after starting colchicine, 3 episodes per day, settled without dose change."
)


def test_a_predicate_cut_from_its_subject_is_not_denied_by_anothers_difference() -> None:
    """Round 193: 'Side effects, mostly stomach upsets, | were about as common as without colchicine,' was contradicted
    by colchicine's lower recurrence: the clause names nothing recurrence could differ in."""
    faithful = "Side effects, mostly stomach upsets, were about as common as without colchicine."
    assert "contradicted" not in _verdicts(PERICARDITIS, faithful).values()
    wrong = "Recurrence was about as common as without colchicine."
    assert _verdicts(PERICARDITIS, wrong)[wrong] == "contradicted"


def test_an_endovascular_repair_is_the_keyhole_one() -> None:
    """Round 193: 'but nobody died after the keyhole repair' was read as a swapped approach, open for laparoscopic,
    where the repair from inside the vessel is endovascular."""
    faithful = "One man died within a month after open surgery, but nobody died after the keyhole repair."
    assert "contradicted" not in _verdicts(AORTA, faithful).values()
    wrong = "Nobody died after open surgery."
    assert _verdicts(AORTA, wrong)[wrong] != "supported"


def test_the_object_of_a_denied_gerund_is_denied_with_it() -> None:
    """Round 193: 'but these settled without changing the dose' was read as asserting the dose that 'settled without
    dose change' denies."""
    faithful = "Colchicine gave him loose stools on his second day, but these settled without changing the dose."
    assert "contradicted" not in _verdicts(COLCHICINE_LETTER, faithful).values()


def test_spans_between_years_and_changes_between_levels_are_implied() -> None:
    """Rounds 191-194: 'Over about ten years' for 'between 2014 and 2023', 'no better than two years earlier' for a
    2023 audit against its 2021 baseline, and 'has fallen by about a third' for 'NT-proBNP is 410 ng/L, compared with
    620 ng/L before treatment' were figures the evidence never states."""
    reports = "We received 47 reports of suspected adverse reactions between 2014 and 2023, of which 19 were serious."
    result = medhal.check(reports, "Over about ten years, forty-seven possible side effects were reported.")
    assert not result.units[0].cues.get("unstated_figures")
    wrong = medhal.check(reports, "Over about twenty-five years, forty-seven possible side effects were reported.")
    assert wrong.units[0].cues.get("unstated_figures")
    letter = "NT-proBNP is 410 ng/L, compared with 620 ng/L before treatment."
    fallen = medhal.check(letter, "A blood test that reflects strain on the heart has fallen by about a third.")
    assert not fallen.units[0].cues.get("unstated_figures")
    quarters = medhal.check(letter, "A blood test reflecting strain on the heart has fallen by about three quarters.")
    assert quarters.units[0].cues.get("unstated_figures")


def test_a_proportion_of_hundreds_and_a_spelled_percentage_are_read_as_such() -> None:
    """Round 194: 'fewer than one in two hundred' read 200 as a figure the evidence never states; 'roughly sixty per
    cent' was a count of sixty."""
    base = quantities("Fewer than one in two hundred babies were never screened.")[-1]
    assert (base.value, base.approximate) == (200.0, True)
    sixty = quantities("against roughly sixty per cent without it.")[0]
    assert (sixty.kind, sixty.value) == ("percent", 60.0)


GOUT = (
    "Results: Serum urate at 6 months did not differ between groups (5.4 vs 5.5 mg/dL; p=0.62). Diarrhoea occurred "
    "in 9% with colchicine and 4% with placebo; no patient developed myopathy."
)


def test_urate_in_the_blood_is_the_serum_urate_a_trial_measured() -> None:
    """An own gout abstract (session 32): 'Colchicine did not change uric acid levels in the blood' was unsupported
    and its wrong twin 'Colchicine also lowered uric acid levels in the blood' was not read against 'Serum urate ...
    did not differ'; 'nobody had muscle damage' is 'no patient developed myopathy'."""
    verdicts = _verdicts(GOUT, "Colchicine did not change uric acid levels in the blood, and nobody had muscle damage.")
    assert "contradicted" not in verdicts.values()
    assert set(verdicts.values()) == {"supported"}
    wrong = "Colchicine also lowered uric acid levels in the blood."
    assert _verdicts(GOUT, wrong)[wrong] == "contradicted"


def test_a_ratio_of_another_outcome_shows_no_change_in_the_units() -> None:
    """Clinical pair cp_260, caught again: 'lowered deaths from any cause by about a quarter' is no lung cancer
    mortality 24% lower (rate ratio 0.76), so 'Overall mortality did not differ' still contradicts it."""
    evidence = (
        "Results: Lung cancer mortality was 24% lower in the screening group (rate ratio 0.76, 95% CI 0.61 to 0.94). "
        "Overall mortality did not differ between groups."
    )
    wrong = "Low-dose CT screening lowered deaths from any cause by about a quarter."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"


def test_levels_compared_are_no_spreads() -> None:
    """MedHal-Loc dev inj_0117, caught again: '6.5 +/- 2.8 liters versus 5.3 +/- 2.0 liters' compares no levels 2.8
    and 2.0 (a 40% change that made the invented '40%' stated)."""
    evidence = "Patients with atrial fibrillation received more fluid (6.5 +/- 2.8 liters versus 5.3 +/- 2.0 liters)."
    result = medhal.check(evidence, "Beta-blockade reduced atrial fibrillation by 40% in our cohort.")
    assert result.units[0].cues.get("unstated_figures") == ["40%"]


def test_a_null_finding_between_the_drugs_is_about_what_it_names() -> None:
    """Round 192's wrong twin, missed blind: 'The chance of the infection coming back within three months was clearly
    lower with nitrofurantoin' against 'Recurrence within 3 months did not differ between the drugs', whose subject
    held 'drugs'."""
    evidence = "Recurrence within 3 months did not differ between the drugs (16% versus 17%; risk ratio 0.94)."
    wrong = "The chance of the infection coming back within three months was clearly lower with nitrofurantoin."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"
    faithful = "The chance of the infection coming back within three months was much the same with both drugs."
    assert _verdicts(evidence, faithful)[faithful] != "contradicted"


def test_a_letters_dates_across_a_new_year_imply_no_year() -> None:
    """Round 114's wrong twin, kept caught: 'reviewed in clinic in twelve months' where the letter's dates run from
    2023 to 2024 (the years between the first and last year an evidence names count from two years up)."""
    letter = "Seen 12/12/2023 with wrist pain; X-ray on 03/01/2024 normal. Review in clinic in 6 months (July 2024)."
    result = medhal.check(letter, "She will be reviewed in clinic in twelve months.")
    assert result.units[0].cues.get("unstated_figures") == ["twelve months"]
