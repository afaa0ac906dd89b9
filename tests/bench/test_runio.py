from __future__ import annotations

import json
import math
from pathlib import Path

from medhal.bench.runio import json_line, json_safe, write_json


def test_non_finite_floats_become_null_everywhere(tmp_path: Path) -> None:
    value = {"a": math.nan, 1: [math.inf, (1.5, -math.inf)], "s": "ü"}
    assert json_safe(value) == {"a": None, "1": [None, [1.5, None]], "s": "ü"}
    line = json_line(value)
    assert line.endswith("\n") and "NaN" not in line and "ü" in line
    path = tmp_path / "m.json"
    write_json(path, value)
    assert json.loads(path.read_text(encoding="utf-8")) == json_safe(value)
    assert not (tmp_path / "m.json.tmp").exists()
