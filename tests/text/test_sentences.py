from __future__ import annotations

import time

import pytest

from medhal.text import check_spans, split_sentences

CASES: list[tuple[str, list[str]]] = [
    # single capital after a lowercase word ends the sentence; decimals do not
    (
        "Patients received 3.5 mg of drug A. Outcomes improved.",
        ["Patients received 3.5 mg of drug A.", "Outcomes improved."],
    ),
    # a period glued to the next capitalised word after a unit
    ("Hb was 9.2 g/dL.Creatinine was 1.1 mg/dL.", ["Hb was 9.2 g/dL.", "Creatinine was 1.1 mg/dL."]),
    # headings and lines
    ("Findings\nNo acute distress.\nBP 120/80 mmHg.", ["Findings", "No acute distress.", "BP 120/80 mmHg."]),
    (
        "Mean age was 54.3 yrs. (range 20-80). Most were men.",
        ["Mean age was 54.3 yrs. (range 20-80).", "Most were men."],
    ),
    # numbered lists: the marker is part of its item, never a sentence of its own
    ("1. Start metformin.\n2. Check HbA1c.", ["1. Start metformin.", "2. Check HbA1c."]),
    ("Plan: 1. Start metformin. 2. Check HbA1c.", ["Plan: 1. Start metformin.", "2. Check HbA1c."]),
    # dosing abbreviations end a sentence only before a capitalised word
    (
        "Give metformin 500 mg p.o. b.i.d. Recheck glucose in 2 weeks.",
        ["Give metformin 500 mg p.o. b.i.d.", "Recheck glucose in 2 weeks."],
    ),
    (
        "Heparin was given i.v. over 24 h. Bleeding did not occur.",
        ["Heparin was given i.v. over 24 h.", "Bleeding did not occur."],
    ),
    ("Take 1 tab q.d. with food.", ["Take 1 tab q.d. with food."]),
    # citation and figure abbreviations
    (
        "As reported by Smith et al. (2019), mortality fell. See Fig. 2 for details.",
        ["As reported by Smith et al. (2019), mortality fell.", "See Fig. 2 for details."],
    ),
    (
        "Tumours were larger (Tab. 3) and more frequent (Figs. 1-2). Survival was shorter.",
        ["Tumours were larger (Tab. 3) and more frequent (Figs. 1-2).", "Survival was shorter."],
    ),
    (
        "Adverse events, e.g. nausea, were rare. Most resolved, i.e. within 3 days.",
        ["Adverse events, e.g. nausea, were rare.", "Most resolved, i.e. within 3 days."],
    ),
    ("Drugs, e.g. Metformin, were continued.", ["Drugs, e.g. Metformin, were continued."]),
    (
        "Metformin vs. placebo reduced HbA1c by approx. 0.8%. The effect was sustained.",
        ["Metformin vs. placebo reduced HbA1c by approx. 0.8%.", "The effect was sustained."],
    ),
    (
        "Dr. Lee reviewed case No. 5 in Jan. 2020. The patient recovered.",
        ["Dr. Lee reviewed case No. 5 in Jan. 2020.", "The patient recovered."],
    ),
    (
        "He was admitted on Sept. 3 and discharged on Oct. 10. He remains well.",
        ["He was admitted on Sept. 3 and discharged on Oct. 10.", "He remains well."],
    ),
    # U.S.: ends a sentence before a capitalised stop word only
    (
        "The study was conducted in the U.S. The results may not generalise.",
        ["The study was conducted in the U.S.", "The results may not generalise."],
    ),
    (
        "The U.S. Food and Drug Administration approved the drug in 2019.",
        ["The U.S. Food and Drug Administration approved the drug in 2019."],
    ),
    # initials are not sentence ends
    (
        "J. Smith and A. B. Jones enrolled 40 patients. Follow-up was 12 months.",
        ["J. Smith and A. B. Jones enrolled 40 patients.", "Follow-up was 12 months."],
    ),
    (
        "Escherichia coli and S. aureus were isolated. Cultures were repeated.",
        ["Escherichia coli and S. aureus were isolated.", "Cultures were repeated."],
    ),
    (
        "Patients lacked vitamin D. Supplements were given. Type V. The rest were type IV.",
        ["Patients lacked vitamin D.", "Supplements were given.", "Type V.", "The rest were type IV."],
    ),
    ("J. D. Smith and P. V. Rao wrote the protocol.", ["J. D. Smith and P. V. Rao wrote the protocol."]),
    (
        "Serum levels were low in group B. The other groups were normal.",
        ["Serum levels were low in group B.", "The other groups were normal."],
    ),
    # p-values and decimals
    (
        "The difference was significant (p < 0.05). Adherence was high (p=.03).",
        ["The difference was significant (p < 0.05).", "Adherence was high (p=.03)."],
    ),
    (
        "The recommended dose is 1,000 mg. Higher doses (e.g. 2,000 mg) are not advised.",
        ["The recommended dose is 1,000 mg.", "Higher doses (e.g. 2,000 mg) are not advised."],
    ),
    (
        "Blood pressure was 140/90 mmHg. Heart rate was 88 bpm. Temperature was 37.2 °C.",
        ["Blood pressure was 140/90 mmHg.", "Heart rate was 88 bpm.", "Temperature was 37.2 °C."],
    ),
    (
        "The drug was approved in 2019. 45 patients were enrolled.",
        ["The drug was approved in 2019.", "45 patients were enrolled."],
    ),
    # question and exclamation marks, ellipsis
    (
        "Is the dose safe? Yes! Toxicity was not observed.",
        ["Is the dose safe?", "Yes!", "Toxicity was not observed."],
    ),
    (
        "Symptoms improved... However, fatigue persisted.",
        ["Symptoms improved...", "However, fatigue persisted."],
    ),
    (
        "The response was partial … and transient. No further therapy was given.",
        ["The response was partial … and transient.", "No further therapy was given."],
    ),
    # closing quotes and brackets stay with their sentence
    (
        'The nurse noted "pain 8/10." The physician ordered morphine.',
        ['The nurse noted "pain 8/10."', "The physician ordered morphine."],
    ),
    (
        "Renal function was normal (see Table 2.) Liver tests were raised.",
        ["Renal function was normal (see Table 2.)", "Liver tests were raised."],
    ),
    (
        "Patients were randomised (n = 120).Outcomes were assessed at 6 months.",
        ["Patients were randomised (n = 120).", "Outcomes were assessed at 6 months."],
    ),
    # bullets, headings, blank lines
    (
        "Assessment:\n- Community-acquired pneumonia\n- Sepsis\n\nPlan:\n* Ceftriaxone 1 g i.v. q.d.",
        ["Assessment:", "- Community-acquired pneumonia", "- Sepsis", "Plan:", "* Ceftriaxone 1 g i.v. q.d."],
    ),
    (
        "• Aspirin 81 mg daily\n• Atorvastatin 40 mg nightly",
        ["• Aspirin 81 mg daily", "• Atorvastatin 40 mg nightly"],
    ),
    (
        "HISTORY OF PRESENT ILLNESS:\nThe patient is a 67-year-old man. He presented with chest pain.",
        ["HISTORY OF PRESENT ILLNESS:", "The patient is a 67-year-old man.", "He presented with chest pain."],
    ),
    ("Findings: no acute distress.", ["Findings: no acute distress."]),
    ("## Assessment\nStable angina.", ["## Assessment", "Stable angina."]),
    ("Fever resolved\n\nfatigue persisted", ["Fever resolved", "fatigue persisted"]),
    # a hard-wrapped sentence continues on the next line
    (
        "The patient was started on\nmetformin 500 mg daily. Glucose improved.",
        ["The patient was started on\nmetformin 500 mg daily.", "Glucose improved."],
    ),
    # Windows line ends and tabs
    ("Cough.\r\nFever.\r\n\r\n\tDyspnoea.", ["Cough.", "Fever.", "Dyspnoea."]),
    # acronyms before a capitalised word or a number are sentence ends
    (
        "The drugs were compared in MS. Furthermore, cost was assessed.",
        ["The drugs were compared in MS.", "Furthermore, cost was assessed."],
    ),
    (
        "Levels were reported (grades IV and V). Study visits were monthly.",
        ["Levels were reported (grades IV and V).", "Study visits were monthly."],
    ),
    # full-width CJK terminators need no space
    ("患者は発熱した。咳もある。", ["患者は発熱した。", "咳もある。"]),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_medical_sentences(text: str, expected: list[str]) -> None:
    spans = split_sentences(text)
    assert [s.text for s in spans] == expected
    check_spans(text, spans)


def test_case_set_is_large_enough() -> None:
    assert len(CASES) >= 25


@pytest.mark.parametrize("text", ["", " ", "\n\n\t\r\n", "\u3000\u00a0"])
def test_blank_text_has_no_sentences(text: str) -> None:
    assert split_sentences(text) == []


def test_offsets_point_into_the_original_text() -> None:
    text = "  Fever rose.   Cough persisted.  "
    spans = split_sentences(text)
    assert [(s.start, s.end) for s in spans] == [(2, 13), (16, 32)]


def test_lowercase_after_question_mark_continues() -> None:
    assert [s.text for s in split_sentences("Is it safe? no, it is not.")] == ["Is it safe? no, it is not."]


def test_only_punctuation_is_one_sentence() -> None:
    assert [s.text for s in split_sentences("...")] == ["..."]
    assert [s.text for s in split_sentences("?! .")] == ["?!", "."]


def test_long_and_adversarial_inputs_run_in_linear_time() -> None:
    inputs = [
        "A. " * 20000,
        "e.g. " * 20000,
        "dL.Creatinine" * 5000,
        "x" * 100000,
        " ." * 20000,
        "\n" * 50000,
        "Patients received 3.5 mg of drug A. Outcomes improved.\n" * 2000,
    ]
    for text in inputs:
        t0 = time.perf_counter()
        spans = split_sentences(text)
        assert time.perf_counter() - t0 < 10.0
        check_spans(text, spans)


def test_milliseconds_end_a_sentence_where_the_title_ms_does_not() -> None:
    # our own discharge summary: "because his QTc was 486 ms. He did not need oxygen" was one unit
    assert [s.text for s in split_sentences("Not given (QTc was 486 ms). Then QTc was 486 ms. He left.")] == [
        "Not given (QTc was 486 ms).",
        "Then QTc was 486 ms.",
        "He left.",
    ]
    assert [s.text for s in split_sentences("Seen by Ms. Jones today.")] == ["Seen by Ms. Jones today."]
