from __future__ import annotations

import sys
from pathlib import Path

import pytest

from medhal.detect.claims import (
    CLAIM_PROMPT,
    ClaimExtractor,
    build_claim_prompt,
    claim_cap,
    postprocess_claims,
)
from medhal.llm import GenerationResult, OpenAIClient, ResponseCache, RetryPolicy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient
from stub_server import StubServer

RESPONSE = (
    "The council approved a $4.2 million plan to extend the light-rail line. Mayor Ortiz opposed the expansion. "
    "The new stations will feature underground parking."
)
EXTRACTED = """1. The council approved a $4.2 million plan to extend the light-rail line.
2. Mayor Ortiz opposed the expansion.
3. The new stations will feature underground parking.
"""


def test_prompt_is_the_seed_prompt_verbatim() -> None:
    prompt = build_claim_prompt("Fever resolved. Cough persists.")
    assert prompt == (
        "Extract the factual claims from the following answer. Each claim must be taken exactly as it is written in "
        "the answer, even if it appears implausible, incorrect, or contradictory. Do not use outside knowledge. Do "
        "not fix, rephrase, or interpret claims. Your task is to copy the claims into standalone sentences exactly "
        'as stated. List up to 8 claims. No explanations, no corrections. Answer: """Fever resolved. Cough persists."""'
        " Claims:"
    )
    assert "{max_claims}" in CLAIM_PROMPT and "{answer}" in CLAIM_PROMPT
    assert build_claim_prompt("Dose {x} mg.", max_claims=3).endswith(
        'up to 3 claims. No explanations, no corrections. Answer: """Dose {x} mg.""" Claims:'
    )


@pytest.mark.parametrize(
    ("response", "cap"),
    [("", 0), ("One sentence.", 4), ("One. Two.", 8), ("One. Two. Three.", 10), (RESPONSE + " Four. Five.", 10)],
)
def test_cap_is_min_10_4_n_sent(response: str, cap: int) -> None:
    assert claim_cap(response) == cap


def test_postprocessing_strips_enumeration_and_trailing_punctuation() -> None:
    raw = (
        "1. The council approved the plan.\n"
        "2) Mayor Ortiz opposed it;\n"
        "- The stations have parking!\n"
        "\n"
        "  • 5 patients died.\n"
        "(3) HbA1c was 7.2%.\n"
        "Claim 4: \u201cAspirin is safe.\u201d\n"
        "* 2.5 mg was given\n"
        "-- \n"
        "1. The council approved the plan.\n"
    )
    claims, dropped, duplicates = postprocess_claims(raw, 10)
    assert claims == [
        "The council approved the plan",
        "Mayor Ortiz opposed it",
        "The stations have parking",
        "5 patients died",
        "HbA1c was 7.2%",
        "Aspirin is safe",
        "2.5 mg was given",
    ]
    assert dropped == 0 and duplicates == 1
    capped, dropped, _ = postprocess_claims(raw, 3)
    assert capped == claims[:3] and dropped == 4


def test_extract_aligns_claims_to_spans() -> None:
    client = ScriptedClient(lambda prompt: EXTRACTED)
    result = ClaimExtractor(client).extract(RESPONSE)
    assert result.status == "ok" and result.max_claims == 10 and result.raw == EXTRACTED
    assert [s.text for s in result.spans] == [
        "The council approved a $4.2 million plan to extend the light-rail line",
        "Mayor Ortiz opposed the expansion",
        "The new stations will feature underground parking",
    ]
    for span in result.spans:
        assert RESPONSE[span.start : span.end] == span.text
    assert result.unaligned == () and all(c.method == "exact" for c in result.claims)
    request = client.seen[0]
    assert request.messages is not None and request.messages[0].text == build_claim_prompt(RESPONSE)
    assert request.config.temperature == 0.0 and request.config.max_tokens == 512


