"""One Dream pass over one scope: read new memories and the older ones they relate to, group
them, apply the independence rules, ask the judge about each qualifying group and write one
synthesis per pattern that holds (superseding the synthesis of a group that has grown)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime

from graphmem.domain.scope import Scope
from graphmem.dream.grouping import assess, cluster
from graphmem.dream.judge import Judge, Judgement
from graphmem.dream.lease import Lease
from graphmem.dream.models import (
    Candidate,
    DreamScopeState,
    GroupReport,
    NewSynthesis,
    ScopeReport,
)
from graphmem.dream.ports import DreamStore
from graphmem.ports.embedder import Embedder
from graphmem.services.inputs import text_hash
from graphmem.settings import DreamSettings


class ScopePass:
    """Examines one scope. Without ``lease`` (a dry run, or no LLM) it only reports."""

    def __init__(
        self,
        store: DreamStore,
        embedder: Embedder,
        settings: DreamSettings,
        judge: Judge | None,
        clock: Callable[[], datetime],
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.judge = judge
        self.clock = clock

    def __call__(
        self, state: DreamScopeState, report: ScopeReport, lease: Lease | None
    ) -> datetime | None:
        """Fill ``report`` with the groups examined; return the new watermark (or None)."""
        since = state.watermark or state.enabled_at
        if since is None:
            return None
        new = self.store.new_memories(state.key, since, self.settings.max_new_memories)
        report.new_memories = len(new)
        if not new:
            return None
        related = self.store.related_memories(
            state.key,
            [c.id for c in new],
            self.settings.related_min_cosine,
            self.settings.max_related_memories,
        )
        candidates = new + related
        for indexes in cluster(candidates, self.settings):
            members = [candidates[i] for i in indexes]
            if any(m.new for m in members):
                group = assess(members, self.settings)
                report.groups.append(group)
                if group.qualified:
                    self._decide(state, group, members, report, lease)
        return max(c.created_at for c in new)

    def _decide(
        self,
        state: DreamScopeState,
        group: GroupReport,
        members: Sequence[Candidate],
        report: ScopeReport,
        lease: Lease | None,
    ) -> None:
        if lease is None or self.judge is None:
            group.outcome = "would_judge" if report.status == "dry_run" else "no_llm"
            return
        assert group.source_set_hash is not None
        existing = self.store.find_synthesis(state.key, group.source_set_hash)
        if existing is not None:
            group.outcome = "already_synthesized"
            group.reason += f"; synthesis {existing} rests on these sources"
            return
        ids = set(group.source_ids)
        sources = [m for m in members if m.id in ids]
        judgement = self.judge(sources)
        group.judge_reason = judgement.reason
        if not judgement.holds:
            group.outcome = "rejected"
            return
        synthesis = self._synthesis(state, group, sources, judgement)
        group.outcome = self.store.write_synthesis(synthesis, lease.claim())
        if group.outcome == "written":
            group.synthesis_id = synthesis.id
            group.superseded_ids = self._supersede_older(state, synthesis)

    def _synthesis(
        self,
        state: DreamScopeState,
        group: GroupReport,
        sources: Sequence[Candidate],
        judgement: Judgement,
    ) -> NewSynthesis:
        scope = Scope(user_id=state.user_id, agent_id=state.agent_id)
        text = judgement.text.strip()
        assert group.source_set_hash is not None
        return NewSynthesis(
            id=str(uuid.uuid4()),
            text=text,
            hash=text_hash(text),
            scope_key=state.key,
            scope_tokens=scope.tokens,
            user_id=state.user_id,
            agent_id=state.agent_id,
            observed_at=max(s.observed_at for s in sources),
            embedding=self.embedder.embed([text])[0],
            metadata_json=json.dumps({"source": "dream", "reason": judgement.reason}),
            source_ids=list(group.source_ids),
            source_set_hash=group.source_set_hash,
        )

    def _supersede_older(self, state: DreamScopeState, new: NewSynthesis) -> list[str]:
        """Active syntheses most of whose sources are in the new one's group are replaced."""
        sources = set(new.source_ids)
        overlapping = self.store.overlapping_syntheses(state.key, new.source_ids)
        superseded = []
        for old_id, old_sources in sorted(overlapping.items()):
            shared = len(sources & set(old_sources))
            if old_id != new.id and 2 * shared > len(old_sources):
                reason = "dream: the pattern's group has grown"
                if self.store.supersede(old_id, new.id, reason, self.clock()):
                    superseded.append(old_id)
        return superseded
