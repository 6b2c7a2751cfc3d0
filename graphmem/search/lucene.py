"""Lucene query strings built from user input: every term escaped, scope as a filter clause.

The full-text indexes cover a ``scope_tokens`` field; requiring the scope's tokens (boosted to
0, so they filter without scoring) keeps other tenants' documents out of the index's top-k.
"""

from __future__ import annotations

import re
from collections.abc import Set
from functools import lru_cache

from graphmem.domain.scope import scope_tokens

_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
# Han ideographs and hiragana: the analyzer makes one token (one clause) of each character.
_IDEOGRAPHS = "\u3040-\u309f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff"
_WORD = re.compile(rf"[{_IDEOGRAPHS}]|[^\W{_IDEOGRAPHS}]++")
MAX_TERMS = 32
MAX_TERM_CHARS = 255  # the standard tokenizer's longest token
# Even an analyzer that made a clause of every character stays under Lucene's 1,024 clauses.
MAX_QUERY_CHARS = 960
#: The English analyzer's stop words (Lucene's EnglishAnalyzer default set): a query of one of
#: them alone would match the scope clause only.
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    ]
)


def singular(word: str) -> str:
    """A light plural stem, so "friends" in a query meets the concept "friend" (the entity
    name index does not stem): ``-ies`` → ``-y``, ``-ches/-shes/-sses/-xes`` → drop ``es``,
    ``-s`` (not ``-ss``, words of 4+ letters) → drop ``s``."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) >= 4 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def escape(term: str) -> str:
    return _SPECIAL.sub(r"\\\1", term)


def terms(text: str) -> list[str]:
    """Lower-cased words (so AND / OR / NOT are never operators), de-duplicated, capped.

    Each Han or hiragana character is a word of its own (as the analyzer sees it). Over
    :data:`MAX_TERMS` words or :data:`MAX_QUERY_CHARS` characters, the longest words are kept
    (the most informative; short ones are the common ones), in their order in ``text``.
    """
    unique = list(dict.fromkeys(w.casefold()[:MAX_TERM_CHARS] for w in _WORD.findall(text)))
    if len(unique) <= MAX_TERMS and sum(map(len, unique)) <= MAX_QUERY_CHARS:
        return unique
    kept: set[int] = set()
    budget = MAX_QUERY_CHARS
    for i in sorted(range(len(unique)), key=lambda i: -len(unique[i])):
        if len(kept) == MAX_TERMS:
            break
        if len(unique[i]) <= budget:
            kept.add(i)
            budget -= len(unique[i])
    return [unique[i] for i in sorted(kept)]


def names(words: Set[str], name: str | None) -> bool:
    """Every term of ``name`` is among ``words`` (the :func:`terms` of a query): the query
    names it ("Melanie" in "what books has Melanie read?"); never true for an empty name."""
    if not name:
        return False
    parts = _name_terms(name)
    return bool(parts) and parts <= words


@lru_cache(maxsize=4096)  # read for every candidate and fact of a search; names repeat
def _name_terms(name: str) -> frozenset[str]:
    return frozenset(terms(name))


def _scope_clause(scope: dict[str, str | None]) -> str:
    tokens = scope_tokens(scope.get("user_id"), scope.get("agent_id"), scope.get("run_id"))
    return " ".join(f"+scope_tokens:{t}^0" for t in tokens.split())


def scoped_query(field: str, text: str, scope: dict[str, str | None]) -> str | None:
    words = terms(text)
    if not words:
        return None
    body = " ".join(escape(w) for w in words)
    return f"{_scope_clause(scope)} +{field}:({body})"


def scoped_phrase(field: str, text: str, scope: dict[str, str | None]) -> str | None:
    """A Lucene query for the words of ``text`` as one phrase in ``field``, filtered to the
    scope's tokens (all of them required); None when ``text`` has no word."""
    words = terms(text)
    if not words:
        return None
    return f'{_scope_clause(scope)} +{field}:"{" ".join(escape(w) for w in words)}"'
