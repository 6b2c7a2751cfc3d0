"""Readings of the sixteenth stop's probes: notes to oneself ("dentist is Dr Abara", "car: 2019
Skoda Octavia"), a clause with its own subject after a negated one, a sober life, a teacher
found for someone, whose "he" is (not a name after it), a known person the model labels
otherwise, and a relative who owns a clause's subject ("my sister's wedding got pushed")."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.domain.extraction import Message
from graphmem.search import answer_kinds
from graphmem.search.role_phrases import SELF, phrases
from graphmem.search.told_changes import tells_change
from graphmem.services.context_keys import keys_for
from tests.support.nlp_reading import facts, read_one, read_turns

ME = "Greg"


def told(text: str, known: tuple[str, ...] = ()) -> set[tuple[str, str, str]]:
    return facts(read_one(text, ME, known).triplets)


def ended(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, ME).denied)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("note to self: dentist is Dr Abara, Fridays only", ("Abara", "dentist_of", ME)),
        ("Reminder - boss is Helga now", ("Helga", "boss_of", ME)),
        ("Wife: Anna", ("Anna", "wife_of", ME)),
        ("car: 2019 Skoda Octavia, MOT due in March", (ME, "own", "Skoda Octavia")),
        ("Phone: an old Pixel 4", (ME, "own", "Pixel 4")),
    ],
)
def test_a_note_keyed_by_ones_people_and_things_is_the_writers(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    "text",
    [
        "Doctor Who is on tonight",  # no "is" or colon after the key
        "Car is in the garage",  # what follows is no name or make
        "The dentist is Dr Abara's partner",  # not a note's key
    ],
)
def test_a_key_that_is_no_note_says_nothing_of_the_writers_things(text: str) -> None:
    assert not {t for t in told(text) if t[1] in {"own", "dentist_of", "doctor_of"}}


def test_a_thing_of_a_given_year_is_the_speakers() -> None:
    assert (ME, "own", "Skoda Octavia") in told("My car is a 2019 Skoda Octavia.")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I don't eat beef, and my husband Arjun is allergic to peanuts.",
         ("Arjun", "allergic_to", "peanuts")),
        ("I don't eat beef and my husband is allergic to peanuts.",
         (f"{ME}'s Husband", "allergic_to", "peanuts")),
        ("Work is quiet, but my sister lives in Lyon now.", (f"{ME}'s Sister", "lives_in", "Lyon")),
    ],
)  # fmt: skip
def test_the_next_clause_tells_its_own_subjects_fact(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    "text",
    [
        "and I don't drink anymore, 6 months sober now",
        "I've been sober for two years",
        "I quit drinking last year.",
        "I don't drink.",
    ],
)
def test_a_sober_life_avoids_alcohol(text: str) -> None:
    assert (ME, "avoids", "alcohol") in told(text)


@pytest.mark.parametrize(
    "text",
    ["I don't drink coffee after 5pm", "I quit drinking coffee.", "I never drink on weekdays"],
)
def test_a_drink_given_up_or_kept_from_is_no_sober_life(text: str) -> None:
    assert (ME, "avoids", "alcohol") not in told(text)


def test_a_sober_life_also_ends_the_drinking() -> None:
    assert (ME, "drink", "any_value") in ended("I've been sober for two years")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kavya wants to learn the violin, we found a teacher called Mrs Haddad",
         ("Haddad", "teacher_of", "Kavya")),
        ("We hired a maths tutor for Leo called Anita.", ("Anita", "tutor_of", "Leo")),
        ("Leo has a new coach called Marcus", ("Marcus", "coach_of", "Leo")),
        ("Leo started piano in May, and we found a teacher named Olga",
         ("Olga", "teacher_of", "Leo")),
        ("Leo started swimming lessons, his instructor is Dana", ("Dana", "teacher_of", "Leo")),
    ],
)  # fmt: skip
def test_a_teacher_found_for_someone_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text, ("Kavya", "Leo"))


def test_a_teacher_found_after_no_one_is_named_is_nobodys_by_guess() -> None:
    found = told("Maths is hard for him, so we found a tutor called Ann", ("Leo",))
    assert not {t for t in found if t[1] == "tutor_of" and t[2] != ME}


def test_he_is_someone_named_before_not_a_name_after_him() -> None:
    memories = read_turns(
        [
            (ME, "Yes, we moved from Leicester to Bristol in March for Arjun's job."),
            (ME, "He's a structural engineer at Arup now."),
        ],
        known=("Arjun",),
    )
    found = facts(memories[1].triplets)
    assert ("Arjun", "works_at", "Arup") in found
    assert not {t for t in found if t[0] == "Arup"}


def test_he_with_only_a_name_after_him_is_nobody() -> None:
    assert not {t for t in told("He's a structural engineer at Arup now.") if t[0] == "Arup"}


def test_a_known_person_is_a_person_whatever_the_model_labels() -> None:
    memory = read_one(
        "Yes, we moved from Leicester to Bristol in March for Arjun's job.", ME, ("Arjun",)
    )
    assert ("Arjun", "PERSON") in {(e.name, e.type) for e in memory.entities}


@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("congrats!! my sister's wedding got pushed to September btw", f"{ME}'s Sister"),
        ("My mom's knee surgery went well", f"{ME}'s Mother"),
    ],
)
def test_a_relative_who_owns_the_subject_is_told_about(text: str, relative: str) -> None:
    assert relative in {t[0] for t in told(text) if t[2] == ME and t[1].endswith("_of")}


def test_a_relative_who_owns_an_object_is_only_mentioned() -> None:
    assert not {t for t in told("I went to my sister's wedding") if t[1] == "sister_of"}


@pytest.mark.parametrize(
    ("text", "facts_told"),
    [
        ("I've switched to working at a hospital pharmacy (University Hospital of Wales).",
         {(ME, "works_at", "hospital pharmacy")}),
        ("Tom has switched to working for Oxfam.", {("Tom", "works_at", "Oxfam")}),
        ("I've moved to a job at Deloitte.", {(ME, "works_at", "Deloitte")}),
        ("I left Figma, now a senior designer at Canva",
         {(ME, "works_at", "Canva"), (ME, "job_title", "senior designer")}),
        ("Canva promoted me to lead designer", {(ME, "job_title", "lead designer")}),
    ],
)  # fmt: skip
def test_a_job_changed_to_is_the_job_now(text: str, facts_told: set[tuple[str, str, str]]) -> None:
    assert facts_told <= told(text)


def test_a_place_one_is_a_regular_at_is_no_job() -> None:
    assert not {
        t
        for t in told("I left the choir, now a regular at the Crown pub")
        if t[1] in {"works_at", "job_title"}
    }


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "User's daughter Emma (8) is allergic to tree nuts.",
            ("Emma", "allergic_to", "tree nuts"),
        ),
        ("My daughter Emma, 8, is allergic to tree nuts.", ("Emma", "allergic_to", "tree nuts")),
        ("My son Leo (aged 6) is vegetarian.", ("Leo", "diet", "vegetarian")),
    ],
)
def test_an_age_after_a_name_leaves_what_is_said_of_them(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in told(text)


def test_a_gerund_naming_a_kind_stays_in_the_concept() -> None:
    memory = read_one("Emma has started horse riding lessons on Saturdays.", ME, ("Emma",))
    assert "horse riding lesson" in {e.name for e in memory.entities}


@pytest.mark.parametrize(
    ("query", "anchor", "role"),
    [
        ("Who is Pete married to?", "pete", "spouse"),
        ("Who is Anna dating these days?", "anna", "partner"),
        ("Who's Tom engaged to?", "tom", "fiance"),
    ],
)
def test_who_someone_is_married_to_asks_for_their_spouse(
    query: str, anchor: str, role: str
) -> None:
    assert [(p.anchor, p.role) for p in phrases(query)] == [(anchor, role)]


def test_who_is_seeing_someone_else_names_no_couple() -> None:
    assert phrases("Who is seeing the doctor on Monday?") == []


# -- search over what such chat stores (real Neo4j) ------------------------------------------


def _told(memory: Memory, user_id: str, sessions: list[tuple[str, str, list[str]]]) -> None:
    """Each session (date, speaker, texts) as one add, one message per text."""
    for day, speaker, texts in sessions:
        said = [{"role": "user", "name": speaker, "content": t} for t in texts]
        memory.add(said, user_id=user_id, timestamp=f"{day}T12:00:00Z")


def _first(memory: Memory, user_id: str, query: str) -> str:
    return memory.search(query, user_id=user_id, top_k=3).results[0].text


def test_a_named_speakers_list_keys_only_what_leans_on_the_turn_before_by_its_words() -> None:
    """One speaker's name on every line of a list tells nothing; on some lines only (those
    keyed) it would lift them for any question naming the speaker."""
    texts = ("I live in Munich.", "Ola is a teacher.", "But she wants to move to Berlin.")
    said = [Message(role="user", name="Marek", content=t) for t in texts]
    keys = keys_for(said, ["m1", "m2", "m3"], [], turns=2)
    assert keys[0] is None and keys[1] is None
    assert keys[2] is not None and "Marek" not in keys[2].text
    assert keys[2].text.endswith("Ola is a teacher.\nBut she wants to move to Berlin.")
    assert keys[2].own == "But she wants to move to Berlin." and keys[2].source_ids == ["m1", "m2"]


@pytest.mark.neo4j
def test_a_named_speakers_facts_are_found_by_what_was_asked(memory: Memory, user_id: str) -> None:
    """Every turn of Marek's lists carries his name, not only those keyed with the turn
    before: "Where does Marek work?" finds his job, not a turn that leans on it."""
    _told(memory, user_id, [
        ("2026-02-10", "Marek", ["My wife Ola is a maths teacher.",
                                 "We have one daughter, Zofia, she is 4 years old."]),
        ("2026-06-15", "Marek", ["I changed jobs, now I'm working at BMW, more money.",
                                 "My father has heart problems, he must take pills.",
                                 "We are looking for a bigger flat because of the baby."]),
    ])  # fmt: skip
    assert "BMW" in _first(memory, user_id, "Where does Marek work?")
    assert "heart" in _first(memory, user_id, "What health problem does Marek's father have?")


@pytest.mark.neo4j
def test_a_relative_known_only_by_one_memory_is_found_through_it(
    memory: Memory, user_id: str
) -> None:
    """The memory that tells "Dani's sister" exists is all the graph holds of her: it is
    the answer about her, above Dani's own facts."""
    _told(memory, user_id, [
        ("2026-03-02", "Dani", ["I can't fly before the 15th, got a work thing.",
                                "and I don't drink anymore, 6 months sober now"]),
        ("2026-04-10", "Dani", ["congrats!! my sister's wedding got pushed to September btw",
                                "I'm bringing my boyfriend Luis if that's ok"]),
    ])  # fmt: skip
    assert "wedding" in _first(memory, user_id, "When does Dani's sister get married?")
    assert "sober" in _first(memory, user_id, "Does Dani drink?")


