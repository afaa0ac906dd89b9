"""Faithful clauses of blind rounds 234-235 (session 35) that the cues flagged or contradicted when first read, each
beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.intervals import intervals
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens, canonical_text


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_lay_words_and_names_of_rounds_234_and_235() -> None:
    """Thrush (candidiasis), upsetting the stomach (gastrointestinal side effects), a pocket of pus (an abscess), and
    aspirin measured as salicylate."""
    letter = (
        "History: She has her fifth episode of vulval itching and thick white discharge in the past 10 months. Each"
        " episode has responded only partly to clotrimazole. She has had diabetes for 2 years. Management: Recurrent"
        " vulvovaginal candidiasis."
    )
    tokens = alignment_tokens(letter)
    assert (
        unstated_cause("She was referred because she has had thrush five times in under a year,", tokens, letter)
        is None
    )
    assert unstated_cause("She was referred because she has had cystitis five times in under a year,", tokens, letter)
    trial = (
        "Conclusions: A single-tablet regimen improved completion, mainly through fewer gastrointestinal side effects."
    )
    said = alignment_tokens(trial)
    assert unstated_cause("It helps people finish, largely because it upsets the stomach less.", said, trial) is None
    assert unstated_cause("It helps people finish, largely because it is cheaper.", said, trial) is not None
    assert "an abscess" in canonical_text("Having a pocket of pus on the epiglottis")
    assert (
        unstated_names(
            "Tests found no paracetamol or aspirin in his blood,", "Paracetamol and salicylate not detected."
        )
        == ()
    )
    assert unstated_names("Tests found no ibuprofen in his blood,", "Paracetamol and salicylate not detected.")


def test_figures_of_rounds_234_and_235() -> None:
    """Five monthly shots are five shots, monthly; two infusion bags over 4 and then 16 hours last 20 hours."""
    assert [(i.text, round(i.days, 2)) for i in intervals("the cost of five monthly shots")] == [("monthly", 30.44)]
    drip = "Acetylcysteine was started at 02:40: 11.6 g over 4 hours, then 5.8 g over 16 hours."
    assert _unstated("The drip finished after 20 hours", drip) == []
    assert _unstated("The drip finished after 24 hours", drip) == ["24 hours"]
