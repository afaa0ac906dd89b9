"""Turn a ``--verifier`` spec into a :class:`Verifier`.

Specs:

* ``embedded`` (the default): the ONNX model shipped inside medhal under ``medhal/verify/embedded/``, behind
  its fitted lexical head (:mod:`medhal.verify.lexical`) when the build ships one;
* ``embedded:raw``: the same model without the lexical head (the ablation);
* ``hf:<hub id or local path>``: a transformers cross-encoder (needs ``pip install 'medhal[hf]'``).  A local
  folder or a Hub id already in the Hugging Face cache loads without the network; any other Hub id fails fast
  (one line, no retries) when ``HF_HUB_OFFLINE``/``TRANSFORMERS_OFFLINE`` is set or the hub (``HF_ENDPOINT``, or
  the HTTPS proxy) does not accept a connection within :data:`HUB_PROBE_SECONDS`;
* ``onnx:<path>``: an exported model directory or ``.onnx`` file (see :class:`OnnxVerifier`);
* ``openai/<model>`` (also ``vllm/<model>``, ``hf/<model>``: any spec :func:`medhal.llm.load_client` takes): an
  LLM asked for one NLI label per pair (:class:`~medhal.verify.llm.LLMVerifier`, :mod:`medhal.verify.llm_spec`),
  with ``base_url`` and ``model_args`` for its client; its answers go to the LLM response cache (``cache``, else
  the default one), never to a :class:`CachedVerifier`, whose rows of failed pairs would be kept.

``calibration`` (a ``calibration.json`` file, any name, or a folder holding one) replaces the calibration a
verifier ships, for every spec: the way to use thresholds fitted by ``python -m medhal.train.calibrate``.

A model directory (``embedded``, ``onnx:`` or a local ``hf:`` folder) that holds ``lexical.json`` is wrapped
in a :class:`~medhal.verify.lexical.LexicalVerifier` unless ``lexical=False`` (or ``embedded:raw``).  One that holds
``calibration.json`` ships a :class:`~medhal.verify.calibration.Calibration`: :func:`open_verifier` returns it
beside the verifier, as a :class:`LoadedVerifier` (:func:`load_verifier` returns the verifier alone).

Every failure is a one-line :class:`VerifierError` suitable for printing as-is.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import tempfile
import threading
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict, Unpack

from medhal.verify.base import Verifier, VerifierError
from medhal.verify.cache import CachedVerifier
from medhal.verify.calibration import CALIBRATION_FILE, Calibration, read_calibration
from medhal.verify.device import check_threads, parse_device
from medhal.verify.hf_labels import HFMapping
from medhal.verify.lexical import LexicalVerifier, read_lexical_head
from medhal.verify.llm_spec import LLM_SCHEMES, is_llm_spec, open_llm_verifier

__all__ = [
    "EMBEDDED_DIR",
    "HUB_PROBE_SECONDS",
    "NO_EMBEDDED_MESSAGE",
    "SCHEMES",
    "LoadedVerifier",
    "VerifierOptions",
    "is_llm_spec",
    "load_verifier",
    "open_verifier",
    "read_calibration_path",
]

EMBEDDED_DIR = Path(__file__).resolve().parent / "embedded"
"""Where a medhal build ships its default model (``model.onnx``, ``tokenizer.json``, ``config.json``)."""

NO_EMBEDDED_MESSAGE = (
    "no embedded verifier is installed in this medhal build; pass --verifier hf:PATH_OR_ID or --verifier onnx:PATH"
)
SCHEMES = ("embedded", "embedded:raw", "hf:PATH_OR_ID", "onnx:PATH", *LLM_SCHEMES)

_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.\-]*(/[\w.\-]+)?$")

HUB_PROBE_SECONDS = 3.0
"""How long a Hub id not in the cache waits for the hub to accept a connection before failing."""

_TRUE = ("1", "true", "yes", "on")


def _offline() -> bool:
    return any(os.environ.get(name, "").strip().lower() in _TRUE for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"))


def _in_hub_cache(repo_id: str) -> bool:
    """Whether ``repo_id``'s ``config.json`` is in the local Hugging Face cache (no network)."""
    try:
        from huggingface_hub import try_to_load_from_cache

        found = try_to_load_from_cache(repo_id, "config.json")
    except Exception:  # not installed, or an id the hub would refuse
        return False
    return isinstance(found, str)


def _hub_endpoint() -> str:
    return os.environ.get("HF_ENDPOINT", "").strip().rstrip("/") or "https://huggingface.co"


