"""Who "she" or "he" is, for the functional patterns of one sentence.

"My mother-in-law Gloria is coming to stay" followed by "she's allergic to peanuts" states
Gloria's allergy. A third-person pronoun subject ("she", "he") is read as the one person,
other than the speakers, that the message names; when it names none, the one person named
by the latest of the two messages before it that names anyone it can be. With two or more
candidates, it is the one whose relation word says "she" or "he" ("my sister Maya and my
brother Tom": she is Maya), when every other candidate is known to be the other; else
nothing is resolved (no gender of names, no salience model: a wrong subject would give a
functional fact to the wrong person, and a later one would supersede it). A lone candidate
known to be the other ("my brother Tom … she") is no answer either. A message that names no
one it can be but tells one relative of the speaker unnamed ("my mother-in-law is staying
with us, she's diabetic") reads the pronoun as that relative, named as the patterns name it
("<Speaker>'s Mother-In-Law"). A "her" or "his" before a relation word is never the relative
the message names ("Her teacher is Mrs Okafor" after "Our daughter Mina started school": her
is Mina). Only the patterns read the rewritten sentence: the memory's text is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping
from typing import TYPE_CHECKING

from graphmem.domain.extraction import ExtractedTriplet
from graphmem.domain.family_words import calling
from graphmem.extraction.pattern_words import (
    CALLED_BY_RELATION,
    ONE_OF,
    RELATIONS,
    unnamed_relative,
)
from graphmem.lifecycle.predicates import normalize_name

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

PRONOUNS = frozenset({"she", "he"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: Object pronouns read as the subject pronoun's referent after "for".
_OBJECTS = {"her": "she", "him": "he"}
#: Words for who takes a place: "his replacement is Anouk" is the named person's.
_SUCCESSORS = frozenset({"replacement", "successor"})
#: Possessives read as the referent's before a relation word ("his mum hates coriander").
_POSSESSIVES = {"her": "she", "his": "he"}
#: Relation words (as written, and as relation names) that tell "she" or "he".
_SHE = frozenset(
    """
    mother mom mum sister sis daughter wife girlfriend aunt auntie niece
    grandmother grandma fiancee fiancée stepmother stepmom stepdaughter
    stepsister mother_in_law sister_in_law daughter_in_law mother-in-law sister-in-law
    daughter-in-law
    """.split()  # noqa: SIM905
) | calling("mother", "grandmother")
_HE = frozenset(
    """
    father dad brother bro son husband boyfriend uncle nephew grandfather grandpa
    fiance fiancé stepfather stepdad stepson stepbrother father_in_law
    brother_in_law son_in_law father-in-law brother-in-law son-in-law
    """.split()  # noqa: SIM905
) | calling("father", "grandfather", "husband")
#: Who each pronoun is in one message: "she" -> name, "he" -> name (either may be missing).
Referents = dict[str, str]


def pronoun_of(relation: str) -> str | None:
    """ "she" or "he" for a relation word or name ("sister", "husband_of"), else None."""
    word = relation.lower().removesuffix("_of")
    return "she" if word in _SHE else "he" if word in _HE else None


class RecentPeople:
    """The people (besides the speakers) named by the last two messages of an add, and the
    pronoun each one's relation tells, over the whole add."""

    def __init__(self, speakers: Iterable[str]) -> None:
        self._speakers = [s for s in speakers if s]
        self._skip = {normalize_name(s) for s in self._speakers}
        self._last: list[dict[str, str]] = []  # per message, oldest first: key -> name
        self._pronoun: dict[str, str] = {}  # key -> "she" / "he"

    def _others(self, names: Iterable[str]) -> dict[str, str]:
        return {normalize_name(n): n for n in names if normalize_name(n) not in self._skip}

    def learn(self, pronouns: Mapping[str, str]) -> None:
        """Record names whose relation tells their pronoun (:func:`introduced`)."""
        self._pronoun.update((normalize_name(n), p) for n, p in pronouns.items())

    def who(self, named_here: Iterable[str]) -> Referents:
        """Who "she" and "he" are in a message naming ``named_here``: among the people it
        names, else those of the latest earlier message naming anyone (see the module)."""
        here = self._others(named_here)
        earlier = [here] if here else [m for m in reversed(self._last) if m]
        found: Referents = {}
        for pronoun in PRONOUNS:
            for people in earlier:  # the latest message naming someone it can be
                fits = [k for k in people if self._pronoun.get(k, pronoun) == pronoun]
                if len(fits) == 1:  # the others, if any, are known to be the other pronoun
                    found[pronoun] = people[fits[0]]
                if fits:
                    break
        return found

    def saw(self, names: Iterable[str]) -> None:
        """Record the people a message named (its PERSON entities); "Mum" beside the relative
        it is named for ("<Speaker>'s Mother") is that one person."""
        people = self._others(names)
        for key, name in list(people.items()):
            relation = RELATIONS.get(name.lower())
            if relation is None:
                continue
            called = {normalize_name(unnamed_relative(s, relation)) for s in self._speakers}
            if called & people.keys():
                del people[key]
        self._last = [*self._last, people][-2:]


