from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from medhal.bench.localization.spans import SpanItem, aggregate_spans
from medhal.detect import CheckItem
from medhal.detect.fava import (
    ERROR_TYPES,
    FAVA_PROMPT,
    FavaDetector,
    FavaSpan,
    build_fava_prompt,
    fava_original_text,
    parse_fava,
    parse_fava_output,
)
from medhal.detect.units import ConfigError
from medhal.llm import GenerationResult, OpenAIClient, RetryPolicy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient
from stub_server import StubServer

# FAVA README, "Fine Grained Sentence Detection": the annotated passage ends with a stray "}" the passage lacks.
MESSI = "Lionel Andrés Messi, also known as Leo Messi, is an American professional footballer who plays as a forward."
MESSI_TAGGED = (
    "Lionel Andrés Messi, also known as Leo Messi, is an <entity><delete>American</delete><mark>Argentine</mark>"
    "</entity> professional footballer who plays as a forward}"
)
EVIDENCE = "Lionel Messi is an Argentine soccer player."
ANY_TAG = re.compile(r"</?(?:delete|mark|" + "|".join(ERROR_TYPES) + r")>", re.IGNORECASE)


def _slices_back(original: str, spans: list[FavaSpan]) -> None:
    for span in spans:
        assert original[span.start : span.end] == span.text and span.text == span.text.strip() and span.text


# -- the parser ----------------------------------------------------------------------------------------------------


def test_readme_example_maps_through_the_diff() -> None:
    parsed = parse_fava(MESSI, MESSI_TAGGED)
    (span,) = parsed.spans
    assert (span.text, span.type, span.correction, span.source) == ("American", "entity", "Argentine", "delete")
    assert span.method == "diff" and MESSI[span.start : span.end] == "American"
    assert parsed.copy == MESSI[:-1] + "}" and parsed.well_formed
    assert parsed.reproduction == pytest.approx(90 / 91, abs=1e-6)  # 91 non-space characters, "}" unmatched
    assert parse_fava_output(MESSI, MESSI_TAGGED) == [span]
    assert span.verdict == "contradicted"


def test_training_format_quirks() -> None:
    original = "Messi is an American player. He has been the president of America. He won 8 awards."
    # correction first (FAVA's targets swap <mark>/<delete>), and <contradictory> closed by a second opening tag
    tagged = (
        "Messi is an <entity><mark>Argentine</mark><delete>American</delete></entity> player. "
        "<contradictory><delete>He has been the president of America.</delete><contradictory> "
        "He won <Entity><DELETE>8</DELETE><MARK>7</MARK></Entity> awards.</s>"
    )
    parsed = parse_fava(original, tagged)
    assert [(s.text, s.type, s.correction, s.method) for s in parsed.spans] == [
        ("American", "entity", "Argentine", "exact"),
        ("He has been the president of America.", "contradictory", None, "exact"),
        ("8", "entity", "7", "exact"),
    ]
    assert parsed.well_formed and parsed.elements == 3
    _slices_back(original, parse_fava_output(original, tagged))


def test_type_only_tags_flag_their_text_and_insertions_flag_nothing() -> None:
    original = "Aspirin lowers fever. It was discovered on Mars. It is cheap."
    tagged = (
        "Aspirin lowers fever. <invented>It was discovered on Mars.</invented> "
        "<unverifiable><mark>It is safe for infants.</mark></unverifiable>It is cheap."
    )
    parsed = parse_fava(original, tagged)
    (span,) = parsed.spans
    assert (span.text, span.type, span.source, span.verdict) == (
        "It was discovered on Mars.",
        "invented",
        "tag",
        "unsupported",
    )
    assert parsed.insertions == 1 and parsed.elements == 2 and parsed.flagged


def test_untyped_deletes_keep_their_adjacent_correction() -> None:
    original = "The drug was approved in 2019 for adults."
    parsed = parse_fava(original, "The drug was approved in <mark>2017</mark> <delete>2019</delete> for adults.")
    # FAVA's copy has an extra space where the correction was: mapped through the diff
    (span,) = parsed.spans
    assert (span.text, span.type, span.correction, span.method) == ("2019", None, "2017", "diff")


