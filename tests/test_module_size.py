"""Every product module (graphmem/, api/) stays under 400 lines: a module that grows past it
is split by concern, as `client.py` (calls, HTTP, clients) and `neo4j_server/` were."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400
MODULES = sorted([*(ROOT / "graphmem").rglob("*.py"), *(ROOT / "api").rglob("*.py")])


def test_there_are_modules() -> None:
    assert len(MODULES) > 50


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_is_under_the_limit(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines < MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines (limit {MAX_LINES})"
