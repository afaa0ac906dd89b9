"""Model clients, retries, the response cache, run directories, parsing and prompts: how medhal talks to LLMs.

This package knows :mod:`medhal.text` only (DESIGN.md).  The pieces:

* :mod:`~medhal.llm.base`: request/result records and the async :class:`ModelClient` Protocol;
* :func:`load_client` (``openai/``, ``hf/``, ``vllm/`` specs), :mod:`~medhal.llm.retry`;
  :class:`BalancedClient` (several replicas of one ``openai/`` model, ``--base-url URL1,URL2``);
* :class:`ResponseCache` (SQLite, WAL), :class:`RunDir` (``runs/<UTC>_<name>/``, resumable);
* :class:`Engine`: cache + client + run directory + progress; what benchmarks call;
* :mod:`~medhal.llm.parsing` (tolerant parsers returning values or :class:`ParseFailure`),
  :mod:`~medhal.llm.prompts` (templates with seeded few-shot choice), :mod:`~medhal.llm.metrics`.

Heavy backends (transformers, vLLM) are imported only when a client for them is built.
"""

from __future__ import annotations

from medhal.llm.balance import BalancedClient, HealthPolicy, ReplicaStats
from medhal.llm.base import (
    STATUSES,
    GenerationConfig,
    GenerationRequest,
    GenerationResult,
    ImagePart,
    LLMConfigError,
    Message,
    ModelClient,
    RequestError,
    Status,
    TextPart,
    message_from_dict,
)
from medhal.llm.cache import CacheError, CacheStats, ResponseCache, default_cache_path, sample_key
from medhal.llm.engine import Engine, ProgressSink, RunSummary, WorkItem, run_sync
from medhal.llm.metrics import Accuracy, accuracy, run_metrics
from medhal.llm.openai import OpenAIClient, Timeouts
from medhal.llm.parsing import (
    ParseFailure,
    parse_json_object,
    parse_key_values,
    parse_option,
    parse_yes_no,
)
from medhal.llm.prompts import Example, PromptTemplate, TemplateError, select_examples
from medhal.llm.registry import PROVIDERS, ModelSpec, load_client, parse_model_spec
from medhal.llm.retry import RetryPolicy
from medhal.llm.runs import RunDir, RunDirError

__all__ = [
    "PROVIDERS",
    "STATUSES",
    "Accuracy",
    "BalancedClient",
    "CacheError",
    "CacheStats",
    "Engine",
    "Example",
    "GenerationConfig",
    "GenerationRequest",
    "GenerationResult",
    "HealthPolicy",
    "ImagePart",
    "LLMConfigError",
    "Message",
    "ModelClient",
    "ModelSpec",
    "OpenAIClient",
    "ParseFailure",
    "ProgressSink",
    "PromptTemplate",
    "ReplicaStats",
    "RequestError",
    "ResponseCache",
    "RetryPolicy",
    "RunDir",
    "RunDirError",
    "RunSummary",
    "Status",
    "TemplateError",
    "TextPart",
    "Timeouts",
    "WorkItem",
    "accuracy",
    "default_cache_path",
    "load_client",
    "message_from_dict",
    "parse_json_object",
    "parse_key_values",
    "parse_model_spec",
    "parse_option",
    "parse_yes_no",
    "run_metrics",
    "run_sync",
    "sample_key",
    "select_examples",
]
