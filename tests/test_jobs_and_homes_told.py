"""Jobs, homes, flatmates, pets and companions told the way chat tells them
(extraction/pattern_rules*.py, extraction/nlp/companions.py;
found by a student's, a retiree's, an expat's and a parent's chats, nineteenth stop). The
sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from functools import partial

import pytest

from graphmem.domain.extraction import ANY_VALUE
from tests.support.nlp_reading import denied, told

SPEAKER = "Theo"


triples = partial(told, speaker=SPEAKER)
denials = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # whom one works for, told with how
        ("still working remotely for Shopify, same squad", (SPEAKER, "works_at", "Shopify")),
        ("I'm working from home for Siemens these days", (SPEAKER, "works_at", "Siemens")),
        ("been working freelance for an agency called Brightside since May",
         (SPEAKER, "works_at", "Brightside")),
        ("my wife is working part-time for Oxfam", ("Theo's Wife", "works_at", "Oxfam")),
        # a title told before the job word
        ("finally landed a dental nurse job near the station",
         (SPEAKER, "job_title", "dental nurse")),
        ("left the pub, took a care assistant position instead",
         (SPEAKER, "job_title", "care assistant")),
        ("second week as head of maths, loving it", (SPEAKER, "job_title", "head of maths")),
        # someone else's move into a home, and a home found for the speaker
        ("Grandad moved into a bungalow in Whitstable",
         ("Theo's Grandfather", "lives_in", "Whitstable")),
        ("Amira moved into a shared flat in Digbeth", ("Amira", "lives_in", "Digbeth")),
        # the home left told first (twenty-first stop)
        ("moved out of student halls into a house in Fallowfield",
         (SPEAKER, "lives_in", "Fallowfield")),
        ("Amira moved from her mum's into a flat in Selly Oak", ("Amira", "lives_in", "Selly Oak")),
        ("my sister found me a little studio in Ancoats", (SPEAKER, "lives_in", "Ancoats")),
        ("we've signed for a two bed in Easton", (SPEAKER, "lives_in", "Easton")),
        ("Nan's settled in at Meadowbank, the staff are lovely",
         ("Theo's Grandmother", "lives_in", "Meadowbank")),
        ("Grandpa has settled into Elm Court", ("Theo's Grandfather", "lives_in", "Elm Court")),
        ("new part time job at Boots, Saturdays only", (SPEAKER, "works_at", "Boots")),
        ("just got hired as a plumber at Dyno-Rod", (SPEAKER, "works_at", "Dyno-Rod")),
        ("got hired as a plumber at Dyno-Rod", (SPEAKER, "job_title", "plumber")),
        ("found a room in Kreuzberg, 700 a month", (SPEAKER, "lives_in", "Kreuzberg")),
        ("the boys and I moved to a terrace in Heaton", (SPEAKER, "lives_in", "Heaton")),
        ("I've started seeing someone, her name's Lou", (SPEAKER, "dating", "Lou")),
        # a school subject one is doing is studied, not a pastime
        ("I'm doing economics and history at college", (SPEAKER, "study", "economics")),
        ("we train with a coach called Nadia on Tuesdays", ("Nadia", "coach_of", SPEAKER)),
        # clients, told with "right now", or listed with what they are
        ("main client at the moment is a brewery, Cloudwater",
         (SPEAKER, "has_client", "Cloudwater")),
        ("took on three new clients, one a gym called Forge", (SPEAKER, "has_client", "Forge")),
        # someone new in a role, told without "my"
        ("we renewed, the new housemate is a woman called Priti",
         ("Priti", "roommate_of", SPEAKER)),
        ("the new dentist is Dr Alvarez, much gentler", ("Alvarez", "dentist_of", SPEAKER)),
        # a pet's kind told as a cross
        ("we rescued a dog, a collie cross named Juno", ("Juno", "dog_of", SPEAKER)),
        # whom the speaker did it with, told beside "I" (extraction/nlp/companions.py)
        ("Marta and I took up salsa in January", (SPEAKER, "take_up_with", "Marta")),
        ("me and my brother went fishing at the weekend", (SPEAKER, "go_with", "Theo's Brother")),
        ("Ana and I are repainting the kitchen", (SPEAKER, "repaint_with", "Ana")),
    ],
)  # fmt: skip
def test_told_in_chat(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("text", "unwanted"),
    [
        ("I work for myself now", (SPEAKER, "works_at", "Myself")),
        ("got a new bar job", (SPEAKER, "job_title", "bar")),
        ("got a part-time job, mornings only", (SPEAKER, "job_title", "part-time")),
        ("the new season is great", ("Great", "season_of", SPEAKER)),
        ("you and I should grab a coffee soon", (SPEAKER, "grab_with", "Theo")),
        ("I'm doing economics and history at college", (SPEAKER, "do", "economics")),
        ("had a chat with a guy called Tom", ("Tom", "guy_of", SPEAKER)),
        ("my VO2 max is 52, up from 48", ("VO2", "age", "52")),  # an acronym's number, no age
        ("my BMI is 31 now", ("BMI", "age", "31")),
        ("first week as a mum is a blur", (SPEAKER, "job_title", "mum")),
    ],
)  # fmt: skip
def test_what_tells_no_such_fact(text: str, unwanted: tuple[str, str, str]) -> None:
    assert unwanted not in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "quit the bakery, starting at the garden centre next week",
        "I've handed in my notice at the hotel",
        "resigned from the agency on Friday",
        "I left my job in March",
    ],
)
def test_a_job_quit_by_its_workplace_ends_the_job(text: str) -> None:
    assert (SPEAKER, "works_at", ANY_VALUE) in denials(text)


def test_a_client_that_paused_the_work_is_lost() -> None:
    assert (SPEAKER, "has_client", "Brightwave") in denials("Brightwave paused all projects")
    assert (SPEAKER, "has_client", "Oakwood") in denials("Oakwood cancelled our retainer")


@pytest.mark.parametrize(
    "text",
    ["I left the office at 6", "quit the gym in January", "I left my job application too late"],
)
def test_what_ends_no_job(text: str) -> None:
    assert (SPEAKER, "works_at", ANY_VALUE) not in denials(text)
