"""`graphmem neo4j start|stop|status`: the local Neo4j server (jars from Maven Central)."""

from __future__ import annotations

import json
from typing import Annotated
from urllib.parse import urlsplit

import pydantic
import typer

from graphmem.errors import ConfigurationError
from graphmem.neo4j_server import LocalNeo4j, ServerStatus
from graphmem.neo4j_server.process import port_in_use
from graphmem.settings import Settings

neo4j_app = typer.Typer(
    help="Run a local Neo4j Community server built from Maven Central jars (no Docker).",
    no_args_is_help=True,
)

JsonOption = Annotated[bool, typer.Option("--json", help="Print the status as JSON.")]
InsecureOption = Annotated[
    bool,
    typer.Option(
        "--insecure-dev-password",
        help="Accept the public default password graphmem-local-dev "
        "(same as GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD=true).",
    ),
]


def _server(*, insecure_dev_password: bool = False) -> LocalNeo4j:
    try:
        settings = Settings()
    except pydantic.ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()
        )
        raise ConfigurationError(f"invalid settings: {problems}") from None
    neo = settings.neo4j
    if insecure_dev_password:
        neo = neo.model_copy(update={"insecure_dev_password": True})
    return LocalNeo4j(neo)


def _print_status(status: ServerStatus, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(status.to_dict(), indent=2))
        return
    state = f"running (pid {status.pid})" if status.running else "stopped"
    typer.echo(f"Neo4j {status.version}: {state}")
    for label, value in (
        ("bolt", status.bolt_uri),
        ("browser", status.browser_url),
        ("home", status.home),
        ("log", status.log_file),
    ):
        typer.echo(f"  {label + ':':<9}{value}")
    if not status.running:
        for name, uri in (("bolt", status.bolt_uri), ("http", status.browser_url)):
            port = urlsplit(uri).port
            if port is not None and port_in_use(port):
                typer.echo(f"  note:    port {port} ({name}) is in use by another process")


@neo4j_app.command()
def start(as_json: JsonOption = False, insecure_dev_password: InsecureOption = False) -> None:
    """Start the server (downloading jars on first use) and wait until Bolt answers.

    On the first start, a random password is generated into <home>/password (mode 0600)
    unless GRAPHMEM_NEO4J__PASSWORD is set.
    """
    result = _server(insecure_dev_password=insecure_dev_password).start()
    if not as_json:
        if result.already_running:
            typer.echo("Neo4j is already running.")
        else:
            typer.echo(f"Neo4j started in {result.elapsed_s:.1f}s.")
    _print_status(result.status, as_json)


@neo4j_app.command()
def stop(
    timeout: Annotated[
        float, typer.Option(help="Seconds to wait after SIGTERM before SIGKILL.")
    ] = 60.0,
) -> None:
    """Stop the server (SIGTERM, then SIGKILL after --timeout); fine if not running."""
    result = _server().stop(timeout_s=timeout)
    if not result.was_running:
        typer.echo("Neo4j is not running.")
    elif result.killed:
        typer.echo(f"Neo4j (pid {result.pid}) did not stop in {timeout:.0f}s; killed it.")
    else:
        typer.echo(f"Neo4j (pid {result.pid}) stopped.")


@neo4j_app.command("rotate-password")
def rotate_password(insecure_dev_password: InsecureOption = False) -> None:
    """Replace the password by a new random one in <home>/password (starts the server if
    needed). Also the way off the old public default password of earlier versions."""
    server = _server(insecure_dev_password=insecure_dev_password)
    path = server.rotate_password()
    typer.echo(f"New password for user {server.settings.user} written to {path} (mode 0600).")
    if server.settings.password is not None:
        typer.echo(
            "GRAPHMEM_NEO4J__PASSWORD is set and overrides that file: unset it "
            "(and GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD) so graphmem reads the file."
        )


@neo4j_app.command()
def status(as_json: JsonOption = False) -> None:
    """Show whether the server runs, its pid, Bolt URI, Browser URL, version and log file."""
    _print_status(_server().status(), as_json)
