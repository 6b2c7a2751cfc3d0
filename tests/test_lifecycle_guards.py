from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from graphmem.domain.extraction import ANY_VALUE, ExtractedMemory, ExtractedTriplet, KnownMemory
from graphmem.lifecycle import (
    Candidate,
    FunctionalPredicates,
    MemoryFlags,
    check_denial,
    check_merge,
    check_supersede,
    check_supersede_proposal,
    content_words,
    detect_offline,
)

FUNCTIONAL = FunctionalPredicates()
IMMUTABLE = MemoryFlags(immutable=True)
NO_DREAM = MemoryFlags(exclude_from_dream=True)


def triplet(source: str, predicate: str, target: str) -> ExtractedTriplet:
    return ExtractedTriplet(
        source=source, predicate=predicate, target=target, fact=f"{source} {predicate} {target}"
    )


# --- content words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("prefers window seats", {"prefer", "window", "seat"}),
        ("I always book window seats", {"book", "window", "seat"}),
        ("Alice's cities", {"alice", "city"}),
        ("The glasses and the classes", {"glass", "class"}),
        ("long-haul flights", {"long", "haul", "flight"}),
        ("bus status analysis", {"bus", "status", "analysis"}),
        ("I don't like it", {"like", "not"}),
        ("I can't and won't", {"not"}),
        ("I’m not vegetarian anymore", {"not", "vegetarian", "anymore"}),
        ("Never, no, none!", {"never", "no", "none"}),
        ("I am 30 years old", {"30", "year", "old"}),
        ("", set()),
        ("the a an of to in", set()),
        ("🍣 寿司", {"寿司"}),
    ],
)
def test_content_words(text: str, expected: set[str]) -> None:
    assert content_words(text) == expected


# --- merge -----------------------------------------------------------------------------


def test_merge_acceptance_missing_word_is_refused() -> None:
    decision = check_merge(
        "prefers window seats",
        "always books window seats on long-haul flights",
        0.9,
        min_cosine=0.75,
        old_flags=MemoryFlags(),
        new_flags=MemoryFlags(),
    )
    assert not decision.allowed
    assert "prefer" in decision.reason


def test_merge_acceptance_superset_is_allowed() -> None:
    decision = check_merge(
        "likes window seats",
        "likes window seats, especially on long-haul flights",
        0.85,
        min_cosine=0.75,
        old_flags=MemoryFlags(),
        new_flags=MemoryFlags(),
    )
    assert decision.allowed
    assert "flight" in decision.reason


def test_merge_identical_text_is_a_duplicate() -> None:
    decision = check_merge("likes window seats", "Likes window seats.", 0.99, min_cosine=0.75)
    assert not decision.allowed
    assert "duplicate" in decision.reason


def test_merge_same_words_rephrased_is_a_duplicate() -> None:
    decision = check_merge("likes window seats", "I like a window seat", 0.95, min_cosine=0.75)
    assert not decision.allowed
    assert "duplicate" in decision.reason


def test_merge_needs_cosine() -> None:
    old, new = "likes window seats", "likes window seats on long-haul flights"
    assert check_merge(old, new, 0.75, min_cosine=0.75).allowed
    low = check_merge(old, new, 0.74, min_cosine=0.75)
    assert not low.allowed
    assert "cosine" in low.reason
    assert not check_merge(old, new, math.nan, min_cosine=0.75).allowed


def test_merge_refuses_added_negation() -> None:
    decision = check_merge("likes coffee", "does not like coffee", 0.9, min_cosine=0.5)
    assert not decision.allowed
    assert "negation" in decision.reason


def test_merge_keeps_existing_negation() -> None:
    decision = check_merge("does not eat meat", "does not eat meat or fish", 0.9, min_cosine=0.5)
    assert decision.allowed


def test_merge_refuses_contentless_old_text() -> None:
    decision = check_merge("so it is, then", "so it is Paris", 0.9, min_cosine=0.5)
    assert not decision.allowed
    assert "no content words" in decision.reason


