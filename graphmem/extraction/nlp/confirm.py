"""A yes to a yes/no question states what the question asked.

"Are you still vegetarian?" — "Yes!" says the answerer is vegetarian; "Does Jonas still
live in Berlin?" — "Yeah, he works at a bakery there" says Jonas lives in Berlin. When a
message opens with an affirmative and the message just before it, from another speaker,
is a yes/no question, the question is turned into the statement it asks about, in the
answerer's words ("you" becomes "I", "Does Jonas live" becomes "Jonas lives"), and the
functional patterns read that statement for the answer's memory. A "no", a hedge, or a
question of another shape ("Where do you live?") states nothing. "Still at the Herald?" —
"yep, on the sports desk" says the answerer works at the Herald. The answer's text is
unchanged; the question keeps asserting nothing of its own.

A no that says it ended ("Not any more", "No longer", "Nope, not since May") to "Still at
the Herald?", "Still teaching at Hillcrest?" or "Do you still live in Leeds?" says the
answerer used to work or live there: "I used to work at Hillcrest." is read instead. A
plain "no" says nothing of the past (one may never have worked there).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc

_YES = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|yea|sure|of\s+course|definitely|absolutely|indeed|correct|"
    r"that's\s+right|still\s+(?:am|do|is|does))\b(?!\s*,?\s*(?:but|no|not)\b)",
    re.IGNORECASE,
)
_STILL = r"(?:(?i:still|really|also)\s+)?"
_SUBJECT = r"(?P<s>(?i:you|she|he)|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
_REST = r"(?P<rest>[^?]+)\?\s*$"
_DO = re.compile(rf"^\W*(?i:so\s+)?(?P<aux>(?i:do|does))\s+{_SUBJECT}\s+{_STILL}{_REST}")
_BE = re.compile(rf"^\W*(?i:so\s+)?(?P<aux>(?i:are|is))\s+{_SUBJECT}\s+{_STILL}{_REST}")

#: "Not any more", "no longer", "nope, not since May", "I don't anymore": a no that tells an
#: end (a dropped "I'm" restored before it, as the parse reads it).
_NO_MORE = re.compile(
    r"^\W*(?:(?:no|nope|nah)\W+)?(?:i'm\s+|i\s+am\s+|i\s+)?"
    r"(?:not\s+(?:any\s*more|now|since\b)|no\s+longer|no\s+more|don't\s+any\s*more)\b",
    re.IGNORECASE,
)
#: "Still at the Herald?", "are you still working at Arup?": where the one asked works
_STILL_AT = re.compile(
    r"^\W*(?:(?i:and|so)\s+)?(?:(?i:are\s+you|you're|you)\s+)?(?i:still)\s+"
    r"(?:(?i:working|teaching|nursing|lecturing|coaching)\s+)?"
    r"(?i:at)\s+(?:(?i:the)\s+)?(?P<where>[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})\W*\?\s*$"
)


#: "Do you still live in Leeds?", "Are you still living in Leeds?": where the one asked lives
_STILL_LIVE = re.compile(
    r"^\W*(?:(?i:and|so)\s+)?(?:(?i:do|are)\s+)?(?i:you)\s+(?i:still)\s+(?i:live|living)\s+"
    r"(?i:in)\s+(?P<where>[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})\W*\?\s*$"
)


def affirms(answer: str) -> bool:
    """Whether ``answer`` opens with a plain yes ("Yes!", "Yeah, …"; not "Yes, but no longer")."""
    return _YES.search(answer) is not None


def said(question: str, answer: str, they: Mapping[str, str] | None = None) -> str | None:
    """What ``answer`` states by answering ``question``: the question as a statement after a
    yes (:func:`statement`), the past it asked about after a no that tells an end ("Still
    teaching at Hillcrest?" - "Not any more, …": "I used to work at Hillcrest."), else None."""
    if affirms(answer):
        return statement(question, they)
    if _NO_MORE.search(answer) is None:
        return None
    question = " ".join(question.split())
    if (at := _STILL_AT.search(question)) is not None:
        return f"I used to work at {at.group('where')}."
    if (home := _STILL_LIVE.search(question)) is not None:
        return f"I used to live in {home.group('where')}."
    return None


def _third_person(verb: str) -> str:
    """``verb`` as "he/she ___s": live -> lives, watch -> watches, study -> studies."""
    lower = verb.lower()
    if lower == "have":
        return "has"
    if re.search(r"(?:s|sh|ch|x|z|o)$", lower):
        return verb + "es"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ies"
    return verb + "s"


def statement(question: str, they: Mapping[str, str] | None = None) -> str | None:
    """The statement a yes/no ``question`` asks about, as its answerer would say it; ``they``
    is who "she" and "he" are (``.coref``), when known. None for any other question."""
    question = " ".join(question.split())
    at = _STILL_AT.search(question)
    if at is not None:  # "Still at the Herald?" - "yep": where one works
        return f"I work at {at.group('where')}."
    for pattern in (_DO, _BE):
        match = pattern.search(question)
        if match is None:
            continue
        subject, aux, rest = match.group("s"), match.group("aux").lower(), match.group("rest")
        if subject.lower() in {"she", "he"}:
            known = (they or {}).get(subject.lower())
            if known is None:
                return None
            subject = known
        if subject.lower() == "you":
            return f"I {rest}." if aux == "do" else f"I'm {rest}."
        if aux == "is":
            return f"{subject} is {rest}."
        if aux == "does":
            verb, _, tail = rest.partition(" ")
            return f"{subject} {_third_person(verb)} {tail}".rstrip() + "."
        return None
    return None


def last_question(doc: Doc, speaker: str) -> tuple[str, str] | None:
    """(speaker, the message's last sentence) when that sentence is a question: what a
    "yes" in the next message confirms."""
    sentences = list(doc.sents)
    last = sentences[-1].text.strip() if sentences else ""
    return (speaker, last) if last.endswith("?") else None
