"""A memory that speaks only of its listener tells little about anyone (search/listener.py):
the rule on texts, and its effect on a real search (Neo4j)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.search.listener import asks_what_was_said, factor, speaks_to_listener

Q = "What has Melanie painted?"


@pytest.mark.parametrize(
    "text",
    [
        "Wow, that looks amazing! Your colours are so vivid.",
        "You'd be a great counselor! Your empathy will help the people you work with.",
        "Take care of yourself, ok?!",
        "ur so talented, keep going",
        "Youre doing great with the shop.",  # no apostrophe
        "Congrats to you both, y'all deserve it.",
        "Thank you so much, you're a star!",  # a thanks is the listener's
        "Can you believe you won?",  # the set phrase's "you" goes, the other stays
    ],
)
def test_speaks_only_to_the_listener(text: str) -> None:
    assert speaks_to_listener(text)
    assert factor(text, "user", Q, 0.8) == 0.8
    assert factor(text, None, Q, 0.8) == 0.8


@pytest.mark.parametrize(
    "text",
    [
        "I painted that lake sunrise last year, you'd love it.",  # the speaker speaks too
        "Thanks! My kids and I made it with clay. Do you like it?",
        "We went camping, you should come next time.",
        "Ive been running farther, you know.",  # no apostrophe
        "Took the kids to the museum yesterday.",  # no pronoun at all
        "The dinosaur exhibit was great.",
        "Ja, das Bild ist schön.",  # another language: neither list
        # a set phrase's "you" is no one's (twentieth stop)
        "Poppy's seven now, can you believe it",
        "Marek's off to Bristol, you know, for the new job.",
        "Mind you, the boiler was ancient.",
    ],
)
def test_speaks_of_the_speaker_or_of_no_one(text: str) -> None:
    assert not speaks_to_listener(text)
    assert factor(text, "user", Q, 0.8) == 1.0


def test_an_abbreviation_or_a_word_is_no_pronoun() -> None:
    assert not speaks_to_listener("The U.S. trip was great.")
    assert speaks_to_listener("u were great at the U.S. open")  # "were" is no "we're"
    assert not speaks_to_listener("Well, you did it! You'll be ill with nerves, I'd guess.")
    assert speaks_to_listener("Well done, you were brilliant.")  # "well" is no "we'll"


def test_an_assistant_turn_and_the_setting() -> None:
    telling = "You have a dentist appointment on Tuesday at three."
    assert speaks_to_listener(telling)
    assert factor(telling, "assistant", Q, 0.8) == 1.0  # the assistant tells the user of the user
    assert factor(telling, "Assistant", Q, 0.8) == 1.0
    assert factor(telling, "user", Q, 1.0) == 1.0  # 1.0 is off


@pytest.mark.parametrize(
    "query",
    [
        "What advice did Evan give Sam about soda?",
        "What does Joanna recommend for a comfy living room?",
        "What did Dave think of Calvin's song?",
        "What substitution does Nate suggest for sugar?",
        "How did Maria encourage John?",
        "What did Jon tell Gina about the studio?",
    ],
)
def test_a_question_about_what_was_said_turns_the_rule_off(query: str) -> None:
    """Advice, suggestions and opinions are said to the listener: they are the answer."""
    assert asks_what_was_said(query)
    assert factor("You should try oat milk, you'll love it.", "user", query, 0.8) == 1.0


@pytest.mark.parametrize(
    "query", [Q, "Which cities has Jon visited?", "What does Melanie do to destress?"]
)
def test_a_question_about_what_someone_did_keeps_it(query: str) -> None:
    assert not asks_what_was_said(query)


# Tomas praises Nadia's boat in turns that speak only to her; Nadia's own turn says what she
# restored. Searched with the rule on (the default) and off over the same store, each turn that
# speaks only to its listener keeps its signals and loses exactly the factor, a question (its
# own factor) and the other turns keep their score, and what Nadia did ranks first.
TURNS = [
    ("Nadia", "Here is the old wooden sailing boat I restored at the harbour this spring."),
    ("Tomas", "Wow, your restored sailing boat looks amazing! You did a great job on the wood."),
    ("Tomas", "You must be so proud of that boat, your varnish is perfect."),
    ("Tomas", "What did you restore next, the boat's sails?"),
    ("Tomas", "My cousin restored a sailing boat at the harbour once."),
]
LISTENING = {TURNS[1][1], TURNS[2][1]}
QUERY = "What boat has Nadia restored?"


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    user_id = f"test-listener-{uuid.uuid4()}"
    memory.add(
        [{"role": "user", "name": n, "content": t} for n, t in TURNS],
        user_id=user_id,
        infer=False,
    )
    memory.search(QUERY, user_id=user_id)  # warm the indexes (a cold server is slow)
    yield user_id
    memory.delete_all(user_id=user_id)


def _rule_off(memory: Memory) -> Memory:
    settings = memory.settings
    search = settings.search.model_copy(update={"listener_factor": 1.0})
    off = settings.model_copy(update={"search": search})
    return Memory(off, driver=memory.driver, embedder=memory.embedder)


@pytest.mark.neo4j
def test_a_memory_that_speaks_only_to_the_listener_is_damped(memory: Memory, user: str) -> None:
    damped = memory.settings.search.listener_factor
    assert damped < 1.0, "the rule is on by default"
    on = memory.search(QUERY, user_id=user, explain=True, top_k=len(TURNS))
    off = _rule_off(memory).search(QUERY, user_id=user, explain=True, top_k=len(TURNS))
    assert not on.degraded and not off.degraded, (on.failed_signals, off.failed_signals)
    before = {m.text: m.score for m in off.results}
    for m in on.results:
        assert m.score_breakdown is not None
        expected = damped if m.text in LISTENING else 1.0
        assert m.score_breakdown.listener == expected, m.text
        assert m.score == pytest.approx(before[m.text] * expected, rel=1e-6), m.text
    assert {m.text for m in on.results} >= LISTENING
    assert on.results[0].text == TURNS[0][1]
