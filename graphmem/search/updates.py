"""Newer evidence about the same thing ranks first: a read-time rule, nothing is retired.

Two gated memories are *paired* when they speak about the same attribute of the same subject
with different values: the same speaker (or neither names one), the same attribute — shared
content words after light stemming ("monthly budget for groceries" ~ "raised my grocery
budget") making up at least half of each one's content words, or a shared *anchor*, a
content word among the few just before an amount ("raised the rent to 1,450" ~ "…, the rent
went up again to 1,600", however much else the second one says) — with the same names
besides the values ("learning German for 14 months" is no update of "learning Arabic for 10
months"), and a changed value of one kind (numbers, amounts, times; month names; names:
"$400" -> "$550", not "$400" -> "in April"). For a current or general query the newer one
then ranks above the older; for a past query the older ranks above the newer; for a query
naming a window ("in spring"), the one inside it ranks first. ``explain`` lists the pairs.

The rule only reorders what the gate let through; retiring a memory stays the job of the
lifecycle guards and Dream, under their lock and recheck.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from itertools import combinations
from typing import Protocol

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
# words, numbers and the marks that end a clause, in order (for the anchors)
_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*|[^\W\d_]+(?:'[^\W\d_]+)?|[.!?;:]", re.UNICODE)
ANCHOR_SPAN = 6  # words looked back from an amount for its anchors
_COPULA = frozenset({"is", "are", "am", "was", "called", "named"})
_MONTHS = frozenset(MONTHS)
_CALENDAR = _MONTHS | frozenset(WEEKDAYS)
MIN_SHARE = 0.5  # of either memory's content words
BELOW = 0.99
_STOP = frozenset(
    [
        "a",
        "about",
        "actually",
        "after",
        "again",
        "all",
        "already",
        "also",
        "am",
        "an",
        "and",
        "another",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "bumped",
        "but",
        "by",
        "called",
        "can",
        "changed",
        "could",
        "currently",
        "cut",
        "day",
        "days",
        "decreased",
        "did",
        "do",
        "does",
        "down",
        "during",
        "each",
        "ever",
        "every",
        "finally",
        "first",
        "for",
        "from",
        "get",
        "gets",
        "getting",
        "go",
        "going",
        "got",
        "had",
        "has",
        "have",
        "he",
        "her",
        "here",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "increased",
        "into",
        "is",
        "it",
        "its",
        "just",
        "last",
        "like",
        "lot",
        "lowered",
        "made",
        "make",
        "many",
        "may",
        "me",
        "might",
        "mine",
        "month",
        "months",
        "more",
        "most",
        "moved",
        "much",
        "must",
        "my",
        "named",
        "need",
        "needed",
        "never",
        "new",
        "next",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "old",
        "on",
        "one",
        "only",
        "onto",
        "or",
        "other",
        "our",
        "out",
        "over",
        "own",
        "per",
        "raised",
        "really",
        "said",
        "same",
        "set",
        "shall",
        "she",
        "should",
        "since",
        "so",
        "some",
        "still",
        "such",
        "switched",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "thing",
        "things",
        "think",
        "this",
        "those",
        "thought",
        "three",
        "time",
        "times",
        "to",
        "today",
        "too",
        "total",
        "two",
        "under",
        "until",
        "up",
        "updated",
        "us",
        "very",
        "want",
        "wanted",
        "was",
        "we",
        "week",
        "weeks",
        "went",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "would",
        "year",
        "years",
        "yet",
        "you",
        "your",
    ]
)


def _stem(word: str) -> str:
    word = word.lower().replace("'", "")
    for suffix, repl in (("ies", "y"), ("ly", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + repl
    return word


@lru_cache(maxsize=4096)  # called for both memories of every pair (up to 1,225 pairs)
def content(text: str) -> frozenset[str]:
    """Content-word stems of ``text`` (no stop words, no names, no numbers)."""
    stems = (_stem(w) for w in _WORD.findall(text) if not _is_name(w))
    return frozenset(s for s in stems if s not in _STOP)


@lru_cache(maxsize=4096)
def anchors(text: str) -> frozenset[str]:
    """The content-word stems at most ``ANCHOR_SPAN`` words before each number, in the same
    clause: what the amount is of ("the rent went up again to 1,600", "budget is $400")."""
    found: set[str] = set()
    recent: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit():
            found.update(w for w in recent[-ANCHOR_SPAN:] if w)
            recent = []
        elif not token[0].isalpha():
            recent = []
        else:
            stem = _stem(token)
            recent.append("" if _is_name(token) or stem in _STOP else stem)
    return frozenset(found)


@lru_cache(maxsize=4096)
def names(text: str) -> frozenset[str]:
    """Capitalised words other than a clause's first, months and weekdays."""
    found: set[str] = set()
    first = True
    for token in _TOKEN.findall(text):
        if not token[0].isalpha():
            first = True
            continue
        if not first and _is_name(token) and token.lower() not in _CALENDAR:
            found.add(token)
        first = False
    return frozenset(found)


