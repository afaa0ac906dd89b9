"""Every exception medhal raises, under one root.

Catch :class:`MedhalError` for anything medhal refuses or cannot do; catch a branch for one kind of problem::

    MedhalError                       the root: never raised itself
    ├── UsageError                    a command line medhal refuses (cli); ValueError
    ├── ConfigError                   an option or spec that is invalid or needs what is not installed; ValueError
    │   ├── LLMConfigError            a model spec or client option (llm.base)
    │   └── DetectorSpecError         a detector spec: unknown name, key or value (detect.registry)
    ├── InputError                    an item, request or prompt medhal refuses to work on; ValueError
    │   ├── RequestError              a malformed generation request or message (llm.base)
    │   ├── TemplateError             a prompt template and the item it is filled from do not fit (llm.prompts)
    │   └── PromptError               a prompt that cannot be built for a suite (bench.paired, bench.medhalt)
    ├── DataError                     a file that cannot be read as its format; ValueError
    │   ├── DataFormatError           a dataset file (data.errors)
    │   │   └── DataFileNotFoundError a dataset path that does not exist; also FileNotFoundError
    │   ├── PredictionsFileError      a predictions file (bench.paired, bench.medhalt; bench.localization's
    │   │                             PredictionError is the same class)
    │   └── RecordsFileError          a records or human-label file (bench.stagewise)
    ├── OutputPathError               an output medhal will not write (symlink, existing file, no folder); ValueError
    ├── RunDirError                   a run directory that cannot be created, opened, locked, resumed or read;
    │                                 RuntimeError
    ├── BackendError                  something medhal loads or calls cannot be used
    │   ├── VerifierError             a verifier cannot be loaded or run (verify.base); RuntimeError
    │   ├── EmbedderError             an embedder cannot be loaded or run (detect.embedding); RuntimeError
    │   ├── CacheError                the response cache cannot be opened, read or written (llm.cache); RuntimeError
    │   └── ModelClientError          a model client or its server cannot be called
    │       └── AttemptError          one failed attempt, retried or given up on (llm.retry)
    ├── ServiceError                  the HTTP service answers with an error status (serve)
    │   ├── APIError                  an error body with its HTTP status (serve.middleware)
    │   ├── QueueFullError            too many items waiting: 503 (serve.batching); RuntimeError
    │   └── BatcherClosedError        the batcher is not running (serve.batching); RuntimeError
    └── InvariantError                a value that breaks an invariant medhal checks: a bug upstream
        ├── SpanError                 a span that does not slice back to its text (text.spans); ValueError
        └── BoundViolationError       a pair report no real predictions can give (bench.paired.metrics); ValueError

A class keeps the builtin base it had before the tree (the ``ValueError`` / ``RuntimeError`` after ``;``), so
``except ValueError`` code keeps working; a branch without one (:class:`BackendError`, :class:`ServiceError`,
:class:`InvariantError`) adds none to its members.  Every message is one line, so a face can print it as is.

The command line maps the branches to exit statuses in one place (``medhal.cli.main``): usage, config, input,
data, output, run-directory and backend errors exit 2 with the message; anything else, the service and invariant
branches included, is a bug and exits 3.  This module is a leaf: it imports nothing from medhal, so every layer
may raise from it.  Each class is also importable from the module named in brackets, as the same object.
"""

from __future__ import annotations

__all__ = [
    "BackendError",
    "ConfigError",
    "DataError",
    "InputError",
    "InvariantError",
    "MedhalError",
    "ModelClientError",
    "OutputPathError",
    "PredictionsFileError",
    "PromptError",
    "RunDirError",
    "ServiceError",
    "UsageError",
    "VerifierError",
]


class MedhalError(Exception):
    """The root of every exception medhal raises (see the tree in :mod:`medhal.errors`)."""


class UsageError(MedhalError, ValueError):
    """Bad arguments or unreadable input on the command line: reported on one line, exit status 2."""


class ConfigError(MedhalError, ValueError):
    """An option or spec is invalid, or needs something this installation lacks; the message is one line."""


class InputError(MedhalError, ValueError):
    """An item cannot be checked as given (empty text, over a size limit, ...); the message is one line."""


class DataError(MedhalError, ValueError):
    """A file cannot be read as its format; the message is one line naming the file and, where it applies, the
    line (``path:line: problem``)."""


class OutputPathError(MedhalError, ValueError):
    """An output path that cannot or must not be written (symlink, existing file, missing folder): one line."""


class RunDirError(MedhalError, RuntimeError):
    """A run directory cannot be created, opened, locked, resumed or written, or a folder is not a run directory
    of the kind asked for (one-line message)."""


class BackendError(MedhalError):
    """Something medhal loads or calls (a verifier, an embedder, a model client, the response cache) cannot be
    used; the message is one line."""


class VerifierError(BackendError, RuntimeError):
    """A verifier cannot be loaded or run (missing file, missing optional dependency, bad spec)."""


class ModelClientError(BackendError):
    """A model client or the server behind it cannot be called."""


class ServiceError(MedhalError):
    """The HTTP service answers a request with an error status instead of a result."""


class InvariantError(MedhalError):
    """A value breaks an invariant medhal checks: a bug in whatever produced it, not in the user's input."""


class PromptError(InputError):
    """A prompt cannot be built: a prompt file is missing or malformed, a variant, shot count or configuration is
    not available, or a note cannot be turned into a prompt (unsupported language, empty text); one line."""


class PredictionsFileError(DataError):
    """A predictions file cannot be read (one-line message naming the file and, where it applies, the line)."""
