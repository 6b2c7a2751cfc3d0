from __future__ import annotations

import pytest

from graphmem.lifecycle import (
    DEFAULT_FUNCTIONAL_PREDICATES,
    FunctionalPredicates,
    normalize_name,
    normalize_predicate,
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("lives_in", "lives_in"),
        ("Lives In", "lives_in"),
        ("lives-in", "lives_in"),
        ("  LIVES   IN  ", "lives_in"),
        ("LIVES_IN", "lives_in"),
        ("livesIn", "lives_in"),
        ("lives__in", "lives_in"),
        ("_lives in_", "lives_in"),
        ("works.at", "works_at"),
        ("job title", "job_title"),
        ("Ｌｉｖｅｓ Ｉｎ", "lives_in"),
        ("", ""),
        ("  --  ", ""),
    ],
)
def test_normalize_predicate(raw: str, expected: str) -> None:
    assert normalize_predicate(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Alice", "alice"),
        ("  Alice  ", "alice"),
        ("ALICE!!", "alice"),
        ('"Alice"', "alice"),
        ("The Louvre.", "louvre"),
        ("the   Hague", "hague"),
        ("New   York\tCity", "new york city"),
        ("Straße", "strasse"),
        ("AT&T", "at&t"),
        ("O'Brien", "o'brien"),
        ("(Tokyo)", "tokyo"),
        ("the", "the"),
        ("Theo", "theo"),
        ("Ｔｏｋｙｏ", "tokyo"),
        ("...", ""),
        ("", ""),
    ],
)
def test_normalize_name(raw: str, expected: str) -> None:
    assert normalize_name(raw) == expected


def test_normalize_name_is_idempotent() -> None:
    for raw in ["The Louvre.", "  New York ", "'quoted'", "Ｔｏｋｙｏ!", "O'Brien's"]:
        once = normalize_name(raw)
        assert normalize_name(once) == once


def test_default_set_contains_the_documented_minimum() -> None:
    for predicate in ["lives_in", "works_at", "job_title", "age", "relationship_status", "diet"]:
        assert predicate in DEFAULT_FUNCTIONAL_PREDICATES
    assert "likes" not in DEFAULT_FUNCTIONAL_PREDICATES
    assert "allergic_to" not in DEFAULT_FUNCTIONAL_PREDICATES
    assert "eats_with" not in DEFAULT_FUNCTIONAL_PREDICATES


def test_registry_membership_is_normalised() -> None:
    registry = FunctionalPredicates()
    assert "lives_in" in registry
    assert "Lives In" in registry
    assert "LIVES-IN" in registry
    assert "likes" not in registry
    assert 42 not in registry
    assert None not in registry


def test_registry_extra_predicates() -> None:
    registry = FunctionalPredicates(["Favorite Color", "  ", "shoe-size"])
    assert "favorite_color" in registry
    assert "shoe_size" in registry
    assert "lives_in" in registry
    assert "" not in registry
    assert len(registry) == len(DEFAULT_FUNCTIONAL_PREDICATES) + 2


def test_registry_without_defaults_and_iteration() -> None:
    registry = FunctionalPredicates(["b_pred", "a_pred"], include_defaults=False)
    assert list(registry) == ["a_pred", "b_pred"]
    assert registry.names == frozenset({"a_pred", "b_pred"})
    assert "lives_in" not in registry
    assert "a_pred" in repr(registry)


def test_registry_accepts_settings_list() -> None:
    from graphmem.settings import LifecycleSettings

    settings = LifecycleSettings(extra_functional_predicates=["blood type"])
    assert "blood_type" in FunctionalPredicates(settings.extra_functional_predicates)
