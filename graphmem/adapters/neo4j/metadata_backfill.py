"""``graphmem migrate``: give memories written before metadata filters their filter terms.

Paged in id order and resumable: a page reads the metadata of memories that have no terms yet,
computes the terms (``domain.filters.metadata_terms``) and writes them; a re-run skips what is
done (a memory's terms are set once, and kept up to date by add and update).
"""

from __future__ import annotations

import json

import neo4j

from graphmem.adapters.neo4j.statements import Statements
from graphmem.domain.filters import metadata_terms

PAGE = 1_000


def backfill(driver: neo4j.Driver, database: str, page: int = PAGE) -> list[str]:
    """Set ``metadata_terms`` on every memory missing them; return migrate's log lines."""
    statements = Statements(driver, database)
    done, after = 0, ""
    while rows := statements.read(
        "migrate/metadata_terms_page", "read memories to index metadata", after=after, limit=page
    ):
        after = rows[-1]["id"]
        terms = [
            {"id": r["id"], "terms": metadata_terms(json.loads(r["metadata"]))}
            for r in rows
            if r["metadata"] is not None
        ]
        if terms:
            statements.write("migrate/set_metadata_terms", "index metadata", rows=terms)
        done += len(terms)
    return [f" + metadata filter terms for {done} memories"] if done else []
