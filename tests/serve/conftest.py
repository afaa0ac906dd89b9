"""Fixtures of the service tests: the rule-driven fake verifier behind ``medhal.checker.open_verifier``.

FastAPI is imported only inside fixtures, so this file loads (and the test modules skip) without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import medhal.checker
from fakes import RuleVerifier
from medhal.verify import LoadedVerifier

RULES = [
    ("Mayor Lena Ortiz said the expansion", "opposed"),
    ("Lactic acidosis did not occur", "lactic acidosis in"),
]


@pytest.fixture
def verifier(monkeypatch: pytest.MonkeyPatch) -> RuleVerifier:
    """The one verifier every app of the test loads (so tests can read ``verifier.calls``)."""
    shared = RuleVerifier(RULES)

    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        assert spec is None, "the service must load only the verifier named at start-up"
        return LoadedVerifier(shared)

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)
    monkeypatch.delenv("MEDHAL_SERVE_TOKEN", raising=False)
    return shared


@pytest.fixture
def make_app(verifier: RuleVerifier) -> Callable[..., Any]:
    def make(**settings: Any) -> Any:
        from medhal.serve import create_app

        return create_app(**settings)

    return make


@pytest.fixture
def transit(examples: Any) -> dict[str, str]:
    return {
        "evidence": (examples / "transit_evidence.txt").read_text(encoding="utf-8"),
        "response": (examples / "transit_response.txt").read_text(encoding="utf-8"),
    }