@pytest.mark.parametrize(
    ("old_flags", "new_flags", "word"),
    [
        (IMMUTABLE, None, "old memory is immutable"),
        (None, IMMUTABLE, "new memory is immutable"),
        (NO_DREAM, None, "old memory is excluded"),
        (None, NO_DREAM, "new memory is excluded"),
    ],
)
def test_merge_refuses_flagged_memories(
    old_flags: MemoryFlags | None, new_flags: MemoryFlags | None, word: str
) -> None:
    decision = check_merge(
        "likes window seats",
        "likes window seats on long flights",
        0.99,
        min_cosine=0.5,
        old_flags=old_flags,
        new_flags=new_flags,
    )
    assert not decision.allowed
    assert word in decision.reason


# --- supersede -------------------------------------------------------------------------


def test_supersede_functional_predicate_changed() -> None:
    decision = check_supersede(
        [triplet("user", "lives_in", "Beijing")],
        [triplet("User", "Lives In", "Paris")],
        FUNCTIONAL,
        old_flags=MemoryFlags(),
        new_flags=MemoryFlags(),
    )
    assert decision.allowed
    assert "lives_in" in decision.reason
    assert "beijing -> paris" in decision.reason


def test_supersede_same_value_is_refused() -> None:
    decision = check_supersede(
        [triplet("user", "lives_in", "The Hague")],
        [triplet("user", "lives_in", "the hague.")],
        FUNCTIONAL,
    )
    assert not decision.allowed
    assert "same value" in decision.reason


@pytest.mark.parametrize(
    ("old", "new", "allowed"),
    [
        ("window seats", "the aisle seat", True),  # one preferred seat
        ("oat milk", "almond milk", True),
        ("tea", "the train", False),  # two kinds: both hold
        ("aisle seat", "the aisle seat", False),  # the same value
    ],
)
def test_a_preference_for_another_thing_of_the_same_kind_supersedes(
    old: str, new: str, allowed: bool
) -> None:
    decision = check_supersede(
        [triplet("Sam", "prefers", old)], [triplet("Sam", "prefers", new)], FUNCTIONAL
    )
    assert decision.allowed is allowed


def test_supersede_needs_functional_predicate() -> None:
    decision = check_supersede(
        [triplet("user", "likes", "sushi")], [triplet("user", "likes", "ramen")], FUNCTIONAL
    )
    assert not decision.allowed
    assert "functional" in decision.reason


def test_supersede_needs_same_subject() -> None:
    decision = check_supersede(
        [triplet("Alice", "lives_in", "Tokyo")], [triplet("user", "lives_in", "Osaka")], FUNCTIONAL
    )
    assert not decision.allowed


def test_a_one_holder_role_with_a_new_holder_supersedes() -> None:
    """One manager, dentist or landlord at a time: a new holder for the same person
    replaces the old one; the same holder, another person's role, or a role one has several
    of (friends) does not."""
    old = [triplet("Priya Raman", "manager_of", "Sven")]
    decision = check_supersede(old, [triplet("Tom Becker", "manager_of", "Sven")], FUNCTIONAL)
    assert decision.allowed and "one-holder" in decision.reason
    same = check_supersede(old, [triplet("priya raman", "manager_of", "Sven")], FUNCTIONAL)
    assert not same.allowed and "same holder" in same.reason
    other = [triplet("Tom Becker", "manager_of", "Ilse")]
    assert not check_supersede(old, other, FUNCTIONAL).allowed
    friends = [triplet("Ana", "friend_of", "Sven")], [triplet("Bo", "friend_of", "Sven")]
    assert not check_supersede(*friends, FUNCTIONAL).allowed


def test_supersede_uses_extra_functional_predicates() -> None:
    old, new = [triplet("user", "likes", "sushi")], [triplet("user", "likes", "ramen")]
    assert check_supersede(old, new, FunctionalPredicates(["likes"])).allowed


def test_supersede_any_changed_pair_is_enough() -> None:
    old = [triplet("user", "lives_in", "Paris"), triplet("user", "works_at", "Google")]
    new = [triplet("user", "lives_in", "Paris"), triplet("user", "works_at", "Sony")]
    decision = check_supersede(old, new, FUNCTIONAL)
    assert decision.allowed
    assert "works_at" in decision.reason


def test_supersede_empty_triplets() -> None:
    assert not check_supersede([], [], FUNCTIONAL).allowed
    assert not check_supersede([triplet("user", "age", "30")], [], FUNCTIONAL).allowed


