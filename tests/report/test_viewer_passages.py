"""The HTML viewer with evidence given as passages (issue 19): one labelled block per passage, each deciding window
highlighted inside the passage its pointer names."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from fakes import RuleVerifier
from medhal.detect import CheckItem, CheckResult, create_detector
from medhal.report.html_viewer import deciding_pointer, render_check_html
from passage_items import EVIDENCE, PASSAGES, RESPONSE, RULES


def _payload(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="medhal-data">(.*?)</script>', page, re.S)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def _check(item: CheckItem) -> CheckResult:
    return create_detector("decomposed", RuleVerifier(RULES), units="sentence").detect(item)


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def test_each_passage_is_a_labelled_block_and_windows_sit_in_theirs() -> None:
    passages = [dict(p) for p in PASSAGES]
    passages[1]["text"] = "🚆 " + passages[1]["text"]  # an astral character: JavaScript offsets differ from Python's
    item = CheckItem(passages, RESPONSE, id="rag")
    result = _check(item)
    page = render_check_html([result], [item])
    (data,) = _payload(page)["items"]
    assert data["blocks"] == [p["text"] for p in passages]
    labels = re.findall(r'<p class="ev-passage" data-passage="([^"]+)"><strong>Passage \1</strong></p>', page)
    assert labels == ["council", "mayor", "budget"]
    for k, passage in enumerate(passages):
        assert f'<div class="ev-block" data-block="{k}" data-start=' in page
        assert f'data-passage="{passage["id"]}" data-passage-start="0" aria-label="passage {passage["id"]}"' in page
    assert data["windows"], "no deciding window was placed"
    for unit in result.units:
        deciding = deciding_pointer(unit)
        assert deciding is not None
        window = data["windows"][str(unit.index)]
        pointer = deciding[1]
        assert window["passage"] == pointer.passage == passages[window["block"]]["id"]
        text = data["blocks"][window["block"]]
        assert pointer.passage_start is not None
        assert window["s"] == _utf16(text[: pointer.passage_start])  # offsets inside the passage, in UTF-16
        assert text.encode("utf-16-le")[2 * window["s"] : 2 * window["e"]].decode("utf-16-le") == pointer.text
    assert data["windows"]["1"] == {**data["windows"]["1"], "kind": "contradicting", "block": 1, "passage": "mayor"}
    assert "contradicting window in passage mayor [" in page


def test_without_items_the_pointer_texts_are_grouped_by_passage() -> None:
    item = CheckItem(PASSAGES, RESPONSE)
    result = CheckResult.from_dict(json.loads(json.dumps(_check(item).to_dict())))
    page = render_check_html([result])
    (data,) = _payload(page)["items"]
    named = re.findall(r'<div class="ev-block" data-block="(\d+)"[^>]* data-passage="([^"]+)"', page)
    assert named and len(named) == len(data["blocks"])
    for block, passage in named:
        text = data["blocks"][int(block)]
        assert text in next(p["text"] for p in PASSAGES if p["id"] == passage)
    for window in data["windows"].values():
        assert named[window["block"]][1] == window["passage"]


def test_pointers_that_do_not_match_the_passages_fall_back_to_their_texts() -> None:
    item = CheckItem(PASSAGES, RESPONSE)
    result = _check(item)
    renamed = [{"id": p["id"] + "-other", "text": p["text"]} for p in PASSAGES]
    page = render_check_html([result], [CheckItem(renamed, RESPONSE)])
    assert "The evidence pointers do not match the given evidence" in page
    assert 'data-passage="mayor"' in page and 'data-passage="mayor-other"' not in page


def test_string_evidence_has_one_unlabelled_block() -> None:
    item = CheckItem(EVIDENCE, RESPONSE)
    page = render_check_html([replace(_check(item), timings={})], [item])
    (data,) = _payload(page)["items"]
    assert data["blocks"] == [EVIDENCE] and 'class="ev-passage"' not in page and "data-passage" not in page
    assert all("passage" not in w for w in data["windows"].values())
