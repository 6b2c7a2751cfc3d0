"""An end told in a later memory's own words ranks it above the memory it ends, for a
current question, and below it for a past one (graphmem/search/told_ends.py): pure pairs,
then search against the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.search.told_ends import told_ends
from tests.support.telling import scorer, teller

_m = scorer("Hugo")


_PICKUP = "Our nanny Beatriz picks the twins up from school on Mondays and Wednesdays."


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (_PICKUP, "Beatriz can't do Wednesdays anymore, so my mum is covering."),
        ("We get the veg box from Riverford every week.", "No longer getting the Riverford box."),
        ("Jonas drives the kids to football.", "jonas doesn't drive them to football any more"),
    ],
)
def test_a_later_end_pairs_with_what_it_ends(older: str, newer: str) -> None:
    old, new = _m("a", older, 1), _m("b", newer, 20)
    (pair,) = told_ends([old, new])
    assert (pair.older.id, pair.newer.id, pair.ended) == ("a", "b", True)


@pytest.mark.parametrize(
    ("older", "newer", "newer_actor"),
    [
        # one shared word is no shared topic
        ("Yumi doesn't eat pork.", "Yumi can't come anymore, work said no.", "Hugo"),
        # no end said
        (_PICKUP, "Beatriz does Wednesdays and Fridays now.", "Hugo"),
        # a change is no end: chat says "instead" and "changed" of everything
        (_PICKUP, "Beatriz changed Wednesdays to Thursdays instead.", "Hugo"),
        # another speaker's end is not the speaker's
        (_PICKUP, "I can't do Wednesdays anymore, Beatriz.", "Beatriz"),
    ],
)
def test_no_pair_without_an_end_of_the_same_thing(older: str, newer: str, newer_actor: str) -> None:
    assert told_ends([_m("a", older, 1), _m("b", newer, 20, newer_actor)]) == []


def test_an_end_told_before_pairs_with_nothing() -> None:
    ended = _m("b", "Beatriz can't do Wednesdays anymore.", 1)
    assert told_ends([ended, _m("a", _PICKUP, 20)]) == []


@pytest.mark.neo4j
def test_the_end_ranks_first_now_and_the_old_arrangement_for_the_past(
    memory: Memory, user_id: str
) -> None:
    tell = teller(memory, user_id, "Hugo")

    old = tell(_PICKUP, "2026-09-01T09:00:00Z")
    tell("Max started judo on Thursdays.", "2026-09-10T09:00:00Z")
    new = tell(
        "Beatriz can't do Wednesdays anymore, so my mum is covering.", "2026-09-20T09:00:00Z"
    )
    now = memory.search(
        "Who picks up the kids on Wednesdays now?", user_id=user_id, reference_date="2026-10-01"
    )
    assert [m.id for m in now.results[:2]] == [new, old]
    states = {m.id: m.lifecycle_state.value for m in memory.get_all(user_id=user_id)}
    assert states[old] == "active"  # nothing retired: Mondays still hold
    before = memory.search(
        "Who used to pick up the kids on Wednesdays before?",
        user_id=user_id,
        reference_date="2026-10-01",
    )
    assert before.results[0].id == old
