"""What no longer holds, told without a negation: what someone "used to" do, a habit quit
with a time after it, a home left by moving out or into a place of one's own, a thing kept
and then sold. The extractor's denials (pure), then the lifecycle they drive (real Neo4j).
Also two reading fixes found beside them: a pronoun with a verb contracted onto it is no
name, and a title's period ends no place name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem import Memory
from graphmem.domain.extraction import ANY_VALUE, ExtractedMemory, ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor

EXTRACTOR = NLPExtractor()
SPEAKER = "Wren"


def one(text: str, known: tuple[str, ...] = ()) -> ExtractedMemory:
    request = ExtractionRequest(
        messages=[Message(content=text, name=SPEAKER)],
        observed_at=datetime(2025, 9, 1, tzinfo=UTC),
        known_entities=list(known),
        known_people=list(known),
    )
    (memory,) = EXTRACTOR.extract(request).memories
    return memory


def triples(text: str, known: tuple[str, ...] = ()) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in one(text, known).triplets}


def denied(text: str, known: tuple[str, ...] = ()) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in one(text, known).denied}


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I used to bite my nails.", (SPEAKER, "bite", "nail")),
        ("We used to eat out every Friday.", (SPEAKER, "eat", ANY_VALUE)),
        ("Back then I used to live in Antwerp.", (SPEAKER, "lives_in", "Antwerp")),
        ("My mum used to collect stamps.", (f"{SPEAKER}'s Mother", "collect", "stamp")),
        ("I used to smoke.", (SPEAKER, "do", "smoking")),
        ("I used to vape.", (SPEAKER, "vape", ANY_VALUE)),
    ],
)
def test_what_someone_used_to_do_no_longer_holds(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in denied(text)
    assert ended not in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm used to getting up at five.",  # being accustomed, not a past habit
        "Did you use to paint?",
        "I didn't use to like jazz.",
        "I use a planner to stay on track.",
    ],
)
def test_used_to_that_tells_no_past_habit_denies_nothing(text: str) -> None:
    assert not denied(text)


@pytest.mark.parametrize(
    "text", ["I quit smoking about three years ago.", "I gave up vaping two summers ago."]
)
def test_a_habit_quit_with_a_time_after_it_ends_whatever_it_was_done_with(text: str) -> None:
    """The guard matches either the verb or its "-ing" word to the old fact's verb."""
    ended = {(s, p) for s, p, t in denied(text) if t == ANY_VALUE}
    assert ended & {(SPEAKER, verb) for verb in ("smoke", "smoking", "vape", "vaping")}


@pytest.mark.parametrize(
    ("text", "mover"),
    [
        ("My mother-in-law moved into assisted living in March.", f"{SPEAKER}'s Mother-In-Law"),
        ("My stepson moved out over the summer.", f"{SPEAKER}'s Stepson"),
        ("Jonah moved to Utrecht for his studies.", "Jonah"),
        ("I finally moved out of my dad's house.", SPEAKER),
    ],
)
def test_one_who_moved_away_no_longer_lives_with_anyone_they_did(text: str, mover: str) -> None:
    assert (mover, "live_with", ANY_VALUE) in denied(text, known=("Jonah",))


@pytest.mark.parametrize(
    "text",
    [
        "We moved to Rotterdam in 2021.",  # who moved together still live together
        "I moved to Madrid last year.",  # maybe with the partner the speaker lives with
        "I moved the piano into the hall.",  # a thing moved
        "My cousin moved in with us.",
    ],
)
def test_a_move_together_or_of_a_thing_ends_no_home_shared(text: str) -> None:
    assert not {d for d in denied(text) if d[1] == "live_with"}


def test_moving_in_with_someone_is_living_with_them() -> None:
    assert ("Jonah", "live_with", "fiancée") in triples(
        "Jonah moved in with his fiancée.", known=("Jonah",)
    )


def test_a_relation_in_the_subject_leaves_the_verb_its_own_fact() -> None:
    """ "My nephew Bo lives with us": the relation is the noun phrase's, living with the
    speaker is the verb's, both between the same two people."""
    assert {("Bo", "nephew_of", SPEAKER), ("Bo", "live_with", SPEAKER)} <= triples(
        "My nephew Bo lives with us."
    )


def test_a_thing_kept_and_sold_is_no_longer_kept() -> None:
    assert ("Hedda", "keep", "chicken") in denied("Hedda sold all her chickens.", known=("Hedda",))


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("We gave up drinking soda.", (SPEAKER, "drink", "soda")),
        ("I gave up eating red meat.", (SPEAKER, "eat", "red meat")),
    ],
)
def test_a_habit_given_up_read_as_one_noun_is_still_its_verb(
    text: str, ended: tuple[str, str, str]
) -> None:
    assert ended in denied(text)


