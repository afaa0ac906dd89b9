"""Benchmarks: one subpackage per suite, metrics as pure functions beside the suites that do I/O.

Every suite implements :class:`Suite` (load -> config -> run -> score -> write) and is registered by name in
:data:`SUITES`; :func:`execute` runs one into a run directory with one ``config.json`` (docs/architecture.md).
"""

from medhal.bench.suite import SUITES, RunConfig, Suite, SuiteResult, execute, get_suite

__all__ = ["SUITES", "RunConfig", "Suite", "SuiteResult", "execute", "get_suite"]
