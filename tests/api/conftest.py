"""API fixtures: the app on the session's Memory, a key store, and keys made per test."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api import create_app
from graphmem import Memory, Settings
from graphmem.services.keys import Keys

MakeKey = Callable[..., str]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="session")
def app(settings: Settings, memory: Memory) -> FastAPI:
    # The deadline is tested on its own (test_deadline.py, reliability/): here a loaded
    # machine must not turn a slow first embedding into a 503.
    api = settings.api.model_copy(update={"request_deadline_s": 60.0})
    return create_app(settings.model_copy(update={"api": api}), memory=memory)


@pytest.fixture(scope="session")
def keys(memory: Memory) -> Keys:
    return memory.keys


@pytest.fixture(scope="session")
def admin_token(keys: Keys) -> Iterator[str]:
    token, key = keys.create(admin=True)
    yield token
    keys.revoke(key.id)


@pytest.fixture
def make_key(keys: Keys) -> Iterator[MakeKey]:
    """``make_key(user_ids=[...], agent_ids=[...])`` -> token; revoked after the test."""
    made: list[str] = []

    def make(**binding: object) -> str:
        token, key = keys.create(**binding)  # type: ignore[arg-type]
        made.append(key.id)
        return token

    yield make
    for key_id in made:
        keys.revoke(key_id)


@pytest.fixture
def other_user() -> str:
    return f"test-other-{uuid.uuid4()}"


@pytest.fixture
def client(app: FastAPI, make_key: MakeKey, user_id: str) -> Iterator[TestClient]:
    """A client whose key is bound to this test's ``user_id``."""
    with TestClient(app, headers=bearer(make_key(user_ids=[user_id]))) as test_client:
        yield test_client


@pytest.fixture
def admin(app: FastAPI, admin_token: str) -> Iterator[TestClient]:
    with TestClient(app, headers=bearer(admin_token)) as test_client:
        yield test_client
