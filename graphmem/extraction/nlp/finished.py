"""A work one is done with: the object of "finish" or "complete" ("I finished Dune", "we
completed the pottery course"), which ends reading, watching, playing, taking or doing it
(:mod:`.endings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs whose object is a work one was going through, now done.
FINISHERS = frozenset({"finish", "complete"})
#: The verbs that tell one is going through a work: reading, watching, playing it, taking or
#: doing a course.
WORK_VERBS = ("read", "watch", "play", "take", "do")


def finished_work(child: Token) -> Token | None:
    """The work a child of a finishing verb names, if it names one: its object ("Finished
    The Overstory": the small model may read the title as a complement), or the subject the
    parser gave the clause after it ("finished The Dispossessed, loved it": the title as the
    subject of "loved"). Not a gerund ("finished reading Dune" tells its own triplet) nor
    one made once more ("finished another painting": still at it)."""
    if child.dep_ == "ccomp":
        verb = child.head
        first = next((t for t in child.children if t.dep_ == "nsubj"), None)
        if first is None or first.left_edge.i != verb.i + 1 or first.pos_ == "PRON":
            return None
        child = first
    elif child.dep_ not in {"dobj", "oprd"}:
        return None
    if child.tag_ == "VBG" or _one_more(child):
        return None
    return child


def _one_more(thing: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ in {"a", "an", "another"} for c in thing.children)
