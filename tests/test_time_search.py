"""Time-aware search on the restaurant scenario (real Neo4j, offline extractor): the current
situation versus history, explicit windows, and no temporal score without a time intent.
Every assertion holds for two wordings of the conversation and of each question."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.domain.search import SearchResult
from graphmem.scenarios import restaurant

pytestmark = pytest.mark.neo4j

# The scenario in other words: same facts, same dates, different sentences.
PARAPHRASED: list[tuple[str, str]] = [
    ("2025-01-06T19:00:00Z", "I'm based in Beijing."),
    ("2025-01-06T19:01:00Z", "I am vegetarian, and I mostly have meals with my friends."),
    ("2025-01-11T20:00:00Z", "Hotpot night in Sanlitun with my friends, all vegetarian."),
    ("2025-01-25T20:30:00Z", "My friends and I found a meat-free dumpling spot close to Gulou."),
    ("2025-02-08T19:45:00Z", "Ate at a tofu place in Wudaokou with friends; loved it."),
    ("2025-02-22T13:00:00Z", "Had lunch at a new vegan noodle bar."),
    ("2025-03-09T20:00:00Z", "I'm pescatarian now."),
    ("2025-03-15T20:15:00Z", "Had grilled fish at a Sichuan place with friends this evening."),
    ("2025-04-05T10:00:00Z", "I relocated to Paris last week."),
    ("2025-04-26T21:00:00Z", "Had oysters and a seafood platter at a brasserie for dinner."),
    ("2025-05-03T20:00:00Z", "Every Friday I eat dinner with Alice."),
    ("2025-05-03T20:05:00Z", "Alice is severely allergic to shellfish."),
    ("2025-05-17T20:00:00Z", "Reserved a table in Saint-Germain for dinner."),
    ("2025-05-31T12:30:00Z", "Galettes at a crêperie in Montmartre for lunch."),
]
CONVERSATIONS = {
    "original": {
        "messages": restaurant.MESSAGES,
        "move": "Paris last week",
        "diet": "seafood",
        "allergy": "allergic to shellfish",
        "beijing_dinners": ("Sanlitun", "Gulou", "Wudaokou"),
        "beijing_era": ("Beijing", "Sanlitun", "Gulou", "Wudaokou", "vegan noodle", "vegetarian"),
    },
    "paraphrased": {
        "messages": PARAPHRASED,
        "move": "relocated to Paris",
        "diet": "pescatarian",
        "allergy": "allergic to shellfish",
        "beijing_dinners": ("Sanlitun", "Gulou", "Wudaokou"),
        "beijing_era": ("Beijing", "Sanlitun", "Gulou", "Wudaokou", "vegan noodle", "vegetarian"),
    },
}
JUNE_QUESTIONS = [
    restaurant.JUNE_QUESTION,
    "Given my current situation, which restaurant should I book for Saturday?",
]
JULY_QUESTIONS = [
    restaurant.JULY_QUESTION,
    "Back then, where did my friends and I go out to eat?",
]
ALICE_QUESTIONS = [
    restaurant.ALICE_QUESTION,
    "Planning a dinner in Paris with Alice: what must I stay away from?",
]
JULY_DATE = "2025-07-10T10:00:00Z"


@pytest.fixture(scope="module")
def stored(memory: Memory) -> Iterator[dict[str, str]]:
    users = {}
    for name, conversation in CONVERSATIONS.items():
        user = f"test-time-{name}-{uuid.uuid4()}"
        for timestamp, text in conversation["messages"]:
            memory.add(text, user_id=user, timestamp=timestamp)
        users[name] = user
    yield users
    for user in users.values():
        memory.delete_all(user_id=user)


def _texts(result: SearchResult) -> list[str]:
    return [m.text for m in result.results]


def _rank(texts: list[str], needle: str) -> int:
    return next(i for i, text in enumerate(texts) if needle.lower() in text.lower())


@pytest.mark.parametrize("conversation", list(CONVERSATIONS))
@pytest.mark.parametrize("question", JUNE_QUESTIONS)
def test_current_situation_ranks_the_state_first(
    memory: Memory, stored: dict[str, str], conversation: str, question: str
) -> None:
    facts = CONVERSATIONS[conversation]
    result = memory.search(
        question,
        user_id=stored[conversation],
        top_k=5,
        latest_only=True,
        reference_date=restaurant.JUNE_DATE,
        explain=True,
    )
    texts = _texts(result)
    ranks = [_rank(texts, facts[key]) for key in ("move", "diet", "allergy")]  # all in top 5
    beijing = [i for i, text in enumerate(texts) if any(w in text for w in facts["beijing_era"])]
    assert all(i > max(ranks) for i in beijing), texts
    assert result.explain is not None and result.explain.time_intent.startswith("current")
    assert all(m.score_breakdown and m.score_breakdown.temporal > 0 for m in result.results)


@pytest.mark.parametrize("conversation", list(CONVERSATIONS))
@pytest.mark.parametrize("question", JULY_QUESTIONS)
def test_past_question_ranks_the_old_habits_first(
    memory: Memory, stored: dict[str, str], conversation: str, question: str
) -> None:
    facts = CONVERSATIONS[conversation]
    result = memory.search(
        question, user_id=stored[conversation], top_k=3, reference_date=JULY_DATE, explain=True
    )
    texts = _texts(result)
    assert sorted(_rank(texts, place) for place in facts["beijing_dinners"]) == [0, 1, 2], texts
    assert result.explain is not None and result.explain.time_intent.startswith("past")


@pytest.mark.parametrize("conversation", list(CONVERSATIONS))
@pytest.mark.parametrize("question", ALICE_QUESTIONS)
def test_companion_constraint_stays_in_the_top_three(
    memory: Memory, stored: dict[str, str], conversation: str, question: str
) -> None:
    result = memory.search(question, user_id=stored[conversation], top_k=3)
    assert _rank(_texts(result), CONVERSATIONS[conversation]["allergy"]) < 3


def test_explicit_window_scores_the_memories_inside_it(
    memory: Memory, stored: dict[str, str]
) -> None:
    result = memory.search(
        "What did I have for dinner in February 2025?",
        user_id=stored["original"],
        top_k=5,
        explain=True,
    )
    assert result.explain is not None and "2025-02-01" in result.explain.time_intent
    top = result.results[0]
    assert top.observed_at.month == 2 and top.observed_at.year == 2025
    for m in result.results:
        assert m.score_breakdown is not None
        inside = m.observed_at.year == 2025 and m.observed_at.month == 2
        assert (m.score_breakdown.temporal == 1.0) == inside


def test_past_reference_date_reads_the_past_relative_to_it(
    memory: Memory, stored: dict[str, str]
) -> None:
    """At a reference date before the Paris move nothing had been replaced yet... except the
    diet (March): "before" then means the vegetarian period, and Paris is unknown."""
    result = memory.search(
        "What did I use to eat before?",
        user_id=stored["original"],
        top_k=5,
        reference_date="2025-03-20T00:00:00Z",
        explain=True,
    )
    assert result.explain is not None
    assert "1 superseded-state windows" in result.explain.time_intent
    assert all("Paris" not in text for text in _texts(result))


def test_no_time_intent_means_no_temporal_score(memory: Memory, stored: dict[str, str]) -> None:
    result = memory.search(
        "Which dumplings did we like?", user_id=stored["original"], top_k=5, explain=True
    )
    assert result.explain is not None and result.explain.time_intent.startswith("general")
    assert result.explain.signals["temporal"] == "off: no time intent"
    assert all(m.score_breakdown and m.score_breakdown.temporal == 0 for m in result.results)


TOPIC_FACTS = [
    ("2026-01-10T10:00:00Z", "I work at a small architecture studio in Porto."),
    ("2026-01-10T10:01:00Z", "I live in a flat near the river."),
    ("2026-01-12T09:00:00Z", "We set the budget for the bathroom refit at 9,000 euros."),
    ("2026-02-20T18:00:00Z", "The plumber said the bathroom refit starts in April."),
]


@pytest.mark.parametrize(
    "question",
    [
        "What's the current budget for the bathroom refit?",
        "How much can we spend on the refit now?",
    ],
)
def test_a_current_question_about_one_topic_does_not_pin_unrelated_state_facts(
    memory: Memory, user_id: str, question: str
) -> None:
    for timestamp, text in TOPIC_FACTS:
        memory.add(text, user_id=user_id, timestamp=timestamp)
    result = memory.search(question, user_id=user_id, top_k=4, explain=True)
    texts = _texts(result)
    assert "budget" in texts[0], texts
    assert result.explain is not None and "one topic" in result.explain.time_intent
    # the job and the home hold now, but say nothing about the refit: not ranked above it
    for unrelated in ("architecture studio", "flat near the river"):
        assert all(unrelated not in t for t in texts[:2]), texts


@pytest.mark.parametrize(
    "question", ["Which hobby am I into at the moment?", "What do I do for fun nowadays?"]
)
def test_a_current_fact_about_something_else_ranks_below_the_recent_answer(
    memory: Memory, user_id: str, question: str
) -> None:
    """A state fact holds now but is about something else (a health condition, a home): a
    recent memory about the topic ranks above it, however close it comes to the query."""
    said = [
        ("2026-01-05", "I have asthma, so I carry an inhaler everywhere."),
        ("2026-01-20", "I live in a small flat above a bakery in Ghent."),
        ("2026-03-10", "We moved to Antwerp last week."),  # the current period starts
        ("2026-05-02", "I picked up pottery last month, I throw bowls every Saturday."),
    ]
    for day, text in said:
        memory.add([{"role": "user", "name": "Wout", "content": text}], user_id=user_id,
                   timestamp=day)  # fmt: skip
    result = memory.search(question, user_id=user_id, top_k=3, reference_date="2026-05-20")
    assert "pottery" in _texts(result)[0], _texts(result)


def test_a_current_question_about_someone_pins_no_one_elses_state_facts(
    memory: Memory, user_id: str
) -> None:
    """Two friends talk; only Nadia's brother's home and job are state facts. "What does Ivo
    do for fun now?" is about Ivo: the brother's facts get no temporal score (they did, as
    "every subject" when the query named no subject of a state fact, and ranked first)."""
    talk = [
        ("Nadia", "My brother Karim moved to Leeds for a job at Arup."),
        ("Ivo", "Nice! I took up bouldering this winter, I go twice a week."),
        ("Nadia", "Karim works as a structural engineer there."),
        ("Ivo", "Bouldering sounds fun, I'm hooked on it."),
    ]
    memory.add([{"role": "user", "name": n, "content": c} for n, c in talk],
               user_id=user_id, timestamp="2026-03-01")  # fmt: skip
    result = memory.search("What does Ivo do for fun now?", user_id=user_id, top_k=4, explain=True)
    assert "bouldering" in _texts(result)[0].lower(), _texts(result)
    for found in result.results:
        breakdown = found.score_breakdown
        assert breakdown is not None
        # Ivo's own pastime is what the question is about (search/temporal.py, pastimes)
        pastime = "bouldering" in found.text.lower() and found.actor == "Ivo"
        assert pastime or not breakdown.temporal, (found.text, breakdown)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Where did I work before?", "I work at a small firm called Lumen Studio."),
        ("Which town did I live in previously?", "I live in Harrogate."),
    ],
)
def test_a_past_question_naming_the_state_ranks_the_old_statement_first(
    memory: Memory, user_id: str, question: str, answer: str
) -> None:
    """ "Where did I work before?" asks for the superseded statement itself, not for what
    happened while it held (as "where did we eat before?" does)."""
    turns = [
        ("2026-01-05T09:00:00Z", "I work at a small firm called Lumen Studio."),
        ("2026-01-05T09:05:00Z", "I live in Harrogate."),
        ("2026-01-20T18:00:00Z", "Had a long lunch with the design team today."),
        ("2026-02-02T18:00:00Z", "Our office got a new espresso machine."),
        ("2026-04-01T09:00:00Z", "I started a new job at Hartwell Partners."),
        ("2026-04-02T09:00:00Z", "I moved to York last weekend."),
    ]
    for timestamp, text in turns:
        memory.add(text, user_id=user_id, timestamp=timestamp)
    result = memory.search(question, user_id=user_id, top_k=3, reference_date="2026-05-01")
    texts = _texts(result)
    assert texts[0] == answer, texts


def test_the_old_statement_outranks_the_period_when_it_holds_other_facts_too(
    memory: Memory, user_id: str
) -> None:
    """A statement whose place was ended, not superseded, because it tells a job as well ("I
    work for a fintech, but I live in Izmir"), is still the answer to "where did I live
    before?", above a move announced in its period that is worded closer to the question."""
    turns = [
        ("2026-01-08T09:00:00Z", "I work remotely for a fintech in Berlin, but I live in Izmir."),
        ("2026-03-01T09:00:00Z", "Big news: moving to Lisbon next month for a change of scene."),
        ("2026-04-22T09:00:00Z", "Settled in Lisbon, the flat is in Alfama."),
    ]
    for timestamp, text in turns:
        memory.add([{"role": "user", "name": "Elif", "content": text}], user_id=user_id,
                   timestamp=timestamp)  # fmt: skip
    result = memory.search(
        "Where did I live before Lisbon?", user_id=user_id, top_k=3, reference_date="2026-05-01"
    )
    assert _texts(result)[0] == turns[0][1]


# Another life, told in other words: the companion is named in every recent episode, and the
# episodes are worded much closer to the questions than the state facts are.
LISBON: list[tuple[str, str]] = [
    ("2024-01-08T19:00:00Z", "I'm based in Madrid."),
    (
        "2024-01-08T19:02:00Z",
        "I don't eat meat, and I usually grab dinner with my climbing buddies.",
    ),
    ("2024-01-20T20:00:00Z", "The climbing crew and I had a veggie paella at a spot in Lavapiés."),
    (
        "2024-02-03T20:00:00Z",
        "Tapas night with my climbing friends at a vegetarian bar in Malasaña.",
    ),
    ("2024-03-10T19:00:00Z", "I've started eating fish again."),
    ("2024-04-02T10:00:00Z", "I relocated to Lisbon at the end of March."),
    ("2024-04-14T20:00:00Z", "Grilled sardines by the river in Lisbon, amazing."),
    ("2024-05-04T20:00:00Z", "I have lunch with Bea every Sunday."),
    ("2024-05-04T20:02:00Z", "Bea is allergic to fish."),
    ("2024-05-12T13:00:00Z", "Lunch with Bea at a small tasca in Alfama."),
    ("2024-05-26T13:00:00Z", "Bea and I tried a new café in Chiado for Sunday lunch."),
]


@pytest.fixture(scope="module")
def lisbon(memory: Memory) -> Iterator[str]:
    user = f"test-time-lisbon-{uuid.uuid4()}"
    for timestamp, text in LISBON:
        memory.add(text, user_id=user, timestamp=timestamp)
    yield user
    memory.delete_all(user_id=user)


@pytest.mark.parametrize(
    "question",
    [
        "Pick a place for lunch this Sunday given how things are for me now.",
        "Suggest somewhere to eat at the moment, considering my present circumstances.",
    ],
)
def test_the_whole_situation_outranks_the_episodes_of_its_period(
    memory: Memory, lisbon: str, question: str
) -> None:
    """Each state fact once (two lunches with Bea state one companion), and every state fact
    above the period's episodes however close their words come to the question: where the
    user lives, what they eat, the companion and her allergy."""
    texts = _texts(
        memory.search(question, user_id=lisbon, top_k=5, reference_date="2024-06-10T10:00:00Z")
    )
    for needle in ("relocated to Lisbon", "fish again", "Bea is allergic", "with Bea"):
        assert any(needle in text for text in texts), texts
    assert not any(w in t for t in texts for w in ("Madrid", "Lavapiés", "Malasaña")), texts


REF_2024 = "2024-07-10T10:00:00Z"


def test_a_question_about_a_window_alone_returns_its_memories_whatever_their_words(
    memory: Memory,
) -> None:
    """ "What did I do about two months ago?" shares no words with "Visited the Prado museum
    with my cousin" (cosine under the gate's threshold); the window is the whole question,
    so the window's memories pass the gate (a topic inside the window is gated as usual:
    tests/test_time_intent.py)."""
    user = f"test-time-window-{uuid.uuid4()}"
    for timestamp, text in [
        ("2024-03-03T10:00:00Z", "Went skiing in the Alps with Marco."),
        ("2024-04-15T10:00:00Z", "I raised my grocery budget to 550 euros a month."),
        ("2024-05-20T10:00:00Z", "Visited the Prado museum with my cousin."),
        ("2024-06-02T10:00:00Z", "I ran a half marathon in 1:52."),
    ]:
        memory.add(text, user_id=user, timestamp=timestamp)
    try:
        for question in ("What did I do about two months ago?", "Anything new in May 2024?"):
            found = memory.search(question, user_id=user, top_k=3, reference_date=REF_2024)
            assert _texts(found)[0] == "Visited the Prado museum with my cousin.", _texts(found)
    finally:
        memory.delete_all(user_id=user)


LEEDS = [
    ("2024-01-08T10:00:00Z", "I live in Leeds with two flatmates."),
    ("2024-01-20T19:00:00Z", "Sunday roast at a pub near Hyde Park with my flatmates."),
    ("2024-02-10T19:00:00Z", "The flatmates and I tried a Yemeni café on Woodhouse Lane."),
    ("2024-02-24T10:00:00Z", "My cousin Theo restores old pendulum clocks as a hobby."),
    ("2024-03-09T10:00:00Z", "Bought a second-hand road bike for the commute."),
    ("2024-03-20T10:00:00Z", "Replaced the kitchen tap washer."),  # cosine under the gate
    ("2024-04-02T10:00:00Z", "I moved to Bristol last week."),
    ("2024-05-11T19:00:00Z", "Dinner at a harbourside fish shack."),
]


@pytest.mark.parametrize(
    "question",
    [
        "Back when I lived in Leeds, where did my flatmates and I go to eat?",
        "Where did we usually eat out before the move?",
    ],
)
def test_a_past_question_about_one_topic_ranks_the_periods_memories_about_it_first(
    memory: Memory, question: str
) -> None:
    """Every memory observed while "I live in Leeds" held is of the past asked about, but the
    question asks about eating out: the meals of that time rank in the top 3, and the cousin's
    clocks and the bike of the same weeks (past, but about something else) come after them."""
    user = f"test-time-past-topic-{uuid.uuid4()}"
    for timestamp, text in LEEDS:
        memory.add(text, user_id=user, timestamp=timestamp)
    try:
        found = memory.search(
            question, user_id=user, top_k=5, reference_date=REF_2024, explain=True
        )
        texts = _texts(found)
        meals = [_rank(texts, place) for place in ("Hyde Park", "Woodhouse")]
        assert max(meals) <= 2, texts  # the statement of the state itself may come first
        off_topic = [i for i, t in enumerate(texts) if "clocks" in t or "road bike" in t]
        assert all(i > max(meals) for i in off_topic), texts
        assert found.explain is not None and found.explain.time_intent.startswith("past")
    finally:
        memory.delete_all(user_id=user)


def test_a_past_question_with_no_topic_returns_the_periods_memories(memory: Memory) -> None:
    """ "What was I up to back when I lived in Leeds?" shares no words with "Replaced the
    kitchen tap washer" (cosine under the gate's threshold): the past time is the whole
    question, so the memories observed while the state held pass the semantic gate."""
    user = f"test-time-past-whole-{uuid.uuid4()}"
    for timestamp, text in LEEDS:
        memory.add(text, user_id=user, timestamp=timestamp)
    try:
        found = memory.search(
            "What was I up to back when I lived in Leeds?",
            user_id=user, top_k=6, reference_date=REF_2024,
        )  # fmt: skip
        texts = _texts(found)
        for needle in ("Hyde Park", "Woodhouse", "clocks", "road bike", "tap washer"):
            assert _rank(texts, needle) <= 5, texts
    finally:
        memory.delete_all(user_id=user)


# A year of someone's life, other facts beside the topic a current question asks about.
NOOR = [
    ("2026-01-04T09:00:00Z", "I'm allergic to penicillin, found out as a kid."),
    ("2026-01-20T09:00:00Z", "I live in Utrecht with my partner Sem."),
    ("2026-03-15T09:00:00Z", "I work as a nurse at the UMC hospital."),
    ("2026-06-20T09:00:00Z", "Sem and I are vegetarian since March."),
    ("2026-08-09T09:00:00Z", "I've picked up bouldering twice a week at Energiehaven."),
]


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("Which workout am I doing these days?", "bouldering"),
        ("Where do I work now?", "nurse"),
        ("What do we eat these days?", "vegetarian"),
    ],
)
def test_a_current_question_about_one_topic_ranks_no_unrelated_fact_first(
    memory: Memory, question: str, wanted: str
) -> None:
    """A current fact about something else (the job, for "what sport do I do at the
    moment?") gets no current score unless it comes near the closest memory or the query
    names its predicate ("where do I *work* now?")."""
    user = f"test-time-current-topic-{uuid.uuid4()}"
    for timestamp, text in NOOR:
        memory.add([{"role": "user", "name": "Noor", "content": text}], user_id=user,
                   timestamp=timestamp)  # fmt: skip
    try:
        found = memory.search(question, user_id=user, top_k=3, reference_date="2026-11-20")
        assert wanted in _texts(found)[0], _texts(found)
    finally:
        memory.delete_all(user_id=user)


