"""Which of an owner's known entity names a text may mention: the keys to look up.

An offline add needs the owner's known names that occur in its messages (the extractor spells
them as known and finds their mentions). Reading every name of the owner grows with the
owner's graph and needs a cap; instead, each run of up to ``MAX_WORDS`` words of the text is
normalised as an entity name is (`normalize_name`) and the store is asked which of those keys
exist: an index seek per candidate, whatever the size of the graph. Words are cut two ways,
at whitespace (names with inner punctuation: "O'Brien", "AT&T", "St. Louis") and at every
non-word character (a possessive or a hyphen: "Caroline's" -> "caroline").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from graphmem.extraction.phrases import FUNCTION_WORDS
from graphmem.lifecycle.predicates import normalize_name

#: The longest name looked up, in words and in characters (the NLP extractor keeps no name
#: longer than 200 characters; longer known names are not found by mention).
MAX_WORDS = 5
MAX_CHARS = 200
_WORD = re.compile(r"\w+")


def _runs(words: list[str]) -> Iterable[str]:
    for start in range(len(words)):
        for end in range(start + 1, min(start + MAX_WORDS, len(words)) + 1):
            yield " ".join(words[start:end])


def candidate_names(texts: Iterable[str]) -> list[str]:
    """The normalised names any run of words of ``texts`` could be, each once, in order."""
    found: dict[str, None] = {}
    for text in texts:
        for words in (text.split(), _WORD.findall(text)):
            for run in _runs(words):
                key = normalize_name(run)
                if key and len(key) <= MAX_CHARS and key not in FUNCTION_WORDS:
                    found.setdefault(key)
    return list(found)


def mention_pattern(name: str) -> str:
    """A Java regular expression (Cypher ``=~``) true of a text that mentions ``name`` as the
    offline extractor finds a known name: the whole name, any case, not inside a longer word."""
    quoted = name.replace("\\E", "")  # \Q...\E quotes the rest literally
    return rf"(?isu).*(?<![\p{{L}}\p{{N}}_])\Q{quoted}\E(?![\p{{L}}\p{{N}}_]).*"
