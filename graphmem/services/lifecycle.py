"""Applies lifecycle changes after an add's writes, in the add's transaction (``view``): the
deterministic guards decide on every proposal (the LLM's, or offline detection's), then each
allowed one is a conditional write. Pure in its inputs, so a retried transaction decides the
same way."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from graphmem.domain.extraction import ExtractedTriplet, KnownMemory, LifecycleProposal
from graphmem.domain.graph import TripletRecord
from graphmem.domain.results import Transition
from graphmem.domain.transitions import (
    CandidateQuery,
    CandidateRead,
    EndedFact,
    Slot,
    TransitionRequest,
)
from graphmem.domain.writes import WritePlan
from graphmem.lifecycle.guards import (
    Candidate,
    GuardDecision,
    MemoryFlags,
    check_merge,
    check_supersede_proposal,
    detect_offline,
)
from graphmem.lifecycle.predicates import (
    KIND_PREFERENCES,
    ONE_HOLDER_ROLES,
    FunctionalPredicates,
    normalize_name,
    normalize_predicate,
)
from graphmem.ports.store import LifecycleView
from graphmem.search.lucene import scoped_query
from graphmem.services.plan import Pending, owner_entity_key
from graphmem.settings import LifecycleSettings


def _candidate(row: dict[str, Any], triplets: list[ExtractedTriplet]) -> Candidate:
    return Candidate(
        memory=KnownMemory(id=row["id"], text=row["text"], observed_at=row.get("observed_at")),
        cosine=float(row["cosine"]),
        triplets=triplets,
        flags=MemoryFlags(immutable=row["immutable"], exclude_from_dream=row["exclude_from_dream"]),
    )


def _triplets(found: list[TripletRecord]) -> dict[str, list[ExtractedTriplet]]:
    """Each memory's triplets among those found (each triplet once, as one DISTINCT read)."""
    out: dict[str, list[ExtractedTriplet]] = {}
    for t in {t.id: t for t in found}.values():
        for mid in t.memory_ids:
            out.setdefault(mid, []).append(
                ExtractedTriplet(
                    source=t.source, predicate=t.predicate, target=t.target, fact=t.fact
                )
            )
    return out


def _shared_predicates(old: list[ExtractedTriplet], new: list[ExtractedTriplet]) -> list[str]:
    keys = {(normalize_name(t.source), normalize_predicate(t.predicate)) for t in old}
    return sorted(
        {
            normalize_predicate(t.predicate)
            for t in new
            if (normalize_name(t.source), normalize_predicate(t.predicate)) in keys
        }
    )


def _read_triplets(query: CandidateQuery, rows: list[dict[str, Any]]) -> list[str]:
    """The candidates whose triplets a guard can read: every one when the new memory asserts
    a functional slot (offline supersede), else only those a proposal named (an LLM's
    supersede); a merge reads none. The candidate read skips the others' triplets too."""
    if query.slots:
        return [r["id"] for r in rows]
    return [r["id"] for r in rows if r["id"] in query.proposed]


