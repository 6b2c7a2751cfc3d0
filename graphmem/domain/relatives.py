"""One person behind a relative told unnamed and named: "my sister" (stored as "<Person>'s
Sister", extraction/pattern_words.unnamed_relative) and "my sister Kasia" are one entity when
the owner's graph names one holder of that relation (graphmem/services/relatives.py)."""

from __future__ import annotations

from pydantic import BaseModel, Field

#: People one hires for a service, each its own relation ("my builder is Mick": ``Mick
#: builder_of Priya``); one of many, like a friend (an unnamed "my builder" is no one person).
#: Read by extraction (extraction/pattern_words.RELATIONS) and role resolution
#: (search/role_words.FAMILIES).
SERVICES = (
    "builder", "plumber", "electrician", "mechanic", "accountant", "lawyer", "solicitor",
    "cleaner", "gardener", "hairdresser", "barber", "vet", "caterer", "photographer",
    "decorator", "architect", "midwife", "agent",
)  # fmt: skip


class RelativeQuestion(BaseModel):
    """Which named entities hold ``predicate`` (``sister_of``) of the person ``person_key``,
    and whether the unnamed one (``unnamed_key``) is stored and not yet merged."""

    person_key: str
    predicate: str
    unnamed_key: str


class RelativeHolders(BaseModel):
    """The answer to a RelativeQuestion: the named holders' names, and the unnamed one's."""

    person_key: str
    predicate: str
    named: list[str] = Field(default_factory=list)
    unnamed: bool = False


class EntityMerge(BaseModel):
    """The unnamed relative ``from_key`` is the named ``to_key``: its triplets and mentions
    move to it, and it keeps a SAME_AS edge to it (cypher/entity/merge_relative.cypher). Done
    under the owner's lock only if ``to_key`` is still the one named holder of ``predicate``
    of ``person_key``."""

    from_key: str
    to_key: str
    person_key: str
    predicate: str
