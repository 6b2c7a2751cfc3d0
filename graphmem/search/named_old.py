"""A question that names what only the replaced memory names: "What was my rate at HSBC?"
after "new contract at HSBC, 550 a day" was replaced by "starting at Monzo, 600 a day". It
asks about the old state by name, so the replaced memory is not capped below its
replacement (:mod:`graphmem.search.ranking`), whatever tense the question is in.

A name is a capitalised word of the question after its first word ("HSBC", "Leeds"), other
than "I" and the names of who said either memory (a speaker is no topic)."""

from __future__ import annotations

import re

_NAME = re.compile(r"(?<![\w'])[A-Z][\w&'-]*")


def names_the_old(query: str, old: str, new: str, speakers: set[str]) -> bool:
    """``query`` names something ``old`` names and ``new`` does not."""
    first = re.match(r"\s*\S+", query)
    start = first.end() if first else 0
    said = {s.casefold() for s in speakers}
    names = {m.group(0).casefold().removesuffix("'s") for m in _NAME.finditer(query, start)}
    names -= {"i", *said}
    return any(_named(name, old) and not _named(name, new) for name in names)


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text, re.IGNORECASE) is not None
