"""Reuses vectors already computed during one add (message texts embedded for context are
the memory texts on the verbatim and offline paths), so no text is embedded twice."""

from __future__ import annotations

from collections.abc import Sequence

from graphmem.ports.embedder import Embedder


class CachedEmbedder:
    def __init__(self, inner: Embedder, cache: dict[str, list[float]]) -> None:
        self._inner = inner
        self._cache = cache

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    @property
    def name(self) -> str:
        return self._inner.name

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            self._cache.update(zip(missing, self._inner.embed(missing), strict=True))
        return [self._cache[t] for t in texts]

    async def aembed(self, texts: Sequence[str]) -> list[list[float]]:
        return self.embed(texts)