def test_malformed_and_literal_angle_brackets() -> None:
    original = "Give <5 mg if eGFR < 30 and a <b> dose otherwise."
    tagged = "Give <5 mg if eGFR < 30 and a <b> dose </relation>otherwise<delete>."
    parsed = parse_fava(original, tagged)
    assert not parsed.well_formed
    assert [s.text for s in parsed.spans] == ["."] and parsed.copy == original
    assert fava_original_text("a <mark>b</mark>c <delete>d</delete>") == "a c d"


def test_rewritten_text_is_aligned_or_reported() -> None:
    original = "Metformin is first-line for type 2 diabetes. It causes lactic acidosis often."
    tagged = (
        "Metformin is first line therapy for type 2 diabetes. It causes "
        "<relation><delete>lactic acidosis often</delete><mark>lactic acidosis rarely</mark></relation>. "
        "<invented>Insulin cures cancer.</invented>"
    )
    parsed = parse_fava(original, tagged)
    assert [s.text for s in parsed.spans] == ["lactic acidosis often"]
    assert parsed.unaligned == ("Insulin cures cancer.",) and parsed.flagged
    _slices_back(original, list(parsed.spans))


def test_no_tags_means_no_spans() -> None:
    parsed = parse_fava(MESSI, MESSI)
    assert parsed.spans == () and not parsed.flagged and parsed.reproduction == 1.0 and parsed.elements == 0


def test_adjacent_elements_and_duplicates() -> None:
    original = "Take 5 mg daily."
    adjacent = parse_fava(
        original, "Take <entity><delete>5</delete></entity><entity><delete> mg</delete></entity> daily."
    )
    assert [s.text for s in adjacent.spans] == ["5", "mg"] and adjacent.duplicates == 0
    # FAVA repeats a flagged "5" after the answer: the copy's extra text aligns onto the span already taken
    repeated = parse_fava(
        original, "Take <entity><delete>5</delete></entity> mg daily. <entity><delete>5</delete></entity>"
    )
    assert [(s.text, s.method) for s in repeated.spans] == [("5", "diff")] and repeated.duplicates == 1
    with pytest.raises(ValueError):
        parse_fava(original, original, min_similarity=0.0)


def _gold_index(row: dict[str, Any]) -> int:
    return int(row["hallucinated_text"].index(row["gold_span"]))


STYLES: dict[str, Callable[[str], str]] = {
    "delete-mark": lambda g: f"<entity><delete>{g}</delete><mark>CORRECTION</mark></entity>",
    "mark-delete": lambda g: f"<relation><mark>CORRECTION</mark><delete>{g}</delete></relation>",
    "contradictory-quirk": lambda g: f"<contradictory><delete>{g}</delete><contradictory>",
    "type-only": lambda g: f"<invented>{g}</invented>",
    "untyped": lambda g: f"<delete>{g}</delete><mark>CORRECTION</mark>",
}


def test_real_medhal_loc_answers_round_trip(shared_data: Path) -> None:
    """Every controlled dev answer, tagged at its gold span in each FAVA style (the tagging is synthetic; the
    answers and gold spans are MedHal-Loc's), parses back to exactly the gold span."""
    rows = [json.loads(line) for line in (shared_data / "medhal_loc" / "controlled_dev.jsonl").open(encoding="utf-8")]
    assert len(rows) == 100
    parsed_ok = 0
    for row in rows:
        text, gold = row["hallucinated_text"], row["gold_span"].strip()
        start = text.index(gold)
        for name, style in STYLES.items():
            tagged = text[:start] + style(gold) + text[start + len(gold) :]
            spans = parse_fava_output(text, tagged + "</s>")
            _slices_back(text, spans)
            assert [(s.start, s.text) for s in spans] == [(start, gold)], (row["id"], name)
            parsed_ok += 1
        # FAVA's copy differs from the answer (a dropped final period, collapsed double spaces): mapped by the diff
        sloppy = (text[:start] + STYLES["delete-mark"](gold) + text[start + len(gold) :]).rstrip(".").replace("  ", " ")
        spans = parse_fava_output(text, sloppy)
        assert [(s.start, s.text) for s in spans] == [(start, gold)], row["id"]
        parsed_ok += 1
    assert parsed_ok == 600


