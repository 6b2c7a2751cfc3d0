"""Relatives told without a name, named for the patterns (:mod:`.patterns`).

"My mom is allergic to penicillin" is read about "<Speaker>'s Mother" (one entity per
owner, :func:`graphmem.extraction.pattern_words.unnamed_relative`), which "my mother" in a
query resolves to and a later "my mom Ngozi" merges into (services/relatives.py). The owner
may be another person ("Karl's daughter is a nurse": "Karl's Daughter") or a relative told
unnamed in turn ("My wife's sister is a nurse": "<Speaker>'s Wife's Sister", the sister of
"<Speaker>'s Wife")."""

from __future__ import annotations

import re

from graphmem.extraction.pattern_fragments import CAP, HONORIFIC, MY_REL, REL
from graphmem.extraction.pattern_words import (
    CALLED_BY_RELATION,
    ONE_OF,
    RELATIONS,
    unnamed_relative,
)

#: Where the relative is one, between the word and the verb ("my boss here", "my coach at
#: Sale", "my teacher back in Prague").
_WHERE = r"(?:\s+(?:here|there|(?:back\s+)?(?:at|in)\s+(?:the\s+)?[\w'-]+))"
#: A relative named after the verb ("my wife is called Anna", "my new boss is a Dane named
#: Lars", "my boss here is a guy called Duarte"): no unnamed one.
_NAMED_AFTER = rf"(?!{_WHERE}?\s+is\s+(?:an?\s+(?:[\w-]+\s+){{1,2}}?)?(?:called|named)\b)"
_UNNAMED = re.compile(
    rf"^{MY_REL}{REL}\b(?!['-])(?=\s+[a-z]){_NAMED_AFTER}"
    # "my boss was Henrik", "my new boss will be Henrik", "my boss at Arup is Duarte": named
    rf"(?!\s+(?:was|will\s+be|is\s+going\s+to\s+be)\s+{HONORIFIC}[A-Z])"
    rf"(?!{_WHERE}\s+(?:is|was)\s+(?:now\s+)?{HONORIFIC}[A-Z])"
    r"(?!\s+(?:boy|girl)\b)"  # "my baby girl Ava": "baby girl" (named, or read as one)
    # "our baby girl is here, Nora": announced by name (pattern_rules_life)
    r"(?!\s+(?:is|are|has|have)\s+(?:\w+\s+)?(?:here|arrived|born)\s*(?:[,:]|\s-)\s*[A-Z])"
)
#: "My son's teacher is Mrs. Aalto": the unnamed relative owns someone, and is read so.
_UNNAMED_OWNER = re.compile(rf"^{MY_REL}{REL}(?='s\s+[a-z])")
#: Words after a relation word's "'s" that make it "is" or "has", not an owner: "Dad's still
#: on warfarin", "Mum's allergic to cats", "Dad's got gout" (not "Dad's car", "Mum's recipe").
_IS_AFTER = (
    r"(?:still|now|just|always|also|really|been|got|not|never|on|off|in|at|allergic|back|"
    r"retired|vegan|vegetarian|pregnant|ill|sick|better|worse|going|doing|getting|having|"
    r"moving|starting|coming|started|stopped|quit|moved|settled|settling|a|an)"
)
#: "Mum isn't afraid of flying anymore", "Dad's still on warfarin": the relation word used as
#: a name opens the sentence.
_RELATIVE_AS_NAME = re.compile(
    r"^(?P<r>"
    + "|".join(
        sorted(
            (w.title() for w, r in RELATIONS.items() if r in CALLED_BY_RELATION),
            key=len,
            reverse=True,
        )
    )
    + r")\b(?:(?!['-])(?=\s+[a-z])|(?='s\s+"
    + _IS_AFTER
    + r"\b))"
)
#: "Karl's daughter is a nurse", "Dana's Wife's sister lives in Oslo": a named owner's (or an
#: unnamed relative's) relative with no name given, before the verb.
_OWNED = re.compile(
    rf"^(?P<o>{CAP}(?:\s+{CAP}){{0,2}})'s\s+{REL}\b(?!['-])(?=\s+[a-z]){_NAMED_AFTER}"
)
#: Words before "'s" that own nobody ("It's dad who cooks", "That's mum's recipe").
_NO_OWNER = frozenset(
    {"it", "that", "this", "there", "here", "what", "who", "where", "he", "she", "let",
     "everything", "nothing", "today", "tonight", "everyone", "nobody", "one"}
)  # fmt: skip

#: (relative's name, relation, owner's name): "Karl's Daughter", "daughter", "Karl".
Relative = tuple[str, str, str]


def called_by_relation(name: str, speaker: str) -> str:
    """ "Mum", "Dad", "Gran" read as a name mid-sentence ("we moved Mum into Seaview"): the
    speaker's relative so called ("<Speaker>'s Mother"); any other name as it is."""
    relation = RELATIONS.get(name.lower())
    if name[:1].isupper() and relation in CALLED_BY_RELATION and relation in ONE_OF:
        return unnamed_relative(speaker, relation)
    return name


def name_the_unnamed(sentence: str, speaker: str) -> tuple[str, list[Relative]]:
    """The sentence to read, its unnamed relatives named, and each relative so named with
    its relation and owner (the speaker's first, then whose relative each one is)."""
    named: list[Relative] = []
    mine = (
        _UNNAMED.match(sentence)
        or _UNNAMED_OWNER.match(sentence)
        or _RELATIVE_AS_NAME.match(sentence)
    )
    if mine is not None and RELATIONS[mine.group("r").lower()] in ONE_OF:
        relation = RELATIONS[mine.group("r").lower()]
        name = unnamed_relative(speaker, relation)
        sentence = name + sentence[mine.end() :]
        named.append((name, relation, speaker))
    owned = _OWNED.match(sentence)
    if owned is None or owned.group("o").lower() in _NO_OWNER:
        return sentence, named
    relation = RELATIONS[owned.group("r").lower()]
    if relation not in ONE_OF:
        return sentence, named
    name = unnamed_relative(owned.group("o"), relation)
    return name + sentence[owned.end() :], [*named, (name, relation, owned.group("o"))]


#: "…, Dev's mum hates coriander", "I don't eat beef and my husband is allergic to
#: peanuts": a clause after a comma, a semicolon or a coordinator that opens on a named
#: owner's relative or the speaker's (as :data:`_OWNED` and :data:`_UNNAMED` read them at a
#: sentence's start).
_OWNED_CLAUSE = re.compile(
    r"(?:[,;]\s+(?:(?:and|but|so|while)\s+)?|\s+(?:and|but|so|while)\s+)"
    rf"(?=(?:{CAP}(?:\s+{CAP}){{0,2}}'s\s+|{MY_REL}){REL}\b(?!['-])\s+[a-z])"
)


def owned_clauses(sentence: str) -> list[str]:
    """The clauses of ``sentence`` after its first that open on a named owner's relative or
    the speaker's ("We have Dev's parents over, Dev's mum hates coriander" -> "Dev's mum
    hates coriander"; "…, and my husband is allergic to peanuts" -> "my husband is allergic
    to peanuts"), read by the patterns as sentences of their own."""
    return [sentence[m.end() :] for m in _OWNED_CLAUSE.finditer(sentence)]