def test_habits_told_alone_are_facts_to_end() -> None:
    assert (SPEAKER, "do", "vaping") in triples("I vape a lot at parties.")


def test_what_families_call_each_other_are_relation_words() -> None:
    assert (f"{SPEAKER}'s Grandfather", "live_with", SPEAKER) in triples(
        "My granddad lives with us."
    )


@pytest.mark.parametrize("text", ["We've relocated to Bergen.", "They'd moved to Bergen."])
def test_a_pronoun_with_a_contracted_verb_is_no_name(text: str) -> None:
    memory = one(text)
    names = {e.name for e in memory.entities}
    assert not {n for n in names if "'" in n}
    assert all("'" not in t.source for t in memory.triplets)


def test_a_titles_period_does_not_cut_a_place_name() -> None:
    assert (SPEAKER, "works_at", "St. Luke's Hospital") in triples("I work at St. Luke's Hospital.")


@pytest.mark.neo4j
@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("My grandad lives with us.", "Grandad moved into a nursing home in May."),
        ("I bite my nails when I'm nervous.", "I used to bite my nails."),
        ("I vape every day.", "I quit vaping about a year ago."),
        ("My neighbour Hedda keeps chickens.", "Hedda sold her chickens."),
    ],
)
def test_an_end_told_without_a_negation_supersedes_the_fact(
    memory: Memory, user_id: str, said: str, ended: str
) -> None:
    first = [{"role": "user", "name": SPEAKER, "content": said}]
    then = [{"role": "user", "name": SPEAKER, "content": ended}]
    old = memory.add(first, user_id=user_id, timestamp="2025-01-05").results[0]
    new = memory.add(then, user_id=user_id, timestamp="2025-08-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My partner Joost works as a paramedic for the Red Cross.",
            {("Joost", "job_title", "paramedic"), ("Joost", "works_at", "Red Cross")},
        ),
        # a place after the job is the employer, whatever the model labels it (a town here)
        ("Joost works as a midwife at St. Anne's.", {("Joost", "works_at", "St. Anne")}),
        ("My stepdad teaches at Hillcrest Academy.", {(f"{SPEAKER}'s Stepfather", "works_at",
                                                      "Hillcrest Academy")}),
        ("Joost writes for the Financial Times.", {("Joost", "works_at", "Financial Times")}),
    ],
)  # fmt: skip
def test_work_told_by_its_job_or_its_verb_is_a_workplace(
    text: str, expected: set[tuple[str, str, str]]
) -> None:
    assert expected <= triples(text, known=("Joost",))


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("My father-in-law retired from Siemens in June.", (f"{SPEAKER}'s Father-In-Law",
                                                             "works_at", "Siemens")),
        ("Joost left KLM last spring.", ("Joost", "works_at", "KLM")),
    ],
)  # fmt: skip
def test_a_workplace_retired_from_or_left_is_no_longer_one(
    text: str, left: tuple[str, str, str]
) -> None:
    assert left in denied(text, known=("Joost",))


def test_a_subject_pronoun_is_not_its_own_verbs_object() -> None:
    """ "She" may stand for the one person the message names, but not when that person is
    the object of her own verb."""
    assert not {t for t in triples("She dumped Pieter for Karim.") if t[0] == "Pieter"}


