"""Hub damping in the entity signal (real Neo4j): with d(n) = 1 / (1 + ln(1 + n /
hub_degree)) of an entity's n mentions, a memory mentioning it counts 0.4 x d(n), a fact
about it d(n) x d(n - hub_degree). A person every memory talks about (a conversation's
speaker) is a hub: her facts are as common as her mentions and say little about the query,
so they must not outweigh what the other signals found; a rarely mentioned person's facts
keep their full weight."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import neo4j
import pytest

from graphmem import Memory
from graphmem.search.signals.entities import damping
from graphmem.settings import Settings

TS = "2025-01-10T10:00:00Z"
HOBBIES = (
    "tennis", "chess", "pottery", "salsa", "kayaking", "knitting", "archery", "baking",
    "cycling", "gardening", "fencing", "origami", "climbing", "sailing", "juggling",
    "birdwatching", "calligraphy", "surfing", "photography", "woodworking", "rowing",
    "skating", "fishing", "painting", "yoga", "poetry", "karaoke", "golf", "snorkeling",
    "beekeeping", "hiking", "dancing", "running", "sculpting", "quilting", "boxing", "diving",
    "skiing", "badminton", "volleyball",
)  # fmt: skip


def _rel(source: str, relation: str, target: str) -> list[dict[str, str]]:
    return [{"source": source, "relation": relation, "target": target}]


@pytest.fixture(scope="module")
def hubs(memory: Memory) -> Iterator[str]:
    user = f"test-hubs-{uuid.uuid4()}"
    for hobby in HOBBIES:
        memory.add(
            f"Maria took up {hobby} this year.",
            user_id=user,
            relations=_rel("Maria", "practises", hobby),
            timestamp=TS,
        )
    memory.add("Ines can't eat gluten.", user_id=user, relations=_rel("Ines", "avoids", "gluten"))
    yield user
    memory.delete_all(user_id=user)


def _mentions(driver: neo4j.Driver, user: str, name: str) -> int:
    records, _, _ = driver.execute_query(
        "MATCH (m:Memory {user_id: $user})-[:MENTIONS]->(e:Entity {name: $name}) "
        "RETURN count(DISTINCT m) AS n",
        user=user,
        name=name,
    )
    return int(records[0]["n"])


def _entity_scores(memory: Memory, user: str, query: str) -> dict[str, float]:
    result = memory.search(query, user_id=user, top_k=50, explain=True, threshold=-1.0)
    assert not result.degraded, result.failed_signals
    scores = {}
    for hit in result.results:
        assert hit.score_breakdown is not None
        scores[hit.text] = hit.score_breakdown.entity  # rounded to 4 decimals
    return scores


def test_a_hubs_facts_are_damped_beyond_their_mentions(
    memory: Memory, hubs: str, driver: neo4j.Driver, settings: Settings
) -> None:
    mentions = _mentions(driver, hubs, "Maria")
    hub_degree = settings.search.hub_degree
    assert mentions >= len(HOBBIES) > hub_degree
    expected = damping(mentions, hub_degree) * damping(mentions - hub_degree, hub_degree)
    scores = _entity_scores(memory, hubs, "What did Maria take up this year?")
    maria = {text: s for text, s in scores.items() if text.startswith("Maria")}
    assert len(maria) >= 10
    for text, score in maria.items():
        assert score == pytest.approx(expected, abs=1e-3), text
    assert expected < 0.85 * damping(mentions, hub_degree)


def test_a_rare_entitys_fact_keeps_its_weight(
    memory: Memory, hubs: str, driver: neo4j.Driver, settings: Settings
) -> None:
    mentions = _mentions(driver, hubs, "Ines")
    assert mentions <= settings.search.hub_degree
    d = damping(mentions, settings.search.hub_degree)
    scores = _entity_scores(memory, hubs, "What should I bake for Ines?")
    assert scores["Ines can't eat gluten."] == pytest.approx(d, abs=1e-3)
    assert scores["Ines can't eat gluten."] > 0.9


@pytest.fixture(scope="module")
def own_facts(memory: Memory) -> Iterator[str]:
    """A few facts about the user (first person, so the user's entity is no hub yet) and one
    memory that names what the query asks about."""
    user = f"test-own-facts-{uuid.uuid4()}"
    for text in (
        "I moved to Porto last spring.",
        "I raised my monthly savings to 600 euros.",
        "I adopted a greyhound called Biscuit.",
        "The ceramics studio on my street sells handmade mugs.",
    ):
        memory.add(text, user_id=user, timestamp=TS)
    yield user
    memory.delete_all(user_id=user)


def test_a_fact_about_the_user_reached_only_through_i_counts_as_a_mention(
    memory: Memory, own_facts: str
) -> None:
    """ "I"/"my" in a query seeds the user's entity, but nearly everything the user says is a
    fact about the user: such a fact must not score above a mention of the user, or every
    first-person statement would outrank what the query names."""
    result = memory.search(
        "Where can I buy a handmade mug?", user_id=own_facts, top_k=4, explain=True
    )
    texts = [m.text for m in result.results]
    assert texts[0].startswith("The ceramics studio"), texts
    by_text = {m.text: m.score_breakdown for m in result.results}
    facts = [b.entity for t, b in by_text.items() if b and not t.startswith("The ceramics")]
    studio = by_text[texts[0]]
    assert studio is not None and facts and max(facts) <= studio.entity + 1e-9, by_text
