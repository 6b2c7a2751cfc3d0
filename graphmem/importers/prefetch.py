"""An embedder that answers from vectors computed ahead, one call per import batch.

Records with their own metadata (a LoCoMo turn's ``dia_id``) need one ``Memory.add`` each;
embedding is most of an add's cost, so the importer embeds the whole batch's texts at once
and each add then finds its vector here."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from graphmem.ports.embedder import Embedder


class PrefetchEmbedder:
    def __init__(self, inner: Embedder) -> None:
        self._inner = inner
        self._ahead: dict[str, list[float]] = {}

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    @property
    def name(self) -> str:
        return self._inner.name

    def prefetch(self, texts: Sequence[str]) -> None:
        """Embed a batch's texts in one call; replaces the previous batch's vectors."""
        unique = list(dict.fromkeys(texts))
        self._ahead = dict(zip(unique, self._inner.embed(unique), strict=True))

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self._ahead))
        computed = dict(zip(missing, self._inner.embed(missing), strict=True)) if missing else {}
        return [self._ahead.get(t) or computed[t] for t in texts]

    async def aembed(self, texts: Sequence[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed, texts)
