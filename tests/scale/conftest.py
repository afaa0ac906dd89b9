from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[ModuleType]:
    """A local Ray of two CPUs for the session, whose workers import ``tests/scale`` and ``tests`` modules."""
    ray = pytest.importorskip("ray")
    path = os.pathsep.join([str(HERE), str(HERE.parent), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    env = {"env_vars": {"PYTHONPATH": path}}
    ray.init(address="local", num_cpus=2, include_dashboard=False, runtime_env=env)  # never a stale cluster
    try:
        yield ray
    finally:
        ray.shutdown()
