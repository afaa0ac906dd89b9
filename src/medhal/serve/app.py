"""The checking service: :func:`create_app` builds a FastAPI app around one loaded verifier.

Routes: ``POST /v1/check`` (one item -> its check record, the JSON ``medhal check --format json`` prints),
``POST /v1/check/batch`` (``{"items": [...]}`` -> ``{"results": [...]}`` in order, each a record or its own
error record: ``input_error``, or ``internal_error`` when checking it raised), ``POST /v1/render`` (one item ->
the HTML audit trail), ``GET /`` (the checking page), ``GET /healthz``, ``GET /metrics`` (Prometheus text),
``GET /openapi.json`` and ``GET /docs`` (offline).

``evidence`` is one string or a list of passages (strings, or ``{"id", "text"}`` objects); every evidence pointer
of the record then names its passage and the offsets inside it (``docs/check-record.md``).  A list medhal refuses
(empty, an empty text, a duplicate id) is a 400 ``input_error``, as empty evidence is; wrong types are a 422.

Every error is JSON ``{"error": {"code": ..., "message": ...}}`` (422 adds ``details``: locations and messages,
never the offending input).  A body that is not JSON of the documented shape (invalid JSON or UTF-8, nested too
deeply, wrong types, an id with a lone surrogate) is a 422.  One item that makes the verifier raise fails only its
own request (or its own batch entry): the batcher runs a failed batch again one item at a time.  The verifier
and the detectors a request may choose are fixed at start-up; no request names a model or a file.  Concurrent
requests share verifier batches (:mod:`medhal.serve.batching`).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from medhal._version import __version__
from medhal.checker import Checker
from medhal.detect import CheckItem, InputError
from medhal.serve.metrics import CONTENT_TYPE
from medhal.serve.middleware import APIError, ServiceMiddleware, error_response
from medhal.serve.page import PAGE_CSP, Renderer, render_docs, render_index
from medhal.serve.service import (
    PROTECTED,
    TOKEN_ENV,
    BatchRequest,
    CheckRequest,
    OptionsKey,
    ServeConfig,
    Service,
    log_failure,
    request_item,
)
from medhal.verify import LoadedVerifier, Verifier

__all__ = ["create_app"]

logger = logging.getLogger("medhal.serve")

_RECORD = {"description": "The check record of docs/check-record.md (schema_version 1.0).", "content": {}}
_RECORDS = {"description": '{"results": [check record with "index", ...]} in input order.', "content": {}}
_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"description": text}
    for code, text in (
        (400, "input_error (the item cannot be checked) or unsupported_option"),
        (401, "unauthorized: a bearer token is required"),
        (408, "request_timeout: the body did not arrive in time"),
        (413, "payload_too_large, text_too_large or too_many_items"),
        (422, "invalid_request: the body is not JSON of the documented shape"),
        (500, "internal_error: checking this item failed (logged)"),
        (503, "overloaded (retry later) or unavailable"),
    )
}


_MAX_ECHO = 100
"""Longest id or field name quoted back in an error (the rest is cut)."""
_BODY_ERRORS: tuple[tuple[type[BaseException], str], ...] = (
    (RecursionError, "the JSON is nested too deeply"),
    (UnicodeError, "the body is not valid UTF-8"),
    (ValueError, "the body is not valid JSON"),
)


def _safe(text: str) -> str:
    """``text`` cut to ``_MAX_ECHO`` characters, lone surrogates as their escapes: safe to put in a response."""
    cut = text if len(text) <= _MAX_ECHO else text[:_MAX_ECHO] + "..."
    return cut.encode("utf-8", "backslashreplace").decode("utf-8")


def _error_record(
    index: int, raw: object, reason: str, detector: str, status: str = "input_error"
) -> dict[str, object]:
    ident = raw.get("id") if isinstance(raw, dict) else None
    return {
        "index": index,
        "id": _safe(str(ident)) if isinstance(ident, str | int) and not isinstance(ident, bool) else None,
        "status": status,
        "reason": reason,
        "detector": detector,
    }


def _dumps(value: object) -> bytes:
    """JSON as Starlette's ``JSONResponse`` writes it (raises ``ValueError`` for NaN or a lone surrogate)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def _validation_message(exc: ValidationError | RequestValidationError) -> tuple[str, list[dict[str, str]]]:
    details = [
        {
            "loc": ".".join(_safe(str(p)) for p in err.get("loc", ())),
            "message": _safe(str(err.get("msg", "invalid"))),
        }
        for err in exc.errors()
    ]
    first = details[0] if details else {"loc": "", "message": "invalid request"}
    message = f"{first['loc']}: {first['message']}" if first["loc"] else first["message"]
    if len(details) > 1:
        message += f" (and {len(details) - 1} more)"
    return message, details