def test_paraphrases_align_fuzzily_and_inventions_are_reported() -> None:
    raw = (
        "- The stations will have underground parking\n- Mayor Ortiz opposed the expansion\n"
        "- The mayor is 54 years old\n"
    )
    result = ClaimExtractor(ScriptedClient(lambda _: raw)).extract(RESPONSE)
    assert result.status == "ok"
    assert result.unaligned == ("The mayor is 54 years old",)
    aligned = result.aligned
    assert [c.index for c in aligned] == [1, 0]  # reading order, extraction index kept
    assert aligned[1].method == "fuzzy" and aligned[1].score is not None and aligned[1].score < 1.0
    assert aligned[1].span is not None and aligned[1].span.text == "The new stations will feature underground parking"
    record = result.to_dict()
    assert record["unaligned"] == ["The mayor is 54 years old"] and record["claims"][2]["span"] is None
    assert record["claims"][2]["reason"].startswith("not found in the answer") and record["claims"][0]["reason"] is None
    # every claim is a unit, verified as its own text: aligned ones in reading order, then the unaligned one
    units = result.units
    assert [u.text for u in units] == [
        "Mayor Ortiz opposed the expansion",
        "The stations will have underground parking",
        "The mayor is 54 years old",
    ]
    assert units[1].span_text == "The new stations will feature underground parking"
    assert units[1].start is not None and RESPONSE[units[1].start : units[1].end] == units[1].span_text
    assert units[1].alignment == {"claim": 0, "method": "fuzzy", "score": aligned[1].score, "reason": None}
    assert (units[2].start, units[2].end, units[2].span_text) == (None, None, None)


def test_statuses() -> None:
    failing = ScriptedClient(
        lambda _: GenerationResult("x", "api_error", reason="HTTP 500 after 5 attempts", attempts=5)
    )
    down = ClaimExtractor(failing).extract(RESPONSE)
    assert down.status == "api_error" and down.reason == "HTTP 500 after 5 attempts" and down.attempts == 5
    blank = ClaimExtractor(ScriptedClient()).extract("   ")
    assert blank.status == "input_error" and blank.max_claims == 0
    empty = ClaimExtractor(ScriptedClient(lambda _: "\n- \n1.\n")).extract(RESPONSE)
    assert empty.status == "parse_failure" and empty.reason == "no claims in the model output"
    # a claim that cannot be aligned is still a claim: verified as extracted, never a parse failure (seed 003)
    invented = ClaimExtractor(ScriptedClient(lambda _: "Penicillin was discovered in 1928")).extract(RESPONSE)
    assert invented.status == "ok" and invented.unaligned == ("Penicillin was discovered in 1928",)
    (unit,) = invented.units
    assert unit.text == "Penicillin was discovered in 1928" and unit.start is None and unit.span_text is None
    assert unit.alignment is not None and "not found in the answer" in str(unit.alignment["reason"])


def test_extract_many_keeps_order_and_uses_the_cache(tmp_path: Path) -> None:
    responses = [RESPONSE, "", "Aspirin was given. The fever resolved."]

    def answer(prompt: str) -> str:
        return EXTRACTED if "council" in prompt else "Aspirin was given\nThe fever resolved"

    client = ScriptedClient(answer)
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        extractor = ClaimExtractor(client, cache=cache)
        first = extractor.extract_many(responses)
        again = extractor.extract_many(responses)
    assert [r.status for r in first] == ["ok", "input_error", "ok"]
    assert [s.text for s in first[2].spans] == ["Aspirin was given", "The fever resolved"]
    assert len(client.seen) == 2  # the second pass came from the cache
    assert [r.spans for r in again] == [r.spans for r in first] and again[0].cached


def test_over_http_with_the_stub() -> None:
    with StubServer() as stub:
        stub.reply_for = lambda prompt: EXTRACTED if "Claims:" in prompt else None
        client = OpenAIClient("extractor", base_url=stub.url, retry=RetryPolicy(max_attempts=2, base_delay=0.01))
        result = ClaimExtractor(client).extract(RESPONSE)
    assert result.status == "ok" and len(result.spans) == 3
    assert stub.paths == {"/v1/chat/completions": 1}
    assert stub.bodies[0]["messages"][0]["content"].startswith("Extract the factual claims")


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        ClaimExtractor(ScriptedClient(), min_similarity=0)
    from medhal.llm import GenerationConfig

    with pytest.raises(ValueError):
        ClaimExtractor(ScriptedClient(), config=GenerationConfig(n=2))
    completion = ScriptedClient(lambda _: EXTRACTED)
    ClaimExtractor(completion, chat=False).extract(RESPONSE)
    assert completion.seen[0].prompt == build_claim_prompt(RESPONSE)
