from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from medhal.cli.main import main
from medhal.llm import (
    BalancedClient,
    Engine,
    GenerationRequest,
    HealthPolicy,
    LLMConfigError,
    OpenAIClient,
    ResponseCache,
    RetryPolicy,
    Timeouts,
    load_client,
)
from medhal.llm.balance import classify_failure, split_base_urls
from medhal.llm.retry import classify_exception, classify_status

from .replica_helpers import FakeReplica, ReplicaServer, closed_url

FAST = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05)


@pytest.fixture
def replicas() -> Iterator[tuple[ReplicaServer, ReplicaServer]]:
    with ReplicaServer(delay=0.01) as a, ReplicaServer(delay=0.01) as b:
        yield a, b


def balanced(urls: list[str], **options: object) -> BalancedClient:
    kwargs: dict[str, object] = {"retry": FAST, "timeouts": Timeouts(connect=1.0, read=2.0), "concurrency": 4}
    kwargs.update(options)
    client = load_client("openai/stub", base_url=",".join(urls), **kwargs)  # type: ignore[arg-type]
    assert isinstance(client, BalancedClient)
    return client


def prompts(count: int, tag: str = "q") -> list[GenerationRequest]:
    return [GenerationRequest(f"{tag}{i}", prompt=f"{tag} {i}") for i in range(count)]


# -- configuration ---------------------------------------------------------------------------------------------
def test_split_base_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    assert split_base_urls("http://a:1/v1/, http://b:2/v1 ,,") == ("http://a:1/v1", "http://b:2/v1")
    assert split_base_urls(None) == ()
    monkeypatch.setenv("MEDHAL_BASE_URL", "http://a:1/v1,http://b:2/v1")
    assert split_base_urls(None) == ("http://a:1/v1", "http://b:2/v1")
    assert split_base_urls("http://c:3/v1") == ("http://c:3/v1",)
    with pytest.raises(LLMConfigError, match="twice"):
        split_base_urls("http://a:1/v1,http://a:1/v1/")


def test_load_client_picks_balanced_for_several_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    one = load_client("openai/m", base_url="http://a:1/v1")
    assert isinstance(one, OpenAIClient)
    two = load_client("openai/m", base_url="http://a:1/v1,http://b:2/v1", concurrency=5, model_args={"top_k": 2})
    assert isinstance(two, BalancedClient)
    assert two.model_id == "openai/m" and two.concurrency == 5 and two.replica_concurrency == 3
    assert two.batch_size == 1 and two.urls == ("http://a:1/v1", "http://b:2/v1")
    doc = two.describe()
    assert doc["base_url"] == ["http://a:1/v1", "http://b:2/v1"] and doc["concurrency"] == 5
    assert doc["model"] == "m" and doc["extra_body"] == {"top_k": 2} and doc["retry"]["max_attempts"] == 5
    assert doc["balance"]["replicas"] == 2 and doc["balance"]["replica_concurrency"] == 3
    json.dumps(doc)  # config.json-ready
    monkeypatch.setenv("MEDHAL_BASE_URL", "http://a:1/v1,http://b:2/v1")
    from_env = load_client("openai/m", replica_concurrency=7)
    assert isinstance(from_env, BalancedClient) and from_env.replica_concurrency == 7
    with pytest.raises(LLMConfigError, match="base URL must be http"):
        load_client("openai/m", base_url="http://a:1/v1,ftp://b/v1")
    with pytest.raises(LLMConfigError, match="replica"):
        load_client("hf/tiny", replica_concurrency=2)


def test_endpoint_ignores_replica_order() -> None:
    a = load_client("openai/m", base_url="http://a:1/v1,http://b:2/v1", model_args={"top_k": 2})
    b = load_client("openai/m", base_url="http://b:2/v1,http://a:1/v1", model_args={"top_k": 2})
    c = load_client("openai/m", base_url="http://b:2/v1,http://a:1/v1")
    assert a.endpoint == b.endpoint != c.endpoint


