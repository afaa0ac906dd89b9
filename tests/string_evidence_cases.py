"""String-evidence cases whose records were saved before evidence passages existed (issue 19).

``detect/data/string_evidence_records.json`` holds the records these cases produced with the code of before the
change (``medhal_version`` and ``timings`` left out); ``tests/detect/test_passages.py`` checks today's code still
writes them byte for byte.  Regenerate only on purpose (the file is the evidence that string records did not change):
``python tests/string_evidence_cases.py > tests/detect/data/string_evidence_records.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fakes import RuleVerifier  # noqa: E402
from medhal.detect import CheckItem, create_detector  # noqa: E402
from medhal.detect.records import JSONObject  # noqa: E402

EXAMPLES = HERE.parent / "examples"
GOLDEN = HERE / "detect" / "data" / "string_evidence_records.json"
RULES = [
    ("Mayor Lena Ortiz said the expansion", "opposed"),
    ("Lactic acidosis did not occur", "lactic acidosis in"),
]
CASES: tuple[tuple[str, str, dict[str, object], int], ...] = (
    ("decomposed-aligned", "decomposed", {}, 512),
    ("decomposed-seed", "decomposed", {"aggregation": "seed"}, 512),
    ("decomposed-skip-short", "decomposed", {"long_windows": "skip"}, 40),
    ("decomposed-split-short", "decomposed", {"long_windows": "split"}, 40),
    ("decomposed-max-windows", "decomposed", {"max_windows": 2, "units": "sentence"}, 60),
    ("nli-clause-whole", "nli-clause", {}, 512),
    ("nli-clause-windows", "nli-clause", {"premise": "windows"}, 40),
    ("nli-response", "nli-response", {}, 512),
)
"""(name, detector, options, verifier max_length)."""


def items() -> list[CheckItem]:
    out = []
    for stem in ("", "transit_"):
        evidence = (EXAMPLES / f"{stem}evidence.txt").read_text(encoding="utf-8")
        response = (EXAMPLES / f"{stem}response.txt").read_text(encoding="utf-8")
        out.append(CheckItem(evidence, response, id=stem or "metformin"))
    out.append(CheckItem("Aspirin\x00 lowers fever. It is cheap\ud800.", "Aspirin lowers fever.", id="cleaned"))
    out.append(CheckItem("   ", "Aspirin lowers fever.", id="empty"))
    return out


def records() -> dict[str, list[JSONObject]]:
    """Every case's records of :func:`items` (to_dict without timings, ``medhal_version`` dropped)."""
    out: dict[str, list[JSONObject]] = {}
    for name, detector, options, max_length in CASES:
        built = create_detector(detector, RuleVerifier(RULES, max_length=max_length), **options)
        rows = []
        for result in built.detect_many(items()):
            record = result.to_dict(timings=False)
            record.pop("medhal_version")
            rows.append(record)
        out[name] = rows
    return out


if __name__ == "__main__":
    print(json.dumps(records(), ensure_ascii=False, indent=1, sort_keys=True))
