"""The spaCy-based extractor, graphmem's offline default (docs/extraction.md)."""

from graphmem.extraction.nlp.extractor import NLPExtractor, Parts
from graphmem.extraction.nlp.pipeline import MODEL_PACKAGE, load_pipeline

__all__ = ["MODEL_PACKAGE", "NLPExtractor", "Parts", "load_pipeline"]
