"""JSON files beside a model (medhal.verify._sidecar): written sorted and indented, read through a builder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from medhal.verify._sidecar import read_sidecar, write_sidecar
from medhal.verify.base import VerifierError


def _build(raw: Any) -> tuple[int, str]:
    return int(raw["n"]), str(raw.get("name", ""))


def test_round_trip_and_layout(tmp_path: Path) -> None:
    path = write_sidecar(tmp_path, "side.json", {"n": 3, "name": "x"})
    assert path == tmp_path / "side.json"
    assert path.read_text(encoding="utf-8") == '{\n  "n": 3,\n  "name": "x"\n}\n'
    assert read_sidecar(tmp_path, "side.json", _build) == (3, "x")


def test_absent_file_is_none(tmp_path: Path) -> None:
    assert read_sidecar(tmp_path, "side.json", _build) is None


@pytest.mark.parametrize("text", ["{", '{"name": "x"}', "[1]", '{"n": "three"}'])
def test_malformed_raises_one_line(tmp_path: Path, text: str) -> None:
    (tmp_path / "side.json").write_text(text, encoding="utf-8")
    with pytest.raises(VerifierError, match=r"^malformed .*side\.json: "):
        read_sidecar(tmp_path, "side.json", _build)
