"""The LLM's judgement on one qualifying group: does a pattern hold, and how to state it.

One ``complete`` call per group through the LLM port; the answer is a validated ``Judgement``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from graphmem.dream.models import Candidate
from graphmem.ports.llm import LLM

SYSTEM = """\
You review memories an assistant stored about one person, each observed at a different time \
and often in a different conversation. Decide whether, together, they show a recurring \
pattern: a habit or routine the person keeps (what they do, when, how often), not a single \
event and not a passing mood.

Rules:
- "holds" is true only if several memories independently show the same recurring behaviour.
- If it holds, "text" is one short sentence in the third person stating the pattern and its \
time frame when the dates show one (e.g. "User does yoga on Tuesday and Thursday mornings \
before work (January to March 2025)"). State only what the memories support; invent nothing.
- If it does not hold, "text" is empty.
- "reason" says briefly which memories show the pattern, or why there is none."""


class Judgement(BaseModel):
    holds: bool
    text: str = Field(default="", max_length=1000)
    reason: str = Field(default="", max_length=2000)


def describe(candidates: Sequence[Candidate]) -> str:
    """The user message: one line per supporting memory with its date, weekday and session."""
    lines = ["Memories (oldest first):"]
    for c in sorted(candidates, key=lambda m: (m.observed_at, m.id)):
        when = c.observed_at.strftime("%Y-%m-%d %H:%M %A")
        session = f", session {c.run_id}" if c.run_id else ""
        lines.append(f"- [{when}{session}] {c.text}")
    return "\n".join(lines)


class Judge:
    def __init__(self, llm: LLM) -> None:
        self.llm = llm

    def __call__(self, sources: Sequence[Candidate]) -> Judgement:
        answer = self.llm.complete(system=SYSTEM, user=describe(sources), schema=Judgement)
        if answer.holds and not answer.text.strip():
            return Judgement(holds=False, reason="the LLM stated no pattern text")
        return answer
