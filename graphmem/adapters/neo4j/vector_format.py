"""``graphmem migrate``: vectors written by earlier versions as 64-bit float lists are
rewritten as float32 vectors (``db.create.setNodeVectorProperty``), half the bytes each.

Each kind is rewritten page by page in id order, one transaction per page. The rewrite is
idempotent, so an interrupted migrate is run again; once every page is done the store records
``vector_format = 'float32'`` and later migrates skip the scan. Stores written by this version
hold float32 vectors from the first write.
"""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j

from graphmem.adapters.neo4j.statements import Statements

FLOAT32 = "float32"
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
    if _recorded(statements) == FLOAT32:
        return []
    written = {kind: _rewrite(statements, kind, page) for kind in PAGES}
    statements.write(
        "migrate/vector_format_set",
        "record the vector format",
        format=FLOAT32,
        now=datetime.now(UTC),
    )
    total = sum(written.values())
    if not total:
        return []
    counts = ", ".join(f"{n} {kind}" for kind, n in written.items() if n)
    return [f" + vectors rewritten as float32: {counts}"]


def _recorded(statements: Statements) -> str | None:
    rows = statements.read("migrate/vector_format_get", "read the vector format")
    return rows[0]["format"] if rows else None


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
