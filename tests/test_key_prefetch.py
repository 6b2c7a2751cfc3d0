"""The context keys embedded ahead on a worker thread (IndexingSettings.overlap_ingest) are
stored exactly as the plan would embed them, against the real Neo4j."""

from __future__ import annotations

import uuid

import neo4j
import numpy as np
import pytest

from graphmem import Memory, Settings
from graphmem.domain.extraction import Message
from graphmem.ports.embedder import Embedder
from graphmem.services.context_keys import Turn
from graphmem.services.key_prefetch import KeyPrefetch

TURNS = [
    {"role": "user", "name": "Melanie", "content": "Did you go to the pottery workshop?"},
    {"role": "user", "name": "Caroline", "content": "Yes, twice, and it was so much fun!"},
    {"role": "user", "name": "Melanie", "content": "What did you make there?"},
    {"role": "user", "name": "Caroline", "content": "A bowl for my sister in Boston."},
]


def _stored(driver: neo4j.Driver, user_id: str) -> dict[str, tuple[str | None, list[float]]]:
    rows = driver.execute_query(
        "MATCH (m:Memory {user_id: $u}) RETURN m.text AS text, m.key_text AS key, "
        "m.key_embedding AS vector",
        u=user_id,
    ).records
    return {r["text"]: (r["key"], list(r["vector"] or [])) for r in rows}


@pytest.mark.neo4j
def test_keys_embedded_ahead_are_the_keys_the_plan_embeds(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder
) -> None:
    stored = {}
    for overlap in (True, False):
        chosen = settings.model_copy(deep=True)
        chosen.indexing.overlap_ingest = overlap
        user = f"prefetch-{overlap}-{uuid.uuid4()}"
        with Memory(chosen, driver=driver, embedder=embedder) as memory:
            memory.add(TURNS, user_id=user, timestamp="2023-05-08T10:00:00Z")
            run = f"run-{uuid.uuid4()}"  # one turn per call: the key starts from the run
            memory.add(TURNS[:1], user_id=f"{user}-run", run_id=run)
            memory.add(TURNS[1:2], user_id=f"{user}-run", run_id=run)
        stored[overlap] = (_stored(driver, user), _stored(driver, f"{user}-run"))
    for ahead, planned in zip(stored[True], stored[False], strict=True):
        assert {t: k for t, (k, _) in ahead.items()} == {t: k for t, (k, _) in planned.items()}
        assert sum(1 for k, _ in ahead.values() if k) >= 1
        for text, (_, vector) in ahead.items():
            np.testing.assert_allclose(vector, planned[text][1], atol=1e-5)


def test_no_key_no_work(embedder: Embedder) -> None:
    prefetch = KeyPrefetch(embedder)
    nameless = [Message(role="user", content="I went to Paris.")]
    assert prefetch.start(nameless, [], 2) is None  # nothing came before it, no speaker named
    alone = [Message(role="user", name="A", content="I went to Paris.")]
    first = prefetch.start(alone, [], 2)  # a first turn naming its speaker: its own line
    assert first is not None and list(first.result()) == ["A: I went to Paris."]
    earlier = [Turn(text="B: Where were you?")]
    ahead = prefetch.start(alone, earlier, 2)
    assert ahead is not None  # the key's parts: its lines
    assert list(ahead.result()) == ["B: Where were you?", "A: I went to Paris."]
    whole = prefetch.start(alone, earlier, 2, "embedded")
    assert whole is not None
    assert list(whole.result()) == ["B: Where were you?\nA: I went to Paris."]
    prefetch.close()
