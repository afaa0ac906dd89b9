"""``LazyEngine``: the engine factory ``bench paired`` and ``bench medhalt`` hand their suites."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pytest

from medhal.cli._engine import LazyEngine
from medhal.llm import cache as cache_module
from medhal.llm.base import LLMConfigError, ModelClient
from medhal.llm.cache import ResponseCache

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient


class _Opened(ResponseCache):
    """A response cache that records every instance opened and closed."""

    opened: ClassVar[list[_Opened]] = []

    def __init__(self, path: str | Path | None = None) -> None:
        super().__init__(path)
        self.closes = 0
        _Opened.opened.append(self)

    def close(self) -> None:
        self.closes += 1
        super().close()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[_Opened]:
    monkeypatch.setattr(cache_module, "ResponseCache", _Opened)
    monkeypatch.setattr(_Opened, "opened", [])
    return _Opened.opened


def _counting_client() -> tuple[list[ModelClient], Callable[[], ModelClient]]:
    built: list[ModelClient] = []

    def client() -> ModelClient:
        built.append(ScriptedClient(model="fake/lazy"))
        return built[-1]

    return built, client


def test_nothing_is_built_or_opened_until_the_suite_asks(opened: list[_Opened], tmp_path: Path) -> None:
    built, client = _counting_client()
    engine = LazyEngine(client, cache=tmp_path / "llm.sqlite", no_cache=False, concurrency=3)
    engine.close()  # closing an engine never called is fine
    assert built == [] and opened == []
    assert not (tmp_path / "llm.sqlite").exists()


def test_a_call_builds_the_client_then_opens_the_cache_and_close_closes_it(
    opened: list[_Opened], tmp_path: Path
) -> None:
    built, client = _counting_client()
    lazy = LazyEngine(client, cache=tmp_path / "llm.sqlite", no_cache=False, concurrency=3)
    first = lazy()
    assert len(built) == 1 and len(opened) == 1
    described = first.describe()
    assert described["model"] == "fake/lazy"
    assert described["concurrency"] == 3
    assert described["cache"] == str(tmp_path / "llm.sqlite")
    second = lazy()  # a new client each call; the cache is opened once and shared
    assert len(built) == 2 and built[0] is not built[1]
    assert len(opened) == 1 and second.describe()["cache"] == str(tmp_path / "llm.sqlite")
    lazy.close()
    lazy.close()
    assert opened[0].closes == 1
    with pytest.raises(cache_module.CacheError, match="closed"):
        opened[0].get_many([b"key"])


def test_default_cache_file_and_client_concurrency(
    opened: list[_Opened], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "default.sqlite"))
    _, client = _counting_client()
    lazy = LazyEngine(client, cache=None, no_cache=False, concurrency=None)
    described = lazy().describe()
    lazy.close()
    assert described["cache"] == str(tmp_path / "default.sqlite")
    assert described["concurrency"] == 1  # the client's own (a ScriptedClient has no concurrency: 1)


def test_no_cache_opens_none(opened: list[_Opened], tmp_path: Path) -> None:
    built, client = _counting_client()
    lazy = LazyEngine(client, cache=tmp_path / "llm.sqlite", no_cache=True, concurrency=2)
    assert lazy().describe()["cache"] is None
    lazy.close()
    assert len(built) == 1 and opened == []
    assert not (tmp_path / "llm.sqlite").exists()


def test_a_client_that_fails_to_load_opens_no_cache(opened: list[_Opened], tmp_path: Path) -> None:
    def client() -> ModelClient:
        raise LLMConfigError("no such model")

    lazy = LazyEngine(client, cache=tmp_path / "llm.sqlite", no_cache=False, concurrency=None)
    with pytest.raises(LLMConfigError, match="no such model"):
        lazy()
    lazy.close()
    assert opened == []
