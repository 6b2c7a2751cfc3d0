"""Issue 6 item 6: the Neo4j Browser queries (cypher/browse/) on the restaurant graph, the
`graphmem browse` command and the Browser page served by the running Neo4j."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import neo4j
import pytest
from neo4j.graph import Node, Relationship
from neo4j.graph import Path as GraphPath
from typer.testing import CliRunner

from graphmem import Memory, Settings
from graphmem.cli import app
from graphmem.cli.browse_cmd import BROWSE_QUERIES, STYLE_FILE
from graphmem.cypher_catalog import cypher_root, query
from graphmem.ports.embedder import Embedder
from graphmem.scenarios import restaurant
from tests.support.dream import WAKE_UPS, YOGA, dream_settings, holds, seed
from tests.support.openai_server import OpenAICompatServer

pytestmark = pytest.mark.neo4j
ROOT = Path(__file__).resolve().parent.parent
OTHER_MESSAGES = [
    ("2025-01-06T19:00:00Z", "I live in Beijing."),
    ("2025-04-05T10:00:00Z", "I moved to Paris last week."),
]


def _load(memory: Memory, user: str, messages: list[tuple[str, str]]) -> None:
    for ts, text in messages:
        memory.add(text, user_id=user, timestamp=ts)


@pytest.fixture(scope="module")
def users(memory: Memory) -> Iterator[tuple[str, str]]:
    """The restaurant scenario for one user; a smaller overlapping graph for another."""
    user, other = f"browse-{uuid.uuid4()}", f"browse-other-{uuid.uuid4()}"
    _load(memory, user, restaurant.MESSAGES)
    _load(memory, other, OTHER_MESSAGES)
    yield user, other
    memory.delete_all(user_id=user)
    memory.delete_all(user_id=other)


def _collect(value: Any, nodes: dict[str, Node], rels: dict[str, Relationship]) -> None:
    if isinstance(value, Node):
        nodes[value.element_id] = value
    elif isinstance(value, Relationship):
        rels[value.element_id] = value
        for node in value.nodes:
            if node is not None:
                nodes[node.element_id] = node
    elif isinstance(value, GraphPath):
        for node in value.nodes:
            nodes[node.element_id] = node
        for rel in value.relationships:
            _collect(rel, nodes, rels)
    elif isinstance(value, list):
        for item in value:
            _collect(item, nodes, rels)


def run_browse(
    driver: neo4j.Driver, statement: str, **params: Any
) -> tuple[dict[str, Node], dict[str, Relationship]]:
    """Run a browse query as Browser would; return every node and relationship it draws."""
    defaults: dict[str, Any] = {"user_id": None, "name": None, "memory_id": None}
    records = driver.execute_query(
        query(statement), {**defaults, **params}, database_="neo4j"
    ).records
    nodes: dict[str, Node] = {}
    rels: dict[str, Relationship] = {}
    for record in records:
        for value in record.values():
            _collect(value, nodes, rels)
    return nodes, rels


def _types(rels: dict[str, Relationship]) -> set[str]:
    return {r.type for r in rels.values()}


def _owners(nodes: dict[str, Node]) -> set[str]:
    return {n["user_id"] for n in nodes.values()}


def test_scope_overview_draws_memories_entities_triplets_and_supersedes(
    driver: neo4j.Driver, users: tuple[str, str]
) -> None:
    user, _ = users
    nodes, rels = run_browse(driver, "browse/scope_overview", user_id=user)
    assert _owners(nodes) == {user}
    assert {"MENTIONS", "RELATES_TO", "SUPERSEDED_BY"} <= _types(rels)
    texts = {n["text"] for n in nodes.values() if "Memory" in n.labels}
    assert texts == {text for _, text in restaurant.MESSAGES}
    assert {"Paris", "Alice", "Beijing"} <= {
        n["name"] for n in nodes.values() if "Entity" in n.labels
    }


def test_user_memories_lists_every_memory_with_lifecycle_edges(
    driver: neo4j.Driver, users: tuple[str, str]
) -> None:
    user, other = users
    nodes, rels = run_browse(driver, "browse/user_memories", user_id=user)
    assert _owners(nodes) == {user}
    assert len(nodes) == len(restaurant.MESSAGES)
    assert _types(rels) == {"SUPERSEDED_BY"}
    states = {n["lifecycle_state"] for n in nodes.values()}
    assert states == {"active", "superseded"}
    other_nodes, _ = run_browse(driver, "browse/user_memories", user_id=other)
    assert _owners(other_nodes) == {other} and len(other_nodes) == len(OTHER_MESSAGES)


def test_entity_neighbourhood_by_name_any_case(
    driver: neo4j.Driver, users: tuple[str, str]
) -> None:
    user, _ = users
    nodes, rels = run_browse(driver, "browse/entity_neighbourhood", user_id=user, name=" paris")
    assert _owners(nodes) == {user}
    assert {"RELATES_TO", "MENTIONS"} <= _types(rels)
    paris = [n for n in nodes.values() if n.get("name") == "Paris"]
    assert len(paris) == 1
    lives_in = [
        r for r in rels.values() if r.type == "RELATES_TO" and r.get("predicate") == "lives_in"
    ]
    assert lives_in and all(
        r.end_node is not None and r.end_node["name"] == "Paris" for r in lives_in
    )
    assert run_browse(driver, "browse/entity_neighbourhood", user_id=user, name="Tokyo") == ({}, {})


def test_supersede_chain_by_user_and_by_memory(
    driver: neo4j.Driver, memory: Memory, users: tuple[str, str]
) -> None:
    user, other = users
    nodes, rels = run_browse(driver, "browse/supersede_chain", user_id=user)
    assert _owners(nodes) == {user} and _types(rels) == {"SUPERSEDED_BY"}
    beijing = next(m for m in memory.get_all(user_id=user) if m.text == "I live in Beijing.")
    assert beijing.lifecycle_state == "superseded"
    records = driver.execute_query(
        query("browse/supersede_chain"),
        {"user_id": None, "memory_id": beijing.id},
        database_="neo4j",
    ).records
    [path] = [r["p"] for r in records]
    assert [n["text"] for n in path.nodes] == ["I live in Beijing.", "I moved to Paris last week."]
    other_nodes, _ = run_browse(driver, "browse/supersede_chain", user_id=other)
    assert _owners(other_nodes) == {other}


def test_synthesis_sources_draws_a_dream_synthesis_and_its_sources(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    openai_server: OpenAICompatServer,
    users: tuple[str, str],
    user_id: str,
) -> None:
    configured = dream_settings(
        settings, base_url=openai_server.base_url, model="test-model", max_retries=0, timeout_s=5.0
    )
    with Memory(configured, driver=driver, embedder=embedder) as memory:
        memory.enable_dream(user_id=user_id)
        sources = seed(memory, user_id, YOGA) + seed(memory, user_id, WAKE_UPS)
        openai_server.script(holds())
        assert memory.dream(user_id=user_id).scopes[0].written == 1
    nodes, rels = run_browse(driver, "browse/synthesis_sources", user_id=user_id)
    assert _owners(nodes) == {user_id} and _types(rels) == {"SYNTHESIZED_FROM"}
    assert {n["id"] for n in nodes.values() if "Synthesis" not in n.labels} == set(sources)
    assert run_browse(driver, "browse/synthesis_sources", user_id=users[0]) == ({}, {})


def test_browse_command_prints_url_connection_params_queries_and_style(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_NEO4J__URI", settings.neo4j.uri)
    monkeypatch.setenv("GRAPHMEM_NEO4J__HTTP_PORT", str(settings.neo4j.http_port))
    monkeypatch.setenv("GRAPHMEM_NEO4J__HOME", str(settings.neo4j.home))
    result = CliRunner().invoke(app, ["browse", "--user-id", "o'brien", "--name", "Paris"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert f":{settings.neo4j.http_port}/browser/" in out
    assert "?dbms=bolt://neo4j@" in out and settings.neo4j.uri in out
    assert ":param user_id => 'o\\'brien'" in out and ":param memory_id => null" in out
    for name in BROWSE_QUERIES:
        assert query(name).strip() in out
    assert ":style node {" in out and 'caption: "{text}"' in out
    # How to read the password, never the password itself.
    assert settings.neo4j.resolve_password().get_secret_value() not in out
    if settings.neo4j.password is None:
        assert f"`cat {settings.neo4j.password_file}`" in out


def test_style_file_in_docs_matches_the_packaged_one() -> None:
    packaged = (cypher_root() / STYLE_FILE).read_text(encoding="utf-8")
    assert (ROOT / "docs" / "browser-style.grass").read_text(encoding="utf-8") == packaged
    assert "node.Memory" in packaged and "node.Entity" in packaged


def test_every_browse_file_is_offered_by_the_command() -> None:
    files = {
        str(p.relative_to(cypher_root()).with_suffix(""))
        for p in (cypher_root() / "browse").glob("*.cypher")
    }
    assert files == set(BROWSE_QUERIES)


def test_browser_page_is_served(settings: Settings) -> None:
    host = urlsplit(settings.neo4j.uri).hostname or "127.0.0.1"
    response = httpx.get(f"http://{host}:{settings.neo4j.http_port}/browser/", timeout=10)
    assert response.status_code == 200
    assert "<title>Neo4j Browser</title>" in response.text
