"""The speaker-match rule on its own (pure; the ranked effect is in test_search.py)."""

from __future__ import annotations

from graphmem.search import speaker


def words(text: str) -> frozenset[str]:
    return speaker.query_words(text)


def test_named_speaker_matches_whole_name_only() -> None:
    assert speaker.score("Melanie", words("What books has Melanie read?"), 0.3) == 0.3
    assert speaker.score("Mary Ann", words("What did Mary say?"), 0.3) == 0.0
    assert speaker.score("Mary Ann", words("What did ann and mary say?"), 0.3) == 0.3


def test_first_person_never_matches() -> None:
    """ "I" names every memory the user said: it carries no information (issue 12 §3)."""
    assert speaker.score("user", words("What do I like?"), 0.4) == 0.0
    assert speaker.score("assistant", words("What do I like?"), 0.4) == 0.0


def test_no_actor_or_switched_off_scores_nothing() -> None:
    assert speaker.score(None, words("Melanie"), 0.3) == 0.0
    assert speaker.score("Melanie", words("Melanie"), 0.0) == 0.0
