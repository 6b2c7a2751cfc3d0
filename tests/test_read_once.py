"""The search path's one-round-trip reads (``Statements.read_once``): a pooled connection that
died while idle (Neo4j restarted, a middlebox cut it) costs one more try on a fresh
connection, not a failed search; a server that stays away still fails with the typed error."""

from __future__ import annotations

from collections.abc import Iterator

import neo4j
import pytest

from graphmem import Settings
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.adapters.neo4j.statements import Statements
from graphmem.errors import StorageUnavailableError
from tests.api.tcp_proxy import TcpProxy

pytestmark = pytest.mark.neo4j

STATEMENT = "search/scope_keys_by_user"
PARAMS = {"user_id": "nobody", "agent_id": None, "run_id": None, "states": ["active"]}


@pytest.fixture
def statements(settings: Settings, proxy: TcpProxy) -> Iterator[Statements]:
    neo = settings.neo4j.model_copy(
        update={"uri": f"bolt://127.0.0.1:{proxy.port}", "connection_timeout_s": 1.0}
    )
    driver = make_driver(neo)
    yield Statements(driver, neo.database)
    driver.close()


def _cut_idle_connections(statements: Statements, proxy: TcpProxy) -> None:
    """One read leaves a connection in the pool; the proxy then cuts it."""
    assert statements.read_once(STATEMENT, "warm the pool", **PARAMS) == []
    proxy.restore()  # cuts every forwarded connection; new ones still reach Neo4j


def test_a_connection_cut_while_idle_is_retried_once(
    statements: Statements, proxy: TcpProxy
) -> None:
    _cut_idle_connections(statements, proxy)
    assert statements.read_once(STATEMENT, "read after the cut", **PARAMS) == []


def test_without_the_retry_the_cut_connection_fails(
    statements: Statements, proxy: TcpProxy
) -> None:
    """The test above has teeth: the same read without its second try fails."""
    _cut_idle_connections(statements, proxy)
    with pytest.raises((neo4j.exceptions.ServiceUnavailable, neo4j.exceptions.SessionExpired)):
        statements._autocommit(STATEMENT, PARAMS)  # pyright: ignore[reportPrivateUsage]


def test_a_server_that_stays_away_is_a_typed_error(statements: Statements, proxy: TcpProxy) -> None:
    _cut_idle_connections(statements, proxy)
    proxy.stop()
    with pytest.raises(StorageUnavailableError, match="unreachable"):
        statements.read_once(STATEMENT, "read while away", **PARAMS)
