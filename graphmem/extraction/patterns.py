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

from graphmem.domain.calendar_words import AGE_WORDS, NUMBER_WORDS
from graphmem.domain.club_roles import role_form
from graphmem.domain.extraction import ANY_VALUE
from graphmem.extraction import sentence_variants as variants
from graphmem.extraction.occupations import names_occupation
from graphmem.extraction.pattern_fragments import CAP, FIRST_PERSON, HOW_MANY, MY_REL, REL
from graphmem.extraction.pattern_rule import Rule
from graphmem.extraction.pattern_rules import RULES
from graphmem.extraction.pattern_words import (
    ANIMAL_PRODUCTS,
    CONDITION_ADJECTIVES,
    COUNTED,
    COUNTED_ONE,
    DIET_CHANGES,
    NOT_TITLES,
    PETS,
    PLURAL_RELATIONS,
    RELATIONS,
    TARGET_TYPES,
)
from graphmem.extraction.phrases import (
    clean_name,
    collapse_whitespace,
    split_list,
    trailing_name,
    trim_phrase,
    word_set,
)
from graphmem.extraction.unnamed_relatives import (
    called_by_relation,
    name_the_unnamed,
    owned_clauses,
)
from graphmem.lifecycle.predicates import normalize_name

#: How a couple may have been told: a breakup ends each of these.
COUPLE = ("wife", "husband", "partner", "girlfriend", "boyfriend", "fiance")
#: The verbs that tell what someone has; selling it ends each ("I drive a Civic").
POSSESSION_VERBS = ("own", "have", "keep", "drive", "ride", "use")


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
    spelled: str = ""  # the target as the sentence spells it, when read otherwise ("diabetic")
    # a relation told by a noun phrase ("Tom from work"), whatever its clause says
    by_phrase: bool = False


#: "a bakery called Crumbs" (and "… called Crumbs its like a ten minute walk": chat that runs
#: on past the name)
_CALLED = re.compile(
    rf"\b(?i:called|named)\s+(?P<n>{CAP}(?:\s+{CAP}){{0,3}})(?:\s+[a-z][\w']*)*\s*$"
)


def _trailing_name(item: str, known: Container[str]) -> str | None:
    if normalize_name(item) in known:
        return item
    return trailing_name(item)


#: "a student at Stanford", "a regular at Blue Bottle": at a place, but not working there
_NOT_EMPLOYED = word_set(
    """
    student pupil regular customer client guest visitor patient volunteer member fan tourist
    resident tenant
    """
)


def _employed_as(title: str, occupation: bool = False) -> bool:
    employed = _is_title(title) and title.lower().split()[-1] not in _NOT_EMPLOYED
    return employed and (not occupation or names_occupation(title))


def _is_title(phrase: str) -> bool:
    words = phrase.lower().split()
    return len(words) <= 4 and all(
        word.replace("-", "").isalpha() and word not in NOT_TITLES for word in words
    )


#: Items written as a list: "A, B and C", "A, B, or C" (not "mac and cheese": no comma)
_SERIES = re.compile(r"[^,.!?;:]+?(?:,\s*[^,.!?;:]+?)+,?\s+(?:and|or)\s+\S", re.IGNORECASE)
#: ... or two activities without a comma: "hiking and swimming", "reading or painting"
_ACTIVITY_PAIR = re.compile(r"[a-z]+ing\s+(?:and|or)\s+[a-z]+ing\b", re.IGNORECASE)


def _listed(raw: str) -> bool:
    return _SERIES.match(raw) is not None or _ACTIVITY_PAIR.match(raw) is not None


#: Rules that end facts whatever their value (denials of ``ANY_VALUE``), and the predicates
#: each ends.
_ENDS_WHATEVER: dict[str, tuple[str, ...]] = {
    "single": ("dating", "married_to", "engaged_to"),  # "we broke up"
    "alone": ("live_with",),  # "I live alone now": whoever the speaker lived with
    "jobless": ("works_at", "job_title"),  # "I'm between jobs": whatever the job was
    # "quit the cafe": the job, wherever it was (its title may be told anew in the same
    # breath: "…, got a lab assistant job")
    "job_quit": ("works_at",),
    "role_quit": ("holds_role",),  # "Hannah quit the band": whatever role she held
    "course_switched": ("study",),  # "I've transferred onto the law course": any other
}