def _hub_unreachable(timeout: float) -> str | None:
    """``None`` when the hub (or the HTTPS proxy in front of it) accepts a TCP connection within ``timeout``
    seconds, DNS included; else why not."""
    endpoint = urllib.parse.urlsplit(_hub_endpoint())
    host, port = endpoint.hostname or "", endpoint.port or (80 if endpoint.scheme == "http" else 443)
    proxy = urllib.request.getproxies().get(endpoint.scheme or "https")
    if proxy and not urllib.request.proxy_bypass(host):
        parsed = urllib.parse.urlsplit(proxy if "://" in proxy else f"http://{proxy}")
        host, port = parsed.hostname or "", parsed.port or 8080
    outcome: list[str | None] = []

    def probe() -> None:
        try:
            with socket.create_connection((host, port), timeout=timeout):
                outcome.append(None)
        except OSError as exc:
            outcome.append(exc.strerror or str(exc) or type(exc).__name__)

    thread = threading.Thread(target=probe, name="medhal-hub-probe", daemon=True)
    thread.start()
    thread.join(timeout)
    return outcome[0] if outcome else f"no connection to {host}:{port} within {timeout:g} s"


def _looks_like_path(target: str) -> bool:
    return target.startswith(("/", ".", "~", "\\")) or "\\" in target or target.count("/") > 1


def _load_hf(
    target: str,
    batch_size: int,
    max_length: int | None,
    threads: int | None,
    device: str,
    *,
    mapping: HFMapping | None = None,
    trust_remote_code: bool = False,
) -> Verifier:
    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("transformers") is None:
        raise VerifierError("hf: verifiers need torch and transformers; pip install 'medhal[hf]'")
    path = Path(target).expanduser()
    if not path.exists() and (_looks_like_path(target) or not _HUB_ID.match(target)):
        raise VerifierError(f"hf verifier path does not exist: {target}")
    local = path.exists() or _in_hub_cache(target)
    if not local:
        todo = f"pass a local model folder (hf:/path/to/{target.rsplit('/', 1)[-1]})"
        if _offline():
            raise VerifierError(
                f"hf verifier {target!r} is neither a local folder nor in the Hugging Face cache, and "
                f"HF_HUB_OFFLINE is set: {todo}, or set HF_HUB_OFFLINE=0 with network access to download it"
            )
        reason = _hub_unreachable(HUB_PROBE_SECONDS)
        if reason is not None:
            raise VerifierError(
                f"hf verifier {target!r} is neither a local folder nor in the Hugging Face cache, and the hub "
                f"{_hub_endpoint()} cannot be reached ({reason}): {todo}, or connect to the network "
                "(HF_ENDPOINT, HTTPS_PROXY)"
            )
    from medhal.verify.hf import HFVerifier

    return HFVerifier(
        target,
        batch_size=batch_size,
        max_length=max_length,
        local_files_only=local,
        threads=threads,
        device=device,
        mapping=mapping,
        trust_remote_code=trust_remote_code,
    )


def _load_onnx(
    target: str | Path, batch_size: int, max_length: int | None, threads: int | None, device: str
) -> Verifier:
    if importlib.util.find_spec("onnxruntime") is None or importlib.util.find_spec("tokenizers") is None:
        raise VerifierError("onnx: verifiers need onnxruntime and tokenizers; pip install medhal")
    from medhal.verify.onnx import OnnxVerifier

    return OnnxVerifier(target, batch_size=batch_size, max_length=max_length, threads=threads, device=device)


@dataclass(frozen=True, slots=True)
class LoadedVerifier:
    """A verifier and the calibration its model directory ships (``None``: it ships none, or the verifier was
    built by hand)."""

    verifier: Verifier
    calibration: Calibration | None = None

    @property
    def id(self) -> str:
        """The verifier's id."""
        return self.verifier.id


class VerifierOptions(TypedDict, total=False):
    """The keyword options of :func:`open_verifier` and :func:`load_verifier`."""

    batch_size: int
    max_length: int | None
    cache: str | Path | None
    lexical: bool
    threads: int | None
    device: str | None
    hf_mapping: HFMapping | None
    trust_remote_code: bool
    base_url: str | None
    model_args: Mapping[str, Any] | None
    calibration: str | Path | None


def load_verifier(spec: str | None = None, **options: Unpack[VerifierOptions]) -> Verifier:
    """The verifier of :func:`open_verifier` (same arguments), without its calibration."""
    return open_verifier(spec, **options).verifier


