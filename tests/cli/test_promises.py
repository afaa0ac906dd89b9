"""The CLI keeps what its help promises (issue 15 item 8): every detector ``check --help`` lists runs, ``check``
and ``bench`` share one ``--detector NAME[:k=v...]`` parser, help texts show the defaults really used, an
unreachable ``hf:`` verifier fails fast, and ``bench --limit`` takes a stratified seeded sample."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
import medhal.llm
from fakes import RuleVerifier
from medhal.bench.sampling import stratified_sample
from medhal.checker import calibrated_options
from medhal.cli.main import main
from medhal.detect import ConfigError
from medhal.detect.registry import accepted_options, detector_names, detector_spec, parse_detector
from medhal.verify.calibration import Calibration, read_calibration
from medhal.verify.loader import EMBEDDED_DIR, LoadedVerifier

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = str(EXAMPLES / "transit_evidence.txt")
RESPONSE = str(EXAMPLES / "transit_response.txt")
SRC = Path(__file__).resolve().parents[2] / "src"
CALIBRATION = Calibration(
    entail_threshold=0.45,
    contradict_threshold=0.5,
    response_thresholds={"decomposed": 0.6946, "nli-clause": 0.31},
    detector_options={"decomposed": {"max_windows": 4}},
)

JUDGE = '{"verdict": "contradicted", "hallucination_score": 0.9, "reason": "The mayor backed the plan."}'


def _answer(prompt: str) -> str:
    """One scripted LLM for all three LLM-backed detectors (judge JSON, FAVA tags, a sampled answer)."""
    response = (EXAMPLES / "transit_response.txt").read_text().strip()
    if "[Edited]" in prompt:  # FAVA
        return response.replace("opposed", "<entity><mark>supported</mark><delete>opposed</delete></entity>")
    if "verdict" in prompt.lower():  # the judge
        return JUDGE
    return (EXAMPLES / "transit_evidence.txt").read_text()  # a selfcheck sample


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A calibrated fake verifier (like the embedded one: it ships a calibration) and a scripted LLM."""
    record: dict[str, Any] = {}

    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        verifier = RuleVerifier([("Mayor Lena Ortiz said the expansion", "opposed")])
        return LoadedVerifier(verifier, CALIBRATION)

    def fake_client(model: str, *, base_url: str | None = None, **_: Any) -> ScriptedClient:
        record["model"], record["base_url"] = model, base_url
        return ScriptedClient(_answer)

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)
    monkeypatch.setattr(medhal.llm, "load_client", fake_client)
    return record


