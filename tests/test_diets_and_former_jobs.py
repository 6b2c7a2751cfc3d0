"""A diet by any name ("I'm on a low-FODMAP diet", "Biscuit is on a grain-free diet") and a job
held before ("back home in Kharkiv I was an electrician"): readings found by a pet owner's and
a newcomer's chats (seventeenth stop; extraction/pattern_rules_life.py,
extraction/pattern_rules_personal.py)."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

SPEAKER = "Hana"
KNOWN = ("Biscuit",)


def triples(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, SPEAKER, KNOWN).triplets)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("I'm on a low-FODMAP diet.", (SPEAKER, "diet", "low-fodmap")),
        ("Biscuit is on a grain-free diet because of his stomach.",
         ("Biscuit", "diet", "grain-free")),
        ("we're on the Mediterranean diet these days", (SPEAKER, "diet", "mediterranean")),
        ("I'm on a keto diet now.", (SPEAKER, "diet", "keto")),
    ],
)  # fmt: skip
def test_a_diet_by_any_name(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    "text", ["I'm on a strict diet.", "I'm on a diet.", "I'm on a healthy diet these days."]
)
def test_how_strict_or_how_good_is_no_diet(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "diet"}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("back home in Kharkiv I was an electrician", "electrician"),
        ("I was a nurse for 20 years.", "nurse"),
    ],
)
def test_a_job_held_before_is_former(text: str, title: str) -> None:
    found = triples(text)
    assert (SPEAKER, "former_job_title", title) in found
    assert not {t for t in found if t[1] == "job_title"}  # no current job


@pytest.mark.parametrize("text", ["when I was a kid I loved trains", "I was a bit tired"])
def test_no_former_job_read_into_other_words(text: str) -> None:
    assert not {t for t in triples(text) if "job_title" in t[1]}
