"""Reading an add's messages: one batched parse, its repairs (:mod:`.repairs`), and a second
parse of the few sentences whose "I" chat left out; the names the owner's memory holds that
casual chat types in lower case (:func:`proper_names`).

**A dropped "I", found by the parse.** People type "Doing a lot of cycling instead",
"Freelancing now, mostly branding work", "Found a great place near us", "Diagnosed with
asthma last week", "Planted tomatoes and beans" (a past form the parser read as an
adjective). The lexical list of :mod:`graphmem.extraction.sentence_variants` puts the
"I" back before common past forms ("Moved to Leeds"); the rest are read from the parse: a
sentence opening on a verb with no subject (:func:`.repairs.opening_verb`) is the speaker's
own, said with "I'm" before a present participle, "I" before a past tense, "I was" before a
passive participle ("Diagnosed with …", "Promoted to …"), "I've" before one with an object
("Seen it twice") or "been", and "I" before any other (the small model tags the past tense
"Pulled out of the race" a participle). Those messages are parsed again with the subject
in place, so the patterns and the parse read the same sentence. Assistants' messages are
left as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.pipeline import MODEL_PACKAGE, load_pipeline, parse
from graphmem.extraction.nlp.repairs import (
    english_words,
    guessed_lemmas,
    named_objects,
    noun_roots,
    one_object,
    opening_verb,
    past_forms,
    people_unknown,
    silent_e,
    tidy_entities,
    unknown_names,
    verb_exceptions,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token


def read(
    texts: list[str], speaking: list[bool], batch_size: int, package: str = MODEL_PACKAGE
) -> list[Doc]:
    """Each text parsed and repaired; ``speaking[i]``: text ``i`` is a person's own (its
    dropped "I" is theirs; an assistant's is not)."""
    docs = _repaired(parse(texts, batch_size, package), package)
    again = {
        i: said
        for i, (doc, own) in enumerate(zip(docs, speaking, strict=True))
        if own and (said := with_subject(doc)) is not None
    }
    if again:
        redone = _repaired(parse(list(again.values()), batch_size, package), package)
        for i, doc in zip(again, redone, strict=True):
            docs[i] = doc
    return docs


def proper_names(names: Iterable[str], package: str = MODEL_PACKAGE) -> dict[str, str]:
    """Lower-case form -> spelling of the one-word capitalised ``names`` that are no English
    word ("Kofi", "Brixton"; not "Grace" or "Will"): what :func:`.casual.tidy` may capitalise
    wherever it stands."""
    words = english_words(load_pipeline(package))
    found: dict[str, str] = {}
    for name in names:
        name = name.strip()
        lowered = name.lower()
        if name[:1].isupper() and lowered.isalpha() and len(name) > 2 and lowered not in words:
            found[lowered] = name
    return found


def _repaired(docs: list[Doc], package: str) -> list[Doc]:
    nlp = load_pipeline(package)
    irregular, words = verb_exceptions(nlp), english_words(nlp)
    repaired = []
    for doc in docs:
        doc = silent_e(past_forms(tidy_entities(doc), irregular))
        doc = people_unknown(unknown_names(guessed_lemmas(doc, words), words))
        repaired.append(named_objects(one_object(noun_roots(doc))))
    return repaired


def with_subject(doc: Doc) -> str | None:
    """The doc's text with "I" said before each sentence's subjectless opening verb (see the
    module), or None when no sentence has one."""
    text = doc.text
    cuts: list[tuple[int, str]] = []
    for sentence in doc.sents:
        verb = opening_verb(sentence)
        said = _subject_for(verb, sentence) if verb is not None else None
        if verb is not None and said is not None:
            cuts.append((_start_of(verb).idx, said))
        elif (first := _participle_opening(sentence)) is not None:
            cuts.append((first.idx, "I"))
    if not cuts:
        return None
    pieces: list[str] = []
    last = 0
    for at, said in cuts:
        first = text[at]
        if first.isupper() and not text[at + 1 : at + 2].isupper():  # not "OK"
            first = first.lower()
        pieces.append(f"{text[last:at]}{said} {first}")
        last = at + 1
    pieces.append(text[last:])
    return "".join(pieces)