@pytest.mark.neo4j
def test_who_someone_is_married_to_is_found_through_the_relation(
    memory: Memory, user_id: str
) -> None:
    _told(memory, user_id, [
        ("2026-01-05", "Rosa", ["My brother-in-law Pete is coming for dinner, he's coeliac",
                                "Pete's wife Siobhan is pregnant, due in August"]),
    ])  # fmt: skip
    assert "Siobhan" in _first(memory, user_id, "Who is Pete married to?")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I am not eating pork because of my stomach problems", (ME, "avoids", "pork")),
        ("Ana's not eating dairy until the baby comes", ("Ana", "avoids", "dairy")),
    ],
)
def test_a_food_one_is_not_eating_is_avoided(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize("text", ["I'm not eating out much", "We're not eating at home tonight"])
def test_not_eating_somewhere_or_somehow_avoids_nothing(text: str) -> None:
    assert not {t for t in told(text) if t[1] == "avoids"}


@pytest.mark.parametrize(
    ("query", "anchor", "role"),
    [
        ("Who is my dentist?", SELF, "dentist"),
        ("Who teaches Kavya?", "kavya", "teacher"),
        ("Who manages Alice these days?", "alice", "boss"),
        ("Who teaches me?", SELF, "teacher"),
    ],
)
def test_roles_told_by_a_kind_or_a_verb(query: str, anchor: str, role: str) -> None:
    assert [(p.anchor, p.role) for p in phrases(query)] == [(anchor, role)]


@pytest.mark.parametrize(
    "query", ["When is my dentist appointment?", "When is Tom's physio session?"]
)
def test_a_role_word_that_qualifies_a_thing_names_no_one(query: str) -> None:
    assert phrases(query) == []


def test_a_role_followed_by_its_verb_is_still_a_role() -> None:
    """ "visits" is what the friend does, no appointment: the relationship benchmark's
    "What should I cook when Leo's friend visits?" resolves the friend."""
    found = phrases("What should I cook when Leo's friend visits?")
    assert [(p.anchor, p.role) for p in found] == [("leo", "friend")]


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Update: my doctor switched me from metformin to Ozempic.", True),
        ("Dad is on 20mg atorvastatin now", True),
        ("My GP prescribed sertraline", True),
        ("I was diagnosed with type 2 diabetes last month.", False),
        ("Back in April we went to the coast", False),
    ],
)
def test_a_medicine_is_told_by_its_dose_or_its_name(text: str, held: bool) -> None:
    assert answer_kinds.asked("What diabetes medication am I on?") == "medication"
    assert answer_kinds.holds(text, "medication") is held


