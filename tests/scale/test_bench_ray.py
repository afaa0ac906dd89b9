"""``bench localization|detection --engine ray``: the suite's chunks on a Ray actor pool give its local records."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from scale_fakes import EVIDENCES, rule_detectors

from medhal.bench.localization.suite import SUITE, LocalizationSpec
from medhal.bench.suite import execute
from medhal.data.medhal_loc import LocItem
from medhal.scale import RayOptions, ray_runners


def _items() -> list[LocItem]:
    out = []
    for k in range(40):
        evidence = f"{EVIDENCES[k % 3]} Study {k} enrolled adults."
        clean = evidence.split(". ")[0] + "."
        wrong = "Ibuprofen lowered blood pressure in the cohort." if k % 2 else "Sleep worsened."
        out.append(LocItem(f"x{k}", "relation_error", "q", evidence, clean, f"{clean} {wrong}", wrong[:-1]))
    return out


def _stable(path: Path) -> str:
    return re.sub(r'"(seconds|timings)": (\{[^}]*\}|[0-9.e-]+)', "", path.read_text())


def test_localization_on_ray_equals_local(ray_cluster: ModuleType, tmp_path: Path) -> None:
    items = _items()  # 80 checks: two chunks per detector
    execute(SUITE, LocalizationSpec(items, rule_detectors, resamples=0, clauses="code"), tmp_path / "local")
    runners = ray_runners(rule_detectors, RayOptions(num_workers=2, threads=1), clauses="code")
    spec = LocalizationSpec(items, rule_detectors, resamples=0, clauses="code", runners=runners)
    execute(SUITE, spec, tmp_path / "ray")
    for name in ("items.jsonl", "metrics.json"):
        assert _stable(tmp_path / "ray" / name) == _stable(tmp_path / "local" / name)
    again = execute(SUITE, spec, tmp_path / "ray")  # resumed from checks/: nothing is sent to Ray again
    assert set(again.result.detectors) == {"nli-clause", "decomposed"}
