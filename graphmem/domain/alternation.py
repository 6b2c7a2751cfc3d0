"""A word list as one regular-expression alternation, for the readers that match words of a
table in text (extraction's patterns, search's answer kinds)."""

from __future__ import annotations

import re
from collections.abc import Iterable


def alternation(words: Iterable[str]) -> str:
    """``words`` as ``a|b|c``: escaped, longest first (so "vice captain" is tried before
    "captain"), a space matching any run of white space."""
    ordered = sorted(words, key=len, reverse=True)
    return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in ordered)
