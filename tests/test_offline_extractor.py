from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.domain.extraction import ExtractedMemory, ExtractionRequest, Message
from graphmem.extraction.offline import OfflineExtractor, fact_of, sentences, speaker_of
from graphmem.ports.extractor import Extractor

OBSERVED = datetime(2025, 6, 11, 15, 30, tzinfo=UTC)  # a Wednesday
EXTRACTOR: Extractor = OfflineExtractor()


def extract_one(text: str, known: list[str] | None = None, **message: str) -> ExtractedMemory:
    request = ExtractionRequest(
        messages=[Message(content=text, **message)],  # type: ignore[arg-type]
        observed_at=OBSERVED,
        known_entities=known or [],
    )
    extraction = EXTRACTOR.extract(request)
    assert extraction.llm_calls == 0
    assert len(extraction.memories) == 1
    return extraction.memories[0]


def triples(text: str, known: list[str] | None = None) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in extract_one(text, known).triplets}


def entity_names(text: str, known: list[str] | None = None) -> list[str]:
    return [entity.name for entity in extract_one(text, known).entities]


# --- restaurant scenario (acceptance) ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Beijing.", ("user", "lives_in", "Beijing")),
        ("I moved to Paris last week.", ("user", "lives_in", "Paris")),
        ("I have dinner with Alice every Friday.", ("user", "eats_with", "Alice")),
        ("Alice is allergic to shellfish.", ("Alice", "allergic_to", "shellfish")),
        ("I'm vegetarian and usually eat with my friends.", ("user", "diet", "vegetarian")),
        ("I live in Tokyo", ("user", "lives_in", "Tokyo")),
        ("I moved to Osaka", ("user", "lives_in", "Osaka")),
        ("I work at Google.", ("user", "works_at", "Google")),
    ],
)
def test_restaurant_scenario_lines(text: str, expected: tuple[str, str, str]) -> None:
    assert triples(text) == {expected}


def test_restaurant_scenario_dates_and_facts() -> None:
    moved = extract_one("I moved to Paris last week.").triplets[0]
    assert moved.valid_from == OBSERVED - timedelta(days=7)
    assert moved.fact == "user lives in Paris"
    osaka = extract_one("I moved to Osaka").triplets[0]
    assert osaka.valid_from == OBSERVED
    assert osaka.fact == "user lives in Osaka"
    beijing = extract_one("I live in Beijing.").triplets[0]
    assert beijing.valid_from is None and beijing.valid_to is None
    allergy = extract_one("Alice is allergic to shellfish.").triplets[0]
    assert allergy.fact == "Alice is allergic to shellfish"


def test_restaurant_scenario_entities_include_triplet_ends() -> None:
    memory = extract_one("I have dinner with Alice every Friday.")
    assert {(e.name, e.type) for e in memory.entities} == {("user", "person"), ("Alice", "person")}
    memory = extract_one("I live in Beijing.")
    assert ("Beijing", "location") in {(e.name, e.type) for e in memory.entities}


# --- memories ------------------------------------------------------------------------


def test_one_verbatim_memory_per_non_system_message() -> None:
    messages = [
        Message(role="system", content="You are a helpful assistant. I live in Nowhere."),
        Message(role="user", content="  I live in Beijing.  "),
        Message(role="assistant", content="Noted! I work at OpenCorp."),
        Message(role="user", content="   "),
        Message(role="tool", content="lookup ok", name="calendar"),
    ]
    extraction = EXTRACTOR.extract(ExtractionRequest(messages=messages, observed_at=OBSERVED))
    assert extraction.llm_calls == 0
    assert [(m.text, m.source_index) for m in extraction.memories] == [
        ("  I live in Beijing.  ", 1),
        ("Noted! I work at OpenCorp.", 2),
        ("lookup ok", 4),
    ]
    assert all(m.proposals == [] for m in extraction.memories)
    assert extraction.memories[1].triplets[0].source == "assistant"


def test_empty_request() -> None:
    extraction = EXTRACTOR.extract(ExtractionRequest(messages=[], observed_at=OBSERVED))
    assert extraction.memories == []
    assert extraction.llm_calls == 0


def test_speaker_name_and_role() -> None:
    assert speaker_of(Message(role="user", content="x", name="Bob")) == "Bob"
    assert speaker_of(Message(role="user", content="x", name="  ")) == "user"
    assert speaker_of(Message(role="assistant", content="x")) == "assistant"
    assert speaker_of(Message(role="user", content="x", name="n" * 300)) == "user"
    memory = extract_one("I live in Rome", name="Bob")
    assert [(t.source, t.fact) for t in memory.triplets] == [("Bob", "Bob lives in Rome")]


