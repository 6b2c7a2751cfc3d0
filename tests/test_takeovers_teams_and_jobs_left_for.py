"""Someone taking over as one's supervisor or instructor, the team one works in, a job left
for, and a move that names again what it moved from (found by a beekeeper's, a learner
driver's, a PhD student's, a cat owner's, a bride's, a remote worker's, a runner's, a food
bank volunteer's, two pairs of friends', a tenant's, a photographer's and a carer's chats,
twenty-fourth stop). The sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from graphmem.lifecycle.predicates import DEFAULT_FUNCTIONAL_PREDICATES
from graphmem.ports.embedder import Embedder
from graphmem.search.told_changes import told_changes
from tests.support.nlp_reading import told
from tests.support.telling import SPEAKER, Asked, scorer

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # one who takes over a role held for the speaker holds it from now on
        ("Prof Okafor has taken over as my supervisor", ("Okafor", "boss_of", SPEAKER)),
        ("so Dr Brandt is taking over as my main supervisor",
         ("Brandt", "boss_of", SPEAKER)),
        ("Marian's taken over as my line manager", ("Marian", "manager_of", SPEAKER)),
        ("Dai's taking over as my driving instructor", ("Dai", "teacher_of", SPEAKER)),
        # what a supervisor or manager is for is no part of the role
        ("my thesis supervisor is Dr Pryce", ("Pryce", "boss_of", SPEAKER)),
        ("my line manager is Owain", ("Owain", "manager_of", SPEAKER)),
    ],
)  # fmt: skip
def test_one_who_takes_over_a_role_for_the_speaker(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("I'm on the checkout squad at the moment", (SPEAKER, "on_team", "checkout squad")),
        ("Rhodri's on the security team now", ("Rhodri", "on_team", "security team")),
        ("I've moved onto the billing team", (SPEAKER, "on_team", "billing team")),
        ("got transferred to the night squad", (SPEAKER, "on_team", "night squad")),
    ],
)
def test_the_team_one_works_in(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)
    assert "on_team" in DEFAULT_FUNCTIONAL_PREDICATES  # one team at a time


def test_the_same_team_is_no_team() -> None:
    assert not any(p == "on_team" for _, p, _ in triples("we're on the same team at last"))


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("Gethin's left for a job with the Met Office", ("Gethin", "works_at", "Met Office")),
        ("Siân left for a new role at Admiral", ("Siân", "works_at", "Admiral")),
        ("I'm leaving for a job at Tesco", (SPEAKER, "works_at", "Tesco")),
    ],
)
def test_a_job_left_for_is_where_one_works(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_move_that_names_again_what_it_moved_from_pairs_an_update() -> None:
    ranked = scorer(SPEAKER)
    old = ranked("a", "Efa started at the Ladybirds playgroup, mornings only", 1)
    new = ranked("b", "Efa's switched to Treetops, Ladybirds lost its licence", 9)
    pairs = told_changes([old, new], "Which playgroup does Efa go to?")
    assert [(p.older.id, p.newer.id) for p in pairs] == [("a", "b")]
    # a "now" alone moves nothing, nor does a move that names nothing of the one before
    asked = "Which playgroup does Efa go to now?"
    now = ranked("c", "Efa goes to Treetops now", 9)
    assert told_changes([old, now], asked) == []
    other = ranked("d", "Efa's switched to a bigger bike", 9)
    assert told_changes([old, other], asked) == []


@pytest.mark.neo4j
def test_the_supervisor_now_after_a_takeover(ask: Asked) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "my PhD supervisor is Prof Hughes, lovely but always away"),
        ("2026-02-10T10:00:00Z", "lab meeting moved to Thursdays"),
        (
            "2026-04-10T10:00:00Z",
            "Hughes is off to Oxford, so Dr Morgan is taking over as my supervisor",
        ),
    ]
    [found] = ask(turns, ["Who is my supervisor?"], datetime(2026, 5, 1, tzinfo=UTC))
    assert "Morgan" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.neo4j
def test_the_team_before_after_a_move(ask: Asked) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "first week at Octopus done, I'm on the smart meters squad"),
        ("2026-02-10T10:00:00Z", "the canteen here is brilliant"),
        ("2026-04-10T10:00:00Z", "I've moved onto the tariffs team, much calmer"),
    ]
    questions = ["Which team am I on?", "Which team was I on before?"]
    now, before = ask(turns, questions, datetime(2026, 5, 1, tzinfo=UTC))
    assert "tariffs" in now.results[0].text, [m.text for m in now.results]
    assert "smart meters" in before.results[0].text, [m.text for m in before.results]


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "sold the X-T4 and went over to a Nikon Z6, so much lighter",
            (SPEAKER, "own", "Nikon Z6"),
        ),
        ("I traded in my Clio, switched to a Skoda Fabia", (SPEAKER, "own", "Skoda Fabia")),
    ],
)
def test_the_make_moved_to_in_place_of_one_sold_is_had(
    text: str, wanted: tuple[str, str, str]
) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # an employer moved to, told by the team one is on there, is no home
        ("I've moved to the Telegraph, features desk", (SPEAKER, "works_at", "Telegraph")),
        ("I've moved to the Telegraph, sports desk", (SPEAKER, "on_team", "sports desk")),
        ("switched to Admiral, on the pricing team", (SPEAKER, "works_at", "Admiral")),
        # a job by the day it is worked
        ("Gruff got a Saturday job at Currys", ("Gruff", "works_at", "Currys")),
    ],
)
def test_employers_by_team_and_day(text: str, wanted: tuple[str, str, str]) -> None:
    found = triples(text)
    assert wanted in found
    assert not any(p == "lives_in" for _, p, _ in found)


def test_a_yes_to_still_at_somewhere_is_where_one_works() -> None:
    from tests.support.nlp_reading import facts, read_turns

    turns = [("Mali", "you still at the Echo?"), (SPEAKER, "yep, on the news desk")]
    answer = read_turns(turns)[1]
    assert (SPEAKER, "works_at", "Echo") in facts(answer.triplets)
    turns = [("Mali", "you still at the Echo?"), (SPEAKER, "nope, left in March")]
    assert not any(p == "works_at" for _, p, _ in facts(read_turns(turns)[1].triplets))


def test_a_switch_told_with_instead_pairs_unless_the_old_one_holds_the_answer() -> None:
    ranked = scorer(SPEAKER)
    old = ranked("a", "our veg box comes from a farm near Usk, Oakfield", 1)
    new = ranked("b", "Oakfield went bust so we use Riverford instead", 9)
    pairs = told_changes([old, new], "Who delivers our veg box?")
    assert [(p.older.id, p.newer.id) for p in pairs] == [("a", "b")]
    # "When?": the old one tells it, the switch does not
    often = ranked("c", "the veg box comes every Friday, from Oakfield", 1)
    assert told_changes([often, new], "When does the veg box come?") == []
    # a name that holds the word is no switch
    named = ranked("d", "Oakfield said to try Home Instead for Gran", 9)
    assert told_changes([old, named], "Who delivers our veg box?") == []


def test_a_named_kind_asked_and_spare_time_is_no_liking() -> None:
    from graphmem.search.answer_kinds import asked, named_kind_test

    test = named_kind_test("Which dating app am I on?")
    assert test is not None and test("gave up on Tinder, trying Hinge")
    assert named_kind_test("What medication am I on?") is None  # no closed list of names
    # a pastime is no liking told: "Maria is learning the cello" answers it
    assert asked("What does Gruff do in his spare time?") is None


@pytest.mark.neo4j
def test_a_platform_named_passes_the_gate(ask: Asked) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "been on Hinge for two months, nothing"),
        ("2026-02-10T10:00:00Z", "deleted Hinge, trying Bumble instead"),
        ("2026-03-21T10:00:00Z", "third date with a guy called Rafe, he's a paramedic"),
        ("2026-03-21T10:00:00Z", "we went to a gig at the Brudenell"),
        ("2026-06-14T10:00:00Z", "Rafe and I are official now!"),
    ]
    at = datetime(2026, 6, 20, tzinfo=UTC)
    [found] = ask(turns, ["Which dating app do I use?"], at, top_k=5, explain=True)
    texts = [m.text for m in found.results]
    assert any("Bumble" in t for t in texts), texts
    assert found.explain is not None
    assert "by naming the kind asked" in found.explain.signals["semantic"]


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("Nia's got a place at Ysgol Gymraeg primary", ("Nia", "studies_at",
                                                         "Ysgol Gymraeg primary")),
        ("I got a place at Bangor uni!", (SPEAKER, "studies_at", "Bangor uni")),
        ("Osian got into Coleg Gwent college", ("Osian", "studies_at", "Coleg Gwent college")),
    ],
)  # fmt: skip
def test_a_place_got_at_a_school_is_where_one_studies(
    text: str, wanted: tuple[str, str, str]
) -> None:
    assert wanted in triples(text)


def test_getting_into_a_firm_is_no_school() -> None:
    assert not any(p == "studies_at" for _, p, _ in triples("I got into Deloitte, start in May"))


@pytest.mark.neo4j
def test_a_role_holder_before_is_reached_through_the_ended_relation(ask: Asked) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "seeing a therapist called Dr Pugh on Tuesdays"),
        ("2026-02-10T10:00:00Z", "back at work three days a week"),
        (
            "2026-04-10T10:00:00Z",
            "Dr Pugh moved away so I see a counsellor called Ffion now, Thursdays",
        ),
    ]
    questions = ["Who is my therapist?", "Who was my therapist before?"]
    now, before = ask(turns, questions, datetime(2026, 5, 1, tzinfo=UTC), explain=True)
    assert "Ffion" in now.results[0].text, [m.text for m in now.results]
    assert "Tuesdays" in before.results[0].text, [m.text for m in before.results]
    assert before.explain is not None
    assert "Pugh therapist_of" in before.explain.signals["roles"]  # the one replaced


def test_a_fragment_answering_what_thing_tells_ones_thing() -> None:
    from tests.support.nlp_reading import facts, read_turns

    turns = [("Mali", "nice one! what car?"), (SPEAKER, "an old Toyota Yaris, my dad's")]
    assert (SPEAKER, "own", "Toyota Yaris") in facts(read_turns(turns)[1].triplets)
    turns = [("Mali", "what for?"), (SPEAKER, "a leaving do")]
    assert facts(read_turns(turns)[1].triplets) == set()


def test_a_topic_far_below_the_closest_is_not_asked(embedder: Embedder) -> None:
    from graphmem.search.state_topics import StateTopics

    topics = StateTopics(embedder)
    [work] = embedder.embed(["Where does I work?"])  # "Where does Sean work?", of oneself
    found = topics.topics(work)
    assert {"works_at", "job_title"} <= found
    assert "lives_in" not in found  # within TOPIC_MIN, far below the job's
    [food] = embedder.embed(["What do I eat now?"])
    assert {"eats", "eats_with"} <= topics.topics(food)  # close to each other: both asked


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # the rent of a home in a town: the speaker lives there
        ("rent's 820 a month for a two bed in Grangetown", (SPEAKER, "lives_in", "Grangetown")),
        # where one works, told by the department there
        ("I'm still at the hospital, pharmacy department", (SPEAKER, "works_at", "hospital")),
        ("Ceri's at the Met Office, in the climate team", ("Ceri", "works_at", "Met Office")),
    ],
)
def test_homes_by_rent_and_work_by_department(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    "text",
    ["I'm at the beach, the whole team is here", "I'm at home, sales department all week"],
)
def test_a_place_one_is_at_is_no_job(text: str) -> None:
    assert not any(p in {"works_at", "lives_in"} for _, p, _ in triples(text))
