"""The one suite shape: the registry, ``config.json`` and reading run directories made before it."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest

from fakes import RuleVerifier
from medhal._version import __version__
from medhal.bench.checking import DetectorSet
from medhal.bench.localization.suite import LocalizationSpec
from medhal.bench.paired.suite import engine_run_dir
from medhal.bench.suite import (
    SUITES,
    DataFile,
    RunConfig,
    execute,
    get_suite,
    own_run_dir,
    read_run_info,
    update_run_options,
    write_run_config,
)
from medhal.data.medhal_loc import LocItem
from medhal.detect import NLIClauseDetector
from medhal.report.suites import REPORTS, write_report

EVIDENCE = "Holmium laser lithotripsy treated 208 ureteral stones. The success rate was high (92.7%)."
ITEM = LocItem(
    "x0",
    "entity_substitution",
    "q",
    EVIDENCE,
    "Holmium laser lithotripsy treated ureteral stones, with a high success rate.",
    "Holmium laser lithotripsy treated renal calculi, with a high success rate.",
    "renal calculi",
)


def test_every_suite_is_registered_once_and_has_a_report() -> None:
    assert set(REPORTS) == set(SUITES)
    for name in SUITES:
        suite = get_suite(name)
        assert suite.name == name
        for method in ("load", "config", "run", "score", "write"):
            assert callable(getattr(suite, method))
    with pytest.raises(KeyError, match="unknown suite"):
        get_suite("nope")


def test_config_json_has_the_same_keys_for_every_suite(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text("{}\n")
    config = RunConfig("verdicts", {"format": "x"}, [DataFile.of(data)], 3, "embedded@1")
    write_run_config(tmp_path, config)
    saved = json.loads((tmp_path / "config.json").read_text())
    assert list(saved) == [
        "schema_version",
        "suite",
        "metrics_version",
        "medhal_version",
        "versions",
        "verifier",
        "seed",
        "data",
        "options",
    ]
    assert saved["medhal_version"] == __version__ and saved["versions"]["medhal"] == __version__
    assert saved["data"] == [{"path": str(data), "sha256": hashlib.sha256(b"{}\n").hexdigest(), "role": "data"}]
    assert (saved["seed"], saved["verifier"], saved["options"]) == (3, "embedded@1", {"format": "x"})
    update_run_options(tmp_path, references={"built": 1})
    assert read_run_info(tmp_path) == {"format": "x", "references": {"built": 1}}


def test_run_dirs_made_before_config_json_are_still_read(tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    (old / "run.json").write_text(json.dumps({"suite": "stagewise", "model": "m"}))
    assert read_run_info(old) == {"suite": "stagewise", "model": "m"}
    assert own_run_dir(old, "stagewise") and not own_run_dir(old, "paired")
    assert read_run_info(tmp_path / "missing") is None


def test_an_old_paired_run_dir_keeps_its_engine_config(tmp_path: Path) -> None:
    """Before issue 17 ``bench paired`` ran the engine in the run directory itself: it still resumes there, and
    the suite's keys join the engine's ``config.json``."""
    old = tmp_path / "paired"
    old.mkdir()
    engine = {"schema_version": "1.0", "command": "paired", "paired": {"seed": 0}, "sessions": [{"resume": False}]}
    (old / "config.json").write_text(json.dumps(engine))
    assert own_run_dir(old, "paired") and engine_run_dir(old) == old
    write_run_config(old, RunConfig("paired", {"model": "m"}, seed=0))
    merged = json.loads((old / "config.json").read_text())
    assert merged["paired"] == {"seed": 0} and merged["sessions"] and merged["suite"] == "paired"
    assert engine_run_dir(old) == old and read_run_info(old) == {"model": "m"}
    fresh = tmp_path / "fresh"
    assert engine_run_dir(fresh) == fresh / "generation" / "paired"
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    assert not own_run_dir(other, "paired")


def test_execute_writes_config_metrics_and_items_and_the_report_renders(tmp_path: Path) -> None:
    spec = LocalizationSpec([ITEM], DetectorSet({"nli-clause": NLIClauseDetector(RuleVerifier())}), resamples=0)
    done = execute(get_suite("localization"), spec, tmp_path)
    assert {p.name for p in tmp_path.iterdir()} == {"config.json", "metrics.json", "items.jsonl", "checks"}
    metrics = json.loads((tmp_path / "metrics.json").read_text())
    assert metrics == json.loads(json.dumps(done.result.to_json()))
    assert done.config.suite == "localization" and done.config.options["detectors"] == ["nli-clause"]
    assert write_report(tmp_path, done.result, done.config) == tmp_path / "report.md"
    with pytest.raises(TypeError, match="VerdictsResult results, not LocalizationResult"):
        write_report(tmp_path, done.result, dataclasses.replace(done.config, suite="verdicts"))
