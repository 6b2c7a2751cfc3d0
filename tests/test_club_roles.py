"""Roles held in a club, a team or a committee: told in chat ("I got voted in as
secretary", "Had to give up the captaincy, Jo's taking over"), ended by stepping down or
handing on, and asked as who holds one now ("Who is chair of the choir?": the one who took
over, not the one who stepped down). Extraction (extraction/pattern_rules_roles.py,
domain/club_roles.py), then search against the real Neo4j (``holds_role`` is a state fact
that a question names by its role, search/temporal.py, search/time_cues.py); nineteenth stop,
found by a bowls captain's and an allotment treasurer's chats, tested on other wordings."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pytest

from graphmem import Memory
from tests.support.nlp_reading import denied, told
from tests.support.stores import stored_sessions

SPEAKER = "Gwen"


triples = partial(told, speaker=SPEAKER)
denials = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("big night at choir, I got voted in as secretary!", (SPEAKER, "holds_role", "secretary")),
        ("I'm club captain again this season", (SPEAKER, "holds_role", "captain")),
        ("Rhodri is still chairman, nobody else wants it", ("Rhodri", "holds_role", "chair")),
        ("Beth was elected treasurer at the AGM", ("Beth", "holds_role", "treasurer")),
        ("had to give up the captaincy, Jo's taking over", ("Jo", "holds_role", "captain")),
        ("Dai stood down as chair and Ffion took over", ("Ffion", "holds_role", "chair")),
        ("passed the secretary role on to Ceri", ("Ceri", "holds_role", "secretary")),
        ("my first season as skipper went ok", (SPEAKER, "holds_role", "captain")),
        # a band's roles
        ("our new drummer is a girl called Ama", ("Ama", "holds_role", "drummer")),
        ("we found a new vocalist, Jude", ("Jude", "holds_role", "singer")),
        ("Priya's on keys and Sol plays bass", ("Sol", "holds_role", "bass player")),
        ("Priya's on keys and Sol plays bass", ("Priya", "holds_role", "keyboard player")),
    ],
)  # fmt: skip
def test_a_role_told(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("had to give up the captaincy, Jo's taking over", (SPEAKER, "holds_role", "captain")),
        ("Dai stood down as chair and Ffion took over", ("Dai", "holds_role", "chair")),
        ("passed the secretary role on to Ceri", (SPEAKER, "holds_role", "secretary")),
        ("I'm no longer treasurer, thank god", (SPEAKER, "holds_role", "treasurer")),
        ("Sol left the band in May", ("Sol", "holds_role", "any_value")),
    ],
)  # fmt: skip
def test_a_role_ended(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in denials(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm the captain of my own ship",
        "we met the captain of the ferry",
        "chair yoga!",
        "handed the keys to Maureen",
        "Tom plays bass sometimes",
    ],
)
def test_no_role(text: str) -> None:
    assert not any(t[1] == "holds_role" for t in triples(text))


SESSIONS = [
    ("2026-02-01T12:00:00Z", "Gwen", [
        "choir AGM tonight, I got voted in as secretary",
        "Dai is still chair, he's done it for ten years",
        "we're learning the Fauré Requiem for the spring concert",
    ]),
    ("2026-05-20T12:00:00Z", "Gwen", [
        "Dai stood down as chair and Ffion took over",
        "spring concert went brilliantly, sold out",
    ]),
    ("2026-09-02T12:00:00Z", "Gwen", [
        "passed the secretary role on to Ceri, too much admin with the new job",
        "rehearsals are moving to Tuesdays at the chapel",
        "Gethin quit the choir, so our new organist is a lad called Owain",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    with stored_sessions(memory, "test-club-roles", SESSIONS) as user_id:
        yield user_id


@pytest.mark.neo4j
@pytest.mark.parametrize(
    ("query", "holder"),
    [
        # the organist's memory, newer and a fact of the same topic (and "Gethin quit the
        # choir" a fact of its own since the twentieth stop), is not asked: the chair is named
        ("Who is chair of the choir?", "Ffion took over"),
        ("who's the secretary now?", "Ceri"),
        ("Who plays the organ now?", "Owain"),  # named by what the role does
    ],
)
def test_who_holds_a_role_now(memory: Memory, user: str, query: str, holder: str) -> None:
    found = memory.search(query, user_id=user, top_k=3, explain=True, reference_date="2026-09-10")
    assert not found.degraded, found.failed_signals
    assert found.explain is not None and found.explain.time_intent.startswith("current")
    assert holder in found.results[0].text, [r.text for r in found.results]