@pytest.mark.neo4j
def test_a_teacher_found_for_a_child_answers_who_teaches_them(memory: Memory, user_id: str) -> None:
    _told(memory, user_id, [
        ("2026-02-03", "Priya", ["Four of us: me, Arjun and our twins Kavya and Rohan."]),
        ("2026-06-20", "Priya", ["Kavya wants to learn the violin, we found a teacher called "
                                 "Mrs Haddad"]),
    ])  # fmt: skip
    assert "Haddad" in _first(memory, user_id, "Who teaches Kavya?")
    assert "Haddad" in _first(memory, user_id, "Who is Kavya's teacher?")


@pytest.mark.parametrize(
    ("text", "place", "title"),
    [
        ("Yep, paralegal at Hartley & Co until I qualify", "Hartley & Co", "paralegal"),
        ("Nope, moving to a bigger firm, Clifford Lane, as a junior solicitor", "Clifford Lane",
         "junior solicitor"),
        ("I'm joining Arup as a structural engineer", "Arup", "structural engineer"),
        ("Still a nurse at St Mary's", "St Mary's", "nurse"),
    ],
)  # fmt: skip
def test_a_job_told_as_an_answer_or_a_move(text: str, place: str, title: str) -> None:
    assert {(ME, "works_at", place), (ME, "job_title", title)} <= told(text)


