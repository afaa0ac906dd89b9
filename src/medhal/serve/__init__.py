"""``medhal serve``: the HTTP checking service (needs the ``serve`` extra: ``pip install 'medhal[serve]'``).

:func:`create_app` loads a verifier once and returns a FastAPI app; concurrent requests are gathered into shared
verifier batches.  Importing this package imports FastAPI: the CLI imports it lazily.
"""

from medhal.serve.app import create_app
from medhal.serve.batching import MicroBatcher
from medhal.serve.metrics import Metrics
from medhal.serve.service import SERVABLE_DETECTORS, SERVABLE_UNITS, TOKEN_ENV, CheckRequest, ServeConfig

__all__ = [
    "SERVABLE_DETECTORS",
    "SERVABLE_UNITS",
    "TOKEN_ENV",
    "CheckRequest",
    "Metrics",
    "MicroBatcher",
    "ServeConfig",
    "create_app",
]