class ApplyLifecycle:
    def __init__(self, settings: LifecycleSettings, *, trust_proposals: bool) -> None:
        """``trust_proposals``: the extractor is an LLM whose proposals are guarded; otherwise
        offline detection proposes deterministically."""
        self.settings = settings
        self.functional = FunctionalPredicates(settings.extra_functional_predicates)
        self.trust_proposals = trust_proposals

    def __call__(
        self,
        view: LifecycleView,
        created: list[Pending],
        observed_at: datetime,
        new_flags: MemoryFlags,
        plan: WritePlan,
    ) -> list[Transition]:
        """``plan``: what the add wrote (its scope's owner bounds the candidates; its triplets,
        keyed as stored, name the functional slots)."""
        new_ids = [p.id for p in created]
        owner = plan.scope.owner.model_dump()
        queries = {
            p.id: CandidateQuery(
                new_id=p.id,
                query=scoped_query("text", p.extracted.text, owner),
                proposed=[x.old_memory_id for x in p.extracted.proposals],
                slots=self._slots(p, plan),
            )
            for p in created
        }
        # One read for every new memory's candidates and one for their triplets, instead of
        # two per memory. A memory whose candidates include one that an earlier transition of
        # this add changed reads its candidates afresh (what the per-memory read would see).
        batch = view.candidates_many(self._read(list(queries.values()), new_ids))
        wanted = [i for p in created for i in _read_triplets(queries[p.id], batch[p.id])]
        hits = view.triplet_hits(list(dict.fromkeys(wanted)))
        touched: set[str] = set()
        transitions: list[Transition] = []
        for pending in created:
            rows = batch[pending.id]
            if touched & {r["id"] for r in rows}:
                rows = view.candidates_many(self._read([queries[pending.id]], new_ids))[pending.id]
                wanted = _read_triplets(queries[pending.id], rows)
                missing = [i for i in wanted if i not in hits]
                hits.update(view.triplet_hits(missing) if missing else {})
            triplets = _triplets([t for r in rows for t in hits.get(r["id"], [])])
            candidates = {r["id"]: _candidate(r, triplets.get(r["id"], [])) for r in rows}
            for proposal, decision in self._decide(pending, candidates, new_flags):
                transitions.append(
                    self._write(view, pending, (proposal, decision), candidates, observed_at, plan)
                )
                touched.add(proposal.old_memory_id)
        return transitions

    def _read(self, queries: list[CandidateQuery], new_ids: list[str]) -> CandidateRead:
        settings = self.settings
        return CandidateRead(
            queries=queries,
            k=settings.similar_top_s,
            exclude=new_ids,
            exact_scan_max=settings.exact_scan_max,
            fetch=settings.text_fetch,
        )

    def _slots(self, pending: Pending, plan: WritePlan) -> list[Slot]:
        """The functional (subject entity key, predicate) pairs the memory asserts, the
        pairs of the facts it denies (any predicate: a denial names the fact it ends), and the
        one-holder roles it names a holder of, by the person they are held for."""
        pairs = {
            (t.source_key, t.predicate)
            for t in plan.triplets
            if pending.id in t.memory_ids
            and (t.predicate in self.functional or t.predicate in KIND_PREFERENCES)
        }
        pairs |= {
            (owner_entity_key(plan.scope, t.source), normalize_predicate(t.predicate))
            for t in pending.extracted.denied
        }
        roles = {
            (t.target_key, t.predicate)
            for t in plan.triplets
            if pending.id in t.memory_ids and t.predicate in ONE_HOLDER_ROLES
        }
        return [Slot(source_key=s, predicate=p) for s, p in sorted(pairs)] + [
            Slot(source_key=s, predicate=p, holder=True) for s, p in sorted(roles)
        ]

    def _decide(
        self, pending: Pending, candidates: dict[str, Candidate], new_flags: MemoryFlags
    ) -> list[tuple[LifecycleProposal, GuardDecision]]:
        new = pending.extracted
        if not self.trust_proposals:
            found = detect_offline(
                new,
                list(candidates.values()),
                self.functional,
                self.settings.merge_min_cosine,
                new_flags=new_flags,
            )
            return [(p, GuardDecision(allowed=True, reason=p.reason or "")) for p in found]
        decided = []
        for proposal in new.proposals:
            candidate = candidates.get(proposal.old_memory_id)
            if candidate is None:
                decided.append(
                    (
                        proposal,
                        GuardDecision(allowed=False, reason="proposed memory is not in this scope"),
                    )
                )
            elif proposal.action == "merge":
                decided.append(
                    (
                        proposal,
                        check_merge(
                            candidate.memory.text,
                            new.text,
                            candidate.cosine,
                            min_cosine=self.settings.merge_min_cosine,
                            old_flags=candidate.flags,
                            new_flags=new_flags,
                        ),
                    )
                )
            else:
                decided.append(
                    (
                        proposal,
                        check_supersede_proposal(
                            candidate.triplets,
                            new.triplets,
                            old_flags=candidate.flags,
                            new_flags=new_flags,
                        ),
                    )
                )
        return decided

    def _write(
        self,
        view: LifecycleView,
        pending: Pending,
        decided: tuple[LifecycleProposal, GuardDecision],
        candidates: dict[str, Candidate],
        observed_at: datetime,
        plan: WritePlan,
    ) -> Transition:
        proposal, decision = decided
        base = Transition(
            action=proposal.action,
            old_memory_id=proposal.old_memory_id,
            new_memory_id=pending.id,
            outcome="rejected",
            reason=decision.reason,
        )
        if not decision.allowed:
            return base
        old = candidates[proposal.old_memory_id]
        new_triplets = pending.extracted.triplets
        ended = [*new_triplets, *pending.extracted.denied]
        starts = [t.valid_from for t in new_triplets if t.valid_from is not None]
        outcome = view.transition(
            TransitionRequest(
                action=proposal.action,
                old_id=proposal.old_memory_id,
                new_id=pending.id,
                reason=decision.reason,
                at=min(starts) if starts else observed_at,
                predicates=_shared_predicates(old.triplets, ended),
                ended=[
                    EndedFact(
                        source_key=owner_entity_key(plan.scope, t.source),
                        predicate=normalize_predicate(t.predicate),
                        target_key=owner_entity_key(plan.scope, t.target),
                    )
                    for t in proposal.ended
                ],
            )
        )
        if outcome.applied:
            return base.model_copy(update={"outcome": "applied"})
        if proposal.action == "end" and outcome.old_state == "active":
            return base.model_copy(update={"reason": "no current fact of it left to end"})
        return base.model_copy(
            update={
                "outcome": "lost_race",
                "reason": f"old memory is {outcome.old_state or 'gone'}",
            }
        )
