"""Who holds a role now, when several were told: the latest one told.

"my coach is Tanya", months later "switched coaches, working with Ben now"; "started driving
lessons with an instructor called Steve", then "new instructor Lorraine". Role resolution
(:mod:`graphmem.search.roles`) reaches both holders: ``Tanya coach_of Marco`` and ``Ben
coach_of Marco``. For a role one has one of at a time (a coach, a landlord, a partner, the
people one hires), the memories that told each holder form update pairs
(:mod:`graphmem.search.updates`): the later one first for a current or general question
("Who is my coach?"), the earlier one first for a question about the past ("Who coached me
before?"). Roles held by several at once (children, friends, colleagues) pair nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from graphmem.domain.relatives import SERVICES
from graphmem.ports.search import RelationRow
from graphmem.search.updates import Pair, Ranked

#: Role words (as role resolution reads them) one holds one at a time, the latest told.
SUCCESSIVE = frozenset(
    {"boss", "teacher", "tutor", "coach", "mentor", "doctor", "physio", "dentist", "therapist",
     "nanny", "trainer", "landlord", "partner", "girlfriend", "boyfriend", "spouse", "wife",
     "husband", "fiance", "supervisor", "manager", *SERVICES}
)  # fmt: skip


def pairs(
    rows: Sequence[RelationRow],
    by_id: Mapping[str, Ranked],
    current: Callable[[str], bool] = lambda _: True,
) -> list[Pair]:
    """The (older, newer) pairs between the memories that told different holders of one
    role of one person (rows of one predicate sharing an end), one per memory pair.
    ``current`` tells by id whether a memory is still current: a superseded one is ranked
    below its replacement already, and pairs with nothing here."""
    if not rows:  # most searches resolve no role held one at a time
        return []
    told: dict[tuple[str, str], dict[str, Ranked]] = {}  # (predicate, end) -> holder -> memory
    live = {k: v for k, v in by_id.items() if current(k)}
    for row in rows:
        first = _first_told(row, live)
        if first is None:
            continue
        for end, holder in ((row.target_id, row.source_id), (row.source_id, row.target_id)):
            holders = told.setdefault((row.predicate, end), {})
            known = holders.get(holder)
            if known is None or first.observed_at < known.observed_at:
                holders[holder] = first
    found: dict[tuple[str, str], Pair] = {}
    for (predicate, _), holders in sorted(told.items()):
        ordered = sorted(holders.values(), key=lambda m: (m.observed_at, m.id))
        for older, newer in pairwise(ordered):
            if older.id != newer.id and older.observed_at < newer.observed_at:
                found.setdefault((older.id, newer.id), Pair(older, newer, frozenset({predicate})))
    return [found[k] for k in sorted(found)]


def _first_told(row: RelationRow, by_id: Mapping[str, Ranked]) -> Ranked | None:
    """The earliest of the ranked memories that told ``row``."""
    told = [by_id[m] for m in row.memory_ids if m in by_id]
    return min(told, key=lambda m: (m.observed_at, m.id), default=None)
