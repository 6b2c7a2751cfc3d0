"""Whether a message leans on the one before it.

One speaker's list of messages is mostly a list of facts ("I live in Tokyo", "I'm
vegetarian"): each stands alone, and keying it with the others would blur it. But chat
sent as a list still has turns that only make sense after the previous one: "Kitchen quote
came back at 18k" — "We're going with a cheaper fitter, 12k"; "My partner thinks I should
rent a studio" — "found one in Hyde Park for £400 a month". Such a turn opens on a
connective ("so", "but", "also") or refers back ("it", "that", "one", "there", "instead",
a comparison with no "than": "a cheaper fitter").
:func:`continues` reads that from the words alone, before any parse.
"""

from __future__ import annotations

import re

#: Words that tie a message to the one before when they open it.
_CONNECTIVES = frozenset(
    {"so", "but", "and", "also", "then", "plus", "anyway", "instead", "though", "or",
     "because", "cause", "since", "which", "still", "otherwise", "besides", "meanwhile",
     "apparently", "turns"}
)  # fmt: skip
#: Openers that carry nothing and are skipped before the connective ("ok so …").
_FILLERS = frozenset(
    {"ok", "okay", "oh", "well", "yeah", "yep", "yes", "no", "nope", "haha", "lol", "hmm",
     "um", "right", "actually", "update", "edit", "ugh", "wow"}
)  # fmt: skip
#: Words that point back at something said before.
_ANAPHORS = frozenset(
    {"it", "its", "it's", "that", "that's", "this", "these", "those", "they", "them",
     "they're", "there", "one", "ones", "same", "instead", "both", "either", "neither",
     "anymore", "another", "other", "different"}
)  # fmt: skip
#: Comparisons that, with no "than", compare with something said before.
_COMPARED = frozenset(
    {"cheaper", "pricier", "better", "worse", "bigger", "smaller", "closer", "nearer",
     "faster", "slower"}
)  # fmt: skip
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")


def continues(text: str) -> bool:
    """``text`` opens on a connective (after fillers such as "ok") or refers back to what
    was said before it."""
    words = [w.replace("’", "'") for w in _WORD.findall(text.lower())]
    opening = next((w for w in words if w not in _FILLERS), "")
    if opening in _CONNECTIVES or any(w in _ANAPHORS for w in words):
        return True
    return "than" not in words and any(w in _COMPARED for w in words)
