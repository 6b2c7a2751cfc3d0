"""``Memory``: the Python API. It wires adapters to use cases and holds no logic of its own."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import neo4j

from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import embedder_meta, schema
from graphmem.adapters.neo4j.dream_store import Neo4jDreamStore
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.adapters.neo4j.entities import EntityReader
from graphmem.adapters.neo4j.keys import Neo4jKeyStore
from graphmem.adapters.neo4j.search_store import Neo4jSearchStore
from graphmem.adapters.neo4j.store import Neo4jStore
from graphmem.domain.graph import EntityRecord, TripletRecord
from graphmem.domain.memory import HistoryEvent, MemoryRecord
from graphmem.domain.results import AddResult
from graphmem.domain.scope import ScopeFilter, scope_filter
from graphmem.domain.search import SearchResult
from graphmem.dream import DreamReport, DreamRunner, DreamScopeState, DreamStatus
from graphmem.errors import GraphMemError, NotFoundError, ValidationError
from graphmem.extraction.nlp import NLPExtractor, Parts
from graphmem.extraction.offline import OfflineExtractor
from graphmem.ports.embedder import Embedder
from graphmem.ports.extractor import Extractor, WarmsUp
from graphmem.services import inputs
from graphmem.services.add import AddMemories
from graphmem.services.filters import parse_filters
from graphmem.services.keys import Keys
from graphmem.services.lifecycle import ApplyLifecycle
from graphmem.services.reads import MAX_LIMIT, get_memory, list_memories, memory_history
from graphmem.services.search import SearchMemories
from graphmem.services.transition import request_transition
from graphmem.services.update import update_memory
from graphmem.settings import Settings

if TYPE_CHECKING:
    from graphmem.adapters.llm.openai_llm import OpenAILLM


def default_extractor(settings: Settings) -> Extractor:
    """One LLM call per add when an LLM is configured, the offline extractor otherwise."""
    if settings.llm.enabled:
        from graphmem.adapters.llm.openai_llm import OpenAILLM
        from graphmem.extraction.llm_extractor import LLMExtractor

        return LLMExtractor(OpenAILLM(settings.llm))
    if settings.extraction.engine == "patterns":
        return OfflineExtractor()
    s = settings.extraction
    parts = Parts(s.named_entities, s.concepts, s.dependency_triplets)
    return NLPExtractor(s.parse_cap_chars, s.batch_size, parts=parts)


def _dream_llm(settings: Settings) -> OpenAILLM | None:
    """Dream's judge: the configured LLM, or none (then Dream reports and writes nothing)."""
    if not settings.llm.enabled:
        return None
    from graphmem.adapters.llm.openai_llm import OpenAILLM

    return OpenAILLM(settings.llm)


def _dream_filter(user_id: str | None, agent_id: str | None) -> None:
    if user_id is not None or agent_id is not None:
        inputs.scope_of(user_id, agent_id, None)


def _scope(given: dict[str, str | None]) -> ScopeFilter:
    unknown = set(given) - {"user_id", "agent_id", "run_id"}
    if unknown:
        raise ValidationError(f"Unknown scope keys: {sorted(unknown)}")
    return scope_filter(given.get("user_id"), given.get("agent_id"), given.get("run_id"))


def _limit(limit: int) -> int:
    return inputs.check_limit(limit, MAX_LIMIT)


