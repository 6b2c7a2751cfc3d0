"""A change told in a later memory's own words ranks it above the earlier memory on the
topic the question names, for a question about now, and below it for a past one
(graphmem/search/told_changes.py): pure pairs, then search against the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.search.told_changes import tells_change, told_changes
from tests.support.telling import scorer, teller

_m = scorer("Nadia")


@pytest.mark.parametrize(
    "text",
    [
        "Hawthorn Hall double booked us so the wedding moved to Ashby Barn.",
        "my sister Hanna is stepping in as maid of honour",
        "Metformin upped to 1000mg, stomach is not happy about it",
        "Team grew to 8 with two new hires",
        "piano is now with a guy named Ibrahim on Saturdays",
        "So my friend Kelechi is coming instead",
        "Priya's taking over the team in May.",
        "We switched over to oat milk.",
        "Ozone put prices up so we switched beans to Square Mile",
        "Mum's warfarin was swapped for apixaban, twice a day",
    ],
)
def test_a_change_told_in_words(text: str) -> None:
    assert tells_change(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm so tired right now.",
        "Just now I saw a fox in the garden.",
        "Let's keep the old sofa for now.",
        "Now that the kids are older we travel more.",
        "We moved the sofa into the hall.",
    ],
)
def test_no_change_told(text: str) -> None:
    assert not tells_change(text)


@pytest.mark.parametrize(
    ("query", "older", "newer"),
    [
        (
            "Where is the wedding?",
            "Wedding is set for September 12th at Hawthorn Hall!",
            "Hawthorn Hall double booked us so the wedding moved to Ashby Barn.",
        ),
        (
            "Who is my maid of honour?",
            "My maid of honour is my best friend Saoirse.",
            "Saoirse is pregnant, so my sister Hanna is stepping in as maid of honour.",
        ),
        (  # "comes" and "come" are one word
            "When does the nurse come?",
            "The district nurse, Sandra, comes Mondays to check her INR.",
            "Sandra now only comes once a month.",
        ),
        (
            "What dose of metformin am I on?",
            "Doctor put me on metformin 500mg twice a day.",
            "Metformin upped to 1000mg, stomach is not happy about it.",
        ),
    ],
)
def test_a_later_change_pairs_with_what_it_changes(query: str, older: str, newer: str) -> None:
    (pair,) = told_changes([_m("a", older, 1), _m("b", newer, 20)], query)
    assert (pair.older.id, pair.newer.id) == ("a", "b")


_PEPPER = "Finally adopted a rescue greyhound! Her name is Pepper."
_DAYCARE = "Maya quit, Pepper goes to doggy daycare now on Tuesdays."


@pytest.mark.parametrize(
    ("query", "older", "newer", "newer_actor"),
    [
        # the question names the topic only by a name: a name is no topic that changed
        ("What breed is Pepper?", _PEPPER, _DAYCARE, "Nadia"),
        # a question told in the past asks for the event, not the state now
        (
            "How did I hurt my wrist?",
            "Sprained my wrist on a V3, no climbing for 6 weeks.",
            "Wrist is fine now, back on the wall!",
            "Nadia",
        ),
        # no change told
        (
            "Where is the wedding?",
            "The wedding is at Hawthorn Hall.",
            "The wedding is lovely.",
            "Nadia",
        ),
        # the shared word is not what the question asks about
        (
            "Who is my dentist?",
            "Dr Lim is my dentist at Hawthorn.",
            "Hawthorn moved to Ely.",
            "Nadia",
        ),
        # "the user" is the asker, no topic
        (
            "Where does the user live?",
            "The user lives in Oslo and works as a nurse.",
            "User switched to light mode because of eye strain.",
            "Nadia",
        ),
        # another speaker's change is not the speaker's
        (
            "Where is the wedding?",
            "Wedding is set for September 12th at Hawthorn Hall!",
            "Our wedding moved to the beach.",
            "Karl",
        ),
    ],
)
def test_no_pair_without_a_change_of_what_is_asked(
    query: str, older: str, newer: str, newer_actor: str
) -> None:
    assert told_changes([_m("a", older, 1), _m("b", newer, 20, newer_actor)], query) == []


def test_a_topic_most_memories_name_is_no_one_state() -> None:
    chat = [
        _m(f"g{i}", f"Played a new board game with friends, round {i}.", i + 1) for i in range(5)
    ]
    new = _m("n", "I'm getting into strategy games now.", 20)
    assert told_changes([*chat, new], "What game does Nadia like?") == []
    assert told_changes([*chat[:2], new], "What game does Nadia like?")


def test_a_change_told_before_pairs_with_nothing() -> None:
    moved = _m("b", "The wedding moved to Ashby Barn.", 1)
    assert (
        told_changes(
            [moved, _m("a", "The wedding is at Hawthorn Hall.", 20)], "Where is the wedding?"
        )
        == []
    )


@pytest.mark.neo4j
def test_the_change_ranks_first_now_and_the_old_plan_for_the_past(
    memory: Memory, user_id: str
) -> None:
    tell = teller(memory, user_id, "Nadia")

    old = tell("Wedding is set for September 12th at Hawthorn Hall!", "2026-01-08T09:00:00Z")
    tell("Photographer booked: Lena Kraus.", "2026-02-10T09:00:00Z")
    new = tell(
        "Hawthorn Hall double booked us so the wedding moved to Ashby Barn, same date.",
        "2026-03-19T09:00:00Z",
    )
    now = memory.search("Where is the wedding?", user_id=user_id, reference_date="2026-05-10")
    assert [m.id for m in now.results[:2]] == [new, old]
    states = {m.id: m.lifecycle_state.value for m in memory.get_all(user_id=user_id)}
    assert states[old] == "active"  # nothing retired: the date still holds
    before = memory.search(
        "Where was the wedding going to be before?", user_id=user_id, reference_date="2026-05-10"
    )
    assert before.results[0].id == old