def test_a_workplace_told_by_the_second_verb_of_a_first_person_clause() -> None:
    assert (SPEAKER, "works_at", "Philips") in triples("I moved to Eindhoven and work for Philips.")


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("The nurse switched me from ibuprofen to paracetamol.", (SPEAKER, "take", "ibuprofen")),
        ("Our vet switched Pip from kibble to raw food.", ("Pip", "eat", "kibble")),
    ],
)
def test_a_switch_made_for_someone_ends_their_habit(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in denied(text, known=("Pip",))


@pytest.mark.neo4j
def test_a_role_named_only_by_its_word_is_no_new_holder(memory: Memory, user_id: str) -> None:
    """ "My dentist is Dr. Osei", then "My dentist told me to floss more": the second names
    the role only ("Wren's Dentist"), which may well be Dr. Osei; nothing is superseded."""
    first = [{"role": "user", "name": SPEAKER, "content": "My dentist is Dr. Osei in Leiden."}]
    then = [
        {"role": "user", "name": SPEAKER, "content": "My dentist moved me to six-monthly checkups."}
    ]
    memory.add(first, user_id=user_id, timestamp="2025-01-05")
    new = memory.add(then, user_id=user_id, timestamp="2025-03-01").results[0]
    assert not [t for t in new.transitions if t.outcome == "applied"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My niece Zoe shares a house with three students.", ("Zoe", "live_with", "student")),
        ("I share an apartment with my cousin Ilse.", (SPEAKER, "live_with", "Ilse")),
    ],
)
def test_a_home_shared_with_someone_is_living_with_them(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in triples(text, known=("Zoe", "Ilse"))


def test_someone_who_lives_alone_now_lives_with_no_one_they_did() -> None:
    assert ("Zoe", "live_with", ANY_VALUE) in denied(
        "Zoe lives alone now, above a bakery.", known=("Zoe",)
    )


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Kofi and I got married in Accra!", ("Kofi", "boyfriend_of", SPEAKER)),
        ("Kofi and I got married in Accra!", (SPEAKER, "engaged_to", "Kofi")),
        ("Sanne proposed to me on the beach.", ("Sanne", "girlfriend_of", SPEAKER)),
    ],
)
def test_a_couples_new_stage_ends_the_earlier_ones(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in denied(text)


def test_what_one_is_bored_of_is_no_longer_liked() -> None:
    assert (SPEAKER, "likes", "jigsaw puzzles") in denied("I'm kind of bored of jigsaw puzzles.")


@pytest.mark.neo4j
def test_getting_married_ends_the_boyfriend_in_an_older_memory(
    memory: Memory, user_id: str
) -> None:
    """The older memory tells more (a trip), so it stays current: only the relation ends, and
    the newer memory ranks first for who he is now."""
    said = "We're visiting Lisbon in May, me and my boyfriend Kofi."
    first = [{"role": "user", "name": SPEAKER, "content": said}]
    then = [{"role": "user", "name": SPEAKER, "content": "Kofi and I got married in Accra!"}]
    old = memory.add(first, user_id=user_id, timestamp="2025-01-05").results[0]
    new = memory.add(then, user_id=user_id, timestamp="2025-08-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("end", "applied", old.id)
    ]
    found = memory.search("Who is Kofi to me?", user_id=user_id).results
    assert [r.id for r in found[:2]] == [new.id, old.id]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I got laid off from Booking.com in March.", (SPEAKER, "works_at", "Booking.com")),
        ("I was let go from my position at Unilever.", (SPEAKER, "works_at", "Unilever")),
        ("My son-in-law got fired from Aldi.", (f"{SPEAKER}'s Son-In-Law", "works_at", "Aldi")),
        ("I retired in the spring.", (SPEAKER, "works_at", ANY_VALUE)),
        ("I got laid off again.", (SPEAKER, "job_title", ANY_VALUE)),
        ("Honestly I'm between jobs at the moment.", (SPEAKER, "works_at", ANY_VALUE)),
        ("I'm off the statins now.", (SPEAKER, "take", "statins")),
        ("We're back in Porto after a year in Lyon.", (SPEAKER, "lives_in", "Lyon")),
    ],
)
def test_a_job_or_a_home_ended_in_other_words(text: str, ended: tuple[str, str, str]) -> None:
    found = denied(text) | {("home", *t[1:]) for t in triples(text) if t[1] == "lives_in"}
    if ended[1] == "lives_in":  # a home told anew: the lifecycle supersedes the old one
        assert ("home", "lives_in", "Porto") in found
    else:
        assert ended in found


@pytest.mark.parametrize(
    "text", ["Our hamster Toffee died on Sunday.", "We had to put Toffee down last week."]
)
def test_a_pet_that_died_is_no_longer_ones_pet(text: str) -> None:
    assert ("Toffee", "hamster_of", SPEAKER) in denied(text, known=("Toffee",))


def test_a_person_who_died_keeps_their_relation() -> None:
    assert not denied("My grandfather died in May.")


def test_no_longer_with_someone_ends_the_couple() -> None:
    assert (SPEAKER, "dating", "Kevin") in denied("I'm no longer with Kevin.", known=("Kevin",))
    assert not denied("I'm not with Kevin right now, he's at work.", known=("Kevin",))


@pytest.mark.neo4j
def test_a_pet_that_died_ends_its_relation_in_the_memory_that_named_it(
    memory: Memory, user_id: str
) -> None:
    first = [{"role": "user", "name": SPEAKER, "content": "We have two cats, Mochi and Pixel."}]
    then = [{"role": "user", "name": SPEAKER, "content": "Mochi died last night, she was 17."}]
    old = memory.add(first, user_id=user_id, timestamp="2025-01-05").results[0]
    new = memory.add(then, user_id=user_id, timestamp="2025-08-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("end", "applied", old.id)
    ]


def test_a_pet_named_in_the_subject_has_facts_of_its_own() -> None:
    assert ("Biscuit", "eat", "wet food") in triples("Our cat Biscuit eats wet food at noon.")


def test_a_thing_counted_in_words_is_still_a_thing() -> None:
    """ "half marathons" is labelled a QUANTITY by the model; "3 km" is a measure."""
    assert ("Sofie", "run", "half marathon") in triples("Sofie runs half marathons.", ("Sofie",))
    assert not {t for t in triples("I swim 3 km every day.") if t[2] == "km"}
