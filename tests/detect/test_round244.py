"""Faithful clauses of blind rounds 244-245 (session 36) that the cues flagged or contradicted when first read, each
beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.bounds import bound_value_conflicts
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.harmonize import harmonized
from medhal.text.instructions import reversed_instruction
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_vaccines_named_by_their_strains() -> None:
    """ "the 20-strain vaccine" for "PCV20": a vaccine's name, not a count the guideline never states."""
    guideline = "Give one dose of PCV20 (0.5 mL). Alternative: one dose of PCV15 followed by PPSV23 12 months later."
    assert [q.text for q in unstated_quantities("one injection of the 20-strain vaccine,", guideline)] == []
    assert [q.text for q in unstated_quantities("one injection of the 13-strain vaccine,", guideline)] == ["13"]
    assert [q.kind for q in quantities("the 15-strain vaccine then PPSV23")] == ["label:valent", "label:valent"]


def test_names_and_bounds_of_round_244() -> None:
    """ "the heart's QT measurement" for "QTc"; "COVID-19" for "SARS-CoV-2"; a bound the evidence states is never
    written as the figure after it ("above 450 ms" stays, not "470 ms")."""
    ecg = "Obtain an ECG; avoid haloperidol if QTc exceeds 450 ms in men or 470 ms in women."
    assert unstated_names("if the heart's QT measurement is above 450 ms", ecg) == ()
    assert unstated_names("if the heart's QRS width is above 450 ms", ecg) == ("QRS",)
    assert unstated_names("the tests for COVID-19 and RSV were negative.", "negative for SARS-CoV-2 and RSV") == ()
    assert harmonized("if the QT is above 450 ms in men or 470 ms in women.", ecg) == (
        "if the QT is above 450 ms in men or 470 ms in women."
    )


def test_causes_in_lay_words_of_round_244_and_245() -> None:
    leaflet = "Do not use for more than 7 days in a row. Longer use can cause rebound congestion."
    assert (
        unstated_cause(
            "because longer use can make the stuffiness come back worse.", alignment_tokens(leaflet), leaflet
        )
        is None
    )
    testing = "Stop fexofenadine 3 days before skin prick testing, as it can suppress the skin response."
    assert unstated_cause("because they can dampen the skin's reaction.", alignment_tokens(testing), testing) is None
    rinse = "Water straight from the tap must not be used, because of rare but serious amoebic infections."
    said = alignment_tokens(rinse)
    assert unstated_cause("because it can, rarely, carry a dangerous amoeba infection.", said, rinse) is None
    assert unstated_cause("because it can carry lead from old pipes.", said, rinse) is not None


def test_bounds_shares_and_instructions_of_round_245() -> None:
    """ "as many as half of users" for "up to half of patients"; "well over ten thousand patients" for "more than
    12,000"; an instruction given the same way elsewhere is not turned by one for other people."""
    safety = "Transient burning occurs in up to half of patients in the first week."
    assert [q.text for q in unstated_quantities("affecting as many as half of users,", safety)] == []
    registry = "A review of registry data covering more than 12,000 treated patients did not find a higher risk."
    unit = "Registry data from well over ten thousand patients did not show a higher risk,"
    assert bound_value_conflicts(unit, registry, registry) == []
    puffs = "Do not take more than 12 puffs in a day. - Sit up and take 1 puff every 1-3 minutes, up to 6 puffs."
    assert bound_value_conflicts("take one puff every few minutes up to twelve puffs,", puffs.split(". ")[1], puffs)
    guideline = [
        "Recommendation 2: Start treatment at least 12 weeks before the grass pollen season and continue daily.",
        "Recommendation 4: Do not start SLIT in people with severe or uncontrolled asthma.",
    ]
    unit = "People whose asthma is severe or poorly controlled should not start this treatment,"
    assert reversed_instruction(unit, guideline) is None
    leaflet = ["Take paracetamol 1 g four times a day.", "Do not take ibuprofen if you develop indigestion."]
    assert reversed_instruction("Keep taking the ibuprofen if you get indigestion.", leaflet) == 1


def test_a_blocked_nose_keeps_its_words() -> None:
    """ "a blocked nose" is nasal congestion (round 244's wrong "blocked nose was clearly better with fexofenadine" is
    denied by "Nasal congestion did not differ"), but keeps its own words for a leaflet's "as long as the nose is
    blocked" (round 202); "dampen" is "suppress", which an invented cause's "this dampens the inflammation" is not
    said of (round 216)."""
    assert {"nasal", "conge", "block", "nose"} <= alignment_tokens("eased a blocked nose a little")
    handbook = "Give dexamethasone with the first dose of antibiotic in suspected bacterial meningitis."
    cause = "because this dampens the inflammation that antibiotics trigger as bacteria die."
    assert unstated_cause(cause, alignment_tokens(handbook), handbook) is not None
