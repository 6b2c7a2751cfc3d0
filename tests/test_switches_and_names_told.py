"""Names the small model runs together or cuts short, and the two ends of a change told
between names (extraction/nlp/repairs.py, extraction/nlp/triplets.py,
extraction/phrases.trailing_name; found by a teenage gamer's chat, nineteenth stop). The
sentences here are other wordings than the one that found them."""

from __future__ import annotations

from functools import partial

import pytest

from tests.support.nlp_reading import denied, read_one, told

SPEAKER = "Noor"

triples = partial(told, speaker=SPEAKER)
denials = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "left", "joined"),
    [
        ("I switched from Valorant to Overwatch over the summer.", "Valorant", "Overwatch"),
        ("Honestly I moved from Spotify to Tidal, the sound is better", "Spotify", "Tidal"),
        ("We changed from Octopus to Ovo last month.", "Octopus", "Ovo"),
    ],
)
def test_a_change_between_names_ends_the_one_left(text: str, left: str, joined: str) -> None:
    """The model reads "Valorant to Overwatch" as one organisation; the "to" hangs from the
    verb, so the name ends before it, and the habit of the one left ends."""
    names = {e.name for e in read_one(text, SPEAKER).entities}
    assert not any(" to " in name for name in names), names
    facts = triples(text)
    assert any(p.endswith("_from") and t == left for _, p, t in facts), facts
    assert not any(left in t and joined in t for _, _, t in facts), facts


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "My brother switched from Fortnite to Minecraft.",
            ("Noor's Brother", "switch_to", "Minecraft"),
        ),
        (
            "Honestly I moved from Spotify to Tidal, the sound is better",
            (SPEAKER, "move_to", "Tidal"),
        ),
        (
            "I switched from Valorant to Overwatch over the summer.",
            (SPEAKER, "prefers", "Overwatch"),
        ),
    ],
)
def test_the_end_switched_to_is_read_wherever_the_parser_hangs_its_to(
    text: str, wanted: tuple[str, str, str]
) -> None:
    assert wanted in triples(text)


def test_the_game_left_is_no_longer_played() -> None:
    assert (SPEAKER, "play", "Valorant") in denials("I switched from Valorant to Overwatch.")


@pytest.mark.parametrize(
    ("text", "wanted", "unwanted"),
    [
        ("I work at the University of Bristol.", "University of Bristol", "Bristol"),
        ("my sister is working remote for the Bank of England", "Bank of England", "England"),
    ],
)
def test_a_workplace_named_across_of_is_one_name(text: str, wanted: str, unwanted: str) -> None:
    places = {t for _, p, t in triples(text) if p == "works_at"}
    assert any(wanted in place for place in places), places
    assert unwanted not in places, places
