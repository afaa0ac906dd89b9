"""Round 64 (24 texts written blind after round 63's rules: ambulance reports, pain-clinic letters, diabetic-foot
notes, trial information sheets, labour-ward notes, health-visitor reports, device safety notices and audiology
reports; read with round 63's rules, 1 faithful clause of 615 was contradicted and 9 of the 24 faithful answers
flagged): the faithful clauses' false cues mended at their cause, and a denied assertion read past a word of degree."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.cues import negation_cue, null_finding_cue
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_half_past_is_a_time_of_day_not_a_share() -> None:
    assert quantities("at around half past one") == []
    assert unstated_quantities("chest pain at around half past one", "Central chest pain, onset approx. 13:30.") == []
    assert [q.kind for q in quantities("About half relapsed.")] == ["percent"]


def test_short_dates_shown_day_first_by_each_other() -> None:
    notes = "R 3rd toe amputation 19/07. NPWT since 29/07. CRP 64 on 26/08."
    assert [q.text for q in quantities(notes) if q.kind == "label:date"] == ["19/07", "29/07", "26/08"]
    assert unstated_quantities("who had her right third toe amputated on 19 July", notes) == []
    assert [q.text for q in unstated_quantities("amputated on 17 July", notes)] == ["17 July"]
    # no day past the twelfth: the order of day and month is unknown, and "3/05" stays unread as a date
    assert [q.kind for q in quantities("Seen 3/05 and 4/06.") if q.kind == "label:date"] == []


def test_the_end_of_a_range_of_hours() -> None:
    leaflet = "call 0800 111 2233 (8 am-8 pm, 7 days a week)"
    assert unstated_quantities("which is open from 8 am to 8 pm every day;", leaflet) == []


def test_a_womb_not_contracting_is_uterine_atony() -> None:
    letter = "Shortly afterwards she had a primary PPH secondary to uterine atony."
    assert (
        unstated_cause("She bled because your womb was not contracting firmly enough.", alignment_tokens(letter))
        is None
    )


def test_what_a_test_looks_for_is_not_found() -> None:
    sentences = ["A: Neuropathic ulcer L 1st MTPJ without clinical signs of infection (IWGDF: uninfected)."]
    index = EvidenceIndex.of(sentences[0], sentences)
    assert null_finding_cue(index, "but an X-ray has been requested to rule out bone infection,") is None
    assert null_finding_cue(index, "and the ulcer shows signs of infection,") == 0


def test_a_denied_assertion_past_a_word_of_degree() -> None:
    sentences = [
        "- Early MMR from 6 months of age is recommended; this dose does not count towards the routine schedule."
    ]
    index = EvidenceIndex.of(sentences[0], sentences)
    assert negation_cue(index, "and this extra dose also counts towards their routine schedule.") == 0
    assert negation_cue(index, "and this extra dose does not count towards their routine schedule.") is None


def test_a_centile_range_written_with_ordinals() -> None:
    review = "Length 76.0 cm (50th-75th centile)."
    assert [q.number for q in quantities(review) if q.kind == "count"] == [50.0, 75.0]
    assert unstated_quantities("his length of 76 cm sat between the 50th and 75th centiles.", review) == []
