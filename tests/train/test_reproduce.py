"""The reproduce command written into the model card parses back to the same configuration."""

from __future__ import annotations

import shlex
from pathlib import Path

from medhal.train.__main__ import parse_args
from medhal.train.card import reproduce_command
from medhal.train.config import TrainConfig


def _roundtrip(config: TrainConfig) -> TrainConfig:
    command = reproduce_command(config)
    assert command.startswith("PYTHONPATH=src python -m medhal.train ")
    return parse_args(shlex.split(command.split("medhal.train ", 1)[1]))


def test_continuation_command_roundtrips() -> None:
    argv = [
        "--data-root", "../shared/data", "--out", "artifacts/embedded-v2", "--fp32-out", "artifacts/embedded-v2-fp32",
        "--init-checkpoint", "artifacts/embedded-fp32",
        "--max-steps", "300", "--schedule-by-steps", "--minutes", "25", "--max-length", "192", "--lr", "3e-5",
        "--warmup", "0.06", "--mix", '{"conclusions": 3360, "base_keep": 1440}',
    ]  # fmt: skip
    config = parse_args(argv)
    assert not config.schedule_by_time
    assert config.mix_overrides == {"conclusions": 3360, "base_keep": 1440}
    assert _roundtrip(config) == config


def test_default_command_roundtrips() -> None:
    config = parse_args(["--data-root", "data"])
    assert config.schedule_by_time
    assert config.out_dir == Path("artifacts/embedded")
    assert _roundtrip(config) == config
