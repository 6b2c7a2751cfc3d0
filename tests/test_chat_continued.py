"""Chat as people type it, a second round: a negated auxiliary or "been" with the "I" left
out, the future progressive, a race told by its distance, a "'s" that is "is", a title the
parser misreads after "finished", "he" for the pet named before, "his mum" for a named
person's relative, a known pet as a subject (graphmem/extraction/sentence_variants.py,
nlp/clauses.py, nlp/names.py, nlp/reading.py, nlp/finished.py, nlp/coref.py, the pattern
rules); and one speaker's list of messages, whose turns that lean on the one before are
indexed with it (graphmem/domain/continuation.py). Readings (pure), then the lifecycle and
search against the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.domain.continuation import continues
from tests.support.nlp_reading import facts, read_one, read_turns

ME = "Sam"


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("can't stand horror tbh", (ME, "dislikes", "horror")),
        ("Honestly can't stand jazz.", (ME, "dislikes", "jazz")),
        ("Haha yes, I'll be working with the sea turtles.", (ME, "work_with", "sea turtle")),
        ("We will be staying with my aunt in Lyon.", (ME, "stay_in", "Lyon")),
        ("Signed up for a 10k in May.", (ME, "sign_up_for", "10k race")),
        ("Got the job at Arup!", (ME, "works_at", "Arup")),
        ("I work weekends at a bakery on Gloucester Road.", (ME, "works_at", "bakery")),
        ("I work part-time at Tesco.", (ME, "works_at", "Tesco")),
        ("Clara has been vegan for years.", ("Clara", "diet", "vegan")),
        ("Yoshiko loves karaoke and hates fish, funnily enough.", ("Yoshiko", "likes", "karaoke")),
        ("Yoshiko loves karaoke and hates fish, funnily enough.", ("Yoshiko", "dislikes", "fish")),
        ("Planted tomatoes, courgettes and runner beans.", (ME, "plant", "tomato")),
        ("Picked up a used Kia Niro EV, 40k on the clock.", (ME, "own", "Kia Niro EV")),
        ("Settled in Porto, the flat is in Bonfim.", (ME, "lives_in", "Porto")),
        (
            "My son Leo has a tree nut allergy, carries an EpiPen.",
            ("Leo", "allergic_to", "tree nut"),
        ),
        ("Been seeing a guy called Rafi for two months.", (ME, "dating", "Rafi")),
        ("Met someone new at the climbing wall, her name is Noor.", (ME, "dating", "Noor")),
        ("Been learning Greek for a year.", (ME, "learn", "Greek")),
        ("I finally got the job at the aquarium.", (ME, "works_at", "aquarium")),
        ("I ran the 10k on Sunday.", (ME, "run", "10k race")),
        (
            "Guess what, I got accepted into the evening MBA at Warwick",
            (ME, "studies_at", "Warwick"),
        ),
        ("My new job at the Wellcome Trust starts Monday btw", (ME, "works_at", "Wellcome Trust")),
        ("I start with Oxfam next month.", (ME, "works_at", "Oxfam")),
        (
            "Yeah, a sports physio called Henrik, he thinks it's runner's knee",
            ("Henrik", "physio_of", ME),
        ),
        ("I'm seeing a therapist named Dr Ruiz.", ("Ruiz", "therapist_of", ME)),
        ("She's here! Baby girl, Isla, born 21st August", ("Isla", "child_of", ME)),
        ("So excited, our baby girl Isla was born on Monday", ("Isla", "child_of", ME)),
        ("Mum moved in with us after her fall, she's 84", (f"{ME}'s Mother", "age", "84")),
        ("I'm interning at AstraZeneca over the summer", (ME, "works_at", "AstraZeneca")),
        ("I got a part-time job at the campus library.", (ME, "works_at", "campus library")),
    ],
)
def test_chat_tells_its_facts(said: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(read_one(said, ME).triplets)


@pytest.mark.parametrize(
    ("said", "not_a_fact"),
    [
        # a request, not a statement with its "I" left out
        ("Don't add nuts please.", None),
        ("Can't you find anything cheaper?", None),
        # still hypothetical: a plain future, a condition
        ("I'll probably go to Leeds.", (ME, "go_to", "Leeds")),
        ("I'll be moving to Leeds if I get the job.", (ME, "move_to", "Leeds")),
        # "'s" is "is": nobody is resting
        ("Resting heart rate's down to 61 now!", (ME, "rest", "heart rate")),
        # an amount, not a race
        ("I paid 5k for the car.", (ME, "pay", "5k race")),
        # a wedding's venue, a team: no home
        ("The barn double-booked us so we moved to a hotel in Ludlow.", (ME, "lives_in", "Ludlow")),
        ("I moved to a new team in March.", (ME, "lives_in", "March")),
        # what the speaker must do is no item of the list before it
        ("Dani's allergic to sesame, need to tell the caterer.", ("Dani", "allergic_to", "need")),
        ("I met someone at the conference, her name is Ada.", (ME, "dating", "Ada")),
        ("Clara has vegan friends.", ("Clara", "diet", "vegan")),
        ("Everyone loves pizza.", ("Everyone", "likes", "pizza")),
        ("Yoshiko hates fish, funnily enough.", ("Yoshiko", "dislikes", "funnily enough")),
        ("Fried chicken tonight!", (ME, "fry", "chicken")),  # a dish, not a deed
        # a book started, no job; a job left, no job now; another's relative
        ("I've started with Piranesi, it's so weird and beautiful", (ME, "works_at", "Piranesi")),
        ("I quit my job at Lumen Studio last week.", (ME, "works_at", "Lumen Studio")),
        ("My sister married a doctor called Ben.", ("Ben", "doctor_of", ME)),
        ("We found a teacher called Gwen who comes on Thursdays.", ("Gwen", "teacher_of", ME)),
        ("The baby girl, Isla, loves the park.", ("Isla", "child_of", ME)),  # whose baby?
        ("Mum moved in with us after her fall, she's 84", ("Mum", "age", "84")),  # Sam's Mother
        ("So excited, our baby girl Isla was born on Monday", ("Isla", "born_in", "Monday")),
        ("My lab partner is this guy Felix.", (f"{ME}'s Partner", "partner_of", ME)),
        ("My tennis partner moved to Leeds.", (f"{ME}'s Partner", "lives_in", "Leeds")),
        # a gerund with its own particle or object is a clause thought of, no thing
        ("I'm thinking of signing up for a ceramics course.", (ME, "think_of", "signing")),
        ("I'm thinking of moving to Leeds.", (ME, "think_of", "moving")),
        ("I bought a Dyson for my mum.", (ME, "own", "Dyson")),  # a gift
    ],
)
def test_chat_makes_up_nothing(said: str, not_a_fact: tuple[str, str, str] | None) -> None:
    told = facts(read_one(said, ME).triplets)
    if not_a_fact is None:
        assert not told
    else:
        assert not_a_fact not in told
    assert all(target != "5k race" for _, _, target in told)


@pytest.mark.parametrize(
    "said",
    ["finished The Dispossessed, loved it.", "I finished The Left Hand of Darkness, wow."],
)
def test_a_finished_title_ends_reading_it(said: str) -> None:
    denied = {(s, p) for s, p, _ in facts(read_one(said, ME).denied)}
    assert (ME, "read") in denied


def test_a_finished_pronoun_or_another_work_ends_nothing() -> None:
    assert not read_one("I finished it, loved it.", ME).denied
    assert not read_one("I finished another painting.", ME).denied


@pytest.mark.parametrize(
    ("text", "leans"),
    [
        ("We're going with a cheaper fitter, 12k.", True),
        ("found one in Hyde Park for £400 a month", True),
        ("ok so it's just me and Keiko now", True),
        ("Also the landlord wants a deposit.", True),
        ("I live in Tokyo.", False),
        ("My sister is allergic to peanuts.", False),
        ("This one is bigger than the last flat.", True),  # "this one" still points back
        ("Lisbon is bigger than Porto.", False),
    ],
)
def test_a_turn_that_leans_on_the_one_before(text: str, leans: bool) -> None:
    assert continues(text) is leans


def _monologue(memory: Memory, user_id: str, turns: list[str], day: str) -> list[str]:
    said = [{"role": "user", "content": t} for t in turns]
    return [r.id for r in memory.add(said, user_id=user_id, timestamp=day).results]


@pytest.mark.neo4j
def test_in_a_list_only_a_leaning_turn_gets_the_turns_before(memory: Memory, user_id: str) -> None:
    ids = _monologue(
        memory,
        user_id,
        [
            "I live in Didsbury.",
            "Kitchen quote came back at 18k, way over budget.",
            "We're going with a cheaper fitter, 12k.",
        ],
        "2026-03-25T10:00:00Z",
    )
    keys = [memory.get(i).key_text for i in ids]
    assert keys[0] is None and keys[1] is None  # facts that stand alone
    assert keys[2] is not None and "Kitchen quote came back at 18k" in keys[2]
    found = memory.search("How much did the new kitchen fitter charge?", user_id=user_id)
    assert ids[2] in [m.id for m in found.results[:2]]


@pytest.mark.neo4j
def test_finishing_a_book_supersedes_reading_it(memory: Memory, user_id: str) -> None:
    (reading,) = _monologue(memory, user_id, ["currently reading The Dispossessed"], "2026-06-01")
    (done,) = _monologue(
        memory, user_id, ["finished The Dispossessed, loved it. on to Piranesi now"], "2026-07-10"
    )
    states = {m.id: m.lifecycle_state.value for m in memory.get_all(user_id=user_id)}
    assert states[reading] == "superseded" and states[done] == "active"
    assert memory.search("What am I reading now?", user_id=user_id).results[0].id == done


def test_a_known_person_the_parser_reads_as_a_noun_is_a_person() -> None:
    memory = read_one(
        "Yumi can't come anymore, her work won't give her the time off :(", ME, ["Yumi"]
    )
    types = {e.name: e.type for e in memory.entities}
    assert types["Yumi"] == "PERSON"


def test_he_is_the_pet_named_just_before() -> None:
    adopted, age = read_turns(
        [(ME, "We adopted a beagle called Rollo from the shelter!"),
         (ME, "He's 3 and a total food thief.")]
    )  # fmt: skip
    assert ("Rollo", "dog_of", ME) in facts(adopted.triplets)
    assert ("Rollo", "age", "3") in facts(age.triplets)
    assert "Rollo" in {e.name for e in age.entities}  # the memory mentions whom "he" is


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "We have Dev's parents over on Sunday, his mum hates coriander.",
            ("Dev's Mother", "dislikes", "coriander"),
        ),
        (
            "Dev is coming too; his sister is allergic to kiwi.",
            ("Dev's Sister", "allergic_to", "kiwi"),
        ),
    ],
)
def test_his_or_her_relative_is_the_named_persons(said: str, fact: tuple[str, str, str]) -> None:
    (memory,) = read_turns([(ME, said)], known=("Dev",))
    assert fact in facts(memory.triplets)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Her teacher is Mrs Okafor, seems lovely.", ("Okafor", "teacher_of", "Mina")),
        ("Her piano teacher, Gwen, comes on Thursdays.", ("Gwen", "teacher_of", "Mina")),
        ("Her tutor is called Ibrahim.", ("Ibrahim", "tutor_of", "Mina")),
    ],
)
def test_whose_relative_is_someone_named_before_the_relative(
    said: str, fact: tuple[str, str, str]
) -> None:
    # the message names the relative; "her" is the person named before, not the teacher
    _, memory = read_turns([(ME, "Our daughter Mina started at Greenfield Primary."), (ME, said)])
    assert fact in facts(memory.triplets)
    assert not {t for t in facts(memory.triplets) if t[0] == t[2]}


def test_a_couple_told_together_keeps_its_subject() -> None:
    (memory,) = read_turns([(ME, "My brother and his wife moved to Bergen.")])
    assert (f"{ME}'s Brother", "lives_in", "Bergen") in facts(memory.triplets)


@pytest.mark.neo4j
def test_a_known_pet_does_what_a_later_message_tells(memory: Memory, user_id: str) -> None:
    def tell(text: str, day: str) -> set[tuple[str, str, str]]:
        said = [{"role": "user", "name": "Jade", "content": text}]
        added = memory.add(said, user_id=user_id, timestamp=day)
        return {(r.source, r.predicate, r.target) for e in added.results for r in e.relations}

    assert ("Miso", "cat_of", "Jade") in tell("We adopted a kitten called Miso!", "2026-04-11")
    later = tell("Miso knocked my phone into the bath yesterday.", "2026-05-20")
    assert ("Miso", "knock", "phone") in later
