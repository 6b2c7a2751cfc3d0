"""The offline extractor: deterministic English patterns, no LLM (``llm_calls == 0``).

What it does, for each message of the request:

* A ``system`` message, or one whose content is blank, is skipped. Every other message
  becomes exactly one memory whose text is the message content, verbatim (never
  rewritten, never split or merged); ``source_index`` is the message's index.
* The speaker is ``message.name`` when given, else the role (``"user"``,
  ``"assistant"``, ``"tool"``). First-person sentences (``I``/``we``) are about the
  speaker.
* Triplets come from a fixed set of English patterns (:mod:`.patterns`), applied
  sentence by sentence:

  ==============================================  ==================================
  pattern                                         triplet
  ==============================================  ==================================
  I live/reside in X; I'm/I've been living in X   speaker ``lives_in`` X
  I (have) moved/relocated to X; we moved to X    speaker ``lives_in`` X (event)
  Alice lives in X / Alice moved to X             Alice ``lives_in`` X
  I work at/for X; I'm working at X               speaker ``works_at`` X
  I'm a nurse at X; Alice is a nurse at X         ``works_at`` X (X capitalised; not
                                                  "a student / a regular at")
  I started working at X; I got a job at X;       speaker ``works_at`` X (event)
  I got hired by X
  I'm a/an X; I work as a X (X: up to 4 plain     speaker ``job_title`` X
  words, not e.g. "bit", "fan", "person")
  I'm 30 (years old)                              speaker ``age`` 30
  I'm (a) vegetarian/vegan/pescatarian/...        speaker ``diet`` vegetarian
  I went/became vegan                             speaker ``diet`` vegan (event)
  I'm allergic to X; Alice is allergic to X       ``allergic_to`` X (one per list item)
  I eat/dine/have dinner with X; dinner with X    speaker ``eats_with`` X (one per name)
  I like/love/enjoy/adore X                       speaker ``likes`` X
  I prefer X                                      speaker ``prefers`` X
  I started eating X                              speaker ``eats`` X (event)
  Alice is my friend/sister/...; my friend Alice  Alice ``friend_of`` speaker
  ==============================================  ==================================

  A target is the rest of the clause, cut at punctuation, conjunctions (``and``,
  ``because`` ...), prepositions and time expressions (``last week``, ``every Friday``,
  ``two days ago``); "a firm called X" is X. "I joined X" is a new employer only for
  the NLP extractor, whose parse tells an organisation from a person or a club; this
  engine drops it. ``eats_with`` keeps only names (capitalised words or entities
  known in the scope), so "my friends" yields nothing. An event triplet's
  ``valid_from`` is the relative date found in its sentence
  (:func:`.dates.resolve_relative`, e.g. "last week" = observed_at - 7 days), else
  ``observed_at``; other triplets carry no dates. The fact reads like
  "user lives in Osaka".
* Entities: every triplet source and target; names known in the scope
  (``request.known_entities``, case-insensitive whole-word match, spelled as known);
  text in double quotes (at most 6 words); and runs of capitalised words. A capitalised
  word at the very start of a sentence counts only when the run has several words,
  when it is followed by a verb such as "is"/"lives"/"moved", or when it also appears
  capitalised elsewhere in the message. Pronouns, weekdays, months and common openers
  ("Thanks", "Maybe") are never names. Entities are de-duplicated by
  :func:`graphmem.lifecycle.normalize_name`; triplet names matching a known entity
  take its spelling.

Work is linear in the text: whitespace runs are collapsed before parsing, the patterns
cannot backtrack over a run more than once, and a sentence is parsed only up to
:data:`MAX_PARSED_SENTENCE_CHARS` (tests/test_linear_time.py doubles pathological inputs).

What it does not do: resolve pronouns ("she", "it") or possessives ("my sister is
allergic" has no named subject), understand negation beyond not matching it ("I don't
live in Paris" yields nothing), handle languages other than English, split a message
into several memories, or propose merge/supersede (``proposals`` stay empty; the
deterministic guards in :mod:`graphmem.lifecycle.guards` detect those).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime

from graphmem.domain.extraction import (
    ExtractedEntity,
    ExtractedMemory,
    ExtractedTriplet,
    Extraction,
    ExtractionRequest,
    Message,
)
from graphmem.extraction import casual
from graphmem.extraction.dates import resolve_relative
from graphmem.extraction.patterns import RawTriplet, clean_name, find_triplets
from graphmem.extraction.phrases import collapse_whitespace
from graphmem.lifecycle.predicates import normalize_name

# not after a title ("Mr. Duarte", "Dr. Patel": fixed-width look-behinds, one per length)
_SENTENCE_SPLIT = re.compile(
    r"(?<!\b[MD]r\.)(?<!\bMrs\.)(?<!\bM[sx]\.)(?<!\bProf\.)(?<=[.!?])\s+|\n+"
)
_CAP = r"[A-ZÀ-ÖØ-Þ][\w'-]*"
_RUN = re.compile(rf"(?<![\w'-]){_CAP}(?:(?:\s+(?:of|de|da|del|van|von|du|la|le))?\s+{_CAP})*")
_NEXT_WORD = re.compile(r"\s*+(\S{1,64})")  # bounded: "A,B,C,..." must not rescan the rest
_QUOTED = re.compile(r"[\"“]([^\"“”\n]{1,200})[\"”]")
_NAME_VERBS_TEXT = """
    is was lives lived works worked moved has had loves likes said says and will can eats
    went called told wants prefers seems looks gets got came comes sent asked