def _targets(rule: Rule, raw: str, known: Container[str]) -> list[str]:
    if rule.target == "word":
        word = raw.lower()  # an age in words as its number: "seven" -> "7"
        return [str(AGE_WORDS[word]) if rule.predicate == "age" and word in AGE_WORDS else word]
    if rule.target == "role":  # "Captaincy" -> "captain"
        return [role_form(raw)]
    if rule.target == "condition":  # "type 1 diabetic" -> "type 1 diabetes"
        *kind, adjective = raw.lower().split()
        return [" ".join([*kind, CONDITION_ADJECTIVES[adjective]])]
    if rule.target == "series" and _listed(collapse_whitespace(raw)):
        return split_list(trim_phrase(raw, allow_to=rule.allow_to, keep_lists=True) or "")
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
    if rule.titled and not _employed_as(match.group("title"), rule.occupation):
        return []
    subject = speaker
    if match.groupdict().get("s") is not None:
        name = clean_name(match.group("s"))
        if name is None:
            return []
        subject = called_by_relation(name, speaker)
    if rule.predicate == "relation":  # of the speaker, or of a named owner ("Karl's son")
        relation = RELATIONS[match.group("r").lower()]
        owner = clean_name(match.group("o")) if match.groupdict().get("o") else speaker
        if owner is None or normalize_name(owner) == normalize_name(subject):
            return []
        return [RawTriplet(subject, f"{relation}_of", owner, rule.event, "person", "person")]
    if rule.predicate == "partner":  # a breakup ends the couple however it was told, of the
        # speaker or of two people named ("Tom and Priya called off the engagement")
        return [
            RawTriplet(a, p, b, False, "person", "person", negative=rule.negative, denial=True)
            for name in _targets(rule, match.group("t"), known)
            for a, p, b in _couple(subject, name)
        ]
    if rule.predicate == "relatives":  # "my parents Tom and Ann": each one by name
        relation = PLURAL_RELATIONS[match.group("r").lower()]
        return [
            RawTriplet(name, f"{relation}_of", speaker, rule.event, "person", "person")
            for name in _targets(rule, match.group("t"), known)
        ]
    if rule.predicate == "count":  # "we have two kids" -> number_of_children 2
        return [c for m in _counts(match) if (c := _count(subject, m, rule.event))]
    # of the speaker, or of a named owner ("Carl's dog Bo", "Carl has two dogs, Rex and Bo")
    owner = clean_name(match.group("o")) if match.groupdict().get("o") else speaker
    if rule.predicate == "pets" and owner is not None:  # "our two cats, Pixel and Mochi"
        pet = _pet_kind(match)
        return [
            RawTriplet(name, f"{pet}_of", owner, rule.event, "animal", "person")
            for name in _targets(rule, match.group("t"), known)
        ]
    if rule.predicate in _ENDS_WHATEVER:  # a couple, a home shared, a job, a role: whatever
        return [
            RawTriplet(subject, p, ANY_VALUE, False, "person", None, denial=True)
            for p in _ENDS_WHATEVER[rule.predicate]
        ]
    if rule.predicate == "sober":  # "I've been sober for two years": whatever they drank
        return [  # ... ended, and alcohol is what to avoid when cooking or hosting them
            RawTriplet(subject, "drink", ANY_VALUE, False, "person", None, denial=True),
            RawTriplet(subject, "avoids", "alcohol", True, "person", "food", negative=True),
        ]
    if rule.predicate == "possession":  # "I sold the Civic": it is no longer the speaker's
        return [
            RawTriplet(subject, verb, target, False, "person", None, denial=True)
            for target in _targets(rule, match.group("t"), known)
            for verb in POSSESSION_VERBS
        ]
    if rule.predicate == "pet" and owner is not None:  # "my dog Pepper", "a puppy named Miso"
        pet = _pet_kind(match)
        return [RawTriplet(subject, f"{pet}_of", owner, rule.event, "animal", "person")]
    predicate = rule.predicate
    if (match.groupdict().get("v") or "").lower() == "prefer":
        predicate = "prefers"
    target_type = TARGET_TYPES.get(predicate)
    spelled = match.group("t") if rule.target == "condition" else ""
    found = [
        RawTriplet(
            subject, predicate, target, rule.event, "person", target_type, rule.organization,
            rule.negative, rule.denial, spelled,
        )
        for target in _targets(rule, match.group("t"), known)
    ]  # fmt: skip
    eaten = [t.target.lower() for t in found if predicate == "eats"]
    found += [
        RawTriplet(subject, "diet", DIET_CHANGES[t], True, "person", "diet")
        for t in eaten
        if t in DIET_CHANGES
    ]
    if any(t in ANIMAL_PRODUCTS for t in eaten):  # "back to eating cheese": no longer vegan
        found.append(RawTriplet(subject, "diet", "vegan", False, "person", "diet", denial=True))
    return found


