"""One Neo4j driver per process, and the one place driver errors become graphmem errors."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import neo4j
from neo4j import exceptions as neo4j_exc

from graphmem.errors import StorageError, StorageUnavailableError
from graphmem.settings import Neo4jSettings


def make_driver(settings: Neo4jSettings) -> neo4j.Driver:
    """Create the process's driver. No I/O happens until the first query."""
    return neo4j.GraphDatabase.driver(
        settings.uri,
        auth=(settings.user, settings.resolve_password().get_secret_value()),
        connection_timeout=settings.connection_timeout_s,
        max_transaction_retry_time=settings.max_transaction_retry_time_s,
        connection_acquisition_timeout=settings.connection_acquisition_timeout_s,
        notifications_min_severity="OFF",
    )


def _with_reason(error: StorageError, reason: str) -> StorageError:
    error.reason = reason
    return error


@contextmanager
def translated(action: str) -> Iterator[None]:
    """Translate driver errors raised inside the block, once, into the graphmem error tree."""
    try:
        yield
    except (neo4j_exc.ServiceUnavailable, neo4j_exc.SessionExpired) as exc:
        raise _with_reason(
            StorageUnavailableError(f"Neo4j is unreachable while trying to {action}: {exc}"),
            f"{action}: unreachable",
        ) from exc
    except neo4j_exc.DatabaseUnavailable as exc:  # e.g. while the server shuts down
        raise _with_reason(
            StorageUnavailableError(f"Neo4j database unavailable ({action}): {exc}"),
            f"{action}: {exc.code}",
        ) from exc
    except neo4j_exc.AuthError as exc:
        raise _with_reason(
            StorageUnavailableError(f"Neo4j rejected the credentials ({action}): {exc}"),
            f"{action}: {exc.code}",
        ) from exc
    except neo4j_exc.Neo4jError as exc:
        raise _with_reason(
            StorageError(f"Neo4j failed to {action}: {exc.code}: {exc.message}"),
            f"{action}: {exc.code}",
        ) from exc
    except neo4j_exc.DriverError as exc:
        raise _with_reason(
            StorageError(f"Neo4j driver failed to {action}: {exc}"),
            f"{action}: {type(exc).__name__}",
        ) from exc