@pytest.mark.parametrize(("old_flags", "new_flags"), [(IMMUTABLE, None), (None, NO_DREAM)])
def test_supersede_refuses_flagged_memories(
    old_flags: MemoryFlags | None, new_flags: MemoryFlags | None
) -> None:
    decision = check_supersede(
        [triplet("user", "lives_in", "Beijing")],
        [triplet("user", "lives_in", "Paris")],
        FUNCTIONAL,
        old_flags=old_flags,
        new_flags=new_flags,
    )
    assert not decision.allowed


@dataclass(frozen=True)
class PlainTriplet:
    source: str
    predicate: str
    target: str


def test_supersede_accepts_any_triplet_like() -> None:
    decision = check_supersede(
        [PlainTriplet("user", "diet", "vegetarian")],
        [PlainTriplet("user", "diet", "vegan")],
        FUNCTIONAL,
    )
    assert decision.allowed


# --- supersede proposed by an LLM -----------------------------------------------------


def test_proposal_allows_non_functional_predicate() -> None:
    old, new = [triplet("user", "prefers", "tea")], [triplet("user", "prefers", "coffee")]
    assert not check_supersede(old, new, FUNCTIONAL).allowed
    decision = check_supersede_proposal(old, new)
    assert decision.allowed
    assert "tea -> coffee" in decision.reason


def test_proposal_allows_functional_predicate_too() -> None:
    old, new = [triplet("user", "lives_in", "Beijing")], [triplet("user", "lives_in", "Paris")]
    assert check_supersede_proposal(old, new).allowed


def test_proposal_without_shared_pair_is_ambiguous() -> None:
    decision = check_supersede_proposal(
        [triplet("user", "likes", "sushi")], [triplet("user", "eats", "ramen")]
    )
    assert not decision.allowed
    assert "ambiguous" in decision.reason
    assert "ambiguous" in check_supersede_proposal([], []).reason


def test_proposal_same_value_is_refused() -> None:
    decision = check_supersede_proposal(
        [triplet("user", "likes", "Sushi")], [triplet("user", "likes", "sushi")]
    )
    assert not decision.allowed
    assert "same value" in decision.reason


def test_proposal_refuses_flagged_memories() -> None:
    old, new = [triplet("user", "likes", "tea")], [triplet("user", "likes", "coffee")]
    assert not check_supersede_proposal(old, new, old_flags=IMMUTABLE).allowed
    assert not check_supersede_proposal(old, new, new_flags=NO_DREAM).allowed


# --- offline detection -----------------------------------------------------------------


def candidate(
    memory_id: str,
    text: str,
    cosine: float,
    triplets: list[ExtractedTriplet] | None = None,
    flags: MemoryFlags | None = None,
) -> Candidate:
    return Candidate(
        memory=KnownMemory(id=memory_id, text=text),
        cosine=cosine,
        triplets=triplets or [],
        flags=flags or MemoryFlags(),
    )


def test_detect_offline_proposes_supersede_and_merge_in_order() -> None:
    new = ExtractedMemory(
        text="I moved to Paris and likes window seats on long-haul flights",
        triplets=[triplet("user", "lives_in", "Paris")],
    )
    candidates = [
        candidate("m-unrelated", "Alice likes sushi", 0.2),
        candidate("m-seats", "likes window seats", 0.8),
        candidate("m-home", "I live in Beijing", 0.6, [triplet("user", "lives_in", "Beijing")]),
    ]
    proposals = detect_offline(new, candidates, FUNCTIONAL, 0.75)
    assert [(p.action, p.old_memory_id) for p in proposals] == [
        ("merge", "m-seats"),
        ("supersede", "m-home"),
    ]
    assert all(p.reason for p in proposals)


def test_detect_offline_supersede_wins_over_merge() -> None:
    new = ExtractedMemory(
        text="user lives in Paris now, city of light",
        triplets=[triplet("user", "lives_in", "Paris")],
    )
    old = candidate("m1", "user lives in", 0.95, [triplet("user", "lives_in", "Beijing")])
    assert check_merge(old.memory.text, new.text, old.cosine, min_cosine=0.75).allowed
    proposals = detect_offline(new, [old], FUNCTIONAL, 0.75)
    assert [(p.action, p.old_memory_id) for p in proposals] == [("supersede", "m1")]


