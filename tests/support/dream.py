"""Shared seeds and helpers for the Dream tests (real Neo4j, scripted LLM)."""

from __future__ import annotations

from typing import Any

import neo4j

from graphmem import Memory, Settings

YOGA = [  # January, two sessions
    ("Morning yoga class at 7am before work", "2025-01-07T07:00:00Z", "jan-a"),
    ("Went to my Thursday morning yoga class before work", "2025-01-09T07:00:00Z", "jan-a"),
    ("Tuesday morning yoga class at 7am, then off to work", "2025-01-14T07:00:00Z", "jan-b"),
    ("Yoga class again this morning before the office", "2025-01-16T07:00:00Z", "jan-b"),
]
WAKE_UPS = [  # March
    ("Woke up at 6:45 and went to yoga", "2025-03-04T06:45:00Z", "mar-a"),
    ("Up at 6:45 this morning for yoga before work", "2025-03-06T06:45:00Z", "mar-a"),
    ("Alarm at 6:45 again, morning yoga before work", "2025-03-11T06:45:00Z", "mar-b"),
]
SLEEP_QUESTIONS = [  # May
    ("How can I improve my sleep quality?", "2025-05-02T21:00:00Z", "may-a"),
    ("Why do I wake up tired even after eight hours of sleep?", "2025-05-09T21:00:00Z", "may-b"),
    (
        "Is it bad for sleep quality to wake up at the same time every day?",
        "2025-05-16T21:00:00Z",
        "may-c",
    ),
]
ROUTINE = (
    "User keeps a morning routine: up at 6:45 and yoga before work on Tuesday and "
    "Thursday mornings (January to March 2025)"
)


def dream_settings(settings: Settings, **llm: Any) -> Settings:
    update: dict[str, Any] = {"dream": settings.dream.model_copy(update={"enabled": True})}
    if llm:
        update["llm"] = settings.llm.model_copy(update=llm)
    return settings.model_copy(update=update)


def seed(
    memory: Memory, user_id: str, rows: list[tuple[str, str, str]], **flags: bool
) -> list[str]:
    """Store each text verbatim in its session at its time; return the ids, in order."""
    ids = []
    for text, at, run in rows:
        result = memory.add(text, user_id=user_id, run_id=run, timestamp=at, infer=False, **flags)
        ids.append(result.results[0].id)
    return ids


def holds(text: str = ROUTINE, reason: str = "repeated across sessions") -> dict[str, Any]:
    return {"holds": True, "text": text, "reason": reason}


def syntheses(driver: neo4j.Driver, user_id: str) -> list[dict[str, Any]]:
    rows = driver.execute_query(
        "MATCH (s:Synthesis {user_id: $u}) "
        "RETURN s.id AS id, s.lifecycle_state AS state, s.replacement_memory_id AS replaced_by, "
        "COLLECT { MATCH (s)-[:SYNTHESIZED_FROM]->(m) RETURN m.id } AS sources "
        "ORDER BY s.created_at",
        u=user_id,
    ).records
    return [r.data() for r in rows]


def dream_runs(driver: neo4j.Driver, user_id: str) -> list[dict[str, Any]]:
    rows = driver.execute_query(
        "MATCH (r:DreamRun {user_id: $u}) RETURN r {.*} AS run ORDER BY r.started_at", u=user_id
    ).records
    return [r["run"] for r in rows]
