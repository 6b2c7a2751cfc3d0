"""The OpenAI embeddings adapter with the real `openai` client against the local
OpenAI-compatible server; the start-up check refuses an embedder of another dimension."""

from __future__ import annotations

import math

import neo4j
import pytest

from graphmem import EmbeddingError, Memory, SchemaMismatchError, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.settings import EmbedderSettings
from tests.support.openai_server import OpenAICompatServer


def openai_settings(server: OpenAICompatServer, dimensions: int = 8) -> EmbedderSettings:
    return EmbedderSettings(
        provider="openai",
        model="text-embedding-3-small",
        openai_base_url=server.base_url,
        dimensions=dimensions,
        batch_size=3,
    )


def test_embeds_in_batches_as_unit_vectors(openai_server: OpenAICompatServer) -> None:
    embedder = make_embedder(openai_settings(openai_server))
    vectors = embedder.embed(["a", "b", "c", "d", "e"])
    assert len(vectors) == 5 and all(len(v) == 8 for v in vectors)
    assert all(math.isclose(sum(x * x for x in v), 1.0, rel_tol=1e-6) for v in vectors)
    assert [len(r["input"]) for r in openai_server.embedding_requests] == [3, 2]
    assert openai_server.embedding_requests[0]["model"] == "text-embedding-3-small"
    assert embedder.dimension == 8


def test_wrong_size_from_endpoint_is_an_error(openai_server: OpenAICompatServer) -> None:
    openai_server.embedding_size = 5
    with pytest.raises(EmbeddingError, match="size 5, expected 8"):
        make_embedder(openai_settings(openai_server)).embed(["x"])


def test_unreachable_endpoint_is_an_error() -> None:
    settings = EmbedderSettings(
        provider="openai", openai_base_url="http://127.0.0.1:1/v1", dimensions=8
    )
    with pytest.raises(EmbeddingError):
        make_embedder(settings).embed(["x"])


@pytest.mark.neo4j
def test_memory_refuses_an_embedder_of_another_dimension(
    settings: Settings, driver: neo4j.Driver, openai_server: OpenAICompatServer
) -> None:
    other = make_embedder(openai_settings(openai_server, dimensions=1536))
    with pytest.raises(SchemaMismatchError, match=r"dimension 384 .* 1536"):
        Memory(settings, driver=driver, embedder=other)