def introduced(doc: Doc) -> dict[str, str]:
    """Each PERSON named right after a relation word that tells the pronoun ("my sister
    Maya", "my husband, Tom,"; also when the parser takes the word into the name: "My
    stepson Jonah") -> "she" / "he", under the name as the entity spans it and as it follows
    the word."""
    found: dict[str, str] = {}
    for ent in doc.ents:
        if ent.label_ != "PERSON":
            continue
        words = [t for t in doc[max(0, ent.start - 2) : ent.end - 1] if not t.is_punct]
        told = [t for t in words if pronoun_of(t.lower_) is not None]
        if told:
            pronoun = pronoun_of(told[-1].lower_) or ""
            found[ent.text] = pronoun
            found[doc[max(told[-1].i + 1, ent.start) : ent.end].text] = pronoun
    return found


def counterparts(doc: Doc) -> set[str]:
    """The people a message names as the relative a "her"/"his" owns: "Her teacher is Mrs
    Okafor", "His boss, Grant, …", "her physio is called Dana". Whose teacher "her" is must be
    someone else, named before (:meth:`RecentPeople.who` without them)."""
    found: set[str] = set()
    for token in doc:
        if token.dep_ != "poss" or token.lower_ not in _POSSESSIVES:
            continue
        relation = token.head
        if relation.lower_ not in RELATIONS:
            continue
        said = [t for t in relation.children if t.dep_ == "appos"]
        if relation.dep_ in _SUBJECTS:  # "is Mrs Okafor", "is called Dana"
            said += [t for t in relation.head.children if t.dep_ in {"attr", "oprd"}]
        found.update(_entity_text(t) for t in said)
    found.discard("")
    return found


def _entity_text(token: Token) -> str:
    return next((e.text for e in token.doc.ents if e.start <= token.i < e.end), "")


def with_subject(
    sentence: Span, referents: Referents, owners: Referents | None = None
) -> str | None:
    """``sentence``'s text with each "she"/"he" subject (and "her"/"him" after "for", "his"/
    "her" before a relation word, as ``owners`` has them when given) replaced by who it is,
    or None when no such pronoun with a known referent is in it."""
    owners = referents if owners is None else owners
    found = [t for t in sentence if _replaced(t, referents, owners)]
    if not found:
        return None
    text = sentence.text
    for token in reversed(found):  # from the end, so earlier offsets stay valid
        start = token.idx - sentence.start_char
        end = start + len(token.text)
        if token.dep_ == "poss" and token.lower_ in _POSSESSIVES:  # "his mum" -> "Dev's mum"
            text = f"{text[:start]}{owners[_POSSESSIVES[token.lower_]]}'s{text[end:]}"
            continue
        name = referents[_OBJECTS.get(token.lower_, token.lower_)]
        if token.dep_ in {"dobj", "compound"}:  # "visiting him Tuesdays": kept, who named
            text = f"{text[:end]} ({name}){text[end:]}"  # beside it, for the mention only
            continue
        after = token.nbor() if token.i + 1 < len(token.doc) else None
        if after is not None and after.lower_ in {"'s", "\u2019s"}:
            # "he's allergic": not "Max's" (a pronoun's "'s" is never a possessive); "she's
            # been", "he's got": has
            then = after.nbor() if after.i + 1 < len(after.doc) else None
            has = then is not None and then.tag_ == "VBN" and then.lower_ not in _STATES
            verb = "has" if has else "is"
            name, end = f"{name} {verb}", end + len(after.text)
        text = text[:start] + name + text[end:]
    return text


def _relation_words(words: frozenset[str]) -> str:
    return "|".join(sorted((re.escape(w) for w in words if "_" not in w), key=len, reverse=True))


def _called_words(words: frozenset[str]) -> str:
    """The words of ``words`` used as a name ("Mum", "Grandad": :data:`CALLED_BY_RELATION`),
    capitalised as a name is."""
    return _relation_words(
        frozenset(w.capitalize() for w in words if RELATIONS.get(w) in CALLED_BY_RELATION)
    )


