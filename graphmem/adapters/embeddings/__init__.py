"""Embedders: sentence-transformers (offline default) and OpenAI-compatible embeddings."""

from __future__ import annotations

from graphmem.errors import ConfigurationError
from graphmem.ports.embedder import Embedder
from graphmem.settings import EmbedderSettings


def make_embedder(settings: EmbedderSettings) -> Embedder:
    if settings.provider == "sentence-transformers":
        from graphmem.adapters.embeddings.local import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(settings)
    if settings.provider == "openai":
        from graphmem.adapters.embeddings.openai_embedder import OpenAIEmbedder

        return OpenAIEmbedder(settings)
    raise ConfigurationError(f"Unknown embedder provider {settings.provider!r}")
