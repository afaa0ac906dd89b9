"""The records every model client speaks and the one async seam they sit behind.

A :class:`GenerationRequest` is either chat ``messages`` or a raw ``prompt`` plus a :class:`GenerationConfig`
(temperature, top_p, max_tokens, stop, seed, n and, optionally, how many top log-probabilities per token to
return).  A :class:`ModelClient` turns a sequence of requests into the same number of :class:`GenerationResult`
records, in order, and never raises for a failure of one request: a server error, a timeout or a request the
backend cannot serve comes back as data (``status`` ``api_error`` or ``input_error``, a one-line ``reason`` and
the number of ``attempts``).  Seed 001 "Pitfalls" ("Silent loss on
server errors") is the failure this contract exists to rule out: a row that failed is still a row.
"""

from __future__ import annotations

import asyncio
import base64
import mimetypes
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, get_args, runtime_checkable

from medhal.errors import ConfigError, InputError

__all__ = [
    "MAX_TOP_LOGPROBS",
    "STATUSES",
    "ConcurrentClient",
    "ContentPart",
    "GenerationConfig",
    "GenerationRequest",
    "GenerationResult",
    "ImagePart",
    "LLMConfigError",
    "Message",
    "ModelClient",
    "RequestError",
    "Role",
    "Status",
    "TextPart",
    "TokenLogprob",
    "generate_each",
    "message_from_dict",
    "one_sample_config",
]

Status = Literal["ok", "parse_failure", "api_error", "input_error"]
"""``ok``: the model answered (and, where a parser ran, it parsed); ``parse_failure``: it answered but the
answer could not be parsed; ``api_error``: no answer after the allowed attempts; ``input_error``: the item
itself cannot be sent (malformed line, unsupported content)."""
STATUSES: tuple[str, ...] = get_args(Status)
Role = Literal["system", "user", "assistant"]
_ROLES: tuple[str, ...] = get_args(Role)
MAX_TOP_LOGPROBS = 20
"""The most alternatives per token OpenAI-compatible servers return (``top_logprobs``)."""


class LLMConfigError(ConfigError):
    """A model spec or client option is invalid, or the backend it needs is not installed (one-line message)."""


class RequestError(InputError):
    """A request or message is malformed (one-line message); items built from it get ``input_error``."""


@dataclass(frozen=True, slots=True)
class TextPart:
    """A text piece of a multi-part message."""

    text: str


@dataclass(frozen=True, slots=True)
class ImagePart:
    """An image piece of a multi-part message, as a URL: ``data:<mime>;base64,...`` or ``http(s)://...``.

    Vision models behind an OpenAI-compatible server receive it as an ``image_url`` content part.
    """

    url: str

    @classmethod
    def from_bytes(cls, data: bytes, mime: str) -> ImagePart:
        """Embed raw image bytes as a base64 data URL."""
        if not mime.startswith("image/"):
            raise RequestError(f"not an image MIME type: {mime!r}")
        return cls(f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}")

    @classmethod
    def from_path(cls, path: str | Path) -> ImagePart:
        """Read an image file and embed it as a data URL (MIME type from the file name)."""
        p = Path(path)
        mime, _ = mimetypes.guess_type(p.name)
        if mime is None or not mime.startswith("image/"):
            raise RequestError(f"cannot tell the image type of {p.name!r} from its extension")
        try:
            data = p.read_bytes()
        except OSError as exc:
            raise RequestError(f"cannot read image {p}: {exc.strerror}") from None
        return cls.from_bytes(data, mime)


ContentPart = TextPart | ImagePart


@dataclass(frozen=True, slots=True)
class Message:
    """One chat turn: a role and either plain text or a tuple of text/image parts."""

    role: Role
    content: str | tuple[ContentPart, ...]

    def __post_init__(self) -> None:
        if self.role not in _ROLES:
            raise RequestError(f"unknown message role {self.role!r}; use one of {', '.join(_ROLES)}")

    @property
    def text(self) -> str:
        """The text of the message (parts joined by newlines; images left out)."""
        if isinstance(self.content, str):
            return self.content
        return "\n".join(p.text for p in self.content if isinstance(p, TextPart))

    @property
    def has_images(self) -> bool:
        return not isinstance(self.content, str) and any(isinstance(p, ImagePart) for p in self.content)

    def to_openai(self) -> dict[str, Any]:
        """The OpenAI chat-completions form of this message."""
        if isinstance(self.content, str):
            return {"role": self.role, "content": self.content}
        parts: list[dict[str, Any]] = []
        for part in self.content:
            if isinstance(part, TextPart):
                parts.append({"type": "text", "text": part.text})
            else:
                parts.append({"type": "image_url", "image_url": {"url": part.url}})
        return {"role": self.role, "content": parts}


