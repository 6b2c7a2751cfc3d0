"""The `graphmem` command line. Sub-apps register on the root `app` with `add_typer`."""

from __future__ import annotations

import logging
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from graphmem.cli.browse_cmd import browse
from graphmem.cli.dream_cmd import dream_app
from graphmem.cli.import_cmd import import_app
from graphmem.cli.keys_cmd import keys_app
from graphmem.cli.mcp_cmd import mcp
from graphmem.cli.migrate_cmd import migrate
from graphmem.cli.neo4j_cmd import neo4j_app
from graphmem.cli.serve_cmd import serve
from graphmem.errors import GraphMemError


class GraphMemGroup(TyperGroup):
    """Root command group: a `GraphMemError` becomes ``Error: <message>`` and exit code 1."""

    def invoke(self, *args: Any, **kwargs: Any) -> Any:  # (ctx) — typer's vendored Context
        try:
            return super().invoke(*args, **kwargs)
        except GraphMemError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None


class _EchoHandler(logging.Handler):
    """Log records to the current stderr (resolved per record, so test runners see them)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            typer.echo(self.format(record), err=True)
        except Exception:
            self.handleError(record)


def _configure_logging(verbose: bool) -> None:
    logger = logging.getLogger("graphmem")
    logger.setLevel(logging.DEBUG if verbose else logging.INFO)
    if not any(isinstance(h, _EchoHandler) for h in logger.handlers):
        handler = _EchoHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)


app = typer.Typer(
    name="graphmem",
    help="graphmem: long-term memory for AI agents, stored in Neo4j.",
    cls=GraphMemGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Debug logging.")] = False,
) -> None:
    _configure_logging(verbose)


app.add_typer(neo4j_app, name="neo4j")
app.command("migrate")(migrate)
app.add_typer(keys_app, name="keys")
app.command("serve")(serve)
app.command("mcp")(mcp)
app.add_typer(dream_app, name="dream")
app.command("browse")(browse)
app.add_typer(import_app, name="import")


def main() -> None:
    """Console-script entry point (``graphmem``)."""
    app()
