"""`graphmem browse`: how to look at the graph in Neo4j Browser, with queries ready to paste."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode, urlsplit

import typer

from graphmem.cypher_catalog import cypher_root, query
from graphmem.scenarios import restaurant
from graphmem.settings import Neo4jSettings, Settings

BROWSE_QUERIES = (
    "browse/scope_overview",
    "browse/user_memories",
    "browse/entity_neighbourhood",
    "browse/supersede_chain",
    "browse/synthesis_sources",
)
STYLE_FILE = "browse/style.grass"  # the same text as docs/browser-style.grass


def browser_url(neo: Neo4jSettings) -> str:
    """The Browser page on the HTTP port of the server the bolt URI points at."""
    host = urlsplit(neo.uri).hostname or "127.0.0.1"
    return f"http://{host}:{neo.http_port}/browser/"


def connect_url(neo: Neo4jSettings) -> str:
    """The Browser URL with the connection form filled in (``dbms``/``db`` parameters)."""
    parts = urlsplit(neo.uri)
    dbms = f"{parts.scheme}://{neo.user}@{parts.netloc.rsplit('@', 1)[-1]}"
    return browser_url(neo) + "?" + urlencode({"dbms": dbms, "db": neo.database}, safe=":/@")


def cypher_literal(value: str | None) -> str:
    if value is None:
        return "null"
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def style_snippet() -> str:
    """The ``:style`` command that captions memories with their text, entities with names."""
    return ":style " + (cypher_root() / STYLE_FILE).read_text(encoding="utf-8").strip()


def _connection(neo: Neo4jSettings) -> list[str]:
    return [
        f"Neo4j Browser: {browser_url(neo)}",
        f"  connect form pre-filled: {connect_url(neo)}",
        f"  connect URL: {neo.uri}   database: {neo.database}   user: {neo.user}",
        "  password: not printed; " + password_hint(neo),
    ]


def password_hint(neo: Neo4jSettings) -> str:
    """Where the password is, never the password itself."""
    if neo.password is not None:
        return "the one in GRAPHMEM_NEO4J__PASSWORD (with docker compose, NEO4J_PASSWORD)"
    return (
        f"`cat {neo.password_file}` shows the one `graphmem neo4j start` generated "
        "(with docker compose, NEO4J_PASSWORD)"
    )


def _params(user_id: str, name: str, memory_id: str | None) -> list[str]:
    return [
        f":param user_id => {cypher_literal(user_id)}",
        f":param name => {cypher_literal(name)}",
        f":param memory_id => {cypher_literal(memory_id)}",
    ]


def browse_text(settings: Settings, user_id: str, name: str, memory_id: str | None) -> str:
    sections = [
        "\n".join(_connection(settings.neo4j)),
        "Run once in Browser (captions: memory text, entity name, triplet predicate):\n"
        + style_snippet(),
        "Parameters (paste each line, then the queries):\n"
        + "\n".join(_params(user_id, name, memory_id)),
    ]
    sections += [f"-- {q}\n{query(q).strip()}" for q in BROWSE_QUERIES]
    return "\n\n".join(sections)


def browse(
    user_id: Annotated[
        str, typer.Option("--user-id", help="The user whose graph to show.")
    ] = restaurant.USER_ID,
    name: Annotated[str, typer.Option("--name", help="Entity for entity_neighbourhood.")] = (
        "Paris"
    ),
    memory_id: Annotated[
        str | None, typer.Option("--memory-id", help="A memory for supersede_chain.")
    ] = None,
) -> None:
    """Print the Neo4j Browser URL, connection details, :param lines and inspection queries."""
    typer.echo(browse_text(Settings(), user_id, name, memory_id))