def test_sentences_split() -> None:
    assert sentences("Hi. I live in Rome!\nWhat?  ok") == ["Hi.", "I live in Rome!", "What?", "ok"]
    assert sentences("   ") == []


def test_fact_templates() -> None:
    assert fact_of("user", "lives_in", "Osaka") == "user lives in Osaka"
    assert fact_of("Bob", "friend_of", "user") == "Bob is the friend of user"
    assert fact_of("user", "plays_in", "band") == "user plays in band"


# --- patterns ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've moved to Lyon.", {("user", "lives_in", "Lyon")}),
        ("I relocated to Berlin two days ago.", {("user", "lives_in", "Berlin")}),
        ("I'm living in London now.", {("user", "lives_in", "London")}),
        ("i live in paris", {("user", "lives_in", "paris")}),
        ("We moved to New York City in March because of work.",
         {("user", "lives_in", "New York City")}),
        ("We just moved to Kyoto, it's lovely", {("user", "lives_in", "Kyoto")}),
        ("Alice lives in Osaka.", {("Alice", "lives_in", "Osaka")}),
        ("I work for Acme Corp as a designer.", {("user", "works_at", "Acme Corp")}),
        ("I work as a nurse.", {("user", "job_title", "nurse")}),
        ("I started working at Sony yesterday.", {("user", "works_at", "Sony")}),
        ("I got a job at Toyota!", {("user", "works_at", "Toyota")}),
        ("My husband Tom just started a new job at Amazon.",
         {("Tom", "works_at", "Amazon"), ("Tom", "husband_of", "user")}),
        ("Lena has landed a role with Oxfam.", {("Lena", "works_at", "Oxfam")}),
        ("I got promoted to senior designer at Figma yesterday.",
         {("user", "works_at", "Figma"), ("user", "job_title", "senior designer")}),
        ("I was promoted to head nurse.", {("user", "job_title", "head nurse")}),
        ("I hope I get promoted to manager.", set()),
        ("I am a teacher.", {("user", "job_title", "teacher")}),
        ("I'm a software engineer at Google.",
         {("user", "job_title", "software engineer"), ("user", "works_at", "Google")}),
        ("Carmen is a nurse at Rush Medical Center.",
         {("Carmen", "works_at", "Rush Medical Center"), ("Carmen", "job_title", "nurse")}),
        ("Ana is a student at Stanford.", set()),
        # a title tells the job; a named person's title; a team at a company
        ("I left Shopify and joined Wealthsimple as a staff engineer.",
         {("user", "works_at", "Wealthsimple"), ("user", "job_title", "staff engineer")}),
        ("I joined Hannah as a favour.", set()),
        ("Sam is a pediatric nurse at the Children's Hospital.",
         {("Sam", "works_at", "Children's Hospital"), ("Sam", "job_title", "pediatric nurse")}),
        ("My sister Maya lives in Denver and works as a nurse.",
         {("Maya", "lives_in", "Denver"), ("Maya", "job_title", "nurse"),
          ("Maya", "sister_of", "user")}),
        ("Jo is a big fan of jazz.", set()),
        ("I'm on the payments team at Stripe now.",
         {("user", "works_at", "Stripe"), ("user", "on_team", "payments team")}),
        ("Maya got engaged to her boyfriend Luca.",
         {("Maya", "engaged_to", "Luca"), ("Luca", "boyfriend_of", "Maya")}),
        # "his"/"her" after a named subject: a relation of that person
        ("Felix visited last week, he brought his girlfriend Tessa.",
         {("Tessa", "girlfriend_of", "Felix")}),
        ("I met his sister Ana.", set()),
        ("Anna met Lisa and her brother Tom.", set()),  # whose brother? not read
        ("Guess what, my brother Felix just moved to Vancouver for a job at EA.",
         {("Felix", "lives_in", "Vancouver"), ("Felix", "works_at", "EA"),
          ("Felix", "brother_of", "user")}),
        ("I moved to Paris for love.", {("user", "lives_in", "Paris")}),
        ("We live in Oslo with our two cats, Pixel and Mochi.",
         {("user", "lives_in", "Oslo"), ("Pixel", "cat_of", "user"), ("Mochi", "cat_of", "user")}),
        ("I quit and joined Hartwell Partners.", set()),  # an organisation needs a parse
        ("I've been living in Chicago for six years now.", {("user", "lives_in", "Chicago")}),
        ("We moved into a new apartment in Brooklyn last month.",
         {("user", "lives_in", "Brooklyn")}),
        ("I moved to the Netherlands in 2019.", {("user", "lives_in", "the Netherlands")}),
        ("I've lived in Toronto since 2015.", {("user", "lives_in", "Toronto")}),
        ("I've lived in Paris once.", set()),  # been there, maybe long ago
        (
            "Sarah, my neighbor, is a vet.",
            {("Sarah", "neighbor_of", "user"), ("Sarah", "job_title", "vet")},
        ),
        # a title is not the name; a teacher, a coach, a dentist are relations too
        ("My landlord Mr. Duarte lives upstairs.", {("Duarte", "landlord_of", "user")}),
        ("My dentist, Dr. Patel, is great.", {("Patel", "dentist_of", "user")}),
        ("Mia's teacher is Mr. Okoye.", {("Okoye", "teacher_of", "Mia")}),
        # the relation is to someone else: no "son_of" (it was read as one)
        ("Mr. Okoye is my son's teacher.", set()),
        ("Ana is Karl's daughter's nanny.", set()),
        ("My favorite band is Radiohead.", {("user", "likes", "Radiohead")}),
        # a liking is a list when written as one (before 2026-12-05 only the first item)
        ("I like hiking, swimming, and yoga.",
         {("user", "likes", "hiking"), ("user", "likes", "swimming"), ("user", "likes", "yoga")}),
        ("I enjoy reading, it relaxes me.", {("user", "likes", "reading")}),
        # an unnamed relative one has one of is a person of the owner's graph
        ("My mom is allergic to penicillin.",
         {("User's Mother", "allergic_to", "penicillin"), ("User's Mother", "mother_of", "user")}),
        ("My friend works at Google.", set()),  # one of many friends
        ("My sister is allergic to nuts.",  # hers, not the speaker's
         {("User's Sister", "allergic_to", "nuts"), ("User's Sister", "sister_of", "user")}),
        ("My mom said hi.", set()),  # nothing told of her: no entity for her either
        ("My all-time favourite foods are sushi and ramen.",
         {("user", "likes", "sushi"), ("user", "likes", "ramen")}),
        ("My favorite thing about her is her laugh.", set()),
        ("I'm an architect", {("user", "job_title", "architect")}),
        ("I'm a bit tired today.", set()),
        ("I'm a morning person.", set()),
        ("I'm a huge fan of jazz.", {("user", "likes", "jazz")}),  # a fan likes; no job
        # "I'm a X" names a job only when X ends in an occupation (extraction/occupations.py)
        ("I'm still a newbie, but I made it.", set()),
        ("I'm a rookie at cooking.", set()),
        ("I asked friends to join the group I am a part of.", set()),
        ("I think I am an expert hiker now.", set()),
        ("I'm a mix of excited and scared.", set()),
        ("I'm a pediatrician.", {("user", "job_title", "pediatrician")}),
        ("I'm a shooting guard for the team.", {("user", "job_title", "shooting guard")}),
        ("I'm an assistant manager now.", {("user", "job_title", "assistant manager")}),
        ("I'm 34 years old.", {("user", "age", "34")}),
        ("I'm vegan.", {("user", "diet", "vegan")}),
        ("I'm a vegetarian.", {("user", "diet", "vegetarian")}),
        ("I've been pescatarian for years.", {("user", "diet", "pescatarian")}),
        ("I went vegan last year.", {("user", "diet", "vegan")}),
        ("We've gone completely vegetarian.", {("user", "diet", "vegetarian")}),
        ("I changed to a paleo diet in May.", {("user", "diet", "paleo")}),
        ("We're on a keto diet these days.", {("user", "diet", "keto")}),
        ("I'm following a keto recipe.", set()),
        ("I'm allergic to peanuts, shellfish and eggs.",
         {("user", "allergic_to", "peanuts"), ("user", "allergic_to", "shellfish"),
          ("user", "allergic_to", "eggs")}),
        ("I have an allergy to penicillin.", {("user", "allergic_to", "penicillin")}),
        ("Bob's allergic to nuts", {("Bob", "allergic_to", "nuts")}),
        # a list ends where a clause starts
        ("I can't stand horror movies, they give me nightmares.",
         {("user", "dislikes", "horror movies")}),
        ("I'm allergic to kiwi and mango, which is a shame.",
         {("user", "allergic_to", "kiwi"), ("user", "allergic_to", "mango")}),
        ("Farid is lactose intolerant.", {("Farid", "intolerant_to", "lactose")}),
        ("I'm gluten-intolerant", {("user", "intolerant_to", "gluten")}),
        ("I've got a mild lactose intolerance.", {("user", "intolerant_to", "lactose")}),
        ("Is Farid lactose intolerant?", set()),
        ("I had lunch with Carol and Dave yesterday.",
         {("user", "eats_with", "Carol"), ("user", "eats_with", "Dave")}),
        ("We dine with Eve, Frank and Grace on Sundays.",
         {("user", "eats_with", "Eve"), ("user", "eats_with", "Frank"),
          ("user", "eats_with", "Grace")}),
        ("Dinner with Heidi tonight!", {("user", "eats_with", "Heidi")}),
        ("Alice had dinner with Bob.", set()),
        ("I like sushi.", {("user", "likes", "sushi")}),
        ("I really love listening to jazz.", {("user", "likes", "listening to jazz")}),
        ("I enjoy hiking in the Alps.", {("user", "likes", "hiking")}),
        ("I prefer window seats on long-haul flights.", {("user", "prefers", "window seats")}),
        ("I like to cook", {("user", "likes", "cook")}),
        ("I started eating fish.", {("user", "eats", "fish"), ("user", "diet", "pescatarian")}),
        ("Bob is my best friend.", {("Bob", "friend_of", "user")}),
        ("Carol is my sister", {("Carol", "sister_of", "user")}),
        ("My coworker Dan lives in Oslo.",
         {("Dan", "colleague_of", "user"), ("Dan", "lives_in", "Oslo")}),
    ],
)  # fmt: skip
def test_patterns(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I don't live in Paris.",
        "I'm not vegetarian.",
        "I would like a table for two.",
        "I'd like to book a table.",
        "I like it.",
        "I love you",
        "I'm moving to Rome next year.",
        "My friend is allergic to nuts.",  # not the speaker's allergy (and one of many friends)
        "She lives in Madrid.",
        "I'm vegetarian and usually eat with my friends and family.",
    ],
)
def test_patterns_that_yield_nothing_else(text: str) -> None:
    found = triples(text)
    assert all(predicate == "diet" for _, predicate, _ in found)


