"""``claim`` units end to end: an LLM (scripted) extracts claims; every claim is verified as its own text (seed 003
§4.2-4.5), alignment only locates it in the answer, and every claim counts in the response score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from fakes import RuleVerifier
from llm.fake_client import ScriptedClient
from medhal.cli.render import render_result
from medhal.detect import CheckItem, CheckResult, DecomposedDetector, NLIClauseDetector
from medhal.detect.claims import ClaimExtractor
from medhal.detect.records import SCHEMA_VERSION
from medhal.detect.scoring import fed_score
from medhal.llm import GenerationResult
from medhal.report.html_viewer import render_check_html, result_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text()
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]

# decontextualized, standalone claims as the seed's A.3 prompt asks for; the Ortiz claim is rewritten so far that no
# span of the answer reaches the 0.75 fuzzy similarity, and it is contradicted by s3 of the evidence
SUPPORTED = "The city council approved a $4.2 million plan to extend the light-rail line"
ORTIZ = "Mayor Lena Ortiz opposed the city council's $4.2 million light-rail expansion plan"


def claims_answer(prompt: str) -> str | GenerationResult:
    if "Mayor Ortiz" in prompt:
        return (
            "1. The council approved a $4.2 million plan to extend the light-rail line.\n"
            "2. Mayor Ortiz opposed the expansion.\n"
            "3. The new stations will feature underground parking.\n"
            "4. The mayor is named Hsu."
        )
    return GenerationResult(id="x", status="api_error", reason="server said 500", attempts=3)


def scripted(*claims: str) -> ClaimExtractor:
    return ClaimExtractor(ScriptedClient(lambda _: "\n".join(f"{i + 1}. {c}." for i, c in enumerate(claims))))


def test_decomposed_with_claim_units_reproduces_appendix_b() -> None:
    client = ScriptedClient(claims_answer)
    detector = DecomposedDetector(RuleVerifier(RULES), units="claim", extractor=ClaimExtractor(client))
    ok, failed = detector.detect_many([CheckItem(EVIDENCE, RESPONSE), CheckItem(EVIDENCE, "Something else.")])
    assert ok.status == "ok"
    assert [u.kind for u in ok.units] == ["claim"] * 4  # the unaligned fourth claim is verified too
    assert [u.text for u in ok.units[:3]] == [
        "The council approved a $4.2 million plan to extend the light-rail line",
        "Mayor Ortiz opposed the expansion",
        "The new stations will feature underground parking",
    ]
    assert [u.verdict for u in ok.units[:3]] == ["supported", "contradicted", "unsupported"]
    for u in ok.units[:3]:  # copied verbatim: the claim is its own answer span
        assert u.start is not None and RESPONSE[u.start : u.end] == u.span_text == u.text
    hsu = ok.units[3]
    assert (hsu.text, hsu.start, hsu.end, hsu.span_text) == ("The mayor is named Hsu", None, None, None)
    assert ok.claims is not None and ok.claims["unaligned"] == ["The mayor is named Hsu"]
    assert ok.flagged
    # a failed extraction is an api_error record, never dropped and never a hallucination verdict
    assert failed.status == "api_error" and failed.units == () and "500" in (failed.reason or "")
    assert client.calls >= 1


def test_the_seed_example_claims_give_fed_1() -> None:
    """Appendix B: c2 contradicted, c3 unsupported -> FED = 1 - 0 = 1.0 >= 0.5, flagged."""
    claims = (
        "The council approved a $4.2 million plan to extend the light-rail line",
        "Mayor Ortiz opposed the expansion",
        "The new stations will feature underground parking",
    )
    detector = DecomposedDetector(RuleVerifier(RULES), units="claim", extractor=scripted(*claims), aggregation="seed")
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE))
    assert [u.text for u in result.units] == list(claims)
    assert result.units[1].score <= 0 and result.score == 1.0 and result.flagged


def test_an_unalignable_contradicted_claim_is_verified_and_flags_the_answer() -> None:
    """Issue 16 item 1: a decontextualized claim the aligner cannot place was dropped (FED from the other claims
    only, not flagged); seed 003 verifies every claim, so it is contradicted and FED is 1.0."""
    verifier = RuleVerifier(RULES)
    extractor = scripted(SUPPORTED, ORTIZ)
    detector = DecomposedDetector(verifier, units="claim", extractor=extractor, aggregation="seed")
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE))
    extraction = extractor.extract(RESPONSE)
    assert extraction.unaligned == (ORTIZ,)

    # no extracted claim is left out of verification: the verifier saw exactly the claims, as written
    assert {h for batch in verifier.calls for _, h in batch} == {SUPPORTED, ORTIZ}
    assert sorted(u.text for u in result.units) == sorted(c.text for c in extraction.claims)
    supported, ortiz = result.units
    assert supported.text == SUPPORTED  # the claim, not the answer's words
    assert supported.span_text == RESPONSE[0:71].rstrip(".") and supported.start == 0
    assert supported.alignment is not None and supported.alignment["method"] == "fuzzy"
    assert (ortiz.text, ortiz.start, ortiz.end, ortiz.span_text) == (ORTIZ, None, None, None)
    assert ortiz.alignment is not None and ortiz.alignment["claim"] == 1
    assert "not found in the answer" in ortiz.alignment["reason"]
    assert ortiz.verdict == "contradicted" and ortiz.score <= 0
    assert ortiz.contradicting is not None and "Mayor Lena Ortiz said" in ortiz.contradicting.text

    # ... nor out of FED: seed 003 eq. 2 over every claim, a score <= 0 makes it 1.0
    assert result.score == fed_score([u.score for u in result.units]) == 1.0 and result.flagged
    alone = DecomposedDetector(RuleVerifier(RULES), units="claim", extractor=scripted(SUPPORTED), aggregation="seed")
    without = alone.detect(CheckItem(EVIDENCE, RESPONSE))
    assert without.score is not None and without.score < 0.5 and not without.flagged  # the flag is Ortiz's


def test_the_aligned_rule_and_nli_clause_count_every_claim_too() -> None:
    item = CheckItem(EVIDENCE, RESPONSE)
    aligned = DecomposedDetector(RuleVerifier(RULES), units="claim", extractor=scripted(SUPPORTED, ORTIZ))
    result = aligned.detect(item)
    assert [u.text for u in result.units] == [SUPPORTED, ORTIZ]
    ortiz = result.units[1]
    assert ortiz.cues is not None
    # the Ortiz claim, though found nowhere in the answer, counts: the stance cue contradicts it (the mayor speaks for
    # the expansion in s3), so it scores at least the threshold and flags the answer
    assert (
        ortiz.verdict == "contradicted"
        and ortiz.cues["denied"] is not None
        and "Mayor Lena Ortiz" in ortiz.cues["denied"]
    )
    t = aligned.threshold
    assert result.score == pytest.approx(max(ortiz.suspicion, t + (1.0 - t) * ortiz.p_contradict)) and result.flagged
    nli = NLIClauseDetector(RuleVerifier(RULES), units="claim", extractor=scripted(SUPPORTED, ORTIZ))
    clause = nli.detect(item)
    assert [u.text for u in clause.units] == [SUPPORTED, ORTIZ] and clause.units[1].start is None
    assert clause.score == max(u.score for u in clause.units) == clause.units[1].score and clause.flagged


def test_nli_clause_accepts_claim_units() -> None:
    detector = NLIClauseDetector(
        RuleVerifier(RULES), units="claim", extractor=ClaimExtractor(ScriptedClient(claims_answer))
    )
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.status == "ok" and len(result.units) == 4 and result.units[3].start is None


def test_an_extraction_that_aligns_nothing_is_still_checked() -> None:
    detector = DecomposedDetector(RuleVerifier(RULES), units="claim", extractor=scripted(ORTIZ), aggregation="seed")
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.status == "ok" and [u.text for u in result.units] == [ORTIZ] and result.flagged


def _ortiz_result() -> CheckResult:
    detector = DecomposedDetector(
        RuleVerifier(RULES), units="claim", extractor=scripted(SUPPORTED, ORTIZ), aggregation="seed"
    )
    return detector.detect(CheckItem(EVIDENCE, RESPONSE, id="transit"))


def test_the_record_carries_the_claim_its_span_and_the_reason() -> None:
    result = _ortiz_result()
    record = json.loads(json.dumps(result.to_dict(timings=False)))
    assert record["schema_version"] == SCHEMA_VERSION == "1.3"
    first, ortiz = record["units"]
    assert first["text"] == SUPPORTED and RESPONSE[first["start"] : first["end"]] == first["span_text"]
    assert first["alignment"]["method"] == "fuzzy" and first["alignment"]["reason"] is None
    assert ortiz["text"] == ORTIZ and ortiz["start"] is None and ortiz["end"] is None and ortiz["span_text"] is None
    assert ortiz["verdict"] == "contradicted" and "not found in the answer" in ortiz["alignment"]["reason"]
    assert record["claims"]["unaligned"] == [ORTIZ]
    assert result_from_dict(record) == result.__class__(**{**_fields(result), "timings": {}})
    # clause units keep their 1.2 shape: no claim-only fields
    clause = DecomposedDetector(RuleVerifier(RULES)).detect(CheckItem(EVIDENCE, RESPONSE)).to_dict()
    assert all("span_text" not in u and "alignment" not in u for u in clause["units"])


def _fields(result: CheckResult) -> dict[str, object]:
    return {name: getattr(result, name) for name in result.__dataclass_fields__}


def test_the_terminal_table_shows_an_unaligned_claim() -> None:
    console = Console(record=True, width=200, color_system=None)
    render_result(console, _ortiz_result(), RESPONSE)
    text = console.export_text()
    assert "[no span]" in text and "Mayor Lena Ortiz opposed" in text and "CONTRADICTED" in text
    assert "not found in the answer" in text and "1 claim(s) could not be aligned" in text
    assert "answer: The council approved a $4.2 million plan" in text  # the span a rewritten claim sits on
    assert "contradicts it (P(C) " in text  # the evidence column says what the window is to the unit


def test_the_html_viewer_lists_an_unaligned_claim() -> None:
    result = _ortiz_result()
    page = render_check_html([result], [CheckItem(EVIDENCE, RESPONSE, id="transit")])
    assert 'class="unaligned-units"' in page
    unaligned = page.split('class="unaligned-units"', 1)[1].split("</ul>", 1)[0]
    assert 'data-unit="1"' in unaligned and 'data-aligned="false"' in unaligned
    assert 'data-verdict="contradicted"' in unaligned and "Mayor Lena Ortiz opposed" in unaligned
    assert "not found in the answer" in unaligned
    answer = page.split('<div class="answer"', 1)[1].split("</div>", 1)[0]
    assert 'data-unit="0" data-verdict="supported" data-start="0" data-end="70"' in answer
    assert "The units do not slice back" not in page
    # rebuilt from the JSON record alone (no item), the claim is still shown
    again = render_check_html([result_from_dict(result.to_dict())])
    assert 'data-aligned="false"' in again and "Mayor Lena Ortiz opposed" in again
