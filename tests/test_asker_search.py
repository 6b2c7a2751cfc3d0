"""A question about the asker's own facts ranks the asker's fact above another person's that
its words match as well (graphmem/search/asker.py; the ranked effect on a real Neo4j)."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.search.asker import about_asker, named


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Where do I live?", True),
        ("What car do we drive now?", True),
        ("Where does my sister live?", False),  # a relational phrase: about the sister
        ("What should I cook for my partner?", False),
        ("Does Joana work nights?", False),  # another name
        ("What should I pack for Lena's wedding?", False),
        ("Where is the nearest pharmacy?", False),  # no first-person subject
        ("What's my job?", True),  # "my" with no relational phrase: the asker's own
    ],
)
def test_about_the_asker(query: str, expected: bool) -> None:
    assert about_asker(query) is expected


def _tell(memory: Memory, user_id: str, said: list[tuple[str, str]]) -> None:
    for day, text in said:
        memory.add(
            [{"role": "user", "name": "Ilse", "content": text}], user_id=user_id, timestamp=day
        )


def test_the_askers_own_fact_ranks_above_a_friends(memory: Memory, user_id: str) -> None:
    _tell(
        memory,
        user_id,
        [
            ("2026-01-10", "We live in Utrecht, near the old canal."),
            ("2026-02-01", "My colleague Pieter just moved to Groningen."),
            ("2026-03-15", "We moved to Haarlem in March."),
            ("2026-04-02", "My cousin Femke lives in Maastricht now."),
        ],
    )
    found = memory.search("Where do I live?", user_id=user_id, top_k=3, explain=True)
    assert found.results[0].text == "We moved to Haarlem in March."
    assert found.explain is not None
    assert "asked about the asker" in found.explain.signals["triplet"]
    # about someone else: that person's fact is first
    other = memory.search("Where does my cousin live?", user_id=user_id, top_k=3)
    assert other.results[0].text == "My cousin Femke lives in Maastricht now."


def test_my_job_is_the_askers_not_the_partners(memory: Memory, user_id: str) -> None:
    _tell(
        memory,
        user_id,
        [
            ("2026-01-03", "I'm a pharmacist at a clinic in Leiden. My husband Joost paints."),
            ("2026-03-20", "Joost got a new job at a design studio in Delft."),
        ],
    )
    found = memory.search("What's my job?", user_id=user_id, top_k=2)
    assert found.results[0].text.startswith("I'm a pharmacist")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What is Bruno's job?", "bruno"),
        ("Where does Lena work these days?", "lena"),
        ("What did I give Bruno?", None),  # the asker too
        ("Did Bruno meet Lena?", None),  # two names
        ("Where is the nearest pharmacy?", None),
    ],
)
def test_about_one_named_person(query: str, expected: str | None) -> None:
    assert named(query) == expected


def test_a_named_persons_fact_ranks_above_anothers_that_its_words_match(
    memory: Memory, user_id: str
) -> None:
    """Two friends talk: "What is Bruno's job?" meets Ana's husband's new job by its words
    and Bruno's promotion by its fact (``Bruno job_title head chef``)."""
    sessions = [
        ("2026-05-19", [("Bruno", "I finally signed up for the pottery class."),
                        ("Ana", "Nice! My husband got a new job in Porto, so we might move.")]),
        ("2026-09-12", [("Ana", "We moved to Porto last week."),
                        ("Bruno", "How exciting! I got promoted to head chef at the bistro.")]),
    ]  # fmt: skip
    for day, turns in sessions:
        said = [{"role": "user", "name": who, "content": text} for who, text in turns]
        memory.add(said, user_id=user_id, timestamp=day)
    found = memory.search("What is Bruno's job?", user_id=user_id, top_k=3, explain=True)
    assert found.results[0].text == "How exciting! I got promoted to head chef at the bistro."
    assert found.explain is not None
    assert "state only others' facts" in found.explain.signals["triplet"]
