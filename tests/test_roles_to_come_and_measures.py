"""A role someone is to take ("my new supervisor will be Dr Lindqvist"), a job held while on
leave from it, a birth told as an arrival, a role asked with what it is for ("my Italian
tutor"), questions asking for a weight, a height or a distance, and medicines by more of
their names' stems (found by a doctoral student's and a new parent's chat, twenty-first stop). The
sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from functools import partial

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from graphmem.search.answer_kinds import asked, holds
from graphmem.search.role_phrases import SELF, phrases
from tests.support.nlp_reading import told
from tests.support.telling import teller

SPEAKER = "Ilse"

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "Okafor retires in June, my new manager will be Dr Brandt",
            ("Brandt", "manager_of", SPEAKER),
        ),
        ("my landlord is going to be Mr Osei from next month", ("Osei", "landlord_of", SPEAKER)),
        ("our new coach will be Tunde", ("Tunde", "coach_of", SPEAKER)),
    ],
)
def test_someone_named_for_a_role_to_come_holds_it(text: str, wanted: tuple[str, str, str]) -> None:
    facts = triples(text)
    assert wanted in facts, facts
    assert not any("'s " in s for s, p, _ in facts if p == wanted[1]), facts  # no unnamed one


@pytest.mark.parametrize(
    "text",
    ["my boss will be furious", "my sister will be at the wedding", "I will move to Leeds"],
)
def test_a_future_that_names_no_one_is_still_no_fact(text: str) -> None:
    facts = triples(text)
    assert not any(p in {"boss_of", "lives_in", "moves_to"} for _, p, _ in facts), facts


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("on paternity leave from the fire service till March", "fire service"),
        ("I'm on sick leave from Tesco at the moment", "Tesco"),
        ("Magda is on maternity leave from Deloitte", "Deloitte"),
    ],
)
def test_leave_from_a_job_tells_the_job(text: str, place: str) -> None:
    places = {t for _, p, t in triples(text) if p == "works_at"}
    assert any(place in p for p in places), places


@pytest.mark.parametrize("text", ["I'm on leave from work until June", "on leave from my job"])
def test_leave_from_work_names_no_workplace(text: str) -> None:
    assert not any(p == "works_at" for _, p, _ in triples(text))


@pytest.mark.parametrize(
    "text",
    [
        "baby Theo arrived on Tuesday, 7 pounds 4 ounces",
        "Our baby Theo was born at 3am",
        "we welcomed baby Theo last night",
    ],
)
def test_a_baby_told_arriving_is_the_speakers_child(text: str) -> None:
    assert ("Theo", "child_of", SPEAKER) in triples(text)


def test_someone_elses_baby_is_not_the_speakers() -> None:
    facts = triples("my cousin welcomed baby Theo on Monday")
    assert ("Theo", "child_of", SPEAKER) not in facts, facts


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("How heavy was Theo when he was born?", "measure"),
        ("how tall is Finn now", "measure"),
        ("How far did I cycle on Sunday?", "measure"),
        ("What is Dad's weight these days?", "measure"),
        ("How much does the rent cost?", "amount"),
    ],
)
def test_a_question_asking_for_a_measure(query: str, kind: str) -> None:
    assert asked(query) == kind


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("7 pounds 4 ounces, and a full head of hair", True),
        ("he's six foot two already", True),
        ("did 40km along the canal", True),
        ("Theo has colic, the doctor gave us drops", False),
        ("we are in room 4 at the hospital", False),
    ],
)
def test_what_holds_a_measure(text: str, held: bool) -> None:
    assert holds(text, "measure") is held


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("he's on co-careldopa three times a day", True),
        ("the GP switched her to quetiapine", True),
        ("started pregabalin for the nerve pain", True),
        ("her cholesterol is fine", False),
    ],
)
def test_what_holds_a_medicine_by_its_stem(text: str, held: bool) -> None:
    assert holds(text, "medication") is held


@pytest.mark.neo4j
def test_the_weight_ranks_above_a_fact_about_the_same_baby(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    said = [
        {"role": "user", "name": SPEAKER, "content": t}
        for t in (
            "baby Theo arrived on Tuesday, 7 pounds 4 ounces, we're shattered",
            "Theo has reflux, the GP prescribed Gaviscon infant",
            "my dad Gerhard is coming over for a week to help out",
        )
    ]
    """The birth read as an arrival gives the weight's memory the baby's fact, as the
    diagnosis's memory has one."""
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        ids = [r.id for r in memory.add(said, user_id=user_id).results]
        found = memory.search(
            "How heavy was Theo when he was born?", user_id=user_id, top_k=3, explain=True
        )
    assert found.results[0].id == ids[0], [m.text for m in found.results]


@pytest.mark.neo4j
def test_the_one_named_for_the_role_to_come_is_the_holder_now(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    def said(text: str) -> list[dict[str, str]]:
        return [{"role": "user", "name": SPEAKER, "content": text}]

    with Memory(settings, driver=driver, embedder=embedder) as memory:
        first = memory.add(said("my manager is Okafor, strict but fair"), user_id=user_id)
        memory.add(
            said("Okafor retires in June, my new manager will be Dr Brandt"),
            user_id=user_id,
            timestamp="2026-04-02T10:00:00Z",
        )
        found = memory.search("Who is my manager?", user_id=user_id, top_k=2)
        old = memory.get(first.results[0].id)
    assert "Brandt" in found.results[0].text, [m.text for m in found.results]
    assert old.lifecycle_state == "superseded", old


@pytest.mark.parametrize(
    ("query", "role"),
    [
        ("Who is my maths tutor these days?", "teacher"),
        ("who's our new piano teacher", "teacher"),
        ("Who is my Pilates instructor?", "teacher"),
    ],
)
def test_a_role_told_with_what_it_is_for_is_still_the_role(query: str, role: str) -> None:
    assert [(p.anchor, p.role) for p in phrases(query)] == [(SELF, role)]


def test_a_role_word_that_qualifies_a_noun_is_no_role() -> None:
    assert phrases("When is my piano teacher appointment?") == []


@pytest.mark.neo4j
def test_the_tutor_now_is_the_one_who_took_over(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    """ "my cello tutor" resolves through both tutors' relations; the words alone rank the
    first tutor's memory first, far above the one telling of the new tutor."""
    turns = [
        (
            "2026-01-10T10:00:00Z",
            "started cello lessons with a tutor on Skype, her name is Ottilie",
        ),
        ("2026-02-14T10:00:00Z", "Ottilie says my bowing is getting cleaner"),
        (
            "2026-05-02T10:00:00Z",
            "Ottilie is off on tour so I'm with a new tutor, Ruben, until spring",
        ),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell = teller(memory, user_id, SPEAKER)
        for at, text in turns:
            tell(text, at)
        found = memory.search("Who is my cello tutor now?", user_id=user_id, top_k=3, explain=True)
    assert "Ruben" in found.results[0].text, [m.text for m in found.results]
