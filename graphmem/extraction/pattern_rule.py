"""One sentence pattern of the offline extractors' table (:mod:`.pattern_rules`): its
regular expression, the predicate it gives and how its target is read."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

# "series": a phrase, or a list when written as one with commas ("hiking, swimming and yoga")
# "condition": a condition's adjective, read as its name ("diabetic" -> "diabetes")
# "role": a role in a club or team, in its one spelling ("captaincy" -> "captain")
TargetKind = Literal["phrase", "list", "names", "title", "word", "series", "condition", "role"]


@dataclass(frozen=True)
class Rule:
    """One pattern; a group ``s`` is the subject (else the speaker), ``t`` the target."""

    regex: re.Pattern[str]
    predicate: str
    target: TargetKind = "phrase"
    event: bool = False
    allow_to: bool = False
    first_person_before: bool = False  # only when "I"/"we" precede it, or it opens the sentence
    # the target must be an organisation: the NLP extractor keeps it only when its parse
    # labels the name ORG ("joined Hartwell Partners", not "joined Hannah for a run"); the
    # patterns engine, which has no parse, drops it
    organization: bool = False
    titled: bool = False  # the match's ``title`` group must read as a job title
    # a "title" target (or a titled match's title) must end in an occupation ("I'm a nurse",
    # not "I'm a newbie"; extraction/occupations.py)
    occupation: bool = False
    # the pattern holds its own negation ("can't stand"): a parse must not read the clause's
    # "n't" as denying the fact
    negative: bool = False
    # the pattern tells that a fact ended ("I quit my job at X" ends ``works_at X``): its
    # triplets are denials for the lifecycle, never stored (nlp/denials.py)
    denial: bool = False


def rule(pattern: str, predicate: str, target: TargetKind = "phrase", **kw: bool) -> Rule:
    return Rule(re.compile(pattern), predicate, target, **kw)