#: A further count in the same list ("one dog and two cats").
_AND_MORE = re.compile(rf"(?:\s*,\s*(?:and\s+)?|\s+and\s+){HOW_MANY}", re.IGNORECASE)


def _counts(match: re.Match[str]) -> list[re.Match[str]]:
    """The count a rule matched, and those listed after it."""
    found = [match]
    while (more := _AND_MORE.match(match.string, found[-1].end())) is not None:
        found.append(more)
    return found


def _count(subject: str, match: re.Match[str], event: bool) -> RawTriplet | None:
    """How many the subject has, as a number ("two kids" -> ``number_of_children 2``); none
    when the number and the noun disagree ("one kids", "two kid")."""
    noun, raw = match.group("n").lower(), match.group("t").lower()
    number = NUMBER_WORDS[raw] if raw in NUMBER_WORDS else int(raw)
    if (noun in COUNTED_ONE) != (number == 1):
        return None
    predicate = f"number_of_{COUNTED[noun]}"
    return RawTriplet(
        subject, predicate, str(number), event, "person", "number", spelled=match.group("n")
    )


def _pet_kind(match: re.Match[str]) -> str:
    """The relation a pet word names ("puppy" -> ``dog``)."""
    return PETS[" ".join(match.group("r").lower().split())]


def _couple(me: str, other: str) -> list[tuple[str, str, str]]:
    together = [
        (a, predicate, b)
        for predicate in ("married_to", "dating", "engaged_to", "live_with")  # a home shared
        for a, b in ((me, other), (other, me))
    ]
    return together + [(other, f"{role}_of", me) for role in COUPLE]


def find_triplets(
    sentence: str, speaker: str, known: Container[str] = frozenset()
) -> list[RawTriplet]:
    """Every rule's triplets for one sentence (duplicates included, in rule order).

    ``known`` holds :func:`normalize_name` keys of entities known in the scope; a known
    entity is accepted as an ``eats_with`` name even when it is not capitalised.
    """
    sentence = _APPOSITION.sub(
        _without_commas, collapse_whitespace(sentence.replace("\u2019", "'"))
    )
    sentence = _NAME_FIRST_APPOSITION.sub(_relation_first, sentence)
    sentence = _OWNER_APPOSITION.sub(_without_commas, sentence)
    sentence = _BIRTH_ORDER.sub(_as_child, sentence)
    sentence = _AGE_AFTER_NAME.sub(r"\g<name>", sentence)  # "Emma (8) is allergic to …"
    sentence, known_people = variants.known_from(sentence)  # "Tom from work"
    found = [
        RawTriplet(name, f"{relation}_of", speaker, False, "person", "person", by_phrase=True)
        for name, relation in known_people
        if normalize_name(name) != normalize_name(speaker)
    ]
    mine = variants.with_dropped_i(sentence)
    told = (*variants.chained_clauses(mine), *variants.each_subject(sentence))
    for variant in (mine, *told, *owned_clauses(sentence)):
        found.extend(_find_in(variant, speaker, known))
    return found