def _is_name(word: str) -> bool:
    return word[:1].isupper() and word.lower() not in _STOP


Value = tuple[str, str]  # (kind, token): kind is "number", "month" or "name"


@lru_cache(maxsize=4096)
def values(text: str) -> frozenset[Value]:
    """Value tokens with their kind: numbers (amounts, counts, days, times), month names, and
    capitalised names only in a statement of what something is ("my manager is Tom", "it is
    called Priya"), since in an event ("we went hiking in the Alps") a name is where it
    happened, not a value."""
    words = _WORD.findall(text)
    stated = bool(_COPULA & {w.lower() for w in words}) or "'s " in text
    found: set[Value] = {("number", n) for n in _NUMBER.findall(text)}
    for w in words:
        if w.lower() in _MONTHS:
            found.add(("month", w.lower()))
        elif stated and _is_name(w):
            found.add(("name", w))
    return frozenset(found)


def _updated(a: frozenset[Value], b: frozenset[Value]) -> bool:
    """Whether some kind of value changed: both memories hold values of that kind, and each
    holds one the other lacks. A budget's amount and a start month are different attributes,
    however many topic words the two statements share."""
    for kind in {k for k, _ in a} & {k for k, _ in b}:
        mine = {v for k, v in a if k == kind}
        theirs = {v for k, v in b if k == kind}
        if mine - theirs and theirs - mine:
            return True
    return False


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

    def describe(self) -> str:
        words = ", ".join(sorted(self.shared)[:4])
        return f"{self.older.id} -> {self.newer.id} (same {words}; newer observed later)"


def paired(a: Ranked, b: Ranked) -> Pair | None:
    """The pair ``a``/``b`` form, oldest first, if they update one attribute."""
    return _Features.of(a).paired(_Features.of(b))


def find_pairs(memories: Sequence[Ranked], limit: int = 50) -> list[Pair]:
    """Pairs among the best ``limit`` memories (quadratic in ``limit`` only): those
    ``paired`` forms, in the same order; each memory's subject, content words and values
    are read once, not once per pair. A memory without a value pairs with nothing (each side
    needs a value the other lacks), so only those with one are compared."""
    top = [f for m in memories[:limit] if (f := _Features.of(m)).values]
    return [p for a, b in combinations(top, 2) if (p := a.paired(b)) is not None]


@dataclass(frozen=True, slots=True)
class _Features:
    """What ``paired`` reads of one memory (read once: up to 1,225 pairs per search)."""

    memory: Ranked
    observed: datetime
    subject: str
    words: frozenset[str]
    values: frozenset[Value]
    anchors: frozenset[str]
    topics: frozenset[str]  # names that are not a stated value: both must name the same

    @classmethod
    def of(cls, m: Ranked) -> _Features:
        text = m.text
        subject = (m.actor or "").casefold()
        found = values(text)
        topics = names(text) - {v for kind, v in found if kind == "name"}
        return cls(m, m.observed_at, subject, content(text), found, anchors(text), topics)

    def paired(self, other: _Features) -> Pair | None:
        """The pair the two memories form, oldest first, if they update one attribute: the
        same subject and names, enough shared content words or a shared anchor, and a value
        of one kind changed."""
        if self.observed == other.observed or self.subject != other.subject:
            return None
        if self.topics != other.topics:
            return None
        shared = self.words & other.words
        if not shared:
            return None
        anchored = bool(self.anchors & other.anchors)
        if not anchored and len(shared) / max(len(self.words), len(other.words)) < MIN_SHARE:
            return None
        if not _updated(self.values, other.values):
            return None
        a, b = self.memory, other.memory
        older, newer = (a, b) if self.observed < other.observed else (b, a)
        return Pair(older, newer, shared)


def apply(
    memories: Sequence[Ranked],
    past: bool,
    describe: bool = True,
    in_window: Callable[[str], bool | None] | None = None,
) -> list[str]:
    """Reorder each pair (newer first, or older first for a past query; for a query naming
    a window, ``in_window`` tells by id which of the two falls in it, and that one goes first);
    describe them (only for ``explain``: a search over many dated values forms hundreds of
    pairs)."""
    pairs = find_pairs(memories)
    for pair in pairs:
        first, second = (pair.older, pair.newer) if past else (pair.newer, pair.older)
        if in_window is not None and in_window(second.id) and not in_window(first.id):
            first, second = second, first
        if second.score >= first.score:
            second.score = first.score * BELOW
            if second.score_breakdown is not None:
                second.score_breakdown.final = round(second.score, 4)
                second.score_breakdown.sources.append("older" if not past else "newer")
    return [pair.describe() for pair in pairs] if describe else []
