"""The int8 form of an unindexed vector (pure): the cosine it keeps, its independence from
other vectors, and where a memory's own text's vector goes."""

from __future__ import annotations

import numpy as np
import pytest

from graphmem.adapters.neo4j.vector_codec import from_int8_bytes, int8_bytes, own_vector


def _unit(rng: np.random.Generator, n: int = 384) -> np.ndarray:
    v = rng.standard_normal(n)
    return v / np.linalg.norm(v)


def test_int8_keeps_the_cosine_to_any_query() -> None:
    rng = np.random.default_rng(7)
    moves = []
    for _ in range(200):
        stored, query = _unit(rng), _unit(rng)
        kept = np.asarray(from_int8_bytes(int8_bytes(stored)))
        assert float(kept @ stored) > 0.9999
        moves.append(abs(float(kept @ query) - float(stored @ query)))
    assert float(np.median(moves)) < 5e-4 and max(moves) < 2e-3


def test_the_form_depends_on_the_vector_alone() -> None:
    rng = np.random.default_rng(3)
    v = _unit(rng)
    data = int8_bytes(v)
    assert len(data) == 384
    assert int8_bytes(v * 5.0) == data  # scaled by its own peak, not by a batch
    assert max(abs(b) for b in np.frombuffer(data, dtype=np.int8)) == 127


def test_a_zero_vector_stays_zero() -> None:
    assert from_int8_bytes(int8_bytes([0.0, 0.0, 0.0])) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("keyed", [False, True])
def test_own_vector_goes_to_the_index_only_without_a_key(keyed: bool) -> None:
    row = own_vector([0.6, 0.8], keyed=keyed)
    if keyed:
        assert row["embedding"] is None and isinstance(row["text_embedding"], bytes)
    else:
        assert row == {"embedding": [0.6, 0.8], "text_embedding": None}
