"""``medhal serve``: the HTTP checking service (``POST /v1/check``, ``/v1/check/batch``, a page at ``/``).

Needs the ``serve`` extra (FastAPI and uvicorn), imported only when the command runs.  The verifier is loaded
once before the server starts; binds 127.0.0.1 unless told otherwise; set ``MEDHAL_SERVE_TOKEN`` to require a
bearer token on ``/v1/*`` and ``/metrics``.  Binding beyond loopback without a token is refused (exit status 2)
unless ``--insecure`` says so.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import os
import sys
from typing import Annotated

import typer

from medhal.cli.check import check_device
from medhal.cli.inputs import UsageError, VerifierOption
from medhal.cli.options import DeviceOption, ThreadsOption
from medhal.detect.registry import fitted_detectors, offline_units

__all__ = ["serve_command"]

_INSTALL_HINT = "medhal serve needs FastAPI and uvicorn: pip install 'medhal[serve]'"
_TOKEN_ENV = "MEDHAL_SERVE_TOKEN"  # medhal.serve.TOKEN_ENV, without importing FastAPI


def _one_of(names: tuple[str, ...]) -> str:
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1])))


def is_loopback(host: str) -> bool:
    """Whether ``host`` binds this machine only (``localhost`` or a loopback address; any other name is not)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve_command(
    host: Annotated[str, typer.Option(help="Address to bind (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    verifier: VerifierOption = None,
    detector: Annotated[str, typer.Option(help=f"Default detector: {_one_of(fitted_detectors())}.")] = "decomposed",
    allow_detector: Annotated[
        list[str] | None, typer.Option(help="Another detector requests may choose (repeatable).")
    ] = None,
    units: Annotated[
        str, typer.Option(help=f"Default units: {_one_of(offline_units())} (requests may choose either).")
    ] = "clause",
    max_batch: Annotated[int, typer.Option(min=1, help="Most items in one shared verifier batch.")] = 32,
    batch_wait_ms: Annotated[
        float, typer.Option(min=0.0, help="How long the first waiting item waits for company (ms).")
    ] = 5.0,
    max_body_bytes: Annotated[int, typer.Option(min=1, help="Largest request body accepted (bytes).")] = 2 * 1024**2,
    max_items: Annotated[int, typer.Option(min=1, help="Most items in one /v1/check/batch request.")] = 64,
    max_evidence_chars: Annotated[
        int, typer.Option(min=1, max=200_000, help="Longest evidence accepted (characters).")
    ] = 200_000,
    max_response_chars: Annotated[
        int, typer.Option(min=1, max=20_000, help="Longest answer (and question) accepted (characters).")
    ] = 20_000,
    body_timeout: Annotated[
        float,
        typer.Option(
            min=0.1, help="Seconds a client has to send a request's headers, and again its body (then 408, closed)."
        ),
    ] = 30.0,
    limit_concurrency: Annotated[
        int, typer.Option(min=1, help="Most open connections (and requests in progress) before new requests get 503.")
    ] = 256,
    max_queue: Annotated[int, typer.Option(min=1, help="Most items waiting before requests get 503.")] = 1024,
    batch_size: Annotated[int, typer.Option(min=1, help="Verifier (model) batch size.")] = 16,
    threads: ThreadsOption = None,
    device: DeviceOption = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    insecure: Annotated[
        bool, typer.Option("--insecure", help="Allow serving beyond loopback without a token (anyone can call it).")
    ] = False,
) -> None:
    """Serve checks over HTTP: a JSON API, Prometheus metrics and a page to paste evidence and an answer."""
    token = os.environ.get(_TOKEN_ENV) or None
    if token is None and not is_loopback(host) and not insecure:
        raise UsageError(
            f"refusing to serve on {host} without a token: set {_TOKEN_ENV} (clients send 'Authorization: Bearer "
            f"<token>'), or pass --insecure to serve it unauthenticated"
        )
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        raise UsageError(_INSTALL_HINT)
    import uvicorn

    from medhal.serve import create_app
    from medhal.serve.server import server_settings

    app = create_app(
        verifier,
        batch_size=batch_size,
        threads=threads,
        device=check_device(device),
        detector=detector,
        detectors=tuple(allow_detector or ()),
        units=units,
        max_batch=max_batch,
        batch_wait_ms=batch_wait_ms,
        max_body_bytes=max_body_bytes,
        max_items=max_items,
        max_queue=max_queue,
        max_evidence_chars=max_evidence_chars,
        max_response_chars=max_response_chars,
        max_question_chars=max_response_chars,
        body_timeout_s=body_timeout,
        token=token,
    )
    if token is None and not is_loopback(host):
        sys.stderr.write(f"medhal: warning: serving on {host} without a token (--insecure; anyone can call it)\n")
    settings = server_settings(
        host=host, port=port, log_level=log_level, limit_concurrency=limit_concurrency, head_timeout_s=body_timeout
    )
    uvicorn.run(app, **settings)
