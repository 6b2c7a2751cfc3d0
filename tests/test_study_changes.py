"""What one studies, told as a major or a switch: "I'm majoring in economics", "Lina changed her
major to chemistry", "I switched to studying law", "Tom switched from studying medicine to
law" (which ends studying medicine, not every habit of "studying")."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

ME = "Ilse"
PEOPLE = ("Lina", "Tom", "Jonas")


@pytest.mark.parametrize(
    ("text", "who", "subject"),
    [
        ("I'm majoring in economics.", ME, "economics"),
        ("Jonas majors in art history at Lund.", "Jonas", "art history"),
        ("I changed my major to biology.", ME, "biology"),
        ("Lina switched her major to chemistry last term.", "Lina", "chemistry"),
        ("I switched to studying law.", ME, "law"),
        ("Tom went back to studying architecture.", "Tom", "architecture"),
        ("I switched from studying medicine to nursing.", ME, "nursing"),
    ],
)
def test_a_subject_told_as_a_major_or_a_switch_is_studied(
    text: str, who: str, subject: str
) -> None:
    assert (who, "study", subject) in facts(read_one(text, ME, PEOPLE).triplets)


def test_a_switch_from_studying_ends_that_subject_only() -> None:
    memory = read_one("Tom switched from studying medicine to law.", ME, PEOPLE)
    assert ("Tom", "study", "law") in facts(memory.triplets)
    ended = facts(memory.denied)
    assert ("Tom", "study", "medicine") in ended
    assert not [t for t in ended if t[2] in {"studying", "law"}]


def test_a_switch_between_things_is_no_study() -> None:
    memory = read_one("I switched from coffee to green tea.", ME)
    assert not [t for t in facts(memory.triplets) if t[1] == "study"]