def test_detect_offline_one_proposal_per_memory_and_deterministic() -> None:
    new = ExtractedMemory(
        text="likes window seats on long-haul flights",
        triplets=[triplet("user", "likes", "window seats")],
    )
    candidates = [
        candidate("b", "likes window seats", 0.8),
        candidate("a", "likes window seats", 0.8),
        candidate("a", "likes window seats", 0.9),
        candidate("nan", "likes window seats", math.nan),
    ]
    first = detect_offline(new, candidates, FUNCTIONAL, 0.75)
    second = detect_offline(new, list(reversed(candidates)), FUNCTIONAL, 0.75)
    assert [p.old_memory_id for p in first] == ["a", "b"]
    assert first == second


def test_detect_offline_respects_flags() -> None:
    new = ExtractedMemory(text="I moved to Paris", triplets=[triplet("user", "lives_in", "Paris")])
    old = candidate("m1", "I live in Beijing", 0.9, [triplet("user", "lives_in", "Beijing")])
    frozen = old.model_copy(update={"flags": IMMUTABLE})
    assert detect_offline(new, [frozen], FUNCTIONAL, 0.75) == []
    assert detect_offline(new, [old], FUNCTIONAL, 0.75, new_flags=NO_DREAM) == []
    assert len(detect_offline(new, [old], FUNCTIONAL, 0.75)) == 1


def test_detect_offline_nothing_to_do() -> None:
    new = ExtractedMemory(text="hello there")
    assert detect_offline(new, [], FUNCTIONAL, 0.75) == []
    assert detect_offline(new, [candidate("m", "hello", 0.99)], FUNCTIONAL, 0.75) == []


# --- supersede by denial -----------------------------------------------------------------


def _old(text: str, *triplets: ExtractedTriplet, flags: MemoryFlags | None = None) -> Candidate:
    return Candidate(
        memory=KnownMemory(id="old", text=text),
        cosine=0.6,
        triplets=list(triplets),
        flags=flags or MemoryFlags(),
    )


def test_a_denial_supersedes_the_memory_that_asserts_the_fact() -> None:
    old = _old("I'm vegan.", triplet("Sam", "diet", "vegan"))
    decision = check_denial(old, "I'm not vegan anymore.", [triplet("sam", "Diet", "Vegan")])
    assert decision.allowed and decision.reason == "denied: sam diet vegan"


def test_a_denial_of_another_value_subject_or_predicate_supersedes_nothing() -> None:
    old = _old("I'm vegan.", triplet("Sam", "diet", "vegan"))
    for denied in (
        triplet("Sam", "diet", "vegetarian"),
        triplet("Alice", "diet", "vegan"),
        triplet("Sam", "likes", "vegan"),
    ):
        assert not check_denial(old, "I'm not vegan anymore.", [denied]).allowed


def test_a_denial_keeps_a_memory_that_tells_more() -> None:
    """Denying jazz keeps "I like jazz and blues" (blues is no triplet of it); denying one
    of two values keeps the memory too."""
    old = _old("I like jazz and blues.", triplet("Sam", "likes", "jazz"))
    decision = check_denial(old, "I don't like jazz anymore.", [triplet("Sam", "likes", "jazz")])
    assert not decision.allowed and "blue" in decision.reason
    two = _old("I like jazz, I like blues.", triplet("Sam", "likes", "jazz"),
               triplet("Sam", "likes", "blues"))  # fmt: skip
    text = "I don't like jazz anymore, I like blues."
    assert not check_denial(two, text, [triplet("Sam", "likes", "jazz")]).allowed


def test_an_activity_ended_whatever_it_was_done_with() -> None:
    """ "I quit smoking" denies ``smoking any_value``: the old fact's verb is the activity
    ("smoke"), whatever its value; nothing else the old memory told may be retired."""
    ended = [triplet("Sam", "smoking", ANY_VALUE)]
    old = _old("I smoke about ten cigarettes a day.", triplet("Sam", "smoke", "cigarette"))
    assert check_denial(old, "I quit smoking in March.", ended).allowed
    told = _old("I smoke cigars with my father.", triplet("Sam", "smoke", "cigar"))
    decision = check_denial(told, "I quit smoking in March.", ended)
    assert not decision.allowed and "father" in decision.reason
    other = _old("I drink tea every day.", triplet("Sam", "drink", "tea"))
    assert not check_denial(other, "I quit smoking in March.", ended).allowed
    runs = _old("I run 5k every morning.", triplet("Sam", "run", "5k"))
    assert check_denial(runs, "I stopped running.", [triplet("Sam", "running", ANY_VALUE)]).allowed


