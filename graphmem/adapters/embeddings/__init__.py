"""Embedders: all-MiniLM-L6-v2 offline (onnxruntime by default, or torch through
sentence-transformers) and OpenAI-compatible embeddings."""

from __future__ import annotations

from graphmem.errors import ConfigurationError
from graphmem.ports.embedder import Embedder
from graphmem.settings import EmbedderSettings


def make_embedder(settings: EmbedderSettings) -> Embedder:
    if settings.provider == "sentence-transformers" and settings.runtime == "onnx":
        from graphmem.adapters.embeddings.onnx_embedder import OnnxEmbedder

        return OnnxEmbedder(settings)
    if settings.provider == "sentence-transformers":
        from graphmem.adapters.embeddings.local import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(settings)
    if settings.provider == "openai":
        from graphmem.adapters.embeddings.openai_embedder import OpenAIEmbedder

        return OpenAIEmbedder(settings)
    raise ConfigurationError(f"Unknown embedder provider {settings.provider!r}")
