"""The store's embedder identity and `graphmem migrate --reembed`, on a real Neo4j of their own
(a fresh server under tmp: switching the embedder of the shared test store would disturb every
other test): write with one embedder, switch, see the start-up error, re-embed (interrupted,
then resumed by the CLI), and search again."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import neo4j
import numpy as np
import pytest
from typer.testing import CliRunner

from graphmem import Memory, SchemaMismatchError
from graphmem.adapters.embeddings.onnx_embedder import OnnxEmbedder
from graphmem.adapters.neo4j import embedder_meta, reembed, schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.adapters.neo4j.vector_codec import from_int8_bytes
from graphmem.cli import app
from graphmem.domain.key_vectors import compose, key_parts
from graphmem.errors import EmbeddingError
from graphmem.neo4j_server import LocalNeo4j
from graphmem.ports.embedder import Embedder
from graphmem.settings import Settings
from tests.conftest import TEST_BOLT_PORT

pytestmark = [pytest.mark.neo4j, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "onnx-test"
TEXTS = [
    "Alice works at Acme in Berlin.",
    "Bob plays the cello every Sunday.",
    "Carol is allergic to peanuts.",
    "Dan is learning to sail on Lake Constance.",
    "Eve collects old maps of Lisbon.",
]
#: the reply is stored with a context key (the question before it), re-embedded too
CONVERSATION = [
    {"role": "user", "name": "Fay", "content": "Who fixed the old harbour lighthouse?"},
    {"role": "user", "name": "Gus", "content": "My uncle did, last spring."},
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    """A fresh Neo4j on this worktree's ports + 10/11 (see tests/conftest.py for the base)."""
    base = Settings().neo4j.model_copy(
        update={
            "home": tmp_path_factory.mktemp("reembed") / "neo4j",
            "bolt_port": TEST_BOLT_PORT + 10,
            "http_port": TEST_BOLT_PORT + 11,
            "heap_size": "512m",
            "pagecache_size": "128m",
        }
    )
    server = LocalNeo4j(base)
    server.start()
    try:
        neo = base.model_copy(update={"uri": server.bolt_uri})
        yield Settings().model_copy(update={"neo4j": neo})
    finally:
        server.stop()


@pytest.fixture(scope="module")
def int8(store: Settings) -> OnnxEmbedder:
    settings = store.embedder.model_copy(update={"onnx_variant": "int8", "onnx_dir": CACHE})
    return OnnxEmbedder(settings)


@pytest.fixture(scope="module")
def fp32(store: Settings) -> OnnxEmbedder:
    """The default before 2026-12-04 (torch's vectors): the stores that need re-embedding."""
    settings = store.embedder.model_copy(update={"onnx_variant": "fp32", "onnx_dir": CACHE})
    return OnnxEmbedder(settings)


class FailsAfter:
    """The int8 embedder, failing from its ``ok + 1``-th call (an interrupted re-embedding)."""

    def __init__(self, inner: Embedder, ok: int) -> None:
        self.inner, self.left = inner, ok
        self.name, self.dimension = inner.name, inner.dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if self.left == 0:
            raise EmbeddingError("interrupted")
        self.left -= 1
        return self.inner.embed(texts)


def _vectors(driver: neo4j.Driver) -> dict[str, tuple[str, list[float]]]:
    rows = driver.execute_query(
        "MATCH (m:Memory) RETURN m.id AS id, m.text AS text, "
        "coalesce(m.embedding, m.text_embedding) AS v "
        "UNION ALL MATCH (m:Memory) WHERE m.key_text IS NOT NULL "
        "RETURN m.id + '/key' AS id, m.key_text + '\\u0000' + m.actor + ': ' + m.text AS text, "
        "m.key_embedding AS v "
        "UNION ALL MATCH (e:Entity) RETURN e.id AS id, e.name AS text, e.embedding AS v "
        "UNION ALL MATCH ()-[r:RELATES_TO]->() RETURN r.id AS id, r.fact AS text, r.embedding AS v"
    ).records
    # a keyed memory's own text's vector is int8 bytes (vector_codec): read as its direction
    return {
        r["id"]: (r["text"], from_int8_bytes(r["v"]) if isinstance(r["v"], bytes) else r["v"])
        for r in rows
    }


def _cosine(a: list[float], b: list[float]) -> float:
    return float(np.dot(a, b))


def _expected(embedder: Embedder, text: str) -> list[float]:
    """A fresh vector for a row of `_vectors`: a context key's (text NUL own line) is
    composed from its parts, as an add makes it."""
    if "\u0000" not in text:
        return embedder.embed([text])[0]
    key_text, own_line = text.split("\u0000")
    parts = key_parts(key_text, own_line)
    return compose(parts, embedder.embed(parts))


