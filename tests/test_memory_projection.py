"""The statements that return memories name the properties they return, one by one, instead
of ``m {.*}``: a memory's vectors (1.5 KB each) were read only to be dropped
(benchmarks/projection_cost.py: a page of 50 memories x0.89 of the server's CPU). Each
projection must still name every stored field of ``MemoryRecord``, or a memory read back
would silently lose one (pure: reads the files)."""

from __future__ import annotations

import re

import pytest

from graphmem.cypher_catalog import query
from graphmem.domain.memory import MemoryRecord

RETURNING_MEMORIES = (
    "search/gate",
    "search/linked",
    "memory/get",
    "memory/list_by_user",
    "memory/list_by_run",
    "memory/list_by_agent",
    "memory/update",
    "dream/sources",
)
COMPUTED = {"linked_memory_ids"}  # from edges and key_source_ids, not a stored property
WITHOUT_LINKS = {"memory/update", "dream/sources"}  # their callers read no links
VECTORS = ("embedding", "key_embedding", "text_embedding")


def _projection(text: str) -> str:
    """The text of the map projection of ``m`` (from ``m {`` to its closing brace), comments
    left out."""
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    start = text.index("m {")
    depth = 0
    for i in range(start + 2, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start : i + 1]
    raise AssertionError("unclosed map projection")


def _named(projection: str) -> set[str]:
    """The keys a projection names: ``.key`` selectors and ``key: value`` entries."""
    selectors = set(re.findall(r"\.([a-z_]+)\b", projection))
    entries = set(re.findall(r"([a-z_]+)\s*:", projection))
    return selectors | entries


@pytest.mark.parametrize("name", RETURNING_MEMORIES)
def test_every_stored_field_is_named_and_no_vector_is_read(name: str) -> None:
    projection = _projection(query(name))
    assert ".*" not in projection
    named = _named(projection)
    wanted = set(MemoryRecord.model_fields) - (COMPUTED if name in WITHOUT_LINKS else set())
    assert wanted <= named, f"{name} drops {sorted(wanted - named)}"
    assert not named & set(VECTORS), f"{name} reads {sorted(named & set(VECTORS))}"


def test_the_gate_also_returns_what_decay_reads() -> None:
    assert {"access_count", "last_accessed_at"} <= _named(_projection(query("search/gate")))
