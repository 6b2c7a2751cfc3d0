"""What a context key's vector is made of (services/context_keys.py says what a key is).

With ``"composed"`` (``IndexingSettings.key_vector``, the default) the vector is the sum of
its parts' unit vectors, each line of the context and then the turn's own line, each weighted
by its length in characters and the own line ``OWN_WEIGHT`` times more, normalised. A line is
embedded once and serves every key it appears in, so an add embeds each turn's line instead of
a three-turn text per turn. With ``"embedded"`` the key's text is the one part. The add, its
prefetch and `migrate --reembed` all go through `key_parts` and `compose`, so the same key
gets the same vector on every path. docs/benchmarks.md, "Composed context-key vectors", has
the measurements.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from graphmem.errors import EmbeddingError

#: How much more the turn's own line weighs in its key's vector than a context line of the
#: same length (chosen on LoCoMo conversations 1–3, where 1.5–3 gave the same recall).
OWN_WEIGHT = 2.0
KeyVector = Literal["composed", "embedded"]


def line(speaker: str | None, text: str) -> str:
    """One turn as a key holds it: ``speaker: text``."""
    return f"{speaker}: {text}" if speaker else text


def key_parts(key_text: str, own_line: str, mode: KeyVector = "composed") -> list[str]:
    """The texts a key's vector is made of: with ``"composed"`` each non-blank line of its
    context, then the turn's own line (the key's text ends with it; a key that does not is
    split into its lines, the last counting as the own one); with ``"embedded"`` the whole
    text."""
    if mode == "embedded":
        return [key_text]
    if own_line and key_text.endswith(own_line):
        context = key_text[: len(key_text) - len(own_line)]
    else:
        context, _, own_line = key_text.rpartition("\n")
    return [*(part for part in context.split("\n") if part.strip()), own_line]


def compose(parts: Sequence[str], vectors: Sequence[Sequence[float]]) -> list[float]:
    """The key vector of ``parts`` (`key_parts`) from their vectors, same order."""
    if not parts or len(parts) != len(vectors):
        raise EmbeddingError("a context key needs one vector per part")
    summed = [0.0] * len(vectors[0])
    for index, (part, vector) in enumerate(zip(parts, vectors, strict=True)):
        norm = math.sqrt(math.fsum(x * x for x in vector))
        if norm == 0.0:
            raise EmbeddingError("a context key's part has a zero vector")
        weight = max(len(part), 1) * (OWN_WEIGHT if index == len(parts) - 1 else 1.0) / norm
        summed = [s + weight * x for s, x in zip(summed, vector, strict=True)]
    length = math.sqrt(math.fsum(x * x for x in summed))
    if length == 0.0:
        raise EmbeddingError("a context key's part vectors cancel out")
    return [x / length for x in summed]
