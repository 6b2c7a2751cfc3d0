"""A liking whose object is a relative clause's gap names nothing: "Everyone we love was there"
has no thing loved to read, and "was" must not become an entity (each later memory with the
word "was" in it would then mention that entity)."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

ME = "Noor"


@pytest.mark.parametrize(
    "text",
    [
        "Everyone we love was there to celebrate us - it was really special.",
        "Everything we love is here now.",
        "All the people I adore were at the party.",
        "The songs we like don't get played on the radio.",
    ],
)
def test_a_verb_after_the_liking_is_no_thing_liked(text: str) -> None:
    memory = read_one(text, ME)
    assert not [t for t in memory.triplets if t.predicate == "likes"]
    names = {e.name.lower() for e in memory.entities}
    assert not names & {"was", "is", "were", "are", "don't", "do"}


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("I love the beach.", "beach"),
        ("We really enjoy board games.", "board games"),
        ("I like being outdoors.", "being outdoors"),
    ],
)
def test_a_thing_liked_is_still_read(text: str, liked: str) -> None:
    assert (ME, "likes", liked) in facts(read_one(text, ME).triplets)
