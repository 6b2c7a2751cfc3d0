"""Which state facts a current question about one topic asks for, by meaning.

"What sport do I do at the moment?" is current and about one topic. The user's job, diet
and allergy are state facts that hold now, but the question is about none of them, and
MiniLM may still find "I work as a nurse at the UMC hospital" closer to it than "I've picked
up bouldering": a boost for every current fact put the job first. Each state predicate has
a short description of what it is about ("where I work: my job and employer"); a current
fact counts for a one-topic question only when the question names its predicate ("where do
I *live* now?", :mod:`graphmem.search.temporal`) or comes within ``TOPIC_MIN`` cosine of its
description ("Who is my employer now?" 0.58 to the job's; "What sport do I do?" at most 0.22
to any). The descriptions are embedded once per embedder, on the first such question."""

from __future__ import annotations

import re
import threading

import numpy as np

from graphmem.ports.embedder import Embedder
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.role_phrases import names
from graphmem.search.time_cues import AT_WORK, BARE_JOB
from graphmem.search.time_plan import TemporalPlan

#: What each state predicate is about, as a question would put it.
DESCRIPTIONS: dict[str, str] = {
    "lives_in": "where I live: my home, city or town",
    "home_city": "where I live: my home, city or town",
    "lives_with": "who I live with at home",
    "works_at": "where I work: my job and employer",
    "employer": "where I work: my job and employer",
    "job_title": "my job: what I do for a living",
    "on_team": "which team I am on at work",
    "studies_at": "where I study as a student: my college, university or course",
    "age": "how old I am, my age",
    "relationship_status": "my relationship: my partner or spouse",
    "married_to": "my relationship: my partner or spouse",
    "dating": "my relationship: my partner or spouse",
    "partner_of": "my relationship: my partner or spouse",
    **dict.fromkeys(
        ("girlfriend_of", "boyfriend_of", "wife_of", "husband_of", "fiance_of", "engaged_to"),
        "my relationship: my partner or spouse",
    ),
    "friend_of": "my friends",
    "diet": "what I eat: my diet and food",
    "eats": "what I eat: my diet and food",
    "eats_with": "who I eat meals with",
    "dines_with": "who I eat meals with",
    "phone_number": "my phone number",
    "email": "my email address",
    "timezone": "my time zone",
    "allergic_to": "my allergies: what I must avoid",
    "intolerant_to": "my food intolerances: what I must avoid",
    "cannot_eat": "food I must avoid",
    "avoids": "food I avoid",
    "dislikes": "what I dislike",
    "has_condition": "my health: a medical condition",
    "birthday": "my birthday: the day I was born",
    "number_of_children": "how many children or kids I have",
    "number_of_grandchildren": "how many grandchildren I have",
    "number_of_siblings": "how many brothers and sisters I have",
    "number_of_pets": "how many pets I have",
    "number_of_dogs": "how many dogs I have",
    "number_of_cats": "how many cats I have",
    "holds_role": "who holds a role in a club, team or committee: captain, chair, treasurer",
    "do": "my hobbies and sports: what I do for fun in my free time",
    "play": "my hobbies and sports: what I do for fun in my free time",
    "practice": "my hobbies and sports: what I do for fun in my free time",
}
#: The predicates of a job ("What does Kwame do?").
_JOB = ("job_title", "works_at", "employer")
#: The cosine from which a question is about a predicate's topic (0.46–0.63 for questions
#: about one, at most 0.32 for questions about something else, measured on MiniLM).
TOPIC_MIN = 0.4
#: A topic much further from the question than its closest one is not asked: "Where does
#: Sean work?" (read "Where does I work?") is 0.62 from the job's description and 0.40 from
#: the home's, whose current fact ("living on my own in Finnieston now") ranked first.
TOPIC_MARGIN = 0.15


class StateTopics:
    """The descriptions' vectors of one embedder, embedded once, on first use."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._lock = threading.Lock()
        self._vectors: dict[str, np.ndarray] | None = None

    def apply(self, plan: TemporalPlan, topics: frozenset[str]) -> None:
        """Add to ``plan.asked`` the current facts whose topic the query is about (``topics``,
        :meth:`topics`; a current question about one topic only, nothing for any other)."""
        if plan.intent.kind != "current" or plan.intent.whole or not plan.fact_predicates:
            return
        matched = {m for m, predicates in plan.fact_predicates.items() if predicates & topics}
        # a predicate whose facts the query already names by their value ("Who is *chair*
        # of the choir?" names ``holds_role chair``): its other facts are not asked (the
        # organist who joined since)
        named = {p for m in plan.asked for p in plan.fact_predicates.get(m, set())} & topics
        matched = {m for m in matched if m in plan.asked or not plan.fact_predicates[m] <= named}
        plan.asked |= matched
        plan.by_topic |= matched
        if topics:
            plan.note += f"; about: {', '.join(sorted(topics))}"

    def of_query(self, vector: list[float], query: str, plan: TemporalPlan) -> set[str]:
        """The topics of the query (``vector``); for a current question that reaches none by
        its own wording and names one person ("Where does Nadia live now?": the name keeps
        it from "where I live"), those of it asked of oneself (:meth:`of_named`)."""
        if BARE_JOB.search(query):  # "What does Kwame do?" asks for a job, not a pastime
            return set(_JOB)
        found = self.topics(vector)
        if found or plan.intent.kind != "current" or plan.intent.whole:
            return found
        return self.of_named(query)

    def topics(self, vector: list[float]) -> set[str]:
        """The state predicates whose description ``vector`` comes within ``TOPIC_MIN`` of, and
        within ``TOPIC_MARGIN`` of the closest one's."""
        query = np.asarray(vector, dtype=np.float32)
        cosines = {p: float(np.dot(query, v)) for p, v in self._described().items()}
        best = max(cosines.values(), default=0.0)
        return {p for p, c in cosines.items() if c >= TOPIC_MIN and c >= best - TOPIC_MARGIN}

    def of_named(self, query: str) -> set[str]:
        """The topics of a question about one named person ("Where does Kai work?"), read as
        if the asker asked it of themselves ("Where does I work?"): the descriptions are in
        the first person, and a name keeps a question from all of them. Empty for a
        question that names no one, or several."""
        named = names(query)
        if len(named) != 1:
            return set()
        name = re.escape(next(iter(named)))
        mine = re.sub(rf"(?i)\b{name}(?:'s|\u2019s)", "my", AT_WORK.sub("", query))
        [vector] = self._embedder.embed([re.sub(rf"(?i)\b{name}\b", "I", mine)])
        return self.topics(vector)

    def for_ended(self, ctx: SearchContext, pool: Pool, query: str) -> SearchContext:
        """``ctx`` with the topics of ``query`` as a question about one named person
        (:meth:`of_named`) when its own wording reached none and a matched fact has ended:
        only the ended facts' pairs read them, so the embedding is made only then."""
        if ctx.topics or not any(t.ended_by for t in pool.triplets.values()):
            return ctx
        return ctx.model_copy(update={"topics": frozenset(self.of_named(query))})

    def _described(self) -> dict[str, np.ndarray]:
        with self._lock:
            if self._vectors is None:
                texts = sorted(set(DESCRIPTIONS.values()))
                by_text = dict(zip(texts, self._embedder.embed(texts), strict=True))
                self._vectors = {
                    p: np.asarray(by_text[t], dtype=np.float32) for p, t in DESCRIPTIONS.items()
                }
            return self._vectors
