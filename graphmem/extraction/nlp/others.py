"""Third parties as the subject of a clause: "My dad drives a Volvo", "Tiago dropped
swimming", "My wife left Siemens and joined Bosch".

A clause's subject other than the speakers gives dependency triplets when it is a person,
and only then (an organisation or a thing as subject tells the user little about their
world, and the parser's guesses there are poor):

* a named person: the parser's PERSON (every word of it a proper noun, none an
  interjection, and no one addressed), or a name known to be a person (stored as one, or
  typed so by this message's relation patterns: "my brother Tiago" is a person even where
  the parser reads "Tiago" as an organisation);
* a relative by relation word: "my brother Tiago" names Tiago; "my dad", "our mother" with
  no name is "<Speaker>'s Father" (one of a kind: :data:`ONE_OF`, as the patterns name it),
  and so is a bare "Dad" or "Mom" used as a name;
* "she" or "he", where the message's referents say who (:mod:`.coref`) and the message
  itself names that person.

"My friends", "my cousin" (one of many), "they" and "it" give nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from graphmem.domain.extraction import ExtractedTriplet
from graphmem.extraction.nlp.clauses import clause_asserts, clause_of
from graphmem.extraction.nlp.names import (
    ANIMAL,
    FIRST_PERSON,
    PERSON,
    Named,
    Speakers,
    entity_span,
    hyphenated,
    resolve,
)
from graphmem.extraction.pattern_words import (
    CALLED_BY_RELATION,
    ONE_OF,
    PETS,
    RELATIONS,
    unnamed_relative,
)
from graphmem.extraction.patterns import RawTriplet
from graphmem.lifecycle.predicates import normalize_name

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Words the parser takes into a name at the start of a chat line ("Yep John", "Glad Max").
_INTERJECTIONS = frozenset(
    """
    yep yeah yes no nope glad alright hey hi hello wow oh ok okay sure well thanks congrats
    haha lol omg aww ah um hmm great nice cool
    """.split()  # noqa: SIM905
)


def third_party(token: Token, speakers: Speakers) -> Named | None:
    """The person ``token`` (a subject) stands for, other than the speakers, or the pet a
    pet word names ("our dog Pixel"); None when it is no person known as such (see the
    module)."""
    lower = token.lower_
    if lower in {"she", "he"}:
        name = dict(speakers.they).get(lower)
        if not name or _named_in_clause(token, name):
            return None  # "She left Tom for Jake": she is not Tom
        return Named(name, PERSON)
    if token.pos_ == "PRON":
        return None
    kin = relative(token, speakers) or _pet(token)
    if kin is not None:
        return kin
    written = _written(token)
    if normalize_name(written) in speakers.people:  # the parser may read "Ines" as a noun
        return Named(written, PERSON)
    named = resolve(token, speakers)
    if named is None or named.name in {speakers.me, speakers.you}:
        return None
    if normalize_name(named.name) in speakers.people or (
        named.type == PERSON and _all_proper(token)
    ):
        return Named(named.name, PERSON)
    return None


def _pet(token: Token) -> Named | None:
    """ "Our dog Pixel eats dry food": the pet a pet word names, by the name in apposition."""
    if token.lemma_.lower() not in PETS:
        return None
    for child in token.children:
        if child.dep_ == "appos" and child.pos_ == "PROPN":
            return Named(child.text, ANIMAL)
    return None


def _named_in_clause(pronoun: Token, name: str) -> bool:
    """Whether ``name`` is written in the pronoun's own clause, besides it (its verb's other
    words): a subject pronoun is never its own verb's object."""
    verb = pronoun.head
    other = {  # clauses of their own hung from it ("Lucia got a part, she's playing Juliet")
        w.i
        for c in verb.children
        if c.dep_ in _OTHER_CLAUSES and c.i != pronoun.i
        for w in c.subtree
    }
    words = {w.text for w in verb.subtree if w.i != pronoun.i and w.i not in other}
    return set(name.split()) <= words