def _check(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["check", "-e", EVIDENCE, "-r", RESPONSE, "-f", "json", "--no-timings", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _help(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "400")
    assert main([*args, "--help"]) == 0
    return " ".join(capsys.readouterr().out.replace("│", " ").split())


# -- every detector check lists runs ---------------------------------------------------------------------------

RUNS = {
    "decomposed": [],
    "nli-clause": [],
    "nli-response": [],
    "kg-triple": [],
    "random": [],
    "overlap": [],
    "embedding": ["--detector", "embedding:model=hashing"],
    "selfcheck-nli": ["--model", "fake/sampler", "--base-url", "http://llm.test/v1"],
    "llm-judge": ["--model", "fake/judge"],
    "fava": ["--model", "fake/fava"],
}


def test_help_lists_every_registered_detector_and_how_to_run_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _help(["check"], capsys, monkeypatch)
    assert set(RUNS) == set(detector_names())
    listed = re.search(r"Offline: (.*?); with --model: (.*?) \(", text)
    assert listed is not None, text
    offline = set(listed.group(1).split(", "))
    llm = set(listed.group(2).split(", "))
    assert offline | llm == set(detector_names()) and not offline & llm
    assert llm == {"llm-judge", "fava", "selfcheck-nli"}
    assert "--model" in text and "selfcheck-nli:source=evidence" in text


@pytest.mark.parametrize("name", sorted(RUNS))
def test_every_listed_detector_runs(name: str, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    args = RUNS[name] if "--detector" in RUNS[name] else ["--detector", name, *RUNS[name]]
    code, out, err = _check(args, capsys)
    assert code in (0, 1), err
    record = json.loads(out)
    assert record["status"] == "ok" and record["detector"] == name, record
    if "--model" in args:
        assert seen["model"] == args[args.index("--model") + 1]
    if name == "selfcheck-nli":
        assert seen["base_url"] == "http://llm.test/v1"
    if name in ("llm-judge", "fava"):
        assert record["flagged"] is True


def test_selfcheck_on_evidence_needs_no_model(seen: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _check(["--detector", "selfcheck-nli:source=evidence"], capsys)
    assert code in (0, 1), err
    record = json.loads(out)
    assert record["status"] == "ok" and record["config"]["source"] == "evidence" and "model" not in seen


@pytest.mark.parametrize("name", ["llm-judge", "fava", "selfcheck-nli"])
def test_llm_detectors_without_model_are_one_line_exit_2(
    name: str, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _check(["--detector", name], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"detector {name!r} needs an LLM: pass --model" in err


def test_model_for_a_detector_without_llm_is_refused(seen: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _check(["--detector", "random", "--model", "fake/x"], capsys)
    assert code == 2 and "--model applies to detectors that use an LLM" in err and "model" not in seen


def test_calibration_gives_rule_and_threshold_only_to_detectors_that_take_them() -> None:
    for name in detector_names():
        options = calibrated_options(name, {}, CALIBRATION)
        assert set(options) <= accepted_options(name), name
        assert ("rule" in options) == ("rule" in accepted_options(name)), name
    assert "rule" not in calibrated_options("random", {}, CALIBRATION)
    assert "rule" not in calibrated_options("fava", {}, CALIBRATION)
    assert calibrated_options("decomposed", {}, CALIBRATION)["threshold"] == 0.6946
    assert calibrated_options("decomposed", {"threshold": 0.2}, CALIBRATION)["threshold"] == 0.2
    assert "threshold" not in calibrated_options("kg-triple", {}, CALIBRATION)


def test_registry_knows_each_detectors_options() -> None:
    assert {"rule", "threshold", "units", "max_windows"} <= accepted_options("decomposed")
    assert "rule" not in accepted_options("random") and "units" in accepted_options("random")
    assert "rule" not in accepted_options("fava") and "threshold" not in accepted_options("fava")
    assert "model" in accepted_options("embedding") and "client" not in accepted_options("llm-judge")
    assert detector_spec("fava").needs_client({}) and not detector_spec("fava").needs_client({"outputs": {}})
    assert not detector_spec("selfcheck-nli").needs_client({"source": "evidence"})


# -- one --detector syntax -------------------------------------------------------------------------------------


def test_check_and_bench_share_the_detector_parser() -> None:
    import medhal.cli.bench
    import medhal.cli.check

    assert medhal.cli.bench.parse_detector is parse_detector is medhal.cli.check.parse_detector
    assert parse_detector("decomposed:max-windows=4:signals=0.5:units=sentence") == (
        "decomposed:max-windows=4:signals=0.5:units=sentence",
        "decomposed",
        {"max_windows": 4, "signals": 0.5, "units": "sentence"},
    )
    with pytest.raises(ConfigError, match="detector 'random' takes no option 'rule'"):
        parse_detector("random:rule=0.5")
    with pytest.raises(ConfigError, match="unknown detector"):
        parse_detector("nope:a=1")


def test_check_accepts_detector_options(seen: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _check(["--detector", "decomposed:max_windows=2:units=sentence"], capsys)
    assert code in (0, 1), err
    config = json.loads(out)["config"]
    assert config["max_windows"] == 2 and config["units"] == "sentence"
    code, out, err = _check(["--detector", "random:units=sentence:seed=7"], capsys)
    assert code in (0, 1), err
    assert json.loads(out)["config"] == {"units": "sentence", "seed": 7, "threshold": 0.5}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--detector", "random:rule=1"], "detector 'random' takes no option 'rule'"),
        (["--detector", "random", "--premise", "windows"], "--premise does not apply to detector 'random'"),
        (["--detector", "decomposed:units=sentence", "--units", "clause"], "both set units"),
        (["--detector", "nope"], "unknown detector 'nope'"),
    ],
)
def test_detector_option_errors_are_one_line_exit_2(
    args: list[str], message: str, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _check(args, capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


# -- help texts say what is used -------------------------------------------------------------------------------


def test_help_shows_the_defaults_used(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = _help(["check"], capsys, monkeypatch)
    assert "default 0.5)" not in text
    assert "html" in text.split("--format", 1)[1].split("--out", 1)[0]
    calibration = read_calibration(EMBEDDED_DIR)
    if calibration is not None:
        threshold = text.split("--threshold", 1)[1]
        for name, value in calibration.response_thresholds.items():
            assert f"{name} {value:.3g}" in threshold
        max_windows = calibration.detector_options.get("decomposed", {}).get("max_windows")
        if max_windows is not None:
            assert f"(embedded: {max_windows})" in text.split("--max-windows", 1)[1]


def test_default_check_still_uses_the_calibrated_threshold(
    seen: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _check([], capsys)
    assert code in (0, 1), err
    config = json.loads(out)["config"]
    assert config["threshold"] == 0.6946 and config["max_windows"] == 4 and config["units"] == "clause"


# -- hf: specs fail fast offline ---------------------------------------------------------------------------------

requires_hf = pytest.mark.skipif(
    importlib.util.find_spec("torch") is None or importlib.util.find_spec("transformers") is None,
    reason="needs torch and transformers",
)


@requires_hf
@pytest.mark.parametrize("offline", ["1", "0"])
def test_hf_hub_id_fails_fast_without_network(offline: str, tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "HF_HOME": str(tmp_path / "hf"),
        "HF_HUB_OFFLINE": offline,
        "HF_ENDPOINT": "http://127.0.0.1:9",  # nothing listens: the hub cannot be reached, whatever the network
        "PYTHONPATH": str(SRC),
    }
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "medhal", "check", "-e", EVIDENCE, "-r", RESPONSE, "--verifier", "hf:nonexistent"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    elapsed = time.monotonic() - start
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "'nonexistent'" in proc.stderr and "local model folder" in proc.stderr
    assert ("HF_HUB_OFFLINE=0" in proc.stderr) == (offline == "1")
    assert elapsed < 5, elapsed


# -- bench --limit: a stratified seeded sample -------------------------------------------------------------------


def _loc_items(path: Path, per_type: int = 6) -> Path:
    types = ["dosage", "negation", "entity", "number"]
    rows = []
    for kind in types:  # sorted by type, as MedHal-Loc is: the first N items are one type
        for i in range(per_type):
            rows.append(
                {
                    "id": f"{kind}-{i}",
                    "target_type": kind,
                    "question": "What did the council approve?",
                    "evidence": "The plan allocates $4.2 million to extend the eastern light-rail line.",
                    "clean_text": "The plan allocates $4.2 million to extend the light-rail line.",
                    "hallucinated_text": f"The plan allocates ${i + 5}.2 million to extend the light-rail line.",
                    "gold_span": f"${i + 5}.2 million",
                }
            )
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_stratified_sample_is_seeded_proportional_and_in_file_order() -> None:
    items = [("a", i) for i in range(12)] + [("b", i) for i in range(6)] + [("c", i) for i in range(2)]
    sample = stratified_sample(items, 10, stratum=lambda x: x[0], seed=0)
    assert sample.strata == {"a": 6, "b": 3, "c": 1} and sample.population == {"a": 12, "b": 6, "c": 2}
    assert Counter(x[0] for x in sample.items) == Counter(sample.strata) and len(sample.items) == 10
    assert sample.items == sorted(sample.items, key=items.index)
    assert stratified_sample(items, 10, stratum=lambda x: x[0], seed=0).items == sample.items
    assert stratified_sample(items, 10, stratum=lambda x: x[0], seed=1).items != sample.items
    assert set(Counter(x[0] for x in stratified_sample(items, 3, stratum=lambda x: x[0]).items)) == {"a", "b", "c"}
    pairs = [(k, i, half) for k, i in items for half in (0, 1)]
    grouped = stratified_sample(pairs, 4, stratum=lambda x: x[0], group=lambda x: (x[0], x[1]))
    assert len(grouped.items) == 8 and Counter((x[0], x[1]) for x in grouped.items).most_common(1)[0][1] == 2
    assert stratified_sample(items, None, stratum=lambda x: x[0]).items == items


def test_bench_limit_samples_every_type(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _loc_items(tmp_path / "loc.jsonl")
    runs = []
    for name, seed in (("a", "0"), ("b", "0"), ("c", "5")):
        out = tmp_path / name
        args = ["bench", "localization", "--data", str(data), "--out", str(out), "--detector", "random"]
        code = main([*args, "--limit", "8", "--seed", seed, "--resamples", "0"])
        assert code == 0, capsys.readouterr().err
        sample = json.loads((out / "config.json").read_text())["options"]["sample"]
        ids = [json.loads(line)["id"] for line in (out / "items.jsonl").read_text().splitlines()]
        runs.append((sample, ids))
    (first, ids), (again, ids_again), (other, _) = runs
    assert first["limit"] == 8 and first["seed"] == 0 and first["by"] == "error_type"
    assert first["strata"] == {"dosage": 2, "entity": 2, "negation": 2, "number": 2}
    assert len(first["ids"]) == 8 and {i.split("-")[0] for i in first["ids"]} == {
        "dosage",
        "negation",
        "entity",
        "number",
    }
    assert set(ids) <= set(first["ids"])
    assert first == again and ids == ids_again
    assert other["ids"] != first["ids"] and other["seed"] == 5
    text = _help(["bench", "localization"], capsys, monkeypatch)
    assert "stratified by type" in text and "--seed" in text
