from __future__ import annotations

import sqlite3
import time
from dataclasses import replace
from pathlib import Path

import pytest

from medhal.llm import (
    GenerationConfig,
    GenerationRequest,
    GenerationResult,
    Message,
    ResponseCache,
    default_cache_path,
    sample_key,
)

GREEDY = GenerationRequest("a", prompt="What is the dose?")


def ok(request: GenerationRequest, *texts: str) -> GenerationResult:
    return GenerationResult(request.id, "ok", texts=texts, attempts=1, finish_reasons=("stop",) * len(texts))


def test_key_depends_on_every_component() -> None:
    base = sample_key("openai/m", "http://h/v1", GREEDY, 0)
    assert sample_key("openai/m", "http://h/v1", GREEDY, 0) == base
    assert sample_key("openai/m", "http://h/v1", replace(GREEDY, id="other id"), 0) == base  # the id is not input
    variants = [
        sample_key("openai/other", "http://h/v1", GREEDY, 0),
        sample_key("openai/m", "http://other/v1", GREEDY, 0),
        sample_key("openai/m", "http://h/v1", replace(GREEDY, prompt="What is the dose"), 0),
        sample_key(
            "openai/m", "http://h/v1", GenerationRequest("a", messages=(Message("user", GREEDY.prompt or ""),)), 0
        ),
        sample_key("openai/m", "http://h/v1", replace(GREEDY, config=GenerationConfig(max_tokens=100)), 0),
        sample_key("openai/m", "http://h/v1", replace(GREEDY, config=GenerationConfig(stop=("\n",))), 0),
        sample_key("openai/m", "http://h/v1", replace(GREEDY, config=GenerationConfig(temperature=0.5, seed=1)), 0),
        sample_key("openai/m", "http://h/v1", GREEDY, 1),
    ]
    assert len({base, *variants}) == len(variants) + 1
    # n is not part of the key: sample i of an n=5 request is sample i of an n=2 request
    five = replace(GREEDY, config=GenerationConfig(n=5))
    assert sample_key("openai/m", "", five, 1) == sample_key(
        "openai/m", "", replace(GREEDY, config=GenerationConfig(n=2)), 1
    )


def test_store_and_lookup_greedy_and_seeded(tmp_path: Path) -> None:
    seeded = GenerationRequest("s", prompt="sample", config=GenerationConfig(temperature=0.8, seed=7, n=3))
    unseeded = GenerationRequest("u", prompt="sample", config=GenerationConfig(temperature=0.8))
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        assert cache.lookup("m", "", [GREEDY, seeded, unseeded]) == [None, None, None]
        written = cache.store("m", "", [(GREEDY, ok(GREEDY, "5 mg")), (seeded, ok(seeded, "x", "y", "z"))])
        assert written == 4
        assert cache.store("m", "", [(unseeded, ok(unseeded, "not kept"))]) == 0
        hits = cache.lookup("m", "", [replace(GREEDY, id="again"), seeded, unseeded])
    assert hits[0] is not None and hits[0].texts == ("5 mg",) and hits[0].cached and hits[0].id == "again"
    assert hits[0].attempts == 0 and hits[0].finish_reasons == ("stop",)
    assert hits[1] is not None and hits[1].texts == ("x", "y", "z")
    assert hits[2] is None
    with ResponseCache(tmp_path / "c.sqlite") as reopened:  # persisted
        fewer = replace(seeded, config=GenerationConfig(temperature=0.8, seed=7, n=2))
        more = replace(seeded, config=GenerationConfig(temperature=0.8, seed=7, n=4))
        found = reopened.lookup("m", "", [fewer, more])
    assert found[0] is not None and found[0].texts == ("x", "y")
    assert found[1] is None  # sample 3 was never generated


def test_failures_are_never_cached(tmp_path: Path) -> None:
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        failed = GenerationResult("a", "api_error", reason="HTTP 500", attempts=5)
        assert cache.store("m", "", [(GREEDY, failed)]) == 0
        assert cache.lookup("m", "", [GREEDY]) == [None]


def test_stats_clear_prune(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with ResponseCache(path) as cache:
        for i in range(5):
            request = GenerationRequest(str(i), prompt=f"p{i}")
            cache.store("model-a" if i < 3 else "model-b", "", [(request, ok(request, f"a{i}"))])
        cache.lookup("model-a", "", [GenerationRequest("0", prompt="p0"), GenerationRequest("9", prompt="p9")])
        stats = cache.stats()
        assert stats.rows == 5 and stats.models == {"model-a": 3, "model-b": 2}
        assert stats.hits == 1 and stats.misses == 1 and stats.bytes > 0 and stats.exists
        assert cache.clear("model-b") == 2
        assert cache.stats().models == {"model-a": 3}
        assert cache.prune(max_rows=1) == 2
        assert cache.stats().rows == 1
        assert cache.prune(older_than_s=3600) == 0
        time.sleep(0.02)
        assert cache.prune(older_than_s=0.01) == 1
        assert cache.clear() == 0


def test_wal_mode_and_default_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "c.sqlite"
    ResponseCache(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "env.sqlite"))
    assert default_cache_path() == tmp_path / "env.sqlite"
    monkeypatch.delenv("MEDHAL_LLM_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_path() == tmp_path / "xdg" / "medhal" / "llm.sqlite"