def test_published_fava_log_holds_aggregates_not_outputs(shared_data: Path) -> None:
    """The published FAVA log is a progress log with the Table 3 aggregates; it carries no raw FAVA outputs, so
    there is nothing in it to parse (0 tagged outputs)."""
    log = (shared_data / "medhal_loc" / "published_fava.log").read_text(encoding="utf-8", errors="replace")
    assert "FAVA localization on MedHal-Loc (n=295)" in log
    assert re.search(r"HIT \(a flagged span overlaps gold\): 55\.3%", log)
    assert ANY_TAG.findall(log) == []


# -- the detector --------------------------------------------------------------------------------------------------


def test_precomputed_outputs_need_no_model() -> None:
    detector = FavaDetector(outputs={"m": MESSI_TAGGED, "clean": MESSI})
    flagged, clean, missing = detector.detect_many(
        [CheckItem(EVIDENCE, MESSI, id="m"), CheckItem(EVIDENCE, MESSI, id="clean"), CheckItem(EVIDENCE, MESSI, id="x")]
    )
    assert flagged.status == "ok" and flagged.detector == "fava" and flagged.verifier_id is None
    (unit,) = flagged.units
    assert (unit.kind, unit.text, unit.score, unit.suspicion, unit.verdict) == (
        "span",
        "American",
        1.0,
        1.0,
        "contradicted",
    )
    assert MESSI[unit.start : unit.end] == "American" and unit.p_entail is None
    assert flagged.score == 1.0 and flagged.flagged is True
    record = flagged.config["fava"]
    assert record["source"] == "precomputed" and record["raw"] == MESSI_TAGGED
    assert record["spans"][0]["type"] == "entity" and record["spans"][0]["correction"] == "Argentine"
    assert clean.status == "ok" and clean.units == () and clean.score == 0.0 and clean.flagged is False
    assert missing.status == "input_error" and missing.reason == "no precomputed FAVA output for item 'x'"


def test_model_outputs_through_the_engine() -> None:
    client = ScriptedClient(lambda prompt: MESSI_TAGGED if "[Edited]" in prompt else "")
    detector = FavaDetector(client, max_evidence_chars=20)
    results = detector.detect_many([CheckItem(EVIDENCE, MESSI, id="a"), CheckItem(EVIDENCE, MESSI, id="b")])
    assert [r.status for r in results] == ["ok", "ok"] and len(client.seen) == 1  # identical prompts asked once
    request = client.seen[0]
    assert request.prompt == FAVA_PROMPT.format(evidence=EVIDENCE[:20], output=MESSI)
    assert request.prompt.startswith("Read the following references:\n") and request.prompt.endswith("[Edited] ")
    assert request.config.temperature == 0.0 and request.config.max_tokens == 1024
    assert results[1].config["fava"]["source"] == "model" and results[0].units[0].text == "American"


def test_statuses() -> None:
    def answer(prompt: str) -> str | GenerationResult:
        if "BROKEN" in prompt:
            return GenerationResult("x", "api_error", reason="HTTP 503 after 5 attempts", attempts=5)
        if "EMPTY" in prompt:
            return "  </s>"
        if "OTHER" in prompt:
            return "Completely unrelated text about the weather in Paris."
        return MESSI

    items = [
        CheckItem(EVIDENCE, "BROKEN " + MESSI),
        CheckItem(EVIDENCE, "EMPTY " + MESSI),
        CheckItem(EVIDENCE, "OTHER " + MESSI),
        CheckItem("", MESSI),
        CheckItem(EVIDENCE, MESSI),
    ]
    down, empty, other, bad, ok = FavaDetector(ScriptedClient(answer)).detect_many(items)
    assert down.status == "api_error" and down.reason == "FAVA call failed: HTTP 503 after 5 attempts"
    assert empty.status == "parse_failure"
    assert other.status == "parse_failure" and "matches only" in (other.reason or "")
    assert other.config["fava"]["raw"].startswith("Completely unrelated")
    assert bad.status == "input_error" and ok.status == "ok" and ok.units == ()


