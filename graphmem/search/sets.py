"""Set questions and the category they ask for, read deterministically and offline.

A set question asks for every member of a category: "What activities does Melanie partake
in?", "What European countries has Maria been to?", "Where has Melanie camped?", "How many
children does Melanie have?". Its answers are spread over many memories, each worded like the
member ("I'm off to go swimming with the kids", "my trip to England"), not like the category,
so the query's own vector and words reach few of them. :func:`category` returns the words that
name the category ("activities", "European countries", "camped"); the member signal
(:mod:`graphmem.search.signals.members`) finds the owner's concepts close to it in meaning
(England and Spain for "European countries", taekwondo for "martial arts") and the memories
that mention them.

A query is a set question when it asks *what/which* of a plural noun ("what books has",
"which cities has", "what kinds of"), *how many* of something ("how many children"), *what
are* ("what are Maria's dogs' names"), *where / who / what has X* ("where has Melanie
camped", a perfect tense over many occasions), or *in what ways*, *in common*, *both*.
Singular questions ("What did Caroline research?", "What kind of pot did Mel make?") are not.
Every pattern is anchored at the start or is a fixed phrase, so matching stays linear.
"""

from __future__ import annotations

import re

_AUX = r"(?:has|have|does|do|did|is|are|was|were|had)"
_IRREGULAR = r"people|children|men|women"
#: "what [kinds of] [up to two modifiers] NOUNs AUX": a plural category asked about.
_PLURAL_WH = re.compile(
    r"^\s*(?:in\s+)?(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?"
    rf"(?:[\w+\-/.']+\s+){{0,2}}?(?P<noun>[a-z\-/]+s|{_IRREGULAR})\s+(?:{_AUX}|of|to|for)\b",
    re.IGNORECASE,
)
_KINDS = re.compile(r"^\s*(?:what|which)\s+(?:kinds|types|sorts)\s+of\b", re.IGNORECASE)
_HOW_MANY = re.compile(
    r"^\s*how\s+many\s+(?!years|months|weeks|days|hours|minutes)\w", re.IGNORECASE
)
_WHAT_ARE = re.compile(r"^\s*what\s+are\s+", re.IGNORECASE)
_PERFECT = re.compile(r"^\s*(?:where|who|what)\s+(?:has|have)\s+\w", re.IGNORECASE)
_MANY_WAYS = re.compile(r"\bin\s+what\s+ways\b|\bin\s+common\b|\bboth\b", re.IGNORECASE)
#: Words ending in "s" that are not plurals ("what is", "what status has").
_NOT_PLURAL = frozenset({"is", "was", "has", "does", "this", "his", "its", "us", "yes", "news"})
_NOT_PLURAL_ENDINGS = ("ss", "us", "is")

_WH = re.compile(
    r"^\s*(?:in\s+)?(?:what|which|where|who|how\s+many)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?",
    re.IGNORECASE,
)
_AUX_WORD = re.compile(rf"\b{_AUX}\b", re.IGNORECASE)
_WORD = re.compile(r"[\w+'\-]+")
#: Function words and the set's own framing ("times", "ways", "names"): not the category.
_FILLER = frozenset(
    {
        "the", "a", "an", "some", "of", "to", "in", "on", "at", "for", "with", "and", "her",
        "his", "their", "its", "my", "our", "your", "both", "times", "ways", "way", "names",
        "name",
    }
)  # fmt: skip
MAX_WORDS = 6


def is_set_question(query: str) -> bool:
    """True when ``query`` asks for the members of a category (see the module docstring)."""
    plural = _PLURAL_WH.search(query)
    if plural is not None:
        noun = plural.group("noun").lower()
        if noun not in _NOT_PLURAL and not noun.endswith(_NOT_PLURAL_ENDINGS):
            return True
    checks = (_KINDS, _HOW_MANY, _WHAT_ARE, _PERFECT)
    return any(p.search(query) for p in checks) or _MANY_WAYS.search(query) is not None


def category(query: str) -> str | None:
    """The words naming the category a set question asks for, or None when ``query`` is not
    a set question. The words between the question word and the first auxiliary ("martial
    arts" in "What martial arts has John done?"); when there are none ("Where has Melanie
    camped?"), the words after the auxiliary without names and function words ("camped").
    At most ``MAX_WORDS`` words."""
    if not is_set_question(query):
        return None
    text = query.strip().rstrip("?")
    opening = _WH.match(text)
    rest = text[opening.end() :] if opening else text
    aux = _AUX_WORD.search(rest)
    head = rest[: aux.start()] if aux else ""
    words = [w for w in _WORD.findall(head) if w.lower() not in _FILLER]
    if not words:
        tail = rest[aux.end() :] if aux else rest
        words = [w for w in _WORD.findall(tail) if _content(w) and not _name(w)]
    return " ".join(words[:MAX_WORDS]) or None


def _content(word: str) -> bool:
    return word.lower() not in _FILLER and _AUX_WORD.fullmatch(word) is None


def _name(word: str) -> bool:
    """A person's name or its possessive ("Melanie", "Melanie's"), read from the spelling: a
    capitalised word that is not an acronym ("LGBTQ", "U.S." stay)."""
    bare = word.removesuffix("'s").removesuffix("'")
    return bare[:1].isupper() and not bare.isupper()