def test_classify_failure_reads_the_reasons_retry_writes() -> None:
    assert classify_failure(classify_status(500, "boom").reason + " after 1 attempt") == "health"
    assert classify_failure(classify_status(503, "").reason) == "health"
    assert classify_failure(classify_status(429, "slow down").reason + " after 2 attempts") == "overload"
    assert classify_failure(classify_status(400, "bad").reason) == "fatal"
    assert classify_failure(classify_status(501, "no").reason) == "fatal"
    request = httpx.Request("POST", "http://x")
    assert classify_failure(classify_exception(httpx.ConnectError("refused", request=request)).reason) == "health"
    assert classify_failure(classify_exception(httpx.ReadTimeout("slow", request=request)).reason) == "health"
    assert classify_failure(classify_exception(httpx.RemoteProtocolError("eof", request=request)).reason) == "health"
    assert classify_failure("malformed JSON in response (JSONDecodeError) after 1 attempt") == "overload"
    assert classify_failure("response has no choices list after 1 attempt") == "fatal"


# -- routing over live servers -----------------------------------------------------------------------------------
def test_requests_spread_over_replicas(replicas: tuple[ReplicaServer, ReplicaServer]) -> None:
    a, b = replicas
    client = balanced([a.url, b.url], concurrency=4)
    results = Engine(client).generate(prompts(24))
    assert [r.status for r in results] == ["ok"] * 24
    assert results[5].text == "echo: q 5" and results[5].attempts == 1
    assert a.requests >= 6 and b.requests >= 6 and a.requests + b.requests == 24
    assert a.max_in_flight <= 2 and b.max_in_flight <= 2  # per-replica limit: 4 split over 2
    stats = {s.url: s for s in client.replica_stats()}
    assert stats[a.url].requests == a.requests and stats[a.url].ok == a.requests and stats[a.url].in_flight == 0
    assert not stats[b.url].down and stats[b.url].failures == 0


def test_ties_go_round_robin(replicas: tuple[ReplicaServer, ReplicaServer]) -> None:
    a, b = replicas
    client = balanced([a.url, b.url], concurrency=2)
    seen = []
    for request in prompts(4):
        Engine(client).generate([request])
        seen.append((a.requests, b.requests))
    assert seen == [(1, 0), (1, 1), (2, 1), (2, 2)]


@pytest.mark.parametrize("broken", ["closed", "500"])
def test_a_broken_replica_is_skipped_and_its_items_succeed(
    replicas: tuple[ReplicaServer, ReplicaServer], broken: str
) -> None:
    a, good = replicas
    if broken == "500":
        a.fail_with = 500
        bad_url = a.url
    else:
        bad_url = closed_url()
    client = balanced([bad_url, good.url], concurrency=4, health=HealthPolicy(cooloff_s=30.0, max_cooloff_s=60.0))
    results = Engine(client).generate(prompts(12))
    assert [r.status for r in results] == ["ok"] * 12, [r.reason for r in results]
    assert good.requests == 12
    bad = client.replica_stats()[0]
    assert bad.down and bad.cooloffs == 1 and bad.ok == 0
    assert 1 <= bad.failures <= 2  # the requests in flight when it failed; none after it went down
    assert sum(r.attempts for r in results) == 12 + bad.failures
    if broken == "500":
        assert a.requests == bad.failures


def test_overloaded_replica_is_not_put_in_cooloff(replicas: tuple[ReplicaServer, ReplicaServer]) -> None:
    a, b = replicas
    a.fail_with = 429
    client = balanced([a.url, b.url], concurrency=2)
    results = Engine(client).generate(prompts(6))
    assert all(r.ok for r in results)
    stats = client.replica_stats()
    assert stats[0].failures == a.requests >= 1 and stats[0].cooloffs == 0 and not stats[0].down


def test_a_request_error_is_not_retried_elsewhere(replicas: tuple[ReplicaServer, ReplicaServer]) -> None:
    a, b = replicas
    client = balanced([a.url, b.url])
    [result] = Engine(client).generate([GenerationRequest("x", prompt="bad [[always=400]]")])
    assert result.status == "api_error" and result.attempts == 1
    assert result.reason == "HTTP 400: stub failure after 1 attempt"
    assert a.requests + b.requests == 1 and not any(s.down for s in client.replica_stats())


def test_all_replicas_down_is_a_quick_api_error() -> None:
    client = balanced([closed_url(), closed_url()], concurrency=4)
    started = time.perf_counter()
    results = Engine(client).generate(prompts(6))
    assert time.perf_counter() - started < 5.0
    assert {r.status for r in results} == {"api_error"}
    budget = FAST.max_attempts + 1
    assert all(r.attempts == budget for r in results)
    reason = results[0].reason or ""
    assert reason.startswith("network error") and reason.endswith(f"after {budget} attempts across 2 replicas")


