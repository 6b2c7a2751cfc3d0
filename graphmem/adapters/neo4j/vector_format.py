"""``graphmem migrate``: vectors written by earlier versions are rewritten in today's form.

- **float32**: vectors stored as 64-bit float lists are rewritten as float32 vectors
  (``db.create.setNodeVectorProperty``), half the bytes each.
- **one indexed vector per memory**: a memory with a context key kept its own text's vector
  in the indexed ``embedding`` beside the key's; it moves to the unindexed ``text_embedding``
  as int8 bytes (``vector_codec``; the gate, lifecycle and Dream read it exactly; search finds
  the memory through its key), which saves a vector-index entry and a float32 copy, about
  2.8 KB, per conversation turn.

Each rewrite runs page by page in id order, one transaction per page, and is idempotent, so
an interrupted migrate is run again; once every page is done the store records it
(``GraphMemMeta {key: 'vector_format' | 'vector_layout'}``) and later migrates skip the scan.
Stores written by this version hold vectors in today's form from the first write. A store not
yet migrated still answers correctly (every statement reads the own text's vector as
``coalesce(embedding, text_embedding)``); it is only bigger.
"""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j

from graphmem.adapters.neo4j.statements import Statements
from graphmem.adapters.neo4j.vector_codec import int8_bytes

FLOAT32 = "float32"
ONE_INDEXED = "one-indexed"
PAGE = 1_000
#: kind -> the statement rewriting one page of its vectors
PAGES = {
    "memory": "migrate/float32_memory_page",
    "entity": "migrate/float32_entity_page",
    "triplet": "migrate/float32_triplet_page",
}


def rewrite_as_float32(driver: neo4j.Driver, database: str, page: int = PAGE) -> list[str]:
    """Rewrite every stored vector as float32 unless the store is recorded as done; return
    migrate's log lines."""
    statements = Statements(driver, database)
    if _recorded(statements, "vector_format") == FLOAT32:
        return []
    written = {kind: _rewrite(statements, kind, page) for kind in PAGES}
    _record(statements, "vector_format", FLOAT32)
    total = sum(written.values())
    if not total:
        return []
    counts = ", ".join(f"{n} {kind}" for kind, n in written.items() if n)
    return [f" + vectors rewritten as float32: {counts}"]


def index_one_vector_per_memory(driver: neo4j.Driver, database: str, page: int = PAGE) -> list[str]:
    """Move the own text's vector of every memory with a context key out of the vector index
    (into ``text_embedding``) unless the store is recorded as done; return migrate's log lines."""
    statements = Statements(driver, database)
    if _recorded(statements, "vector_layout") == ONE_INDEXED:
        return []
    moved, after = 0, ""
    while True:
        [page_rows] = statements.read(
            "migrate/vector_layout_page",
            "read memories with two indexed vectors",
            after=after,
            limit=page,
        )
        if not page_rows["scanned"]:
            break
        rows = [
            {"id": r["id"], "text_embedding": int8_bytes(r["embedding"])} for r in page_rows["rows"]
        ]
        if rows:
            [written] = statements.write(
                "migrate/vector_layout_write", "move own-text vectors out of the index", rows=rows
            )
            moved += written["moved"]
        after = page_rows["last"]
    _record(statements, "vector_layout", ONE_INDEXED)
    if not moved:
        return []
    return [f" + own-text vectors of {moved} memories with a context key moved out of the index"]


def _recorded(statements: Statements, key: str) -> str | None:
    rows = statements.read("migrate/vector_format_get", f"read the {key}", key=key)
    return rows[0]["format"] if rows else None


def _record(statements: Statements, key: str, value: str) -> None:
    statements.write(
        "migrate/vector_format_set",
        f"record the {key}",
        key=key,
        format=value,
        now=datetime.now(UTC),
    )


def _rewrite(statements: Statements, kind: str, page: int) -> int:
    done, after = 0, ""
    while True:
        rows = statements.write(
            PAGES[kind],
            f"rewrite {kind} vectors as float32",
            after=after,
            limit=page,
        )
        written = rows[0]["written"] if rows else 0
        if not written:
            return done
        done += written
        after = rows[0]["last"]
