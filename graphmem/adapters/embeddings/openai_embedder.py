"""Embeddings from any OpenAI-compatible ``/v1/embeddings`` endpoint."""

from __future__ import annotations

import math
from collections.abc import Sequence

import openai

from graphmem.errors import ConfigurationError, EmbeddingError
from graphmem.settings import EmbedderSettings


class OpenAIEmbedder:
    def __init__(self, settings: EmbedderSettings) -> None:
        if settings.dimensions is None:
            raise ConfigurationError(
                "GRAPHMEM_EMBEDDER__DIMENSIONS is required with the openai embedder "
                "(e.g. 1536 for text-embedding-3-small)."
            )
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
        self._client = openai.OpenAI(base_url=settings.openai_base_url, api_key=key or "unset")
        self._settings = settings
        self._dimension = settings.dimensions

    @property
    def name(self) -> str:
        return f"openai/{self._settings.model}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out: list[list[float]] = []
        size = self._settings.batch_size
        for start in range(0, len(texts), size):
            out.extend(self._batch(list(texts[start : start + size])))
        return out

    def _batch(self, texts: list[str]) -> list[list[float]]:
        try:
            response = self._client.embeddings.create(
                model=self._settings.model, input=texts, dimensions=self._dimension
            )
        except openai.OpenAIError as exc:
            raise EmbeddingError(f"Embedding request failed: {exc}") from exc
        vectors = [item.embedding for item in sorted(response.data, key=lambda d: d.index)]
        if any(len(v) != self._dimension for v in vectors):
            raise EmbeddingError(
                f"The endpoint returned vectors of size {len(vectors[0])}, "
                f"expected {self._dimension}"
            )
        return [_unit(v) for v in vectors]


def _unit(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]