def _participle_opening(sentence: Span) -> Token | None:
    """ "Planted tomatoes, courgettes and beans", "Harvested 6 kilos of tomatoes": a past
    form the parser took for an adjective of the noun after it, in a sentence with no verb
    (not "Used cars are cheap")."""
    first = sentence[0]
    if first.tag_ not in {"VBN", "VBD"} or first.dep_ != "amod" or not first.is_title:
        return None
    if len(sentence) < 2 or sentence[1].tag_ not in {"NNS", "CD", "DT", "PRP$"}:
        return None  # "Fried chicken tonight!": a dish
    if sentence.root.pos_ not in {"NOUN", "PROPN"} or sentence.text.rstrip().endswith("?"):
        return None
    others = (t for t in sentence if t.i != first.i)
    return None if any(t.pos_ in {"VERB", "AUX"} for t in others) else first


def _start_of(verb: Token) -> Token:
    """Where the subject goes: before the adverbs right before the verb ("Just got new
    shoes" -> "I just got …")."""
    start = verb
    while start.i > verb.sent.start and start.nbor(-1).dep_ == "advmod":
        start = start.nbor(-1)
    return start


def _subject_for(verb: Token, sentence: Span) -> str | None:
    if sentence.text.rstrip().endswith("?"):  # "Going to the party?": asked, not told
        return None
    near = [*verb.children, *(g for c in verb.children for g in c.children)]
    if any(t.lower_ in {"me", "us"} and t.dep_ in {"dobj", "dative", "nsubj"} for t in near):
        return None  # "Really made me think", "Reminded me of home": something else did
    if verb.tag_ == "VBG" and verb.dep_ in {"ROOT", "advcl"}:
        # "Seeing my kids' smiles was so awesome": the gerund is the subject of a verb
        # the parser left without one
        if _subjectless_finite(sentence, verb) or _is_after_object(verb):
            return None
        return "I'm"
    if verb.tag_ == "VBD" and verb.dep_ in {"ROOT", "advcl"}:
        return "I"
    if verb.tag_ == "VBN" and verb.dep_ in {"ROOT", "advcl"}:
        if verb.lemma_ == "be" and any(c.dep_ == "attr" for c in verb.children):
            return None  # "Been a busy week": it has
        if verb.lemma_ == "be" or any(c.dep_ == "dobj" for c in verb.children):
            return "I've"
        after = verb.nbor().lower_ if verb.i + 1 < len(verb.doc) else ""
        # "Diagnosed with asthma", "Promoted to manager"; "Pulled out of the race" is the
        # small model's participle for a past tense
        passive = after in {"with", "by", "as"} or verb.lemma_.lower() in _PASSIVE
        return "I was" if passive else "I"
    return None


def _is_after_object(verb: Token) -> bool:
    """ "Resting heart rate's down to 61": the "'s" the parser hung on the gerund's object is
    "is", and the gerund a noun's modifier (not "Visiting mom's house", whose "'s" is
    mom's)."""
    return any(
        c.dep_ == "dobj" and any(g.dep_ == "case" and g.lower_ in {"'s", "’s"} for g in c.children)
        for c in verb.children
    )


def _subjectless_finite(sentence: Span, verb: Token) -> bool:
    return any(
        t.tag_ in {"VBZ", "VBP", "VBD"}
        and t.i != verb.i
        and not any(c.dep_ in {"nsubj", "nsubjpass", "expl"} for c in t.children)
        for t in sentence
    )


#: Verbs whose participle opening a chat sentence is said in the passive.
_PASSIVE = frozenset(
    {"diagnose", "promote", "invite", "hire", "fire", "lay", "accept", "admit", "elect",
     "nominate", "offer", "stick", "ask", "tell", "bless", "shortlist", "sack"}
)  # fmt: skip
