"""The NLP extractor: one spaCy parse per message feeds entities, triplets and dates.

See docs/extraction.md. For each non-system, non-blank message (one verbatim memory each,
as with every extractor):

* the first ``parse_cap_chars`` characters are parsed (all messages of the add in one
  batched ``nlp.pipe``); the rest is stored and indexed, not parsed;
* entities: the speaker (``message.name``) as a PERSON, named entities with their label
  (or as persons, if known as such), concepts, names known in the scope, triplet ends;
* triplets, from asserting sentences only (:mod:`.clauses`): the functional patterns of
  :mod:`graphmem.extraction.patterns` (``lives_in``, ``works_at``, ``diet`` ...; kept only
  when the clause holding their target asserts) and the dependency triplets of
  :mod:`.triplets` (``go_to``, ``paint``, ``sign_up_for`` ...);
* the event date: the first relative date expression resolved against the observation
  time (:func:`graphmem.extraction.dates.resolve_relative`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from graphmem.domain.extraction import (
    ExtractedMemory,
    ExtractedTriplet,
    Extraction,
    ExtractionRequest,
    Message,
)
from graphmem.extraction import casual
from graphmem.extraction.dates import resolve_relative
from graphmem.extraction.nlp import answers, confirm, the_user
from graphmem.extraction.nlp.clauses import (
    argument_of,
    clause_asserts,
    clause_of,
    organization_in,
    sentence_asserts,
    spelled_at,
)
from graphmem.extraction.nlp.collect import EntitySet
from graphmem.extraction.nlp.coref import (
    RecentPeople,
    Referents,
    introduced,
    known_people,
    parsed_referents,
    referents,
    relatives_told,
    relatives_unnamed,
    with_subject,
)
from graphmem.extraction.nlp.denials import sentence_denials
from graphmem.extraction.nlp.former import as_former
from graphmem.extraction.nlp.names import ANIMAL, PERSON, Named, Speakers, concept, named_entity
from graphmem.extraction.nlp.others import (
    by_noun_phrase,
    named_relative,
    undenied,
    unnamed_relatives,
)
from graphmem.extraction.nlp.pipeline import MODEL_PACKAGE, load_pipeline, parse, parse_part
from graphmem.extraction.nlp.reading import proper_names, read
from graphmem.extraction.nlp.repairs import tidy_entities
from graphmem.extraction.nlp.triplets import ParsedTriplet, adds_slot, sentence_triplets
from graphmem.extraction.offline import fact_of, speaker_of
from graphmem.extraction.pattern_rules_preferences import standing
from graphmem.extraction.patterns import RawTriplet, find_triplets
from graphmem.extraction.sentence_variants import restore_dropped_i, with_names_joined
from graphmem.extraction.starts import event_start
from graphmem.lifecycle.predicates import normalize_name

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_Key = tuple[str, str, str]

#: "I have a new landlord, Mr. Brandt": the verb that tells the relation says no more.
_HAVING = frozenset({"have", "get"})


def speakers_for(messages: list[Message]) -> dict[str, Speakers]:
    """Who "I" and "you" are, per speaker; "you" only between exactly two named ones."""
    named = list(dict.fromkeys(speaker_of(m) for m in messages if (m.name or "").strip()))
    result: dict[str, Speakers] = {}
    for message in messages:
        me = speaker_of(message)
        others = [n for n in named if n != me] if len(named) == 2 else []
        result[me] = Speakers(me=me, you=others[0] if len(others) == 1 else None)
    return result


def _for_parse(message: Message, names: Mapping[str, str]) -> str:
    text = restore_dropped_i(with_names_joined(casual.tidy(message.content, names)))
    return the_user.as_named(text) if the_user.tells_of_owner(message) else text


@dataclass(frozen=True)
class Parts:
    """Which parts of the extraction run (all by default; ``ExtractionSettings``)."""

    named_entities: bool = True
    concepts: bool = True
    dependency_triplets: bool = True


class NLPExtractor:
    """The :class:`graphmem.ports.extractor.Extractor` used by default without an LLM."""

    def __init__(
        self,
        parse_cap_chars: int = 5_000,
        batch_size: int = 64,
        package: str = MODEL_PACKAGE,
        parts: Parts = Parts(),
    ) -> None:
        self.parse_cap_chars = parse_cap_chars
        self.batch_size = batch_size
        self.package = package
        self.parts = parts

    def warm_up(self) -> None:
        """Load the spaCy pipeline now (it is loaded on the first parse otherwise)."""
        load_pipeline(self.package)

    def extract(self, request: ExtractionRequest) -> Extraction:
        kept = [
            (index, m)
            for index, m in enumerate(request.messages)
            if m.role != "system" and m.content.strip()
        ]
        if not kept:
            return Extraction(memories=[], llm_calls=0)
        names = proper_names(
            [*request.known_entities, *(m.name or "" for _, m in kept)], self.package
        )
        parts = [parse_part(_for_parse(m, names), self.parse_cap_chars) for _, m in kept]
        own = [m.role != "assistant" for _, m in kept]
        docs = read(parts, own, self.batch_size, self.package)
        speakers = speakers_for([m for _, m in kept])
        known = {normalize_name(n): n.strip() for n in request.known_entities}
        known.pop("", None)
        people = frozenset(normalize_name(n) for n in request.known_people)
        talkers = {s for who in speakers.values() for s in (who.me, who.you) if s}
        memories: list[ExtractedMemory] = []
        recent = RecentPeople(talkers)
        asked: tuple[str, str] | None = None  # (asker, yes/no question) just before
        owner = {the_user.WORD: the_user.owner_name(m for _, m in kept)}  # "The user lives …"
        for (index, m), doc in zip(kept, docs, strict=True):
            told = the_user.tells_of_owner(m)
            who = replace(speakers[speaker_of(m)], people=people | owner.keys() if told else people)
            names = {**known, **owner} if told else known
            step = _MessageExtraction(m, who, request.observed_at, names, self.parts, self.package)
            question = asked[1] if asked and asked[0] != speaker_of(m) else None
            memories.append(memory := step.run(index, doc, recent, question))
            kin = relatives_unnamed(doc.text, who.me, who.you)  # "my mum", "your mum"
            recent.saw([*(e.name for e in memory.entities if e.type in {PERSON, ANIMAL}), *kin])
            recent.learn({**relatives_told(memory.triplets, talkers), **kin})
            asked = confirm.last_question(doc, speaker_of(m))
        return Extraction(memories=memories, llm_calls=0)


class _MessageExtraction:
    def __init__(
        self,
        message: Message,
        speakers: Speakers,
        observed_at: datetime,
        known: dict[str, str],
        parts: Parts,
        package: str = MODEL_PACKAGE,
    ) -> None:
        self.message = message
        self.parts = parts
        self.package = package
        self.they: Referents = {}  # who "she"/"he" is in this message (`.coref`)
        self.theirs: Referents = {}  # whose "her"/"his" relative it tells
        self.speakers = speakers
        self.observed_at = observed_at
        self.known = known
        self.entities = EntitySet()
        self.triplets: dict[_Key, ExtractedTriplet] = {}
        self.denied: dict[_Key, ExtractedTriplet] = {}

    def _person(self, named: Named) -> bool:  # by label, or known as one ("Chidi": no ORG)
        return named.type == PERSON or normalize_name(named.name) in self.speakers.people

    def _kind(self, named: Named) -> str:  # the label, or a person known as one
        return PERSON if self._person(named) else named.type

    def run(
        self, index: int, doc: Doc, recent: RecentPeople, question: str | None = None
    ) -> ExtractedMemory:
        """``question``: the other speaker's question just before this message, if any."""
        if (self.message.name or "").strip() and self.speakers.me != self.message.role:
            self.entities.add(self.speakers.me, PERSON)
        found = [named for ent in doc.ents if (named := named_entity(ent))]
        for named in found if self.parts.named_entities else ():  # a known person is one
            self.entities.add(self._spell(named.name), self._kind(named))
        recent.learn(introduced(doc))
        people = [self._spell(n.name) for n in found if self._person(n)]
        people += known_people(doc.text, self.known, self.speakers.people, people)
        self.they, self.theirs = referents(doc, self.speakers.me, recent, people)
        here = parsed_referents(self.they, doc.text, self.speakers.me)
        self.speakers = replace(self.speakers, they=here)
        for sentence in doc.sents:
            if sentence_asserts(sentence) or standing(sentence.text):  # "Call me Bea"
                self._sentence(sentence)
        if question is not None and (said := confirm.said(question, doc.text, self.they)):
            self._confirmed(said)
        elif question is not None and (said := answers.answered(question, doc)) is not None:
            # "Which car do you have?" - "an old Golf, 2009" (``.answers``)
            for sentence in tidy_entities(parse([said], 1, self.package)[0]).sents:
                self._sentence(sentence)
        for chunk in doc.noun_chunks if self.parts.concepts else ():
            found = concept(chunk.root)
            if found:  # a known person the parser read as a noun ("Yumi can't come") is one
                self.entities.add(found.name, self._kind(found))
        text = doc.text  # spaCy joins the tokens on every access: once per message
        folded = text.casefold()
        for name in self.known.values():
            # the substring test is cheap and rules out most of an owner's many known names
            if name.casefold() in folded and _mentions(text, name):
                self.entities.add(name)
        return ExtractedMemory(
            text=self.message.content,
            source_index=index,
            entities=self.entities.items(),
            triplets=as_former(
                undenied(self.triplets.values(), self.denied.values()), self.denied.values(), text
            ),
            denied=list(self.denied.values()),
            event_date=resolve_relative(text, self.observed_at),
        )

    def _sentence(self, sentence: Span) -> None:
        covered: set[tuple[str, str]] = set()
        related: set[tuple[str, str]] = set()  # (owner, person) of a relation read
        claimed: set[int] = set()  # verbs whose clause a pattern already read
        text = sentence.text
        if (self.they or self.theirs) and (
            said := with_subject(sentence, self.they, self.theirs)
        ) is not None:
            for name in (n for n in self.they.values() if n in said and n not in text):
                self.entities.add(name)  # "He's 3": the memory mentions whom "he" is
            text = said
        for raw in find_triplets(text, self.speakers.me, self.known.keys()):
            if raw.organization and not organization_in(sentence, raw.target):
                continue
            named = spelled_at(sentence, raw.source)  # "Karl's daughter, Ines, can't …"
            said = spelled_at(sentence, raw.spelled or raw.target) or named
            clause = clause_of(said or sentence.root)
            if raw.denial:  # "I quit my job at X": an end, for the lifecycle only
                if clause_asserts(clause, own_negation=raw.negative):
                    self._deny(self._pattern_triplet(raw, sentence.text))
                continue
            # "my husband Jonas doesn't eat pork": the relation is told whatever the clause says
            if clause_asserts(clause, own_negation=raw.negative) or by_noun_phrase(
                raw, said, named
            ):
                self._add_pattern(raw, sentence.text)
                # "My brother Tiago swims", "My son Tom lives with us": the relation is read
                # from the noun phrase, the verb is still the parse's to read
                relation = raw.predicate.endswith("_of") and raw.target == self.speakers.me
                if raw.predicate.endswith("_of"):  # "I have a new landlord, Mr. Brandt"
                    related.add((normalize_name(raw.target), normalize_name(raw.source)))
                if not relation:
                    covered.add((normalize_name(raw.source), normalize_name(raw.target)))
                if said is not None and argument_of(said, clause) and not relation:
                    claimed.add(clause.i)
        for name, relation in unnamed_relatives(sentence, self.speakers):  # "I called my mom"
            if not self._named_relative(relation):  # not "My boss is Henrik"
                me = self.speakers.me
                self._add_pattern(
                    RawTriplet(name, f"{relation}_of", me, False, "person", "person"), ""
                )
        # the persons this message's patterns say are persons count for the parse's subjects
        people = self.speakers.people | self.entities.people()
        self.speakers = replace(self.speakers, people=people)
        self._denials(sentence)
        if not self.parts.dependency_triplets:
            return
        for parsed in sentence_triplets(sentence, self.speakers):
            pair = (normalize_name(parsed.source.name), normalize_name(parsed.target.name))
            told = parsed.verb not in claimed or adds_slot(parsed, self.triplets.values())
            had = parsed.predicate in _HAVING and pair in related
            if pair not in covered and told and not had:
                self._add_parsed(parsed, sentence.text)

    def _named_relative(self, relation: str) -> bool:
        """Whether the message already names the speaker's ``relation`` ("My boss is Henrik")."""
        me = normalize_name(self.speakers.me)
        return any(
            t.predicate == f"{relation}_of" and normalize_name(t.target) == me
            for t in self.triplets.values()
        )

    def _confirmed(self, said: str) -> None:
        """What a reply to a yes/no question states, read as the answerer's (:mod:`.confirm`):
        "Are you still going to Lagos in March?" - "Yes, flights booked"."""
        for sentence in tidy_entities(parse([said], 1, self.package)[0]).sents:
            self._sentence(sentence)

    def _spell(self, name: str) -> str:
        return self.known.get(normalize_name(name), name)

    def _store(
        self, triplet: ExtractedTriplet, types: tuple[str | None, str | None], sure: bool = False
    ) -> None:
        """Keep the triplet and its ends; ``sure``: the ends' types come from what the
        sentence says of them ("my mother-in-law Gloria" is a person), and override the
        parser's guess for a single capitalised word (spaCy reads "Gloria" as a place)."""
        key = _key_of(triplet)
        if key in self.triplets or not all(key):
            return
        self.entities.add(triplet.source, types[0], sure=sure)
        self.entities.add(triplet.target, types[1], sure=sure)
        self.triplets[key] = triplet

    def _pattern_triplet(self, raw: RawTriplet, sentence: str) -> ExtractedTriplet | None:
        source, target = self._spell(raw.source), self._spell(raw.target)
        if not (_fits(source) and _fits(target)):
            return None
        text, observed = self.message.content, self.observed_at
        valid_from = event_start(sentence, text, observed) if raw.event else None
        fact = fact_of(source, raw.predicate, target)
        return ExtractedTriplet(
            source=source, predicate=raw.predicate, target=target, fact=fact,
            valid_from=valid_from,
        )  # fmt: skip

    def _parsed_triplet(self, parsed: ParsedTriplet, sentence: str) -> ExtractedTriplet | None:
        named = named_relative(parsed.target.name, self.triplets.values(), self.speakers.me)
        source, target = self._spell(parsed.source.name), self._spell(named or parsed.target.name)
        if not (_fits(source) and _fits(target)) or len(parsed.fact) > 1000:
            return None
        valid_from = resolve_relative(sentence, self.observed_at) if parsed.past else None
        return ExtractedTriplet(
            source=source, predicate=parsed.predicate, target=target, fact=parsed.fact,
            valid_from=valid_from,
        )  # fmt: skip

    def _add_pattern(self, raw: RawTriplet, sentence: str) -> None:
        triplet = self._pattern_triplet(raw, sentence)
        if triplet is None:
            return
        # a relation between people, or a pet and its owner: what the sentence says of them
        # beats the parser's guess
        sure = raw.target_type == "person" and raw.source_type in {"person", "animal"}
        self._store(triplet, (_upper(raw.source_type), _upper(raw.target_type)), sure=sure)

    def _add_parsed(self, parsed: ParsedTriplet, sentence: str) -> None:
        triplet = self._parsed_triplet(parsed, sentence)
        if triplet is not None:
            self._store(triplet, (parsed.source.type, parsed.target.type))

    def _denials(self, sentence: Span) -> None:
        """What the sentence's denied clauses say has ended (:mod:`.denials`): kept apart
        from the triplets, for the lifecycle only."""
        patterns, parsed = sentence_denials(sentence, self.speakers, self.known.keys())
        found = [self._pattern_triplet(raw, sentence.text) for raw in patterns]
        if self.parts.dependency_triplets:
            found += [self._parsed_triplet(p, sentence.text) for p in parsed]
        for triplet in found:
            self._deny(triplet)

    def _deny(self, triplet: ExtractedTriplet | None) -> None:
        if triplet is None:
            return
        key = _key_of(triplet)
        if key[1].endswith("_of"):  # "our hamster Toffee died": the end wins over the name
            self.triplets.pop(key, None)
        if key not in self.triplets:
            self.denied.setdefault(key, triplet)


def _key_of(triplet: ExtractedTriplet) -> _Key:
    """One fact per source, predicate and target, whatever their spelling."""
    return normalize_name(triplet.source), triplet.predicate, normalize_name(triplet.target)


_PATTERN_TYPES = {"person": "PERSON", "location": "GPE", "organization": "ORG"}


def _upper(type_: str | None) -> str | None:
    """A pattern's entity type in the NLP extractor's vocabulary (``person`` -> PERSON)."""
    return None if type_ is None else _PATTERN_TYPES.get(type_, type_.upper())


def _fits(name: str) -> bool:
    return 0 < len(name) <= 200 and bool(normalize_name(name))


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None
