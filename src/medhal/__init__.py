"""medhal: find, localize and benchmark hallucinations in medical LLM output.

Quick use::

    import medhal
    result = medhal.check(evidence, response)          # one item, default verifier
    checker = medhal.Checker(verifier="onnx:PATH")    # load once, check many
    results = checker.check_many(items)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medhal._version import __version__

__all__ = ["CheckItem", "CheckResult", "Checker", "__version__", "check"]

if TYPE_CHECKING:
    from medhal.checker import Checker, check
    from medhal.detect.records import CheckItem, CheckResult


def __getattr__(name: str) -> Any:
    if name in ("Checker", "check"):
        from medhal import checker

        return getattr(checker, name)
    if name in ("CheckItem", "CheckResult"):
        from medhal.detect import records

        return getattr(records, name)
    raise AttributeError(f"module 'medhal' has no attribute {name!r}")