def open_verifier(
    spec: str | None = None,
    *,
    batch_size: int = 16,
    max_length: int | None = None,
    cache: str | Path | None = None,
    lexical: bool = True,
    threads: int | None = None,
    device: str | None = None,
    hf_mapping: HFMapping | None = None,
    trust_remote_code: bool = False,
    base_url: str | None = None,
    model_args: Mapping[str, Any] | None = None,
    calibration: str | Path | None = None,
) -> LoadedVerifier:
    """Build the verifier named by ``spec`` (``embedded`` when ``None``), optionally behind a SQLite cache, and
    read the calibration its model directory ships.

    ``lexical=False`` skips the lexical head a model directory may ship.  ``threads`` caps the model's intra-op
    threads (onnxruntime's, or torch's for ``hf:``); ``device`` is ``cpu`` (the default), ``cuda`` or ``cuda:N``
    (:mod:`medhal.verify.device`; a GPU adds ``+cuda`` to the verifier id, the CPU leaves it as it was).
    ``hf_mapping`` (:class:`~medhal.verify.hf_labels.HFMapping`, ``hf:`` only) says the model kind, where a
    2-class checker's "not supported" mass goes and a seq2seq checker's label words (``PRESETS["minicheck"]`` for
    MiniCheck); ``trust_remote_code`` (``hf:`` only) lets a model that ships its own code (``auto_map``) run it.
    ``base_url`` and ``model_args`` (``-M``) go to an LLM verifier's client (``openai/<model>``; refused for other
    specs); ``calibration`` replaces the shipped calibration (module docstring).
    Raises :class:`VerifierError` (one line) for an unknown scheme, a missing path or optional dependency,
    a model that cannot be loaded, a malformed ``calibration.json``, or ``embedded`` when this build ships no model.
    """
    check_threads(threads)
    where = parse_device(device)
    text = "embedded" if spec is None else spec.strip()
    override = None if calibration is None else read_calibration_path(calibration)
    if is_llm_spec(text):
        if threads is not None:
            raise VerifierError(f"threads apply to local cross-encoders, not to the LLM verifier {text!r}")
        if max_length is None and override is not None:
            max_length = override.max_length
        llm = open_llm_verifier(
            text, base_url=base_url, model_args=model_args, cache=cache, max_length=max_length, device=device
        )
        return LoadedVerifier(llm, override)
    if base_url is not None or model_args:
        raise VerifierError(f"base_url and model_args apply to LLM verifiers (openai/<model>), not {text!r}")
    scheme, sep, target = text.partition(":")
    scheme = scheme.lower()
    verifier: Verifier
    model_dir: Path | None = None
    shipped: Calibration | None = None
    if text.lower() == "embedded:raw":
        text, lexical = "embedded", False
    if text.lower() == "embedded":
        if not (EMBEDDED_DIR / "model.onnx").is_file():
            raise VerifierError(NO_EMBEDDED_MESSAGE)
        model_dir = EMBEDDED_DIR
        calibrated = read_calibration(EMBEDDED_DIR)
        if max_length is None and override is not None:
            max_length = override.max_length
        if max_length is None and calibrated is not None:
            max_length = calibrated.max_length
        verifier = _load_onnx(EMBEDDED_DIR, batch_size, max_length, threads, where)
    elif sep and scheme in ("hf", "onnx"):
        target = target.strip()
        if not target:
            example = "hf:PATH_OR_ID" if scheme == "hf" else "onnx:PATH"
            raise VerifierError(f"verifier spec {text!r} names no model; expected {example}")
        local = Path(target).expanduser()
        model_dir = local if local.is_dir() else (local.parent if local.is_file() else None)
        if scheme == "hf":
            verifier = _load_hf(
                target, batch_size, max_length, threads, where, mapping=hf_mapping, trust_remote_code=trust_remote_code
            )
        else:
            if not Path(target).expanduser().exists():
                raise VerifierError(f"onnx verifier path does not exist: {target}")
            verifier = _load_onnx(target, batch_size, max_length, threads, where)
    else:
        raise VerifierError(f"unknown verifier spec {text!r}; expected one of: {', '.join(SCHEMES)}")
    if model_dir is not None:
        head = read_lexical_head(model_dir) if lexical else None
        if head is not None:
            verifier = LexicalVerifier(verifier, head)
        shipped = read_calibration(model_dir)
    if cache is not None:
        verifier = CachedVerifier(verifier, cache)
    return LoadedVerifier(verifier, shipped if override is None else override)


def read_calibration_path(path: str | Path) -> Calibration:
    """The calibration in ``path``: a ``calibration.json`` (any file name) or a folder holding one.  A missing
    file or a malformed one is a one-line :class:`VerifierError`."""
    given = Path(path).expanduser()
    if given.is_dir():
        found = read_calibration(given)
    elif given.is_file() and given.name == CALIBRATION_FILE:
        found = read_calibration(given.parent)
    elif given.is_file():  # read_calibration reads a folder's calibration.json: lend it one
        with tempfile.TemporaryDirectory(prefix="medhal-calibration-") as folder:
            try:
                shutil.copyfile(given, Path(folder) / CALIBRATION_FILE)
                found = read_calibration(folder)
            except OSError as exc:
                raise VerifierError(f"cannot read calibration {given}: {exc.strerror or exc}") from None
            except VerifierError as exc:
                raise VerifierError(str(exc).replace(str(Path(folder) / CALIBRATION_FILE), str(given))) from None
    else:
        raise VerifierError(f"calibration file does not exist: {given}")
    if found is None:
        raise VerifierError(f"no {CALIBRATION_FILE} in {given}")
    return found
