"""A short answer to a question states what the question asked.

"Which car do you have?" — "an old Golf, 2009" says the answerer has an old Golf; "Where
do you live?" — "Leeds, for now" says they live in Leeds; "What's your email?" —
"noa@example.org" says their email is that; "what car?" — "a little Fiat 500" says their car
is a Fiat 500. When a message's first sentence is a fragment (no verb, at most
:data:`_MAX_WORDS` words) and the message just before it, from another speaker, asks a
question of one of these shapes about "you" (or just "what car?"), the question and the
fragment are joined into the statement the answerer made ("I have an old Golf, 2009"),
which the extractor reads as it reads any sentence. A full sentence answers for itself,
and other questions ("Why do you …?") state nothing. The answer's text is unchanged.

A question can also take a fact for granted: "How was the move to Utrecht?" asks the one
spoken to about a move they made, "How was your trip to Lisbon?" about a trip, "How's the
new job at Arup?" about a job. An answer that does not deny it ("Chaotic but good", not "We
never went in the end") grants it: the answerer lives in Utrecht, went to Lisbon, works at
Arup (:func:`presupposed`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import HEDGES

if TYPE_CHECKING:
    from spacy.tokens import Doc

_MAX_WORDS = 10
_HEDGES = HEDGES | {"probably"}  # kept: a hedged answer asserts nothing
#: "Which car do you drive?", "What music do you like?", "What do you do for work?"
_WHICH = re.compile(
    r"^\W*(?:(?i:and|so)\s+)?(?i:which|what)(?:\s+(?P<kind>[\w'-]+(?:\s+[\w'-]+)?))?\s+"
    r"(?i:do)\s+(?i:you)\s+(?P<verb>[a-z]+)(?P<rest>[^?]*)\?\s*$"
)
#: "Where do you live?", "Where do you work now?"
_WHERE = re.compile(
    r"^\W*(?:(?i:and|so)\s+)?(?i:where)\s+(?i:do)\s+(?i:you)\s+(?P<verb>live|work|study)"
    r"(?:\s+(?i:now|these\s+days|currently))?\s*\?\s*$"
)
#: "What's your email?", "What is your favourite food?"
_YOUR = re.compile(
    r"^\W*(?:(?i:and|so)\s+)?(?i:what)(?:'s|\s+(?i:is))\s+(?i:your)\s+(?P<thing>[\w' -]+?)"
    r"\s*\?\s*$"
)
#: "what car?", "which bike?" after news: the one spoken to's thing of that kind
_WHAT_THING = re.compile(
    r"^\W*(?:(?i:and|so|oh|ooh|nice|congrats)[!,.]*\s+)*(?i:what|which)\s+(?P<thing>[a-z]{3,})\s*\?\s*$"
)
_WHERE_PREPOSITION = {"live": "in", "work": "at", "study": "at"}


#: "what for?", "what now?", "which one?": no thing of the answerer's
_NOT_THINGS = frozenset({"for", "now", "then", "one", "ones", "else", "about", "happened"})


def fragment(doc: Doc) -> str | None:
    """The first sentence of ``doc`` when it is a fragment (no verb or auxiliary, a few
    words), without its closing punctuation; None otherwise."""
    first = next(iter(doc.sents), None)
    if first is None:
        return None
    words = [t for t in first if not (t.is_punct or t.is_space)]
    if not words or len(words) > _MAX_WORDS or any(t.pos_ in {"VERB", "AUX"} for t in words):
        return None
    start = 0  # "mostly jazz", "usually the bus": the answer, not how often (not "maybe")
    while (
        start < len(words) - 1 and words[start].pos_ == "ADV" and words[start].lower_ not in _HEDGES
    ):
        start += 1
    text = first.doc[words[start].i : first.end].text
    return text.strip().rstrip(".!;:").strip() or None


def statement(question: str, answer: Doc) -> str | None:
    """The statement a short ``answer`` to ``question`` makes, in the answerer's words; None
    when the answer is a full sentence or the question has another shape."""
    said = fragment(answer)
    if said is None:
        return None
    question = " ".join(question.split())
    match = _WHERE.search(question)
    if match is not None:
        verb = match.group("verb").lower()
        return f"I {verb} {_WHERE_PREPOSITION[verb]} {said}."
    match = _YOUR.search(question)
    if match is not None:
        return f"My {match.group('thing').strip()} is {said}."
    match = _WHICH.search(question)
    if match is not None:
        rest = match.group("rest").rstrip()
        return f"I {match.group('verb').lower()} {said}{rest}."
    match = _WHAT_THING.search(question)
    if match is not None and match.group("thing") not in _NOT_THINGS:
        return f"My {match.group('thing')} is {said}."
    return None


#: "How was the move to Utrecht?", "how's your new job at Arup?", "How was your trip to
#: Lisbon?": what the question takes for granted of the one it asks.
_HOW_WAS = re.compile(
    r"\b(?i:how)(?:'s|\s+(?i:was|is|are))\s+(?i:your|the)\s+(?:(?i:new|big)\s+)?"
    r"(?P<thing>(?i:move|trip|holiday|vacation|visit|flight|job|place|apartment|flat|house))"
    r"\s+(?i:to|in|at)\s+(?P<where>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\W*\?\s*$"
)
_GRANTED = {
    "move": "I moved to {}.", "place": "I live in {}.", "apartment": "I live in {}.",
    "flat": "I live in {}.", "house": "I live in {}.", "job": "I work at {}.",
}  # fmt: skip
_WENT = "I went to {}."
#: Words of an answer that takes back what the question took for granted.
_DENYING = frozenset({"not", "n't", "never", "cancelled", "canceled", "postponed", "didn't"})


def presupposed(question: str, answer: Doc) -> str | None:
    """What ``question`` takes for granted of the one who answers it (see the module), in
    the answerer's words, when ``answer``'s first sentence does not deny it; else None."""
    match = _HOW_WAS.search(" ".join(question.split()))
    first = next(iter(answer.sents), None)
    if match is None or first is None or any(t.lower_ in _DENYING for t in first):
        return None
    said = _GRANTED.get(match.group("thing").lower(), _WENT)
    return said.format(match.group("where"))


def answered(question: str, answer: Doc) -> str | None:
    """What ``answer`` states in reply to ``question``: a short answer's statement, or what
    the question took for granted."""
    return statement(question, answer) or presupposed(question, answer)
