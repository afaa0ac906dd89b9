"""Round 69 (24 texts written blind after round 68's rules: heart-failure titration letters, chemotherapy
day-unit records, bowel-disease letters, pre-assessment notes, podiatry notes, head-injury advice, care-home
medication reviews and maternal-medicine letters; read with round 68's rules, 2 faithful clauses of 491 were
contradicted and 10 of the 24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.swapped_drugs import swapped_drug
from medhal.text.drug_names import is_drug_name
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.instructions import reversed_instruction
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_list_of_what_not_to_do_under_its_heading() -> None:
    advice = [
        "DON'T: drink alcohol until you feel better; take sleeping pills unless prescribed; drive until you feel "
        "fully recovered."
    ]
    assert reversed_instruction("and you should not drive until you feel fully recovered.", advice) is None
    assert reversed_instruction("and you can drive until you feel fully recovered.", advice) == 0


def test_an_insulin_brand_is_insulin() -> None:
    letter = (
        "She was managed with metformin, titrated to 2 g daily, with Humulin I 8 units at night added from 33 weeks.",
        "Insulin was stopped after delivery.",
    )
    index = EvidenceIndex.of(" ".join(letter), letter)
    assert swapped_drug(index, "built up to 2 g a day, with 8 units of night-time insulin added from 33 weeks.") is None
    assert is_drug_name("Humulin") and not is_drug_name("units")


def test_figures_in_a_list_under_a_heading_with_its_unit() -> None:
    weights = "Home weights (kg):\n  26/09   71.4\n  02/10   73.6\n(Baseline dry weight 71.0 kg)\n"
    unit = "from 71.4 kg on 26 September to 73.6 kg on 2 October, about 2.6 kg above her dry weight of 71 kg."
    assert _unstated(unit, weights) == []
    assert _unstated("about 4.6 kg above her dry weight of 71 kg.", weights) == ["4.6 kg"]
    assert _unstated("keeping to her 1.5-litre daily fluid limit.", "Adherent to fluid restriction 1.5 L/day.") == []


def test_names_and_types_in_short() -> None:
    assert unstated_names("for diffuse large B-cell lymphoma.", "Dx: DLBCL, stage IIIA, IPI 3") == ()
    assert unstated_names("for diffuse large B-cell lymphoma.", "Dx: follicular lymphoma, grade 2") == ("B-cell",)
    assert unstated_names("An MRI of the small bowel showed", "MR enterography 01/2025: mild thickening") == ()
    assert _unstated("type 2 diabetes treated with diet", "PMH: T2DM (diet-controlled), OSA on CPAP") == []
    assert _unstated("type 1 diabetes treated with diet", "PMH: T2DM (diet-controlled), OSA on CPAP") == ["1"]


def test_causes_in_lay_words() -> None:
    cases = [
        ("PMH: T2DM (diet-controlled), OSA on CPAP", "because of his sleep apnoea,"),
        ("Indication: recurrent ingrowing toenail, L hallux", "because the nail kept growing in"),
        (
            "Carboplatin REDUCED to AUC4 (delay for thrombocytopenia) = 428 mg",
            "because of the delay caused by low platelets.",
        ),
        (
            "active UC flare with low infliximab trough and no antibodies",
            "due to too little drug in his system rather than to antibodies.",
        ),
    ]
    for evidence, unit in cases:
        assert unstated_cause(unit, alignment_tokens(evidence)) is None, unit
    assert unstated_cause("because of his heart failure,", alignment_tokens(cases[0][0])) is not None