def _part_from_dict(obj: object, base_dir: Path | None) -> ContentPart:
    if not isinstance(obj, Mapping):
        raise RequestError("a content part must be an object")
    kind = obj.get("type")
    if kind == "text" and isinstance(obj.get("text"), str):
        return TextPart(obj["text"])
    if kind == "image_url":
        ref = obj.get("image_url")
        url = ref.get("url") if isinstance(ref, Mapping) else ref
        if isinstance(url, str) and url:
            return ImagePart(url)
        raise RequestError("an image_url part needs a url")
    if kind == "image" and isinstance(obj.get("path"), str):
        path = Path(obj["path"])
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        return ImagePart.from_path(path)
    raise RequestError(f"unsupported content part type {kind!r} (text, image_url or image with a path)")


def message_from_dict(obj: object, *, base_dir: Path | None = None) -> Message:
    """Build a :class:`Message` from its OpenAI JSON form.

    ``content`` is a string or a list of parts: ``{"type": "text", "text": ...}``, ``{"type": "image_url",
    "image_url": {"url": ...}}`` or medhal's ``{"type": "image", "path": ...}`` (read and sent as a data URL;
    relative paths resolve against ``base_dir``).  Raises :class:`RequestError`.
    """
    if not isinstance(obj, Mapping):
        raise RequestError("a message must be an object with role and content")
    role, content = obj.get("role"), obj.get("content")
    if role not in _ROLES:
        raise RequestError(f"message role must be one of {', '.join(_ROLES)}, got {role!r}")
    if isinstance(content, str):
        return Message(role, content)
    if isinstance(content, list) and content:
        return Message(role, tuple(_part_from_dict(p, base_dir) for p in content))
    raise RequestError("message content must be a string or a non-empty list of parts")


