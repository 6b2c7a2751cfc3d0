"""A band's role named before its holder ("our drummer Kez"), a new one found ("a new
drummer, a lass called Morwenna"), the role of one who leaves kept as former; a job ended by
redundancy; a job taken by accepting an offer, with its title told after the start (found by
a musician's and a remote worker's chat, twenty-first stop). The sentences here are other
wordings than the ones that found them."""

from __future__ import annotations

from functools import partial

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.domain.extraction import ANY_VALUE
from graphmem.ports.embedder import Embedder
from tests.support.nlp_reading import denied, told
from tests.support.telling import teller

SPEAKER = "Cai"

triples = partial(told, speaker=SPEAKER)
denials = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("our bassist Lowri is moving to Cardiff", ("Lowri", "holds_role", "bass player")),
        ("recruited a new singer, a guy called Osian", ("Osian", "holds_role", "singer")),
        ("we've got a new treasurer named Bethan", ("Bethan", "holds_role", "treasurer")),
    ],
)
def test_a_role_named_with_its_holder(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_role_word_with_no_name_after_it_holds_nothing() -> None:
    assert not any(p == "holds_role" for _, p, _ in triples("our drummer is brilliant live"))


def test_the_role_of_one_who_leaves_is_former() -> None:
    """Told with its end in one message, the role is what the leaver was, not what they are:
    no current fact for "who drums now?" to find."""
    facts = triples("our keyboard player Gethin left the band last night")
    assert ("Gethin", "former_holds_role", "keyboard player") in facts, facts
    assert not any(p == "holds_role" for _, p, _ in facts), facts


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Monzo made my entire department redundant", (SPEAKER, "works_at", "Monzo")),
        ("I was made redundant by Aviva on Friday", (SPEAKER, "works_at", "Aviva")),
        ("got made redundant in March, still looking", (SPEAKER, "works_at", ANY_VALUE)),
        ("Siân was made redundant from Tesco", ("Siân", "works_at", "Tesco")),
    ],
)
def test_redundancy_ends_the_job(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in denials(text)


def test_something_made_redundant_is_no_job_ended() -> None:
    assert denials("the new software made my old spreadsheet redundant") == set()


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "accepted an offer from Ocado, starting in May as a data analyst",
            (SPEAKER, "works_at", "Ocado"),
        ),
        (
            "accepted an offer from Ocado, starting in May as a data analyst",
            (SPEAKER, "job_title", "data analyst"),
        ),
        ("I took the job offer from Atkins", (SPEAKER, "works_at", "Atkins")),
    ],
)
def test_an_offer_accepted_is_the_job(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_an_offer_on_a_house_is_no_job() -> None:
    facts = triples("we accepted an offer from the Pattersons on the flat")
    assert not any(p == "works_at" for _, p, _ in facts), facts


@pytest.mark.neo4j
def test_who_plays_the_role_now_is_the_one_found_after(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-01-05T20:00:00Z", "our bassist Lowri quit the band, we're auditioning next week"),
        ("2026-02-09T20:00:00Z", "found a new bassist, a lad called Emyr, he's class"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell = teller(memory, user_id, SPEAKER)
        for at, text in turns:
            tell(text, at)
        found = memory.search("Who plays bass in the band now?", user_id=user_id, top_k=2)
    assert "Emyr" in found.results[0].text, [m.text for m in found.results]
