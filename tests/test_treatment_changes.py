"""A carer changes what someone takes: "my doctor put me on Jardiance", "the doctor took me
off metformin", "Dad's doctor switched him from warfarin to Eliquis". The patient takes the
new treatment and no longer the old one, so "I take metformin every morning" ends and
"Which medication am I on?" ranks the change first. Readings (pure), then the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one
from tests.support.telling import teller

ME = "Greta"
PEOPLE = ("Olaf",)


@pytest.mark.parametrize(
    ("text", "patient", "new", "old"),
    [
        ("My doctor put me on lisinopril.", ME, "lisinopril", None),
        ("The doctor took me off ibuprofen last week.", ME, None, "ibuprofen"),
        ("My GP prescribed me doxycycline.", ME, "doxycycline", None),
        ("I was prescribed prednisone for the rash.", ME, "prednisone", None),
        ("The endocrinologist swapped the insulin for a pump.", ME, "pump", "insulin"),
        ("My cardiologist replaced my statin with Zetia.", ME, "Zetia", "statin"),
        ("Olaf's doctor switched him from codeine to tramadol.", "Olaf", "tramadol", "codeine"),
    ],
)
def test_the_patient_takes_what_is_started_and_not_what_is_stopped(
    text: str, patient: str, new: str | None, old: str | None
) -> None:
    memory = read_one(text, ME, PEOPLE)
    told, denied = facts(memory.triplets), facts(memory.denied)
    if new is not None:
        assert (patient, "take", new) in told, told
    if old is not None:
        assert (patient, "take", old) in denied, denied
        assert (patient, "take", old) not in told


@pytest.mark.parametrize(
    "text",
    [
        "My doctor put me on the waiting list.",
        "My doctor changed the appointment to Friday.",
        "My dentist switched to a new clinic.",
        "The nurse took me to the X-ray room.",
        "Did the doctor put you on antibiotics?",  # a question asserts nothing
    ],
)
def test_what_a_carer_does_besides_is_nothing_taken(text: str) -> None:
    memory = read_one(text, ME, PEOPLE)
    assert not [t for t in facts(memory.triplets) if t[1] == "take"]
    assert not [t for t in facts(memory.denied) if t[1] == "take"]


@pytest.mark.neo4j
def test_a_medication_changed_by_the_doctor_ends_the_old_one(memory: Memory, user_id: str) -> None:
    tell = teller(memory, user_id, ME)

    old = tell("I take ibuprofen every morning for my knee.", "2026-02-02")
    tell("I'm allergic to penicillin.", "2026-02-10")
    said = [
        {
            "role": "user",
            "name": ME,
            "content": "My doctor swapped the ibuprofen for a newer drug, celecoxib.",
        }
    ]
    added = memory.add(said, user_id=user_id, timestamp="2026-03-29").results[0]
    applied = [(t.action, t.old_memory_id) for t in added.transitions if t.outcome == "applied"]
    assert applied == [("end", old)]  # the knee is still told: the ibuprofen alone ends
    found = memory.search("Which medication do I take for my knee?", user_id=user_id,
                          reference_date="2026-05-01")  # fmt: skip
    assert [r.id for r in found.results[:2]] == [added.id, old]
