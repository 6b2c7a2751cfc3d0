"""Overlap in an inferred add: the parts of the context keys (`domain.key_vectors`: their
lines, or their whole texts) and, with an offline extractor, the messages' own texts are
embedded on a worker thread while the add reads the store and parses the messages.
onnxruntime and torch release the GIL while they compute, so this embedding runs beside spaCy
and the Neo4j round trips instead of after them. The vectors are the ones the plan would
compute itself (the same texts through the same embedder); only when they are computed
changes. ``IndexingSettings.overlap_ingest`` turns it off."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from graphmem.domain.extraction import Message
from graphmem.domain.key_vectors import KeyVector, key_parts
from graphmem.ports.embedder import Embedder
from graphmem.services.context_keys import Turn, keys_for

Vectors = dict[str, list[float]]
WORKERS = 4  # concurrent adds each get their keys embedded; more wait in the queue


class KeyPrefetch:
    """A small pool, started on first use, that embeds an add's key texts."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    def start(
        self,
        messages: Sequence[Message],
        earlier: Sequence[Turn] | None,
        turns: int,
        mode: KeyVector = "composed",
        *,
        own: bool = False,
    ) -> Future[Vectors] | None:
        """Embed the parts of the key each message would get (none when ``earlier`` is None),
        and with ``own`` the messages' own texts first; None when there is nothing to embed."""
        texts = [m.content for m in messages if m.role != "system"] if own else []
        if earlier is not None:
            keys = keys_for(messages, [None] * len(messages), earlier, turns)
            texts += [p for k in keys if k is not None for p in key_parts(k.text, k.own, mode)]
        texts = list(dict.fromkeys(texts))
        if not texts:
            return None
        return self._executor().submit(self._embed, texts)

    def _embed(self, texts: list[str]) -> Vectors:
        return dict(zip(texts, self._embedder.embed(texts), strict=True))

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="graphmem-keys")
            return self._pool

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None