def test_event_dates() -> None:
    relocated = extract_one("I relocated to Berlin two days ago.").triplets[0]
    assert relocated.valid_from == OBSERVED - timedelta(days=2)
    started = extract_one("I started eating fish in March.").triplets[0]
    assert started.valid_from == datetime(2025, 3, 1, tzinfo=UTC)
    vegan = extract_one("I went vegan on Monday.").triplets[0]
    assert vegan.valid_from == datetime(2025, 6, 9, tzinfo=UTC)
    job = extract_one("I got a job at Toyota!").triplets[0]
    assert job.valid_from == OBSERVED
    likes = extract_one("I like sushi since last year.").triplets[0]
    assert likes.valid_from is None


def test_dates_come_from_the_triplets_own_sentence() -> None:
    memory = extract_one("Last year was hard. I moved to Lisbon.")
    assert memory.triplets[0].valid_from == OBSERVED
    assert memory.text == "Last year was hard. I moved to Lisbon."


def test_duplicate_triplets_are_collapsed() -> None:
    memory = extract_one("I have dinner with Alice. I have dinner with alice!")
    assert [(t.source, t.predicate, t.target) for t in memory.triplets] == [
        ("user", "eats_with", "Alice")
    ]


# --- entities ------------------------------------------------------------------------


def test_capitalised_names() -> None:
    assert entity_names("Paris is lovely in spring.") == ["Paris"]
    assert entity_names("Tokyo was great, Osaka too.") == ["Tokyo", "Osaka"]
    assert entity_names("Thanks! Sounds good.") == []
    assert entity_names("Sounds good. Ok.") == []
    assert entity_names("On Monday I met Bob in January.") == ["Bob"]
    assert entity_names("Maybe Alice will come.") == ["Alice"]
    assert entity_names("New York is big.") == ["New York"]
    assert entity_names("Beijing. We loved Beijing") == ["Beijing"]
    assert entity_names("We visited the Bank of America tower") == ["Bank of America"]