@pytest.mark.parametrize(
    "text", ["Regular at the Crown, every Friday", "Going to Lisbon as a tourist"]
)
def test_a_place_or_a_trip_told_so_is_no_job(text: str) -> None:
    assert not {t for t in told(text) if t[1] in {"works_at", "job_title"}}


def test_she_after_a_clause_that_names_her_is_her() -> None:
    found = told("Lucia got a part in the school play, she's playing Juliet", ("Lucia",))
    assert ("Lucia", "play", "Juliet") in found


def test_she_is_still_never_her_own_verbs_object() -> None:
    assert not told("She left Tom for Jake", ("Tom",)) & {("Tom", "leave", "Tom")}


@pytest.mark.parametrize(
    "text",
    [
        "Bloods came back, they've upped my levothyroxine to 75mcg",
        "The GP reduced my ramipril to 2.5mg",
        "Rent increased to 1500 a month",
    ],
)
def test_a_dose_or_a_price_changed_in_words_is_a_change(text: str) -> None:
    assert tells_change(text)


@pytest.mark.neo4j
def test_a_dose_raised_later_answers_the_dose_now(memory: Memory, user_id: str) -> None:
    _told(memory, user_id, [
        ("2026-01-10", "Irene", ["I take 50mcg levothyroxine every morning for my thyroid",
                                 "I also have high blood pressure, on 5mg amlodipine"]),
        ("2026-03-05", "Irene", ["Bloods came back, they've upped my levothyroxine to 75mcg"]),
    ])  # fmt: skip
    assert "75mcg" in _first(memory, user_id, "What dose of levothyroxine am I on?")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("My flatmates are Hamish and Leila, Leila is also doing biology",
         {("Hamish", "roommate_of", ME), ("Leila", "roommate_of", ME)}),
        ("My brothers are Tom and Sam.", {("Tom", "brother_of", ME), ("Sam", "brother_of", ME)}),
        ("dissertation supervisor is Dr Mackay", {("Mackay", "boss_of", ME)}),
        ("First week at Edinburgh uni done! I'm studying biology",
         {(ME, "studies_at", "Edinburgh uni")}),
        ("still at crumbs but they made me head baker which is cool",
         {(ME, "job_title", "head baker")}),
        ("so um basically i just started a new job at a bakery called Crumbs its like a ten "
         "minute walk from my flat", {(ME, "works_at", "Crumbs")}),
    ],
)  # fmt: skip
def test_student_and_run_on_chat(text: str, found: set[tuple[str, str, str]]) -> None:
    assert found <= told(text)


