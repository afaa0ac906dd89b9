"""``hf/<hub id or path>``: local generation with transformers (``AutoModelForCausalLM``), batched.

torch and transformers are imported when an :class:`HFClient` is built, never when medhal is imported
(``pip install 'medhal[hf]'``).  Chat requests are rendered with the tokenizer's chat template when it has one
(``add_generation_prompt=True``); otherwise with a plain ``System: / User: / Assistant:`` transcript.  Prompts
are left-padded and generated in batches of ``batch_size`` that share one generation config.

Decoding follows the request's :class:`~medhal.llm.base.GenerationConfig` exactly: ``temperature == 0`` is
greedy (``do_sample=False``; ``n > 1`` greedy samples are copies of one), otherwise sampling with temperature and
top-p.  Seeded sampling runs each request alone under ``torch.manual_seed(seed)`` inside ``fork_rng`` so the
samples depend on (prompt, seed) only, not on batch composition, and may be cached.  Seed 001 "Paper vs code"
(Decoding) shows why: an inverted ``--greedy`` flag silently made a "temperature 0.6" run greedy.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, LLMConfigError
from medhal.llm.local import LocalClient, failed_results, ok_result

__all__ = ["HF_INSTALL_HINT", "HFClient"]

HF_INSTALL_HINT = "hf/ models need torch and transformers; pip install 'medhal[hf]'"


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    text = lines[0] if lines else ""
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__


def _position_limit(model: Any) -> int | None:
    config = getattr(model, "config", None)
    for name in ("max_position_embeddings", "n_positions", "max_sequence_length", "seq_length"):
        value = getattr(config, name, None)
        if isinstance(value, int) and value > 0:
            return value
    return None


class HFClient(LocalClient):
    """A :class:`~medhal.llm.base.ModelClient` running a causal LM in this process.

    Build from a hub id or local folder (``HFClient("Qwen/Qwen2.5-0.5B-Instruct")``) or from objects you already
    have (``HFClient("tiny", model=model, tokenizer=tokenizer)``; the tokenizer's padding side is set to left).
    """

    def __init__(
        self,
        name_or_path: str,
        *,
        model: Any = None,
        tokenizer: Any = None,
        device: str = "cpu",
        batch_size: int = 8,
        dtype: str | None = None,
        trust_remote_code: bool = False,
    ) -> None:
        if not name_or_path:
            raise LLMConfigError("hf/ needs a hub id or a local path: hf/<id or path>")
        if batch_size < 1:
            raise LLMConfigError(f"batch_size must be >= 1, got {batch_size}")
        try:
            import torch
            import transformers
        except ImportError:
            raise LLMConfigError(HF_INSTALL_HINT) from None
        self._torch: Any = torch
        self._name = name_or_path
        self._device = device
        self._batch_size = batch_size
        self._dtype = dtype
        if tokenizer is None:
            try:
                tokenizer = transformers.AutoTokenizer.from_pretrained(
                    name_or_path, trust_remote_code=trust_remote_code
                )
            except Exception as exc:
                raise LLMConfigError(f"cannot load the tokenizer of {name_or_path}: {_first_line(exc)}") from None
        if model is None:
            kwargs: dict[str, Any] = {"trust_remote_code": trust_remote_code}
            if dtype is not None:
                kwargs["dtype"] = getattr(torch, dtype)
            try:
                model = transformers.AutoModelForCausalLM.from_pretrained(name_or_path, **kwargs)
            except Exception as exc:
                raise LLMConfigError(f"cannot load the model {name_or_path}: {_first_line(exc)}") from None
        self._model: Any = model.to(device).eval()
        self._tokenizer: Any = tokenizer
        if tokenizer.pad_token_id is None:
            if tokenizer.eos_token is None:
                raise LLMConfigError(f"the tokenizer of {name_or_path} has neither a pad nor an eos token")
            tokenizer.pad_token = tokenizer.eos_token
        tokenizer.padding_side = "left"
        self._limit = _position_limit(self._model)
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return f"hf/{self._name}"

    @property
    def has_chat_template(self) -> bool:
        return bool(getattr(self._tokenizer, "chat_template", None))

    def describe(self) -> dict[str, Any]:
        return {
            "provider": "hf",
            "model": self._name,
            "device": self._device,
            "batch_size": self._batch_size,
            "dtype": self._dtype,
            "chat_template": self.has_chat_template,
            "position_limit": self._limit,
        }

    def render(self, request: GenerationRequest) -> str:
        """The exact text the model is given for ``request``."""
        if request.prompt is not None:
            return request.prompt
        assert request.messages is not None
        if request.has_images:
            raise ValueError("hf/ text models cannot take images")
        turns = [{"role": m.role, "content": m.text} for m in request.messages]
        if self.has_chat_template:
            rendered = self._tokenizer.apply_chat_template(turns, add_generation_prompt=True, tokenize=False)
            return str(rendered)
        lines = [f"{t['role'].capitalize()}: {t['content']}" for t in turns]
        return "\n".join([*lines, "Assistant:"])

    def _check_length(self, tokens: int, config: GenerationConfig) -> str | None:
        if self._limit is not None and tokens + config.max_tokens > self._limit:
            return (
                f"prompt of {tokens} tokens + max_tokens {config.max_tokens} "
                f"exceeds the model's {self._limit} positions"
            )
        return None

    def _decode(self, row: Any, stops: tuple[str, ...]) -> tuple[str, str]:
        ids = [int(t) for t in row]
        eos = self._tokenizer.eos_token_id
        eos_ids = set(eos if isinstance(eos, list) else [eos]) - {None}
        finish = "length"
        for position, token in enumerate(ids):
            if token in eos_ids:
                ids = ids[:position]
                finish = "stop"
                break
        text = str(self._tokenizer.decode(ids, skip_special_tokens=True))
        cuts = [text.find(s) for s in stops if s in text]
        if cuts:
            text = text[: min(cuts)]
            finish = "stop"
        return text, finish

    def _run(self, prompts: list[str], config: GenerationConfig, chat: bool) -> list[tuple[list[str], list[str]]]:
        torch = self._torch
        encoded = self._tokenizer(prompts, return_tensors="pt", padding=True, add_special_tokens=not chat)
        encoded = {k: v.to(self._device) for k, v in encoded.items() if k in ("input_ids", "attention_mask")}
        sampling = not config.greedy
        repeats = config.n if sampling else 1
        kwargs: dict[str, Any] = {
            "max_new_tokens": config.max_tokens,
            "do_sample": sampling,
            "num_return_sequences": repeats,
            "pad_token_id": self._tokenizer.pad_token_id,
        }
        if sampling:
            kwargs.update(temperature=config.temperature, top_p=config.top_p)
        else:
            kwargs.update(temperature=None, top_p=None, top_k=None)
        with torch.inference_mode():
            output = self._model.generate(**encoded, **kwargs)
        new_tokens = output[:, encoded["input_ids"].shape[1] :]
        results: list[tuple[list[str], list[str]]] = []
        for i in range(len(prompts)):
            texts: list[str] = []
            finishes: list[str] = []
            for j in range(repeats):
                text, finish = self._decode(new_tokens[i * repeats + j], config.stop)
                texts.append(text)
                finishes.append(finish)
            if not sampling:
                texts, finishes = texts * config.n, finishes * config.n
            results.append((texts, finishes))
        return results

    def _generate_sync(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        results: dict[int, GenerationResult] = {}
        groups: dict[tuple[GenerationConfig, bool], list[tuple[int, str]]] = {}
        for index, request in enumerate(requests):
            try:
                text = self.render(request)
            except Exception as exc:
                results[index] = GenerationResult(request.id, "input_error", reason=f"cannot render: {exc}")
                continue
            chat = request.messages is not None and self.has_chat_template
            tokens = len(self._tokenizer(text, add_special_tokens=not chat)["input_ids"])
            problem = self._check_length(tokens, request.config)
            if problem is not None:
                results[index] = GenerationResult(request.id, "input_error", reason=problem)
                continue
            groups.setdefault((request.config, chat), []).append((index, text))
        with self._lock:
            for (config, chat), members in groups.items():
                seeded = not config.greedy and config.seed is not None
                step = 1 if seeded else self._batch_size
                for start in range(0, len(members), step):
                    batch = members[start : start + step]
                    began = time.perf_counter()
                    try:
                        if seeded:
                            with self._torch.random.fork_rng(devices=[]):
                                self._torch.manual_seed(config.seed)
                                outputs = self._run([t for _, t in batch], config, chat)
                        else:
                            outputs = self._run([t for _, t in batch], config, chat)
                    except Exception as exc:
                        results.update(failed_results(requests, (i for i, _ in batch), "generation failed", exc))
                        continue
                    latency = time.perf_counter() - began
                    for (index, _), (texts, finishes) in zip(batch, outputs, strict=True):
                        results[index] = ok_result(requests[index], texts, finishes, latency)
        return [results[i] for i in range(len(requests))]
