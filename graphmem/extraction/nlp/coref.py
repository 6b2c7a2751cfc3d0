"""Who "she" or "he" is, for the functional patterns of one sentence.

"My mother-in-law Gloria is coming to stay" followed by "she's allergic to peanuts" states
Gloria's allergy. A third-person pronoun subject ("she", "he") is read as the one person,
other than the speakers, that the message names; when it names none, the one person named
by the latest of the two messages before it that names anyone it can be. With two or more
candidates, it is the one whose relation word says "she" or "he" ("my sister Maya and my
brother Tom": she is Maya), when every other candidate is known to be the other; else
nothing is resolved (no gender of names, no salience model: a wrong subject would give a
functional fact to the wrong person, and a later one would supersede it). A lone candidate
known to be the other ("my brother Tom … she") is no answer either. Only the patterns read
the rewritten sentence: the memory's text is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from graphmem.domain.extraction import ExtractedTriplet
from graphmem.lifecycle.predicates import normalize_name

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

PRONOUNS = frozenset({"she", "he"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: Relation words (as written, and as relation names) that tell "she" or "he".
_SHE = frozenset(
    """
    mother mom mum mama mommy sister sis daughter wife girlfriend aunt auntie niece
    grandmother grandma granny nana fiancee fiancée stepmother stepmom stepdaughter
    stepsister mother_in_law sister_in_law daughter_in_law mother-in-law sister-in-law
    daughter-in-law
    """.split()  # noqa: SIM905
)
_HE = frozenset(
    """
    father dad daddy papa brother bro son husband boyfriend uncle nephew grandfather grandpa
    granddad fiance fiancé stepfather stepdad stepson stepbrother father_in_law
    brother_in_law son_in_law father-in-law brother-in-law son-in-law
    """.split()  # noqa: SIM905
)
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
        self._skip = {normalize_name(s) for s in speakers}
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
        """Record the people a message named (its PERSON entities)."""
        self._last = [*self._last, self._others(names)][-2:]


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


def with_subject(sentence: Span, referents: Referents) -> str | None:
    """``sentence``'s text with each "she"/"he" subject replaced by who it is, or None when
    no such pronoun with a known referent is a subject in it."""
    found = [t for t in sentence if t.lower_ in referents and t.dep_ in _SUBJECTS]
    if not found:
        return None
    text = sentence.text
    for token in reversed(found):  # from the end, so earlier offsets stay valid
        start = token.idx - sentence.start_char
        end = start + len(token.text)
        name = referents[token.lower_]
        after = token.nbor() if token.i + 1 < len(token.doc) else None
        if after is not None and after.lower_ in {"'s", "\u2019s"} and after.pos_ == "AUX":
            name, end = f"{name} is", end + len(after.text)  # "he's allergic": not "Max's"
        text = text[:start] + name + text[end:]
    return text


def relatives_told(triplets: Iterable[ExtractedTriplet], speakers: set[str]) -> dict[str, str]:
    """The pronoun each relative of a speaker has by their relation ("Tom husband_of Priya":
    he), for the pronouns of later messages."""
    found: dict[str, str] = {}
    for t in triplets:
        pronoun = pronoun_of(t.predicate) if t.target in speakers else None
        if pronoun is not None:
            found[t.source] = pronoun
    return found