def _find_in(sentence: str, speaker: str, known: Container[str]) -> list[RawTriplet]:
    sentence, unnamed = name_the_unnamed(sentence, speaker)
    first_person = FIRST_PERSON.search(sentence)
    first_person_end = first_person.end() if first_person else None
    found: list[RawTriplet] = []
    for rule in RULES:
        for match in rule.regex.finditer(sentence):
            found.extend(_apply(rule, match, speaker, known, first_person_end))
    if unnamed and any(unnamed[-1][0] in (t.source, t.target) for t in found):
        found.extend(
            RawTriplet(name, f"{relation}_of", owner, False, "person", "person")
            for name, relation, owner in unnamed
        )
    return found + [d for t in found for d in _earlier_stages(t)]


#: A couple's stages: getting engaged ends dating (a boyfriend or girlfriend), getting married
#: ends being engaged too; each told either way round.
_DATING = ("dating", "boyfriend_of", "girlfriend_of")
_EARLIER = {"engaged_to": _DATING, "married_to": (*_DATING, "engaged_to", "fiance_of")}


def _earlier_stages(raw: RawTriplet) -> list[RawTriplet]:
    """The denials of the stages a couple's new stage ends ("Arjun and I got married" ends
    "my boyfriend Arjun"), for the lifecycle (:data:`_EARLIER`)."""
    if raw.denial or raw.negative:
        return []
    return [
        RawTriplet(a, predicate, b, False, "person", "person", denial=True)
        for predicate in _EARLIER.get(raw.predicate, ())
        for a, b in ((raw.source, raw.target), (raw.target, raw.source))
    ]


#: "My mother, Linda, lives in Leeds": the name between commas is the relative's, as in "my
#: mother Linda lives in Leeds", which the patterns read.
_APPOSITION = re.compile(rf"(?P<rel>{MY_REL}{REL}),\s(?P<name>{CAP}(?:\s{CAP}){{0,2}}),\s")


def _without_commas(match: re.Match[str]) -> str:
    return f"{match.group('rel')} {match.group('name')} "


#: "Karl's daughter, Ines, can't eat gluten": a named owner's relative, named between commas.
_OWNER_APPOSITION = re.compile(
    rf"(?P<rel>(?<![\w'-]){CAP}(?:\s+{CAP}){{0,2}}'s\s+{REL}),\s(?P<name>{CAP}(?:\s{CAP}){{0,2}}),\s"
)


#: "Jonas, my husband, doesn't eat pork": the name first, then its relation between commas,
#: read as "my husband Jonas doesn't eat pork" (the sentence's subject only, before a verb).
_NAME_FIRST_APPOSITION = re.compile(
    rf"^(?P<name>{CAP}(?:\s{CAP}){{0,2}}),\s(?P<rel>{MY_REL}{REL}),\s(?=[a-z])"
)


def _relation_first(match: re.Match[str]) -> str:
    return f"{match.group('rel')} {match.group('name')} "


#: "Our eldest, Rosa, plays the violin", "my youngest Pip": a child named by birth order.
#: An age right after a name ("my daughter Emma (8)", "Emma, 8, is …"), which stands between
#: the name and what the sentence says of it.
_AGE_AFTER_NAME = re.compile(
    rf"(?P<name>\b{CAP})\s*(?:\(\s*(?:aged?\s+)?\d{{1,2}}\s*(?:y/?o|years?\s+old)?\s*\)|"
    r",\s*\d{1,2}\s*,(?=\s))"  # not "Leeds, 1,400 a month": an amount
)
_BIRTH_ORDER = re.compile(
    rf"(?P<my>(?<![\w'])(?i:my|our))\s+(?i:eldest|oldest|youngest)(?:,\s*|\s+)"
    rf"(?P<name>{CAP}),?(?=\s)"
)


def _as_child(match: re.Match[str]) -> str:
    return f"{match.group('my')} child {match.group('name')}"