#: "my mother-in-law", "our son" with no name after it, or "Mum" used as a name (not "your
#: Mum", "Tom's Dad"): a relative told unnamed.
_UNNAMED = {
    pronoun: re.compile(
        rf"(?:(?i:\b(?:my|our)\s+({_relation_words(words)}))|(?<![\w'\u2019])"
        rf"(?<!(?i:your) )(?<!(?i:their) )(?<!(?i:his) )(?<!(?i:her) )(?<!'s )(?<!\u2019s )"
        rf"({_called_words(words)}))"
        r"(?![\w-])(?!,?\s+[A-Z][a-z])"
    )
    for pronoun, words in (("she", _SHE), ("he", _HE))
}


#: "your mum", "your husband" with no name after it: a relative of the listener told unnamed.
_YOURS = {
    pronoun: re.compile(rf"(?i:\byour\s+({_relation_words(words)}))(?![\w-])(?!,?\s+[A-Z][a-z])")
    for pronoun, words in (("she", _SHE), ("he", _HE))
}


def relatives_unnamed(text: str, me: str, you: str | None) -> dict[str, str]:
    """The relatives ``text`` tells unnamed, as the patterns name them, with the pronoun each
    one's relation tells: "my mum" is the speaker's mother, "your mum" the listener's (so
    that the answer to "Is your mum still in Portugal?", "Yes, she's in Faro now", is hers)."""
    found: dict[str, str] = {}
    for owner, told in ((me, _UNNAMED), (you, _YOURS)):
        for pronoun, regex in told.items() if owner else ():
            for match in regex.finditer(text):
                relation = RELATIONS.get((match.group(1) or match.group(2) or "").lower())
                if relation in ONE_OF:
                    found[unnamed_relative(owner or "", relation)] = pronoun
    return found


def unnamed_here(text: str, speaker: str, referents: Referents) -> Referents:
    """``referents`` with "she" or "he" read as the one relative of ``speaker`` that
    ``text`` tells unnamed ("my mother-in-law is staying with us, she's diabetic": she is
    "<speaker>'s Mother-In-Law", :func:`graphmem.extraction.pattern_words.unnamed_relative`),
    unless the referent is someone ``text`` names itself; two such relatives of one pronoun
    resolve nothing, and one told after the pronoun is not it ("she's in hospital with a
    chest infection, Mum's with her": she is not Mum)."""
    found = dict(referents)
    folded = text.casefold()
    for pronoun, regex in _UNNAMED.items():
        named = found.get(pronoun)
        if named is not None and named.casefold() in folded:
            continue
        said = re.search(rf"\b{pronoun}\b", text, re.IGNORECASE)
        before = said.start() if said is not None else len(text)  # not a relative told after
        told = {
            RELATIONS.get((m.group(1) or m.group(2)).lower())
            for m in regex.finditer(text, 0, before)
        }
        relation = told.pop() if len(told) == 1 else None
        if relation is not None and relation in ONE_OF:
            found[pronoun] = unnamed_relative(speaker, relation)
    return found


def parsed_referents(they: Referents, text: str, speaker: str) -> tuple[tuple[str, str], ...]:
    """Who "she" and "he" are for the parse, as (pronoun, name) pairs: someone ``text`` names,
    or a relative of ``speaker`` it tells unnamed ("My dad's not been well. He lives on his
    own in Swindon"); only the patterns reach back to people named in earlier messages."""
    folded = text.casefold()
    told = set(unnamed_here(text, speaker, {}).values())
    return tuple(sorted((p, n) for p, n in they.items() if n.casefold() in folded or n in told))


def referents(
    doc: Doc, speaker: str, recent: RecentPeople, people: list[str]
) -> tuple[Referents, Referents]:
    """Who "she"/"he" is in a message naming ``people``, and whose relative its "her"/"his"
    tells: the same, but for a person it names as that relative (:func:`counterparts`)."""
    later = named_after(doc)  # "He's an engineer at Arup now": he is not Arup
    they = _as_relatives(
        unnamed_here(doc.text, speaker, recent.who(p for p in people if p not in later)),
        speaker,
    )
    owned = counterparts(doc)  # "Her teacher is Mrs Okafor": "her" is someone else
    if not owned:
        return they, they
    others = recent.who(p for p in people if p not in owned and p not in later)
    return they, _as_relatives(unnamed_here(doc.text, speaker, others), speaker)


