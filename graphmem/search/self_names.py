"""Who "I" is in a search: the entities a first-person query ("my boss", "what do I eat
now?") is about.

A message without a name speaks as the ``user`` entity. With a name ("Tom"), the extraction
writes the speaker's facts about the person of that name ("My manager, Helga, …" gives
``Helga manager_of Tom``). The owner's Scope records the names its role "user" messages
carried (``Scope.user_speakers``, a few at most, written under the add's scope lock). A
first-person query reads "I"/"my" as ``user`` and, when exactly one name was recorded, as
that person too. With two or more (a conversation between two people stored under one user,
as LoCoMo's are) "I" stays ``user``: the query does not say which of them asks.

A query that names that one person ("What does Margaret grow?" in Margaret's own store) is
about the same person as "What do I grow?", and reads the same: nearly everything the owner
says is a fact about them, so their facts tell no more about the query than a mention
(:mod:`graphmem.search.signals.entities`), however they are named.

``graphmem migrate`` records them for a store written before 2026-12-05."""

from __future__ import annotations

from graphmem.domain.scope import SELF_ENTITY, entity_key
from graphmem.ports.search import SearchStore
from graphmem.search import lucene
from graphmem.search.role_phrases import SELF, phrases

#: Words that make a query speak in the first person.
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours"})


def first_person(query: str) -> bool:
    return bool(FIRST_PERSON & set(lucene.terms(query)))


def read(store: SearchStore, owner_key: str, query: str) -> list[str]:
    """The normalised names of the owner ``query`` asks about as "I" (or by the owner's one
    recorded name): ``[SELF_ENTITY]``, and that name when one was recorded and the query
    speaks in the first person, names it, or asks of one of the owner's own without "my"
    ("Who lives in the Salford flat now?": the owner's tenant, :mod:`.role_phrases`)."""
    words = set(lucene.terms(query))
    recorded = store.user_speakers(owner_key)
    if len(recorded) != 1:
        return [SELF_ENTITY]
    [name] = recorded
    implied = any(p.anchor == SELF for p in phrases(query))
    if FIRST_PERSON & words or implied or lucene.names(words, name):
        return [SELF_ENTITY, name]
    return [SELF_ENTITY]


def keys(owner_key: str, names: list[str]) -> list[str]:
    """The entity keys of ``names`` in the owner's graph."""
    return [entity_key(owner_key, name) for name in names]
