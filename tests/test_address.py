"""A memory that only addresses the person a query asks about is not about them
(search/address.py): the rule on texts, and its effect on a real search (Neo4j)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.search.address import addresses_only, factor, named_people

NADIA = frozenset({"Nadia"})


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, Nadia! That sounds like a lovely project.",
        "Hey Nad! How was the regatta?",  # a short form of the first name, addressed
        "Wow, Nadia, what a beautiful boat!",
        "Nadia, you did it. Congrats, Nadia.",
        "Good to see you, Nadia!",
        '"Hi Nadia!" he said.',
        "Nadia",
    ],
)
def test_addresses_only(text: str) -> None:
    assert addresses_only(text, NADIA)
    assert factor(text, "Tomas", NADIA, 0.85) == 0.85


@pytest.mark.parametrize(
    "text",
    [
        "I told Nadia about the boat.",
        "I sailed with Nadia, and it was great.",
        "Nadia's boat is beautiful, Nad!",  # a possessive is a mention
        "Thanks, Tomas! The boat is ready.",  # addresses someone the query does not name
        "The boat is ready.",
        "Nadine, the boat is ready.",  # another name, not a short form of Nadia
        "Nad is a word here.",  # a short form counts only as an address
    ],
)
def test_mentions_or_other_names(text: str) -> None:
    assert not addresses_only(text, NADIA)
    assert factor(text, "Tomas", NADIA, 0.85) == 1.0


def test_the_named_speaker_and_the_setting() -> None:
    addressed = "Thanks, Nadia! See you at the harbour."
    assert factor(addressed, "Nadia Petrova", NADIA, 0.85) == 1.0  # said by someone named
    assert factor(addressed, "Tomas", NADIA, 1.0) == 1.0  # 1.0 is off
    assert factor(addressed, "Tomas", frozenset(), 0.85) == 1.0  # the query names nobody
    assert named_people(["Nadia Petrova", None, "", "Tomas"]) == {"Nadia", "Tomas"}


# Tomas's turns address Nadia; Nadia's own turn says what she does, and one of Tomas's turns
# mentions her without addressing her. Searched with the rule on (the default) and off, over
# the same store: each turn that only addresses her keeps its signals and loses exactly the
# factor, the others keep their score, and her own statement stays first.
TURNS = [
    ("Nadia", "Hi Tomas! Long time no see."),
    ("Tomas", "Hey Nadia! What have you been up to on weekends, Nadia?"),
    ("Nadia", "I've been restoring an old wooden sailing boat at the harbour."),
    ("Tomas", "Nice, Nadia! That's a great hobby for your free time."),
    ("Tomas", "My cousin met Nadia at the harbour once."),
]
ADDRESSED = {TURNS[1][1], TURNS[3][1]}
QUERIES = ["What does Nadia do on weekends?", "What has Nadia been working on lately?"]


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    user_id = f"test-address-{uuid.uuid4()}"
    memory.add(
        [{"role": "user", "name": n, "content": t} for n, t in TURNS],
        user_id=user_id,
        infer=False,
    )
    memory.search(QUERIES[0], user_id=user_id)  # warm the indexes (a cold server is slow)
    yield user_id
    memory.delete_all(user_id=user_id)


def _rule_off(memory: Memory) -> Memory:
    settings = memory.settings
    search = settings.search.model_copy(update={"address_factor": 1.0})
    off = settings.model_copy(update={"search": search})
    return Memory(off, driver=memory.driver, embedder=memory.embedder)


@pytest.mark.neo4j
@pytest.mark.parametrize("query", QUERIES)
def test_a_memory_that_only_addresses_is_damped(memory: Memory, user: str, query: str) -> None:
    damped = memory.settings.search.address_factor
    assert damped < 1.0, "the rule is on by default"
    on = memory.search(query, user_id=user, explain=True, top_k=len(TURNS))
    off = _rule_off(memory).search(query, user_id=user, explain=True, top_k=len(TURNS))
    assert not on.degraded and not off.degraded, (on.failed_signals, off.failed_signals)
    before = {m.text: m.score for m in off.results}
    for m in on.results:
        assert m.score_breakdown is not None
        expected = damped if m.text in ADDRESSED else 1.0
        assert m.score_breakdown.address == expected, m.text
        assert m.score == pytest.approx(before[m.text] * expected, rel=1e-6), m.text
    assert {m.text for m in on.results} >= ADDRESSED
    assert on.results[0].text == TURNS[2][1]
