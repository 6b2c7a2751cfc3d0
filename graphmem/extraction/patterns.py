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

TargetKind = Literal["phrase", "list", "names", "title", "word"]


_FP = r"(?<![\w'])(?:I|i|[Ww]e)"
_IM = r"(?<![\w'])(?:I|i)(?:'m|\s+am)"
_FIRST_PERSON = re.compile(rf"{_FP}(?![\w])")
_BE1 = r"(?<![\w'])(?:(?:I|i)(?:'m|\s+am)|[Ww]e(?:'re|\s+are))"
_PERFECT = r"(?:'ve|'d|\s+have|\s+had)?"
_BEEN = r"(?<![\w'])(?:I|i|[Ww]e)(?:'ve|\s+have)\s+been"  # "I've been living in …"
# "a nurse at Rush Medical Center": a job title (checked by ``_employed_as``) at a named place
_TITLE_AT = r"(?i:an?)\s+(?P<title>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})\s+(?i:at|for)\s+"
_ADV = (
    r"(?:(?i:just|recently|finally|now|currently|still|also|already|really|usually|often|"
    r"always|sometimes|regularly|actually|absolutely|totally|strictly|mostly|fully|"
    r"completely|mainly|very|severely|mildly|highly|deathly|officially)\s+)*"
)
_CAP = r"[A-ZÀ-ÖØ-Þ][\w'-]*"
_NAME = rf"(?<![\w'-])(?P<s>{_CAP}(?:\s+{_CAP}){{0,3}})"
_ORG = rf"(?P<t>{_CAP}(?:\s+(?:&\s+|of\s+|the\s+)?{_CAP}){{0,5}})"
_T = r"(?P<t>[^.!?;:\n]+)"
_MY_REL = (
    r"(?<![\w'])(?i:my|our)\s+(?:(?i:best|good|close|old|older|younger|little|big|new|twin)\s+)*"
)
_REL = rf"(?P<r>(?i:{'|'.join(sorted(RELATIONS, key=len, reverse=True))}))"
_MEAL = r"(?:dinner|lunch|breakfast|brunch|meals?|food)"
_PET = rf"(?P<r>(?i:{'|'.join(sorted(PETS, key=len, reverse=True))}))"
_PET_NAME = rf"(?P<s>{_CAP}(?:\s+{_CAP}){{0,2}})"
_OWN = r"(?i:have|has|had|got|gotten|adopted|rescued|bought|own|owned|took\s+in)"
_CANT = r"(?i:can't|cannot|can\s+not|couldn't|could\s+never)"
# "Ines can't eat gluten", "I don't eat pork": a food the subject keeps away from
_NO_EAT = (
    r"(?i:can't|cannot|can\s+not|don't|do\s+not|doesn't|does\s+not|never)\s+"
    r"(?i:eat|eats|have|tolerate|tolerates|digest|digests)"
)
# "Karl's daughter": a named owner of a relation (not "Karl's" as "Karl is")
_OWNER = rf"(?<![\w'-])(?P<o>{_CAP}(?:\s+{_CAP}){{0,2}})'s\s+"
# "my landlord Mr. Duarte": the name is the person's, the title is not
_HONORIFIC = r"(?:(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof)\.?\s+)?"
_NOT_OWNED = r"(?!['\u2019]s\b)"
_REL_ADJ = (
    r"(?:(?i:best|good|close|old|older|younger|little|big|new|twin|eldest|oldest|youngest)\s+)*"
)
_KEEN = r"(?:(?i:strict|committed|lifelong|proud|full-time)\s+)?"  # "a strict vegan"
_LEFT = r"(?i:quit|left|resigned\s+from)"
# "a new apartment", "our first house": a home named by a common noun (then "in <Town>")
_A_HOME = r"(?i:a|an|the|our|my|his|her|their)\s+(?=[a-z])"
_PROMOTED = r"(?:(?i:got|was|were|been)\s+)?(?i:promoted)\s+(?i:to)\s+"
#: How a couple may have been told: a breakup ends each of these.
_COUPLE = ("wife", "husband", "partner", "girlfriend", "boyfriend", "fiance")


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
    _rule(rf"{_FP}\s+{_ADV}(?i:live|reside)\s+(?i:in)\s+{_T}", "lives_in"),
    _rule(rf"{_BE1}\s+{_ADV}(?i:living|based|staying|settled)\s+(?i:in)\s+{_T}", "lives_in"),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:moved|relocated)\s+(?i:to|into)\s+(?!{_A_HOME}){_T}",
          "lives_in", event=True),
    # "we moved into a new apartment in Brooklyn": the home is no place, the town is
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:moved|relocated)\s+(?i:to|into)\s+{_A_HOME}"
          rf"(?:[a-z][\w-]*\s+){{0,3}}(?i:in|near)\s+{_ORG}", "lives_in", event=True),
    # "I've lived in Toronto since 2015" (without since/for: been there once, maybe)
    _rule(rf"{_FP}(?:'ve|\s+have)\s+{_ADV}(?i:lived)\s+(?i:in)\s+{_ORG}\s+(?i:since|for)\b",
          "lives_in"),
    _rule(rf"{_BEEN}\s+{_ADV}(?i:living|based|staying)\s+(?i:in)\s+{_T}", "lives_in"),
    # "…before moving to Leeds", "since relocating to Porto, I…": the move happened
    _rule(rf"(?<![\w'])(?i:before|after|since)\s+(?i:moving|relocating)\s+(?i:to)\s+{_T}",
          "lives_in", event=True, first_person_before=True),
    _rule(rf"{_NAME}\s+{_ADV}(?i:lives|resides)\s+(?i:in)\s+{_T}", "lives_in"),
    _rule(rf"{_NAME}\s+(?i:has\s+)?{_ADV}(?i:moved|relocated)\s+(?i:to)\s+{_T}", "lives_in",
          event=True),
    _rule(rf"{_FP}\s+{_ADV}(?i:work)\s+(?i:at|for)\s+{_T}", "works_at"),
    _rule(rf"{_IM}\s+{_ADV}(?i:working|employed)\s+(?i:at|for|by)\s+{_T}", "works_at"),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:started|began|start)\s+"
          rf"(?i:working|work|a\s+new\s+job|a\s+job)\s+(?i:at|for)\s+{_T}", "works_at", event=True),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:got|gotten|landed|accepted|took)\s+(?i:a\s+)?"
          rf"(?i:new\s+)?(?i:job|position|role)\s+(?i:at|with)\s+{_T}", "works_at", event=True),
    _rule(rf"{_NAME}\s+{_ADV}(?i:works)\s+(?i:at|for)\s+{_T}", "works_at"),
    # "My husband Tom just started a new job at Amazon", "Lena has landed a role with Oxfam"
    _rule(rf"{_NAME}\s+(?i:has\s+)?{_ADV}(?i:started|began)\s+(?i:working|a\s+new\s+job|a\s+job)"
          rf"\s+(?i:at|for)\s+{_T}", "works_at", event=True),
    _rule(rf"{_NAME}\s+(?i:has\s+)?{_ADV}(?i:got|gotten|landed|accepted|took)\s+(?i:a\s+)?"
          rf"(?i:new\s+)?(?i:job|position|role)\s+(?i:at|with)\s+{_T}", "works_at", event=True),
    _rule(rf"{_BEEN}\s+{_ADV}(?i:working|employed)\s+(?i:at|for|by)\s+{_T}", "works_at"),
    _rule(rf"{_IM}\s+{_ADV}{_TITLE_AT}{_ORG}", "works_at", titled=True),
    _rule(rf"{_NAME}\s+(?i:is)\s+{_ADV}{_TITLE_AT}{_ORG}", "works_at", titled=True),
    _rule(rf"(?<![\w'])(?i:got\s+|been\s+|was\s+|were\s+)?(?i:hired)\s+(?i:by|at)\s+{_T}",
          "works_at", event=True, first_person_before=True),
    _rule(rf"(?<![\w'])(?i:joined)\s+(?P<t>{_CAP}(?:\s+(?:&\s+)?{_CAP}){{0,3}})", "works_at",
          "names", event=True, first_person_before=True, organization=True),
    _rule(rf"{_FP}\s+{_ADV}(?i:work)\s+(?i:as)\s+{_TITLE_AT}{_ORG}", "works_at", titled=True),
    _rule(rf"{_IM}\s+{_ADV}(?i:an?)\s+{_T}", "job_title", "title", occupation=True),
    # "I got promoted to senior designer at Figma": a new title, at a named place
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}{_PROMOTED}(?:(?i:an?)\s+)?(?P<title>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)"
          rf"{{0,3}})\s+(?i:at|for)\s+{_ORG}", "works_at", titled=True, event=True),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}{_PROMOTED}(?:(?i:an?)\s+)?{_T}", "job_title", "title",
          occupation=True, event=True),
    _rule(rf"{_FP}\s+{_ADV}(?i:work)\s+(?i:as)\s+(?i:an?\s+)?{_T}", "job_title", "title"),
    _rule(rf"{_IM}\s+(?P<t>\d{{1,3}})(?:\s+(?i:years?\s+old|yo)\b|(?=\s*(?:[,;.!?]|$)))", "age",
          "word"),
    _rule(rf"{_IM}\s+{_ADV}(?i:an?\s+)?{_KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word"),
    _rule(rf"{_NAME}(?:'s|\s+(?i:is))\s+{_ADV}(?i:an?\s+)?{_KEEN}(?P<t>(?i:{DIETS}))\b",
          "diet", "word"),
    _rule(rf"{_FP}(?:'ve|\s+have)\s+{_ADV}(?i:been)\s+{_ADV}(?i:an?\s+)?(?P<t>(?i:{DIETS}))\b",
          "diet", "word"),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:went|gone|became|become|turned)\s+{_ADV}(?i:an?\s+)?"
          rf"{_KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word", event=True),
    # "I switched to a keto diet", "we've started a paleo diet", "I'm on a vegan diet now"
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:switched\s+to|changed\s+to|moved\s+to|went\s+on|"
          rf"gone\s+on|started|began|begun)\s+(?i:an?\s+|the\s+)?{_KEEN}"
          rf"(?P<t>(?i:{DIETS}))\s+(?i:diet)\b", "diet", "word", event=True),
    _rule(rf"{_BE1}\s+{_ADV}(?i:on)\s+(?i:an?\s+)?{_KEEN}(?P<t>(?i:{DIETS}))\s+(?i:diet)\b",
          "diet", "word"),
    _rule(rf"{_IM}\s+{_ADV}(?i:allergic)\s+(?i:to)\s+{_T}", "allergic_to", "list"),
    _rule(rf"{_NAME}(?:'s|\s+(?i:is))\s+{_ADV}(?i:allergic)\s+(?i:to)\s+{_T}", "allergic_to",
          "list"),
    _rule(rf"{_FP}(?:'ve|\s+have)(?:\s+got)?\s+(?i:an?)\s+(?:(?i:severe|mild)\s+)?"
          rf"(?i:allergy)\s+(?i:to)\s+{_T}", "allergic_to", "list"),
    # "I'm lactose intolerant", "Farid is gluten-intolerant", "I have a lactose intolerance"
    _rule(rf"(?:{_IM}|{_NAME}(?:'s|\s+(?i:is)))\s+{_ADV}(?P<t>(?i:{INTOLERANT}))"
          rf"[\s-]+(?i:intolerant)\b", "intolerant_to", "word"),
    _rule(rf"{_FP}(?:'ve|\s+have)(?:\s+got)?\s+(?i:an?)\s+(?:(?i:severe|mild)\s+)?"
          rf"(?P<t>(?i:{INTOLERANT}))[\s-]+(?i:intolerance)\b", "intolerant_to", "word"),
    _rule(rf"{_FP}\s+{_ADV}(?i:eat|dine|ate|dined|(?:have|had|get|grab|grabbed)\s+{_MEAL})"
          rf"\s+(?i:with)\s+{_T}", "eats_with", "names", allow_to=True),
    _rule(rf"(?i:\b(?:dinner|lunch|breakfast|brunch)\s+with)\s+{_T}", "eats_with", "names",
          allow_to=True, first_person_before=True),
    # "My favorite band is Radiohead", "my all-time favourite foods are sushi and ramen"
    _rule(rf"(?<![\w'])(?i:my)\s+(?:(?i:all-time|absolute)\s+)?(?i:favou?rite)\s+"
          rf"(?:(?!about\b)[a-z][\w-]*\s+){{0,3}}(?i:is|are)\s+{_T}", "likes", "list"),
    _rule(rf"{_FP}\s+{_ADV}(?P<v>(?i:like|love|enjoy|adore|prefer))\s+{_T}", "likes",
          allow_to=True),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:started|began|start)\s+(?i:eating)\s+{_T}", "eats",
          event=True),
    _rule(rf"{_FP}\s+{_ADV}{_CANT}\s+(?i:stand|bear)\s+{_T}", "dislikes", "list", negative=True),
    _rule(rf"{_NAME}\s+{_ADV}{_CANT}\s+(?i:stand|bear)\s+{_T}", "dislikes", "list",
          negative=True),
    _rule(rf"{_FP}\s+{_ADV}(?i:hate|detest|loathe|despise)\s+{_T}", "dislikes", "list"),
    _rule(rf"{_NAME}\s+{_ADV}(?i:hates|detests|loathes|despises)\s+{_T}", "dislikes", "list"),
    # "X is my son" (not "X is my son's teacher": the relation is to someone else)
    _rule(rf"{_NAME}\s+(?i:is)\s+{_MY_REL}{_REL}\b{_NOT_OWNED}", "relation"),
    _rule(rf"{_NAME},\s+{_MY_REL}{_REL}\s*,", "relation"),  # "Sarah, my neighbor, is a vet"
    _rule(rf"{_NAME}\s+(?i:is)\s+{_OWNER}{_REL_ADJ}{_REL}\b{_NOT_OWNED}", "relation"),
    _rule(rf"{_OWNER}{_REL_ADJ}{_REL},?\s+{_HONORIFIC}(?P<s>{_CAP}(?:\s+{_CAP}){{0,2}})",
          "relation"),
    # "Mia's teacher is Mr. Okoye"
    _rule(rf"{_OWNER}{_REL_ADJ}{_REL}\s+(?i:is)\s+{_HONORIFIC}(?P<s>{_CAP}(?:\s+{_CAP}){{0,2}})",
          "relation"),
    _rule(rf"{_IM}\s+{_ADV}(?i:married)\s+(?i:to)\s+{_T}", "married_to", "names"),
    _rule(rf"{_IM}\s+{_ADV}(?i:dating|going\s+out\s+with)\s+{_T}", "dating", "names"),
    _rule(rf"{_NAME}\s+(?i:is|was|got)\s+{_ADV}(?i:married)\s+(?i:to)\s+{_T}", "married_to",
          "names"),
    _rule(rf"{_FP}\s+{_ADV}{_NO_EAT}\s+{_T}", "avoids", "list", negative=True),
    _rule(rf"{_NAME}\s+{_ADV}{_NO_EAT}\s+{_T}", "avoids", "list", negative=True),
    _rule(rf"{_MY_REL}{_REL},?\s+{_HONORIFIC}(?P<s>{_CAP}(?:\s+{_CAP}){{0,2}})", "relation"),
    # what ended: a job left, a home moved out of, a partner broken up with (denials)
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}{_LEFT}\s+(?i:my|the|a)\s+(?:(?i:old|current)\s+)?"
          rf"(?i:job|position|role)\s+(?i:at|with)\s+{_T}", "works_at", denial=True),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}{_LEFT}\s+{_ORG}", "works_at", "names", denial=True),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:moved\s+(?:out\s+of|away\s+from)|left)\s+{_ORG}",
          "lives_in", "names", denial=True),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}(?i:broke\s+up\s+with|split\s+up\s+with|separated\s+from|"
          rf"divorced)\s+{_T}", "partner", "names", denial=True),
    _rule(rf"{_MY_REL}{_PET}\b,?\s+(?:(?i:named|called)\s+)?{_PET_NAME}", "pet"),
    _rule(rf"{_FP}{_PERFECT}\s+{_ADV}{_OWN}\s+(?i:an?)\s+(?:[\w-]+\s+){{0,2}}?{_PET}\s+"
          rf"(?i:named|called)\s+{_PET_NAME}", "pet"),
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


_CALLED = re.compile(rf"\b(?i:called|named)\s+(?P<n>{_CAP}(?:\s+{_CAP}){{0,3}})\s*$")


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
    return together + [(other, f"{role}_of", me) for role in _COUPLE]


def find_triplets(
    sentence: str, speaker: str, known: Container[str] = frozenset()
) -> list[RawTriplet]:
    """Every rule's triplets for one sentence (duplicates included, in rule order).

    ``known`` holds :func:`normalize_name` keys of entities known in the scope; a known
    entity is accepted as an ``eats_with`` name even when it is not capitalised.
    """
    sentence = collapse_whitespace(sentence.replace("\u2019", "'"))
    first_person = _FIRST_PERSON.search(sentence)
    first_person_end = first_person.end() if first_person else None
    found: list[RawTriplet] = []
    for rule in RULES:
        for match in rule.regex.finditer(sentence):
            found.extend(_apply(rule, match, speaker, known, first_person_end))
    return found