class Memory:
    """Long-term memory for agents, stored in Neo4j.

    ``Memory()`` reads ``Settings`` from the environment (``GRAPHMEM_*``), connects, and checks
    that the schema exists with the embedder's vector dimension (run ``graphmem migrate`` once).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        driver: neo4j.Driver | None = None,
        embedder: Embedder | None = None,
        extractor: Extractor | None = None,
    ) -> None:
        self.settings = settings or Settings()
        neo, database = self.settings.neo4j, self.settings.neo4j.database
        self._owns_driver = driver is None
        self.driver = driver or make_driver(neo)
        self.embedder = embedder or make_embedder(self.settings.embedder)
        self.store = Neo4jStore(self.driver, database, neo.group_commit_max)
        self.keys = Keys(Neo4jKeyStore(self.driver, database), self.settings.api.key_cache_s)
        self.extractor = extractor or default_extractor(self.settings)
        try:
            schema.verify(self.driver, database, self.embedder.dimension)
            embedder_meta.verify(self.driver, database, self.embedder.name)
        except GraphMemError:
            if self._owns_driver:
                self.driver.close()
            raise
        offline = isinstance(self.extractor, OfflineExtractor | NLPExtractor)
        lifecycle = ApplyLifecycle(self.settings.lifecycle, trust_proposals=not offline)
        searches = Neo4jSearchStore(self.driver, database)
        self._search = SearchMemories(searches, self.embedder, self.settings, self.store.writing)
        self._add = AddMemories(
            self.store,
            self.embedder,
            self.extractor,
            self.settings,
            lifecycle,
            context_reads=not offline,
        )
        self._dream_llm = _dream_llm(self.settings)
        self.dream_runner = DreamRunner(
            Neo4jDreamStore(self.driver, self.settings.neo4j.database),
            self.embedder,
            self.settings.dream,
            self._dream_llm,
        )

    # -- writes -----------------------------------------------------------------------------
    def add(
        self,
        messages: inputs.MessagesInput,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        timestamp: str | int | float | None = None,
        infer: bool = True,
        immutable: bool = False,
        exclude_from_dream: bool = False,
        relations: list[dict[str, str]] | None = None,
    ) -> AddResult:
        """Store a conversation. Each non-system message becomes a memory with ``infer=False``;
        with ``infer=True`` the extractor decides. Exact duplicates come back as ``NOOP``."""
        return self._add(
            messages,
            scope=inputs.scope_of(user_id, agent_id, run_id),
            metadata=metadata,
            timestamp=timestamp,
            infer=infer,
            immutable=immutable,
            exclude_from_dream=exclude_from_dream,
            relations=relations,
        )

    def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        force: bool = False,
        actor: str | None = None,
    ) -> MemoryRecord:
        """Change the text and/or metadata. New text is re-embedded and re-extracted: triplets
        only the old text asserted are retired (kept as history), the new ones written. An
        immutable memory raises ImmutableMemoryError unless ``force=True``."""
        return update_memory(
            self.store,
            self.embedder,
            self.extractor,
            self.settings.limits,
            memory_id,
            scope_filter(None, None, None),
            text=text,
            metadata=metadata,
            force=force,
            actor=actor,
        )

    def delete(self, memory_id: str, *, actor: str | None = None) -> None:
        """Delete one memory (also an immutable one: it is the user's data), the triplets only
        it asserted and entities left unmentioned, and erase its text from history, which
        keeps a tombstone naming ``actor``. Memories it had replaced become active again."""
        inputs.memory_id_of(memory_id)
        # No read first: the delete's transaction deletes nothing for a missing id.
        if not self.store.delete([memory_id], actor):
            raise NotFoundError(f"No memory with id {memory_id!r}")

    def delete_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        actor: str | None = None,
    ) -> int:
        """Delete every memory of a scope the way ``delete`` does; returns how many."""
        scope = inputs.scope_of(user_id, agent_id, run_id)
        ids = self.store.ids_in_scope(scope.params())
        deleted = 0
        size = self.settings.limits.batch_size
        for start in range(0, len(ids), size):
            deleted += self.store.delete(ids[start : start + size], actor)
        return deleted

    def supersede(
        self, old_id: str, new_id: str, reason: str | None = None, **scope: str | None
    ) -> None:
        """Mark ``old_id`` as superseded by ``new_id`` (conditional: only if still active);
        raises LifecycleConflictError when it is not."""
        request_transition(self.store, "supersede", old_id, new_id, _scope(scope), reason)

    def merge(
        self, old_id: str, new_id: str, reason: str | None = None, **scope: str | None
    ) -> None:
        """Mark ``old_id`` as merged into ``new_id`` (conditional: only if still active)."""
        request_transition(self.store, "merge", old_id, new_id, _scope(scope), reason)

    def reset(self, *, confirm: bool = False) -> None:
        """Delete every memory, entity, triplet and history event. Needs ``confirm=True``."""
        if confirm is not True:
            raise ValidationError("reset() deletes everything: call reset(confirm=True)")
        self.store.reset()

    # -- reads ------------------------------------------------------------------------------
    def get(self, memory_id: str, **scope: str | None) -> MemoryRecord:
        """One memory by id; with scope ids, only if it belongs to that scope."""
        return get_memory(self.store, memory_id, _scope(scope))

    def get_all(
        self,
        filters: dict[str, Any] | None = None,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
        latest_only: bool = False,
        include_merged: bool = False,
        cursor: tuple[datetime, str] | None = None,
    ) -> list[MemoryRecord]:
        """Memories of a scope, newest first; ``cursor`` = (created_at, id) of the last one
        seen continues after it. ``filters`` may also give the scope ids, and narrows by
        ``metadata`` (equality, ``in``) and ``observed_at`` / ``event_date`` ranges
        (``graphmem.services.filters``)."""
        scope_ids, memory_filter = parse_filters(filters)
        merged = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id, **scope_ids}
        return list_memories(
            self.store,
            scope_filter(**merged),
            memory_filter=memory_filter,
            limit=limit,
            latest_only=latest_only,
            include_merged=include_merged,
            cursor=cursor,
        )

    def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        filters: dict[str, Any] | None = None,
        top_k: int = 10,
        threshold: float | None = None,
        latest_only: bool = False,
        include_merged: bool = False,
        reference_date: str | int | float | None = None,
        explain: bool = False,
        include_linked: bool = False,
    ) -> SearchResult:
        """The few memories (and the triplets explaining them) that matter for ``query`` now.
        ``reference_date`` moves "now"; ``explain`` adds a score breakdown per result;
        ``filters`` narrows as in :meth:`get_all`; ``include_linked`` adds ``linked``: the
        memories the results were linked to when written, not already among them."""
        scope_ids, memory_filter = parse_filters(filters)
        merged = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id, **scope_ids}
        return self._search(
            query,
            scope=_scope(merged),
            top_k=top_k,
            threshold=threshold,
            latest_only=latest_only,
            include_merged=include_merged,
            reference_date=reference_date,
            explain=explain,
            memory_filter=memory_filter,
            include_linked=include_linked,
        )

    def history(self, memory_id: str, **scope: str | None) -> list[HistoryEvent]:
        """Every event of a memory (kept after deletion). With scope ids, only if the memory
        (or, once deleted, its events) belongs to that scope."""
        return memory_history(self.store, memory_id, _scope(scope))

    def entities(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
    ) -> list[EntityRecord]:
        """Entities of a scope (at least one scope id), by name."""
        scope = inputs.scope_of(user_id, agent_id, run_id)
        return self._entities.list(scope.params(), _limit(limit))

    def entity(self, entity_id: str, **scope: str | None) -> EntityRecord:
        """One entity by id; with scope ids, only if it belongs to that scope."""
        found = self._entities.get(entity_id, _scope(scope))
        if found is None:
            raise NotFoundError(f"No entity with id {entity_id!r}")
        return found

    def entity_relations(
        self, entity_id: str, *, limit: int = 100, **scope: str | None
    ) -> list[TripletRecord]:
        """Triplets in which the entity is the source or the target, newest first."""
        self.entity(entity_id, **scope)
        return self._entities.relations(entity_id, _limit(limit))

    @property
    def _entities(self) -> EntityReader:
        return EntityReader(self.driver, self.settings.neo4j.database)

    # -- dream ------------------------------------------------------------------------------
    def enable_dream(
        self, *, user_id: str | None = None, agent_id: str | None = None, all_scopes: bool = False
    ) -> list[DreamScopeState]:
        """Let Dream watch these scopes from now on (or every scope with ``all_scopes``)."""
        _dream_filter(user_id, agent_id)
        return self.dream_runner.enable(user_id=user_id, agent_id=agent_id, all_scopes=all_scopes)

    def dream(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        dry_run: bool = False,
        on_demand: bool = False,
    ) -> DreamReport:
        """Run Dream now on the enabled scopes matching the filters (all without filters).
        ``on_demand`` (a run asked for over HTTP or MCP): refused while Dream is disabled, even
        a dry run, and within the cool-down after a scope's last run (RateLimitedError)."""
        _dream_filter(user_id, agent_id)
        if on_demand:
            return self.dream_runner.run_on_demand(
                user_id=user_id, agent_id=agent_id, dry_run=dry_run
            )
        return self.dream_runner.run(user_id=user_id, agent_id=agent_id, dry_run=dry_run)

    def dream_status(
        self, *, user_id: str | None = None, agent_id: str | None = None, limit: int = 20
    ) -> DreamStatus:
        """Enabled scopes with their watermarks, recent runs and syntheses."""
        _dream_filter(user_id, agent_id)
        return self.dream_runner.status(user_id=user_id, agent_id=agent_id, limit=_limit(limit))

    def synthesis_sources(self, memory_id: str, **scope: str | None) -> list[MemoryRecord]:
        """The memories a synthesis rests on, oldest observation first."""
        if not get_memory(self.store, memory_id, _scope(scope)).synthesized:
            raise ValidationError(f"Memory {memory_id!r} is not a synthesis")
        return self.dream_runner.sources(memory_id)

    # -- lifetime ---------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Load the embedder's and extractor's models now, not on first use: a server calls it
        before it accepts requests (docs/reliability.md). Idempotent."""
        self.embedder.embed(["warm-up"])
        if isinstance(self.extractor, WarmsUp):
            self.extractor.warm_up()

    def health(self) -> None:
        """Raises unless Neo4j answers and every index is ONLINE with the embedder's dimension
        (StorageUnavailableError, SchemaMismatchError, StorageError)."""
        schema.verify(self.driver, self.settings.neo4j.database, self.embedder.dimension)

    def close(self) -> None:
        self._search.close()
        self._add.prefetch.close()
        if self._dream_llm is not None:
            self._dream_llm.close()
        if self._owns_driver:
            self.driver.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
