"""The compact form of a vector that is compared but never searched through an index.

A memory stored with a context key is found through the key's vector; its own text's vector
is only read by exact comparisons (the gate, lifecycle candidates, dedupe, Dream), so it is
kept as int8 bytes (``byte[]`` in Neo4j): 384 bytes instead of 1,536 for MiniLM. Each vector
is scaled by its own largest component (127 / max |x|), so the form depends on that vector
alone, never on the batch it was embedded with. Cosine is scale-free, so Cypher's
``vector.similarity.cosine`` reads the bytes as they are. The kept direction has cosine above
0.9999 to the original, and a cosine to a query moves by about 3e-4 (under 2e-3 at worst;
``tests/test_vector_codec.py``), far below the gaps that rank memories."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def int8_bytes(vector: Sequence[float]) -> bytes:
    """``vector`` scaled to int8 by its largest absolute component, as bytes."""
    values = np.asarray(vector, dtype=np.float64)
    peak = float(np.max(np.abs(values))) if values.size else 0.0
    scale = 127.0 / peak if peak > 0 else 0.0
    return np.clip(np.rint(values * scale), -127, 127).astype(np.int8).tobytes()


def from_int8_bytes(data: bytes) -> list[float]:
    """The direction ``int8_bytes`` kept, as floats (unit length)."""
    values = np.frombuffer(data, dtype=np.int8).astype(np.float64)
    norm = float(np.linalg.norm(values))
    return (values / norm if norm > 0 else values).tolist()


def own_vector(embedding: Sequence[float], *, keyed: bool) -> dict[str, object]:
    """Where a memory's own text's vector is stored: ``embedding`` (float32, indexed) without a
    context key, ``text_embedding`` (int8 bytes, unindexed) beside one; the other is null."""
    if keyed:
        return {"embedding": None, "text_embedding": int8_bytes(embedding)}
    return {"embedding": list(embedding), "text_embedding": None}