def test_quoted_names() -> None:
    assert "The Hobbit" in entity_names('My favourite book is "The Hobbit".')
    assert "la vie en rose" in entity_names("we danced to “la vie en rose”")
    assert entity_names('she said "' + "word " * 10 + '"') == []


def test_known_entities_whole_word_case_insensitive() -> None:
    assert entity_names("we met ALICE there", ["Alice"]) == ["Alice"]
    assert entity_names("we met alicea there", ["Alice"]) == []
    assert entity_names("call al tomorrow", ["Al", "Alice", ""]) == ["Al"]
    assert entity_names("c++ rocks", ["C++"]) == ["C++"]


def test_known_entity_spelling_wins_for_triplets() -> None:
    memory = extract_one("i have dinner with alice", ["Alice"])
    assert [(t.source, t.target, t.fact) for t in memory.triplets] == [
        ("user", "Alice", "user eats with Alice")
    ]
    assert [e.name for e in memory.entities] == ["user", "Alice"]


def test_entities_are_deduplicated_by_normalised_name() -> None:
    assert entity_names("I live in Paris. Paris is lovely. PARIS!") == ["user", "Paris"]
    assert entity_names("I live in Paris. Paris is lovely.", ["PARIS"]) == ["user", "PARIS"]


# --- robustness ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "'); MATCH (n) DETACH DELETE n //",
        "🍣🍣🍣 寿司が好き",
        "?",
        "…",
        "\u200b\u200b",
        "I",
        "I live in",
        "I live in .",
        "I'm a",
        "dinner with",
        "Ω≈ç√∫˜µ≤≥÷",
        "\x00\x01 null bytes",
        "{{7*7}} ${jndi:ldap://x} <script>alert(1)</script>",
    ],
)
def test_weird_text_gives_no_triplets_and_no_crash(text: str) -> None:
    memory = extract_one(text)
    assert memory.text == text
    assert memory.triplets == []


