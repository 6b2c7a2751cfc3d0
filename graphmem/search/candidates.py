"""The candidate pool: per memory, the best score each signal gave it; triplets seen."""

from __future__ import annotations

from dataclasses import dataclass, field

from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.search import RelationRow, TripletHit

SIGNALS = ("semantic", "fulltext", "entity", "triplet")


@dataclass
class Pool:
    scores: dict[str, dict[str, float]] = field(default_factory=dict)
    triplets: dict[str, TripletHit] = field(default_factory=dict)  # score: the signal's
    status: dict[str, str] = field(default_factory=dict)
    updates: list[str] = field(default_factory=list)  # pairs of an older and a newer memory
    failed: list[str] = field(default_factory=list)  # signals whose query failed
    # entity id -> the memories mentioning it (from the entity signal's expansion)
    mentions: dict[str, set[str]] = field(default_factory=dict)
    # a question about the asker: memories whose matching facts are all another person's
    # (graphmem/search/asker.py)
    others: set[str] = field(default_factory=set)
    # a question about one person it names: memories whose matched facts leave them out
    # (search/asker.py, scored search.named_others_factor times)
    others_than_named: set[str] = field(default_factory=set)
    # a resolved role: memories whose matched facts are all its anchor's -> the anchor's
    # names; one not told by the anchor scores like another's facts (search/resolved.py)
    anchored: dict[str, set[str]] = field(default_factory=dict)
    # memory id -> the best raw cosine to the query of a fact it asserted that the triplet
    # signal matched: the semantic gate lets it through by that fact (search/ranking.py)
    fact_cosines: dict[str, float] = field(default_factory=dict)
    # memory id -> the matched memories whose fact it ended (search/signals/triplets.py)
    enders: dict[str, set[str]] = field(default_factory=dict)
    # the steps role resolution took to a role held one at a time (search/role_holders.py)
    role_steps: list[RelationRow] = field(default_factory=list)

    def add_fact_cosine(self, memory_id: str, cosine: float) -> None:
        self.fact_cosines[memory_id] = max(self.fact_cosines.get(memory_id, -1.0), cosine)

    def told_of_others(self, memory_id: str, actor: str | None) -> bool:
        """Whether the memory states only others' facts: another person's for a question
        about the asker, or a resolved role's anchor's, told by someone else."""
        if memory_id in self.others:
            return True
        anchors = self.anchored.get(memory_id)
        return anchors is not None and normalize_name(actor or "") not in anchors

    def add(self, signal: str, memory_id: str, score: float) -> None:
        per = self.scores.setdefault(memory_id, {})
        per[signal] = max(per.get(signal, 0.0), score)

    def add_triplet(self, triplet: TripletHit, score: float) -> None:
        known = self.triplets.get(triplet.id)
        if known is None or known.score < score:
            self.triplets[triplet.id] = triplet.model_copy(update={"score": score})

    def merge(self, other: Pool) -> None:
        """Fold in a pool gathered separately (one per signal, gathered concurrently)."""
        for memory_id, per in other.scores.items():
            for signal, score in per.items():
                self.add(signal, memory_id, score)
        for triplet in other.triplets.values():
            self.add_triplet(triplet, triplet.score)
        self.status.update(other.status)
        for entity_id, memory_ids in other.mentions.items():
            self.mentions.setdefault(entity_id, set()).update(memory_ids)
        self.others |= other.others
        self.others_than_named |= other.others_than_named
        for memory_id, cosine in other.fact_cosines.items():
            self.add_fact_cosine(memory_id, cosine)
        for memory_id, ended in other.enders.items():
            self.enders.setdefault(memory_id, set()).update(ended)

    def ids(self) -> list[str]:
        return list(self.scores)
