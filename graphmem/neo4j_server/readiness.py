"""Is the local server answering: a one-off Bolt probe, and the wait after a start."""

from __future__ import annotations

import time

from neo4j import GraphDatabase
from neo4j.exceptions import (
    AuthError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from graphmem.errors import Neo4jServerError
from graphmem.neo4j_server import process
from graphmem.neo4j_server.layout import Layout
from graphmem.settings import Neo4jSettings

POLL_INTERVAL_S = 0.5


def bolt_answers(uri: str, auth: tuple[str, str], timeout_s: float) -> bool:
    """True if a Bolt server answers at ``uri`` (wrong credentials still count)."""
    try:
        with GraphDatabase.driver(uri, auth=auth, connection_timeout=timeout_s) as driver:
            driver.verify_connectivity()
    except AuthError:
        return True
    except (DriverError, Neo4jError, OSError):
        return False
    return True


def wait_ready(
    settings: Neo4jSettings, layout: Layout, uri: str, pid: int, deadline: float
) -> None:
    """Poll Bolt until a query runs; fail fast if the process dies or rejects the password."""
    last_error = "no answer yet"
    auth = (settings.user, settings.resolve_password().get_secret_value())
    with GraphDatabase.driver(uri, auth=auth, connection_timeout=2.0) as driver:
        while True:
            code = process.exit_code(pid)
            if code is not None or not process.pid_alive(pid):
                raise _died(layout, code)
            try:
                # No execute_query: its retries with back-off would slow the polling.
                driver.verify_connectivity()
                with driver.session(database=settings.database) as session:
                    session.run("RETURN 1").consume()
                return
            except AuthError as exc:
                raise _rejected(settings, layout, uri) from exc
            except (ServiceUnavailable, SessionExpired, TransientError, OSError) as exc:
                last_error = f"{type(exc).__name__}: {exc}"
            except Neo4jError as exc:
                raise Neo4jServerError(
                    f"Neo4j at {uri} is up but `RETURN 1` on database "
                    f"{settings.database!r} failed: {exc}"
                ) from exc
            if time.monotonic() >= deadline:
                raise Neo4jServerError(
                    f"Neo4j did not answer on {uri} within {settings.start_timeout_s:.0f}s "
                    f"({last_error}); see {layout.log_file}:\n{layout.log_tail()}"
                )
            time.sleep(POLL_INTERVAL_S)


def _rejected(settings: Neo4jSettings, layout: Layout, uri: str) -> Neo4jServerError:
    return Neo4jServerError(
        f"Neo4j at {uri} rejected user {settings.user!r}: the password "
        f"is set only before the first start of a fresh {layout.data_dir}; "
        f"use that one (GRAPHMEM_NEO4J__PASSWORD, else "
        f"{settings.password_file}) or remove that directory"
    )


def _died(layout: Layout, code: int | None) -> Neo4jServerError:
    """The error for a server that exited during start-up, with its last log lines."""
    exit_text = f"exit code {code}" if code is not None else "exit code unknown"
    return Neo4jServerError(
        f"Neo4j exited during start-up ({exit_text}); see {layout.log_file} "
        f"and {layout.console_log}:\n{layout.log_tail()}"
    )
