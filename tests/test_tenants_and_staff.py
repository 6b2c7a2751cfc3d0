"""Tenants and staff as relations ("my tenant Ola", "my apprentice Connor", "new lodger, a
nurse named Abi"), someone taken on without a title ("took on a new lad, Tyler"), someone
gone to work elsewhere, a relative named after what they are ("my new boss is a Dane named
Lars"), and "Who lives in the flat now?" as the owner's tenant (found by a plumber's and a
landlady's chat, twenty-first stop). The sentences here are other wordings than the ones
that found them."""

from __future__ import annotations

from functools import partial

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from graphmem.search.role_phrases import SELF, phrases
from tests.support.nlp_reading import told
from tests.support.telling import teller

SPEAKER = "Bronwen"

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("my lodger Kemi pays on the first of the month", ("Kemi", "tenant_of", SPEAKER)),
        ("our trainee Dylan passed his exams", ("Dylan", "employee_of", SPEAKER)),
        ("new tenant moved in, a student called Amara", ("Amara", "tenant_of", SPEAKER)),
        ("the new lodger for the back room is a chef named Rui", ("Rui", "tenant_of", SPEAKER)),
        ("my new boss is a Scot named Ewan", ("Ewan", "boss_of", SPEAKER)),
        ("Carys's son is a builder called Huw", ("Huw", "son_of", "Carys")),
    ],
)
def test_a_tenant_or_staff_member_by_name(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_relative_who_is_a_kind_of_thing_is_unnamed() -> None:
    facts = triples("my boss is a nightmare this week")
    assert not any(p == "boss_of" and s != f"{SPEAKER}'s Boss" for s, p, _ in facts), facts


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("we've taken on a young lass, Nia, for Saturdays", (SPEAKER, "employs", "Nia")),
        ("Dylan's gone to work for Openreach", ("Dylan", "works_at", "Openreach")),
    ],
)
def test_taken_on_or_gone_elsewhere(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("query", "role"),
    [
        ("Who lives in the Cardiff flat now?", "tenant"),
        ("who is renting my place at the moment", "tenant"),
        ("Who lives downstairs now?", "tenant"),
        ("Who is my apprentice now?", "employee"),
    ],
)
def test_who_lives_in_the_owners_home_asks_for_a_tenant(query: str, role: str) -> None:
    assert [(p.anchor, p.role) for p in phrases(query)] == [(SELF, role)]


def test_who_lives_in_a_town_asks_for_no_tenant() -> None:
    assert phrases("Who lives in Cardiff?") == []


@pytest.mark.neo4j
def test_the_new_tenant_answers_who_lives_in_the_flat_now(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    """ "Who lives in the Cardiff flat now?" says no "my": the owner's tenant all the same
    (the owner's name is read as "I" for it, :mod:`graphmem.search.self_names`)."""
    turns = [
        ("2026-01-10T10:00:00Z", "bought a flat in Cardiff to let out, agent is Tom at Moginie"),
        ("2026-02-10T10:00:00Z", "the Cardiff flat needs a new boiler, quote is 2400"),
        ("2026-05-10T10:00:00Z", "new tenant moved in, a student called Amara"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell = teller(memory, user_id, SPEAKER)
        for at, text in turns:
            tell(text, at)
        found = memory.search(
            "Who lives in the Cardiff flat now?", user_id=user_id, top_k=2, explain=True
        )
    assert "Amara" in found.results[0].text, [m.text for m in found.results]
