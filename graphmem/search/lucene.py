"""Lucene query strings built from user input: every term escaped, scope as a filter clause.

The full-text indexes cover a ``scope_tokens`` field; requiring the scope's tokens (boosted to
0, so they filter without scoring) keeps other tenants' documents out of the index's top-k.
"""

from __future__ import annotations

import re

from graphmem.domain.scope import scope_tokens

_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_WORD = re.compile(r"\w+", re.UNICODE)
MAX_TERMS = 32


def escape(term: str) -> str:
    return _SPECIAL.sub(r"\\\1", term)


def terms(text: str) -> list[str]:
    """Lower-cased words (so AND / OR / NOT are never operators), de-duplicated, capped."""
    seen = dict.fromkeys(w.casefold() for w in _WORD.findall(text))
    return list(seen)[:MAX_TERMS]


def scoped_query(field: str, text: str, scope: dict[str, str | None]) -> str | None:
    words = terms(text)
    if not words:
        return None
    tokens = scope_tokens(scope.get("user_id"), scope.get("agent_id"), scope.get("run_id"))
    scope_clause = " ".join(f"+scope_tokens:{t}^0" for t in tokens.split())
    body = " ".join(escape(w) for w in words)
    return f"{scope_clause} +{field}:({body})"
