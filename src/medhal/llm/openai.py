"""``openai/<model>``: any OpenAI-compatible server (vLLM, llama.cpp server, Ollama, TGI, SGLang, OpenAI) over httpx.

Chat requests go to ``{base_url}/chat/completions`` and prompt requests to ``{base_url}/completions``.  The base
URL comes from the ``base_url`` argument (``--base-url``) or the ``MEDHAL_BASE_URL`` environment variable and
must include the API prefix (``http://localhost:8000/v1`` for vLLM).  There is deliberately no default: a
hospital's prompts are never sent to a public API by accident.  The API key is read only from an environment
variable (``MEDHAL_API_KEY``, then ``OPENAI_API_KEY``), sent as a bearer token, and never written to
``config.json``, a log line or an error reason.  Images travel as ``image_url`` parts holding data URLs.

Concurrency is bounded per event loop by a queue of free connection slots over a few small httpx pools; each
request is retried under a :class:`~medhal.llm.retry.RetryPolicy` and every failure ends as an ``api_error``
result with its reason and attempt count (seed 001 "Pitfalls": silent loss on server errors).

Today's API (issue 19).  Reasoning models (the o-series, the gpt-5 family) reject ``max_tokens`` ("use
``max_completion_tokens``") and any ``temperature`` / ``top_p`` but the default.  ``token_param`` and
``sampling`` choose what is sent; with ``auto`` (the default) a known reasoning family gets
``max_completion_tokens`` and no sampling parameters, and any other model that answers a 400 naming one of
these parameters as unsupported is retried once with the fix, which is then remembered for that server and
model for the rest of the process (logged, and listed under ``adapted`` in :meth:`OpenAIClient.describe`).
A request that carries a JSON schema (``GenerationConfig.json_schema``) asks for ``response_format``
``json_schema``; a server that rejects it is asked again without it (answers are parsed tolerantly anyway).
What cannot be fixed ends as an ``api_error`` whose reason names the parameter and the ``-M`` option that
changes it.

Log-probabilities (``GenerationConfig.logprobs = k``): chat requests send ``logprobs: true`` and
``top_logprobs: k`` (``k > 0``), completion requests ``logprobs: k``; each choice's ``logprobs`` (chat:
``content[].{token, logprob, top_logprobs}``, completions: ``tokens`` / ``token_logprobs`` / ``top_logprobs``)
comes back as :attr:`GenerationResult.logprobs`.  A missing or malformed ``logprobs`` object is no error (the
sample's entry is ``None``); a server that rejects the parameters is asked again without them, like
``response_format``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

import httpx

from medhal.llm.base import ConcurrentClient, GenerationRequest, GenerationResult, LLMConfigError
from medhal.llm.openai_wire import (
    ADAPTABLE,
    TOKEN_PARAMS,
    Choices,
    fix_hint,
    is_reasoning_model,
    read_choices,
    rejected_parameter,
)
from medhal.llm.retry import AttemptError, RetryPolicy, call_with_retries, classify_status

__all__ = [
    "API_KEY_ENVS",
    "BASE_URL_ENV",
    "OpenAIClient",
    "Sampling",
    "Timeouts",
    "TokenParam",
    "is_reasoning_model",
    "rejected_parameter",
    "resolve_base_url",
]

BASE_URL_ENV = "MEDHAL_BASE_URL"
API_KEY_ENVS: tuple[str, ...] = ("MEDHAL_API_KEY", "OPENAI_API_KEY")
Endpoint = Literal["auto", "chat", "completions"]
TokenParam = Literal["auto", "max_tokens", "max_completion_tokens"]
"""Which body field carries the token limit; ``auto``: ``max_completion_tokens`` for reasoning families."""
Sampling = Literal["auto", "send", "omit"]
"""Whether ``temperature`` / ``top_p`` are sent; ``auto``: omitted for reasoning families."""

_log = logging.getLogger("medhal.llm.openai")

_ADAPTED: dict[tuple[str, str], set[str]] = {}
"""(base URL, model) -> parameters found unsupported in this process (``max_tokens`` means: send
``max_completion_tokens`` instead, and the other way round; the others are left out)."""


@dataclass(frozen=True, slots=True)
class Timeouts:
    """httpx timeouts in seconds.  ``read`` bounds the wait for the whole answer of one attempt."""

    connect: float = 10.0
    read: float = 300.0
    write: float = 30.0
    pool: float = 60.0

    def to_httpx(self) -> httpx.Timeout:
        return httpx.Timeout(connect=self.connect, read=self.read, write=self.write, pool=self.pool)


def resolve_base_url(base_url: str | None) -> str:
    """``base_url`` or ``$MEDHAL_BASE_URL``, without a trailing slash; :class:`LLMConfigError` when neither."""
    raw = base_url if base_url else os.environ.get(BASE_URL_ENV, "")
    raw = raw.strip()
    if not raw:
        raise LLMConfigError(
            f"openai/ models need a server: pass --base-url or set {BASE_URL_ENV} (e.g. http://localhost:8000/v1)"
        )
    try:
        url = httpx.URL(raw)
    except httpx.InvalidURL as exc:
        raise LLMConfigError(f"invalid base URL {raw!r}: {exc}") from None
    if url.scheme not in ("http", "https") or not url.host:
        raise LLMConfigError(f"base URL must be http(s)://host[:port]/path, got {raw!r}")
    return raw.rstrip("/")


def _public_url(url: str) -> str:
    """The URL without user:password, for records."""
    parsed = httpx.URL(url)
    return str(parsed.copy_with(username=None, password=None)) if parsed.userinfo else url


_SHARD_CONNECTIONS = 4
"""Connections per httpx pool.  httpcore scans its whole pool (and probes every idle socket) on each request
start and end, which costs O(connections^2) per request; several small pools, each used only up to its size,
keep that cost flat (at concurrency 32 this doubles the requests/s a client core can drive)."""


@dataclass(slots=True)
class _LoopState:
    """Per event loop: the httpx pools and a queue of free slots (a pool index per free connection)."""

    loop: asyncio.AbstractEventLoop
    pools: list[httpx.AsyncClient]
    slots: asyncio.Queue[int]


class OpenAIClient(ConcurrentClient):
    """A :class:`~medhal.llm.base.ModelClient` for an OpenAI-compatible HTTP server.

    ``endpoint``: ``auto`` sends chat requests to chat completions and prompt requests to completions;
    ``chat`` sends prompts as one user message; ``completions`` refuses chat requests (``input_error``).
    ``api_key_env`` names the environment variable(s) to read the key from (first set one wins).
    ``transport`` is for tests (an ``httpx.MockTransport``).  ``extra_body`` is merged into every request body
    (server-specific options such as ``{"top_k": 20}``); it is recorded in ``config.json`` and in the cache key.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key_env: str | Sequence[str] | None = None,
        endpoint: Endpoint = "auto",
        concurrency: int = 16,
        timeouts: Timeouts | None = None,
        retry: RetryPolicy | None = None,
        extra_body: Mapping[str, Any] | None = None,
        token_param: TokenParam = "auto",
        sampling: Sampling = "auto",
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        if not model:
            raise LLMConfigError("openai/ needs a model name: openai/<model>")
        if concurrency < 1:
            raise LLMConfigError(f"concurrency must be >= 1, got {concurrency}")
        if endpoint not in ("auto", "chat", "completions"):
            raise LLMConfigError(f"endpoint must be auto, chat or completions, got {endpoint!r}")
        self._model = model
        self._base_url = resolve_base_url(base_url)
        self._public_base_url = _public_url(self._base_url)
        names = (api_key_env,) if isinstance(api_key_env, str) else tuple(api_key_env or API_KEY_ENVS)
        self._key_env = next((name for name in names if os.environ.get(name)), None)
        self._api_key = os.environ.get(self._key_env, "") if self._key_env else ""
        self._endpoint: Endpoint = endpoint
        self._concurrency = concurrency
        self._timeouts = timeouts or Timeouts()
        self._retry = retry or RetryPolicy()
        if token_param not in ("auto", "max_tokens", "max_completion_tokens"):
            raise LLMConfigError(f"token_param must be auto, max_tokens or max_completion_tokens, got {token_param!r}")
        if sampling not in ("auto", "send", "omit"):
            raise LLMConfigError(f"sampling must be auto, send or omit, got {sampling!r}")
        self._extra = dict(extra_body or {})
        for reserved in ("model", "messages", "prompt", "n", "seed", "temperature", "top_p", "max_tokens", "stop"):
            if reserved in self._extra and (
                self._extra[reserved] is not None or reserved not in ("temperature", "top_p", "max_tokens")
            ):
                raise LLMConfigError(
                    f"model argument {reserved!r} is set by the generation config "
                    f"(only {reserved}=null, to leave it out, is allowed for temperature, top_p and max_tokens)"
                )
        reasoning = is_reasoning_model(model)
        if token_param == "auto":
            token_param = "max_completion_tokens" if reasoning else "max_tokens"
        if sampling == "auto":
            sampling = "omit" if reasoning else "send"
        self._token_param: TokenParam = token_param
        self._sampling: Sampling = sampling
        self._transport = transport
        self._rng = random.Random()
        self._state: _LoopState | None = None

    def __repr__(self) -> str:  # never shows the key
        return f"OpenAIClient(model={self._model!r}, base_url={self._public_base_url!r})"

    @property
    def model_id(self) -> str:
        return f"openai/{self._model}"

    @property
    def endpoint(self) -> str:
        extra = "" if not self._extra else f"#{sorted(self._extra.items())!r}"
        return f"{self._public_base_url}{extra}"

    def describe(self) -> dict[str, Any]:
        return {
            "provider": "openai",
            "model": self._model,
            "base_url": self._public_base_url,
            "endpoint": self._endpoint,
            "api_key_env": self._key_env,
            "concurrency": self._concurrency,
            "timeouts": asdict(self._timeouts),
            "retry": asdict(self._retry),
            "extra_body": self._extra,
            "token_param": self._token_param,
            "sampling": self._sampling,
            "adapted": sorted(self.adaptations),
        }

    @property
    def adaptations(self) -> frozenset[str]:
        """Parameters this server rejected for this model in this process (see the module docstring)."""
        return frozenset(_ADAPTED.get((self._public_base_url, self._model), ()))

    def _adapt(self, param: str) -> None:
        known = _ADAPTED.setdefault((self._public_base_url, self._model), set())
        if param not in known:
            known.add(param)
            if param in TOKEN_PARAMS:
                known -= TOKEN_PARAMS - {param}
            fixes = {"max_tokens": "sending max_completion_tokens", "max_completion_tokens": "sending max_tokens"}
            fix = fixes.get(param, "leaving it out")
            _log.warning("openai/%s: the server rejects %r; %s from now on", self._model, param, fix)

    def _apply(self, body: dict[str, Any], adapted: frozenset[str] | set[str]) -> None:
        """Rewrite ``body`` for the parameters in ``adapted`` (in place)."""
        if "max_tokens" in adapted and "max_tokens" in body:
            body.setdefault("max_completion_tokens", body.pop("max_tokens"))
        elif "max_completion_tokens" in adapted and "max_completion_tokens" in body:
            body.setdefault("max_tokens", body.pop("max_completion_tokens"))
        for name in ("temperature", "top_p", "response_format"):
            if name in adapted:
                body.pop(name, None)
        if adapted & {"logprobs", "top_logprobs"}:  # one without the other is meaningless
            body.pop("logprobs", None)
            body.pop("top_logprobs", None)

    def _loop_state(self) -> _LoopState:
        loop = asyncio.get_running_loop()
        if self._state is None or self._state.loop is not loop:
            headers = {"User-Agent": "medhal"}
            if self._api_key:
                headers["Authorization"] = f"Bearer {self._api_key}"
            sizes = [_SHARD_CONNECTIONS] * (self._concurrency // _SHARD_CONNECTIONS)
            if self._concurrency % _SHARD_CONNECTIONS:
                sizes.append(self._concurrency % _SHARD_CONNECTIONS)
            pools = [
                httpx.AsyncClient(
                    timeout=self._timeouts.to_httpx(),
                    limits=httpx.Limits(max_connections=size, max_keepalive_connections=size),
                    headers=headers,
                    transport=self._transport,
                )
                for size in sizes
            ]
            slots: asyncio.Queue[int] = asyncio.Queue()
            for _ in range(max(sizes)):  # interleave so that load spreads over the pools
                for index, size in enumerate(sizes):
                    if size > 0:
                        slots.put_nowait(index)
                sizes = [size - 1 for size in sizes]
            self._state = _LoopState(loop, pools, slots)
        return self._state

    async def aclose(self) -> None:
        """Close the connection pools of the current event loop (the client stays usable: a later call opens
        new ones)."""
        state, self._state = self._state, None
        if state is not None and state.loop is asyncio.get_running_loop():
            for pool in state.pools:
                await pool.aclose()

    def _redact(self, text: str) -> str:
        return text.replace(self._api_key, "***") if self._api_key else text

    def _route(self, request: GenerationRequest) -> tuple[str, dict[str, Any]] | str:
        """(path, body) for the request, or an input-error reason."""
        cfg = request.config
        body: dict[str, Any] = {"model": self._model}
        chat = request.messages is not None or self._endpoint == "chat"
        if self._sampling == "send":
            body["temperature"] = cfg.temperature
            body["top_p"] = cfg.top_p
        body[self._token_param] = cfg.max_tokens
        body["n"] = cfg.n
        if cfg.stop:
            body["stop"] = list(cfg.stop)
        if cfg.seed is not None:
            body["seed"] = cfg.seed
        if cfg.json_schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "answer", "schema": dict(cfg.json_schema), "strict": False},
            }
        if cfg.logprobs is not None and chat:
            body["logprobs"] = True
            if cfg.logprobs > 0:
                body["top_logprobs"] = cfg.logprobs
        elif cfg.logprobs is not None:
            body["logprobs"] = cfg.logprobs
        if "max_completion_tokens" in self._extra:
            body.pop("max_tokens", None)
        body.update(self._extra)
        for name, value in self._extra.items():
            if value is None:
                body.pop(name, None)
        if (
            "max_tokens" in self._extra
            and self._extra["max_tokens"] is None
            and "max_completion_tokens" not in self._extra
        ):
            body.pop("max_completion_tokens", None)  # -M max_tokens=null: no token limit at all
        self._apply(body, self.adaptations - set(self._extra))
        if request.messages is not None:
            if self._endpoint == "completions":
                return "this client is set to the completions endpoint, which takes a prompt, not messages"
            body["messages"] = [m.to_openai() for m in request.messages]
            return "/chat/completions", body
        if self._endpoint == "chat":
            body["messages"] = [{"role": "user", "content": request.prompt}]
            return "/chat/completions", body
        body["prompt"] = request.prompt
        return "/completions", body

    async def _one(self, request: GenerationRequest) -> GenerationResult:
        route = self._route(request)
        if isinstance(route, str):
            return GenerationResult(request.id, "input_error", reason=route)
        path, body = route
        state = self._loop_state()
        url = self._base_url + path
        chat = path == "/chat/completions"
        usage: dict[str, int] = {}
        start = time.perf_counter()
        slot = await state.slots.get()  # bounded concurrency: one free connection slot per request in flight
        http = state.pools[slot]

        extra_calls = 0

        async def attempt() -> Choices:
            nonlocal extra_calls
            fixed: set[str] = set()
            response = await http.post(url, json=body)
            while not 200 <= response.status_code < 300:
                param = rejected_parameter(response.status_code, response.text, body)
                if param is None:
                    raise classify_status(response.status_code, response.text, response.headers)
                swapped = param in TOKEN_PARAMS and bool(fixed & TOKEN_PARAMS)
                if param in ADAPTABLE and param not in self._extra and param not in fixed and not swapped:
                    fixed.add(param)
                    self._adapt(param)
                    self._apply(body, {param})
                    extra_calls += 1
                    response = await http.post(url, json=body)
                    continue
                error = classify_status(response.status_code, response.text, response.headers)
                hint = fix_hint(param, param in self._extra)
                if swapped:
                    hint = "it rejects max_tokens and max_completion_tokens alike: -M max_tokens=null sends no limit"
                raise AttemptError(
                    f"{error.reason} [the server rejects {param!r}: {hint}]",
                    False,
                    status_code=error.status_code,
                )
            try:
                data = response.json()
            except ValueError as exc:
                raise AttemptError(f"malformed JSON in response ({type(exc).__name__})", True) from None
            result = read_choices(data, chat, request.config.n)
            raw_usage = data.get("usage")
            if isinstance(raw_usage, Mapping):
                usage.clear()
                usage.update({k: v for k, v in raw_usage.items() if isinstance(v, int) and isinstance(k, str)})
            return result

        try:
            outcome = await call_with_retries(attempt, self._retry, rng=self._rng)
        finally:
            state.slots.put_nowait(slot)
        latency = time.perf_counter() - start
        if outcome.value is None:
            reason = self._redact(outcome.reason or "unknown error")
            return GenerationResult(
                request.id, "api_error", reason=reason, attempts=outcome.attempts + extra_calls, latency_s=latency
            )
        texts, finishes, logprobs = outcome.value
        return GenerationResult(
            request.id,
            "ok",
            texts=texts,
            attempts=outcome.attempts + extra_calls,
            latency_s=latency,
            finish_reasons=finishes,
            usage=usage or None,
            logprobs=logprobs,
        )
