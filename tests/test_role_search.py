"""Role resolution: "Karl's daughter", "my sister", "the boss of Alice" and "the friend I
have dinner with" name an entity through the owner's triplets (real Neo4j for search)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.search.roles import SELF, holder, phrases

TS = "2025-01-10T10:00:00Z"


def _rel(source: str, relation: str, target: str) -> list[dict[str, str]]:
    return [{"source": source, "relation": relation, "target": target}]


@pytest.mark.parametrize(
    ("role", "predicate", "side"),
    [
        ("daughter", "child_of", "source"),  # Ines child_of Karl
        ("daughter", "daughter_of", "source"),
        ("daughter", "is_daughter_of", "source"),
        ("daughter", "parent_of", "target"),  # Karl parent_of Ines
        ("daughter", "father_of", "target"),
        ("daughter", "has_daughter", "target"),
        ("boss", "manages", "source"),
        ("boss", "reports_to", "target"),
        ("employee", "manages", "target"),
        ("partner", "married_to", "other"),
        ("partner", "dating", "other"),
        ("sister", "sister_of", "other"),
        ("friend", "friends_with", "other"),
        ("colleague", "works_with", "other"),
        ("landlord", "landlord_of", "source"),  # a role no table names, by the predicate
        ("stepson", "stepson_of", "source"),
        ("stepson", "stepfather_of", "target"),
        ("son", "daughter_of", None),
        ("boss", "lives_in", None),
        ("mother-in-law", "mother_in_law_of", "source"),  # a role of several words
        ("mother", "mother_in_law_of", None),  # is no mother
        ("son-in-law", "has_son_in_law", "target"),
        ("fiance", "fiance_of", "other"),
        ("dog", "dog_of", "source"),  # Pepper dog_of Ann, from "our dog Pepper"
        ("pet", "cat_of", "source"),  # "my pet" is any pet
        ("dog", "cat_of", None),
        ("dog", "adopt", "target"),  # "we adopted Comet": the one adopted
        ("dog", "adopt_from", None),  # the shelter is no pet
        ("son", "adopt", None),
    ],
)
def test_role_words_read_predicates_in_the_right_direction(
    role: str, predicate: str, side: str | None
) -> None:
    assert holder(role, predicate) == side


def test_relational_phrases_of_a_query() -> None:
    [karl] = phrases("What cake should I bake for Karl’s daughter?")
    assert (karl.anchor, karl.role) == ("karl", "daughter")
    [mine] = phrases("what does my older sister like")
    assert (mine.anchor, mine.role) == (SELF, "sister")
    [of] = phrases("a gift for the boss of Alice")
    assert (of.anchor, of.role) == ("alice", "boss")
    [clause] = phrases("Who is the friend I have dinner with on Fridays?")
    assert clause.anchor == SELF and "dinner" in clause.clause
    [their] = phrases("What gift is Lena buying for her nephew?")  # the one person named
    assert (their.anchor, their.role) == ("lena", "nephew")
    assert phrases("What does her sister do?") == []  # "her" names nobody here
    assert phrases("Did Tom and Ana meet their neighbor?") == []  # or two people
    [inlaw] = phrases("What should I cook for my mother-in-law?")
    assert (inlaw.anchor, inlaw.role) == (SELF, "mother-in-law")
    [puppy] = phrases("Where does our puppy sleep?")  # an alias of a pet
    assert (puppy.anchor, puppy.role) == (SELF, "dog")
    assert phrases("remember my current situation") == []
    assert phrases("what's on today, and let's see") == []


@pytest.fixture(scope="module")
def family(memory: Memory) -> Iterator[str]:
    user = f"test-roles-{uuid.uuid4()}"
    adds: list[tuple[str, list[dict[str, str]] | None]] = [
        (
            "Ines is Karl's daughter.",
            _rel("Ines", "child_of", "Karl"),
        ),
        ("Ines can't eat gluten.", _rel("Ines", "avoids", "gluten")),
        ("Karl loves chocolate cake.", None),
        ("Karl and I went hiking in the Alps.", None),
        ("Karl is turning sixty next month.", None),
        ("I baked a lemon cake for the office party.", None),
        # stored in the reverse direction: the parent is the subject
        ("Marta has a son, Leo.", _rel("Marta", "parent_of", "Leo")),
        (
            "Leo is obsessed with dinosaurs.",
            _rel("Leo", "likes", "dinosaurs"),
        ),
        ("Marta bought a new bike.", None),
        (
            "Bob manages Alice at the bank.",
            _rel("Bob", "manages", "Alice"),
        ),
        ("Bob is allergic to peanuts.", None),  # offline extractor: Bob allergic_to peanuts
        ("Alice likes peanut butter cookies.", None),
        ("Maria is my sister.", None),  # offline extractor: Maria sister_of <speaker>
        (
            "Maria hates mushrooms.",
            _rel("Maria", "dislikes", "mushrooms"),
        ),
        ("I have dinner with Sofia every Friday.", None),  # offline: eats_with Sofia
        ("Sofia is vegan.", _rel("Sofia", "diet", "vegan")),
    ]
    for text, relations in adds:
        memory.add(text, user_id=user, relations=relations, timestamp=TS)
    yield user
    memory.delete_all(user_id=user)


def _top(memory: Memory, user: str, query: str, k: int = 3) -> tuple[list[str], str]:
    result = memory.search(query, user_id=user, top_k=k, explain=True)
    assert result.explain is not None
    return [m.text for m in result.results], result.explain.signals["roles"]


@pytest.mark.parametrize(
    ("query", "answer", "only_mentions"),
    [
        ("What cake should I bake for Karl's daughter?", "Ines can't eat gluten.", "Karl loves"),
        ("Any dessert ideas for the daughter of Karl?", "Ines can't eat gluten.", "Karl loves"),
        ("What toy would Marta's son enjoy?", "Leo is obsessed with dinosaurs.", "Marta bought"),
        (
            "What should I avoid cooking for Alice's boss?",
            "Bob is allergic to peanuts.",
            "Alice likes",
        ),
    ],
)
def test_possessive_roles_bring_the_named_persons_facts_first(
    memory: Memory, family: str, query: str, answer: str, only_mentions: str
) -> None:
    texts, roles = _top(memory, family, query, k=7)
    assert "->" in roles, roles
    assert texts.index(answer) < 3, texts
    later = [i for i, text in enumerate(texts) if text.startswith(only_mentions)]
    assert all(texts.index(answer) < i for i in later), texts


def test_my_role_resolves_through_the_speakers_own_triplets(memory: Memory, family: str) -> None:
    texts, roles = _top(memory, family, "Which vegetables does my sister refuse to eat?")
    assert "Maria" in roles
    assert "Maria hates mushrooms." in texts[:2]


def test_a_relative_clause_names_the_companion(memory: Memory, family: str) -> None:
    texts, roles = _top(memory, family, "What can the friend I have dinner with on Fridays eat?")
    assert "Sofia" in roles
    assert "Sofia is vegan." in texts


def test_the_path_is_returned_in_relations(memory: Memory, family: str) -> None:
    result = memory.search("What cake should I bake for Karl's daughter?", user_id=family, top_k=3)
    found = {(r.source, r.predicate, r.target) for r in result.relations}
    assert {("Ines", "child_of", "Karl"), ("Ines", "avoids", "gluten")} <= found


def test_an_unknown_role_resolves_nothing_and_says_so(memory: Memory, family: str) -> None:
    texts, roles = _top(memory, family, "What does Karl's landlord think of the flat?")
    assert "unresolved" in roles and "landlord" in roles
    assert texts  # the search still answers from its other signals


@pytest.fixture(scope="module")
def pets(memory: Memory) -> Iterator[str]:
    """Pets named as the extraction patterns read them (offline, no relations given)."""
    user = f"test-pets-{uuid.uuid4()}"
    for text in (
        "Our dog Pepper loves the beach.",
        "Pepper is scared of thunderstorms.",
        "My neighbour's dog barks all night.",
        "I adopted a kitten named Mochi in May.",
        "Mochi sleeps on my keyboard all afternoon.",
    ):
        memory.add(text, user_id=user, timestamp=TS)
    yield user
    memory.delete_all(user_id=user)


@pytest.mark.parametrize(
    ("question", "pet"),
    [
        ("What is my dog afraid of?", "Pepper"),
        ("Where does our puppy like to go?", "Pepper"),
        ("Where does my cat nap?", "Mochi"),
    ],
)
def test_my_pet_resolves_to_the_pet_the_user_named(
    memory: Memory, pets: str, question: str, pet: str
) -> None:
    result = memory.search(question, user_id=pets, top_k=3, explain=True)
    roles = result.explain.signals["roles"] if result.explain else ""
    assert f"-> {pet}" in roles, roles
    assert all(pet in m.text for m in result.results[:2]), [m.text for m in result.results]


@pytest.fixture(scope="module")
def told(memory: Memory) -> Iterator[str]:
    """The same kind of family, told in plain sentences: every relation and constraint comes
    from the offline extractor ("X is Y's daughter", "Y's son X", "X is married to Y",
    "X can't eat Y"), none from ``relations=``."""
    yield from _told_by("Sam", (
        "Ines is Karl's daughter.",
        "Ines can't eat gluten.",
        "Karl loves chocolate cake.",
        "Karl bought a new car last week.",
        "Dana's youngest son Theo is staying with us.",
        "Theo doesn't eat eggs or dairy.",
        "Dana runs a bakery downtown.",
        "Marta is married to Paul.",
        "Paul hates cilantro.",
        "Marta loves Thai food.",
    ), memory)  # fmt: skip


def _told_by(speaker: str, texts: tuple[str, ...], memory: Memory) -> Iterator[str]:
    """A user whose every sentence ``speaker`` said, one add each; deleted afterwards."""
    user = f"test-told-{uuid.uuid4()}"
    for text in texts:
        said = [{"role": "user", "name": speaker, "content": text}]
        memory.add(said, user_id=user, timestamp=TS)
    yield user
    memory.delete_all(user_id=user)


@pytest.mark.parametrize(
    ("query", "answer", "person"),
    [
        ("What cake should I bake for Karl's daughter?", "Ines can't eat gluten.", "Ines"),
        ("Any dietary issues with Karl's kid?", "Ines can't eat gluten.", "Ines"),
        ("What should I leave out of breakfast for Dana's boy?", "Theo doesn't eat", "Theo"),
        ("Which foods does the son of Dana avoid?", "Theo doesn't eat", "Theo"),
        ("Which herb should I skip when cooking for Marta's husband?", "Paul hates", "Paul"),
        ("What does Marta's spouse dislike?", "Paul hates", "Paul"),
    ],
)
def test_roles_resolve_through_relations_the_extractor_read(
    memory: Memory, told: str, query: str, answer: str, person: str
) -> None:
    texts, roles = _top(memory, told, query, k=3)
    assert f"-> {person}" in roles, roles
    assert texts[0].startswith(answer), texts


@pytest.fixture(scope="module")
def named(memory: Memory) -> Iterator[str]:
    """The user's messages carry their name ("Tom"): the extractor writes their first-person
    relations about Tom ("My manager, Helga, …" gives ``Helga manager_of Tom``), and "my"
    in a query must reach them."""
    yield from _told_by("Tom", (
        "My manager, Helga, runs the Berlin office.",
        "Helga collects vintage fountain pens.",
        "My sister Rosa is training for a triathlon.",
        "Rosa is allergic to kiwi.",
        "I bought a new espresso machine.",
        "Our office moved to a bigger floor.",
        "My wife Ana's brother Luis is a chef in Valencia.",
        "Luis hates coriander.",
        "Luis supports Valencia CF.",
        "Mia's teacher is Mr. Okoye.",
        "Mr. Okoye is allergic to cats.",
        "My stepson Jayden loves Minecraft.",
        "Jayden is gluten intolerant.",
        "Rosa got engaged to her boyfriend Karim.",
        "Karim doesn't eat pork.",
        "Our two rabbits, Clover and Bean, live in the garden.",
        "Bean has a sore eye and needs drops twice a day.",
        "Our baby Theo was born in March.",
        "Theo is allergic to eggs.",
        "My dad is allergic to penicillin.",
        "Dad says hi from Lisbon.",
        "We rescued Biscuit from the shelter in May.",
        "Biscuit is terrified of thunderstorms.",
    ), memory)  # fmt: skip


@pytest.mark.parametrize(
    ("query", "answer", "person"),
    [
        ("What's a good present for my boss?", "Helga collects", "Helga"),
        ("Which fruit should I leave out of my sister's smoothie?", "Rosa is allergic", "Rosa"),
        # a chain: "my wife" is Ana, and "wife's brother" is read from her
        ("Which herb should I skip when cooking for my wife's brother?", "Luis hates", "Luis"),
        # a relative by marriage no predicate names, read in two steps (spouse, then brother)
        ("What should I avoid when cooking for my brother-in-law?", "Luis hates", "Luis"),
        # a title is not the name ("Mr. Okoye"), and a step-relative is a role
        ("Can Mia's teacher come over if we have a cat?", "Mr. Okoye is allergic", "Okoye"),
        ("What snack can I pack for my stepson?", "Jayden is gluten", "Jayden"),
        # an engagement, a list of pets, a baby: relations the extractor reads
        ("What should I cook for my sister's fiancé?", "Karim doesn't", "Karim"),
        ("Which medicine do my rabbits need?", "Bean has a sore", "Bean"),
        ("What can't my baby eat?", "Theo is allergic", "Theo"),
        # an unnamed father: "My dad is allergic …" is about "Tom's Father"
        ("Which antibiotic should my father not take?", "My dad is allergic", "Tom's"),
        # a pet told only as adopted or rescued
        ("What is my dog scared of?", "Biscuit is terrified", "Biscuit"),
    ],
)
def test_my_role_resolves_for_a_user_who_speaks_under_a_name(
    memory: Memory, named: str, query: str, answer: str, person: str
) -> None:
    texts, roles = _top(memory, named, query, k=3)
    reached = {name for found in re.findall(r"-> (.+?) \(via", roles) for name in found.split()}
    assert person in reached, roles
    assert answer in " ".join(texts[:2]), texts


def test_with_two_named_speakers_my_names_nobody(memory: Memory) -> None:
    """A conversation between two people stored under one user (both role "user"): the query
    does not say which of them asks, so "my" resolves to neither."""
    user = f"test-two-speakers-{uuid.uuid4()}"
    try:
        for name, text in (("Tom", "My manager, Helga, is great."), ("Lea", "My boss is Ravi.")):
            memory.add([{"role": "user", "name": name, "content": text}],
                       user_id=user, timestamp=TS)  # fmt: skip
        result = memory.search("Who is my boss?", user_id=user, explain=True)
        roles = result.explain.signals["roles"] if result.explain else ""
        assert "unresolved" in roles and "->" not in roles, roles
    finally:
        memory.delete_all(user_id=user)


def test_the_anchors_own_facts_weigh_less_than_the_resolved_persons(
    memory: Memory, user_id: str
) -> None:
    """ "A present for Karl's daughter": Karl's own facts now come from the parse ("Karl
    wants a new watch" -> ``Karl want watch``) and match "present" as well as hers; once
    hers match, his are scored ``others_factor`` times (search/resolved.py)."""
    for text in [
        "Ines is Karl's daughter.",
        "Ines spends weekends on watercolor painting.",
        "Karl wants a new watch.",
        "Karl bought a new bike.",
        "Karl plays chess online.",
        "The train to the city was delayed again.",
    ]:
        memory.add([{"role": "user", "content": text}], user_id=user_id, timestamp=TS)
    found = memory.search(
        "What present would Karl's daughter enjoy?", user_id=user_id, top_k=3, explain=True
    )
    assert found.results[0].text == "Ines spends weekends on watercolor painting."
    karl = [r for r in found.results if r.text.startswith("Karl")]
    assert all(r.score_breakdown is not None and r.score_breakdown.others < 1 for r in karl)
    assert found.explain is not None and "anchor's facts" in found.explain.signals["roles"]


def test_what_to_avoid_for_a_role_reads_the_resolved_persons_constraints(
    memory: Memory, user_id: str
) -> None:
    """ "What should I avoid when cooking for my son?" is about the son: his allergy is a
    constraint of the current picture (the time plan reads the roles' people), not just a
    memory that mentions him."""
    said = [
        ("2026-01-05", "quick one, my son Arjun has a peanut allergy so no satay pls"),
        ("2026-02-01", "Arjun is learning to cook at his new school, he's loving it."),
        ("2026-03-01", "We're avoiding takeaways this month, cooking at home more."),
    ]
    for day, text in said:
        memory.add(
            [{"role": "user", "name": "Dee", "content": text}], user_id=user_id, timestamp=day
        )
    found = memory.search("What should I avoid when cooking for my son?", user_id=user_id, top_k=3)
    assert "peanut allergy" in found.results[0].text


def test_a_chained_role_keeps_the_one_it_went_through(memory: Memory, user_id: str) -> None:
    """ "my daughter" reads as both children (``child_of`` tells no gender); "my daughter's
    best friend" goes through one of them, and the answer ranks first whatever order the
    graph returns the children in."""
    said = [
        "My husband Piotr and I have two kids, Zuza and Kuba.",
        "Kuba is allergic to eggs.",
        "Zuza's best friend is called Hania.",
        "Hania's mum Ewa invited Zuza to a sleepover.",
    ]
    for text in said:
        memory.add(
            [{"role": "user", "name": "Ola", "content": text}], user_id=user_id, timestamp=TS
        )
    found = memory.search("Who is my daughter's best friend?", user_id=user_id, top_k=3)
    assert found.results[0].text == "Zuza's best friend is called Hania."


@pytest.mark.neo4j
def test_food_made_for_someone_ranks_their_constraint_not_the_cooks_diet(
    memory: Memory, user_id: str
) -> None:
    """ "What cake should I bake for Karl's daughter?": the daughter's constraint first, and
    neither the cook's own diet nor the cook's dinner companion's allergy above it."""
    for text in [
        "I am vegetarian and I love tofu.",
        "I have dinner with Alice every Friday.",
        "Alice is allergic to shellfish.",
        "Ines is Karl's daughter.",
        "Ines likes strawberries and apricots.",
        "Ines can't eat gluten.",
        "Karl loves chocolate cake.",
    ]:
        memory.add(text, user_id=user_id)
    found = memory.search("What cake should I bake for Karl's daughter?", user_id=user_id)
    texts = [m.text for m in found.results]
    assert texts[0] == "Ines can't eat gluten."
    shellfish = "Alice is allergic to shellfish."
    if shellfish in texts:
        assert texts.index("Ines likes strawberries and apricots.") < texts.index(shellfish)
