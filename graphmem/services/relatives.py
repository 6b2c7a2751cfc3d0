"""A relative told unnamed, then named (or named, then unnamed) is one person.

"My sister lives in Gdansk" stores the sister as "<Speaker>'s Sister" (one entity per
owner: extraction/pattern_words.unnamed_relative); "My sister Kasia is a vet" names her. For
relations a person has one of (pattern_words.ONE_OF), when the owner's graph and the add
together name exactly one holder:
- an unnamed relative in the add is written as that holder ("my sister moved to Krakow"
  after Kasia was named is Kasia's move, so it supersedes her old home);
- a stored unnamed relative is merged into the holder the add names (its triplets and
  mentions move to her; it keeps a SAME_AS edge, cypher/entity/merge_relative.cypher).
With two named sisters, "my sister" stays unnamed: which one is not for us to guess; "my
parents" (a couple, ``pattern_words.GROUPS``) is never one of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, Field

from graphmem.domain.extraction import ExtractedMemory, ExtractedTriplet, Extraction
from graphmem.domain.relatives import EntityMerge, RelativeHolders, RelativeQuestion
from graphmem.domain.scope import Scope
from graphmem.extraction.pattern_words import GROUPS, ONE_OF, unnamed_relative
from graphmem.lifecycle.predicates import normalize_name, normalize_predicate
from graphmem.services.plan import owner_entity_key

Holders = Callable[[Scope, list[RelativeQuestion]], list[RelativeHolders]]


class Told(BaseModel):
    """What an add tells of one relation of one person: the unnamed relative's name if it
    is there, and the names it gives holders."""

    person: str
    predicate: str
    unnamed: str
    unnamed_here: bool = False
    named: dict[str, str] = Field(default_factory=dict)  # normalised -> as written


def told_relatives(extraction: Extraction) -> list[Told]:
    """The one-holder relations (``sister_of`` …) the add's triplets tell, by person."""
    told: dict[tuple[str, str], Told] = {}
    for memory in extraction.memories:
        for t in memory.triplets:
            relation = _one_holder_relation(t.predicate)
            if relation is None or not normalize_name(t.target):
                continue
            unnamed = unnamed_relative(t.target, relation)
            entry = told.setdefault(
                (normalize_name(t.target), relation),
                Told(person=t.target, predicate=f"{relation}_of", unnamed=unnamed),
            )
            if normalize_name(t.source) == normalize_name(unnamed):
                entry.unnamed_here = True
            else:
                entry.named.setdefault(normalize_name(t.source), t.source)
    return list(told.values())


def _one_holder_relation(predicate: str) -> str | None:
    normalized = normalize_predicate(predicate)
    if not normalized.endswith("_of"):
        return None
    relation = normalized[: -len("_of")]
    return relation if relation in ONE_OF and relation not in GROUPS else None


def identify_relatives(scope: Scope, extraction: Extraction, holders: Holders) -> list[EntityMerge]:
    """Rename the add's unnamed relatives to their one named holder (in place) and return
    the stored unnamed relatives to merge into the holder the add names. Reads the store
    once, and only for an add that tells a one-holder relation."""
    told = told_relatives(extraction)
    if not told:
        return []
    questions = [
        RelativeQuestion(
            person_key=owner_entity_key(scope, t.person),
            predicate=t.predicate,
            unnamed_key=owner_entity_key(scope, t.unnamed),
        )
        for t in told
    ]
    merges: list[EntityMerge] = []
    for entry, question, stored in zip(told, questions, holders(scope, questions), strict=True):
        names = dict(entry.named)
        for name in stored.named:
            names.setdefault(normalize_name(name), name)
        if len(names) != 1:
            continue  # none named yet, or two sisters: "my sister" stays unnamed
        (holder,) = names.values()
        if entry.unnamed_here:
            _rename(extraction, entry.unnamed, holder)
        if stored.unnamed and entry.named:
            merges.append(
                EntityMerge(
                    from_key=question.unnamed_key,
                    to_key=owner_entity_key(scope, holder),
                    person_key=question.person_key,
                    predicate=question.predicate,
                )
            )
    return merges


def _rename(extraction: Extraction, old: str, new: str) -> None:
    """Write the relative ``old`` as ``new`` everywhere in the add's memories."""
    key = normalize_name(old)
    for memory in extraction.memories:
        memory.triplets = _unique([_renamed(t, key, old, new) for t in memory.triplets])
        memory.denied = [_renamed(t, key, old, new) for t in memory.denied]
        for proposal in memory.proposals:
            proposal.ended = [_renamed(t, key, old, new) for t in proposal.ended]
        _rename_entities(memory, key, new)


def _renamed(t: ExtractedTriplet, key: str, old: str, new: str) -> ExtractedTriplet:
    source = new if normalize_name(t.source) == key else t.source
    target = new if normalize_name(t.target) == key else t.target
    if (source, target) == (t.source, t.target):
        return t
    return t.model_copy(
        update={"source": source, "target": target, "fact": t.fact.replace(old, new)}
    )


def _unique(triplets: Sequence[ExtractedTriplet]) -> list[ExtractedTriplet]:
    seen: set[tuple[str, str, str]] = set()
    kept: list[ExtractedTriplet] = []
    for t in triplets:
        ident = (
            normalize_name(t.source),
            normalize_predicate(t.predicate),
            normalize_name(t.target),
        )
        if ident not in seen:
            seen.add(ident)
            kept.append(t)
    return kept


def _rename_entities(memory: ExtractedMemory, key: str, new: str) -> None:
    kept = []
    names: set[str] = set()
    for entity in memory.entities:
        name = new if normalize_name(entity.name) == key else entity.name
        if normalize_name(name) in names:
            continue
        names.add(normalize_name(name))
        kept.append(entity if name == entity.name else entity.model_copy(update={"name": name}))
    memory.entities = kept
