from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from fakes import RuleVerifier
from medhal.cli.inputs import UsageError
from medhal.cli.main import main
from medhal.cli.serve import is_loopback, serve_command


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
    serve_command(
        host="0.0.0.0",
        port=9123,
        max_batch=4,
        batch_wait_ms=1.5,
        max_body_bytes=1000,
        units="sentence",
        insecure=True,
        body_timeout=7.5,
        limit_concurrency=40,
    )
    kwargs = seen["kwargs"]
    assert kwargs["host"] == "0.0.0.0" and kwargs["port"] == 9123
    assert kwargs["limit_concurrency"] == 40 and kwargs["http"].head_timeout_s == 7.5
    assert kwargs["h11_max_incomplete_event_size"] == 16 * 1024 and kwargs["timeout_keep_alive"] == 5
    config = seen["app"].state.service.config
    assert (config.max_batch, config.batch_wait_ms, config.units, config.token) == (4, 1.5, "sentence", None)
    assert config.body_timeout_s == 7.5
    assert "without a token" in capsys.readouterr().err

    monkeypatch.setenv("MEDHAL_SERVE_TOKEN", "t")
    serve_command(allow_detector=["nli-clause"], max_evidence_chars=5000, max_response_chars=300)
    config = seen["app"].state.service.config
    assert config.token == "t" and config.detectors == ("decomposed", "nli-clause")
    assert (config.max_evidence_chars, config.max_response_chars, config.max_question_chars) == (5000, 300, 300)
    assert seen["kwargs"]["host"] == "127.0.0.1" and seen["kwargs"]["limit_concurrency"] == 256
    assert seen["kwargs"]["http"].head_timeout_s == 30.0 and config.body_timeout_s == 30.0

    serve_command(host="0.0.0.0")  # a token: no --insecure needed
    assert seen["kwargs"]["host"] == "0.0.0.0" and "warning" not in capsys.readouterr().err


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.7", "example.org", ""])
def test_refuses_to_bind_beyond_loopback_without_a_token(
    host: str, verifier: RuleVerifier, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    ran: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: ran.append(app))
    assert main(["serve", "--host", host]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("medhal: error: refusing to serve on")
    assert "MEDHAL_SERVE_TOKEN" in err and "--insecure" in err
    assert ran == [] and verifier.calls == []
    assert main(["serve", "--host", host, "--insecure"]) == 0
    assert len(ran) == 1 and "without a token" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        *[("127.0.0.1", True), ("127.8.0.1", True), ("localhost", True), ("::1", True), ("[::1]", True)],
        *[("0.0.0.0", False), ("::", False), ("10.0.0.1", False), ("myhost", False), ("", False)],
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_serve_passes_threads_and_device_to_the_verifier(monkeypatch: pytest.MonkeyPatch) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    import medhal.checker
    from fakes import RuleVerifier
    from medhal.verify import LoadedVerifier

    seen: dict[str, Any] = {}

    def fake_open(spec: str | None = None, **options: Any) -> LoadedVerifier:
        seen.update(options)
        return LoadedVerifier(RuleVerifier())

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_open)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    monkeypatch.setenv("MEDHAL_SERVE_TOKEN", "t")
    serve_command(threads=1, device="CPU")
    assert seen["threads"] == 1 and seen["device"] == "cpu"
