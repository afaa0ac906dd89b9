from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from fakes import RuleVerifier
from medhal.cli.inputs import UsageError
from medhal.cli.serve import serve_command


def test_missing_extra_is_one_line_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a))
    with pytest.raises(UsageError, match=r"pip install 'medhal\[serve\]'") as info:
        serve_command()
    assert "\n" not in str(info.value)


def test_serve_builds_the_app_and_runs_uvicorn(
    verifier: RuleVerifier, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        seen["app"], seen["kwargs"] = app, kwargs

    monkeypatch.setattr(uvicorn, "run", fake_run)
    serve_command(host="0.0.0.0", port=9123, max_batch=4, batch_wait_ms=1.5, max_body_bytes=1000, units="sentence")
    assert seen["kwargs"]["host"] == "0.0.0.0" and seen["kwargs"]["port"] == 9123
    config = seen["app"].state.service.config
    assert (config.max_batch, config.batch_wait_ms, config.units, config.token) == (4, 1.5, "sentence", None)
    assert "without a token" in capsys.readouterr().err

    monkeypatch.setenv("MEDHAL_SERVE_TOKEN", "t")
    serve_command(allow_detector=["nli-clause"])
    config = seen["app"].state.service.config
    assert config.token == "t" and config.detectors == ("decomposed", "nli-clause")
    assert seen["kwargs"]["host"] == "127.0.0.1"
