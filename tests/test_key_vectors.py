"""What a context key's vector is made of (graphmem.domain.key_vectors): pure functions."""

from __future__ import annotations

import math

import pytest

from graphmem.domain.key_vectors import OWN_WEIGHT, compose, key_parts, line
from graphmem.errors import EmbeddingError


def test_parts_are_the_context_lines_then_the_own_turn() -> None:
    own = line("Ben", "Yes.\nTwice, in fact.")  # a turn may span lines: it stays one part
    key = "Ann: Did you go?\n\nAnn: To the pottery class, I mean.\n" + own
    assert key_parts(key, own) == [
        "Ann: Did you go?",
        "Ann: To the pottery class, I mean.",
        "Ben: Yes.\nTwice, in fact.",
    ]


def test_a_key_that_does_not_end_with_its_turn_is_split_into_lines() -> None:
    assert key_parts("A: one\nB: two", "C: other") == ["A: one", "B: two"]


def test_embedded_mode_has_the_whole_text_as_one_part() -> None:
    assert key_parts("A: one\nB: two", "B: two", "embedded") == ["A: one\nB: two"]


def test_parts_weigh_by_length_and_the_own_turn_more() -> None:
    context, own = "x" * 30, "y" * 10
    vector = compose([context, own], [[2.0, 0.0], [0.0, 1.0]])  # not unit: normalised first
    expected = [30.0, 10.0 * OWN_WEIGHT]
    norm = math.hypot(*expected)
    assert vector == pytest.approx([e / norm for e in expected])
    assert math.hypot(*vector) == pytest.approx(1.0)


def test_one_part_gives_its_own_direction() -> None:
    assert compose(["only"], [[3.0, 4.0]]) == pytest.approx([0.6, 0.8])


@pytest.mark.parametrize(
    ("parts", "vectors"),
    [
        ([], []),
        (["a", "b"], [[1.0, 0.0]]),
        (["a", "b"], [[1.0, 0.0], [0.0, 0.0]]),
        (["aa", "b"], [[1.0, 0.0], [-1.0, 0.0]]),  # 2 x (1, 0) + 1 x 2 x (-1, 0) = 0
    ],
)
def test_parts_without_a_direction_fail_loudly(
    parts: list[str], vectors: list[list[float]]
) -> None:
    with pytest.raises(EmbeddingError):
        compose(parts, vectors)