"""
_NAME_VERBS = frozenset(_NAME_VERBS_TEXT.split())
_FACTS = {
    # the words a question uses for the slot ("What's my job?" meets ``works_at``)
    "lives_in": "{s} lives in {t}", "works_at": "{s} works at {t} (job, workplace)",
    "job_title": "{s} works as {t} (job title)", "age": "{s} is {t} years old",
    "diet": "{s} is {t}",
    "allergic_to": "{s} is allergic to {t}", "eats_with": "{s} eats with {t}",
    "likes": "{s} likes {t}", "prefers": "{s} prefers {t}", "eats": "{s} eats {t}",
    "has_condition": "{s} has {t} (health condition)",
    "studies_at": "{s} studies at {t} (school, college, university)",
    "study": "{s} studies {t} (subject, course)",
    "former_works_at": "{s} worked at {t} before (former job, workplace)",
    "plays_for": "{s} plays for {t} (sport, team, club)",
}  # fmt: skip


def speaker_of(message: Message) -> str:
    """``message.name`` when usable as an entity name, else the role."""
    name = (message.name or "").strip()
    return name if 0 < len(name) <= 200 else message.role


MAX_PARSED_SENTENCE_CHARS = 2_000


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` as parsed: whitespace runs collapsed to one space, each cut
    at the last word boundary within :data:`MAX_PARSED_SENTENCE_CHARS` (the memory keeps and
    indexes the whole text; only the pattern parsing stops there)."""
    split = _SENTENCE_SPLIT.split(collapse_whitespace(text))
    return [_capped(part.strip()) for part in split if part.strip()]


def _capped(sentence: str) -> str:
    if len(sentence) <= MAX_PARSED_SENTENCE_CHARS:
        return sentence
    head = sentence[:MAX_PARSED_SENTENCE_CHARS]
    cut = head.rfind(" ")
    return head[:cut] if cut > 0 else head


def fact_of(source: str, predicate: str, target: str) -> str:
    if predicate.endswith("_of"):
        return f"{source} is the {predicate[:-3].replace('_', ' ')} of {target}"
    template = _FACTS.get(predicate, "{s} " + predicate.replace("_", " ") + " {t}")
    return template.format(s=source, t=target)


class _Entities:
    """Ordered, de-duplicated entities (first spelling and first non-null type win)."""

    def __init__(self) -> None:
        self._by_key: dict[str, ExtractedEntity] = {}

    def add(self, name: str, type_: str | None = None) -> None:
        name = name.strip()
        key = normalize_name(name)
        if not key or len(name) > 200:
            return
        existing = self._by_key.get(key)
        if existing is None:
            self._by_key[key] = ExtractedEntity(name=name, type=type_)
        elif existing.type is None and type_ is not None:
            self._by_key[key] = ExtractedEntity(name=existing.name, type=type_)

    def items(self) -> list[ExtractedEntity]:
        return list(self._by_key.values())


