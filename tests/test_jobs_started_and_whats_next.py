"""A job started at somewhere as something, a new job named without a verb, a promotion, the
team one is in, a branch of a subject, a name the tagger takes for an adverb, and what is
still to come (found by an allotment holder's, a dog walker's, a student's, a baker's, three
pairs of friends', a retiree's, a gamer's, a new mother's, a musician's and a carer's chats,
twenty-fifth stop). The sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from graphmem.extraction.dates import resolve_relative
from graphmem.search import answer_kinds
from graphmem.search.intent import detect
from tests.support.nlp_reading import told
from tests.support.telling import SPEAKER, Asked

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # where one started, then as what
        ("I started at Greggs on the high street as a shift supervisor",
         [(SPEAKER, "works_at", "Greggs"), (SPEAKER, "job_title", "shift supervisor")]),
        ("starting with Arriva as a fleet engineer next week",
         [(SPEAKER, "works_at", "Arriva"), (SPEAKER, "job_title", "fleet engineer")]),
        # a new job named without a verb
        ("the new role with Shelter is full on", [(SPEAKER, "works_at", "Shelter")]),
        # a job by its kind, where after a comma
        ("Jess has got her first nursing job, at the Royal Free",
         [("Jess", "works_at", "Royal Free")]),
        # a promotion: the title now, and where
        ("got the promotion, store manager at Aldi from June",
         [(SPEAKER, "works_at", "Aldi"), (SPEAKER, "job_title", "store manager")]),
        ("I got promoted to deputy head at Ysgol Glan Taf",
         [(SPEAKER, "works_at", "Ysgol Glan Taf"), (SPEAKER, "job_title", "deputy head")]),
        # the team one is in, as one is on it
        ("I'm in the fraud team now", [(SPEAKER, "on_team", "fraud team")]),
        ("I'm moving to the complaints team from July", [(SPEAKER, "on_team", "complaints team")]),
        # where one works shifts
        ("doing lates at the Premier Inn these days", [(SPEAKER, "works_at", "Premier Inn")]),
        ("Rhys is doing weekends at Morrisons", [("Rhys", "works_at", "Morrisons")]),
        # a subject by its branch, and where
        ("final year of mechanical engineering at Bath",
         [(SPEAKER, "studies_at", "Bath"), (SPEAKER, "study", "mechanical engineering")]),
    ],
)  # fmt: skip
def test_jobs_teams_and_study_told_in_chat(text: str, wanted: list[tuple[str, str, str]]) -> None:
    found = triples(text)
    for fact in wanted:
        assert fact in found, found


def test_a_lost_job_is_no_new_job() -> None:
    assert not any(p == "works_at" for _, p, _ in triples("I lost my job at Lidl"))


def test_a_name_the_tagger_reads_as_an_adverb_keeps_its_sentence() -> None:
    # the small model tags "Raj" an adverb: the sentence is no dropped "I" ("I raj proposed")
    assert (SPEAKER, "engaged_to", "Raj") in triples("Raj proposed yesterday!!")
    assert (SPEAKER, "engaged_to", "Raj") in triples("Raj proposed, I said yes")
    # a real opening adverb still puts the "I" back
    assert (SPEAKER, "lives_in", "Leeds") in triples("Literally just moved to Leeds")


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("failed again, rebooked for October", 10),
        ("the scan got rescheduled for November", 11),
        ("booked the van for September", 9),
    ],
)
def test_a_date_booked_again_is_ahead(text: str, month: int) -> None:
    told_at = datetime(2026, 7, 18, tzinfo=UTC)
    when = resolve_relative(text, told_at)
    assert when is not None and (when.year, when.month) == (2026, month), when


@pytest.mark.parametrize(
    ("query", "ahead"),
    [
        ("Which race is Ffion doing next?", True),
        ("When is my next hospital appointment?", True),
        ("Any upcoming gigs?", True),
        ("What did Jon do next?", False),  # what followed then
        ("Who lives next door?", False),
        ("Who sits next to Gwen?", False),
    ],
)
def test_next_asks_for_what_is_still_to_come(query: str, ahead: bool) -> None:
    at = datetime(2026, 7, 25, tzinfo=UTC)
    intent = detect(query, at)
    if not ahead:
        assert intent.kind != "window", intent
        return
    assert intent.kind == "window" and intent.start is not None and intent.end is not None
    assert intent.start <= at < intent.end and intent.end.year == 2027


def test_how_many_times_counts_once_and_twice() -> None:
    test = answer_kinds.answer_test("How many times has Osian failed his theory test?")
    assert test is not None
    assert test("still stuck on it, failed twice now")
    assert test("sat it 3 times")
    assert not test("booked the theory test for June")


@pytest.mark.neo4j
def test_a_team_changed_keeps_the_employer_first(ask: Asked) -> None:
    # the team switch ends the old team, not the job: "Where do I work?" reads the employer
    turns = [
        ("2026-03-05T10:00:00Z", "the new job at Ocado is intense, I'm in the robotics team"),
        ("2026-04-05T10:00:00Z", "found a flat in Hatfield with a garden"),
        ("2026-05-21T10:00:00Z", "I've switched to the warehouse team now"),
    ]
    [found] = ask(turns, ["Where do I work?"], datetime(2026, 8, 1, tzinfo=UTC))
    assert "Ocado" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.neo4j
def test_the_date_booked_again_answers_when_next(ask: Asked) -> None:
    turns = [
        ("2026-04-19T10:00:00Z", "passed my theory! booked the practical test for June"),
        ("2026-05-02T10:00:00Z", "my instructor says my parking is decent now"),
        ("2026-06-28T10:00:00Z", "failed the practical test, nerves. rebooked for September"),
    ]
    [found] = ask(turns, ["When is my next practical test?"], datetime(2026, 7, 10, tzinfo=UTC))
    assert "September" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.parametrize(
    ("text", "wanted", "unwanted"),
    [
        # a workplace moved to, by its name and kind, is no home
        ("moved to a Lloyds branch in Swansea, shorter commute",
         (SPEAKER, "works_at", "Lloyds branch"), "lives_in"),
        # a workplace quit, by its kind, is where one worked
        ("I finally quit the supermarket and went back to college",
         (SPEAKER, "former_works_at", "supermarket"), None),
        # where one works, told by the team one is in, after a comma
        ("back from leave, still at the library in the children's team",
         (SPEAKER, "works_at", "library"), None),
        # a job gone freelance as
        ("went self-employed as a plumber in March", (SPEAKER, "job_title", "plumber"), None),
        # a diet kept, and one given up by eating again what it leaves out
        ("I've decided to stay vegetarian", (SPEAKER, "diet", "vegetarian"), None),
        ("went back to eating meat over Christmas", (SPEAKER, "eats", "meat"), None),
    ],
)  # fmt: skip
def test_workplaces_freelancing_and_diets_kept_or_left(
    text: str, wanted: tuple[str, str, str], unwanted: str | None
) -> None:
    found = triples(text)
    assert wanted in found, found
    assert unwanted is None or not any(p == unwanted for _, p, _ in found), found


def test_eating_meat_again_ends_a_vegan_diet() -> None:
    from tests.support.nlp_reading import facts, read_turns

    [memory] = read_turns([(SPEAKER, "gone back to eating fish, I was so low on iron")])
    assert (SPEAKER, "diet", "vegan") in facts(memory.denied)


@pytest.mark.parametrize(
    ("sentence", "message", "month"),
    [
        # a start the message tells ahead, outside the fact's own sentence
        ("got the Ysgol Bro job!", "got the Ysgol Bro job! starting in January", 1),
        ("it's official", "it's official, new contract from November", 11),
        # a date ahead that is no start, and a date of the sentence itself
        ("I moved to Leeds!", "I moved to Leeds! flying to Rome in August", 6),
        ("I left Tesco in March", "I left Tesco in March", 3),
    ],
)
def test_the_start_of_an_event_fact(sentence: str, message: str, month: int) -> None:
    from graphmem.extraction.starts import event_start

    told_at = datetime(2026, 6, 15, tzinfo=UTC)
    assert event_start(sentence, message, told_at).month == month


#: A new job told in June, starting in September.
_NEW_SCHOOL = [
    ("2026-01-09T10:00:00Z", "teaching Year 6 at Hillside Primary this year, 31 kids"),
    ("2026-03-20T10:00:00Z", "the school play went brilliantly"),
    ("2026-06-15T10:00:00Z", "got the Brookfield job! starting in September"),
]


@pytest.mark.neo4j
def test_a_job_that_starts_later_is_not_yet_the_job(ask: Asked) -> None:
    asked = ["Which school do I work at?"]
    [before] = ask(_NEW_SCHOOL, asked, datetime(2026, 6, 20, tzinfo=UTC))
    assert "Hillside" in before.results[0].text, [m.text for m in before.results]


@pytest.mark.neo4j
def test_a_job_that_started_is_the_job(ask: Asked) -> None:
    [after] = ask(_NEW_SCHOOL, ["Which school do I work at?"], datetime(2026, 10, 1, tzinfo=UTC))
    assert "Brookfield" in after.results[0].text, [m.text for m in after.results]


@pytest.mark.neo4j
def test_a_workplace_quit_answers_where_one_worked_before(ask: Asked) -> None:
    turns = [
        ("2026-01-18T10:00:00Z",
         "big news, I finally quit the hotel and I'm training to be a florist"),
        ("2026-03-05T10:00:00Z",
         "qualified! doing the flowers for three weddings at the Feathers hotel in May"),
        ("2026-06-12T10:00:00Z",
         "working from a stall at the Saturday market in Ludlow, the council books me too"),
    ]  # fmt: skip
    [found] = ask(turns, ["Where did I work before?"], datetime(2026, 7, 1, tzinfo=UTC))
    assert "quit the hotel" in found.results[0].text, [m.text for m in found.results]


def test_a_fact_told_as_former_is_a_state_that_ended_for_the_past() -> None:
    from graphmem.ports.search import StateFact
    from graphmem.search import temporal
    from graphmem.search.time_plan import TemporalPlan

    told = datetime(2026, 1, 18, tzinfo=UTC)
    at = datetime(2026, 7, 1, tzinfo=UTC)
    fact = StateFact(
        memory_id="m1", state="active", observed_at=told, source_id="e1", source=SPEAKER,
        predicate="former_works_at", target_id="e2", target="hotel",
    )  # fmt: skip
    ended = temporal._as_ended(fact)
    assert ended.replaced_at == told
    query = "Where did I work before?"
    plan = TemporalPlan(intent=detect(query, at))
    temporal._past(plan, [ended], query, at, [SPEAKER.lower()])
    assert plan.asked == {"m1"}
    assert "former_works_at" in temporal.FORMER_PREDICATES
