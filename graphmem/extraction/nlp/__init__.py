"""The spaCy-based extractor, graphmem's offline default (docs/extraction.md)."""

from graphmem.extraction.nlp.extractor import NLPExtractor
from graphmem.extraction.nlp.pipeline import MODEL_PACKAGE, load_pipeline

__all__ = ["MODEL_PACKAGE", "NLPExtractor", "load_pipeline"]
