"""Candidate groups and the independence rules. Pure: no database, no LLM (docs/dream.md).

1. ``cluster``: average-linkage agglomerative clustering. A pair's affinity is the cosine of
   the two embeddings plus ``entity_bonus`` when both mention one entity (a named entity or a
   concept such as "canal path") that is not a hub; a hub is mentioned by more than
   ``hub_share`` of the candidates and by at least three of them (the speaker, typically), so
   sharing only the speaker relates nothing; a question joins no group (it never supports a
   habit, and would pull an observation away from the others); two groups merge while
   the mean affinity across them is at least ``cluster_min_similarity`` (and the merged group
   stays within ``max_group_size``). Average linkage does not chain unrelated memories through
   one in-between memory, as single linkage would.
2. ``assess``: questions never support; supporting memories within ``duplicate_cosine`` of an
   earlier one count once; a group qualifies with ``min_support`` distinct supporting memories
   from ``min_distinct_days`` distinct sessions (run ids) or days (observed_at dates, UTC), at
   least one of them new since the watermark.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from graphmem.domain.scope import SELF_ENTITY, SEPARATOR
from graphmem.dream.models import Candidate, GroupReport
from graphmem.settings import DreamSettings

INTERROGATIVES = frozenset(
    {"how", "what", "why", "when", "where", "which", "who", "whom", "whose", "should", "shall"}
    | {"do", "does", "is", "are", "am", "can", "could", "would"}
)
_EDGE_PUNCTUATION = "\"'“”‘’([{¿¡*-_ \t"


def is_question(text: str) -> bool:
    """A question: ends with "?" or starts with an interrogative word ("how", "should", ...)."""
    stripped = text.strip()
    if stripped.endswith("?"):
        return True
    words = stripped.lstrip(_EDGE_PUNCTUATION).split()
    return bool(words) and words[0].lower().rstrip(",.:;!") in INTERROGATIVES


def source_set_hash(ids: Sequence[str]) -> str:
    """The same sources, in any order, always give the same hash."""
    return hashlib.sha256("\n".join(sorted(set(ids))).encode()).hexdigest()


def unit_vectors(candidates: Sequence[Candidate]) -> np.ndarray:
    vectors = np.asarray([c.embedding for c in candidates], dtype=np.float64)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1.0, norms)


def hub_keys(candidates: Sequence[Candidate], hub_share: float, least: int = 3) -> set[str]:
    """Entity keys mentioned by more than ``hub_share`` of the statements among the candidates
    (questions tell of no habit) and by ``least`` or more of them, or by every one of three
    or more: in a handful of memories the three observations of one habit ("the lake") are
    no hub, the speaker of them all is. The user's own entity ("I") is always a hub."""
    counts: dict[str, int] = {}
    statements = [c for c in candidates if not is_question(c.text)]
    for candidate in statements:
        for key in set(candidate.entity_keys):
            counts[key] = counts.get(key, 0) + 1
    limit = hub_share * len(statements)
    return {
        key
        for key, count in counts.items()
        if (count >= 3 and ((count >= least and count > limit) or count == len(statements)))
        or key.rsplit(SEPARATOR, 1)[-1] == SELF_ENTITY  # "I": the user says nearly all of it
    }


def affinity(
    candidates: Sequence[Candidate], entity_bonus: float, hub_share: float = 0.5, least: int = 3
) -> np.ndarray:
    vectors = unit_vectors(candidates)
    scores = vectors @ vectors.T
    hubs = hub_keys(candidates, hub_share, least)
    keys = [set(c.entity_keys) - hubs for c in candidates]
    for i, a in enumerate(keys):
        for j in range(i + 1, len(keys)):
            if a and a & keys[j]:
                scores[i, j] += entity_bonus
                scores[j, i] += entity_bonus
    return scores


def cluster(candidates: Sequence[Candidate], settings: DreamSettings) -> list[list[int]]:
    """Indexes of ``candidates`` per group (singletons included), each group in input order."""
    n = len(candidates)
    if n == 0:
        return []
    least = max(3, settings.min_support + 1)  # a habit seen the fewest times is no hub
    sums = affinity(candidates, settings.entity_bonus, settings.hub_share, least)
    # a question never supports a habit: it joins no group, so it cannot pull an observation
    # of the habit away from the others ("Is the lake clean enough for swimming?")
    asked = [i for i, c in enumerate(candidates) if is_question(c.text)]
    sums[asked, :] = -np.inf
    sums[:, asked] = -np.inf
    sizes = np.ones(n)
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    while len(members) > 1:
        i, j, mean = _best_pair(sums, sizes, list(members), settings.max_group_size)
        if mean < settings.cluster_min_similarity:
            break
        sums[i, :] += sums[j, :]
        sums[:, i] = sums[i, :]
        sizes[i] += sizes[j]
        members[i].extend(members.pop(j))
    return [sorted(group) for group in members.values()]


def _best_pair(
    sums: np.ndarray, sizes: np.ndarray, alive: list[int], max_size: int
) -> tuple[int, int, float]:
    idx = np.asarray(alive)
    size = sizes[idx]
    means = sums[np.ix_(idx, idx)] / np.outer(size, size)
    np.fill_diagonal(means, -np.inf)
    means[np.add.outer(size, size) > max_size] = -np.inf
    flat = int(np.argmax(means))
    a, b = divmod(flat, len(idx))
    return int(idx[min(a, b)]), int(idx[max(a, b)]), float(means[a, b])


def assess(group: Sequence[Candidate], settings: DreamSettings) -> GroupReport:
    """Apply the independence rules to one group (members in any order)."""
    ordered = sorted(group, key=lambda c: (c.observed_at, c.id))
    report = GroupReport(
        member_ids=[c.id for c in ordered], new_ids=[c.id for c in ordered if c.new]
    )
    support = _distinct_support(ordered, settings.duplicate_cosine, report)
    report.source_ids = [c.id for c in support]
    report.sessions = len({c.run_id for c in support if c.run_id is not None})
    report.days = len({c.observed_at.date() for c in support})
    report.qualified, report.reason = _verdict(support, report, settings)
    if report.qualified:
        report.source_set_hash = source_set_hash(report.source_ids)
    return report


def _distinct_support(
    ordered: Sequence[Candidate], duplicate_cosine: float, report: GroupReport
) -> list[Candidate]:
    support: list[Candidate] = []
    kept: list[np.ndarray] = []
    statements = [c for c in ordered if not is_question(c.text)]
    report.question_ids = [c.id for c in ordered if is_question(c.text)]
    vectors = unit_vectors(statements) if statements else np.zeros((0, 0))
    for candidate, vector in zip(statements, vectors, strict=True):
        twin = next((k for k, v in enumerate(kept) if float(v @ vector) >= duplicate_cosine), None)
        if twin is None:
            support.append(candidate)
            kept.append(vector)
        else:
            report.duplicate_of[candidate.id] = support[twin].id
    return support


def _verdict(
    support: Sequence[Candidate], report: GroupReport, settings: DreamSettings
) -> tuple[bool, str]:
    counts = (
        f"{len(support)} distinct supporting memories, {report.sessions} sessions, "
        f"{report.days} days"
    )
    if len(support) < settings.min_support:
        return False, f"{counts}: needs {settings.min_support} supporting memories"
    if max(report.sessions, report.days) < settings.min_distinct_days:
        return False, (
            f"{counts}: one event is not a habit "
            f"(needs {settings.min_distinct_days} sessions or days)"
        )
    if not any(c.new for c in support):
        return False, f"{counts}: no new evidence since the watermark"
    return True, counts
