"""A question that asks for a kind of answer (an amount, an age, a duration, a frequency)
ranks a memory that holds one above one that only shares its words
(graphmem/search/answer_kinds.py, applied in graphmem/search/ranking.py): the reading
(pure), then search against the real Neo4j, with the factor on and off."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.domain.search import SearchResult
from graphmem.ports.embedder import Embedder
from graphmem.search.answer_kinds import asked, holds


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("How much is the studio rent?", "amount"),
        ("how much did we pay for the flights", "amount"),
        ("What's my hourly rate?", "amount"),
        ("What dose of sertraline am I on?", "amount"),
        ("How old is Grandpa Joe?", "age"),
        ("How long did the renovation take?", "duration"),
        ("How often does Mia have swimming?", "frequency"),
        ("How long ago did we meet?", None),  # a time, read by the time plan
        ("How many kids does Mel have?", None),  # a set, counted over several memories
        ("What is my job?", None),
        ("What was Marcus's marathon time?", "clock"),  # a time on the stopwatch
        ("What's my half marathon PB?", "clock"),
        ("What's Marcus's 10k best?", "clock"),
        ("What time is the dentist on Friday?", "clock"),  # a time on the clock
        ("What is the time of year Ines travels?", None),
        ("What's wrong with Biscuit?", "condition"),  # nineteenth stop
        ("what is the matter with your dad", "condition"),
        ("What illness does Grandad have?", "condition"),
        ("What was Noor diagnosed with?", "condition"),
        ("What's up with you?", None),  # a greeting
        ("What is the condition of the boat?", None),
        ("How long have Ken and Sue been married?", "duration"),
        ("What did Omar get in his statistics module?", "grade"),  # twentieth stop
        ("what grade did you get", "grade"),
        ("What mark did Lou get for the dissertation?", "grade"),
        ("What did Omar get for his birthday?", None),  # a present
        ("What did we get in the sale?", None),
        ("Why did Marek move out?", "reason"),
        ("How come Ben is working part time?", "reason"),
        ("What made Gina open a store?", "reason"),
        ("What's the reason Jo quit?", "reason"),
        ("What does Poppy like?", "preference"),
        ("What kind of music does Evan like?", "preference"),
        ("What is Kai into these days?", "preference"),
        ("What did Omar do on Sunday?", None),
        ("When do the twins have swimming?", "when"),  # twenty-first stop
        ("When is book club these days?", "when"),
        ("When did we move to Leeds?", None),  # a past event: its memory's own date
    ],
)
def test_the_kind_of_answer_asked_for(query: str, kind: str | None) -> None:
    assert asked(query) == kind


@pytest.mark.parametrize(
    ("text", "kind", "held"),
    [
        ("found one near the park for £400 a month", "amount", True),
        ("Mortgage is 1,450 a month, fixed for 5 years.", "amount", True),
        ("Took 3 weeks in the end.", "amount", False),  # a duration costs nothing
        ("Wedding is set for September 12th at Hawthorn Hall!", "amount", False),  # a day
        ("Budget crept up to 24k with the new venue.", "amount", True),
        ("My partner thinks I should rent a studio", "amount", False),
        ("My husband quit coffee in January.", "amount", True),  # none at all is an amount
        ("Took 3 weeks in the end.", "duration", True),
        ("He turned ninety in May.", "age", True),
        ("He's 3 and a total food thief.", "age", True),
        ("Rollo lost 2 kilos since February!", "age", False),  # a weight, not an age
        ("going twice a week with Dee", "frequency", True),
        ("I go swimming with Dee", "frequency", False),
        ("finished Manchester in 3:24, chuffed with that", "clock", True),
        ("Richmond half was 1:58:30", "clock", True),
        ("dentist moved to 6pm on Friday", "clock", True),
        ("signed up for the Manchester marathon in April", "clock", False),
        ("the new trainers were $12.99 in the sale", "clock", False),  # a price
        ("mortgage rate went up to 4.25%", "clock", False),
        ("the bakery's doing well, we open at 7 on weekdays", "clock", True),  # a bare hour
        ("opening hours are now 8 till 3", "clock", True),
        ("pub quiz, half 7 at the Crown", "clock", True),
        ("Bramble's on metacam for his hips", "medication", True),  # a name not known
        ("Tom's on holiday for his birthday", "medication", False),
        ("I go 2 to 3 times a week", "clock", False),  # a count
        ("the kids started school at 5 years old", "clock", False),
        ("we won 3-1 on Saturday", "clock", False),  # a score
        ("the vet says it's an ear infection", "condition", True),  # nineteenth stop
        ("Biscuit sprained her paw at the beach", "condition", True),
        ("Biscuit loves the beach", "condition", False),
        ("off to Rome for our 25th anniversary", "duration", True),
        ("someone dug up the carrots on plot 12", "amount", False),  # a number that names
        ("Mia's in year 4 now", "age", False),
        ("the plot fee went up to 45 a year", "amount", True),
        ("got 71 on the stats module, so relieved", "grade", True),  # twentieth stop
        ("Lou got a B+ for her dissertation", "grade", True),
        ("she passed her theory test first time", "grade", True),
        ("revising stats with a friend at the library", "grade", False),
        ("the stats exam is on the 14th at 9am", "grade", False),
        ("Giulia is on maternity leave so I'm with a new tutor", "reason", True),
        ("stepping back to part time for health reasons", "reason", True),
        ("Ben does the engineering, I do product and sales", "reason", False),
        ("she moved me up to B1 level last week", "reason", False),  # a "to" of no purpose
        ("he's on co-careldopa three times a day", "medication", True),  # a dose told
        ("the vet put her on Semintra", "medication", True),
        ("had to put her on hold for a bit", "medication", False),
        ("reminding us to appreciate the small moments", "reason", True),
        ("she's mad about horses at the moment", "preference", True),
        ("Poppy's seven now", "preference", False),
        ("two tenants now, Marek upstairs and Shona downstairs", "amount", False),  # a count
        ("three kids and a dog", "amount", False),
        ("it came to two grand in the end", "amount", True),
        ("moved the twins' lessons to Thursday evenings", "when", True),
        ("Sol turned fourteen last week", "age", True),  # a teen's age in words
        ("curfew moved to 11 for Sol on Fridays", "age", False),  # an hour, no age
        ("home by 10 on school nights", "age", False),
        ("she sees her dad every other weekend", "when", True),
        ("the twins love the new pool", "when", False),
        ("the memory clinic started Dad on rivastigmine", "medication", True),  # 22nd stop
        ("she needs to examine the results first", "medication", False),
    ],
)
def test_what_a_memory_holds(text: str, kind: str, held: bool) -> None:
    assert holds(text, kind) is held  # type: ignore[arg-type]


_TURNS = [
    "My partner Sunita thinks I should rent a studio for my design work.",
    "The studio I found in Hyde Park is £400 a month, signing next week.",
]


def _ranked_with_and_without(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    user_id: str,
    said: list[dict[str, str]],
    question: str,
) -> tuple[list[str], SearchResult, SearchResult]:
    """The ids of what ``said`` stored, and the search for ``question`` with the answer
    factor and without it (1.0)."""
    off = settings.model_copy(
        update={"search": settings.search.model_copy(update={"answer_factor": 1.0})}
    )
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        ids = [r.id for r in memory.add(said, user_id=user_id).results]
        found = memory.search(question, user_id=user_id, top_k=2, explain=True)
    with Memory(off, driver=driver, embedder=embedder) as plain:
        unweighted = plain.search(question, user_id=user_id, top_k=2)
    return ids, found, unweighted


@pytest.mark.neo4j
def test_the_memory_holding_the_amount_ranks_first(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    said = [{"role": "user", "content": t} for t in _TURNS]
    ids, found, unweighted = _ranked_with_and_without(
        settings, driver, embedder, user_id, said, "How much is the studio rent?"
    )
    assert [m.id for m in unweighted.results] == ids  # the words alone rank the wish first
    assert [m.id for m in found.results] == ids[::-1]
    breakdown = found.results[1].score_breakdown
    assert breakdown is not None and breakdown.answer == settings.search.answer_factor


_GRADED = [
    "Omar has his stats exam next week.",
    "Omar got his stats result: 71.",
]


@pytest.mark.neo4j
def test_the_memory_holding_the_grade_ranks_first(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    """ "What did Omar get in stats?" asks for a mark: the result, not the exam, which the
    words alone rank first."""
    said = [{"role": "user", "name": "Omar", "content": t} for t in _GRADED]
    ids, found, unweighted = _ranked_with_and_without(
        settings, driver, embedder, user_id, said, "What did Omar get in stats?"
    )
    assert [m.id for m in unweighted.results] == ids
    assert [m.id for m in found.results] == ids[::-1]


@pytest.mark.neo4j
def test_the_memory_holding_the_day_ranks_first(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    """ "When are …?" asks for a day or a recurrence: the move of the classes holds one; the
    puppy's arrival shares more of the question's words and holds none."""
    turns = [
        ("2026-01-10T10:00:00Z", "picked up our puppy Pippin, a border collie, ten weeks old"),
        ("2026-01-10T10:01:00Z", "puppy classes at Waggy Tails on Tuesday evenings"),
        ("2026-03-10T10:00:00Z", "moved Pippin from kibble to raw food, his coat is glossier"),
        (
            "2026-05-10T10:00:00Z",
            "switched his classes to Sunday mornings, Tuesday clashed with my rota",
        ),
    ]
    off = settings.model_copy(
        update={"search": settings.search.model_copy(update={"answer_factor": 1.0})}
    )
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        ids = [
            memory.add([{"role": "user", "content": text}], user_id=user_id, timestamp=at)
            .results[0]
            .id
            for at, text in turns
        ]
        found = memory.search("When are Pippin's classes now?", user_id=user_id, top_k=2)
    with Memory(off, driver=driver, embedder=embedder) as plain:
        unweighted = plain.search("When are Pippin's classes now?", user_id=user_id, top_k=2)
    assert unweighted.results[0].id == ids[0]  # the words alone rank the arrival first
    assert found.results[0].id == ids[3], [m.text for m in found.results]
