"""``claim`` units end to end: an LLM (scripted) extracts claims, they are aligned to spans and verified."""

from __future__ import annotations

from pathlib import Path

from fakes import RuleVerifier
from llm.fake_client import ScriptedClient
from medhal.detect import CheckItem, DecomposedDetector, NLIClauseDetector
from medhal.detect.claims import ClaimExtractor
from medhal.llm import GenerationResult

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text()
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]


def claims_answer(prompt: str) -> str | GenerationResult:
    if "Mayor Ortiz" in prompt:
        return (
            "1. The council approved a $4.2 million plan to extend the light-rail line.\n"
            "2. Mayor Ortiz opposed the expansion.\n"
            "3. The new stations will feature underground parking.\n"
            "4. The mayor is named Hsu."
        )
    return GenerationResult(id="x", status="api_error", reason="server said 500", attempts=3)


def test_decomposed_with_claim_units_reproduces_appendix_b() -> None:
    client = ScriptedClient(claims_answer)
    detector = DecomposedDetector(RuleVerifier(RULES), units="claim", extractor=ClaimExtractor(client))
    ok, failed = detector.detect_many([CheckItem(EVIDENCE, RESPONSE), CheckItem(EVIDENCE, "Something else.")])
    assert ok.status == "ok"
    assert [u.kind for u in ok.units] == ["claim"] * 3
    assert [u.verdict for u in ok.units] == ["supported", "contradicted", "unsupported"]
    for u in ok.units:
        assert RESPONSE[u.start : u.end] == u.text
    assert ok.claims is not None and ok.claims["unaligned"] == ["The mayor is named Hsu"]
    assert ok.flagged
    # a failed extraction is an api_error record, never dropped and never a hallucination verdict
    assert failed.status == "api_error" and failed.units == () and "500" in (failed.reason or "")
    assert client.calls >= 1


def test_nli_clause_accepts_claim_units() -> None:
    detector = NLIClauseDetector(
        RuleVerifier(RULES), units="claim", extractor=ClaimExtractor(ScriptedClient(claims_answer))
    )
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.status == "ok" and len(result.units) == 3
