"""Words of chat etiquette are no concepts: "Thanks, Mel!", "Cool! Super excited", "Congrats
on the new job!" made entities "thank", "Cool", "Super" and "congrat", hubs that every such
turn mentioned (in LoCoMo conversation 1, "thank" was one of the most mentioned entities)."""

from __future__ import annotations

import pytest

from graphmem.extraction.phrases import clean_name
from tests.support.nlp_reading import read_one

ME = "Noor"
CHAT = {"thank", "thanks", "cool", "super", "congrat", "congrats", "wow", "hey", "sorry"}


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, Mel! Your support means a lot.",
        "Cool! Super excited for you.",
        "Congrats on the new job!",
        "Hey Sam, sorry I missed your call.",
        "Wow, thanks so much for the tips!",
    ],
)
def test_chat_words_are_no_concepts(text: str) -> None:
    names = {e.name.lower() for e in read_one(text, ME).entities}
    assert not names & CHAT


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("Thanks, Mel! Your support means a lot.", "support"),
        ("Congrats on the new job!", "job"),
        ("Super Mario is my favourite game.", "Super Mario"),
    ],
)
def test_the_things_named_beside_them_still_are(text: str, concept: str) -> None:
    assert concept in {e.name for e in read_one(text, ME).entities}


@pytest.mark.parametrize("word", ["Glad", "Awesome", "Yay", "Wow"])
def test_a_chat_word_is_never_a_name(word: str) -> None:
    """ "Glad" once became a PERSON, and every turn with "glad" in it then mentioned it."""
    assert clean_name(word) is None
    assert clean_name(f"{word} Caroline") == "Caroline"


@pytest.mark.parametrize("name", ["Nice", "Super Mario"])
def test_a_place_or_title_spelled_like_a_chat_word_stays(name: str) -> None:
    assert clean_name(name) == name