def _runs(text: str) -> Iterator[tuple[str, bool, str]]:
    """Capitalised runs as (run, at sentence start, lowercased next word)."""
    for sentence in sentences(text):
        first_word = re.search(r"\w", sentence)
        for match in _RUN.finditer(sentence):
            at_start = first_word is not None and match.start() <= first_word.start()
            following = _NEXT_WORD.match(sentence, match.end())
            next_word = following.group(1).lower().strip(",.!?") if following else ""
            yield match.group(0), at_start, next_word


def _capitalised_names(text: str) -> Iterator[str]:
    runs = list(_runs(text))
    elsewhere = {word for run, at_start, _ in runs if not at_start for word in run.split()}
    for run, at_start, following in runs:
        name = clean_name(run)
        if name is None:
            continue
        first_word_kept = name.split()[0] == run.split()[0].removesuffix("'s")
        single = at_start and first_word_kept and " " not in name
        if single and following not in _NAME_VERBS and name not in elsewhere:
            continue
        yield name


class OfflineExtractor:
    """The :class:`graphmem.ports.extractor.Extractor` used when no LLM is configured."""

    def extract(self, request: ExtractionRequest) -> Extraction:
        known = {normalize_name(name): name.strip() for name in request.known_entities}
        known.pop("", None)
        memories = [
            self._memory(index, message, request.observed_at, known)
            for index, message in enumerate(request.messages)
            if message.role != "system" and message.content.strip()
        ]
        return Extraction(memories=memories, llm_calls=0)

    def _memory(
        self, index: int, message: Message, observed_at: datetime, known: dict[str, str]
    ) -> ExtractedMemory:
        text = message.content
        speaker = speaker_of(message)
        entities = _Entities()
        triplets = self._triplets(casual.tidy(text), speaker, observed_at, known)
        for raw, triplet in triplets:
            entities.add(triplet.source, raw.source_type)
            entities.add(triplet.target, raw.target_type)
        for name in known.values():
            if _mentions(text, name):
                entities.add(name)
        for quoted in _QUOTED.findall(text):
            if len(quoted.split()) <= 6 and any(char.isalnum() for char in quoted):
                entities.add(quoted)
        for name in _capitalised_names(text):
            entities.add(known.get(normalize_name(name), name))
        return ExtractedMemory(
            text=text,
            source_index=index,
            entities=entities.items(),
            triplets=[triplet for _, triplet in triplets],
        )

    def _triplets(
        self, text: str, speaker: str, observed_at: datetime, known: dict[str, str]
    ) -> list[tuple[RawTriplet, ExtractedTriplet]]:
        found: dict[tuple[str, str, str], tuple[RawTriplet, ExtractedTriplet]] = {}
        for sentence in sentences(text):
            when: list[datetime | None] = []  # the sentence's date, resolved at most once
            for raw in find_triplets(sentence, speaker, known.keys()):
                # an organisation needs a parse to tell; a denial, a parse to tell that the
                # clause asserts ("Did you quit your job?"): neither is read here
                if raw.organization or raw.denial:
                    continue
                source = known.get(normalize_name(raw.source), raw.source)
                target = known.get(normalize_name(raw.target), raw.target)
                key = (normalize_name(source), raw.predicate, normalize_name(target))
                if key in found or not _fits(source) or not _fits(target):
                    continue
                valid_from = None
                if raw.event:
                    when = when or [resolve_relative(sentence, observed_at)]
                    valid_from = when[0] or observed_at
                triplet = ExtractedTriplet(
                    source=source,
                    predicate=raw.predicate,
                    target=target,
                    fact=fact_of(source, raw.predicate, target),
                    valid_from=valid_from,
                )
                found[key] = (raw, triplet)
        return list(found.values())


def _fits(name: str) -> bool:
    """Usable as a triplet end: at most 200 characters, not only punctuation."""
    return 0 < len(name) <= 200 and bool(normalize_name(name))


def _mentions(text: str, name: str) -> bool:
    pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None
