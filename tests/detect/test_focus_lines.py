"""The line of a multi-sentence evidence window an audit trail points at first (``EvidencePointer.focus``)."""

from __future__ import annotations

import numpy as np
import pytest

from medhal.checker import Checker
from medhal.cli.render import _deciding
from medhal.detect import CheckItem, CheckResult, EvidencePointer, FocusLine
from medhal.detect._pointers import focus_line
from medhal.detect.chunking import window_of
from medhal.detect.pointer_record import pointer_from_dict
from medhal.report.html_viewer import render_check_html
from medhal.text import Span, split_sentences

LETTER = (
    "HEART FAILURE CLINIC - Outpatient letter\n\n"
    "Medication: Bisoprolol 5 mg OD; furosemide 40 mg OM.\n\n"
    "History: now walks ~800 m on the flat (was 300 m in 06/2026). No orthopnoea. Ankles less swollen.\n\n"
    "Investigations:\nEcho 20/11/2026: LVEF 38% (was 29% in 03/2026). Moderate MR, unchanged.\n"
    "Na 137, K 5.1 (4.6 prev), creat 128 umol/L (121 prev), eGFR 48.\n"
    "NT-proBNP 890 ng/L (previously 2,410).\n\n"
    "Impression: Good response to optimised therapy.\n\n"
    "Plan:\n1. Increase bisoprolol to 7.5 mg OD.\n2. Reduce furosemide to 20 mg OM.\n3. Review HF clinic 3/12.\n"
)


def test_the_best_aligned_sentence_of_the_window_is_the_focus() -> None:
    text = "Hb 128. K 5.1 (4.6 prev). Plan: review."
    sentences = [Span(0, 7, "Hb 128."), Span(8, 25, "K 5.1 (4.6 prev)."), Span(26, 39, "Plan: review.")]
    window = window_of(text, sentences, 0, 3, (1,))
    focus = focus_line(window, np.array([0.0, 0.6, 0.2]), sentences)
    assert focus == FocusLine(8, 25, "K 5.1 (4.6 prev).", 1)
    assert text[focus.start : focus.end] == focus.text
    # ties go to the first; a cue's deciding sentence inside the window wins over alignment
    assert focus_line(window, np.array([0.5, 0.5, 0.2]), sentences) == FocusLine(0, 7, "Hb 128.", 0)
    assert focus_line(window, np.array([0.0, 0.6, 0.2]), sentences, 2) == FocusLine(26, 39, "Plan: review.", 2)
    # a cue sentence outside the window is not its line: alignment decides
    inner = window_of(text, sentences, 0, 2, (1,))
    assert focus_line(inner, np.array([0.0, 0.6, 0.9]), sentences, 2) == FocusLine(8, 25, "K 5.1 (4.6 prev).", 1)
    # alignment outside the window never picks a line inside it
    assert focus_line(inner, np.array([0.0, 0.0, 0.9]), sentences) is None


def test_no_focus_for_one_sentence_or_nothing_shared() -> None:
    text = "Hb 128. K 5.1 (4.6 prev)."
    sentences = [Span(0, 7, "Hb 128."), Span(8, 25, "K 5.1 (4.6 prev).")]
    one = window_of(text, sentences, 1, 2, (2,))
    assert focus_line(one, np.array([0.0, 0.9]), sentences) is None
    both = window_of(text, sentences, 0, 2, (1,))
    assert focus_line(both, np.zeros(2), sentences) is None


def test_a_focus_is_written_only_when_present_and_reads_back() -> None:
    plain = EvidencePointer(0, 25, "Hb 128. K 5.1 (4.6 prev).", 0.7, (0, 2), 1)
    assert "focus" not in plain.to_dict()
    assert plain.shown == (0, 25, "Hb 128. K 5.1 (4.6 prev).")
    focused = EvidencePointer(
        0, 25, "Hb 128. K 5.1 (4.6 prev).", 0.7, (0, 2), 1, focus=FocusLine(8, 25, "K 5.1 (4.6 prev).", 1)
    )
    record = focused.to_dict()
    assert record["focus"] == {"start": 8, "end": 25, "text": "K 5.1 (4.6 prev).", "sentence": 1}
    assert pointer_from_dict(record) == focused
    assert focused.shown == (8, 25, "K 5.1 (4.6 prev).")


ANSWER = (
    "You can now walk about 800 metres on the flat. "
    "Your NT-proBNP, a heart strain blood test, has fallen to 890 from 2,410. "
    "Your furosemide will be reduced to 20 mg each morning."
)


@pytest.fixture(scope="module")
def letter_result() -> CheckResult:
    return Checker().check(LETTER, ANSWER)


def test_the_embedded_checker_points_a_clause_at_its_own_line(letter_result: CheckResult) -> None:
    by_text = {u.text: u for u in letter_result.units}
    nt = by_text["Your NT-proBNP, a heart strain blood test, has fallen to 890 from 2,410."]
    assert nt.verdict == "supported" and nt.entailing is not None
    start, end, text = nt.entailing.shown
    assert text == "NT-proBNP 890 ng/L (previously 2,410)." == LETTER[start:end]
    # every focus lies in its window, is one of its sentences and slices back to the evidence
    sentences = split_sentences(LETTER)
    for unit in letter_result.units:
        for pointer in (unit.entailing, unit.contradicting):
            if pointer is None or pointer.focus is None:
                continue
            focus = pointer.focus
            first, stop = pointer.sentences
            assert first <= focus.sentence < stop and stop - first > 1
            assert (sentences[focus.sentence].start, sentences[focus.sentence].end) == (focus.start, focus.end)
            assert LETTER[focus.start : focus.end] == focus.text
    # the record survives a round trip through its dict and row forms
    assert CheckResult.from_dict(letter_result.to_dict()) == letter_result
    assert CheckResult.from_row(letter_result.to_row()) == letter_result


def test_the_table_and_the_viewer_show_the_line_first(letter_result: CheckResult) -> None:
    nt = next(u for u in letter_result.units if "NT-proBNP" in u.text)
    assert nt.entailing is not None and nt.entailing.focus is not None
    cell = _deciding(nt)
    assert "NT-proBNP 890 ng/L (previously 2,410)." in cell and "-sentence window" in cell
    page = render_check_html([letter_result], [CheckItem(LETTER, ANSWER)])
    assert "Line to read first" in page and "NT-proBNP 890 ng/L (previously 2,410)." in page