def test_chat_mode_and_prompt_builder() -> None:
    client = ScriptedClient(lambda _: MESSI)
    FavaDetector(client, chat=True).detect(CheckItem(EVIDENCE, MESSI))
    assert client.seen[0].messages is not None
    assert client.seen[0].messages[0].text == build_fava_prompt(EVIDENCE, MESSI)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_tokens": 0}, "max_tokens"),
        ({"max_evidence_chars": 0}, "max_evidence_chars"),
        ({"min_similarity": 1.5}, "min_similarity"),
        ({"min_reproduction": -0.5}, "min_reproduction"),
        ({"outputs": {"a": 3}}, "must be a string"),
        ({"concurrency": 0}, ">= 1"),
    ],
)
def test_options_are_validated(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        FavaDetector(ScriptedClient(), **options)


def test_a_source_is_required() -> None:
    with pytest.raises(ConfigError, match="fava-uw/fava-model"):
        FavaDetector()


def test_end_to_end_over_http_with_the_stub() -> None:
    with StubServer() as stub:
        stub.reply_for = lambda prompt: MESSI_TAGGED if prompt.endswith("[Edited] ") else None
        client = OpenAIClient("fava", base_url=stub.url, retry=RetryPolicy(max_attempts=1, base_delay=0.01))
        ok, down = FavaDetector(client).detect_many(
            [CheckItem(EVIDENCE, MESSI, id="ok"), CheckItem(EVIDENCE + " [[always=500]]", MESSI, id="down")]
        )
    assert ok.status == "ok" and [u.text for u in ok.units] == ["American"]
    assert down.status == "api_error" and down.units == ()
    assert stub.paths == {"/v1/completions": 2}
    assert all(body["temperature"] == 0.0 and body["max_tokens"] == 1024 for body in stub.bodies)


# ------------------------------------------------------------------- random-flag chance base (seed 000 Table 3)

# ``(n_flagged_tok, n_passage_tok)`` of the rows of the published ``benchmark/fava_results.json``
# (green-leo-1/MedHal-Loc, MIT) with ``n_flagged_tok > 0``, in file order.  The file has 295 rows; its log
# (shared ``published_fava.log``) prints "flagged anything: 85.4%" (252 rows) and
# "random-flag chance (~flag coverage of passage): 18.8%".
PUBLISHED_FAVA_FLAGGED_TOKENS = (
    "1/15 8/28 23/23 2/23 1/24 16/16 1/16 2/18 2/20 4/22 1/16 5/26 1/12 1/19 1/15 16/23 7/27 2/16 10/20 "
    "1/14 5/30 9/26 13/22 9/29 2/10 8/24 8/16 12/12 6/30 11/38 4/25 3/8 12/27 1/24 14/38 1/21 16/16 1/24 "
    "3/17 5/10 8/15 16/31 3/31 2/20 2/19 15/23 1/35 1/20 11/16 12/12 3/13 2/18 10/21 11/23 2/7 7/24 8/18 "
    "2/20 1/28 7/19 1/32 15/21 2/17 1/9 1/24 2/27 1/20 12/29 2/13 1/18 5/14 2/16 1/31 1/17 2/24 2/22 1/23 "
    "13/27 2/25 8/19 12/22 12/17 4/21 6/19 3/20 15/22 1/15 1/17 1/7 9/34 1/16 7/18 5/27 2/14 1/25 19/19 "
    "1/16 2/15 1/28 4/30 1/22 8/13 8/24 2/20 9/25 9/18 2/16 1/40 4/13 5/21 8/17 1/19 15/33 5/33 1/13 1/16 "
    "2/22 18/34 3/23 2/30 1/23 16/16 6/19 2/14 1/9 1/29 4/28 4/11 5/16 1/26 2/20 5/18 1/20 1/28 1/26 5/11 "
    "5/20 2/20 2/13 1/28 13/25 7/21 8/17 12/29 9/22 12/29 1/18 2/17 8/18 1/21 1/33 1/17 15/37 7/16 2/21 "
    "15/30 7/18 1/10 1/18 1/19 20/20 1/19 8/8 5/17 9/24 13/31 12/22 1/14 1/21 2/39 2/24 2/31 1/9 5/11 "
    "13/23 7/37 2/18 1/19 1/17 5/12 11/33 7/33 2/18 1/22 8/29 2/26 1/27 1/19 3/16 25/45 3/21 1/11 2/9 "
    "2/19 3/22 1/23 11/21 1/21 9/15 8/17 9/14 12/22 1/14 3/23 2/37 1/28 1/24 2/18 9/24 1/21 1/22 4/15 "
    "1/16 10/10 1/28 "
)
PUBLISHED_FAVA_ROWS = 295
PUBLISHED_FAVA_FLAGGED = 252  # round(0.854 * 295)
SHARED_LOC = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "medhal_loc"


def _published_span_items() -> list[SpanItem]:
    pairs = [tuple(int(x) for x in t.split("/")) for t in PUBLISHED_FAVA_FLAGGED_TOKENS.split()]
    items = [SpanItem(f"f{k}", "", 1, 1, 0, a, b) for k, (a, b) in enumerate(pairs)]
    zero_flagged = PUBLISHED_FAVA_FLAGGED - len(items)  # tagged, but no flagged content token
    items += [SpanItem(f"z{k}", "", 1, 0, 0, 0, 20) for k in range(zero_flagged)]
    items += [SpanItem(f"u{k}", "", 0, 0, 0, 0, 20) for k in range(PUBLISHED_FAVA_ROWS - len(items))]
    return items


def test_published_chance_is_the_mean_over_all_items() -> None:
    items = _published_span_items()
    assert len(items) == 295 and sum(i.flagged for i in items) == 252
    # independent computation, as fava_eval.py prints it: mean of min(1, flagged / max(passage, 1)) over all rows
    pairs = [tuple(int(x) for x in t.split("/")) for t in PUBLISHED_FAVA_FLAGGED_TOKENS.split()]
    published = sum(min(1.0, a / max(b, 1)) for a, b in pairs) / PUBLISHED_FAVA_ROWS
    assert round(100 * published, 1) == 18.8
    every = aggregate_spans(items)  # default chance="all"
    assert every.chance_base == "all" and every.chance == pytest.approx(published)
    flagged = aggregate_spans(items, chance="flagged")
    assert round(100 * flagged.chance, 1) == 22.0  # the flagged base does not give the log's 18.8%


@pytest.mark.skipif(not (SHARED_LOC / "published_peritem_dev.jsonl").is_file(), reason="needs ../shared/data")
def test_dev_chance_bases_on_the_published_records() -> None:
    rows = [json.loads(line) for line in (SHARED_LOC / "published_peritem_dev.jsonl").read_text().splitlines() if line]
    fava = [r["FAVA"] for r in rows]
    items = [
        SpanItem(
            str(r["id"]),
            str(r["target_type"]),
            f["flagged_any"],
            f["n_spans"],
            f["hit"],
            f["n_flagged_tok"],
            f["n_passage_tok"],
        )
        for r, f in zip(rows, fava, strict=True)
    ]
    cov = [min(1.0, f["n_flagged_tok"] / max(f["n_passage_tok"], 1)) for f in fava]
    assert aggregate_spans(items).chance == pytest.approx(sum(cov) / len(cov))
    assert round(100 * aggregate_spans(items).chance, 1) == 16.7
    flagged_cov = [c for c, f in zip(cov, fava, strict=True) if f["flagged_any"]]
    assert aggregate_spans(items, chance="flagged").chance == pytest.approx(sum(flagged_cov) / len(flagged_cov))
    assert round(100 * aggregate_spans(items, chance="flagged").chance, 1) == 19.9
