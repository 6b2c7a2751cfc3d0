"""Chat as people type it, read for its facts: a dropped "I" found by the parse, a
participle that shares its verb's subject, an allergy told as a noun, a withdrawal, a name
given in the next sentence, a pronoun for a relative told unnamed, what a question takes for
granted, names typed in lower case (graphmem/extraction/nlp/reading.py, withdrawals.py,
coref.py, answers.py; extraction/casual.py, sentence_variants.py,
pattern_rules_health.py). Readings (pure), then the lifecycle and search against the real
Neo4j."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem import Memory
from graphmem.domain.extraction import ANY_VALUE, ExtractionRequest, Message
from graphmem.extraction.nlp.reading import proper_names
from tests.support.nlp_reading import extractor, facts, read_one, read_turns

ME = "Sam"


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        # a sentence opening on a verb with no subject is the speaker's
        ("Doing loads of swimming these days.", (ME, "do", "swimming")),
        ("Diagnosed with asthma last week.", (ME, "has_condition", "asthma")),
        ("Yeah, went to the cinema with my brother.", (ME, "go_to", "cinema")),
        # a participle clause shares the subject of the verb before it
        ("We sold the flat in Hull, moving to Bath in May.", (ME, "move_to", "Bath")),
        ("I left the bakery, doing a barista course now.", (ME, "do", "barista course")),
        ("I'm taking part in the charity swim.", (ME, "take_part_in", "charity swim")),
        # an allergy told as a noun
        ("My daughter Ela has a sesame allergy.", ("Ela", "allergic_to", "sesame")),
        ("I've got a bad cat allergy, sadly.", (ME, "allergic_to", "cat")),
        # a name given in the next sentence
        ("We rescued a kitten on Sunday! Her name is Mochi.", ("Mochi", "cat_of", ME)),
        ("I'm seeing somebody. His name is Idris.", (ME, "dating", "Idris")),
        # "she"/"he" for the one relative told unnamed
        (
            "My grandma is coming for Christmas, she's lactose intolerant.",
            (f"{ME}'s Grandmother", "intolerant_to", "lactose"),
        ),
        ("My mum is visiting next week. She's vegan.", (f"{ME}'s Mother", "diet", "vegan")),
        # diets started or taken up again
        ("I'm going vegetarian for Lent.", (ME, "diet", "vegetarian")),
        ("I'm back to eating meat, honestly.", (ME, "diet", "omnivore")),
        ("guess who just landed a job at the library!!", (ME, "works_at", "library")),
        ("We moved into the Dalston place last week.", (ME, "lives_in", "Dalston")),
        # a baby named is its parent's child; a named owner's pets
        ("My cousin Rui just had a baby girl, Bia!", ("Bia", "child_of", "Rui")),
        ("We had a baby! Her name is Noa.", ("Noa", "child_of", ME)),
        ("Marta's dog Fudge chewed my shoe.", ("Fudge", "dog_of", "Marta")),
        ("Olu has three cats, Tiger, Bean and Moss.", ("Moss", "cat_of", "Olu")),
        # life events in chat's own words
        ("We're doing paleo this month.", (ME, "diet", "paleo")),
        ("Layla is 9 now.", ("Layla", "age", "9")),
        ("Ezra proposed on Saturday!", (ME, "engaged_to", "Ezra")),
        # a person by where the speaker knows them from; a named person's job left
        ("Jess from work can't eat nuts.", ("Jess", "colleague_of", ME)),
        ("Omar from football is a plumber.", ("Omar", "friend_of", ME)),
        # the one hired does what they were hired to do
        ("We hired Lotte to run the front desk.", ("Lotte", "run", "front desk")),
        # a yes reads the question's statement; a switch of the answer language
        ("Please switch back to English.", (ME, "response_language", "English")),
    ],
)
def test_chat_tells_its_facts(said: str, fact: tuple[str, str, str]) -> None:
    memory = read_one(said, ME)
    assert memory.text == said
    assert fact in facts(memory.triplets)


@pytest.mark.parametrize(
    ("said", "not_a_fact"),
    [
        ("I had a milk allergy as a kid.", (ME, "allergic_to", "milk")),
        ("Ravi is leaving at the start of May for a job in Leeds.", ("Ravi", "leave_at", "start")),
        ("My dad hates olives, he picks them off his pizza.", None),
        ("Going to the party tonight?", None),
    ],
)
def test_chat_makes_up_nothing(said: str, not_a_fact: tuple[str, str, str] | None) -> None:
    told = facts(read_one(said, ME).triplets)
    if not_a_fact is not None:
        assert not_a_fact not in told
    assert all("picks" not in target and "them" not in target.split() for _, _, target in told)
    if said.endswith("?"):
        assert not told


def test_an_assistant_keeps_its_own_words() -> None:
    request = ExtractionRequest(
        messages=[Message(role="assistant", content="Found three vegan places near you.")],
        observed_at=datetime(2026, 6, 1, tzinfo=UTC),
    )
    (memory,) = extractor().extract(request).memories
    assert not any(t.source == ME for t in memory.triplets)


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("I dropped out of the spring triathlon.", (ME, "train_for", "spring triathlon")),
        ("Pulled out of the half marathon, my ankle is done.", (ME, "run", "half marathon")),
        # eating an animal product again ends a vegan diet, whatever the diet is now
        ("Honestly I'm back to eating eggs, but still no meat.", (ME, "diet", "vegan")),
        ("We backed out of the trip to Crete.", (ME, "plan_go_to", "Crete")),
        ("Handed in my notice at Ocado today.", (ME, "works_at", "Ocado")),
        ("My last day at Arup was yesterday.", (ME, "works_at", "Arup")),
        ("me and Priya split up last month", (ME, "dating", "Priya")),
        ("I'm sober now, nine months.", (ME, "drink", ANY_VALUE)),
        ("I don't smoke anymore.", (ME, "smoke", ANY_VALUE)),
        (
            "My sister works at the BBC now, she left Deloitte in May.",
            (f"{ME}'s Sister", "works_at", "Deloitte"),
        ),
    ],
)
def test_an_end_is_read(said: str, ended: tuple[str, str, str]) -> None:
    memory = read_one(said, ME)
    assert ended in facts(memory.denied)


def test_withdrawing_money_ends_nothing() -> None:
    assert not read_one("I withdrew some cash from the bank.", ME).denied


def test_a_name_typed_in_lower_case_is_read_when_the_memory_holds_it() -> None:
    assert proper_names(["Dalston", "Kofi", "Grace", "Will"]) == {
        "dalston": "Dalston",
        "kofi": "Kofi",
    }
    memory = read_one("moved into the dalston flat at last", ME, known=["Dalston"])
    assert (ME, "lives_in", "Dalston") in facts(memory.triplets)


@pytest.mark.parametrize(
    ("question", "answer", "fact"),
    [
        (
            "How was your trip to Kyoto?",
            "Amazing, the temples were unreal.",
            ("Go", "go_to", "Kyoto"),
        ),
        ("so how's the new job at Arup?", "Busy! Good people though.", ("Go", "works_at", "Arup")),
        ("Ines!! how was the move to Ghent?", "Chaotic but fine.", ("Go", "lives_in", "Ghent")),
        ("How was your trip to Kyoto?", "It got cancelled, sadly.", None),
        ("How was your trip to Kyoto?", "We never went in the end.", None),
        (
            "Are you still flying to Accra in May?",
            "Yep, tickets booked.",
            ("Go", "plan_fly_to", "Accra"),
        ),
    ],
)
def test_what_a_question_takes_for_granted(
    question: str, answer: str, fact: tuple[str, str, str] | None
) -> None:
    _, reply = read_turns([("Ines", question), ("Go", answer)])
    answered = facts(reply.triplets)
    if fact is None:
        assert not {t for t in answered if t[0] == "Go" and t[1] in {"go_to", "works_at"}}
    else:
        assert fact in answered


def _tell(memory: Memory, user_id: str, text: str, day: str) -> str:
    said = [{"role": "user", "name": ME, "content": text}]
    return memory.add(said, user_id=user_id, timestamp=day).results[0].id


@pytest.mark.neo4j
def test_a_withdrawal_supersedes_the_training_and_keeps_it(memory: Memory, user_id: str) -> None:
    training = _tell(
        memory, user_id, "I'm training for the Oslo half marathon in June.", "2026-02-01"
    )
    withdrawn = _tell(
        memory, user_id, "Pulled out of the half marathon, my ankle is done.", "2026-04-02"
    )
    current = {m.id for m in memory.get_all(user_id=user_id, latest_only=True)}
    assert withdrawn in current and training not in current
    states = {m.id: m.lifecycle_state.value for m in memory.get_all(user_id=user_id)}
    assert states[training] == "superseded"  # kept
    found = memory.search("am I still running the half marathon?", user_id=user_id)
    assert found.results[0].id == withdrawn


@pytest.mark.neo4j
def test_a_budget_raised_without_naming_the_trip_ranks_first(memory: Memory, user_id: str) -> None:
    _tell(memory, user_id, "Our budget for the Crete holiday is £2,400.", "2026-02-01")
    raised = _tell(
        memory,
        user_id,
        "We upped the budget to £3,000 because my cousin Tariq is coming.",
        "2026-03-01",
    )
    found = memory.search("What's the budget for Crete?", user_id=user_id)
    assert found.results[0].id == raised


def test_two_objects_of_one_preposition_that_are_one() -> None:
    told = facts(read_one("I'm training for the Oslo half marathon in June.", ME).triplets)
    trained = {t for t in told if t[1] == "train_for"}
    assert len(trained) == 1 and (ME, "train_for", "Oslo") not in trained
    # a list stays a list
    went = facts(read_one("I went to Paris and Rome.", ME).triplets)
    assert {(ME, "go_to", "Paris"), (ME, "go_to", "Rome")} <= went


def test_two_direct_objects_that_are_one() -> None:
    # the model hangs "county" and "bee" both from "won"
    told = facts(read_one("Guess what, I won the county spelling bee!", ME).triplets)
    won = {t for t in told if t[1] == "win"}
    assert len(won) == 1 and (ME, "win", "county") not in won
    gave = facts(read_one("I gave my sister a book.", ME).triplets)
    assert (ME, "give", "book") in gave


def test_what_is_kept_from_someone_told_by_pronoun() -> None:
    told = facts(
        read_one(
            "Ada is staying over, she's pregnant so no sushi or brie for her.", ME, known=["Ada"]
        ).triplets
    )
    assert {("Ada", "has_condition", "pregnancy"), ("Ada", "avoids", "sushi")} <= told
    assert ("Ada", "avoids", "brie") in told


def test_a_move_for_a_job_at_an_organisation_with_the() -> None:
    told = facts(read_one("We moved to Leeds for a job at the NHS.", ME).triplets)
    assert {(ME, "lives_in", "Leeds"), (ME, "works_at", "NHS")} <= told
