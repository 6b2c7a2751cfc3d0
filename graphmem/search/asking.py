"""A memory that only asks ranks below one that states something.

A turn such as "How did the kids like it?" asserts nothing: the fact a later question looks
for is in the reply, which is found through its context key (the turns before it). Such a
memory keeps its signals and is multiplied by ``search.question_factor``. On LoCoMo
conversations 1–3, 4.7% of the turns only ask, and 2.9% of those are a question's evidence,
against 24% of the other turns (docs/search.md, "Memories that only ask").

A memory only asks when its last sentence is a question and every sentence before it is a
question or at most ``SHORT`` words (a greeting or an exclamation: "Wow, Mel!"; a CJK
character counts as a word, since those scripts put no spaces between words), or a reaction
to what the other said ("Ha, that sounds exhausting.", "Wow, that's so cool, Mel!", "Sounds
like a blast."). A short statement before a question ("I went. Did you?") is read as a
greeting too.
"""

from __future__ import annotations

import re
from functools import lru_cache

QUESTION_MARKS = ("?", "？", "؟")  # ASCII, full-width, Arabic
SHORT = 3
# After ASCII marks a sentence ends at a space; full-width marks need none (CJK).
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？؟])\s*")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@lru_cache(maxsize=4096)  # read for every candidate of every search
def only_asks(text: str) -> bool:
    """True when ``text`` asks and states nothing (see the module docstring)."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s]
    if not sentences or not sentences[-1].endswith(QUESTION_MARKS):
        return False
    return all(
        s.endswith(QUESTION_MARKS) or _words(s) <= SHORT or _reacts(s) for s in sentences[:-1]
    )


#: A reaction to what the other said ("Ha, that sounds exhausting.", "Wow, that's so cool,
#: Mel!", "Sounds like a blast."): it tells nothing new.
_REACTION = re.compile(
    r"^(?:[\w']+[,!]?\s+){0,2}?(?:(?:that|this|it)(?:'s|\s+is|\s+was|\s+sounds|\s+looks|"
    r"\s+seems)|sounds|looks|seems|what\s+an?|how)\s+(?:like\s+)?(?:an?\s+)?(?:so\s+|really\s+|"
    r"super\s+|such\s+an?\s+|very\s+|pretty\s+|totally\s+)?[\w'-]+(?:\s+[\w'-]+)?"
    r"(?:,\s*[A-Z][\w'-]*)?[.!…]*$",
    re.IGNORECASE,
)


def _reacts(sentence: str) -> bool:
    return _REACTION.match(sentence.strip()) is not None


def _words(sentence: str) -> int:
    return sum(max(1, len(_CJK.findall(token))) for token in sentence.split())


def factor(text: str, question_factor: float) -> float:
    """The multiplier for a memory whose own text is ``text``."""
    return question_factor if question_factor < 1.0 and only_asks(text) else 1.0
