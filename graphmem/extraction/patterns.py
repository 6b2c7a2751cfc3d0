"""The English sentence patterns of the offline extractor (see :mod:`.offline`).

:func:`find_triplets` applies every rule of :data:`RULES` to one sentence and returns
:class:`RawTriplet` values; the offline extractor adds the fact text and dates.
First-person subjects (``I``, ``we``) become the speaker. Named subjects must be
capitalised words; :func:`clean_name` drops pronouns, weekdays, months and common
sentence openers from their edges. Targets are the rest of the clause, cut by
:func:`trim_phrase` at punctuation, conjunctions, prepositions and time expressions.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass
from typing import Literal

from graphmem.extraction.occupations import names_occupation
from graphmem.extraction.pattern_fragments import (
    A_HOME,
    ADV,
    BE1,
    BEEN,
    CANT,
    CAP,
    FIRST_PERSON,
    FP,
    HONORIFIC,
    IM,
    KEEN,
    LEFT,
    MEAL,
    MY_REL,
    NAME,
    NO_EAT,
    NOT_OWNED,
    ORG,
    OWN,
    OWNER,
    PERFECT,
    PET,
    PET_NAME,
    PROMOTED,
    REL,
    REL_ADJ,
    TITLE_AT,
    T,
)
from graphmem.extraction.pattern_words import (
    DIET_CHANGES,
    DIETS,
    INTOLERANT,
    NOT_TITLES,
    PETS,
    RELATIONS,
    TARGET_TYPES,
)
from graphmem.extraction.phrases import (
    clean_name,
    collapse_whitespace,
    split_list,
    trim_phrase,
    word_set,
)
from graphmem.lifecycle.predicates import normalize_name

#: How a couple may have been told: a breakup ends each of these.
COUPLE = ("wife", "husband", "partner", "girlfriend", "boyfriend", "fiance")

TargetKind = Literal["phrase", "list", "names", "title", "word"]


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
    # a "title" target must end in an occupation ("I'm a nurse", not "I'm a newbie";
    # extraction/occupations.py)
    occupation: bool = False
    # the pattern holds its own negation ("can't stand"): a parse must not read the clause's
    # "n't" as denying the fact
    negative: bool = False
    # the pattern tells that a fact ended ("I quit my job at X" ends ``works_at X``): its
    # triplets are denials for the lifecycle, never stored (nlp/denials.py)
    denial: bool = False


def _rule(pattern: str, predicate: str, target: TargetKind = "phrase", **kw: bool) -> Rule:
    return Rule(re.compile(pattern), predicate, target, **kw)


RULES: tuple[Rule, ...] = (
    _rule(rf"{FP}\s+{ADV}(?i:live|reside)\s+(?i:in)\s+{T}", "lives_in"),
    _rule(rf"{BE1}\s+{ADV}(?i:living|based|staying|settled)\s+(?i:in)\s+{T}", "lives_in"),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:moved|relocated)\s+(?i:to|into)\s+(?!{A_HOME}){T}",
          "lives_in", event=True),
    # "we moved into a new apartment in Brooklyn": the home is no place, the town is
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:moved|relocated)\s+(?i:to|into)\s+{A_HOME}"
          rf"(?:[a-z][\w-]*\s+){{0,3}}(?i:in|near)\s+{ORG}", "lives_in", event=True),
    # "I've lived in Toronto since 2015" (without since/for: been there once, maybe)
    _rule(rf"{FP}(?:'ve|\s+have)\s+{ADV}(?i:lived)\s+(?i:in)\s+{ORG}\s+(?i:since|for)\b",
          "lives_in"),
    _rule(rf"{BEEN}\s+{ADV}(?i:living|based|staying)\s+(?i:in)\s+{T}", "lives_in"),
    # "…before moving to Leeds", "since relocating to Porto, I…": the move happened
    _rule(rf"(?<![\w'])(?i:before|after|since)\s+(?i:moving|relocating)\s+(?i:to)\s+{T}",
          "lives_in", event=True, first_person_before=True),
    _rule(rf"{NAME}\s+{ADV}(?i:lives|resides)\s+(?i:in)\s+{T}", "lives_in"),
    _rule(rf"{NAME}\s+(?i:has\s+)?{ADV}(?i:moved|relocated)\s+(?i:to)\s+{T}", "lives_in",
          event=True),
    _rule(rf"{FP}\s+{ADV}(?i:work)\s+(?i:at|for)\s+{T}", "works_at"),
    _rule(rf"{IM}\s+{ADV}(?i:working|employed)\s+(?i:at|for|by)\s+{T}", "works_at"),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:started|began|start)\s+"
          rf"(?i:working|work|a\s+new\s+job|a\s+job)\s+(?i:at|for)\s+{T}", "works_at", event=True),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:got|gotten|landed|accepted|took)\s+(?i:a\s+)?"
          rf"(?i:new\s+)?(?i:job|position|role)\s+(?i:at|with)\s+{T}", "works_at", event=True),
    _rule(rf"{NAME}\s+{ADV}(?i:works)\s+(?i:at|for)\s+{T}", "works_at"),
    # "My husband Tom just started a new job at Amazon", "Lena has landed a role with Oxfam"
    _rule(rf"{NAME}\s+(?i:has\s+)?{ADV}(?i:started|began)\s+(?i:working|a\s+new\s+job|a\s+job)"
          rf"\s+(?i:at|for)\s+{T}", "works_at", event=True),
    _rule(rf"{NAME}\s+(?i:has\s+)?{ADV}(?i:got|gotten|landed|accepted|took)\s+(?i:a\s+)?"
          rf"(?i:new\s+)?(?i:job|position|role)\s+(?i:at|with)\s+{T}", "works_at", event=True),
    _rule(rf"{BEEN}\s+{ADV}(?i:working|employed)\s+(?i:at|for|by)\s+{T}", "works_at"),
    _rule(rf"{IM}\s+{ADV}{TITLE_AT}{ORG}", "works_at", titled=True),
    _rule(rf"{NAME}\s+(?i:is)\s+{ADV}{TITLE_AT}{ORG}", "works_at", titled=True),
    _rule(rf"(?<![\w'])(?i:got\s+|been\s+|was\s+|were\s+)?(?i:hired)\s+(?i:by|at)\s+{T}",
          "works_at", event=True, first_person_before=True),
    _rule(rf"(?<![\w'])(?i:joined)\s+(?P<t>{CAP}(?:\s+(?:&\s+)?{CAP}){{0,3}})", "works_at",
          "names", event=True, first_person_before=True, organization=True),
    _rule(rf"{FP}\s+{ADV}(?i:work)\s+(?i:as)\s+{TITLE_AT}{ORG}", "works_at", titled=True),
    _rule(rf"{IM}\s+{ADV}(?i:an?)\s+{T}", "job_title", "title", occupation=True),
    # "I got promoted to senior designer at Figma": a new title, at a named place
    _rule(rf"{FP}{PERFECT}\s+{ADV}{PROMOTED}(?:(?i:an?)\s+)?(?P<title>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)"
          rf"{{0,3}})\s+(?i:at|for)\s+{ORG}", "works_at", titled=True, event=True),
    _rule(rf"{FP}{PERFECT}\s+{ADV}{PROMOTED}(?:(?i:an?)\s+)?{T}", "job_title", "title",
          occupation=True, event=True),
    _rule(rf"{FP}\s+{ADV}(?i:work)\s+(?i:as)\s+(?i:an?\s+)?{T}", "job_title", "title"),
    _rule(rf"{IM}\s+(?P<t>\d{{1,3}})(?:\s+(?i:years?\s+old|yo)\b|(?=\s*(?:[,;.!?]|$)))", "age",
          "word"),
    _rule(rf"{IM}\s+{ADV}(?i:an?\s+)?{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word"),
    _rule(rf"{NAME}(?:'s|\s+(?i:is))\s+{ADV}(?i:an?\s+)?{KEEN}(?P<t>(?i:{DIETS}))\b",
          "diet", "word"),
    _rule(rf"{FP}(?:'ve|\s+have)\s+{ADV}(?i:been)\s+{ADV}(?i:an?\s+)?(?P<t>(?i:{DIETS}))\b",
          "diet", "word"),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:went|gone|became|become|turned)\s+{ADV}(?i:an?\s+)?"
          rf"{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word", event=True),
    # "I switched to a keto diet", "we've started a paleo diet", "I'm on a vegan diet now"
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:switched\s+to|changed\s+to|moved\s+to|went\s+on|"
          rf"gone\s+on|started|began|begun)\s+(?i:an?\s+|the\s+)?{KEEN}"
          rf"(?P<t>(?i:{DIETS}))\s+(?i:diet)\b", "diet", "word", event=True),
    _rule(rf"{BE1}\s+{ADV}(?i:on)\s+(?i:an?\s+)?{KEEN}(?P<t>(?i:{DIETS}))\s+(?i:diet)\b",
          "diet", "word"),
    _rule(rf"{IM}\s+{ADV}(?i:allergic)\s+(?i:to)\s+{T}", "allergic_to", "list"),
    _rule(rf"{NAME}(?:'s|\s+(?i:is))\s+{ADV}(?i:allergic)\s+(?i:to)\s+{T}", "allergic_to",
          "list"),
    _rule(rf"{FP}(?:'ve|\s+have)(?:\s+got)?\s+(?i:an?)\s+(?:(?i:severe|mild)\s+)?"
          rf"(?i:allergy)\s+(?i:to)\s+{T}", "allergic_to", "list"),
    # "I'm lactose intolerant", "Farid is gluten-intolerant", "I have a lactose intolerance"
    _rule(rf"(?:{IM}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}(?P<t>(?i:{INTOLERANT}))"
          rf"[\s-]+(?i:intolerant)\b", "intolerant_to", "word"),
    _rule(rf"{FP}(?:'ve|\s+have)(?:\s+got)?\s+(?i:an?)\s+(?:(?i:severe|mild)\s+)?"
          rf"(?P<t>(?i:{INTOLERANT}))[\s-]+(?i:intolerance)\b", "intolerant_to", "word"),
    _rule(rf"{FP}\s+{ADV}(?i:eat|dine|ate|dined|(?:have|had|get|grab|grabbed)\s+{MEAL})"
          rf"\s+(?i:with)\s+{T}", "eats_with", "names", allow_to=True),
    _rule(rf"(?i:\b(?:dinner|lunch|breakfast|brunch)\s+with)\s+{T}", "eats_with", "names",
          allow_to=True, first_person_before=True),
    # "My favorite band is Radiohead", "my all-time favourite foods are sushi and ramen"
    _rule(rf"(?<![\w'])(?i:my)\s+(?:(?i:all-time|absolute)\s+)?(?i:favou?rite)\s+"
          rf"(?:(?!about\b)[a-z][\w-]*\s+){{0,3}}(?i:is|are)\s+{T}", "likes", "list"),
    _rule(rf"{FP}\s+{ADV}(?P<v>(?i:like|love|enjoy|adore|prefer))\s+{T}", "likes",
          allow_to=True),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:started|began|start)\s+(?i:eating)\s+{T}", "eats",
          event=True),
    _rule(rf"{FP}\s+{ADV}{CANT}\s+(?i:stand|bear)\s+{T}", "dislikes", "list", negative=True),
    _rule(rf"{NAME}\s+{ADV}{CANT}\s+(?i:stand|bear)\s+{T}", "dislikes", "list",
          negative=True),
    _rule(rf"{FP}\s+{ADV}(?i:hate|detest|loathe|despise)\s+{T}", "dislikes", "list"),
    _rule(rf"{NAME}\s+{ADV}(?i:hates|detests|loathes|despises)\s+{T}", "dislikes", "list"),
    # "X is my son" (not "X is my son's teacher": the relation is to someone else)
    _rule(rf"{NAME}\s+(?i:is)\s+{MY_REL}{REL}\b{NOT_OWNED}", "relation"),
    _rule(rf"{NAME},\s+{MY_REL}{REL}\s*,", "relation"),  # "Sarah, my neighbor, is a vet"
    _rule(rf"{NAME}\s+(?i:is)\s+{OWNER}{REL_ADJ}{REL}\b{NOT_OWNED}", "relation"),
    _rule(rf"{OWNER}{REL_ADJ}{REL},?\s+{HONORIFIC}(?P<s>{CAP}(?:\s+{CAP}){{0,2}})",
          "relation"),
    # "Mia's teacher is Mr. Okoye"
    _rule(rf"{OWNER}{REL_ADJ}{REL}\s+(?i:is)\s+{HONORIFIC}(?P<s>{CAP}(?:\s+{CAP}){{0,2}})",
          "relation"),
    _rule(rf"{IM}\s+{ADV}(?i:married)\s+(?i:to)\s+{T}", "married_to", "names"),
    _rule(rf"{IM}\s+{ADV}(?i:dating|going\s+out\s+with)\s+{T}", "dating", "names"),
    _rule(rf"{NAME}\s+(?i:is|was|got)\s+{ADV}(?i:married)\s+(?i:to)\s+{T}", "married_to",
          "names"),
    _rule(rf"{FP}\s+{ADV}{NO_EAT}\s+{T}", "avoids", "list", negative=True),
    _rule(rf"{NAME}\s+{ADV}{NO_EAT}\s+{T}", "avoids", "list", negative=True),
    _rule(rf"{MY_REL}{REL},?\s+{HONORIFIC}(?P<s>{CAP}(?:\s+{CAP}){{0,2}})", "relation"),
    # what ended: a job left, a home moved out of, a partner broken up with (denials)
    _rule(rf"{FP}{PERFECT}\s+{ADV}{LEFT}\s+(?i:my|the|a)\s+(?:(?i:old|current)\s+)?"
          rf"(?i:job|position|role)\s+(?i:at|with)\s+{T}", "works_at", denial=True),
    _rule(rf"{FP}{PERFECT}\s+{ADV}{LEFT}\s+{ORG}", "works_at", "names", denial=True),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:moved\s+(?:out\s+of|away\s+from)|left)\s+{ORG}",
          "lives_in", "names", denial=True),
    _rule(rf"{FP}{PERFECT}\s+{ADV}(?i:broke\s+up\s+with|split\s+up\s+with|separated\s+from|"
          rf"divorced)\s+{T}", "partner", "names", denial=True),
    _rule(rf"{MY_REL}{PET}\b,?\s+(?:(?i:named|called)\s+)?{PET_NAME}", "pet"),
    _rule(rf"{FP}{PERFECT}\s+{ADV}{OWN}\s+(?i:an?)\s+(?:[\w-]+\s+){{0,2}}?{PET}\s+"
          rf"(?i:named|called)\s+{PET_NAME}", "pet"),
)  # fmt: skip


@dataclass(frozen=True)
class RawTriplet:
    source: str
    predicate: str
    target: str
    event: bool
    source_type: str | None = "person"
    target_type: str | None = None
    organization: bool = False  # see Rule.organization
    negative: bool = False  # see Rule.negative
    denial: bool = False  # see Rule.denial


_CALLED = re.compile(rf"\b(?i:called|named)\s+(?P<n>{CAP}(?:\s+{CAP}){{0,3}})\s*$")


def _trailing_name(item: str, known: Container[str]) -> str | None:
    if normalize_name(item) in known:
        return item
    words = item.split()
    start = len(words)
    while start > 0 and words[start - 1][:1].isupper():
        start -= 1
    return clean_name(" ".join(words[start:]))


#: "a student at Stanford", "a regular at Blue Bottle": at a place, but not working there
_NOT_EMPLOYED = word_set(
    """
    student pupil regular customer client guest visitor patient volunteer member fan tourist
    resident tenant
    """
)


def _employed_as(title: str) -> bool:
    return _is_title(title) and title.lower().split()[-1] not in _NOT_EMPLOYED


def _is_title(phrase: str) -> bool:
    words = phrase.lower().split()
    return len(words) <= 4 and all(
        word.replace("-", "").isalpha() and word not in NOT_TITLES for word in words
    )


def _targets(rule: Rule, raw: str, known: Container[str]) -> list[str]:
    if rule.target == "word":
        return [raw.lower()]
    keep_lists = rule.target in {"list", "names"}
    phrase = trim_phrase(raw, allow_to=rule.allow_to, keep_lists=keep_lists)
    if phrase is None:
        return []
    if rule.target == "title":
        fits = _is_title(phrase) and (not rule.occupation or names_occupation(phrase))
        return [phrase] if fits else []
    if rule.target == "list":
        return split_list(phrase)
    named = _CALLED.search(phrase)
    if named is not None:  # "a small architecture firm called Lumen Studio": the name
        return [named.group("n")]
    if rule.target == "names":
        names = (_trailing_name(item, known) for item in split_list(phrase))
        return [name for name in names if name]
    return [phrase]


def _after_first_person(match: re.Match[str], first_person_end: int | None) -> bool:
    """The match opens the sentence, or an "I"/"we" (ending at ``first_person_end``, the end
    of the sentence's first one) comes before it. Found once per sentence, not per match."""
    start = match.start()
    return start == 0 or (first_person_end is not None and first_person_end <= start)


def _apply(
    rule: Rule,
    match: re.Match[str],
    speaker: str,
    known: Container[str],
    first_person_end: int | None,
) -> list[RawTriplet]:
    if rule.first_person_before and not _after_first_person(match, first_person_end):
        return []
    if rule.titled and not _employed_as(match.group("title")):
        return []
    subject = speaker
    if match.groupdict().get("s") is not None:
        name = clean_name(match.group("s"))
        if name is None:
            return []
        subject = name
    if rule.predicate == "relation":  # of the speaker, or of a named owner ("Karl's son")
        relation = RELATIONS[match.group("r").lower()]
        owner = clean_name(match.group("o")) if match.groupdict().get("o") else speaker
        if owner is None or normalize_name(owner) == normalize_name(subject):
            return []
        return [RawTriplet(subject, f"{relation}_of", owner, rule.event, "person", "person")]
    if rule.predicate == "partner":  # a breakup ends the couple however it was told
        return [
            RawTriplet(a, p, b, False, "person", "person", denial=True)
            for name in _targets(rule, match.group("t"), known)
            for a, p, b in _couple(speaker, name)
        ]
    if rule.predicate == "pet":  # "my dog Pepper", "we adopted a puppy named Miso"
        pet = PETS[" ".join(match.group("r").lower().split())]
        return [RawTriplet(subject, f"{pet}_of", speaker, rule.event, "animal", "person")]
    predicate = rule.predicate
    if (match.groupdict().get("v") or "").lower() == "prefer":
        predicate = "prefers"
    target_type = TARGET_TYPES.get(predicate)
    found = [
        RawTriplet(
            subject, predicate, target, rule.event, "person", target_type, rule.organization,
            rule.negative, rule.denial,
        )
        for target in _targets(rule, match.group("t"), known)
    ]  # fmt: skip
    return found + [
        RawTriplet(subject, "diet", DIET_CHANGES[t.target.lower()], True, "person", "diet")
        for t in found
        if predicate == "eats" and t.target.lower() in DIET_CHANGES
    ]


def _couple(me: str, other: str) -> list[tuple[str, str, str]]:
    together = [(me, "married_to", other), (other, "married_to", me), (me, "dating", other),
                (other, "dating", me)]  # fmt: skip
    return together + [(other, f"{role}_of", me) for role in COUPLE]


def find_triplets(
    sentence: str, speaker: str, known: Container[str] = frozenset()
) -> list[RawTriplet]:
    """Every rule's triplets for one sentence (duplicates included, in rule order).

    ``known`` holds :func:`normalize_name` keys of entities known in the scope; a known
    entity is accepted as an ``eats_with`` name even when it is not capitalised.
    """
    sentence = collapse_whitespace(sentence.replace("\u2019", "'"))
    first_person = FIRST_PERSON.search(sentence)
    first_person_end = first_person.end() if first_person else None
    found: list[RawTriplet] = []
    for rule in RULES:
        for match in rule.regex.finditer(sentence):
            found.extend(_apply(rule, match, speaker, known, first_person_end))
    return found
