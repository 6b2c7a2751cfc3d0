"""`make demo`'s scenario through the REST API client (in-process app, real Neo4j)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from graphmem.client import GraphMemClient
from graphmem.demo import run_scenario
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j


def test_demo_scenario_over_http(
    app: FastAPI, make_key: MakeKey, user_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with TestClient(app, headers=bearer(make_key(user_ids=[user_id]))) as http:
        client = GraphMemClient(http_client=http)
        run_scenario(client, user=user_id)
    out = capsys.readouterr().out
    assert "ADD  I moved to Paris last week." in out
    assert "lifecycle: supersede" in out and ": applied" in out
    assert "superseded I live in Beijing." in out
    assert "relation: Alice -[allergic_to]-> shellfish" in out
    june = out.split("== June")[1].split("== July")[0]
    assert "(superseded)" not in june  # latest_only at the June reference date
