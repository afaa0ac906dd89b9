"""Faithful clauses of blind rounds 232-233 (session 35) that the cues flagged or contradicted when first read, each
beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.doses import daily_forms
from medhal.text.effects import unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens, canonical_text


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_figures_a_lay_answer_works_out() -> None:
    """An annualised rate as one event every so many years, a fall between a level and its earlier one dated back,
    the one second of FEV1, and a daily maximum."""
    trial = "ARR was 0.14 with ocrelizumab versus 0.31 with interferon (rate ratio 0.45, 95% CI 0.34-0.60)."
    assert _unstated("roughly one relapse every seven years compared with about one every three years.", trial) == []
    assert _unstated("roughly one relapse every twelve years", trial) == ["twelve years"]
    liver = "Investigations: GGT 186 U/L (312 U/L four weeks ago), ALT 58 U/L."
    assert _unstated("called GGT, has come down by about 40% over the past month.", liver) == []
    assert _unstated("called GGT, has come down by about 10% over the past month.", liver) == ["10%"]
    lungs = "Spirometry: FEV1 2.4 L (71% predicted), FEV1/FVC ratio 0.64."
    assert _unstated("the air he could push out in one second was a bit over two-thirds of expected.", lungs) == []
    assert _unstated("the air he could push out in one second", "Spirometry: FVC 3.4 L.") == ["one second"]
    dosing = "randomised to loperamide (4 mg initial dose, then 2 mg after each unformed stool, maximum 12 mg/day)"
    assert "mass" in [q.kind for q in daily_forms("up to a daily maximum of 12 mg,", quantities(dosing))]


def test_lay_words_of_rounds_232_and_233() -> None:
    """Serious complications, untreated, ups and downs, disrupted sleep; a flare pointed back at; and words that name
    nothing in a cause ('especially', 'together')."""
    said = canonical_text("Serious complications were more common")
    assert said == "serious complications or adverse events were more common"
    assert canonical_text("severe depression that has not been treated") == "severe depression untreated"
    assert canonical_text("marked ups and downs in his symptoms") == "marked fluctuations in his symptoms"
    assert canonical_text("because they can disrupt sleep") == "because they may cause insomnia"
    assert canonical_text("How much the pain disturbed sleep") == "How much the pain disturbed sleep"
    letter = "In January she had a relapse with right leg weakness and bladder urgency."
    named = alignment_tokens(letter)
    assert unnamed_outcome("That flare caused weakness in her right leg", letter, named) is None
    assert unnamed_outcome("Her infection caused weakness in her right leg", letter, named) is not None
    leaflet = "Check blood pressure; hypertension has been reported, particularly with nicotine patches."
    tokens = alignment_tokens(leaflet)
    unit = "Check it at each review, because it can go up, especially when used together with nicotine patches."
    assert unstated_cause(unit, tokens, leaflet) is None
    wrong = (
        "Check it at each review, because it can damage the liver, especially when the tablets are used with alcohol."
    )
    assert unstated_cause(wrong, tokens, leaflet) is not None


def test_a_cause_of_degree_and_symptoms() -> None:
    """Round 232: 'because of marked ups and downs in his symptoms' for 'motor fluctuations'."""
    letter = "Diagnosis: Parkinson's disease with motor fluctuations and peak-dose dyskinesia."
    tokens = alignment_tokens(letter)
    assert unstated_cause("He was referred because of marked ups and downs in his symptoms", tokens, letter) is None
    assert unstated_cause("He was referred because of marked weight loss in his symptoms", tokens, letter) is not None


def test_a_pressure_in_words_and_a_dimension() -> None:
    """Round 227's 'close to 200 over 100' for 'BP 196/104 mmHg' and round 232's 'a 3D scan'."""
    letter = "Examination and investigations: BP 196/104 mmHg on arrival. NIHSS 9."
    assert _unstated("close to 200 over 100, and it was brought down quickly", letter) == []
    assert _unstated("close to 200 over 140, and it was brought down quickly", letter) == ["140"]
    assert _unstated("a 3D scan may be worthwhile,", "consider cone-beam CT") == []
    assert _unstated("a 5 mm scan may be worthwhile,", "consider cone-beam CT") == ["5 mm"]
