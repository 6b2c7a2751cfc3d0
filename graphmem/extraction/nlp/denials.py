"""What a denied clause says has ended: "I'm not vegan anymore", "I no longer work at
Google", "We don't live in Leeds any more".

A denied clause asserts nothing (:mod:`.clauses`), yet it tells that a fact the owner may
have stated before no longer holds. Its *denials* are the triplets the clause would give
without its negation words (:func:`.clauses.negation_words`):

* the patterns of :mod:`graphmem.extraction.patterns`, read on the sentence with those
  words left out ("I'm vegan" -> ``diet vegan``), where the pattern's value sits in a
  denied clause; patterns that hold their own negation ("can't stand") are left out;
* the dependency triplets of a denied verb (:func:`.triplets.verb_triplets`: "We don't
  eat meat anymore" -> ``eat meat``).

Patterns that tell an end in positive words ("I quit my job at Lumen Studio", "I moved out
of Leeds", "I broke up with Jamie", "I sold the Civic": ``Rule.denial``) give denials too,
read by the extractor where their clause asserts, and so do ending verbs: the "-ing"
complements of "stop" and "quit" ("I stopped taking piano lessons" -> ``take piano
lesson``), a habit given up ("I gave up coffee") or left for another ("I switched from
running to cycling"), :mod:`.endings`.

They are never stored as facts. The lifecycle reads them: an active memory of the owner
that asserts the denied fact itself (same subject, predicate and value) is superseded by
the memory that denies it (docs/lifecycle.md, "Supersede by denial").
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.alternatives import leaves_any
from graphmem.extraction.nlp.choices import chosen_against
from graphmem.extraction.nlp.clauses import (
    clause_denies,
    clause_of,
    held_now,
    negation_words,
    spelled_at,
)
from graphmem.extraction.nlp.departures import departures
from graphmem.extraction.nlp.endings import any_ended, ended_triplets
from graphmem.extraction.nlp.loans import ended_loans
from graphmem.extraction.nlp.plans import planner
from graphmem.extraction.nlp.treatment import stopped
from graphmem.extraction.nlp.triplets import (
    ParsedTriplet,
    plan_only,
    subject_of,
    told_now,
    verb_triplets,
)
from graphmem.extraction.nlp.trips import called_off, cancelled, travel_everywhere
from graphmem.extraction.nlp.withdrawals import withdrawn
from graphmem.extraction.patterns import RawTriplet, find_triplets

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from graphmem.extraction.nlp.names import Speakers


#: The readers of ends told in positive words, each given every verb of an asserting
#: sentence (a cheap test of the verb's lemma comes first in each).
_ENDS: tuple[Callable[[Token, Speakers], Iterator[ParsedTriplet]], ...] = (
    ended_triplets,  # "I gave up coffee", "we sold the Civic"
    departures,  # "I got laid off", "Mitzi died"
    stopped,  # "my doctor took me off metformin"
    ended_loans,  # "Piet returned the drill"
    cancelled,  # "we cancelled our trip to Rome"
    withdrawn,  # "I pulled out of the marathon"
)


def denied_clauses(sentence: Span) -> list[Token]:
    """The heads (verbs, or the copula of "I'm not vegan") of the sentence's denied clauses."""
    return [t for t in sentence if t.pos_ in {"VERB", "AUX"} and clause_denies(t)]


def positive_text(sentence: Span, clauses: list[Token]) -> str:
    """The sentence without the negation words of ``clauses``."""
    drop = {w.i for verb in clauses for w in negation_words(verb)}
    parts: list[str] = []
    for token in sentence:
        if token.i not in drop:
            parts.append(token.text_with_ws)
        elif token.whitespace_ and parts and not parts[-1].endswith(" "):
            parts[-1] += " "  # "isn't scared" -> "is scared", not "isscared"
    return "".join(parts).strip()


def sentence_denials(
    sentence: Span, speakers: Speakers, known: Container[str]
) -> tuple[list[RawTriplet], list[ParsedTriplet]]:
    """(pattern denials, dependency denials) of one asserting sentence."""
    clauses = denied_clauses(sentence)
    # a plan ends nothing yet: "we decided to sell the house", "I plan to retire"; but a
    # plan chosen against another ends that one ("we're going to Porto instead of Lisbon")
    verbs = [verb for verb in sentence if verb.pos_ == "VERB"]
    ended = [
        t for read in _ENDS for verb in verbs if not plan_only(verb) for t in read(verb, speakers)
    ]
    ended += called_off(sentence, speakers)  # "Japan is off"
    if leaves_any(sentence):
        ended += [t for verb in verbs for t in chosen_against(verb, speakers)]
    if not clauses:
        return [], ended
    heads = {verb.i for verb in clauses}
    patterns = [
        raw
        for raw in find_triplets(positive_text(sentence, clauses), speakers.me, known)
        if not (raw.negative or raw.denial) and _in_denied(sentence, raw, heads)
    ]
    parsed = [t for verb in clauses if verb.pos_ == "VERB" for t in _denied(verb, speakers)]
    return patterns, list(travel_everywhere(parsed)) + ended


#: Habits told by their verb alone ("I don't drink anymore", "she no longer smokes").
_BARE_HABITS = frozenset({"drink", "smoke", "vape", "gamble"})


def _denied(verb: Token, speakers: Speakers) -> list[ParsedTriplet]:
    """A denied verb's triplets, and for a denied plan ("I'm no longer planning to move to
    Berlin") those of what it planned."""
    now = held_now(verb)  # "no longer works at IBM; now at Red Hat": Red Hat holds
    told = [t for t in verb_triplets(verb, speakers) if not told_now(t, now)]
    lemma = verb.lemma_.lower()
    if lemma in _BARE_HABITS and not any(c.dep_ == "dobj" for c in verb.children):
        source = subject_of(verb, speakers)  # "I don't drink anymore": whatever it was
        if source is not None:
            told.append(any_ended(source, verb, lemma))
    for planned in (c for c in verb.children if c.dep_ == "xcomp" and planner(verb, c)):
        told += verb_triplets(planned, speakers, subject_of(verb, speakers))
    return told


def _in_denied(sentence: Span, raw: RawTriplet, heads: set[int]) -> bool:
    """Whether the pattern's value (or, when the value is not spelled, its subject) sits in
    one of the denied clauses."""
    said = spelled_at(sentence, raw.target) or spelled_at(sentence, raw.source)
    if said is None:
        return False
    clause = clause_of(said)
    if clause.i in heads:
        return True
    # "afraid of *flying*": the value is a clause of its own under the denied copula
    return clause.dep_ == "pcomp" and clause_of(clause.head).i in heads
