"""Statements: the one way adapters run a named statement from ``cypher/`` on the driver.

Every read and write goes through :meth:`Statements.read` or :meth:`Statements.write`, so the
routing, the database and the translation of driver errors into the graphmem error tree are
written once. Explicit transactions (several statements that must commit together) open a
:meth:`in_write_tx`, or a :meth:`session` under ``translated``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import neo4j
from neo4j import exceptions as neo4j_exc

from graphmem.adapters.neo4j.driver import translated
from graphmem.cypher_catalog import query

T = TypeVar("T")


class Statements:
    """Named statements on one driver and database; ``action`` names the step for errors."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.driver = driver
        self.database = database

    def read(self, name: str, action: str, **params: Any) -> list[neo4j.Record]:
        return self._run(name, action, neo4j.RoutingControl.READ, params)

    def read_once(self, name: str, action: str, **params: Any) -> list[neo4j.Record]:
        """A read in one round trip: an auto-commit query (RUN and PULL, no BEGIN or COMMIT),
        for the search path, whose signals have a deadline of their own. Not retried for
        seconds like a managed transaction: only a connection found dead before the answer
        (a pooled connection to a server that restarted) is tried once more, on a fresh one.
        Bookmarks as in ``read``, so a search sees the writes made before it."""
        with translated(action):
            try:
                return self._autocommit(name, params)
            except (neo4j_exc.ServiceUnavailable, neo4j_exc.SessionExpired):
                return self._autocommit(name, params)

    def _autocommit(self, name: str, params: dict[str, Any]) -> list[neo4j.Record]:
        with self.driver.session(
            database=self.database,
            default_access_mode=neo4j.READ_ACCESS,
            bookmark_manager=self.driver.execute_query_bookmark_manager,
        ) as session:
            return list(session.run(query(name), params))

    def write(self, name: str, action: str, **params: Any) -> list[neo4j.Record]:
        return self._run(name, action, neo4j.RoutingControl.WRITE, params)

    def session(self) -> neo4j.Session:
        return self.driver.session(database=self.database)

    def in_write_tx(self, action: str, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(tx, *args)`` as one managed write transaction (retried on transient
        errors by the driver), errors translated."""
        with translated(action), self.session() as s:
            return s.execute_write(work, *args)

    def write_autocommit(self, name: str, action: str, **params: Any) -> None:
        """Run a statement that manages its own transactions (``CALL {} IN TRANSACTIONS``),
        which Neo4j accepts only in an auto-commit transaction."""
        with translated(action), self.session() as s:
            s.run(query(name), params).consume()

    def _run(
        self, name: str, action: str, routing: neo4j.RoutingControl, params: dict[str, Any]
    ) -> list[neo4j.Record]:
        with translated(action):
            return self.driver.execute_query(
                query(name), params, database_=self.database, routing_=routing
            ).records
