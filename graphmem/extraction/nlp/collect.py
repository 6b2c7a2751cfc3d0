"""An ordered, de-duplicated set of entities where the most specific type wins."""

from __future__ import annotations

from graphmem.domain.extraction import ExtractedEntity
from graphmem.extraction.nlp.names import CONCEPT, ENTITY_LABELS, PERSON
from graphmem.lifecycle.predicates import normalize_name

_MAX_NAME_CHARS = 200


def _rank(type_: str | None) -> int:
    if type_ is None:
        return 0
    if type_ == CONCEPT:
        return 1
    return 3 if type_ in ENTITY_LABELS else 2


class EntitySet:
    """First spelling wins; a named-entity label beats a pattern type beats a concept, and
    a type the text states (``sure``) beats them all and is kept."""

    def __init__(self) -> None:
        self._by_key: dict[str, ExtractedEntity] = {}
        self._sure: set[str] = set()  # keys whose type the text stated

    def add(self, name: str, type_: str | None = None, *, sure: bool = False) -> None:
        """``sure``: the type is what the text says of the entity, not a guess; it replaces
        any earlier type."""
        name = name.strip()
        key = normalize_name(name)
        if not key or len(name) > _MAX_NAME_CHARS:
            return
        existing = self._by_key.get(key)
        if sure and type_:
            self._sure.add(key)
        if existing is None:
            self._by_key[key] = ExtractedEntity(name=name, type=type_)
        elif (sure and type_) or (key not in self._sure and _rank(type_) > _rank(existing.type)):
            self._by_key[key] = ExtractedEntity(name=existing.name, type=type_)

    def spelling(self, name: str) -> str:
        existing = self._by_key.get(normalize_name(name))
        return existing.name if existing else name

    def people(self) -> frozenset[str]:
        """The normalised names of the entities the text says are persons (``sure``: "my
        brother Tiago"), not the parser's guesses."""
        return frozenset(k for k in self._sure if self._by_key[k].type == PERSON)

    def items(self) -> list[ExtractedEntity]:
        return list(self._by_key.values())
