"""Jobs taken at a workplace told by its kind, offers named before the word, what a broken
thing leaves one using, a relative moved into a home, "Mum" asked as a name, housemates
described before their names, a successor told by the room or the role left, the latest of
several holders of one role, and amounts that count different things (found by a farmer's,
a job hunter's, a carer's, a triathlete's, a student's, a patient's and a learner driver's
chats, twenty-second stop). The sentences here are other wordings than the ones that found
them."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from graphmem.ports.search import RelationRow
from graphmem.search import role_holders
from graphmem.search.role_phrases import SELF, phrases
from graphmem.search.update_words import counted
from graphmem.search.updates import paired
from tests.support.nlp_reading import denied, facts, read_turns, told
from tests.support.telling import scorer, tell_all

SPEAKER = "Carys"

triples = partial(told, speaker=SPEAKER)
ended = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("Aled has found a job at the library", ("Aled", "works_at", "library")),
        ("Aled's taken a job at the council in Swansea", ("Aled", "works_at", "council")),
        ("I've secured a job at Ocado", (SPEAKER, "works_at", "Ocado")),
        ("accepted the Deliveroo offer last night", (SPEAKER, "works_at", "Deliveroo")),
        ("got the Ocado offer, starting in March", (SPEAKER, "works_at", "Ocado")),
        ("got the Monzo offer!!! so happy", (SPEAKER, "works_at", "Monzo")),
        ("moving to a bigger practice in Bristol, better hours", (SPEAKER, "works_at", "practice")),
        ("got laid off from Ocado on Friday", (SPEAKER, "former_works_at", "Ocado")),
    ],
)
def test_a_job_taken_or_left(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("Efa's back at work at the surgery next week", ("Efa", "works_at", "surgery")),
        ("back at work at Boots, the rota is awful", (SPEAKER, "works_at", "Boots")),
        ("Dewi's gone off to college in Bangor", ("Dewi", "studies_at", "college")),
        ("Glenys went back home to Wrexham on Sunday", ("Glenys", "lives_in", "Wrexham")),
        ("Osian is on solids now, loves banana", ("Osian", "eats", "solids")),
        (
            "my client is an agency in Leeds called Brightside",
            (SPEAKER, "has_client", "Brightside"),
        ),
        ("my bike got nicked, using the bus till payday", (SPEAKER, "use", "bus")),
        ("landed the Arup role, can't quite believe it", (SPEAKER, "works_at", "Arup")),
        ("Dai on bass, me on keys and Nia singing", ("Dai", "holds_role", "bass player")),
        ("we're finally in our own flat in Splott", (SPEAKER, "lives_in", "Splott")),
        ("right, I'm off to go climbing with Ffion", (SPEAKER, "go", "climbing")),
        ("my line manager is Owain Pugh, very fair", ("Owain Pugh", "manager_of", SPEAKER)),
        ("new ward manager at Heath is Bethan, quite strict", ("Bethan", "manager_of", SPEAKER)),
        ("my tutor there is a lovely woman, Mererid", ("Mererid", "tutor_of", SPEAKER)),
        (
            "Sion retired, our new dentist is a Cork man, Dr Aidan Lynch",
            ("Aidan Lynch", "replaces", "Sion"),
        ),
        ("got transferred to Barry station in March", (SPEAKER, "works_at", "Barry station")),
        ("off sick from the council since Easter", (SPEAKER, "works_at", "council")),
        ("we bought a cottage in Tenby!", (SPEAKER, "lives_in", "Tenby")),
        ("the vet at Waggy Tails is called Kerys", ("Kerys", "vet_of", SPEAKER)),
        ("took on an assistant, a Welsh lass called Lowri", (SPEAKER, "employs", "Lowri")),
        (
            "Marta quit to have her baby, now I've got Ffion covering",
            ("Ffion", "replaces", "Marta"),
        ),
    ],
)
def test_where_someone_is_now(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_role_at_a_place_said_of_someone_is_not_the_speakers_job() -> None:
    facts = triples("new ward manager at Heath is Bethan, quite strict")
    assert not any(s == SPEAKER and p in {"job_title", "works_at"} for s, p, _ in facts), facts


def test_an_offer_got_and_turned_down_is_no_job() -> None:
    assert not any(p == "works_at" for _, p, _ in triples("got the Ocado offer but said no"))


def test_what_a_broken_thing_leaves_one_using() -> None:
    assert (SPEAKER, "use", "Nokia") in triples("my phone died, using an old Nokia until payday")
    assert not any(s == SPEAKER for s, _, _ in triples("the dog barked all night, keeping us up"))


def test_a_thing_sold_is_no_longer_used() -> None:
    assert (SPEAKER, "use", "Vespa") in ended("sold the Vespa and bought a Yaris")


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "we got Dad into Elmwood care home",
            (f"{SPEAKER}'s Father", "lives_in", "Elmwood care home"),
        ),
        ("Nan is still in her bungalow in Rhyl", (f"{SPEAKER}'s Grandmother", "lives_in", "Rhyl")),
        (
            "my stepdad lives in a cottage in Tenby",
            (f"{SPEAKER}'s Stepfather", "lives_in", "Tenby"),
        ),
    ],
)
def test_where_a_relative_lives(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_she_after_mum_named_as_a_name_is_mum() -> None:
    turns = [(SPEAKER, "Mum's had a fall, nothing broken"), (SPEAKER, "she's in a flat in Tenby")]
    second = read_turns(turns)[1]
    assert (f"{SPEAKER}'s Mother", "lives_in", "Tenby") in facts(second.triplets)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("my housemates are Tomasz and a Welsh lad, Gethin", ("Gethin", "roommate_of", SPEAKER)),
        ("changed tutors, having sessions with Mrs Kaur now", ("Kaur", "tutor_of", SPEAKER)),
        ("booked more sessions, new physio Anouk", ("Anouk", "physio_of", SPEAKER)),
        ("Priya moved out and a guy called Sol took her room", ("Sol", "replaces", "Priya")),
        ("Hale has retired, got a new GP at the practice, Dr Moss", ("Moss", "replaces", "Hale")),
        ("doing computer science now, maths was too dry", (SPEAKER, "study", "computer science")),
    ],
)
def test_who_is_whose_now(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("query", "role"),
    [("Where is Dad staying now?", "father"), ("What did Nan say about the party?", "grandmother")],
)
def test_a_parent_called_by_name_is_the_askers(query: str, role: str) -> None:
    assert [(p.anchor, p.role) for p in phrases(query)] == [(SELF, role)]


def test_amounts_that_count_different_things_pair_nothing() -> None:
    ranked = scorer("Owen")
    hens = ranked("a", "the farm keeps 300 hens this year", 1)
    eggs = ranked("b", "the farm sold 900 eggs this year", 20)
    more = ranked("c", "the farm keeps 340 hens this year now", 20)
    assert counted(hens.text) == {"hen"}
    assert paired(hens, eggs) is None
    assert paired(hens, more) is not None


def test_numbers_of_one_subject_pair_whatever_else_is_named() -> None:
    ranked = scorer("Kai")
    mock = ranked("a", "mocks went fine, got a 6 in chemistry", 1)
    final = ranked("b", "results day! 7 in chemistry and 5 in Spanish", 20)
    other = ranked("c", "results day! 7 in physics and 5 in Spanish", 20)
    assert paired(mock, final) is not None
    assert paired(mock, other) is None


def test_the_latest_holder_of_a_role_told_pairs_after_the_first() -> None:
    ranked = scorer(SPEAKER)
    first, later = ranked("m1", "my coach is Dana", 1), ranked("m2", "training with Imke now", 9)
    rows = [
        RelationRow(
            id=f"t{i}",
            source_id=who,
            source=who,
            predicate="coach_of",
            target_id="me",
            target=SPEAKER,
            memory_ids=[m.id],
        )
        for i, (who, m) in enumerate((("dana", first), ("imke", later)))
    ]
    [pair] = role_holders.pairs(rows, {m.id: m for m in (first, later)})
    assert (pair.older.id, pair.newer.id) == ("m1", "m2")
    assert "coach" in role_holders.SUCCESSIVE and "child" not in role_holders.SUCCESSIVE


@pytest.mark.neo4j
def test_the_coach_now_and_the_coach_before(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "my swim coach is Dana, she's tough"),
        ("2026-02-10T10:00:00Z", "pool is closed for repairs all February"),
        ("2026-05-10T10:00:00Z", "changed coaches, training with Imke now"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell_all(memory, user_id, SPEAKER, turns)

        def first(query: str) -> str:
            at = datetime(2026, 6, 1, tzinfo=UTC)
            return memory.search(query, user_id=user_id, top_k=3, reference_date=at).results[0].text

        assert "Imke" in first("Who is my coach?")
        assert "Dana" in first("Who was my coach before?")


@pytest.mark.neo4j
def test_where_mum_lives_now(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "my brother lives in Cork, he never visits"),
        ("2026-02-10T10:00:00Z", "Mum's memory is getting worse"),
        ("2026-04-10T10:00:00Z", "we moved Mum into Larkfield care home last week"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell_all(memory, user_id, SPEAKER, turns)
        found = memory.search("Where does Mum live now?", user_id=user_id, top_k=3)
    assert "Larkfield" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.neo4j
def test_the_memory_that_ended_a_matched_fact_answers_what_it_is_now(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    """The later memory shares no word with the question; it ended the fact the question
    matched, so it is a candidate as that fact is, and ranks first for the present."""
    turns = [
        (
            "2026-01-10T10:00:00Z",
            "the tractor broke down, using my brother's pickup to haul the feed",
        ),
        ("2026-02-10T10:00:00Z", "feed prices went up again this month"),
        ("2026-04-10T10:00:00Z", "sold the pickup back to him and bought a Hilux"),
    ]
    at = datetime(2026, 6, 1, tzinfo=UTC)
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell_all(memory, user_id, SPEAKER, turns)
        now = memory.search("What do I use to haul the feed?", user_id=user_id, reference_date=at)
        before = memory.search(
            "What did I use to haul the feed before?", user_id=user_id, reference_date=at
        )
    assert "Hilux" in now.results[0].text, [m.text for m in now.results]
    assert "pickup to haul" in before.results[0].text, [m.text for m in before.results]


@pytest.mark.neo4j
def test_a_pets_trainer_is_told_as_its_owners(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "got our puppy Pippin, a border terrier"),
        ("2026-02-10T10:00:00Z", "the trainer at Barkwell is called Gwen, very patient"),
        ("2026-03-10T10:00:00Z", "Pippin chewed the sofa leg, naughty boy"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell_all(memory, user_id, SPEAKER, turns)
        found = memory.search("Who is Pippin's trainer?", user_id=user_id, explain=True)
    assert "Gwen" in found.results[0].text, [m.text for m in found.results]
    assert found.explain is not None and "dog_of" in str(found.explain.signals.get("roles"))
