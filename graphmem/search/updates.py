"""Newer evidence about the same thing ranks first: a read-time rule, nothing is retired.

Two gated memories are *paired* when they speak about the same attribute of the same subject
with different values: the same speaker (or neither names one), the same attribute — shared
content words of the same kind ("my yoga class" and "my pottery class" are two things: a
shared word with another content word right before it on each side, neither found in the
other text) after light stemming ("monthly budget for groceries" ~ "raised my grocery
budget") making up at least half of each one's content words, or a shared *anchor*, a
content word among the few just before an amount ("raised the rent to 1,450" ~ "…, the rent
went up again to 1,600", however much else the second one says) — with the same names
besides the values ("learning German for 14 months" is no update of "learning Arabic for 10
months"; one that names nothing may update one that does when they share an attribute
word such as "budget"), and a changed value of one kind (numbers, amounts, times; month
names; names: "$400" -> "$550", not "$400" -> "in April"). For a current or general query
the newer one then ranks above the older; for a past query the older ranks above the
newer; for a query naming a window ("in spring"), the one inside it ranks first.
``explain`` lists the pairs.

The rule only reorders what the gate let through; retiring a memory stays the job of the
lifecycle guards and Dream, under their lock and recheck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations
from typing import Protocol

from graphmem.search.update_words import (
    Anchors,
    Kinds,
    anchors,
    by_kind,
    changed,
    content,
    counted,
    modifiers,
    names,
    numbers_of,
    same_anchor,
    values,
)

MIN_SHARE = 0.5  # of either memory's content words
BELOW = 0.99


class Explained(Protocol):
    final: float
    sources: list[str]


class Ranked(Protocol):
    """What the rule reads and changes of a ranked memory (a ``ScoredMemory``, or the
    ranking's own candidate before the results are built)."""

    score: float

    @property
    def id(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def actor(self) -> str | None: ...
    @property
    def observed_at(self) -> datetime: ...
    @property
    def score_breakdown(self) -> Explained | None: ...


@dataclass(frozen=True)
class Pair:
    older: Ranked
    newer: Ranked
    shared: frozenset[str]
    ended: bool = False  # the newer one ended a fact of the older (:mod:`.ended`)

    def describe(self) -> str:
        words = ", ".join(sorted(self.shared)[:4])
        if self.ended:
            return f"{self.older.id} -> {self.newer.id} (ended: {words})"
        return f"{self.older.id} -> {self.newer.id} (same {words}; newer observed later)"


def paired(a: Ranked, b: Ranked) -> Pair | None:
    """The pair ``a``/``b`` form, oldest first, if they update one attribute."""
    return _Features.of(a).paired(_Features.of(b))


def find_pairs(memories: Sequence[Ranked], limit: int = 50) -> list[Pair]:
    """Pairs among the best ``limit`` memories (quadratic in ``limit`` only): those
    ``paired`` forms, in the same order; each memory's subject, content words and values
    are read once, not once per pair. A memory without a value pairs with nothing (each side
    needs a value the other lacks), so only those with one are compared."""
    top = [f for m in memories[:limit] if (f := _Features.of(m)).kinds]
    groups: dict[str, list[int]] = {}
    for index, features in enumerate(top):  # only the same subject can pair
        groups.setdefault(features.subject, []).append(index)
    found = [
        (i, j, p)
        for members in groups.values()
        for i, j in combinations(members, 2)
        if _may_share_topics(top[i], top[j]) and (p := top[i].paired(top[j])) is not None
    ]
    return [p for _, _, p in sorted(found, key=lambda f: (f[0], f[1]))]


#: Words of an attribute that has one value at a time (stems, as ``content`` gives them): a
#: memory that names nothing may update one that names its topic when they share one ("I
#: bumped the budget to €2,000" after "My budget for the Lisbon trip is €1,500"), unlike
#: "learning" ("Umar and I met at a machine learning meetup in 2025" / "I've been learning
#: Korean for 9 months").
_ATTRIBUTES = frozenset(
    """
    budget rent price cost salary wage pay fee deadline limit goal target allowance mortgage
    bill quota weight score rate fare
    """.split()  # noqa: SIM905
)


def _acronyms(names: frozenset[str]) -> frozenset[str]:
    """The names written in capitals, two to five letters ("PB", "GCSE"), lower-cased."""
    return frozenset(n.lower() for n in names if n.isupper() and 2 <= len(n) <= 5)


def _may_share_topics(a: _Features, b: _Features) -> bool:
    """The names test of ``paired``, first and cheap: the same names, or none on one side
    and an attribute word on both."""
    if a.topics == b.topics or a.acronyms & b.acronyms:
        return True
    # "got a 7 in maths" and "8 in maths and 6 in French": what both numbers are of
    attributes = _ATTRIBUTES | (a.numbered & b.numbered)
    return (not a.topics or not b.topics) and bool(a.words & b.words & attributes)


@dataclass(frozen=True, slots=True)
class _Features:
    """What ``paired`` reads of one memory (read once: up to 1,225 pairs per search)."""

    memory: Ranked
    observed: datetime
    subject: str
    words: frozenset[str]
    kinds: Kinds  # its values by kind (see ``values``)
    anchors: Anchors
    topics: frozenset[str]  # names that are not a stated value: both must name the same
    kinds_of: dict[str, str]  # content stem -> the content stem right before it
    counts: frozenset[str]  # what its amounts count ("420 ewes": ewe)
    numbered: frozenset[str]  # what its numbers are of, told after them ("7 in maths": math)
    acronyms: frozenset[str]  # names in capitals ("PB"): a shared one is a shared word

    @classmethod
    def of(cls, m: Ranked) -> _Features:
        text = m.text
        subject = (m.actor or "").casefold()
        found, named = values(text), names(text)
        topics = named - {v for kind, v in found if kind == "name"}
        words, kinds = content(text), modifiers(text)
        return cls(
            m, m.observed_at, subject, words, by_kind(found), anchors(text), topics, kinds,
            counted(text), numbers_of(text), _acronyms(named),
        )  # fmt: skip

    def _other_kind(self, other: _Features, shared: frozenset[str]) -> bool:
        """A shared word of another kind on each side ("my *yoga* class" and "my *pottery*
        class"): two things, not one changed. Not when either kind word is in the other text
        ("my monthly budget for groceries" and "my grocery budget")."""
        for word in shared:
            mine, theirs = self.kinds_of.get(word), other.kinds_of.get(word)
            if not (mine and theirs) or mine == theirs:
                continue
            if mine not in other.words and theirs not in self.words:
                return True
        return False

    def paired(self, other: _Features) -> Pair | None:
        """The pair the two memories form, oldest first, if they update one attribute: the
        same subject and names, enough shared content words or a shared anchor, and a value
        of one kind changed."""
        if self.observed == other.observed or self.subject != other.subject:
            return None
        # "learning German" is no update of "learning Arabic"; a memory that names nothing
        # may update one that does ("I bumped the budget to €2,000" after "My budget for the
        # Lisbon trip is €1,500")
        if not _may_share_topics(self, other):
            return None
        # an acronym both name is a shared word ("my 100 free PB is 1:09", "new PB! 1:06.8")
        shared = self.words & other.words | (self.acronyms & other.acronyms)
        if not shared or self._other_kind(other, shared):
            return None
        share = len(shared) / max(len(self.words), len(other.words))
        if share < MIN_SHARE and not same_anchor(self.anchors, other.anchors):
            return None
        if not changed(self.kinds, other.kinds):
            return None
        if self.counts and other.counts and not self.counts & other.counts:
            return None  # "420 ewes" and "610 lambs": two things counted, not one changed
        a, b = self.memory, other.memory
        older, newer = (a, b) if self.observed < other.observed else (b, a)
        return Pair(older, newer, shared)


def said_before(newer: Ranked, memories: Sequence[Ranked]) -> Iterator[Ranked]:
    """The memories of ``newer``'s speaker (or, like it, of none) observed before it: those a
    later memory that tells an end or a change in words may pair with (:mod:`.told_ends`,
    :mod:`.told_changes`)."""
    speaker = newer.actor or ""
    for older in memories:
        if older.observed_at < newer.observed_at and (older.actor or "") == speaker:
            yield older


def apply(
    memories: Sequence[Ranked],
    past: bool,
    describe: bool = True,
    in_window: Callable[[str], bool | None] | None = None,
    ended: Sequence[Pair] = (),
) -> list[str]:
    """Reorder each pair (newer first, or older first for a past query; for a query naming
    a window, ``in_window`` tells by id which of the two falls in it, and that one goes first);
    describe them (only for ``explain``: a search over many dated values forms hundreds of
    pairs). ``ended``: the pairs the graph's ended facts form (:mod:`.ended`), besides those
    the texts form."""
    found = find_pairs(memories)
    known = {(p.older.id, p.newer.id) for p in found}
    pairs = [*found, *(p for p in ended if (p.older.id, p.newer.id) not in known)]
    for pair in pairs:
        first, second = (pair.older, pair.newer) if past else (pair.newer, pair.older)
        if in_window is not None and in_window(second.id) and not in_window(first.id):
            first, second = second, first
        if second.score >= first.score:
            # the pair keeps its place: the one that goes first takes the other's score
            first.score, second.score = second.score, second.score * BELOW
            for moved, why in ((first, "newer" if not past else "older"),
                               (second, "older" if not past else "newer")):  # fmt: skip
                if moved.score_breakdown is not None:
                    moved.score_breakdown.final = round(moved.score, 4)
                    moved.score_breakdown.sources.append(why)
    return [pair.describe() for pair in pairs] if describe else []