def test_very_long_text_is_fast_and_bounded() -> None:
    text = ("I live in Paris and I love Alice Bob Carol, " * 2000) + ("I " * 20000)
    start = time.perf_counter()
    memory = extract_one(text)
    assert time.perf_counter() - start < 10
    assert memory.text == text
    assert ("user", "lives_in", "Paris") in {
        (t.source, t.predicate, t.target) for t in memory.triplets
    }
    assert all(len(entity.name) <= 200 for entity in memory.entities)


def test_long_targets_and_names_are_dropped_not_truncated() -> None:
    long_name = "A" * 300
    memory = extract_one(f"I live in {long_name}. I met {long_name} there.", [long_name])
    assert memory.triplets == []
    assert all(len(entity.name) <= 200 for entity in memory.entities)
    assert triples("I like " + "many " * 8 + "things") == set()
    assert triples("I like " + "many " * 7 + "things") == {
        ("user", "likes", "many " * 7 + "things")
    }


@pytest.mark.parametrize(
    "text",
    [
        "A" * 300 + " lives in Paris",
        "B" * 300 + " is my friend",
        "my friend " + "C" * 300,
        "I have dinner with " + "D" * 250,
        "Alice is allergic to " + "e" * 250,
    ],
)
def test_overlong_triplet_ends_are_skipped(text: str) -> None:
    memory = extract_one(text)
    assert memory.triplets == []
    assert all(len(entity.name) <= 200 for entity in memory.entities)


_FUZZ_WORDS = [
    *("I", "i", "we", "I'm", "I've", "moved", "to", "live", "in", "Alice", "is", "my"),
    *("friend", "allergic", "dinner", "with", "and", ",", ".", "like", "a", "teacher"),
    *("vegan", "last", "week", "two", "days", "ago", '"', "“", "Paris", "'s", "’", "work"),
    *("at", "started", "eating", "😀", "The", "Monday", "March", "2019", "-", ";", ":"),
    *("\n", "A" * 210),
]
_WORDS = st.sampled_from(_FUZZ_WORDS)


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(st.one_of(_WORDS, st.text(max_size=12)), max_size=40),
    joiner=st.sampled_from([" ", "", "\n"]),
    known=st.lists(st.one_of(_WORDS, st.text(max_size=8)), max_size=4),
)
def test_fuzz_never_crashes(words: list[str], joiner: str, known: list[str]) -> None:
    text = joiner.join(words)
    request = ExtractionRequest(
        messages=[Message(content=text or "x")], observed_at=OBSERVED, known_entities=known
    )
    extraction = EXTRACTOR.extract(request)
    for memory in extraction.memories:
        assert memory.text == (text or "x")
        ends = {t.source for t in memory.triplets} | {t.target for t in memory.triplets}
        assert ends <= {entity.name for entity in memory.entities}
