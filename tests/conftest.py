"""Test-suite wiring. Storage tests run against a real Neo4j server: the one the environment
points at (GRAPHMEM_NEO4J__URI set), or a local test server this session fixture starts from
Maven Central jars (ports 17687/17474, data under .cache/neo4j-test) and stops afterwards.
That server's password is the one its first start generated into .cache/neo4j-test/password
(Settings reads it from there), unless GRAPHMEM_NEO4J__PASSWORD is set."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import neo4j
import pytest
from pydantic import SecretStr

from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import embedder_meta, schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.neo4j_server import LocalNeo4j
from graphmem.ports.embedder import Embedder
from graphmem.settings import INSECURE_DEV_PASSWORD
from tests.api.tcp_proxy import TcpProxy
from tests.support.fixtures import openai_server  # noqa: F401  (fixture)
from tests.support.telling import SPEAKER, Asked, asker

ROOT = Path(__file__).resolve().parent.parent
# Overridable so two checkouts can run their suites side by side.
TEST_BOLT_PORT = int(os.environ.get("GRAPHMEM_TEST_BOLT_PORT", "17687"))
TEST_HTTP_PORT = int(os.environ.get("GRAPHMEM_TEST_HTTP_PORT", "17474"))


def _test_settings() -> Settings:
    settings = Settings()
    # The ONNX embedder is exported once into the worktree's cache and reused by later runs.
    onnx = settings.embedder.model_copy(update={"onnx_dir": ROOT / ".cache" / "onnx-test"})
    settings = settings.model_copy(update={"embedder": onnx})
    if "GRAPHMEM_NEO4J__URI" in os.environ:
        return settings
    neo = settings.neo4j.model_copy(
        update={
            "uri": f"bolt://127.0.0.1:{TEST_BOLT_PORT}",
            "bolt_port": TEST_BOLT_PORT,
            "http_port": TEST_HTTP_PORT,
            "home": ROOT / ".cache" / "neo4j-test",
        }
    )
    return settings.model_copy(update={"neo4j": neo})


def _retire_legacy_password(server: LocalNeo4j) -> None:
    """A test home set up before passwords were generated still has the old public default:
    replace it, once, by a generated one in its password file (the data is kept)."""
    neo = server.settings
    if neo.password is not None or neo.password_file.exists():
        return
    if not (server.home / "data" / "dbms").exists():
        return  # a fresh home: the first start generates the password
    legacy = neo.model_copy(
        update={"password": SecretStr(INSECURE_DEV_PASSWORD), "insecure_dev_password": True}
    )
    LocalNeo4j(legacy).rotate_password()


def _empty_if_written_by_another_embedder(drv: neo4j.Driver, database: str, name: str) -> None:
    """The worktree's own test store (never one GRAPHMEM_NEO4J__URI names) is disposable: when
    an earlier run wrote it with another default embedder, start it again empty."""
    stored = embedder_meta.read(drv, database)
    if stored.identity in (None, name) and stored.target is None:
        return
    with drv.session(database=database) as session:
        session.run("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS").consume()


@pytest.fixture(scope="session")
def settings() -> Iterator[Settings]:
    settings = _test_settings()
    if "GRAPHMEM_NEO4J__URI" in os.environ:
        yield settings
        return
    server = LocalNeo4j(settings.neo4j)
    was_running = server.status().running
    _retire_legacy_password(server)
    server.ensure_running()
    yield settings
    if not was_running:
        server.stop()


@pytest.fixture(scope="session")
def embedder(settings: Settings) -> Embedder:
    return make_embedder(settings.embedder)


@pytest.fixture(scope="session")
def driver(settings: Settings, embedder: Embedder) -> Iterator[neo4j.Driver]:
    drv = make_driver(settings.neo4j)
    if "GRAPHMEM_NEO4J__URI" not in os.environ:
        _empty_if_written_by_another_embedder(drv, settings.neo4j.database, embedder.name)
    schema.migrate(drv, settings.neo4j.database, embedder.dimension, embedder.name)
    yield drv
    drv.close()


@pytest.fixture(scope="session")
def memory(settings: Settings, driver: neo4j.Driver, embedder: Embedder) -> Memory:
    """A Memory sharing the session's driver and embedder (offline extractor)."""
    return Memory(settings, driver=driver, embedder=embedder)


@pytest.fixture
def user_id() -> str:
    """A fresh scope per test: tests are isolated by scope ids, never by wiping the DB."""
    return f"test-user-{uuid.uuid4()}"


@pytest.fixture
def ask(settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str) -> Asked:
    """``ask(turns, questions, at, top_k=3, explain=False)``: ``(day, text)`` turns told by
    :data:`tests.support.telling.SPEAKER` in a fresh scope, then each question's results at
    ``at`` (tests/support/telling.py, ``asker``)."""
    return asker(settings, driver, embedder, user_id, SPEAKER)


@pytest.fixture
def proxy(settings: Settings) -> Iterator[TcpProxy]:
    """A TCP forwarder in front of the test Neo4j that a test can cut, blackhole and restore
    (tests/api/tcp_proxy.py): Neo4j 'goes away' with no change to the driver."""
    target = urlsplit(settings.neo4j.uri)
    forwarder = TcpProxy(target.hostname or "127.0.0.1", target.port or 7687)
    forwarder.start()
    yield forwarder
    forwarder.restore()
    forwarder.stop()
