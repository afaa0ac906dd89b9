"""Faithful clauses of blind rounds 223-224 (session 34) that the cues flagged when first read, each beside the wrong
wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.effects import unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities
from medhal.text.signed_differences import signed_difference_conflict
from medhal.text.synonyms import alignment_tokens
from medhal.text.unnamed import unnamed_subject


def test_a_level_and_its_earlier_one_in_brackets_after_words_of_its_unit() -> None:
    """Round 223: 'the iron there has risen by around 60 percent' for 'liver iron concentration 9.8 mg Fe/g dry weight
    (previously 6.1)' (a 61% rise) was a figure the evidence never states."""
    text = "MRI liver iron concentration 9.8 mg Fe/g dry weight (previously 6.1)."
    letter = [*quantities(text), *implied_figures(text)]
    assert unstated_quantities("the iron there has risen by around 60 percent compared with before.", letter) == []
    assert unstated_quantities("the iron there has risen by around 90 percent compared with before.", letter)


def test_an_event_dated_back_from_another_is_no_difference_turned() -> None:
    """Round 223: 'he was brought to the emergency department roughly two hours later' was read as a difference
    turned round against 'attended at 18:40 after falling ... about 2 hours earlier'."""
    history = [
        "History: Oliver attended at 18:40 after falling onto his outstretched right hand about 2 hours earlier."
    ]
    assert (
        signed_difference_conflict("and he was brought to the emergency department two hours later.", history) is None
    )
    onset = ["Use on 4 or more nights was associated with a 24-minute later sleep onset (95% CI 17-31)."]
    assert signed_difference_conflict("Frequent users fell asleep about 24 minutes earlier", onset) == 0


def test_lay_causes_and_subjects() -> None:
    """Rounds 223-224: high blood sugar (raised blood glucose), a drop in white cells (agranulocytosis), bringing on
    withdrawal, protecting the kidneys no better, serious health problems in the mothers (maternal serious adverse
    events)."""
    hearing = "Insomnia (22% vs 11%) and raised blood glucose were more common with prednisolone."
    assert unstated_cause("because of high blood sugar.", alignment_tokens(hearing)) is None
    assert unstated_cause("because of low blood pressure.", alignment_tokens(hearing)) == "low blood pressure"
    carbimazole = "Carbimazole carries a risk of agranulocytosis; stop it and check a full blood count."
    cause = "because it carries a risk of a severe drop in infection-fighting white cells."
    assert unstated_cause(cause, alignment_tokens(carbimazole)) is None
    naltrexone = "Do not start naltrexone in people taking opioids, because it can precipitate withdrawal."
    assert unstated_cause("because it can bring on sudden withdrawal.", alignment_tokens(naltrexone)) is None
    assert unstated_cause("because it can bring on liver failure.", alignment_tokens(naltrexone))
    maternal = "Maternal serious adverse events were less frequent with azithromycin (1.5% vs 2.9%)."
    unit = "Serious health problems in the mothers were also less frequent with azithromycin,"
    assert unnamed_subject(unit, maternal, alignment_tokens(maternal)) is None
    unit = "Serious infections in the babies were also less frequent with azithromycin,"
    assert unnamed_subject(unit, maternal, alignment_tokens(maternal))


def test_rounds_225_226_advice_against_pointing_back_and_lay_words() -> None:
    """Rounds 225-226, read blind at the session's end: 'dabigatran and edoxaban are advised against' was denied by
    '... are not recommended'; 'halved this bowel illness' named an outcome the evidence never names; 'Breaks in the
    spine' and 'sudden urges' are vertebral fractures and urgency."""
    guideline = "4.3 Rivaroxaban, dabigatran and edoxaban are not recommended in dialysis patients (Grade 1C)."
    assert flips_negation("dabigatran and edoxaban are advised against,", guideline) is None
    assert flips_negation("dabigatran and edoxaban are advised,", guideline) == "advised"
    trial = "Necrotising enterocolitis occurred in 4% versus 9% (risk ratio 0.44)."
    unit = "The researchers conclude that routine use of the mixture halved this bowel illness,"
    assert unnamed_outcome(unit, trial, alignment_tokens(trial)) is None
    unit = "The researchers conclude that routine use of the mixture halved the hospital stay,"
    assert unnamed_outcome(unit, trial, alignment_tokens(trial)) == "the hospital stay"
    spine = "New vertebral fractures occurred in 3% versus 8%."
    assert (
        unnamed_subject("Breaks in the spine became less common with the drug,", spine, alignment_tokens(spine)) is None
    )
    bladder = "Adults with at least 1 urgency episode daily were randomised."
    assert unstated_cause("because of sudden urges at least once a day.", alignment_tokens(bladder)) is None