def test_a_current_fact_about_another_topic_gets_no_current_score(memory: Memory) -> None:
    """ "What sport do I do at the moment?" is about none of the user's state facts: the
    job, the diet and the allergy hold now but get no temporal score (the embedder alone
    finds "I work as a nurse" about as close to it as "I've picked up bouldering"); "Where
    do I work now?" is about the job, which gets one."""
    user = f"test-time-current-topic-{uuid.uuid4()}"
    for timestamp, text in NOOR:
        memory.add([{"role": "user", "name": "Noor", "content": text}], user_id=user,
                   timestamp=timestamp)  # fmt: skip
    try:
        sport = memory.search(
            "What sport do I do at the moment?", user_id=user, top_k=5,
            reference_date="2026-11-20", explain=True,
        )  # fmt: skip
        # the job, the diet and the allergy get none; the pastime the question is about may
        others = [r for r in sport.results if "bouldering" not in r.text]
        assert all(r.score_breakdown and not r.score_breakdown.temporal for r in others)
        assert "bouldering" in sport.results[0].text
        work = memory.search(
            "Who is my employer these days?", user_id=user, top_k=1,
            reference_date="2026-11-20", explain=True,
        )  # fmt: skip
        assert "nurse" in work.results[0].text
        assert work.results[0].score_breakdown and work.results[0].score_breakdown.temporal
        assert work.explain is not None and "about: " in work.explain.time_intent
    finally:
        memory.delete_all(user_id=user)


