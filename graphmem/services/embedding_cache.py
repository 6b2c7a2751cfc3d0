"""An embedder that remembers vectors, so no text is embedded twice.

Inside one add, the message texts embedded for context are the memory texts on the verbatim
and offline paths: the add shares one cache with the context step. An import embeds a whole
batch's texts in one call (``prefetch``) and each add of the batch then finds its vector here.
`RecentVectors` keeps the last texts' vectors across adds.
"""

from __future__ import annotations

import hashlib
import threading
from array import array
from collections import OrderedDict
from collections.abc import Sequence

from graphmem.ports.embedder import Embedder


class _Wrapping:
    """An embedder in front of another: the same identity and dimension."""

    def __init__(self, inner: Embedder) -> None:
        self._inner = inner

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    @property
    def name(self) -> str:
        return self._inner.name


class CachedEmbedder(_Wrapping):
    def __init__(self, inner: Embedder, cache: dict[str, list[float]] | None = None) -> None:
        super().__init__(inner)
        self._cache = {} if cache is None else cache

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            self._cache.update(zip(missing, self._inner.embed(missing), strict=True))
        return [self._cache[t] for t in texts]

    def prefetch(self, texts: Sequence[str]) -> None:
        """Embed a batch's texts in one call; forgets the vectors of earlier batches."""
        self._cache.clear()
        self.embed(texts)


class RecentVectors(_Wrapping):
    """An embedder that keeps the vectors of the last ``capacity`` texts it embedded, across
    adds (thread-safe). A conversation stored one turn per call embeds each turn's line once:
    the next adds find it here when it is part of their context keys
    (`domain.key_vectors`). Same text, same embedder, same vector: only when it is computed
    changes. Vectors are kept as float32, the precision the embedders compute and the store
    keeps, under a 16-byte digest of their text (so long texts cost no memory here)."""

    def __init__(self, inner: Embedder, capacity: int) -> None:
        super().__init__(inner)
        self._capacity = capacity
        self._kept: OrderedDict[bytes, array[float]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many texts' vectors are kept (at most ``capacity``)."""
        with self._lock:
            return len(self._kept)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        digests = {t: _digest(t) for t in texts}
        found = self._recall(digests)
        missing = list(dict.fromkeys(t for t in texts if t not in found))
        if missing:
            fresh = dict(zip(missing, self._inner.embed(missing), strict=True))
            found.update({t: array("f", v) for t, v in fresh.items()})
            self._keep({digests[t]: found[t] for t in missing})
        return [found[t].tolist() for t in texts]

    def _recall(self, digests: dict[str, bytes]) -> dict[str, array[float]]:
        with self._lock:
            found = {t: self._kept[d] for t, d in digests.items() if d in self._kept}
            for text in found:
                self._kept.move_to_end(digests[text])
        return found

    def _keep(self, vectors: dict[bytes, array[float]]) -> None:
        with self._lock:
            self._kept.update(vectors)
            while len(self._kept) > self._capacity:
                self._kept.popitem(last=False)


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()
