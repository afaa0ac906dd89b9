from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
EXAMPLES = REPO / "examples"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not present")
    return SHARED_DATA


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(autouse=True)
def _isolated_llm_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own LLM response cache: the default one is the user's (``~/.cache/medhal``), and a
    stub server's answers cached there by one test (keyed by its URL, port included) were served to a later
    stub that happened to get the same port, so the later test saw no requests."""
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path_factory.mktemp("llm-cache") / "llm.sqlite"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