def known_people(
    text: str, known: Mapping[str, str], people: Container[str], named: Iterable[str]
) -> list[str]:
    """The people the owner knows (``known``: key -> name, those in ``people`` persons)
    whom ``text`` names but the model did not label (not in ``named``): "Ren got
    head-hunted, he's now head chef at Kura" - he is Ren."""
    folded, told = text.casefold(), set(named)
    return [
        name
        for key, name in known.items()
        if key in people
        and name not in told
        and name.casefold() in folded
        and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)
    ]


def named_after(doc: Doc) -> set[str]:
    """The people a sentence names only after its "she"/"he" subject (or, in a sentence
    without one, after the message's first: "she's in hospital. Mum's with her most days"):
    not who the pronoun is ("He's a structural engineer at Arup now", "she works with Dana"),
    which is someone named before."""
    found: set[str] = set()
    before: set[str] = set()
    first = next((t for t in doc if t.lower_ in PRONOUNS and t.dep_ in _SUBJECTS), None)
    for ent in doc.ents:
        if ent.label_ != "PERSON":
            continue
        pronoun = next((t for t in ent.sent if t.lower_ in PRONOUNS and t.dep_ in _SUBJECTS), first)
        (found if pronoun is not None and pronoun.i < ent.start else before).add(ent.text)
    return found - before


def _as_relatives(found: Referents, speaker: str) -> Referents:
    """A relation word used as a name ("Mum moved in with us after her fall, she's 84") is
    the speaker's relative as the patterns name it ("<Speaker>'s Mother")."""
    return {
        pronoun: unnamed_relative(speaker, relation)
        if (relation := RELATIONS.get(name.lower())) in CALLED_BY_RELATION
        else name
        for pronoun, name in found.items()
    }


def _replaced(token: Token, referents: Referents, owners: Referents) -> bool:
    """A "she"/"he" subject with a known referent, "her"/"him" after "for" ("no raw fish
    or soft cheese for her": who the food is kept from) or visited, seen or rung
    (:data:`_MET`), or "his"/"her" before a relation word ("his mum hates coriander") or a
    successor ("his replacement is Anouk")."""
    if token.lower_ in referents:
        return token.dep_ in _SUBJECTS or _contracted(token)
    if token.dep_ == "poss" and _POSSESSIVES.get(token.lower_) in owners:
        # "his mum hates coriander" (not "her name", "his car", or "my brother and his wife",
        # which names the couple)
        owned = token.head.lower_
        return (owned in RELATIONS or owned in _SUCCESSORS) and token.head.dep_ in _SUBJECTS
    pronoun = _OBJECTS.get(token.lower_)
    if pronoun not in referents:
        return False
    # "for her"; "visiting him Tuesdays and Sundays": who is visited, seen, rung
    if token.dep_ == "pobj":
        return token.head.lower_ == "for"
    # the parser may hang "him" from the day after it ("visiting him Tuesdays")
    verb = token.head.head if token.dep_ == "compound" else token.head
    return token.dep_ in {"dobj", "compound"} and verb.lemma_.lower() in _MET


#: Verbs whose object is someone one spends time with ("visiting him on Sundays").
_MET = frozenset("visit see ring phone meet text take pick drop help bring".split())  # noqa: SIM905


#: Participles that tell a state after "'s" ("he's obsessed with dinosaurs", "she's
#: engaged"): "is", where another participle's "'s" is "has" ("he's moved to Leeds").
_STATES = frozenset(
    {"obsessed", "engaged", "married", "divorced", "separated", "interested", "excited",
     "scared", "terrified", "frightened", "worried", "stressed", "tired", "exhausted", "hooked",
     "addicted", "based", "retired", "employed", "unemployed", "qualified", "injured", "hurt",
     "bored", "thrilled", "convinced", "determined", "involved", "settled", "stuck",
     "pregnant", "allergic", "vaccinated", "fascinated", "devoted"}
)  # fmt: skip


def _contracted(pronoun: Token) -> bool:
    """ "She's vegan", which the parser may read as a possessive "She's": a pronoun's "'s"."""
    doc = pronoun.doc
    return pronoun.i + 1 < len(doc) and doc[pronoun.i + 1].lower_ in {"'s", "\u2019s"}


def relatives_told(triplets: Iterable[ExtractedTriplet], speakers: set[str]) -> dict[str, str]:
    """The pronoun each relative of a speaker has by their relation ("Tom husband_of Priya":
    he), for the pronouns of later messages."""
    found: dict[str, str] = {}
    for t in triplets:
        pronoun = pronoun_of(t.predicate) if t.target in speakers else None
        if pronoun is not None:
            found[t.source] = pronoun
    return found
