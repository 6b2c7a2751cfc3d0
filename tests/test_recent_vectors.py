"""The adds' cache of recent vectors (services/embedding_cache.RecentVectors): pure."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from graphmem.services.embedding_cache import RecentVectors
from tests.fakes import CountingEmbedder


def test_a_text_is_embedded_once_while_it_is_recent() -> None:
    inner = CountingEmbedder(second=0.1)
    recent = RecentVectors(inner, capacity=3)
    assert [v[0] for v in recent.embed(["a", "bb", "a"])] == [1.0, 2.0, 1.0]
    first = recent.embed(["ccc"])
    again = recent.embed(["bb", "ccc", "dddd"])
    assert inner.calls == [["a", "bb"], ["ccc"], ["dddd"]]
    assert again[1] == first[0]
    # float32, as the embedders compute and the store keeps: 0.1 comes back as its float32
    assert again[0] == [2.0, 0.10000000149011612]
    assert (recent.name, recent.dimension) == ("counting", 2)


def test_the_least_recently_used_text_goes_first() -> None:
    inner = CountingEmbedder(second=0.1)
    recent = RecentVectors(inner, capacity=2)
    recent.embed(["a", "bb"])
    recent.embed(["a"])  # used again: "bb" is now the oldest
    recent.embed(["ccc"])  # evicts "bb"
    recent.embed(["a", "bb"])
    assert inner.calls == [["a", "bb"], ["ccc"], ["bb"]]


def test_concurrent_adds_share_it_safely() -> None:
    inner = CountingEmbedder(second=0.1)
    recent = RecentVectors(inner, capacity=50)
    texts = [f"t{i}" * (i % 7 + 1) for i in range(200)]
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda t: recent.embed([t, "shared"]), texts))
    assert all(r[0][0] == float(len(t)) for r, t in zip(results, texts, strict=True))
    assert len(recent) == 50