@pytest.mark.parametrize("text", ["it made me a better person", "I met Tom at Leeds uni"])
def test_what_made_me_or_where_i_met_is_no_job_or_school(text: str) -> None:
    assert not {t for t in told(text) if t[1] in {"job_title", "studies_at"}}


@pytest.mark.neo4j
def test_a_breakup_is_no_answer_to_where_someone_works(memory: Memory, user_id: str) -> None:
    """The breakup ended "Zara girlfriend_of Kai"; a question about Kai's work asks about
    no relationship, though it names Kai, so the breakup does not take the place of the
    memory it ended."""
    _told(memory, user_id, [
        ("2026-02-02", "Kai", ["my girlfriend zara is a vet she works nights mostly",
                               "I started a new job at a bakery called Crumbs"]),
        ("2026-04-09", "Kai", ["me and zara broke up last month its fine honestly"]),
    ])  # fmt: skip
    found = memory.search("Where does Kai work?", user_id=user_id, top_k=3, explain=True)
    assert not any("girlfriend_of" in pair for pair in found.explain.updates)
    assert "broke up" not in found.results[0].text


@pytest.mark.parametrize(
    ("text", "who", "place", "title"),
    [
        ("I'm head chef at Kura", ME, "Kura", "head chef"),
        ("Ren is lead nurse at St Mary's", "Ren", "St Mary's", "lead nurse"),
    ],
)
def test_a_title_without_an_article(text: str, who: str, place: str, title: str) -> None:
    assert {(who, "works_at", place), (who, "job_title", title)} <= told(text, ("Ren",))


@pytest.mark.parametrize("text", ["I'm home at Christmas", "Ren is happy at Google"])
def test_a_state_at_a_place_is_no_title(text: str) -> None:
    assert not {t for t in told(text, ("Ren",)) if t[1] in {"works_at", "job_title"}}


def test_he_is_a_known_person_the_model_did_not_label() -> None:
    found = told("Ren got head-hunted, he's now head chef at Kura in Ebisu", ("Ren",))
    assert {("Ren", "works_at", "Kura"), ("Ren", "job_title", "head chef")} <= found
