"""Fixtures for the LLM tests: a live stub server on 127.0.0.1 and an environment without keys or URLs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .stub_server import StubServer


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No base URL or API key leaks in from the machine; the default cache lives in the test's folder."""
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "default-cache.sqlite"))


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer() as server:
        yield server
