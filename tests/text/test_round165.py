"""Readings of blind rounds 165-168 (session 28) that flagged or contradicted faithful answers, each checked against
the wrong reading it must still make."""

from __future__ import annotations

from medhal.text._finding_subjects import has_verb
from medhal.text.age_bounds import age_bound_stated
from medhal.text.comparisons import group_figures, reverses, unit_comparison
from medhal.text.derived import far_off
from medhal.text.drug_names import same_drug_names
from medhal.text.explanations import unstated_cause
from medhal.text.fragments import states_no_predicate
from medhal.text.instructions import instruction, same_instruction
from medhal.text.quantifiers import share_conflicts
from medhal.text.quantities import quantities
from medhal.text.subgroup_claims import subgroup_claimed
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.temporal_order import order_restated


def _first(text: str):  # type: ignore[no-untyped-def]
    return quantities(text)[0]


def test_a_lay_unit_and_a_ratio_named_as_such() -> None:
    # a time is not near a bare decimal: an SD or a CI bound ("1.93") is no "about two months" (round 157)
    assert far_off(_first("about two months earlier"), quantities("laxity 1.6 (1.4) mm; risk ratio 0.50, 0.13-1.93"))
    assert not far_off(_first("by about 3 units"), quantities("reduced BMI by a mean of 2.9 kg/m²"))
    sensitivity = quantities("less sensitive (relative sensitivity 0.85; 95% CI 0.80 to 0.90)")
    assert sensitivity[0].ratio


def test_heterogeneity_a_decade_and_close_to() -> None:
    kinds = [q.kind for q in quantities("(RR 0.71, 95% CI 0.59 to 0.85; I² 48%; moderate certainty)")]
    assert kinds[-1] == "label:i2"
    assert quantities("his heart rate staying in the low 140s")[0].approximate
    assert not quantities("140 patients")[0].approximate
    q = _first("close to 80% in both groups")
    assert q.approximate and q.about


def test_a_share_in_figures_is_the_same_share_in_words() -> None:
    sentence = "Side effects: about 2 in 3 people get nausea, vomiting or diarrhoea; 5% of our patients stopped."
    assert share_conflicts("Around two in three people get nausea,", sentence) == []
    assert share_conflicts("Around nine in ten people get nausea,", sentence) != []


def test_an_age_range_bound_told_inclusively() -> None:
    unit = "about 250 teenagers aged 12 to 17 with obesity"
    q = next(q for q in quantities(unit) if q.text == "17")
    assert age_bound_stated(unit, q, quantities("248 adolescents aged 12 to <18 years"))
    assert not age_bound_stated(unit, q, quantities("248 adolescents aged 12 to <19 years"))


def test_verbs_an_answer_uses() -> None:
    assert has_verb("more frequent application gave no meaningful additional benefit at almost double the cost.")
    assert not has_verb("more frequent application of varnish")
    unit = "A one-week course of amoxicillin works as well as a two-week course for pneumonia in young children."
    assert not states_no_predicate(unit)
    assert states_no_predicate("Benefits and harms of treatment,")


def test_names_and_lay_words() -> None:
    assert "onabotulinumtoxina" in same_drug_names("botox")
    assert "photosensitivity" in canonical_text("the treatment can make the skin sensitive to light")
    assert "adverse events" in canonical_text("no child stopped treatment because of toxicity")
    assert "postural" in canonical_text("her blood pressure dropped substantially on standing")
    named = alignment_tokens("She had previously tried propranolol and topiramate.")
    assert unstated_cause("This is notable because four earlier preventives had not helped.", named) is None
    assert unstated_cause("The drug worked because it blocks serotonin receptors.", named) is not None


def test_side_effects_limited_to_a_kind_are_no_subgroup() -> None:
    assert subgroup_claimed("and side effects were limited to heartburn in two people.") is None
    assert subgroup_claimed("and the benefit was limited to people over 75.") == "people over 75"


def test_the_same_order_and_the_same_instruction_told_otherwise() -> None:
    letter = "I recommend 2 weeks of light exercise, then 2 weeks of acclimatisation, before unrestricted duties."
    assert order_restated("Only after that should he go back to unrestricted duties.", letter)
    assert not order_restated("Before that he can go back to unrestricted duties.", letter)
    guide = "Hypophosphataemia is common; check phosphate if a repeat infusion is planned or if bone pain develops."
    assert same_instruction("so phosphate should be checked before a repeat dose or if bone pain appears.", guide)
    assert not same_instruction("so phosphate should not be checked before a repeat dose.", guide)
    assert instruction("No more than one tablet should be taken in any 24-hour period,") is None


def test_a_group_s_count_with_its_share_in_brackets() -> None:
    sentence = "Atrial fibrillation or flutter was found in 24 athletes (8.5%) and 6 controls (3.3%) (adjusted OR 2.6)."
    assert [(f.value, f.group) for f in group_figures(sentence)] == [(8.5, "athletes"), (3.3, "controls")]
    wrong = unit_comparison("Atrial fibrillation or flutter was less common in the athletes.")
    right = unit_comparison("Atrial fibrillation or flutter was more common in the athletes.")
    assert wrong is not None and right is not None
    assert reverses(wrong, sentence, None) and not reverses(right, sentence, None)
