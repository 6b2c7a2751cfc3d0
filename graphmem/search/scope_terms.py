"""Full-text scores from the scope's own statistics (memory texts and context keys in the
full-text signal; the owner's triplet facts in the triplet signal).

Lucene scores a term with its IDF and its average field length over the whole index, i.e.
over every tenant's documents, so another user's data would change this user's ranking (issue
12, 3b; measured in `benchmarks/tenant_isolation.py`). Each query term is therefore searched
on its own, filtered to the scope inside the index, and Lucene serves only to find the hits:
each hit is scored with BM25 (Lucene's k1 and b) from the scope's statistics alone — the
term's document frequency in the scope (its number of hits there) and the hit's length
against the scope's average length for that field. Term frequency is taken as 1: memories
are short, and the hit proves the term is there. Each term's values are divided by its best
hit's, so a term's best hit gets the term's whole IDF however long it is (measured on LoCoMo
conversations 1–2: R@10 0.7170 without this step, 0.7496 with it; Lucene's own scores
divided the same way, 0.7485). A memory's score is the sum over terms, per field (its text,
its context key), the better field winning.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Collection, Sequence

from pydantic import BaseModel

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS
from graphmem.ports.search import ScopeTotals, TermHits
from graphmem.search import lucene

K1 = 1.2  # Lucene's BM25 defaults
B = 0.75
#: Hits read per term and index: the scope document frequency saturates there.
TERM_HITS_CAP = 1_000
QUESTION_WORDS = frozenset(
    {"when", "what", "where", "who", "whom", "whose", "which", "why", "how", "did", "do",
     "does", "was", "were", "is", "are", "has", "have", "had", "will", "would", "can",
     "could", "should"}
)  # fmt: skip


#: Words that only add to a memory another query word found: the asker and the one asked
#: ("what's my job title?"), whom the self-name and speaker rules read (search/self_names.py).
#: Alone they match most chat: "my" was the best full-text hit of "what's my job title?" over
#: a user's notes, so every "My …" note scored 1.
#: The words of "now" (search/time_cues.py) too: the time plan reads them, and alone they
#: match any memory that says "now" ("What exercise does Margaret do now?" met "…so I keep
#: an epipen at mine now" by that word only).
MINOR_WORDS = frozenset(
    {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "you", "your", "yours", "s",
     "now", "nowadays", "currently", "current", "presently", "lately", "still"}
)  # fmt: skip
#: Words that name no topic and score nothing, yet are words of the query: "Which
#: university do I go to?" met "placement's going well" by "go" only. Unlike a minor word,
#: a query left with names and these ("Where did Prof Adeyemi go?") does not fall back to
#: scoring the names alone.
LIGHT_WORDS = frozenset({"go", "goes", "going", "went", "gone"})


_CALENDAR = frozenset(w.casefold() for w in (*WEEKDAYS, *MONTHS))
_NAMED = re.compile(r"(?<![.!?]\s)(?<=\s)([A-Z][^\W\d_]+)")


def named(query: str) -> frozenset[str]:
    """The query's names: its capitalised words but the first of a sentence ("How old is
    Rollo?" -> rollo). The entity signal counts the person a query names; alone, a name
    only finds the shortest memories that spell it, so it adds to a memory another word
    found, as :data:`MINOR_WORDS` do (:func:`scores`)."""
    words = (w.casefold() for w in _NAMED.findall(query.strip()))
    return frozenset(w for w in words if w != "i" and w.removesuffix("s") not in _CALENDAR)


def lexical(query: str) -> list[str]:
    """The query's words without its question words (all of them when nothing else is left).
    A question's interrogatives and auxiliaries ("when did", "what was") say what kind of
    answer is wanted, not what it is about, and the English analyzer keeps them ("when I was
    a kid" would match "when did…")."""
    words = lucene.terms(query)
    kept = [w for w in words if w not in QUESTION_WORDS]
    return kept or words


def query_terms(query: str) -> list[str]:
    """The words searched one by one: :func:`lexical`, without the analyzer's stop words (a
    stop word alone would match the scope clause only)."""
    return [w for w in lexical(query) if w not in lucene.STOP_WORDS]


class FieldStats(BaseModel):
    """One full-text field over the scope: how many memories have it, their mean length."""

    docs: int
    avg_chars: float


def field_stats(keys: Sequence[ScopeTotals]) -> dict[str, FieldStats]:
    """The text and context-key statistics of a scope made of ``keys``."""
    return {
        "text": field(sum(k.memories for k in keys), sum(k.text_chars for k in keys)),
        "key": field(sum(k.keyed for k in keys), sum(k.key_chars for k in keys)),
    }


def field(docs: int, chars: int) -> FieldStats:
    """A field's statistics from how many documents have it and their characters in all."""
    return FieldStats(docs=docs, avg_chars=chars / docs if docs else 0.0)


def scope_idf(df: int, docs: int) -> float:
    """BM25's IDF (Lucene's form) for a term found in ``df`` of ``docs`` memories."""
    n = max(docs, df)
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def length_norm(chars: int, avg_chars: float) -> float:
    """BM25's term-frequency part for one occurrence in a field of ``chars`` characters."""
    ratio = chars / avg_chars if avg_chars > 0 else 1.0
    return (K1 + 1.0) / (1.0 + K1 * (1.0 - B + B * ratio))


def scores(
    hits: list[TermHits],
    stats: dict[str, FieldStats],
    queried: Collection[str] = (),
    minor: Collection[str] = MINOR_WORDS,
    light: Collection[str] = (),
) -> dict[str, float]:
    """Memory id -> its full-text score (unnormalised): per field, the sum over terms of the
    term's scope IDF times the hit's length norm over the term's best; the better field
    wins. Only memories some word besides the ``minor`` ones (:data:`MINOR_WORDS`, and the
    query's names for the memory signal) found are scored, unless the query (``queried``,
    else the terms of ``hits``) has no other word; the ``light`` ones score nothing."""
    fields: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    major = {t for t in (queried or [t.term for t in hits]) if t not in minor}
    found_by_major: set[str] = set()
    for term in hits:
        if term.term in light:
            continue
        found = [
            (memory_id, chars)
            for memory_id, score, chars in zip(term.ids, term.scores, term.lengths, strict=True)
            if score > 0.0  # 0: matched only the (unscored) scope clause, e.g. a stop word
        ]
        if not found:
            continue
        field = stats[term.field]
        weight = scope_idf(len(found), field.docs)
        norms = {memory_id: length_norm(chars, field.avg_chars) for memory_id, chars in found}
        best = max(norms.values())
        per_id = fields[term.field]
        for memory_id, norm in norms.items():
            per_id[memory_id] += weight * norm / best
        if term.term in major:
            found_by_major.update(norms)
    out: dict[str, float] = {}
    for per_id in fields.values():
        for memory_id, score in per_id.items():
            if memory_id in found_by_major or not major:
                out[memory_id] = max(out.get(memory_id, 0.0), score)
    return out
