"""Deterministic lifecycle guards: the extractor proposes, these functions decide.

Content words (:func:`content_words`)
    Lowercase word tokens of the text (letters and digits; hyphens and other
    punctuation separate words), with curly apostrophes made straight, ``n't`` read as
    ``not`` (``can't`` -> ``can not``, ``won't`` -> ``will not``), a possessive ``'s``
    dropped, and a simple singular taken for words longer than 3 letters (``-ies`` ->
    ``-y``, ``-sses`` -> ``-ss``, otherwise a final ``s`` is dropped unless the word ends
    in ``ss``, ``us`` or ``is``: ``"seats"`` -> ``"seat"``, ``"prefers"`` -> ``"prefer"``).
    Words in :data:`STOP_WORDS` (pronouns, articles, auxiliaries, prepositions,
    conjunctions, common adverbs such as ``always``/``usually``/``especially``) are
    removed. Negations (:data:`NEGATIONS`: ``not``, ``no``, ``never`` ...) are content words.

Merge (:func:`check_merge`) is allowed only when all of these hold:
    1. neither memory is ``immutable`` nor ``exclude_from_dream``;
    2. the old text has at least one content word;
    3. every content word of the old text is a content word of the new text;
    4. the new text has strictly more content words (an equal set is a duplicate);
    5. the new text adds no negation word that the old text lacked;
    6. ``cosine >= min_cosine``.

Supersede (:func:`check_supersede`, the offline/deterministic path) is allowed only when
neither memory is ``immutable`` nor ``exclude_from_dream`` and some old triplet and some
new triplet share the normalised subject (:func:`normalize_name`) and the normalised
predicate (:func:`normalize_predicate`), that predicate is functional, and the normalised
targets differ. Equal targets are refused as "same value". A preference (``prefers``) is
one per kind of thing: a new value whose last word is the old one's supersedes it ("aisle
seat" after "window seats"); a one-holder role held by someone new for the same person too,
unless either holder is named only by the role ("my doctor": "<Person>'s Doctor"). When the
old memory tells something else besides the replaced facts (another fact of its own, or a
name among the words the test of supersede by denial, below, finds besides them:
:func:`graphmem.lifecycle.denial.told_besides`), only those facts end (an ``end`` proposal)
and the memory stays current for the rest.

Supersede by denial (:func:`check_denial`, offline) is allowed when the new memory says a
fact has ended (``ExtractedMemory.denied``: "I'm not vegan anymore" denies ``diet vegan``)
that the old memory asserts, with the same normalised subject, predicate (functional or not)
and target (or a target that ends the old one: "Outback" denies "Subaru Outback"); the old
memory asserts no other target for that subject and predicate; and every content word of
the old text is a content word of the new one or of the denied fact, one of the (up to
three) content words just before the value in the old text ("a 2015 Honda Civic"), a word
of the occasion the fact happens on ("when I'm nervous", "whenever it rains"), a word of
time (:data:`TIME_WORDS`: weekdays, months, "evening", "started" ...), a word of the old
fact itself or of the words that tell its predicate (``SLOT_WORDS``: "got a job at"), or a
word saying who the subject is to someone ("my son Leo": its ``*_of`` relations, which the
supersede leaves current).

A denial of an activity whatever it was done with ("I quit smoking": target ``any_value``,
:data:`graphmem.domain.extraction.ANY_VALUE`) ends every fact of the old memory's subject
whose verb is the activity ("smoke" for "smoking"), when the old text tells nothing more
than those facts, their values and what describes them or says when
(:mod:`graphmem.lifecycle.denial`).

Supersede proposed by an LLM (:func:`check_supersede_proposal`) relaxes one condition:
the shared predicate need not be functional (the LLM judged that the value was replaced,
e.g. ``user prefers tea`` -> ``user prefers coffee``). Without a shared subject and
predicate the proposal is refused as "ambiguous"; equal targets as "same value".

:func:`detect_offline` runs both deterministic checks against every candidate, sorted by
cosine (highest first) then memory id, and returns at most one proposal per old memory;
supersede wins over merge.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from graphmem.domain.extraction import (
    ExtractedMemory,
    ExtractedTriplet,
    LifecycleProposal,
)
from graphmem.lifecycle.decisions import (
    Candidate,
    GuardDecision,
    MemoryFlags,
    TripletLike,
    deny,
    flag_refusal,
    key,
)
from graphmem.lifecycle.denial import check_denial, ended_facts, tells_else
from graphmem.lifecycle.predicates import (
    KIND_PREFERENCES,
    ONE_HOLDER_ROLES,
    FunctionalPredicates,
    normalize_name,
    normalize_predicate,
)
from graphmem.lifecycle.words import (
    NEGATIONS,
    STOP_WORDS,
    content_words,
    kind_of,
)

__all__ = [
    "NEGATIONS",
    "STOP_WORDS",
    "Candidate",
    "GuardDecision",
    "MemoryFlags",
    "TripletLike",
    "check_denial",
    "check_merge",
    "check_supersede",
    "check_supersede_proposal",
    "content_words",
    "detect_offline",
]


def check_merge(
    old_text: str,
    new_text: str,
    cosine: float,
    *,
    min_cosine: float,
    old_flags: MemoryFlags | None = None,
    new_flags: MemoryFlags | None = None,
) -> GuardDecision:
    """May ``new_text`` absorb ``old_text``? It must keep every old content word and add one."""
    refused = flag_refusal(old_flags, new_flags)
    if refused is not None:
        return refused
    old_words, new_words = content_words(old_text), content_words(new_text)
    if not old_words:
        return deny("old text has no content words")
    missing = old_words - new_words
    if missing:
        return deny(f"new text lacks old content words: {', '.join(sorted(missing))}")
    if len(new_words) <= len(old_words):
        return deny("duplicate: new text adds no content words")
    added_negations = (new_words - old_words) & NEGATIONS
    if added_negations:
        return deny(f"new text adds a negation: {', '.join(sorted(added_negations))}")
    if math.isnan(cosine) or cosine < min_cosine:
        return deny(f"cosine {cosine:.3f} below {min_cosine:.3f}")
    added = ", ".join(sorted(new_words - old_words))
    return GuardDecision(allowed=True, reason=f"keeps every old content word and adds: {added}")


def _compare_triplets(
    old_triplets: Iterable[TripletLike],
    new_triplets: Iterable[TripletLike],
    functional: FunctionalPredicates | None,
) -> GuardDecision | None:
    """First pair with a changed value wins; None when no pair shares subject and predicate."""
    old_list, new_list = list(old_triplets), list(new_triplets)
    same_value: GuardDecision | None = None
    for new in new_list:
        subject, predicate = key(new)
        if functional is not None and predicate not in functional:
            decision = _new_holder(old_list, new) or _new_preference(old_list, new)
            if decision is not None and decision.allowed:
                return decision
            same_value = same_value or decision
            continue
        for old in old_list:
            if key(old) != (subject, predicate):
                continue
            old_target, new_target = normalize_name(old.target), normalize_name(new.target)
            if old_target != new_target:
                kind = "functional predicate" if functional is not None else "predicate"
                return GuardDecision(
                    allowed=True,
                    reason=f"{kind} {predicate} of {subject} changed: {old_target} -> {new_target}",
                )
            same_value = same_value or deny(f"same value: {subject} {predicate} {new_target}")
    return same_value


def _new_preference(old_list: list[TripletLike], new: TripletLike) -> GuardDecision | None:
    """A preference for another thing of the same kind (:data:`KIND_PREFERENCES`: "prefers
    aisle seat" after "prefers window seats"). None when no old preference of the same
    subject names that kind."""
    subject, predicate = key(new)
    if predicate not in KIND_PREFERENCES:
        return None
    kind, value = kind_of(new.target), normalize_name(new.target)
    for old in old_list:
        if key(old) != (subject, predicate) or kind_of(old.target) != kind:
            continue
        if normalize_name(old.target) == value:
            return deny(f"same value: {subject} {predicate} {value}")
        return GuardDecision(
            allowed=True,
            reason=f"preferred {kind} of {subject} changed: {old.target} -> {new.target}",
        )
    return None


def _new_holder(old_list: list[TripletLike], new: TripletLike) -> GuardDecision | None:
    """A role one person holds for another at a time (:data:`ONE_HOLDER_ROLES`: "Tom
    manager_of Sven") got a new holder: the old memory naming another holder is replaced.
    None when no old triplet holds the role for the same person."""
    predicate, person = normalize_predicate(new.predicate), normalize_name(new.target)
    if predicate not in ONE_HOLDER_ROLES:
        return None
    for old in old_list:
        if (normalize_predicate(old.predicate), normalize_name(old.target)) != (predicate, person):
            continue
        before, now = normalize_name(old.source), normalize_name(new.source)
        if _unnamed(before, person) or _unnamed(now, person):
            # "my doctor" unnamed ("Tomas's Doctor") may well be the one named before
            return deny(f"unnamed holder: {now} {predicate} {person}")
        if before != now:
            return GuardDecision(
                allowed=True, reason=f"one-holder role {predicate} of {person}: {before} -> {now}"
            )
        return deny(f"same holder: {now} {predicate} {person}")
    return None


def _unnamed(holder: str, person: str) -> bool:
    """A holder named only by the role: "<Person>'s Doctor" (extraction's unnamed relative)."""
    return holder.startswith(f"{person}'s ")


def check_supersede(
    old_triplets: Sequence[TripletLike],
    new_triplets: Sequence[TripletLike],
    functional: FunctionalPredicates,
    *,
    old_flags: MemoryFlags | None = None,
    new_flags: MemoryFlags | None = None,
) -> GuardDecision:
    """Deterministic supersede: a functional predicate of the same subject got a new value."""
    refused = flag_refusal(old_flags, new_flags)
    if refused is not None:
        return refused
    decision = _compare_triplets(old_triplets, new_triplets, functional)
    return decision or deny("no shared subject with a functional predicate")


def check_supersede_proposal(
    old_triplets: Sequence[TripletLike],
    new_triplets: Sequence[TripletLike],
    *,
    old_flags: MemoryFlags | None = None,
    new_flags: MemoryFlags | None = None,
) -> GuardDecision:
    """An LLM's supersede: same subject and predicate (functional or not), different value."""
    refused = flag_refusal(old_flags, new_flags)
    if refused is not None:
        return refused
    decision = _compare_triplets(old_triplets, new_triplets, None)
    return decision or deny("ambiguous: no triplet pair shares subject and predicate")


def detect_offline(
    new: ExtractedMemory,
    candidates: Sequence[Candidate],
    functional: FunctionalPredicates,
    min_cosine: float,
    *,
    new_flags: MemoryFlags | None = None,
) -> list[LifecycleProposal]:
    """Deterministic proposals for ``new`` against ``candidates`` (see the module docstring)."""
    ordered = sorted(candidates, key=lambda c: (-_finite(c.cosine), c.memory.id))
    proposals: list[LifecycleProposal] = []
    seen: set[str] = set()
    for candidate in ordered:
        if candidate.memory.id in seen:
            continue
        proposal = _propose(new, candidate, functional, min_cosine, new_flags)
        if proposal is not None:
            seen.add(candidate.memory.id)
            proposals.append(proposal)
    return proposals


def _finite(value: float) -> float:
    return -math.inf if math.isnan(value) else value


def _propose(
    new: ExtractedMemory,
    candidate: Candidate,
    functional: FunctionalPredicates,
    min_cosine: float,
    new_flags: MemoryFlags | None,
) -> LifecycleProposal | None:
    flags = {"old_flags": candidate.flags, "new_flags": new_flags}
    supersede = check_supersede(candidate.triplets, new.triplets, functional, **flags)
    if supersede.allowed:
        return _replace(new, candidate, supersede.reason or "", functional)
    if new.denied:
        supersede = check_denial(candidate, new.text, new.denied, new_flags=new_flags)
    if supersede.allowed:
        return LifecycleProposal(
            action="supersede", old_memory_id=candidate.memory.id, reason=supersede.reason
        )
    merge = check_merge(
        candidate.memory.text, new.text, candidate.cosine, min_cosine=min_cosine, **flags
    )
    if merge.allowed:
        return LifecycleProposal(
            action="merge", old_memory_id=candidate.memory.id, reason=merge.reason
        )
    return _end(new, candidate, new_flags)


def _replace(
    new: ExtractedMemory, candidate: Candidate, reason: str, functional: FunctionalPredicates
) -> LifecycleProposal:
    """A functional value replaced: the old memory is superseded unless it tells something
    else (``tells_else``: "I work remotely for a startup called Loomly, doing backend in
    Go", then "I work for Atlassian now"); then only the replaced facts end, and the memory
    stays current for the rest."""
    replaced = _replaced(candidate.triplets, new.triplets, functional)
    besides = tells_else(candidate, new.text, replaced) if replaced else None
    if besides is None:
        return LifecycleProposal(
            action="supersede", old_memory_id=candidate.memory.id, reason=reason
        )
    told = "; ".join(f"{t.source} {t.predicate} {t.target}" for t in replaced)
    return LifecycleProposal(
        action="end",
        old_memory_id=candidate.memory.id,
        reason=f"{reason}; ended: {told} (old memory also tells {besides})",
        ended=replaced,
    )


def _replaced(
    old_triplets: Sequence[ExtractedTriplet],
    new_triplets: Sequence[TripletLike],
    functional: FunctionalPredicates,
) -> list[ExtractedTriplet]:
    """The old facts the new memory gives another value, as :func:`_compare_triplets` reads
    a change: a functional predicate of the same subject, a one-holder role's holder, a
    preference of the same kind."""
    replaced: list[ExtractedTriplet] = []
    for old in old_triplets:
        for new in new_triplets:
            if key(new)[1] in functional:
                changed = key(old) == key(new) and _other_value(old, new)
            else:
                decision = _new_holder([old], new) or _new_preference([old], new)
                changed = decision is not None and decision.allowed
            if changed:
                replaced.append(old)
                break
    return replaced


def _other_value(old: TripletLike, new: TripletLike) -> bool:
    return normalize_name(old.target) != normalize_name(new.target)


def _end(
    new: ExtractedMemory, candidate: Candidate, new_flags: MemoryFlags | None
) -> LifecycleProposal | None:
    """The facts of ``candidate`` that ``new`` denies, when the memory itself stays current
    because it tells more than them."""
    if not new.denied or flag_refusal(candidate.flags, new_flags) is not None:
        return None
    facts = ended_facts(candidate, new.denied)
    if not facts:
        return None
    told = "; ".join(f"{t.source} {t.predicate} {t.target}" for t in facts)
    return LifecycleProposal(
        action="end", old_memory_id=candidate.memory.id, reason=f"ended: {told}", ended=facts
    )
