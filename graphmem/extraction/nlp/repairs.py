"""Repairs to the small English model's parse before anything reads it.

**Entity spans.** The model sometimes runs an entity on past its end: "I've been volunteering
at the food bank on Thursdays since January" gives the ORG "the food bank on Thursdays
since". A kept entity (:data:`.names.ENTITY_LABELS`) is cut before a preposition that
introduces a time ("on Thursdays", "since January", "in 2023"), and at a quotation mark
inside it ("I'm reading 'The Overstory' for book club" gave the title "Overstory' for book
club"), and loses the function words it ends with ("since", "and", "the"). A span left
without a word is no entity. The repaired spans replace the doc's, so entity types, triplet
ends and concepts all see the same spans.

**Irregular past forms read as imperatives.** Chat drops the "I": "Went to the farmers
market", "Got a new job at Pixar!". The model tags such a sentence-opening "Went" or "Got"
as a bare imperative (VB) with the form itself as its lemma, so the sentence read as a
request and the predicate as ``went``. When the word is an irregular verb form of
another lemma in the lemmatizer's own exception table ("went" -> go, "got" -> get),
it is retagged as a past tense (VBD) with that lemma. Regular forms ("Finished my quilt")
are tagged right already; a base form ("Call the agency") stays a request.

**Two objects of one preposition that are one.** "I'm training for the Oslo half marathon":
the model hangs "Oslo" and "marathon" both from "for", which gave ``train_for Oslo`` and
``train_for marathon``. An earlier object whose words run straight into the later one's
modifiers (no comma, no "and") is made the later one's compound (:func:`one_object`); so
are two direct objects of one verb ("Ella won the county spelling bee").

**A silent "e" lost.** The lemmatizer strips "riding" to "rid", "hoping" to "hop", "dining"
to "din": a verb of one short syllable doubles its last consonant before "-ing" and "-ed"
("ridding", "hopped"), so a single one there is the "-e" verb's (:func:`silent_e`).

**A lemma guessed.** For a verb the lemmatizer does not know it guesses an "e" ("bartending"
-> "bartende", "nannying" -> "nannye", "babysitting" -> "babysitte"); the form without its
ending (or its doubled consonant) that is an English word is taken instead
(:func:`guessed_lemmas`).

**A name read as a noun.** "Tobiasz is relocating to Gdansk": the model tags a name it does not
know, opening the sentence, as a common noun. A capitalised subject tagged as a noun that is
no English word (the lemmatizer's own index) is retagged as a proper noun
(:func:`unknown_names`).

**Someone the model does not know.** A name alone, labelled as an organisation or a title or
not at all, that does what only people do ("Ruby quit the garden centre", "Marek's moving to
Bristol") is a PERSON entity (:func:`people_unknown`), so triplets, mentions and pronouns
("she's waitressing at Zizzi now") read it as one.

**A place read as a person.** "My mum is in Faro now": the model labels a place it does not
know PERSON, which made "she" Faro. A PERSON entity that is the object of "in" (not "in
Sarah's car"), or of "from" or "to" after a journey ("the commute from Penarth"; not "a gift
from Sarah"), is a place (GPE; :func:`_place_read_as_person`).

**A verb read as a noun.** "We no longer volunteer at the shelter": the model makes
"volunteer" a noun, yet the root of the sentence under the subject "We"; it is retagged as a
verb (:func:`noun_roots`), so its triplets and its denial are read.
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.names import (
    ENTITY_LABELS,
    MISREAD_AS,
    acts_like_someone,
    is_time_word,
)

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Span, Token

_FUNCTION_POS = frozenset({"ADP", "SCONJ", "CCONJ", "DET", "PART", "PUNCT", "SPACE"})
_QUOTES = frozenset({"'", '"', "’", "”", "‘", "“"})
#: What may come before a sentence's verb when its "I" is left out: "Just got back…".
_OPENING_DEPS = frozenset({"advmod", "intj", "punct", "cc", "discourse"})


def _cut(span: Span) -> Span | None:
    doc = span.doc
    end = span.end
    for token in span[1:]:
        after = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if token.pos_ in {"ADP", "SCONJ"} and after is not None and is_time_word(after):
            end = token.i
            break
        if token.text in _QUOTES:  # "'The Overstory' for book club": the title ends there
            end = token.i
            break
    while end > span.start and doc[end - 1].pos_ in _FUNCTION_POS:
        end -= 1
    if end <= span.start:
        return None
    if end == span.end:
        return span
    return doc.char_span(doc[span.start].idx, doc[end - 1].idx + len(doc[end - 1]), span.label_)


def _split(span: Span) -> list[Span]:
    """``span`` in the pieces a preposition hung from outside it separates ("Valorant to
    Counter-Strike" after "switched from": two names, the "to" belongs to the verb)."""
    cuts = [t.i for t in span[1:-1] if t.pos_ == "ADP" and not span.start <= t.head.i < span.end]
    if not cuts:
        return [span]
    bounds = zip([span.start, *(i + 1 for i in cuts)], [*cuts, span.end], strict=True)
    return [span.doc[a:b] for a, b in bounds if b > a]


def _from_to(span: Span) -> None:
    """ "switched from Valorant to Overwatch": the model runs both names into one entity and
    reads "to Overwatch" as an infinitive. After "from", a "to" inside a name is the verb's
    own, and the name after it its object (the parse is mended in place)."""
    doc = span.doc
    if span.start == 0 or doc[span.start - 1].lower_ != "from":
        return
    to = next((t for t in span[1:-1] if t.lower_ == "to"), None)
    if to is None or to.head.i < span.start or to.head.i >= span.end:
        return  # none, or hung from outside already
    verb, after = doc[span.start - 1].head, doc[to.i + 1 : span.end]
    for child in [c for c in after.root.children if not after.start <= c.i < after.end]:
        child.head = verb  # "over the summer": the verb's, not the name's
    to.head, to.dep_, to.pos_, to.tag_ = verb, "prep", "ADP", "IN"
    root = after.root
    root.head, root.dep_, root.pos_, root.tag_ = to, "pobj", "PROPN", "NNP"


#: Words of going from or to a place: "the commute from Penarth", "moved back to Faro".
_JOURNEYS = frozenset(
    "commute move relocate drive fly travel journey come go head return emigrate".split()  # noqa: SIM905
)


def _place_read_as_person(ent: Span) -> Span:
    """A PERSON that is the object of "in" ("is in Faro now"), or of "from" or "to" after a
    journey ("the commute from Penarth"; not "a gift from Sarah"), as the place it is."""
    root, doc = ent.root, ent.doc
    if ent.label_ != "PERSON" or root.dep_ != "pobj":
        return ent
    prep = root.head
    if prep.lower_ != "in" and not (
        prep.lower_ in {"from", "to"} and prep.head.lemma_.lower() in _JOURNEYS
    ):
        return ent
    if ent.end < len(doc) and doc[ent.end].lower_ in {"'s", "\u2019s", "'"}:
        return ent
    return doc.char_span(ent.start_char, ent.end_char, label="GPE") or ent


def tidy_entities(doc: Doc) -> Doc:
    """``doc`` with its kept entities cut as the module says (in place; returned)."""
    tidied: list[Span] = []
    changed = False
    for whole in doc.ents:
        if whole.label_ in ENTITY_LABELS:
            _from_to(whole)
        pieces = _split(whole) if whole.label_ in ENTITY_LABELS else [whole]
        changed = changed or len(pieces) > 1
        for ent in pieces:
            kept = _cut(ent) if ent.label_ in ENTITY_LABELS else ent
            kept = _place_read_as_person(kept) if kept is not None else None
            changed = changed or kept is not ent
            if kept is not None:
                tidied.append(kept)
    if changed:
        doc.ents = tidied
    return doc


def opening_verb(sentence: Span) -> Token | None:
    """The sentence's root verb when nothing but adverbs and interjections come before it
    ("Finally finished my quilt!", "Oh, went hiking") and it has no subject; else None. Also
    an opening clause the parser hung from the root ("Gave up the cello, I never had
    time")."""
    root = sentence.root
    first = next((t for t in sentence if t.dep_ not in _OPENING_DEPS), None)
    if first is not None and first.dep_ in {"advcl", "ccomp"} and first.head.i == root.i:
        root = first  # "Gave up the cello, I never had time": a clause of the next one
    if root.pos_ not in {"VERB", "AUX"}:
        return None
    if any(c.dep_ in {"nsubj", "nsubjpass", "expl"} for c in root.children):
        return None
    if any(t.dep_ not in _OPENING_DEPS or _name_as_adverb(t) for t in sentence if t.i < root.i):
        return None
    return root


def _name_as_adverb(token: Token) -> bool:
    """ "Raj proposed!!": a capitalised word the small model tagged an adverb, which is no
    adverb (no stop word, no "-ly", no time word) but the subject, a name."""
    if token.pos_ != "ADV" or not token.is_title or token.is_stop:
        return False
    return not token.lower_.endswith("ly") and not is_time_word(token)


def past_forms(doc: Doc, exceptions: dict[str, list[str]]) -> Doc:
    """``doc`` with sentence-opening irregular past forms retagged (in place; returned);
    ``exceptions``: :func:`verb_exceptions` of the pipeline that parsed it."""
    for sentence in doc.sents:
        verb = opening_verb(sentence)
        if verb is None or verb.tag_ != "VB":
            continue
        lemmas = exceptions.get(verb.lower_)
        if lemmas and lemmas[0] != verb.lower_:
            verb.tag_ = "VBD"
            verb.lemma_ = lemmas[0]
    return doc


#: A verb of one short syllable: "rid", "hop", "din" (not "cook", "fix", "play", "visit").
_SHORT_SYLLABLE = re.compile(r"^[^aeiou]*[aeiou][^aeiouwxy]$")
_SUFFIXES = {"VBG": "ing", "VBD": "ed", "VBN": "ed", "VBZ": "es"}


def silent_e(doc: Doc) -> Doc:
    """``doc`` with the lemma of "riding", "hoped", "dines" given its "e" back (in place;
    returned)."""
    for token in doc:
        suffix = _SUFFIXES.get(token.tag_)
        lemma = token.lemma_.lower()
        if suffix is None or token.lower_ != lemma + suffix:
            continue
        if _SHORT_SYLLABLE.match(lemma) and not (suffix == "es" and lemma[-1] in "sz"):
            token.lemma_ = lemma + "e"
    return doc


#: Subjects a verb has in chat, that a noun (as the model misreads a verb) never has.
_PERSONAL = frozenset({"i", "we", "you", "they", "he", "she"})


def noun_roots(doc: Doc) -> Doc:
    """``doc`` with a sentence's root read as a noun retagged as the verb it is (in place;
    returned): "We no longer volunteer at the shelter" gives the model the noun "volunteer"
    as its root, under the subject "We". A root noun whose subject is a personal pronoun,
    with no determiner or possessive of its own, is a verb (present tense: ``VBZ`` after
    "he"/"she", else ``VBP``)."""
    for sentence in doc.sents:
        root = sentence.root
        if root.pos_ != "NOUN" or root.tag_ not in {"NN", "NNS"}:
            continue
        subjects = [c for c in root.children if c.dep_ == "nsubj"]
        if len(subjects) != 1 or subjects[0].lower_ not in _PERSONAL:
            continue
        if any(c.dep_ in {"det", "poss", "amod", "nummod"} for c in root.children):
            continue
        root.pos_ = "VERB"
        root.tag_ = "VBZ" if subjects[0].lower_ in {"he", "she"} else "VBP"
    return doc


@functools.lru_cache(maxsize=4)
def verb_exceptions(nlp: Language) -> dict[str, list[str]]:
    """The lemmatizer's irregular verb forms (form -> lemmas), read once per pipeline."""
    try:
        table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_exc")  # type: ignore[attr-defined]
        return dict(table["verb"])
    except (KeyError, ValueError):  # a pipeline without the table repairs nothing
        return {}


@functools.cache
def english_words(nlp: Language) -> frozenset[str]:
    """Every word of the lemmatizer's index (nouns, verbs, adjectives, adverbs: WordNet's
    lemmas, lower-case), read once per pipeline; empty for a pipeline without it."""
    try:
        table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")  # type: ignore[attr-defined]
    except (KeyError, ValueError):
        return frozenset()
    return frozenset(word for words in table.values() for word in words)


def guessed_lemmas(doc: Doc, words: frozenset[str]) -> Doc:
    """``doc`` with a verb's guessed lemma replaced by the English word its form is built
    on (in place; returned): see the module."""
    if not words:
        return doc
    for token in doc:
        suffix = _SUFFIXES.get(token.tag_)
        if suffix is None or token.lemma_.lower() in words:
            continue
        stem = token.lower_.removesuffix(suffix if suffix != "es" else "s")
        if stem == token.lower_:
            continue
        undoubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem
        known = next((w for w in (stem, undoubled) if w in words), None)
        if known is None and (undoubled != stem or stem.endswith(_NO_E_AFTER)):
            known = undoubled  # "babysitting", "bartending": no word ends so with an "e"
        token.lemma_ = known or token.lemma_
    return doc


#: Endings after which no verb has an "e": "bartend", "tempt", "clerk".
_NO_E_AFTER = ("nd", "rt", "mp", "lt", "st", "ck", "sh", "ch", "ft", "nk", "rk", "rn", "rm", "pt")


def unknown_names(doc: Doc, words: frozenset[str]) -> Doc:
    """``doc`` with a capitalised subject read as a noun that is no word of ``words``
    (:func:`english_words`) retagged as a proper noun (in place; returned)."""
    if not words:
        return doc
    for token in doc:
        if token.pos_ != "NOUN" or token.dep_ not in {"nsubj", "nsubjpass"}:
            continue
        known = token.lower_ in words or token.lemma_.lower() in words  # "Fingers crossed"
        if token.text[:1].isupper() and not token.text.isupper() and not known:
            token.pos_, token.tag_ = "PROPN", "NNP"
    return doc


def people_unknown(doc: Doc) -> Doc:
    """``doc`` with a lone name that acts as only a person does made a PERSON entity (in
    place; returned): see the module."""
    from spacy.tokens import Span

    spans: list[Span] = []
    changed = False
    for ent in doc.ents:
        someone = ent.label_ in MISREAD_AS and acts_like_someone(ent.root, len(ent))
        spans.append(Span(doc, ent.start, ent.end, label="PERSON") if someone else ent)
        changed = changed or someone
    for token in doc:
        if (
            token.pos_ == "PROPN"
            and not token.ent_type_
            and acts_like_someone(token, unlabelled=True)
        ):
            spans.append(Span(doc, token.i, token.i + 1, label="PERSON"))
            changed = True
    if changed:
        doc.ents = sorted(spans, key=lambda span: span.start)
    return doc


_INSIDE = frozenset({"amod", "compound", "nummod"})


def one_object(doc: Doc) -> Doc:
    """``doc`` with two objects of one preposition, or two direct objects of one verb ("Ella
    won the county spelling bee"), that are one made so (in place; returned): see the
    module."""
    for head in (t for t in doc if t.dep_ == "prep" or t.pos_ in {"VERB", "AUX"}):
        for dep in ("pobj", "dobj"):
            objects = [c for c in head.children if c.dep_ == dep]
            for first, then in itertools.pairwise(objects):
                between = doc[first.i + 1 : then.i]
                if all(t.head.i == then.i and t.dep_ in _INSIDE for t in between):
                    for det in [c for c in first.children if c.dep_ == "det"]:
                        det.head = then  # "the" is the whole object's
                    first.head = then
                    first.dep_ = "compound"
    return doc


#: Tags of a verb that takes its object right after it.
_TRANSITIVE_FORMS = frozenset({"VB", "VBD", "VBP", "VBZ", "VBG"})


def named_objects(doc: Doc) -> Doc:
    """``doc`` with a name right after a verb that has no object read as its object (in
    place; returned): the small model reads "Duolingo" in "dropped Duolingo, it was too
    gamey" as an adverbial noun."""
    for token in doc:
        verb = token.head
        if (
            token.dep_ == "npadvmod"
            and token.pos_ == "PROPN"
            and token.ent_type_ not in {"DATE", "TIME"}  # "we went Monday": when, not what
            and token.i == verb.i + 1
            and verb.pos_ == "VERB"
            and verb.tag_ in _TRANSITIVE_FORMS
            and not any(c.dep_ == "dobj" for c in verb.children)
        ):
            token.dep_ = "dobj"
    return doc