def create_app(
    verifier: str | LoadedVerifier | Verifier | None = None,
    *,
    config: ServeConfig | None = None,
    renderer: Renderer | None = None,
    batch_size: int = 16,
    threads: int | None = None,
    device: str | None = None,
    **settings: Any,
) -> FastAPI:
    """Load ``verifier`` once (a :func:`~medhal.verify.open_verifier` spec, ``None`` = embedded, a
    ``LoadedVerifier`` or a ``Verifier``) and build the app.  ``settings`` are :class:`ServeConfig` fields (used
    when ``config`` is ``None``); the bearer token defaults to ``$MEDHAL_SERVE_TOKEN`` (unset or empty: no
    authentication).  ``threads`` and ``device`` go to the verifier (a spec only)."""
    if config is None:
        settings.setdefault("token", os.environ.get(TOKEN_ENV) or None)
        if "detectors" in settings:
            settings["detectors"] = tuple(settings["detectors"])
        if "allowed_units" in settings:
            settings["allowed_units"] = tuple(settings["allowed_units"])
        config = ServeConfig(**settings)
    elif settings:
        raise TypeError("pass either config or settings, not both")
    loaded = Checker(verifier, detector=config.detector, batch_size=batch_size, threads=threads, device=device).loaded
    service = Service(loaded, config, renderer)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await service.batcher.start()
        try:
            yield
        finally:
            await service.batcher.close()

    app = FastAPI(
        title="medhal",
        version=__version__,
        description="Check LLM answers against their evidence: claim-level audit trails by decomposed entailment.",
        docs_url=None,
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,
        lifespan=lifespan,
    )
    app.state.service = service
    app.add_middleware(
        ServiceMiddleware,
        metrics=service.metrics,
        max_body_bytes=config.max_body_bytes,
        token=config.token,
        protected=PROTECTED,
        known_paths=lambda: [getattr(route, "path", "") for route in app.routes],
        body_timeout_s=config.body_timeout_s,
    )

    @app.exception_handler(APIError)
    async def _api_error(_: Request, exc: APIError) -> Response:
        service.metrics.error(exc.code)
        return error_response(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> Response:
        service.metrics.error("invalid_request")
        message, details = _validation_message(exc)
        return error_response(422, "invalid_request", message, details=details)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400 and exc.__cause__ is not None:  # FastAPI could not parse the JSON body
            for kind, reason in _BODY_ERRORS:
                if isinstance(exc.__cause__, kind):
                    service.metrics.error("invalid_request")
                    return error_response(
                        422, "invalid_request", f"body: {reason}", details=[{"loc": "body", "message": reason}]
                    )
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, f"http_{exc.status_code}")
        service.metrics.error(code)
        message = exc.detail if isinstance(exc.detail, str) else "request failed"
        return error_response(exc.status_code, code, message, headers=getattr(exc, "headers", None))

    @app.post("/v1/check", summary="Check one answer", responses={200: _RECORD, **_ERRORS})
    async def check(request: CheckRequest) -> JSONResponse:
        """Check one answer against its evidence; the body is the record `medhal check --format json` prints.
        An item that cannot be checked (empty text) is a 400 `input_error`, as it is exit status 2 on the CLI."""
        result, _ = await service.check_one(request)
        return JSONResponse(result.to_dict(timings=request.timings))

    @app.post("/v1/check/batch", summary="Check many answers", responses={200: _RECORDS, **_ERRORS})
    async def check_batch(batch: BatchRequest) -> Response:
        """`{"items": [...]}` -> `{"results": [...]}` in input order, each with its `index`; an item that is
        malformed, too large or cannot be checked gets its own `input_error` record, one whose check failed its
        own `internal_error` record, and the others still run."""
        if len(batch.items) > config.max_items:
            message = f"batch has {len(batch.items)} items; the limit is {config.max_items}"
            raise APIError(413, "too_many_items", message)
        records: list[dict[str, object] | None] = [None] * len(batch.items)
        queued: list[tuple[int, OptionsKey, CheckItem, bool]] = []
        for index, raw in enumerate(batch.items):
            try:
                request = CheckRequest.model_validate(raw)
                key = service.options(request)
            except ValidationError as exc:
                records[index] = _error_record(index, raw, _validation_message(exc)[0], config.detector)
                continue
            except APIError as exc:
                records[index] = _error_record(index, raw, exc.message, config.detector)
                continue
            reason = service.oversized(request)
            if reason is not None:
                records[index] = _error_record(index, raw, reason, key[0])
                continue
            try:
                item = request_item(request)
            except InputError as exc:  # evidence passages medhal refuses: an empty list or text, a duplicate id
                records[index] = _error_record(index, raw, str(exc), key[0])
                continue
            queued.append((index, key, item, request.timings))
        results = await service.run_settled([(key, item) for _, key, item, _ in queued]) if queued else []
        for (index, key, _, timings), result in zip(queued, results, strict=True):
            if isinstance(result, Exception):
                log_failure(type(result).__name__, result)
                reason = f"internal error ({type(result).__name__}; see the service log)"
                records[index] = _error_record(index, batch.items[index], reason, key[0], "internal_error")
            else:
                records[index] = {**result.to_dict(timings=timings), "index": index}
        entries: list[bytes] = []
        for index, record in enumerate(records):
            try:  # one record that cannot be written (NaN, a lone surrogate) must not fail the others
                entries.append(_dumps(record))
            except ValueError as exc:
                log_failure(f"unwritable record ({type(exc).__name__})", exc)
                reason = f"internal error ({type(exc).__name__}; see the service log)"
                detector = str(record.get("detector", config.detector)) if record else config.detector
                failed = _error_record(index, batch.items[index], reason, detector, "internal_error")
                entries.append(_dumps(failed))
        return Response(b'{"results":[' + b",".join(entries) + b"]}", media_type="application/json")

    @app.post("/v1/render", summary="Check one answer, as HTML", response_class=HTMLResponse, responses=_ERRORS)
    async def render(request: CheckRequest) -> HTMLResponse:
        """Check one answer and return its HTML audit trail (the page shows it in a sandboxed frame); the
        `X-Medhal-Flagged` and `X-Medhal-Score` headers summarize the verdict."""
        result, item = await service.check_one(request)
        headers = {
            "X-Medhal-Flagged": "true" if result.flagged else "false",
            "X-Medhal-Score": "" if result.score is None else f"{result.score:.4f}",
            "Content-Security-Policy": PAGE_CSP,
        }
        return HTMLResponse(service.renderer([result], [item]), headers=headers)

    @app.get("/", summary="The checking page", response_class=HTMLResponse)
    async def index() -> HTMLResponse:
        page = render_index(
            detectors=config.detectors,
            detector=config.detector,
            units=config.allowed_units,
            default_units=config.units,
            verifier_id=service.verifier.id,
            auth=config.token is not None,
        )
        return HTMLResponse(page, headers={"Content-Security-Policy": PAGE_CSP})

    @app.get("/docs", summary="API documentation (offline)", response_class=HTMLResponse)
    async def docs() -> HTMLResponse:
        return HTMLResponse(render_docs(app.openapi()), headers={"Content-Security-Policy": PAGE_CSP})

    @app.get("/healthz", summary="Liveness and what is loaded")
    async def healthz() -> dict[str, object]:
        return {
            "status": "ok",
            "version": __version__,
            "verifier_id": service.verifier.id,
            "detectors": list(config.detectors),
            "units": list(config.allowed_units),
            "batching": {"max_batch": config.max_batch, "batch_wait_ms": config.batch_wait_ms},
        }

    @app.get("/metrics", summary="Prometheus metrics", response_class=PlainTextResponse)
    async def metrics() -> Response:
        return Response(service.metrics.render(), media_type=CONTENT_TYPE)

    if config.token is not None:
        _document_bearer(app, PROTECTED)
    return app


def _document_bearer(app: FastAPI, protected: tuple[str, ...]) -> None:
    """Declare the bearer token in the OpenAPI schema of the protected paths."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        schema = build()
        schema.setdefault("components", {})["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
        for path, operations in schema.get("paths", {}).items():
            if path.startswith(protected):
                for operation in operations.values():
                    operation["security"] = [{"bearer": []}]
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
