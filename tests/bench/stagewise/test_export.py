from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.bench.stagewise.export import LORA_SETTINGS, VARIANTS, export_finetune, training_example
from medhal.data.stagewise import item_from_dict
from medhal.llm import message_from_dict

REF = {"vr": "An avulsed fragment at the anterior inferior iliac spine.",
       "kr": "The rectus femoris originates at the anterior inferior iliac spine.",
       "ri": "An AIIS avulsion pulls off the rectus femoris origin.", "answer": "rectus femoris"}  # fmt: skip


def items(tmp_path: Path) -> list:  # type: ignore[type-arg]
    image = tmp_path / "pelvis.png"
    image.write_bytes(b"\x89PNG")
    return [
        item_from_dict({"id": "img", "question": "Which muscle?", "answer": "rectus femoris", "images": [str(image)],
                        "reference": REF}),
        item_from_dict({"id": "mcq", "question": "Which muscle?", "options": ["Gluteus medius", "Rectus femoris"],
                        "answer": "B", "reference": REF}),
        item_from_dict({"id": "noref", "question": "Which?", "answer": "x"}),
    ]  # fmt: skip


def read_jsonl(path: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_training_examples_per_variant(tmp_path: Path) -> None:
    img, mcq, noref = items(tmp_path)
    prompt, target = training_example(mcq, "answer")
    assert target == "Answer: B" and "Visual Recognition" not in prompt and "B. Rectus femoris" in prompt
    prompt, target = training_example(mcq, "vk")
    assert target.startswith("Visual Recognition: An avulsed") and "Knowledge Recall: The rectus" in target
    assert "Reasoning Integration" not in target and target.endswith("Answer: B")
    prompt, target = training_example(img, "full")
    assert target.count(":") >= 4 and "Reasoning Integration: An AIIS" in target and "Reasoning Integration" in prompt
    assert training_example(img, "k")[1].startswith("Knowledge Recall:")
    with pytest.raises(ValueError, match="no reference"):
        training_example(noref, "v")
    with pytest.raises(ValueError, match="unknown variant"):
        training_example(img, "vkr")


def test_export_files_are_valid_jsonl_in_the_documented_formats(tmp_path: Path) -> None:
    out = tmp_path / "ft"
    report = export_finetune(items(tmp_path), out)
    assert report.rows == 2 and report.skipped_no_reference == 1
    assert len(report.files) == len(VARIANTS) * 3 + 2
    for variant in VARIANTS:
        chat = read_jsonl(out / f"{variant}.chat.jsonl")
        assert [r["id"] for r in chat] == ["img", "mcq"] and all(r["variant"] == variant for r in chat)
        for row in chat:
            roles = [m["role"] for m in row["messages"]]
            assert roles == ["system", "user", "assistant"]
            messages = [message_from_dict(m) for m in row["messages"]]  # medhal reads them back, images included
            assert messages[2].text.endswith(("Answer: rectus femoris", "Answer: B"))
        assert messages[1].has_images is False and chat[0]["messages"][1]["content"][0]["type"] == "image"
        alpaca = read_jsonl(out / f"{variant}.alpaca.jsonl")
        assert all(set(r) == {"instruction", "input", "output", "system", "images"} for r in alpaca)
        assert alpaca[0]["instruction"].startswith("<image>") and alpaca[0]["images"] == [str(tmp_path / "pelvis.png")]
        assert alpaca[1]["images"] == [] and not alpaca[1]["instruction"].startswith("<image>")
        share = read_jsonl(out / f"{variant}.sharegpt.jsonl")
        for row in share:
            assert [t["from"] for t in row["conversations"]] == ["human", "gpt"] and "system" in row
        assert share[0]["conversations"][0]["value"].count("<image>") == len(share[0]["images"]) == 1
        assert alpaca[0]["output"] == share[0]["conversations"][1]["value"] == chat[0]["messages"][2]["content"]
    info = json.loads((out / "dataset_info.json").read_text())
    assert info["stagewise_full_sharegpt"] == {
        "file_name": "full.sharegpt.jsonl",
        "formatting": "sharegpt",
        "columns": {"messages": "conversations", "system": "system", "images": "images"},
    }
    assert info["stagewise_v_alpaca"]["columns"]["prompt"] == "instruction"
    yaml = (out / "lora_sft.yaml").read_text()
    assert "lora_rank: 8\n" in yaml and "lora_alpha: 16\n" in yaml and "learning_rate: 0.0001\n" in yaml
    assert "lr_scheduler_type: cosine\n" in yaml and "warmup_ratio: 0.1\n" in yaml and LORA_SETTINGS["lora_rank"] == 8
    assert "dataset: stagewise_full_alpaca\n" in yaml


def test_text_only_export_has_no_image_column(tmp_path: Path) -> None:
    out = tmp_path / "ft"
    text_only = [i for i in items(tmp_path) if not i.images]
    export_finetune(text_only, out, variants=["full"], formats=["alpaca"])
    assert sorted(p.name for p in out.iterdir()) == ["dataset_info.json", "full.alpaca.jsonl", "lora_sft.yaml"]
    assert "images" not in read_jsonl(out / "full.alpaca.jsonl")[0]
    assert "images" not in json.loads((out / "dataset_info.json").read_text())["stagewise_full_alpaca"]["columns"]
    with pytest.raises(ValueError, match="unknown variant or format 'xml'"):
        export_finetune(text_only, out, formats=["xml"])