def _cosines(embedder: Embedder, found: dict[str, tuple[str, list[float]]]) -> np.ndarray:
    fresh = np.asarray([_expected(embedder, text) for text, _ in found.values()])
    return (fresh * np.asarray([v for _, v in found.values()])).sum(axis=1)


def test_switch_embedder_error_then_reembed_resumes_and_search_works(
    store: Settings,
    fp32: OnnxEmbedder,
    int8: OnnxEmbedder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    driver = make_driver(store.neo4j)
    try:
        log = schema.migrate(driver, store.neo4j.database, fp32.dimension, fp32.name)
        assert f" + embedder {fp32.name} recorded" in log
        with Memory(store, driver=driver, embedder=fp32) as memory:
            for text in TEXTS:
                memory.add(
                    text,
                    user_id="u1",
                    infer=False,
                    relations=[
                        {
                            "source": text.split()[0],
                            "relation": "said",
                            "target": text.split()[-1].rstrip("."),
                        }
                    ],
                )
            memory.add(CONVERSATION, user_id="u1", infer=False)
        before = _vectors(driver)
        assert (
            len(before) == 7 + 2 + 10 + 5
        )  # memories, context keys (one per turn), entities, triplets

        with pytest.raises(
            SchemaMismatchError,
            match=r"written with embedder "
            r"sentence-transformers/all-MiniLM-L6-v2, but the configured "
            r"embedder is sentence-transformers/all-MiniLM-L6-v2\+onnx-int8; .*"
            r"GRAPHMEM_EMBEDDER__ONNX_VARIANT=fp32 for this one",
        ):
            Memory(store, driver=driver, embedder=int8)

        with pytest.raises(EmbeddingError, match="interrupted"):
            reembed.reembed(driver, store.neo4j.database, FailsAfter(int8, ok=1), batch_size=2)
        with pytest.raises(SchemaMismatchError, match="unfinished"):
            Memory(store, driver=driver, embedder=int8)
        with pytest.raises(SchemaMismatchError, match="unfinished"):
            Memory(store, driver=driver, embedder=fp32)

        for key, value in {
            "NEO4J__URI": store.neo4j.uri,
            "NEO4J__HOME": str(store.neo4j.home),
            "EMBEDDER__ONNX_VARIANT": "int8",
            "EMBEDDER__ONNX_DIR": str(CACHE),
        }.items():
            monkeypatch.setenv(f"GRAPHMEM_{key}", value)
        result = CliRunner().invoke(app, ["migrate", "--reembed", "--batch-size", "2"])
        assert result.exit_code == 0, result.output
        # resumed: the first two memories were re-embedded before the interruption
        assert "'memory': 5, 'entity': 10, 'triplet': 5" in result.output
        assert f"embedder {int8.name}" in result.output

        after = _vectors(driver)
        assert set(after) == set(before)
        # Every vector was rewritten, with int8's: it embeds each text alone, so a fresh
        # embedding of the same text gives the stored vector whatever batch re-embedded it.
        changed = [_cosine(before[k][1], after[k][1]) for k in before]
        assert max(changed) < 0.99999, changed
        assert _cosines(int8, after).min() > 0.9999
        assert _cosines(fp32, before).min() > 0.9999
        assert embedder_meta.read(driver, store.neo4j.database).target is None

        with Memory(store, driver=driver, embedder=int8) as memory:
            found = memory.search("Who plays the cello?", user_id="u1", top_k=3).results
            assert found[0].text == TEXTS[1]
        with pytest.raises(
            SchemaMismatchError,
            match="configured embedder is "
            r"sentence-transformers/all-MiniLM-L6-v2;",
        ):
            Memory(store, driver=driver, embedder=fp32)
        plain = CliRunner().invoke(app, ["migrate"])
        assert plain.exit_code == 0, plain.output  # int8 configured: the store matches
    finally:
        driver.close()


def test_store_without_a_record_is_refused_until_migrate(
    store: Settings, embedder: Embedder
) -> None:
    driver = make_driver(store.neo4j)
    try:
        schema.migrate(driver, store.neo4j.database, embedder.dimension, embedder.name)
        driver.execute_query("MATCH (n:GraphMemMeta {key: 'embedder'}) DELETE n")
        with pytest.raises(SchemaMismatchError, match="no recorded embedder"):
            Memory(store, driver=driver, embedder=embedder)
        log = schema.migrate(driver, store.neo4j.database, embedder.dimension, embedder.name)
        assert any("held vectors written before" in line for line in log)
        with Memory(store, driver=driver, embedder=embedder):
            pass
    finally:
        driver.close()
