"""Read-only queries behind the search signals; every statement from ``cypher/search``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import neo4j

from graphmem.adapters.neo4j.records import (
    MEMORY_DATETIMES,
    memory_from_map,
    native_map,
    parse_datetime,
)
from graphmem.adapters.neo4j.scoped import statement
from graphmem.adapters.neo4j.statements import Statements
from graphmem.domain.filters import NO_FILTER, MemoryFilter
from graphmem.domain.memory import MemoryRecord
from graphmem.ports.search import (
    EntityHit,
    EntitySeeds,
    ExpandRow,
    FactQuery,
    GateRow,
    MemberHit,
    RelationRow,
    ScopeStats,
    ScopeTotals,
    StateFact,
    TermHits,
    TermQuery,
    TermsInScope,
    TripletHit,
    TripletTerms,
)


class Neo4jSearchStore:
    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.statements = Statements(driver, database)

    def _rows(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """The rows as dicts. Search statements return maps, lists and scalars only, so the
        record's own values are taken (``Record.data()`` walks every nested value looking for
        nodes to convert: at 100k, a tenth of a search's Python time went to the gate's)."""
        return [dict(r) for r in self.statements.read_once(name, f"search ({name})", **params)]

    def _listed(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """The rows of a statement that returns them collected in one record (``rows``, a list
        of maps). The driver spends ~20 us of Python per record, against ~2 us per map inside
        one: a 200-row read cost 4.6 ms of CPU as records and 0.4 ms as one record
        (docs/performance.md)."""
        [row] = self._rows(name, **params)
        return row["rows"]

    def scope_keys(self, scope: dict[str, str | None], states: list[str]) -> list[ScopeStats]:
        rows = self._rows(statement("search/scope_keys", scope), **scope, states=states)
        return [ScopeStats(**r) for r in rows]

    def memory_vector_exact(
        self,
        scope_keys: list[str],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
        memory_filter: MemoryFilter = NO_FILTER,
    ) -> dict[str, float]:
        rows = self._listed(
            "search/memory_vector_exact",
            scope_keys=scope_keys,
            vector=vector,
            states=states,
            before=before,
            k=k,
            filter=memory_filter.params(),
        )
        return {r["id"]: r["score"] for r in rows}

    def memory_vector_index(
        self,
        user_id: str,
        scope_keys: list[str],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]:
        """Both memory vector indexes (own texts, context keys) in one statement; a memory
        found by both keeps its better score."""
        params = {"user_id": user_id, "scope_keys": scope_keys, "vector": vector,
                  "states": states, "before": before, "k": k}  # fmt: skip
        return {
            r["id"]: r["score"] for r in self._listed("search/memory_vectors_index_user", **params)
        }

    def memory_fulltext(
        self,
        queries: list[TermQuery],
        states: list[str],
        before: datetime | None,
        cap: int,
        scope_keys: list[str],
    ) -> TermsInScope:
        [row] = self._rows(
            "search/memory_fulltext",
            queries=[q.model_dump() for q in queries],
            states=states,
            before=before,
            cap=cap,
            scope_keys=scope_keys,
        )
        terms = row.pop("terms")
        return TermsInScope(
            terms=[TermHits(**t) for t in terms],
            totals=ScopeTotals(**{k: v or 0 for k, v in row.items()}),
        )

    def triplets(
        self, owner: str, vector: list[float], k: int, queries: list[FactQuery], cap: int
    ) -> TripletTerms:
        """Exact cosine over the owner's triplets, each query term's hits in the owner's facts
        and the owner's fact totals, in one statement. Not the filtered relationship vector
        index: on Neo4j 2026.08.1 a filtered search of it under concurrent writes fails with
        an ArrayIndexOutOfBoundsException the server cannot report, leaving the client
        waiting and the index broken until rebuilt (docs/reliability.md §2c)."""
        [row] = self._rows(
            "search/triplets_by_vector_and_terms",
            owner=owner,
            vector=vector,
            k=k,
            queries=[q.model_dump() for q in queries],
            cap=cap,
        )
        return TripletTerms(
            by_vector=[_triplet(t) for t in row["vector"]],
            terms=[TermHits(**t) for t in row["terms"]],
            facts=row["facts"] or 0,
            fact_chars=row["fact_chars"] or 0,
        )

    def triplets_by_id(self, ids: list[str], vector: list[float]) -> list[TripletHit]:
        rows = self._listed("search/triplets_by_id", ids=ids, vector=vector)
        return [_triplet(r) for r in rows]

    def entities_by_name(self, lucene: str, k: int) -> list[EntityHit]:
        rows = self._listed("search/entities_by_name", lucene=lucene, k=k)
        return [EntityHit.model_validate(r) for r in rows]

    def entities_by_key(self, keys: list[str]) -> list[EntityHit]:
        rows = self._listed("search/entities_by_key", keys=keys)
        return [EntityHit.model_validate(r) for r in rows]

    def user_speakers(self, owner: str) -> list[str]:
        [row] = self._rows("search/user_speakers", owner=owner)
        return list(row["names"])

    def entity_seeds(
        self,
        lucene: str | None,
        name_k: int,
        keys: list[str],
        owner: str,
        vector: list[float],
        vector_k: int,
    ) -> EntitySeeds:
        """Entities by name, by key and by vector, in one statement."""
        rows = self._listed(
            "search/entity_seeds",
            lucene=lucene,
            name_k=name_k,
            keys=keys,
            owner=owner,
            vector=vector,
            vector_k=vector_k,
        )
        found: dict[str, list[EntityHit]] = {"name": [], "key": [], "vector": []}
        for row in rows:
            by = row.pop("by")
            found[by].append(EntityHit.model_validate({**row, "score": row["score"] or 0.0}))
        return EntitySeeds(by_name=found["name"], by_key=found["key"], by_vector=found["vector"])

    def expand(self, seeds: list[str], depth: int) -> list[ExpandRow]:
        name = "search/entity_expand_2" if depth >= 2 else "search/entity_expand_1"
        return [
            ExpandRow(
                seed=row["seed"],
                seed_name=row["seed_name"],
                mentions=row["mentions"],
                memory_ids=row["memory_ids"] or [],
                triplets=[_triplet(t) for t in row["triplets"]],
            )
            for row in self._listed(name, seeds=seeds)
        ]

    def category_members(
        self,
        owner: str,
        vector: list[float],
        k: int,
        cosines: tuple[float, float],
        scope_keys: list[str],
        cap: int,
    ) -> list[MemberHit]:
        """The owner's ``k`` concepts nearest ``vector``; of those with a cosine in
        ``cosines`` (min inclusive, max exclusive), the memories of ``scope_keys`` that
        mention them."""
        rows = self._listed(
            "search/category_members",
            owner=owner,
            vector=vector,
            k=k,
            min_cosine=cosines[0],
            max_cosine=cosines[1],
            scope_keys=scope_keys,
            cap=cap,
        )
        return [MemberHit.model_validate(row) for row in rows]

    def entity_relations(self, entity_ids: list[str], ended: bool = False) -> list[RelationRow]:
        rows = self._listed("search/entity_relations", entity_ids=entity_ids, ended=ended)
        return [RelationRow.model_validate(row) for row in rows]

    def state_facts(self, owner: str, predicates: list[str]) -> list[StateFact]:
        rows = self._listed("search/state_facts", owner=owner, predicates=predicates)
        return [StateFact.model_validate(_strip_zone(row)) for row in rows]

    def memory_vector_window(
        self,
        scope_keys: list[str],
        windows: list[tuple[datetime, datetime]],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]:
        rows = self._listed(
            "search/memory_vector_window",
            scope_keys=scope_keys,
            windows=[{"start": start, "end": end} for start, end in windows],
            vector=vector,
            states=states,
            before=before,
            k=k,
        )
        return {r["id"]: r["score"] for r in rows}

    def gate(
        self,
        ids: list[str],
        vector: list[float],
        scope_keys: list[str],
        memory_filter: MemoryFilter = NO_FILTER,
        resolved: list[float] | None = None,
        about: list[str] | None = None,
    ) -> list[GateRow]:
        """``resolved``: a second query vector, read against the memories in ``about`` in the
        same statement (``GateRow.resolved_cosine``)."""
        rows = self._listed(
            "search/gate",
            ids=ids,
            vector=vector,
            scope_keys=scope_keys,
            filter=memory_filter.params(),
            resolved=resolved,
            about=about or [],
        )
        return [_gate_row(row) for row in rows]

    def linked(
        self, ids: list[str], scope_keys: list[str], states: list[str]
    ) -> list[MemoryRecord]:
        rows = self._listed("search/linked", ids=ids, scope_keys=scope_keys, states=states)
        return [memory_from_map(r["memory"]) for r in rows]

    def record_access(self, ids: list[str], now: datetime) -> None:
        self.statements.write("search/record_access", "record access", ids=ids, now=now)


def _triplet(row: dict[str, Any]) -> TripletHit:
    return TripletHit.model_validate(native_map(row))


def _gate_row(row: dict[str, Any]) -> GateRow:
    """Date-times come back as strings (see gate.cypher); the memory as the domain record."""
    memory = row["memory"]
    for key in MEMORY_DATETIMES:
        memory[key] = parse_datetime(memory.get(key))
    return GateRow(
        memory=memory_from_map(memory),
        cosine=float(row["cosine"]),
        replaced_at=parse_datetime(row["replaced_at"]),
        access_count=int(memory.get("access_count") or 0),
        last_accessed_at=memory["last_accessed_at"],
        resolved_cosine=row["resolved_cosine"],
    )


def _strip_zone(row: dict[str, Any]) -> dict[str, Any]:
    """Date-time strings as the instant they name (see ``parse_datetime``)."""
    return {
        k: parse_datetime(v) if k in ("observed_at", "replaced_at") else v for k, v in row.items()
    }