def test_a_count_before_a_plural_value_describes_it() -> None:
    old = _old("I drink three coffees a day.", triplet("Sam", "drink", "coffee"))
    new = "I cut out coffee completely last month."
    assert check_denial(old, new, [triplet("Sam", "drink", "coffee")]).allowed


@pytest.mark.parametrize(
    ("old_text", "said", "new_text", "denied"),
    [
        # the value's own describing words, and words of time, are not "more"
        ("I drive a 2015 Honda Civic.", ("Sam", "drive", "Honda Civic"),
         "I sold the Civic.", ("Sam", "drive", "Civic")),
        ("I've started taking piano lessons every Tuesday evening.",
         ("Sam", "take", "piano lesson"), "I stopped taking piano lessons.",
         ("Sam", "take", "piano lesson")),
    ],
)  # fmt: skip
def test_a_denial_reads_past_what_describes_the_value_or_when(
    old_text: str, said: tuple[str, str, str], new_text: str, denied: tuple[str, str, str]
) -> None:
    assert check_denial(_old(old_text, triplet(*said)), new_text, [triplet(*denied)]).allowed


def test_who_the_subject_is_to_someone_is_not_more_than_the_denied_fact() -> None:
    son = triplet("Leo", "son_of", "Sam")
    old = _old("My son Leo is afraid of dogs.", triplet("Leo", "afraid_of", "dogs"), son)
    ended = [triplet("Leo", "afraid_of", "dogs")]
    assert check_denial(old, "Leo isn't scared of dogs anymore.", ended).allowed
    more = _old(
        "My son Leo is afraid of dogs and loves football.",
        triplet("Leo", "afraid_of", "dogs"),
        triplet("Leo", "love", "football"),
        son,
    )
    assert not check_denial(more, "Leo isn't scared of dogs anymore.", ended).allowed


def test_a_denial_names_the_old_value_by_its_last_words_or_its_make_without_the_model() -> None:
    old = _old("I drive a Honda Civic.", triplet("Sam", "drive", "Honda Civic"))
    assert check_denial(old, "I sold the Honda.", [triplet("Sam", "drive", "Honda")]).allowed
    line = _old("My laptop is a Lenovo ThinkPad.", triplet("Sam", "own", "Lenovo ThinkPad"))
    assert check_denial(line, "I sold the Lenovo.", [triplet("Sam", "own", "Lenovo")]).allowed
    bike = _old("I ride a Trek Domane.", triplet("Sam", "ride", "Trek Domane"))
    assert check_denial(bike, "Sold the Trek last week.", [triplet("Sam", "ride", "Trek")]).allowed
    # a kind named in lower case is another thing than the word before it
    liqueur = _old("I drink coffee liqueur.", triplet("Sam", "drink", "coffee liqueur"))
    gave_up = [triplet("Sam", "drink", "coffee")]
    assert not check_denial(liqueur, "I gave up coffee.", gave_up).allowed
    for model in (
        "Galaxy S23",
        "iPhone 15 Pro Max",
        "Surface Pro 9",
        "Dell XPS 13",
        "Fender guitar",
    ):
        make = model.split()[0]
        phone = _old(f"My phone is a {model}.", triplet("Sam", "own", model))
        new = f"I replaced the {make} with a Fairphone."
        assert check_denial(phone, new, [triplet("Sam", "own", make)]).allowed, model
    # described before its make ("a red Volvo estate"): the make still names it
    for car in ("red Volvo estate", "old blue Saab", "tiny Fiat hatchback"):
        make = next(w for w in car.split() if w[0].isupper())
        drove = _old(f"We drive a {car}.", triplet("Sam", "drive", car))
        sold = f"We sold the {make} and bought a bike."
        assert check_denial(drove, sold, [triplet("Sam", "drive", make)]).allowed, car
    # not a lower-case word the make is written with
    cream = _old("I drink Irish cream coffee.", triplet("Sam", "drink", "Irish cream coffee"))
    assert not check_denial(cream, "I gave up Irish.", [triplet("Sam", "drink", "Irish")]).allowed
    told = _old("I drive a Civic to my mother's farm.", triplet("Sam", "drive", "Civic"))
    decision = check_denial(told, "I sold the Civic.", [triplet("Sam", "drive", "Civic")])
    assert not decision.allowed and "farm" in decision.reason