_OTHER_CLAUSES = frozenset({"ccomp", "advcl", "conj", "parataxis"})


def _all_proper(token: Token) -> bool:
    """Every word of the name the parser labelled a person is a proper noun and none is an
    interjection: not "Fingers" of "Fingers crossed", not "Glad Max" or "Yep John"; and it
    is no one addressed ("John, you should …", "Yep John, a bit of support …")."""
    span = entity_span(token)
    words = list(span) if span is not None else [token]
    if any(w.lower_ in _INTERJECTIONS for w in words):
        return False
    after = token.doc[words[-1].i + 1] if words[-1].i + 1 < len(token.doc) else None
    if words[0].i == token.sent.start and after is not None and after.text == ",":
        return False
    return all(w.pos_ == "PROPN" or w.is_punct for w in words)


def _written(token: Token) -> str:
    """The name as written: the token with the compounds just before it ("Mary Ann")."""
    start = token.i
    while start > token.sent.start and token.doc[start - 1].dep_ == "compound":
        start -= 1
    return token.doc[start : token.i + 1].text


def unnamed_relatives(sentence: Span, speakers: Speakers) -> Iterator[tuple[str, str]]:
    """(name, relation) of each relative an asserting clause is about, named by relation
    word only ("Grandma turns 90 in March" -> ("Rui's Grandmother", "grandmother")), so
    that a role in a query ("my grandmother") finds it. Only a subject: a relative merely
    mentioned ("lunch at my mom's", "I called my mom") would attach the same relation
    to every such memory, a hub the triplet signal lifts for any family question (LoCoMo
    4–10 lost 0.010 R@10 that way). Not in a clause that asserts nothing ("I should call
    my mom"). Also the owner of a subject ("my sister's wedding got pushed to September":
    what the clause tells is the sister's)."""
    for token in sentence:
        owns = token.dep_ == "poss" and token.head.dep_ in {"nsubj", "nsubjpass"}
        if token.dep_ not in {"nsubj", "nsubjpass"} and not owns:
            continue
        relation, named = _relation(token), relative(token, speakers)
        if relation is None or named is None:
            continue
        if named.name != unnamed_relative(speakers.me, relation):
            continue  # named ("my brother Tiago")
        if clause_asserts(clause_of(token)):
            yield named.name, relation


def _relation(token: Token) -> str | None:
    """The relation a relation word names ("mum" -> "mother"; the whole of a hyphenated
    word: "my brother-in-law" is not "my brother"), or None."""
    word = hyphenated(token)
    if token.lower_ in _BIRTH_ORDER and any(c.dep_ == "appos" for c in token.children):
        return "child"  # "our eldest, Rosa, plays the violin"
    if token.lower_ == "partner" and any(
        c.dep_ == "compound" and c.pos_ == "NOUN" and c.lower_ != "life" for c in token.children
    ):
        return None  # "my lab partner", "my business partner": no couple
    return RELATIONS.get(word.text.lower() if word is not None else token.lower_)


_BIRTH_ORDER = frozenset({"eldest", "oldest", "youngest"})


def named_relative(word: str, told: Iterable[ExtractedTriplet], me: str) -> str | None:
    """The name the message gives the speaker's relative written ``word`` ("I live with my
    cousin Ilse", where the parser hung "Ilse" off the verb: Ilse for "cousin"), if one."""
    relation = RELATIONS.get(word.lower())
    if relation is None:
        return None
    owner = normalize_name(me)
    names = {
        t.source for t in told
        if t.predicate == f"{relation}_of" and normalize_name(t.target) == owner
    }  # fmt: skip
    return names.pop() if len(names) == 1 else None


