"""ship: fit the lexical head and the calibration on dev data, write them, install the model files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import medhal.train.ship as ship_module
from fakes import RuleVerifier
from medhal.train.__main__ import SMOKE_MIX
from medhal.verify.calibration import read_calibration
from medhal.verify.lexical import read_lexical_head


def _medhal_loc(root: Path) -> None:
    rows = []
    for i in range(6):
        evidence = f"Aspirin reduced the risk of stroke by {20 + i}% in elderly patients. Bleeding was rare."
        clean = f"Aspirin reduced the risk of stroke by {20 + i}%, and bleeding was rare."
        bad = f"Aspirin reduced the risk of stroke by {20 + i}%, and bleeding was frequent."
        rows.append(
            {
                "id": f"x{i}",
                "target_type": "relation_error",
                "evidence": evidence,
                "clean_text": clean,
                "hallucinated_text": bad,
                "gold_span": "bleeding was frequent",
            }
        )
    path = root / "medhal_loc" / "controlled_dev.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


@pytest.mark.parametrize("lexical", [True, False])
def test_ship_writes_head_calibration_and_card(
    lexical: bool, fake_data_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _medhal_loc(fake_data_root)
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text(json.dumps({"medhal_max_length": 128}))
    (model / "model_card.md").write_text("# card\n\n## Limits\n\n- small\n")
    (model / "model.onnx").write_bytes(b"not really onnx")
    mix = {"seed": 13, "data_root": str(fake_data_root), **SMOKE_MIX}
    (model / "mix.json").write_text(json.dumps({"mix_config": mix}))
    made: list[Any] = []

    def fake_onnx(model_dir: Path, batch_size: int, max_length: int | None) -> RuleVerifier:
        made.append((model_dir, max_length))
        return RuleVerifier(max_length=max_length or 512)

    monkeypatch.setattr(ship_module, "OnnxVerifier", fake_onnx)
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "lexical.json").write_text("{}")  # a stale head from an earlier install must not survive
    result = ship_module.ship(model, fake_data_root, dest=dest, lexical=lexical)
    assert made == [(model, 128)]
    calibration = read_calibration(dest)
    assert calibration is not None and calibration.max_length == 128
    assert set(calibration.response_thresholds) == {"decomposed", "nli-clause", "nli-response"}
    card = (dest / "model_card.md").read_text()
    assert card.count("## Calibration") == 1 and (dest / "model.onnx").read_bytes() == b"not really onnx"
    if lexical:
        head = read_lexical_head(dest)
        assert head is not None and result["lexical"]["coef"] == [list(r) for r in head.coef]
        assert "contrast_heldout" in head.report["cross_fit"] and "## Lexical head" in card
        assert "Limits of the head" in card
        # shipping again replaces the sections instead of appending them twice
        ship_module.ship(model, fake_data_root, dest=dest, lexical=lexical)
        assert (dest / "model_card.md").read_text().count("## Lexical head") == 1
    else:
        assert not (dest / "lexical.json").exists() and result["lexical"] is None and "## Lexical head" not in card
