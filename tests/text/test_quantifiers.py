"""Quantifier words read as shares against the evidence's percentages (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.quantifiers import quantified_shares, share_conflicts, shares_stated

APPENDIX = "In the antibiotics group, 29% of participants had undergone appendectomy by 90 days; 41% if appendicolith."
NYHA = "Most patients (71%) were in New York Heart Association class II."


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Most patients recovered, and almost all were discharged.", ["Most", "almost all"]),
        ("The vast majority of children and a minority of adults", ["The vast majority", "a minority"]),
        ("only a few patients, very few children, hardly any adults", ["only a few", "very few", "hardly any"]),
        # superlatives, bounds, time spans and "most" before an adjective or adverb are no share
        ("the most common event; at most two; a few days; most likely; most often; mostly mild", []),
    ],
)
def test_quantified_shares_read_the_words(text: str, words: list[str]) -> None:
    assert [s.quantity.text for s in quantified_shares(text)] == words


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Most patients given antibiotics had their appendix removed within 90 days.", APPENDIX),
        ("Only a few patients were in NYHA class II.", NYHA),
        ("Almost all patients were in NYHA class II.", "Patients (52%) were in class II; 48% in class III."),
        ("A minority of patients were in class II.", "Of all patients, 66% were in class II."),
    ],
)
def test_a_share_in_words_every_percentage_excludes_conflicts(unit: str, sentence: str) -> None:
    ((words, figure),) = share_conflicts(unit, sentence)
    assert words.text.lower() in unit.lower() and figure.text in sentence


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Most patients were in NYHA class II.", NYHA),
        ("Almost all participants were still using the sensor.", "Nearly all participants (94%) used the sensor."),
        # one figure fits the words: the cue stays silent whichever figure the words are about
        ("Most students found them useful.", "Only 4% of students missed a lecture, with 79% finding them useful."),
        # a share of those who did not: 30% missing is 70% present
        ("Documentation occurs for the majority.", "Documentation was missing in 30% of patients."),
        # figures of other people (no anchor shared) or no figure at all
        ("Most children recovered.", "Adults recovered in 12%."),
        ("Most patients recovered.", "Patients recovered quickly."),
        ("Most of them recovered.", "12% of patients recovered."),
        # 48% is not worth a contradiction of "most"
        ("Most patients recovered.", "48% of patients recovered."),
    ],
)
def test_silent_when_a_figure_fits_or_counts_the_others(unit: str, sentence: str) -> None:
    assert share_conflicts(unit, sentence) == []


def test_a_proportion_in_words_is_a_share_of_what_it_counts() -> None:
    sentence = (
        "FIT detected 48 of the 65 cancers (sensitivity 73.8%) and 179 of the 757 advanced precancerous lesions "
        "(sensitivity 23.8%)."
    )
    fired = share_conflicts("The test picked up about nine in ten colorectal cancers.", sentence)
    assert [(a.text, b.text) for a, b in fired] == [("nine in ten", "73.8%")]
    # the figure within half a step of the proportion, a bound, or a proportion of something else: nothing fires
    assert share_conflicts("The test picked up about three in four colorectal cancers.", sentence) == []
    assert share_conflicts("The test picked up fewer than one in four lesions.", sentence) == []
    assert share_conflicts("About nine in ten patients were women.", sentence) == []


def test_a_quantifier_against_the_evidence_s_opposite_quantifier_of_the_same_thing() -> None:
    sentence = "Peer support helped them cope; few had used the hospital's counselling service."
    fired = share_conflicts("Most of them used the hospital's counselling service.", sentence)
    assert [(a.text, b.text) for a, b in fired] == [("Most", "few")]
    assert share_conflicts("Most of the nurses had used the hospital's counselling service.", sentence)
    # the sentence's share counts other people
    assert share_conflicts("Most nurses used the service.", "Few doctors used the service.") == []
    # the same quantifier, or one said of something else, is no conflict
    assert share_conflicts("Few of them used the counselling service.", sentence) == []
    assert share_conflicts("Most of them relied on peer support.", sentence) == []


def test_a_share_of_a_named_group_is_read_against_that_group_s_figure() -> None:
    sentence = "41% of obese patients had troughs above 20 mg per litre, compared with 9% of normal-weight patients."
    fired = share_conflicts("About one in ten obese patients had troughs above 20 mg per litre.", sentence)
    assert [(a.text, b.text) for a, b in fired] == [("one in ten", "41%")]
    assert share_conflicts("About four in ten obese patients had troughs above 20 mg per litre.", sentence) == []
    assert share_conflicts("About one in ten normal-weight patients had high troughs.", sentence) == []


def test_a_share_in_words_is_stated_by_a_percentage_it_allows() -> None:
    unit = "About one in six of those children had appendicitis."
    assert shares_stated(unit, "In these children, the rate of appendicitis was 16%.")
    assert not shares_stated(unit, "Appendicitis was confirmed in 38%.")
    assert not shares_stated("Appendicitis was common.", "Appendicitis was confirmed in 38%.")


def test_a_share_the_sentence_says_in_the_same_words_is_not_contradicted_by_its_figures() -> None:
    sentence = "Events occurred in 5.0% and 6.5% of patients, with most events occurring during the first week."
    assert share_conflicts("Most events happened in the first week.", sentence) == []
    assert share_conflicts("Most patients had an event.", sentence) != []


def test_a_share_in_words_is_rivalled_by_another_only_when_said_of_the_same_thing() -> None:
    unit = "About one in eight patients with chest pain had a myocardial infarction."
    low_risk = "It identifies about a third of patients with chest pain as being at very low risk."
    assert share_conflicts(unit, low_risk) == []
    same = "About a third of patients with chest pain had a myocardial infarction."
    assert [b.text for _, b in share_conflicts(unit, same)] == ["third"]


def test_a_share_the_unit_gives_its_figure_is_read_as_that_figure() -> None:
    unit = "Most semaglutide users (86%) lost at least 5% of their weight."
    sentence = "Mean body weight change was -14.9% with semaglutide and -2.4% with placebo."
    assert share_conflicts(unit, sentence) == []
    assert share_conflicts("Most semaglutide users lost at least 5% of their weight.", sentence) != []


def test_a_share_that_gives_its_own_proportion_in_brackets_is_read_as_that_figure() -> None:
    sentence = "21 patients (11%) were co-prescribed an ACE inhibitor; only 8 of these 21 had a level checked."
    assert share_conflicts("Most patients (about four in five) had a lithium level done,", sentence) == []
    assert share_conflicts("Most patients had a lithium level done,", "Levels were checked in 11% of patients.") != []