GUNNAR = [
    ("2026-01-10T09:00:00Z", "Retired last year after 30 years as a postman."),
    ("2026-03-30T09:00:00Z", "Joined the local choir, we sing on Wednesdays."),
    ("2026-09-18T09:00:00Z", "Bought an e-bike, best decision this year."),
    (
        "2026-11-12T09:00:00Z",
        "Quit the choir, my voice isn't what it was. Took up woodcarving instead.",
    ),
]


@pytest.mark.parametrize(
    "question", ["What hobbies do I have now?", "What do I do in my free time these days?"]
)
def test_a_current_question_about_hobbies_finds_the_pastime_taken_up(
    memory: Memory, user_id: str, question: str
) -> None:
    """MiniLM finds "hobbies" far from "woodcarving" (0.11); the pastime the user took up is
    a current fact of the topic the question asks about, and ranks first."""
    for timestamp, text in GUNNAR:
        memory.add([{"role": "user", "name": "Gunnar", "content": text}], user_id=user_id,
                   timestamp=timestamp)  # fmt: skip
    result = memory.search(
        question, user_id=user_id, top_k=3, reference_date="2026-11-20", explain=True
    )
    assert "woodcarving" in result.results[0].text
    assert result.explain is not None and "1 pastimes" in result.explain.time_intent
