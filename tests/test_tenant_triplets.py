"""One tenant's triplets must not change another tenant's triplet scores (issue 12, 3b): the
triplet signal's full-text part weighs terms by the owner's own triplet statistics, not
Lucene's index-wide IDF and average fact length (real Neo4j)."""

from __future__ import annotations

import uuid

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.adapters.neo4j.search_store import Neo4jSearchStore
from graphmem.ports.embedder import Embedder
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.signals import triplets

pytestmark = pytest.mark.neo4j

#: (memory, source, relation, target): the facts read "source relation target".
MINE = [
    ("I adopted a dog named Rex last spring.", "Rex", "is", "dog"),
    ("Rex chewed through my old chemistry notes.", "Rex", "chewed", "chemistry notes"),
    ("My sister Ana teaches chemistry at the high school.", "Ana", "teaches", "chemistry"),
    ("The dog park near the river opens at seven.", "dog park", "is near", "river"),
    ("We hiked up to the glacier on Sunday.", "user", "hiked to", "glacier"),
]
QUERY = "Which dog ate the chemistry notes?"


def _text_scores(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, user_id: str
) -> dict[str, float]:
    """The triplet signal's scores by fact, its full-text part alone (no cosine is strong
    enough to count)."""
    search = settings.search.model_copy(update={"triplet_min_cosine": 2.0})
    [vector] = embedder.embed([QUERY])
    ctx = SearchContext(
        query=QUERY,
        vector=vector,
        scope={"user_id": user_id, "agent_id": None, "run_id": None},
        scope_keys=[],
        scope_size=len(MINE),
        fetch_states=["active"],
        reference_date=None,
        top_k=10,
        per_signal_k=50,
        threshold=0.0,
        latest_only=False,
        include_merged=False,
        explain=True,
    )
    pool = Pool()
    triplets.collect(Neo4jSearchStore(driver, settings.neo4j.database), ctx, pool, search)
    return {t.fact: t.score for t in pool.triplets.values()}


def test_other_tenants_do_not_move_an_owners_triplet_scores(
    memory: Memory, driver: neo4j.Driver, settings: Settings, embedder: Embedder, user_id: str
) -> None:
    for text, source, relation, target in MINE:
        relations = [{"source": source, "relation": relation, "target": target}]
        memory.add(text, user_id=user_id, infer=False, relations=relations)
    before = _text_scores(driver, settings, embedder, user_id)
    # every fact with a query term, none without; the one with three of them is the best
    assert set(before) == {"Rex is dog", "Rex chewed chemistry notes", "Ana teaches chemistry",
                           "dog park is near river"}  # fmt: skip
    assert max(before, key=before.__getitem__) == "Rex chewed chemistry notes"

    # Another tenant's facts say "chemistry" everywhere and "dog" nowhere, and are long:
    # index-wide, "chemistry" becomes common and "dog" rare, and the average fact length
    # grows, which would re-weigh this owner's terms and lengths.
    other = f"other-{uuid.uuid4()}"
    filler = " ".join(f"section {i} of the long field report" for i in range(4))
    for i in range(40):
        relations = [{"source": f"Lab {i}", "relation": "wrote", "target": f"chemistry {filler}"}]
        memory.add(f"Chemistry lab {i} wrote a report.", user_id=other, infer=False,
                   relations=relations)  # fmt: skip
    after = _text_scores(driver, settings, embedder, user_id)
    assert after.keys() == before.keys()  # nothing of the other tenant's facts
    for fact, score in before.items():
        # nothing of Lucene's index-wide statistics is left in the score
        assert after[fact] == pytest.approx(score, abs=1e-9), fact


def test_a_query_without_fact_terms_leaves_the_signal_working(
    memory: Memory, driver: neo4j.Driver, settings: Settings, embedder: Embedder, user_id: str
) -> None:
    memory.add("Rex is my dog.", user_id=user_id, infer=False,
               relations=[{"source": "Rex", "relation": "is", "target": "dog"}])  # fmt: skip
    found = memory.search("the of and", user_id=user_id, explain=True)  # stop words only
    assert not found.degraded and "triplet" not in found.failed_signals
    found = memory.search("glacier", user_id=user_id, explain=True)  # in no fact
    assert not found.degraded and "triplet" not in found.failed_signals
