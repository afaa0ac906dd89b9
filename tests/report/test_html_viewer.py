from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem, CheckResult, DecomposedDetector, EvidencePointer, UnitResult
from medhal.report.html_viewer import deciding_pointer, render_check_html, result_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]
XSS = "<script>alert(1)</script>"


class Page(HTMLParser):
    """Units (attributes and text), element ids, tags by class, and the JSON payload of a viewer page."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.units: list[tuple[dict[str, str | None], str]] = []
        self.ids: set[str] = set()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._unit: tuple[dict[str, str | None], list[str]] | None = None
        self._depth = 0
        self._script: tuple[dict[str, str | None], list[str]] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "script":
            self._script = (a, [])
        if self._unit is not None:
            self._depth += tag == "span"
        elif tag == "span" and "unit" in (a.get("class") or "").split():
            self._unit, self._depth = (a, []), 0

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script[0], "".join(self._script[1])))
            self._script = None
        if self._unit is not None and tag == "span":
            if self._depth == 0:
                self.units.append((self._unit[0], "".join(self._unit[1])))
                self._unit = None
            else:
                self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script[1].append(data)
        if self._unit is not None:
            self._unit[1].append(data)

    def with_class(self, name: str) -> list[dict[str, str | None]]:
        return [a for _, a in self.tags if name in (a.get("class") or "").split()]

    @property
    def payload(self) -> dict[str, Any]:
        (text,) = [body for a, body in self.scripts if a.get("type") == "application/json"]
        data: dict[str, Any] = json.loads(text)
        return data


def utf16_slice(text: str, start: int, end: int) -> str:
    raw = text.encode("utf-16-le")
    return raw[2 * start : 2 * end].decode("utf-16-le")


@pytest.fixture(scope="module")
def transit() -> tuple[CheckResult, CheckItem]:
    item = CheckItem(
        (EXAMPLES / "transit_evidence.txt").read_text(),
        (EXAMPLES / "transit_response.txt").read_text(),
        "What did the council decide?",
        "transit",
    )
    result = DecomposedDetector(RuleVerifier(RULES), units="sentence").detect(item)  # type: ignore[arg-type]
    assert result.status == "ok" and {u.verdict for u in result.units} >= {"contradicted", "supported"}
    return result, item


def pointer(evidence: str, start: int, end: int, probability: float = 0.9) -> EvidencePointer:
    return EvidencePointer(start, end, evidence[start:end], probability, (0, 1), 1)


def unit(
    response: str,
    index: int,
    start: int,
    end: int,
    verdict: str,
    entailing: EvidencePointer | None = None,
    contradicting: EvidencePointer | None = None,
) -> UnitResult:
    return UnitResult(
        index=index,
        text=response[start:end],
        start=start,
        end=end,
        kind="clause",
        verdict=verdict,  # type: ignore[arg-type]
        score=0.1,
        suspicion=0.5,
        p_entail=0.2,
        p_contradict=0.7,
        entailing=entailing,
        contradicting=contradicting,
    )


def result(units: tuple[UnitResult, ...], *, id: str | None = "x", flagged: bool = True) -> CheckResult:
    return CheckResult("decomposed", "rule:test", {}, "ok", id=id, score=0.8, flagged=flagged, units=units)


def test_units_carry_verdicts_and_slice_back(transit: tuple[CheckResult, CheckItem]) -> None:
    res, item = transit
    page = Page(render_check_html([res], [item], title="audit"))
    assert len(page.units) == len(res.units)
    by_index = {u.index: u for u in res.units}
    for attrs, text in page.units:
        u = by_index[int(str(attrs["data-unit"]))]
        assert attrs["data-verdict"] == u.verdict and attrs["tabindex"] == "0" and attrs["role"] == "button"
        start, end = int(str(attrs["data-start"])), int(str(attrs["data-end"]))
        assert (start, end) == (u.start, u.end) and text == item.response[start:end] == u.text
        assert u.verdict in str(attrs["aria-label"])
    assert {"summary", "medhal-data", "main", "item-0"} <= page.ids
    assert not page.with_class("item-link")  # a single result has no item list
    legend = page.with_class("unit-sample")
    assert [a["data-verdict"] for a in legend] == ["supported", "contradicted", "unsupported"]


def test_deciding_windows_highlight_the_evidence(transit: tuple[CheckResult, CheckItem]) -> None:
    res, item = transit
    page = Page(render_check_html([res], [item]))
    data = page.payload["items"][0]
    assert data["blocks"] == [item.evidence]
    blocks = page.with_class("ev-block")
    assert len(blocks) == 1 and blocks[0]["data-block"] == "0"
    for u in res.units:
        deciding = deciding_pointer(u)
        assert deciding is not None
        window = data["windows"][str(u.index)]
        assert window["kind"] == deciding[0] == ("contradicting" if u.verdict == "contradicted" else "entailing")
        assert utf16_slice(data["blocks"][window["block"]], window["s"], window["e"]) == deciding[1].text
        assert item.evidence[deciding[1].start : deciding[1].end] == deciding[1].text
    details = page.with_class("unit-detail")
    assert sorted(str(a["data-unit"]) for a in details) == sorted(str(u.index) for u in res.units)
    assert all("hidden" in a for a in details)
    contradicted = next(u for u in res.units if u.verdict == "contradicted")
    assert contradicted.contradicting is not None
    assert f"P(C) {contradicted.contradicting.probability:.3f}" in data["windows"][str(contradicted.index)]["label"]
    # each window says what it is to its unit: an unsupported unit's is the closest evidence, not its support
    for u in res.units:
        role = {"supported": "supports it", "contradicted": "contradicts it"}.get(u.verdict, "closest evidence")
        assert data["windows"][str(u.index)]["label"].startswith(role)


def test_everything_is_escaped() -> None:
    evidence = f'Safe start. {XSS} and </script><script>alert(2)</script> "><img src=x onerror=alert(3)> end.'
    response = f'Claim {XSS} here. Second "><img src=x onerror=alert(4)> claim.'
    split = response.index(" Second")
    units = (
        unit(response, 0, 0, split, "contradicted", contradicting=pointer(evidence, 12, 40)),
        unit(response, 1, split + 1, len(response), "supported", entailing=pointer(evidence, 40, len(evidence))),
    )
    item = CheckItem(evidence, response, question=XSS, id=XSS)
    for items in ([item], None):
        text = render_check_html([result(units, id=XSS)], items, title=XSS)
        assert XSS not in text and "alert(2)</script>" not in text and "<img" not in text
        assert text.count("<script") == 2 and text.count("</script>") == 2
        page = Page(text)
        assert [t for _, t in page.units] == [u.text for u in units]
        data = page.payload["items"][0]
        assert data["id"] == XSS
        assert any(XSS in block for block in data["blocks"])


def test_astral_characters_get_utf16_offsets() -> None:
    evidence = "🧪🧪 Aspirin 💊 lowered pain. Then 🧬 nothing."
    response = "Aspirin 💊 lowered pain."
    start = evidence.index(response)
    end = start + len(response)
    units = (unit(response, 0, 0, len(response), "supported", entailing=pointer(evidence, start, end)),)
    page = Page(render_check_html([result(units)], [CheckItem(evidence, response)]))
    window = page.payload["items"][0]["windows"]["0"]
    assert utf16_slice(evidence, window["s"], window["e"]) == evidence[start:end] == response
    assert window["s"] == start + 2  # two astral characters before it, each two UTF-16 code units


def test_results_only_fall_back_to_pointer_texts(transit: tuple[CheckResult, CheckItem]) -> None:
    res, item = transit
    page_text = render_check_html([res])
    page = Page(page_text)
    assert [t for _, t in page.units] == [u.text for u in sorted(res.units, key=lambda u: u.start)]
    data = page.payload["items"][0]
    assert data["blocks"] and all(block in item.evidence for block in data["blocks"])
    for u in res.units:
        deciding = deciding_pointer(u)
        assert deciding is not None
        window = data["windows"][str(u.index)]
        assert utf16_slice(data["blocks"][window["block"]], window["s"], window["e"]) == deciding[1].text
    assert "were not provided" in page_text
    assert page.with_class("ev-gap") or len(data["blocks"]) == 1


def test_mismatched_item_and_overlapping_units() -> None:
    evidence = "Alpha beta gamma. Delta epsilon."
    response = "Alpha beta. Gamma delta."
    units = (
        unit(response, 0, 0, 11, "supported", entailing=pointer(evidence, 0, 17)),
        unit(response, 1, 6, 11, "unsupported"),
        unit(response, 2, 12, 24, "contradicted", contradicting=pointer(evidence, 18, 32)),
    )
    page_text = render_check_html([result(units)], [CheckItem(evidence, response)])
    page = Page(page_text)
    assert len(page.units) == 3 and page.with_class("overflow-units")
    assert "No deciding evidence window" in page_text
    wrong = render_check_html([result(units)], [CheckItem("Other evidence.", "Other response text here.")])
    assert "do not slice back" in wrong and "do not match the given evidence" in wrong
    assert [t for _, t in Page(wrong).units] == [units[0].text, units[2].text, units[1].text]


def test_batch_list_filters_and_summary(transit: tuple[CheckResult, CheckItem]) -> None:
    res, item = transit
    error = CheckResult("decomposed", None, {}, "input_error", id="bad", reason="response is empty")
    clean = result((), id="clean", flagged=False)
    page = Page(render_check_html([res, error, clean], [item, None, None], title="batch"))
    links = page.with_class("item-link")
    assert [a["data-item"] for a in links] == ["0", "1", "2"] and [a["href"] for a in links] == [
        "#item-0",
        "#item-1",
        "#item-2",
    ]
    assert {"item-nav", "filter-flagged", "filter-verdict", "filter-count", "no-match"} <= page.ids
    options = [a["value"] for tag, a in page.tags if tag == "option"]
    assert options == ["any", "contradicted", "unsupported", "supported", "error"]
    sections = page.with_class("item")
    assert [(a["data-status"], a["data-flagged"]) for a in sections] == [
        ("ok", "true"),
        ("input_error", "none"),
        ("ok", "false"),
    ]
    assert "contradicted" in str(sections[0]["data-verdicts"])
    counts = {str(a["data-count"]) for _, a in page.tags if a.get("data-count")}
    assert counts == {"items", "ok", "flagged", "errors", "supported", "contradicted", "unsupported"}
    text = render_check_html([res, error, clean], [item, None, None])
    assert '<dd data-count="items">3</dd>' in text and '<dd data-count="errors">1</dd>' in text
    n_contradicted = sum(u.verdict == "contradicted" for u in res.units)
    assert f'<dd data-count="contradicted">{n_contradicted}</dd>' in text
    assert "response is empty" in text
    assert len(page.payload["items"]) == 3


def test_self_contained_with_matching_csp(transit: tuple[CheckResult, CheckItem]) -> None:
    res, item = transit
    text = render_check_html([res], [item])
    assert "http://" not in text and "https://" not in text and " src=" not in text and "@import" not in text
    style = re.search(r"<style>(.*?)</style>", text, re.S)
    script = re.search(r"<script>(.*?)</script>", text, re.S)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', text)
    assert style and script and csp
    for body in (style.group(1), script.group(1)):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in html.unescape(csp.group(1))
    assert "default-src 'none'" in html.unescape(csp.group(1))


def test_result_from_dict_round_trips(transit: tuple[CheckResult, CheckItem]) -> None:
    res, _ = transit
    assert result_from_dict(res.to_dict()) == res
    error = result_from_dict({"id": "e", "status": "input_error", "reason": "bad", "detector": "d", "line": 4})
    assert error.status == "input_error" and error.reason == "bad" and not error.units
    with pytest.raises(ValueError):
        result_from_dict({"status": "weird"})


def test_items_must_align_with_results(transit: tuple[CheckResult, CheckItem]) -> None:
    res, item = transit
    with pytest.raises(ValueError, match="item"):
        render_check_html([res], [item, item])
    assert "No results." in render_check_html([])


def test_the_viewer_and_the_terminal_table_show_the_cues_in_words() -> None:
    import io

    from rich.console import Console

    from fakes import RuleVerifier
    from medhal.cli.render import render_result
    from medhal.detect import CheckItem, DecomposedDetector
    from medhal.report.html_viewer import render_check_html

    evidence = "Women were assigned to aspirin 150 mg per day or placebo until 36 weeks of gestation."
    response = "Women took 0.15 g of aspirin per day until 36 weeks of gestation."
    result = DecomposedDetector(RuleVerifier(), units="sentence").detect(CheckItem(evidence, response))
    note = 'Read with the figures as the evidence writes them: "Women took 150 mg of aspirin per day'
    page = render_check_html([result], [CheckItem(evidence, response)])
    assert "Read with the figures as the evidence writes them: &quot;Women took 150 mg of aspirin" in page
    out = io.StringIO()
    render_result(Console(file=out, width=400), result, response)
    assert note in " ".join(out.getvalue().split())