@pytest.mark.parametrize("flags", [IMMUTABLE, NO_DREAM])
def test_a_denial_leaves_frozen_memories_alone(flags: MemoryFlags) -> None:
    old = _old("I'm vegan.", triplet("Sam", "diet", "vegan"), flags=flags)
    assert not check_denial(
        old, "I'm not vegan anymore.", [triplet("Sam", "diet", "vegan")]
    ).allowed


def test_detect_offline_reads_denials() -> None:
    new = ExtractedMemory(text="I'm not vegan anymore.", denied=[triplet("Sam", "diet", "vegan")])
    old = _old("I'm vegan.", triplet("Sam", "diet", "vegan"))
    proposals = detect_offline(new, [old], FUNCTIONAL, 0.75)
    assert [(p.action, p.old_memory_id) for p in proposals] == [("supersede", "old")]
    assert detect_offline(new.model_copy(update={"denied": []}), [old], FUNCTIONAL, 0.75) == []


# --- a functional value replaced inside a memory that tells more ---------------------------


def _proposals(old: Candidate, text: str, *triplets: ExtractedTriplet) -> list[tuple[str, str]]:
    new = ExtractedMemory(text=text, triplets=list(triplets))
    return [(p.action, p.reason or "") for p in detect_offline(new, [old], FUNCTIONAL, 0.75)]


def test_a_replaced_value_supersedes_a_memory_that_tells_nothing_more() -> None:
    old = _old("I live in Tokyo.", triplet("Sam", "lives_in", "Tokyo"))
    found = _proposals(old, "I moved to Osaka.", triplet("Sam", "lives_in", "Osaka"))
    assert [action for action, _ in found] == ["supersede"]
    job = _old(
        "I'm a data analyst at Brightwave.",
        triplet("Sam", "works_at", "Brightwave"),
        triplet("Sam", "job_title", "data analyst"),
    )
    left = "I left Brightwave and joined Quillary as a product manager."
    new = (triplet("Sam", "works_at", "Quillary"), triplet("Sam", "job_title", "product manager"))
    assert [action for action, _ in _proposals(job, left, *new)] == ["supersede"]


def test_a_replaced_value_ends_only_its_fact_in_a_memory_that_tells_more() -> None:
    old = _old(
        "I work remotely for a startup called Loomly, doing backend in Go.",
        triplet("Sam", "works_at", "Loomly"),
    )
    new = ExtractedMemory(
        text="Loomly got acquired by Atlassian, so I work for Atlassian now.",
        triplets=[triplet("Sam", "works_at", "Atlassian")],
    )
    (proposal,) = detect_offline(new, [old], FUNCTIONAL, 0.75)
    assert proposal.action == "end"
    assert [(t.predicate, t.target) for t in proposal.ended] == [("works_at", "Loomly")]
    assert "tells go" in (proposal.reason or "")
    promoted = _old(
        "I'm a junior architect at Foster + Partners in London.",
        triplet("Sam", "works_at", "Foster + Partners"),
        triplet("Sam", "job_title", "junior architect"),
    )
    new = ExtractedMemory(
        text="I got promoted to project architect!",
        triplets=[triplet("Sam", "job_title", "project architect")],
    )
    (proposal,) = detect_offline(new, [promoted], FUNCTIONAL, 0.75)
    assert proposal.action == "end"
    assert [t.predicate for t in proposal.ended] == ["job_title"]  # the employer holds


def test_a_new_holder_ends_only_the_old_holders_role_in_a_memory_that_tells_more() -> None:
    old = _old(
        "My manager Tom sits next to me and loves cycling.",
        triplet("Tom", "manager_of", "Sam"),
        triplet("Tom", "love", "cycling"),
    )
    new = ExtractedMemory(
        text="My new manager is Priya.", triplets=[triplet("Priya", "manager_of", "Sam")]
    )
    (proposal,) = detect_offline(new, [old], FUNCTIONAL, 0.75)
    assert proposal.action == "end"
    assert [(t.source, t.predicate) for t in proposal.ended] == [("Tom", "manager_of")]
