"""The NLP extractor through Memory.add against the real Neo4j (issue 11, part 1)."""

from __future__ import annotations

from datetime import date

import neo4j
import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j


def entity_types(driver: neo4j.Driver, user_id: str) -> dict[str, str | None]:
    rows = driver.execute_query(
        "MATCH (e:Entity {user_id: $u}) RETURN e.name AS name, e.type AS type", u=user_id
    ).records
    return {r["name"]: r["type"] for r in rows}


def stored_triplets(driver: neo4j.Driver, user_id: str) -> set[tuple[str, str, str]]:
    rows = driver.execute_query(
        "MATCH (s:Entity {user_id: $u})-[r:RELATES_TO]->(t:Entity) "
        "RETURN s.name AS s, r.predicate AS p, t.name AS t",
        u=user_id,
    ).records
    return {(r["s"], r["p"], r["t"]) for r in rows}


def test_caroline_turn(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    text = "I went to a LGBTQ support group yesterday and it was so powerful."
    added = memory.add(
        [{"role": "user", "name": "Caroline", "content": text}],
        user_id=user_id, timestamp="2023-05-08",
    ).results  # fmt: skip
    assert [r.memory for r in added] == [text]
    types = entity_types(driver, user_id)
    assert types["Caroline"] == "PERSON"
    assert types["LGBTQ support group"] == "CONCEPT"
    assert ("Caroline", "go_to", "LGBTQ support group") in stored_triplets(driver, user_id)
    stored = memory.get(added[0].id)
    assert stored.text == text
    assert stored.event_date is not None and stored.event_date.date() == date(2023, 5, 7)
    found = memory.search("support group", user_id=user_id).results
    assert found and found[0].event_date == stored.event_date


def test_a_conversation_resolves_you(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    memory.add(
        [{"role": "user", "name": "Melanie", "content": "I painted a lake sunrise last week."},
         {"role": "user", "name": "Caroline", "content": "You painted that? I adopted a cat."}],
        user_id=user_id, timestamp="2023-06-10",
    )  # fmt: skip
    found = stored_triplets(driver, user_id)
    assert {("Melanie", "paint", "lake sunrise"), ("Caroline", "adopt", "cat")} <= found
    assert entity_types(driver, user_id)["Melanie"] == "PERSON"


@pytest.mark.parametrize(
    "text",
    ["I don't live in Paris any more.", "Do you live in Paris?",
     "If I had time, I would move to Paris.", "Please move my meeting to Paris."],
)  # fmt: skip
def test_negation_question_hypothetical_assert_nothing(
    memory: Memory, driver: neo4j.Driver, user_id: str, text: str
) -> None:
    added = memory.add(
        [{"role": "user", "name": "Caroline", "content": text}], user_id=user_id
    ).results
    assert [r.memory for r in added] == [text] and added[0].relations == []
    assert stored_triplets(driver, user_id) == set()


@pytest.mark.parametrize("text", ["寿司が大好きです 🍣", "🎉🎉🎉", "Ich wohne in Berlin."])
def test_non_english_and_emoji_are_stored_and_searchable(
    memory: Memory, user_id: str, text: str
) -> None:
    added = memory.add(text, user_id=user_id).results
    assert [r.memory for r in added] == [text]
    assert text in {r.text for r in memory.search(text, user_id=user_id).results}


def test_a_fact_said_to_have_ended_supersedes_the_memory_that_told_it(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """ "I'm not vegan anymore", in a later conversation, retires "I'm vegan": superseded,
    with the edge, and the diet triplet closed; nothing is stored as a positive fact."""
    said = [{"role": "user", "name": "Noor", "content": "I'm vegan."}]
    ended = [{"role": "user", "name": "Noor", "content": "I'm not vegan anymore."}]
    old = memory.add(said, user_id=user_id, run_id="chat-1", timestamp="2026-01-05").results[0]
    new = memory.add(ended, user_id=user_id, run_id="chat-2", timestamp="2026-04-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]
    assert memory.get(old.id).lifecycle_state == "superseded"
    assert [m.id for m in memory.get_all(user_id=user_id, latest_only=True)] == [new.id]
    rows = driver.execute_query(
        "MATCH (:Memory {id: $old})-[e:SUPERSEDED_BY]->(:Memory {id: $new}) "
        "MATCH (:Entity {user_id: $u})-[r:RELATES_TO {predicate: 'diet'}]->() "
        "RETURN count(e) AS edges, collect(r.valid_to IS NOT NULL) AS closed",
        old=old.id, new=new.id, u=user_id,
    ).records  # fmt: skip
    assert rows[0]["edges"] == 1 and rows[0]["closed"] == [True]


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("I work at Lumen Studio.", "I quit my job at Lumen Studio last week."),
        ("We live in Leeds.", "We moved out of Leeds in May."),
        ("I'm dating Jamie.", "I broke up with Jamie."),
        # a thing sold; an activity stopped (the old memory's "every Thursday night" and the
        # car's "2013 Subaru" describe what ended)
        ("I drive a 2013 Subaru Outback.", "We finally sold the Outback last month."),
        (
            "I've started going to the climbing gym every Thursday night.",
            "I quit going to the climbing gym, my shoulder hurts.",
        ),
        ("I'm engaged to Luca.", "I broke up with Luca in March."),
        # a habit given up, or left for another: whichever verb told it
        ("I drink a glass of red wine with dinner.", "I gave up red wine for good."),
        ("I go swimming every weekend.", "I switched from swimming to rowing this spring."),
        ("We eat a lot of sugar.", "We've cut out sugar since the new year."),
        # an activity ended, whatever it was done with
        ("I smoke a pack a day.", "I finally quit smoking."),
        ("We drink a bottle of wine on Fridays.", "We stopped drinking in January."),
        # whoever one lived with
        ("We live with two flatmates.", "The flatmates left, we live on our own now."),
        ("I live with my cousin Ada.", "Ada moved to Leeds, so I live alone now."),
        # a thing replaced, named by its make without the model
        ("My laptop is a ThinkPad X1.", "I finally replaced the ThinkPad with a Framework."),
    ],
)
def test_an_end_told_in_positive_words_supersedes_the_fact(
    memory: Memory, user_id: str, said: str, ended: str
) -> None:
    first = [{"role": "user", "name": "Noor", "content": said}]
    then = [{"role": "user", "name": "Noor", "content": ended}]
    old = memory.add(first, user_id=user_id, run_id="chat-1", timestamp="2026-01-05").results[0]
    new = memory.add(then, user_id=user_id, run_id="chat-2", timestamp="2026-06-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]


@pytest.mark.parametrize(
    ("said", "changed"),
    [
        ("I'm pescatarian, so fish is fine but no meat.", "I've gone fully vegan since May."),
        ("I'm a vegetarian.", "We switched to a keto diet after the holidays."),
        # a home worded as "lived in X since", then "moved into a <home> in Y"
        ("I've lived in Toronto since 2015.", "We moved into a new flat in Montreal."),
    ],
)
def test_a_new_value_worded_as_a_change_supersedes_the_old_one(
    memory: Memory, user_id: str, said: str, changed: str
) -> None:
    """A diet and a home are one value per person: a change told with an adverb, as
    "switched to a X diet" or as a move into a home in a town retires the old one."""
    first = [{"role": "user", "name": "Noor", "content": said}]
    then = [{"role": "user", "name": "Noor", "content": changed}]
    old = memory.add(first, user_id=user_id, run_id="chat-1", timestamp="2026-01-05").results[0]
    new = memory.add(then, user_id=user_id, run_id="chat-2", timestamp="2026-04-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]
    assert [m.id for m in memory.get_all(user_id=user_id, latest_only=True)] == [new.id]


@pytest.mark.parametrize(
    ("first", "then"),
    [
        (("Noor", "I like jazz and blues."), ("Noor", "I don't like jazz anymore.")),
        (("Noor", "I'm vegan."), ("Omar", "I'm not vegan anymore.")),  # another person
        (("Noor", "I drink coffee."), ("Noor", "I don't drink coffee after 5pm.")),
        # the sold car is another one; the old memory tells more than the stopped class
        (("Noor", "I drive a Civic."), ("Noor", "My brother sold the Civic.")),
        (
            ("Noor", "I've started taking piano lessons and I love Chopin."),
            ("Noor", "I stopped taking piano lessons."),
        ),
        # a liking outlives the habit; a switch *to* ends nothing
        (("Noor", "I love coffee."), ("Noor", "I gave up coffee.")),
        (("Noor", "I drink oat milk."), ("Noor", "I switched to oat milk.")),
    ],
)
def test_a_denial_retires_nothing_it_does_not_end(
    memory: Memory, user_id: str, first: tuple[str, str], then: tuple[str, str]
) -> None:
    old = memory.add([{"role": "user", "name": first[0], "content": first[1]}],
                     user_id=user_id, timestamp="2026-01-05").results[0]  # fmt: skip
    new = memory.add([{"role": "user", "name": then[0], "content": then[1]}],
                     user_id=user_id, timestamp="2026-04-01").results[0]  # fmt: skip
    # since 2026-12-05 (seventh stop) a denied fact of a memory that tells more ends alone
    # ("jazz", "piano lessons"): the memory itself is neither merged nor superseded
    ended = {"I don't like jazz anymore.", "I stopped taking piano lessons."}
    assert [t.action for t in new.transitions] == (["end"] if then[1] in ended else [])
    assert memory.get(old.id).lifecycle_state == "active"


@pytest.mark.parametrize(
    ("said", "changed"),
    [
        ("My manager is Priya Raman.", "My new manager is Tom Becker, Priya moved teams."),
        ("My dentist is Dr. Okafor.", "My dentist retired, my new dentist is Dr. Lindqvist."),
        ("Our landlord is Mr. Haddad.", "Mrs. Brandt is our landlord now."),
        ("My doctor is Dr. Brenner.", "My new physician is Dr. Adeyemi."),
    ],
)
def test_a_new_holder_of_a_one_holder_role_supersedes_the_old(
    memory: Memory, user_id: str, said: str, changed: str
) -> None:
    old = memory.add([{"role": "user", "name": "Sven", "content": said}], user_id=user_id,
                     timestamp="2026-01-05").results[0]  # fmt: skip
    new = memory.add([{"role": "user", "name": "Sven", "content": changed}], user_id=user_id,
                     timestamp="2026-04-01").results[0]  # fmt: skip
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]


def test_a_second_friend_supersedes_nothing(memory: Memory, user_id: str) -> None:
    memory.add([{"role": "user", "name": "Sven", "content": "My friend Ana lives in Oslo."}],
               user_id=user_id, timestamp="2026-01-05")  # fmt: skip
    new = memory.add([{"role": "user", "name": "Sven", "content": "My friend Bo is a baker."}],
                     user_id=user_id, timestamp="2026-02-05").results[0]  # fmt: skip
    assert new.transitions == []


def test_a_new_employer_in_a_later_conversation_supersedes_the_old_job(
    memory: Memory, user_id: str
) -> None:
    """A job change said as "quit X and joined Y", in another run: the old job is history,
    and "where does she work now?" ranks the new one first (a change worded unlike "I work
    at", between two conversations)."""
    first = [
        {"role": "user", "name": "Priya", "content": "I work at a small firm called Lumen Studio."},
        {"role": "user", "name": "Sam", "content": "Sounds like a nice place."},
    ]
    second = [
        {"role": "user", "name": "Priya",
         "content": "Big news: I quit Lumen Studio and joined Hartwell Partners last Monday."},
        {"role": "user", "name": "Sam", "content": "Congratulations!"},
    ]  # fmt: skip
    old = memory.add(first, user_id=user_id, run_id="chat-1", timestamp="2026-03-02").results[0]
    new = memory.add(second, user_id=user_id, run_id="chat-2", timestamp="2026-05-20").results[0]
    assert any(t.action == "supersede" and t.old_memory_id == old.id for t in new.transitions)
    assert memory.get(old.id).lifecycle_state == "superseded"
    found = memory.search("Where does Priya work now?", user_id=user_id, top_k=3).results
    assert found[0].id == new.id, [m.text for m in found]


def test_a_new_employer_told_with_a_title_supersedes_the_old_job(
    memory: Memory, user_id: str
) -> None:
    """ "Left X and joined Y as a <title>": the parse need not call Y an organisation, the
    title tells a job, so the old employer is history."""
    first = [{"role": "user", "name": "Ines", "content": "I'm a data analyst at Brightwave."}]
    second = [
        {
            "role": "user",
            "name": "Ines",
            "content": "Update: I left Brightwave and joined Quillary as a product manager.",
        }
    ]
    old = memory.add(first, user_id=user_id, timestamp="2026-02-02").results[0]
    new = memory.add(second, user_id=user_id, timestamp="2026-05-05").results[0]
    assert {(t.source, t.predicate, t.target) for t in new.relations} >= {
        ("Ines", "works_at", "Quillary"),
        ("Ines", "job_title", "product manager"),
    }
    assert [(t.action, t.old_memory_id) for t in new.transitions] == [("supersede", old.id)]


def test_a_mother_in_law_resolves_through_the_relation_the_add_read(
    memory: Memory, user_id: str
) -> None:
    """A role of several words, written by the NLP extractor from a conversation and asked
    about later: "Priya's mother-in-law" is Gloria (not Priya's mother), and her allergy
    ranks above the memory about the mother."""
    talk = [
        {"role": "user", "name": "Priya",
         "content": "My mother-in-law Gloria is coming to stay with us next week."},
        {"role": "user", "name": "Sam", "content": "Lovely. Anything I should know?"},
        {"role": "user", "name": "Priya", "content": "Gloria is allergic to peanuts."},
        {"role": "user", "name": "Priya", "content": "My mother sends her love, by the way."},
        {"role": "user", "name": "Sam", "content": "I'm cooking a big dinner on Saturday."},
    ]  # fmt: skip
    memory.add(talk, user_id=user_id, run_id="visit", timestamp="2026-03-02")
    result = memory.search(
        "What should we leave out of the dinner for Priya's mother-in-law?",
        user_id=user_id, top_k=3, explain=True,
    )  # fmt: skip
    texts = [m.text for m in result.results]
    assert "Gloria is allergic to peanuts." in texts[:2], texts
    assert "My mother sends her love, by the way." not in texts[:2], texts
    assert result.explain is not None
    assert "-> Gloria (via Gloria mother_in_law_of Priya)" in result.explain.signals["roles"]
