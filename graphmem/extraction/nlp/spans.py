"""Repairs to the parser's named-entity spans before anything reads them.

The small English model sometimes runs an entity on past its end: "I've been volunteering
at the food bank on Thursdays since January" gives the ORG "the food bank on Thursdays
since". A kept entity (:data:`.names.ENTITY_LABELS`) is cut before a preposition that
introduces a time ("on Thursdays", "since January", "in 2023"), and loses the function
words it ends with ("since", "and", "the"). A span left without a word is no entity.
The repaired spans replace the doc's, so entity types, triplet ends and concepts all see
the same spans.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from graphmem.extraction.nlp.names import ENTITY_LABELS, is_time_word

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_FUNCTION_POS = frozenset({"ADP", "SCONJ", "CCONJ", "DET", "PART", "PUNCT", "SPACE"})


def _cut(span: Span) -> Span | None:
    doc = span.doc
    end = span.end
    for token in span[1:]:
        after = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if token.pos_ in {"ADP", "SCONJ"} and after is not None and is_time_word(after):
            end = token.i
            break
    while end > span.start and doc[end - 1].pos_ in _FUNCTION_POS:
        end -= 1
    if end <= span.start:
        return None
    if end == span.end:
        return span
    return doc.char_span(doc[span.start].idx, doc[end - 1].idx + len(doc[end - 1]), span.label_)


def tidy_entities(doc: Doc) -> Doc:
    """``doc`` with its kept entities cut as the module says (in place; returned)."""
    tidied: list[Span] = []
    changed = False
    for ent in doc.ents:
        kept = _cut(ent) if ent.label_ in ENTITY_LABELS else ent
        changed = changed or kept is not ent
        if kept is not None:
            tidied.append(kept)
    if changed:
        doc.ents = tidied
    return doc