def relative(token: Token, speakers: Speakers) -> Named | None:
    """The relative a relation word names ("my brother Tiago" -> Tiago; "my mom" ->
    "<Speaker>'s Mother"), or None."""
    relation = _relation(token)
    if relation is None:
        return None
    for child in token.children:  # "my brother Tiago": the name the sentence gives him
        if child.dep_ == "appos" and child.pos_ == "PROPN":
            named = resolve(child, speakers)
            return Named(named.name, PERSON) if named is not None else None
    if relation not in ONE_OF:
        return None
    mine = any(c.dep_ == "poss" and c.lower_ in FIRST_PERSON for c in token.children)
    called = (  # "Mom stopped taking …", "Grandpa reads …": the word used as a name
        relation in CALLED_BY_RELATION
        and token.tag_ not in {"NNS", "NNPS"}
        and not any(c.dep_ in {"det", "poss", "amod", "compound"} for c in token.children)
    )
    return Named(unnamed_relative(speakers.me, relation), PERSON) if mine or called else None


def appositive(raw: RawTriplet, said: Token | None) -> bool:
    """A relation told by a noun phrase beside the name ("my husband Jonas", "Jonas, my
    husband,"): true whatever the clause around it says ("my husband Jonas doesn't eat
    pork"), unlike one a clause states ("Jonas is not my husband")."""
    if said is None or not raw.predicate.endswith("_of"):
        return False
    return said.dep_ == "appos" or any(c.dep_ == "appos" for c in said.children)


def possessive(raw: RawTriplet) -> bool:
    """A relation told by a possessive ("Karl's daughter can't eat gluten": ``Karl's Daughter
    daughter_of Karl``): true whatever the clause around it says, like :func:`appositive`."""
    relation = raw.predicate.removesuffix("_of")
    return relation != raw.predicate and raw.source == unnamed_relative(raw.target, relation)


def by_noun_phrase(raw: RawTriplet, *said: Token | None) -> bool:
    """A relation told by a noun phrase, whatever its clause says (:func:`appositive` at
    any of the words ``said``, :func:`possessive`)."""
    return raw.by_phrase or any(appositive(raw, token) for token in said) or possessive(raw)


#: Verbs by which someone places another person somewhere ("we moved Pip to a new nursery").
_PLACERS = frozenset({"move", "transfer", "switch", "enrol", "enroll", "relocate"})


def placed(verb: Token, speakers: Speakers) -> Named | None:
    """The person ``verb`` places somewhere, who is the one that moves ("We moved Pip to a
    new nursery": Pip ``move_to`` it; "they transferred my dad to St. Mary's"), or None."""
    if verb.lemma_.lower() not in _PLACERS:
        return None
    if not any(c.dep_ == "prep" and c.lower_ in {"to", "into", "in"} for c in verb.children):
        return None
    # the parser may hang the name as an adverbial ("moved Ida to a smaller school")
    for obj in (c for c in verb.children if c.dep_ in {"dobj", "npadvmod"}):
        moved = third_party(obj, speakers)
        if moved is not None and moved.type == PERSON:
            return moved
    return None


def undenied(
    triplets: Iterable[ExtractedTriplet], denied: Iterable[ExtractedTriplet]
) -> list[ExtractedTriplet]:
    """``triplets`` without a relation the same message ends ("my boyfriend and I broke up"
    names "<Speaker>'s Boyfriend" by the relation it ends)."""
    ended = {(normalize_name(d.source), d.predicate, normalize_name(d.target)) for d in denied}
    return [
        t for t in triplets
        if not t.predicate.endswith("_of")
        or (normalize_name(t.source), t.predicate, normalize_name(t.target)) not in ended
    ]  # fmt: skip


def person_of(token: Token, speakers: Speakers) -> Named | None:
    """The person ``token`` stands for: one of the speakers ("me", "you"), or a third party
    who is a person (:func:`third_party`)."""
    said = resolve(token, speakers)
    if said is not None and said.name in {speakers.me, speakers.you}:
        return said
    return third_party(token, speakers)
