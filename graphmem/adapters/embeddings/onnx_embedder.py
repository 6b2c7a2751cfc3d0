"""all-MiniLM-L6-v2 on onnxruntime: the model's own tokenizer, the locally exported graph
(`onnx_export`), mean pooling over the attention mask and L2 normalisation — the same
steps sentence-transformers takes, without torch at query time."""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from graphmem.adapters.embeddings.local import PACKAGED_MODEL, packaged_model_dir
from graphmem.adapters.embeddings.onnx_export import ensure_onnx
from graphmem.errors import EmbeddingError
from graphmem.settings import EmbedderSettings

DIMENSION = 384
MAX_TOKENS = 256  # the packaged model's sentence_bert_config max_seq_length


def embedder_identity(model: str, runtime: str, variant: str) -> str:
    """What the stored vectors must match. torch and fp32 ONNX give the same vectors
    (cosine ≥ 0.9999, measured in benchmarks/onnx_embedder.py), so they share one identity;
    int8 vectors differ and get their own."""
    base = f"sentence-transformers/{model}"
    return base if runtime == "torch" or variant == "fp32" else f"{base}+onnx-{variant}"


class OnnxEmbedder:
    """Exports (first use, cached) and loads the session lazily; thread-safe."""

    def __init__(self, settings: EmbedderSettings) -> None:
        if settings.model != PACKAGED_MODEL:
            raise EmbeddingError(
                f"The onnx runtime serves the packaged {PACKAGED_MODEL} only, not "
                f"{settings.model!r}; set GRAPHMEM_EMBEDDER__RUNTIME=torch for other models."
            )
        self._settings = settings
        self._lock = threading.Lock()
        self._loaded: tuple[Any, Any] | None = None
        self._runner: ThreadPoolExecutor | None = None

    @property
    def name(self) -> str:
        return embedder_identity(self._settings.model, "onnx", self._settings.onnx_variant)

    @property
    def dimension(self) -> int:
        return DIMENSION

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._loaded is None:
                self._loaded = self._build()
        return self._loaded

    def _build(self) -> tuple[Any, Any]:
        import onnxruntime as ort
        from transformers import AutoTokenizer

        model_dir = packaged_model_dir()
        path = ensure_onnx(
            self._settings.onnx_dir, self._settings.model, model_dir, self._settings.onnx_variant
        )
        options = ort.SessionOptions()
        options.intra_op_num_threads = self._threads()
        options.inter_op_num_threads = 1
        # Idle workers sleep instead of spinning: on a busy machine spinning threads fight
        # Neo4j and the request handlers for the same cores.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            tokenizer = AutoTokenizer.from_pretrained(str(model_dir), local_files_only=True)
        except Exception as exc:  # any load failure is fatal and reported with its cause
            raise EmbeddingError(f"Could not load the ONNX embedder from {path}: {exc}") from exc
        return tokenizer, session

    def _batch_size(self) -> int:
        """int8 embeds every text alone: dynamic quantisation scales the activations over the
        whole batch, so in a batch a text's vector would depend on the texts beside it (cosine
        ~0.98-0.99 between two batchings). Alone it is one vector per text, whatever call it
        comes in, and no faster batched here: no padding (docs/benchmarks.md)."""
        return 1 if self._settings.onnx_variant == "int8" else self._settings.batch_size

    def _threads(self) -> int:
        return self._settings.threads or max(1, min(8, (os.cpu_count() or 2) // 2))

    def _workers(self) -> int:
        """How many batches run at once: the cores the intra-op threads leave idle."""
        wanted = self._settings.parallel_batches
        return wanted or max(1, (os.cpu_count() or 2) // self._threads())

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._runner is None:
                self._runner = ThreadPoolExecutor(
                    max_workers=self._workers(), thread_name_prefix="gm-onnx"
                )
            return self._runner

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        tokenizer, session = self._load()
        workers = self._workers()
        chunks = plan_batches([len(t) for t in texts], self._batch_size(), workers)
        # Tokenised here, one batch after another (a fast tokenizer must not be shared across
        # threads); the model runs the batches side by side (onnxruntime releases the GIL).
        feeds = [tokenize(tokenizer, [texts[i] for i in chunk]) for chunk in chunks]
        if len(feeds) == 1 or workers == 1:
            results = [infer(session, feed) for feed in feeds]
        else:
            results = list(self._pool().map(lambda feed: infer(session, feed), feeds))
        out: list[list[float]] = [[] for _ in texts]
        for chunk, vectors in zip(chunks, results, strict=True):
            for i, vector in zip(chunk, vectors.tolist(), strict=True):
                out[i] = vector
        return out


def plan_batches(lengths: Sequence[int], batch_size: int, workers: int) -> list[list[int]]:
    """Indexes of the texts per batch: ordered by length (as sentence-transformers does: less
    padding to compute), at most ``batch_size`` each, and split so that ``workers`` batches
    share a call of fewer texts than ``workers * batch_size``."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    size = max(1, min(batch_size, math.ceil(len(order) / max(1, workers))))
    return [order[start : start + size] for start in range(0, len(order), size)]


def tokenize(tokenizer: Any, texts: list[str]) -> dict[str, np.ndarray]:
    batch = tokenizer(
        texts, padding=True, truncation=True, max_length=MAX_TOKENS, return_tensors="np"
    )
    return {
        "input_ids": batch["input_ids"].astype(np.int64),
        "attention_mask": batch["attention_mask"].astype(np.int64),
        "token_type_ids": batch["token_type_ids"].astype(np.int64),
    }


def infer(session: Any, feeds: dict[str, np.ndarray]) -> np.ndarray:
    [hidden] = session.run(["last_hidden_state"], feeds)
    return mean_pool_normalised(hidden, feeds["attention_mask"])


def encode_batch(tokenizer: Any, session: Any, texts: list[str]) -> np.ndarray:
    return infer(session, tokenize(tokenizer, texts))


def mean_pool_normalised(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    weights = mask[..., None].astype(np.float32)
    summed = (hidden * weights).sum(axis=1)
    pooled = summed / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
