"""A `neo4j://` routing URI works unchanged (reads are routed as reads), which is what a
Neo4j cluster or Aura needs; here against the single real server."""

from __future__ import annotations

import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j


def test_routing_uri_round_trip(settings: Settings, embedder: Embedder, user_id: str) -> None:
    routed_uri = settings.neo4j.uri.replace("bolt://", "neo4j://", 1)
    routed = settings.model_copy(
        update={"neo4j": settings.neo4j.model_copy(update={"uri": routed_uri})}
    )
    with Memory(routed, embedder=embedder) as memory:
        added = memory.add("Routed through neo4j://", user_id=user_id, infer=False)
        assert memory.get(added.results[0].id).text == "Routed through neo4j://"
        assert memory.search("routed", user_id=user_id).results[0].id == added.results[0].id