def test_cache_hits_do_not_depend_on_the_replica(replicas: tuple[ReplicaServer, ReplicaServer], tmp_path: Path) -> None:
    a, b = replicas
    with ResponseCache(tmp_path / "cache.sqlite") as cache:
        first = Engine(balanced([a.url, b.url]), cache=cache).generate(prompts(8))
        assert all(r.ok and not r.cached for r in first) and a.requests and b.requests
        a.reset()
        b.reset()
        again = Engine(balanced([b.url, a.url]), cache=cache).generate(prompts(8))
        assert all(r.cached for r in again) and [r.text for r in again] == [r.text for r in first]
        assert a.requests == b.requests == 0
        alone = Engine(balanced([a.url, b.url]), cache=cache).generate([GenerationRequest("n", prompt="new")])
        assert not alone[0].cached and a.requests + b.requests == 1


# -- health and threads, with in-process replicas ----------------------------------------------------------------
def test_cooloff_grows_and_a_replica_comes_back() -> None:
    now = [0.0]
    sick, well = FakeReplica("sick", reason="HTTP 503: down after 1 attempt"), FakeReplica("well")
    client = BalancedClient(
        [sick, well],
        concurrency=1,
        retry=FAST,
        health=HealthPolicy(cooloff_s=10.0, max_cooloff_s=25.0),
        clock=lambda: now[0],
    )

    def one(tag: str) -> str:
        [result] = Engine(client).generate([GenerationRequest(tag, prompt=tag)])
        assert result.ok
        return result.text

    assert one("a") == "well: a" and sick.calls == 1  # failed over at once
    assert one("b") == "well: b" and sick.calls == 1  # sick is cooling off
    now[0] = 10.5
    assert one("c") == "well: c" and sick.calls == 2  # probed again, failed: 20 s now
    now[0] = 30.0
    assert client.replica_stats()[0].down
    now[0] = 31.0
    sick.reason = None
    results = [one(t) for t in "defg"]
    assert sick.calls == 3 + 1  # back in rotation
    assert sum(r.startswith("sick") for r in results) == 2
    stats = client.replica_stats()[0]
    assert stats.cooloffs == 2 and stats.failures == 2 and stats.ok == 2 and not stats.down


def test_shared_by_threads_with_their_own_loops() -> None:
    fakes = [FakeReplica(name, delay=0.005) for name in ("r0", "r1", "r2")]
    client = BalancedClient(fakes, concurrency=3, retry=FAST)
    errors: list[BaseException] = []

    def worker(tag: str) -> None:
        try:
            results = asyncio.run(client.generate(prompts(20, tag)))
            assert [r.text.split(": ")[1] for r in results] == [f"{tag} {i}" for i in range(20)]
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(f"t{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert not errors, errors
    assert sum(f.calls for f in fakes) == 80 and all(f.calls >= 10 for f in fakes)
    assert all(f.max_in_flight == 1 for f in fakes)  # the per-replica limit held across threads
    assert all(s.in_flight == 0 for s in client.replica_stats())


# -- the CLI path --------------------------------------------------------------------------------------------------
def test_generate_command_over_two_replicas(replicas: tuple[ReplicaServer, ReplicaServer], tmp_path: Path) -> None:
    a, b = replicas
    source = tmp_path / "p.jsonl"
    source.write_text("".join(json.dumps({"id": i, "prompt": f"question {i}"}) + "\n" for i in range(6)))

    def run(urls: str, out: Path) -> int:
        return main(["generate", "-i", str(source), "-m", "openai/stub", "--base-url", urls, "-o", str(out), "-q"])

    assert run(f"{a.url},{b.url}", tmp_path / "r1") == 0
    rows = [json.loads(line) for line in (tmp_path / "r1" / "items.jsonl").read_text().splitlines()]
    assert sorted(r["output"] for r in rows) == [f"echo: question {i}" for i in range(6)]
    assert a.requests and b.requests and a.requests + b.requests == 6
    config = json.loads((tmp_path / "r1" / "config.json").read_text())
    assert config["client"]["base_url"] == [a.url, b.url]
    replicas_done = json.loads((tmp_path / "r1" / "metrics.json").read_text())["session"]["replicas"]
    assert sorted(r["ok"] for r in replicas_done) == sorted([a.requests, b.requests])
    a.reset()
    b.reset()
    assert run(f"{b.url}, {a.url}", tmp_path / "r2") == 0
    assert a.requests == b.requests == 0  # every answer from the cache