@dataclass(frozen=True, slots=True)
class GenerationConfig:
    """Decoding settings.  ``temperature == 0`` is greedy decoding; ``n`` samples per request.

    Seed 001 "Paper vs code" (Decoding) shows how a run's real settings can differ from the reported ones; every
    field here is written to ``config.json`` and to the cache key, so what ran is what is recorded.
    """

    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = 512
    stop: tuple[str, ...] = ()
    seed: int | None = None
    n: int = 1
    json_schema: Mapping[str, Any] | None = field(default=None, hash=False)
    """A JSON schema the answer should follow: servers that support structured output (OpenAI, vLLM) get it as
    ``response_format``; others ignore it and the answer is parsed tolerantly.  In ``to_dict`` (and so in the
    cache key) only when set."""
    logprobs: int | None = None
    """Ask for each answer token's log-probability and its ``logprobs`` most likely alternatives (0 to
    :data:`MAX_TOP_LOGPROBS`; OpenAI chat ``logprobs: true, top_logprobs: k``).  ``None`` (the default) asks for
    none.  Backends that cannot return them answer without (:attr:`GenerationResult.logprobs` empty).  In
    ``to_dict`` (and so in the cache key) only when set."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.temperature <= 10.0:
            raise RequestError(f"temperature must be in [0, 10], got {self.temperature}")
        if not 0.0 < self.top_p <= 1.0:
            raise RequestError(f"top_p must be in (0, 1], got {self.top_p}")
        if self.max_tokens < 1:
            raise RequestError(f"max_tokens must be >= 1, got {self.max_tokens}")
        if self.n < 1:
            raise RequestError(f"n must be >= 1, got {self.n}")
        if any(not isinstance(s, str) or not s for s in self.stop):
            raise RequestError("stop sequences must be non-empty strings")
        if self.json_schema is not None and not isinstance(self.json_schema, Mapping):
            raise RequestError("json_schema must be a JSON object")
        if self.logprobs is not None and (
            isinstance(self.logprobs, bool)
            or not isinstance(self.logprobs, int)
            or not 0 <= self.logprobs <= MAX_TOP_LOGPROBS
        ):
            raise RequestError(f"logprobs must be an integer in [0, {MAX_TOP_LOGPROBS}], got {self.logprobs!r}")

    @property
    def greedy(self) -> bool:
        return self.temperature == 0.0

    @property
    def cacheable(self) -> bool:
        """Greedy decoding and seeded sampling are reproducible enough to cache; unseeded sampling is not."""
        return self.greedy or self.seed is not None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "temperature": self.temperature,
            "top_p": self.top_p,
            "max_tokens": self.max_tokens,
            "stop": list(self.stop),
            "seed": self.seed,
            "n": self.n,
        }
        if self.json_schema is not None:
            doc["json_schema"] = dict(self.json_schema)
        if self.logprobs is not None:
            doc["logprobs"] = self.logprobs
        return doc

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> GenerationConfig:
        """Inverse of :meth:`to_dict`; unknown keys raise :class:`RequestError`."""
        known = {"temperature", "top_p", "max_tokens", "stop", "seed", "n", "json_schema", "logprobs"}
        extra = set(obj) - known
        if extra:
            raise RequestError(f"unknown generation option(s): {', '.join(sorted(extra))}")
        values = dict(obj)
        if "stop" in values:
            values["stop"] = tuple(values["stop"] or ())
        try:
            return cls(**values)
        except TypeError as exc:
            raise RequestError(f"bad generation options: {exc}") from None


def one_sample_config(config: GenerationConfig | None, *, max_tokens: int, refusal: str) -> GenerationConfig:
    """The decoding settings of a task that reads one answer per request: ``config``, or greedy decoding with
    ``max_tokens`` new tokens when none is given.  A config asking for several samples (``n != 1``) raises
    ``ValueError(refusal)``."""
    chosen = config or GenerationConfig(temperature=0.0, max_tokens=max_tokens)
    if chosen.n != 1:
        raise ValueError(refusal)
    return chosen


@dataclass(frozen=True, slots=True)
class GenerationRequest:
    """One item to generate for: exactly one of ``messages`` (chat) or ``prompt`` (completion)."""

    id: str
    messages: tuple[Message, ...] | None = None
    prompt: str | None = None
    config: GenerationConfig = field(default_factory=GenerationConfig)

    def __post_init__(self) -> None:
        if (self.messages is None) == (self.prompt is None):
            raise RequestError(f"request {self.id!r} needs exactly one of messages and prompt")
        if self.messages is not None and not self.messages:
            raise RequestError(f"request {self.id!r} has an empty message list")

    @classmethod
    def of_prompt(cls, id: str, prompt: str, config: GenerationConfig, *, chat: bool) -> GenerationRequest:
        """``prompt`` as one user message (``chat=True``, instruction-tuned models) or as a raw completion
        prompt."""
        if chat:
            return cls(id, messages=(Message("user", prompt),), config=config)
        return cls(id, prompt=prompt, config=config)

    @property
    def kind(self) -> Literal["chat", "completion"]:
        return "chat" if self.messages is not None else "completion"

    @property
    def has_images(self) -> bool:
        return self.messages is not None and any(m.has_images for m in self.messages)

    def payload(self) -> dict[str, Any]:
        """The input part of the request as JSON (messages in OpenAI form, or the prompt)."""
        if self.messages is not None:
            return {"messages": [m.to_openai() for m in self.messages]}
        return {"prompt": self.prompt}


@dataclass(frozen=True, slots=True)
class TokenLogprob:
    """One generated token: its text, its log-probability and the most likely alternatives at its position
    (``(token, logprob)``, most likely first, the token itself usually among them)."""

    token: str
    logprob: float
    top: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True, slots=True)
class GenerationResult:
    """What came back for one request.  ``texts`` holds the ``n`` samples when ``status == "ok"``."""

    id: str
    status: Status
    texts: tuple[str, ...] = ()
    reason: str | None = None
    attempts: int = 0
    """HTTP/model calls made for this request (0 when it came from the cache)."""
    latency_s: float = 0.0
    cached: bool = False
    finish_reasons: tuple[str | None, ...] = ()
    usage: Mapping[str, int] | None = None
    logprobs: tuple[tuple[TokenLogprob, ...] | None, ...] = ()
    """Per sample, its tokens with their log-probabilities when the request asked for them
    (:attr:`GenerationConfig.logprobs`) and the server returned them (``None`` for a sample without); empty when
    none were asked for or returned.  Not kept by the response cache (:mod:`medhal.llm.cache` stores texts)."""

    @property
    def text(self) -> str:
        """The first sample ('' when there is none)."""
        return self.texts[0] if self.texts else ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@runtime_checkable
class ModelClient(Protocol):
    """Anything that generates: OpenAI-compatible servers, local transformers, vLLM, test fakes.

    ``generate`` returns one result per request in request order and never raises for a per-request failure;
    it may be awaited concurrently from several tasks of one event loop.  ``model_id`` (``provider/model``)
    and ``endpoint`` (base URL, or '' for local models) identify the model in the response cache.
    ``batch_size`` is how many requests one ``generate`` call should carry for best throughput (1 for HTTP
    servers, which are driven by concurrency instead).
    """

    @property
    def model_id(self) -> str: ...

    @property
    def endpoint(self) -> str: ...

    @property
    def batch_size(self) -> int: ...

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]: ...

    async def aclose(self) -> None: ...

    def describe(self) -> dict[str, Any]:
        """JSON-ready settings for ``config.json`` (never secrets)."""
        ...


async def generate_each(
    requests: Sequence[GenerationRequest], one: Callable[[GenerationRequest], Awaitable[GenerationResult]]
) -> list[GenerationResult]:
    """``ModelClient.generate`` of a client that sends every request on its own (an HTTP server, driven by
    concurrency): ``one(request)`` for all ``requests`` at once, results in request order (a single request is
    awaited directly, without a gather)."""
    if not requests:
        return []
    if len(requests) == 1:
        return [await one(requests[0])]
    return list(await asyncio.gather(*(one(r) for r in requests)))


class ConcurrentClient:
    """Base of the clients that send every request on its own, ``concurrency`` of them in flight (an HTTP server,
    a balancer over several): ``batch_size`` is 1 and ``generate`` is :func:`generate_each` over ``_one``.  A
    subclass sets ``_concurrency`` and implements ``_one`` (one request -> its result, never raising for a failure
    of the request)."""

    _concurrency: int

    @property
    def batch_size(self) -> int:
        return 1

    @property
    def concurrency(self) -> int:
        return self._concurrency

    async def _one(self, request: GenerationRequest) -> GenerationResult:
        raise NotImplementedError

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        return await generate_each(requests, self._one)
