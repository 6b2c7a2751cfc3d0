"""Nouns that count, measure or sort what follows their "of": "a lot of sugar", "a glass of
red wine", "two cups of coffee", "a kind of pasta". The thing is what follows; the extractor
takes it as the value (:mod:`graphmem.extraction.nlp.triplets`), and the lifecycle reads the
count as describing the value, not as more told (:func:`graphmem.lifecycle.words.value_modifiers`).
"""

from __future__ import annotations

QUANTITY_NOUNS: frozenset[str] = frozenset(
    """
    lot lots bunch ton tons plenty load loads couple handful pair cup cups glass glasses
    bottle bottles can cans pint pints pack packs bowl bowls slice slices piece pieces bit
    kind sort type variety
    """.split()  # noqa: SIM905
)
