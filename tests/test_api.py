"""docs/api.md lists exactly the public names of each public package (its ``__all__``), and each name imports."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

API = Path(__file__).resolve().parents[1] / "docs" / "api.md"
PACKAGES = ("medhal", "medhal.detect", "medhal.verify", "medhal.bench", "medhal.data", "medhal.llm", "medhal.errors")


def _documented() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in API.read_text(encoding="utf-8").splitlines():
        heading = re.fullmatch(r"## `([\w.]+)`", line)
        if heading:
            current = heading.group(1)
            sections[current] = []
        elif current and (item := re.match(r"- `([\w]+)`", line)):
            sections[current].append(item.group(1))
    return sections


def test_every_public_package_has_a_section() -> None:
    assert tuple(_documented()) == PACKAGES


@pytest.mark.parametrize("package", PACKAGES)
def test_section_matches_all(package: str) -> None:
    module = importlib.import_module(package)
    exported = list(module.__all__)
    assert _documented()[package] == exported
    for name in exported:
        assert getattr(module, name) is not None
