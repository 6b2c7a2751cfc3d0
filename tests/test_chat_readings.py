"""Everyday chat the offline reading used to miss: a workplace named by its kind, a condition
told by its adjective, a pet by its breed, a liking "these days", relatives named together,
someone a relative has ("my son's teacher"), and a dropped "I" ("Quit my job at Lidl")."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

ME = "Oskar"


def told(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, ME).triplets)


def ended(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, ME).denied)


@pytest.mark.parametrize(
    ("text", "workplace", "title"),
    [
        ("I'm a midwife at a maternity hospital.", "maternity hospital", "midwife"),
        ("I work as a pastry chef at a small bakery in Ghent.", "small bakery", "pastry chef"),
        ("Currently I'm an accountant at a law firm.", "law firm", "accountant"),
        ("I'm a physio at a rugby club.", "rugby club", "physio"),
    ],
)
def test_a_workplace_told_by_its_kind_is_where_one_works(
    text: str, workplace: str, title: str
) -> None:
    assert {(ME, "works_at", workplace), (ME, "job_title", title)} <= told(text)


def test_the_title_of_a_job_started_at_a_named_place() -> None:
    got = told("Handed in my notice, I'm starting at Grand Hotel Oslo as head porter in May.")
    assert {(ME, "works_at", "Grand Hotel Oslo"), (ME, "job_title", "head porter")} <= got


def test_a_title_at_a_named_place_still_names_the_place() -> None:
    assert (ME, "works_at", "Rigshospitalet") in told("I'm a porter at Rigshospitalet.")


def test_a_place_that_is_no_workplace_is_not_one() -> None:
    assert not {t for t in told("I'm a regular at a karaoke night.") if t[1] == "works_at"}


@pytest.mark.parametrize(
    ("text", "who", "condition"),
    [
        ("My dad is diabetic, so no dessert for him.", f"{ME}'s Father", "diabetes"),
        ("I'm epileptic, so I don't drive.", ME, "epilepsy"),
        ("Honestly I've been asthmatic since I was six.", ME, "asthma"),
        ("My husband is a type 2 diabetic.", f"{ME}'s Husband", "type 2 diabetes"),
    ],
)
def test_a_condition_told_by_its_adjective(text: str, who: str, condition: str) -> None:
    assert (who, "has_condition", condition) in told(text)


@pytest.mark.parametrize(
    ("text", "pet", "kind"),
    [
        ("We rescued a greyhound named Biscuit.", "Biscuit", "dog"),
        ("My corgi Waffles hates the rain.", "Waffles", "dog"),
        ("I adopted a maine coon called Tofu.", "Tofu", "cat"),
        ("We got a kitten, a little tabby named Sushi.", "Sushi", "cat"),
    ],
)
def test_a_pet_told_by_its_breed(text: str, pet: str, kind: str) -> None:
    assert (pet, f"{kind}_of", ME) in told(text)


@pytest.mark.parametrize(
    "text",
    [
        "I've been so into sourdough baking these days.",
        "I'm really into sourdough baking nowadays.",
    ],
)
def test_a_liking_leaves_its_time_words_out(text: str) -> None:
    likes = {t for t in told(text) if t[1] == "likes"}
    assert likes == {(ME, "likes", "sourdough baking")}


@pytest.mark.parametrize(
    ("text", "names", "relation"),
    [
        ("My kids Noor and Idris start school in September.", ("Noor", "Idris"), "child"),
        ("My parents, Erik and Lis, are retiring.", ("Erik", "Lis"), "parent"),
        ("Our daughters, Ama, Efua and Esi love the beach.", ("Ama", "Efua", "Esi"), "daughter"),
    ],
)
def test_relatives_named_together_are_each_a_relative(
    text: str, names: tuple[str, ...], relation: str
) -> None:
    assert {(name, f"{relation}_of", ME) for name in names} <= told(text)


def test_someone_an_unnamed_relative_has_is_theirs() -> None:
    got = told("My daughter's piano teacher is Mr. Lindqvist.") | told(
        "My brother's wife is called Yara."
    )
    assert (f"{ME}'s Daughter", "daughter_of", ME) in got
    assert ("Yara", "wife_of", f"{ME}'s Brother") in got
    assert (f"{ME}'s Brother", "brother_of", ME) in got


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Finally moved to Tallinn last month!", (ME, "lives_in", "Tallinn")),
        ("Landed a job at Wolt, starting Monday.", (ME, "works_at", "Wolt")),
        ("Adopted a kitten named Sesame yesterday.", ("Sesame", "cat_of", ME)),
    ],
)
def test_a_dropped_i_is_the_speaker(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


def test_a_dropped_i_ends_a_job_too() -> None:
    assert (ME, "works_at", "Ikea") in ended("Left Ikea after six years, so relieved.")


def test_an_order_is_no_dropped_i() -> None:
    assert not told("Go to Tallinn if you can!")


def test_learning_something_is_not_a_pastime_called_learning() -> None:
    got = told("I recently started learning the harp.")
    assert (ME, "learn", "harp") in got
    assert (ME, "do", "learning") not in got


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("We have a new landlady, Mrs. Moreau.", ("Moreau", "landlord_of", ME)),
        ("Dario has a younger brother, Matteo.", ("Matteo", "brother_of", "Dario")),
        ("My daughter has a new swim coach, Mr. Berg.", ("Berg", "coach_of", f"{ME}'s Daughter")),
    ],
)
def test_someone_one_has_told_by_name_after_a_comma(text: str, fact: tuple[str, str, str]) -> None:
    got = told(text)
    assert fact in got
    assert not {t for t in got if t[1] in {"have", "get"}}  # the verb told only the relation


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Ayla studies architecture at Delft.",
            {("Ayla", "study", "architecture"), ("Ayla", "studies_at", "Delft")},
        ),
        ("I'm studying physiotherapy.", {(ME, "study", "physiotherapy")}),
        (
            "I'm pursuing a PhD in marine biology at the University of Bergen.",
            {(ME, "study", "marine biology"), (ME, "studies_at", "University of Bergen")},
        ),
    ],
)
def test_what_and_where_one_studies(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= told(text)


@pytest.mark.parametrize("text", ["I'm studying for the bar exam.", "I study late most nights."])
def test_a_purpose_or_a_time_is_no_subject_studied(text: str) -> None:
    assert not {t for t in told(text) if t[1] == "study"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("FYI my birthday is on the 2nd of August.", (ME, "birthday", "2nd of August")),
        ("Noor's birthday is October 30th, remind me.", ("Noor", "birthday", "October 30th")),
        ("Our wedding anniversary is in September.", (ME, "anniversary", "September")),
    ],
)
def test_a_day_of_the_year_told(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


def test_someone_named_who_lives_alone_lives_with_no_one() -> None:
    assert ("Ilse", "live_with", "any_value") in ended("Ilse lives alone these days.")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Grandpa turned 88 on Sunday, we had cake.", (f"{ME}'s Grandfather", "age", "88")),
        ("Finally turned 30, feeling old.", (ME, "age", "30")),
        ("I'm 41 and I still can't cook.", (ME, "age", "41")),
        ("I've been a paramedic for nine years now.", (ME, "job_title", "paramedic")),
    ],
)
def test_an_age_or_a_title_told_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize("text", ["The car turned 180 degrees.", "I've been a bit of a mess."])
def test_a_turn_or_a_state_is_no_age_or_title(text: str) -> None:
    assert not {t for t in told(text) if t[1] in {"age", "job_title"}}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We have one kid, a boy.", {(ME, "number_of_children", "1")}),
        ("Now we've got three kids!", {(ME, "number_of_children", "3")}),
        (
            "Tove has 2 dogs and one cat.",
            {("Tove", "number_of_dogs", "2"), ("Tove", "number_of_cats", "1")},
        ),
        (
            "We have two kids, Ebba and Linus.",
            {(ME, "number_of_children", "2"), ("Ebba", "child_of", ME), ("Linus", "child_of", ME)},
        ),
    ],
)
def test_how_many_one_has(text: str, expected: set[tuple[str, str, str]]) -> None:
    got = told(text)
    assert expected <= got
    assert not {t for t in got if t[1] in {"have", "get"}}  # the count told it


@pytest.mark.parametrize("text", ["I have two kid.", "I have 10 days off.", "We have a kid."])
def test_no_count_where_the_number_and_thing_disagree_or_none_is_given(text: str) -> None:
    assert not {t for t in told(text) if t[1].startswith("number_of_")}
