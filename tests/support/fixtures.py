"""Pytest fixtures for the test support helpers (imported by tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.openai_server import OpenAICompatServer


@pytest.fixture
def openai_server() -> Iterator[OpenAICompatServer]:
    """A real OpenAI-compatible server on 127.0.0.1; script answers with ``.script(...)``."""
    with OpenAICompatServer() as server:
        yield server
