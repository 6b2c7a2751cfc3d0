"""Issue 5, Dream: habits synthesised from independent observations, against the real Neo4j,
the LLM judge through the local OpenAI-compatible test server (scripted completions)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import neo4j
import pytest
from typer.testing import CliRunner

from graphmem import ConfigurationError, Memory, Settings, ValidationError
from graphmem.cli import app
from graphmem.dream import start_scheduler
from graphmem.ports.embedder import Embedder
from tests.support.dream import (
    ROUTINE,
    SLEEP_QUESTIONS,
    WAKE_UPS,
    YOGA,
    dream_runs,
    dream_settings,
    holds,
    seed,
    syntheses,
)
from tests.support.openai_server import OpenAICompatServer, Status

pytestmark = pytest.mark.neo4j


@pytest.fixture
def llm_memory(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, openai_server: OpenAICompatServer
) -> Iterator[Memory]:
    configured = dream_settings(
        settings, base_url=openai_server.base_url, model="test-model", max_retries=0, timeout_s=5.0
    )
    with Memory(configured, driver=driver, embedder=embedder) as memory:
        yield memory


@pytest.fixture
def offline_memory(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder
) -> Iterator[Memory]:
    with Memory(dream_settings(settings), driver=driver, embedder=embedder) as memory:
        yield memory


def test_morning_routine_from_yoga_and_wake_ups_not_questions(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    yoga = seed(llm_memory, user_id, YOGA)
    wake = seed(llm_memory, user_id, WAKE_UPS)
    questions = seed(llm_memory, user_id, SLEEP_QUESTIONS)
    openai_server.script(holds())

    report = llm_memory.dream(user_id=user_id)

    assert openai_server.calls == 1
    [scope] = report.scopes
    assert scope.status == "completed" and scope.written == 1
    [written] = [g for g in scope.groups if g.outcome == "written"]
    assert sorted(written.source_ids) == sorted(yoga + wake)
    assert not set(questions) & set(written.source_ids)
    prompt = str(openai_server.requests[0]["messages"])
    assert "Morning yoga class at 7am" in prompt and "Alarm at 6:45" in prompt
    assert "sleep quality" not in prompt
    [syn] = syntheses(driver, user_id)
    assert syn["id"] == written.synthesis_id and sorted(syn["sources"]) == sorted(yoga + wake)

    stored = llm_memory.get(syn["id"])
    assert stored.text == ROUTINE and stored.synthesized and stored.lifecycle_state == "active"
    assert stored.user_id == user_id and stored.run_id is None
    assert stored.observed_at.isoformat().startswith("2025-03-11T06:45")
    assert [m.id for m in llm_memory.synthesis_sources(syn["id"])] == yoga + wake
    [event] = llm_memory.history(syn["id"])
    assert (event.event, event.reason) == ("ADD", "dream")
    found = llm_memory.search("morning routine with yoga", user_id=user_id, top_k=5)
    assert syn["id"] in [r.id for r in found.results]

    status = llm_memory.dream_status(user_id=user_id)
    assert [s.id for s in status.syntheses] == [syn["id"]]
    [run] = status.runs
    assert (run.examined, run.qualified, run.written) == (scope.examined, 1, 1)
    assert json.loads(run.details_json)[0]["member_ids"]


def test_only_sleep_questions_write_nothing(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    seed(llm_memory, user_id, SLEEP_QUESTIONS)
    report = llm_memory.dream(user_id=user_id)
    assert openai_server.calls == 0 and syntheses(driver, user_id) == []
    assert report.scopes[0].groups and not any(g.qualified for g in report.scopes[0].groups)
    assert all(not g.source_ids for g in report.scopes[0].groups)


def test_a_single_gym_visit_is_not_a_habit(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    seed(llm_memory, user_id, [("Went to the gym today", "2025-02-03T18:00:00Z", "feb-a")])
    [group] = llm_memory.dream(user_id=user_id).scopes[0].groups
    assert not group.qualified and "needs 3" in group.reason
    assert openai_server.calls == 0 and syntheses(driver, user_id) == []


def test_excluded_and_immutable_memories_are_never_sources(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    excluded = seed(llm_memory, user_id, YOGA[:1], exclude_from_dream=True)
    pinned = seed(llm_memory, user_id, YOGA[1:2], immutable=True)
    used = seed(llm_memory, user_id, YOGA[2:] + WAKE_UPS[:1])
    openai_server.script(holds("User does yoga before work on weekday mornings"))
    report = llm_memory.dream(user_id=user_id)
    members = {m for g in report.scopes[0].groups for m in g.member_ids}
    assert not members & set(excluded + pinned)
    [syn] = syntheses(driver, user_id)
    assert sorted(syn["sources"]) == sorted(used)


def test_a_grown_group_supersedes_its_synthesis_and_reruns_add_nothing(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    first = seed(llm_memory, user_id, YOGA[:3])
    openai_server.script(holds("User goes to a morning yoga class before work"))
    llm_memory.dream(user_id=user_id)
    [old] = syntheses(driver, user_id)
    assert sorted(old["sources"]) == sorted(first)

    again = llm_memory.dream(user_id=user_id).scopes[0]
    assert (again.new_memories, again.examined, again.written) == (0, 0, 0)

    grown = seed(llm_memory, user_id, YOGA[3:] + WAKE_UPS[:1])
    openai_server.script(holds())
    scope = llm_memory.dream(user_id=user_id).scopes[0]
    [written] = [g for g in scope.groups if g.outcome == "written"]
    assert written.superseded_ids == [old["id"]]
    before, after = syntheses(driver, user_id)
    assert before["id"] == old["id"] and before["state"] == "superseded"
    assert before["replaced_by"] == after["id"] and after["state"] == "active"
    assert sorted(after["sources"]) == sorted(first + grown)
    assert openai_server.calls == 2


def test_dry_run_without_llm_lists_qualifying_groups_and_writes_nothing(
    offline_memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    [enabled] = offline_memory.enable_dream(user_id=user_id)
    yoga = seed(offline_memory, user_id, YOGA)
    report = offline_memory.dream(user_id=user_id, dry_run=True)
    [scope] = report.scopes
    [group] = [g for g in scope.groups if g.qualified]
    assert group.outcome == "would_judge" and sorted(group.source_ids) == sorted(yoga)
    assert scope.dream_run_id is None and report.syntheses == []

    real = offline_memory.dream(user_id=user_id).scopes[0]
    assert real.status == "no_llm" and "no LLM" in (real.note or "")
    assert [g.outcome for g in real.groups if g.qualified] == ["no_llm"]
    assert syntheses(driver, user_id) == [] and dream_runs(driver, user_id) == []
    [state] = offline_memory.dream_status(user_id=user_id).scopes
    assert state.watermark == enabled.watermark and state.last_run_at is None


def test_memories_from_before_enabling_are_not_new_evidence(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    seed(llm_memory, user_id, YOGA)
    llm_memory.enable_dream(user_id=user_id)
    scope = llm_memory.dream(user_id=user_id).scopes[0]
    assert scope.new_memories == 0 and scope.groups == [] and openai_server.calls == 0


def test_switch_and_arguments(memory: Memory, user_id: str) -> None:
    memory.enable_dream(user_id=user_id)
    with pytest.raises(ConfigurationError, match="GRAPHMEM_DREAM__ENABLED"):
        memory.dream(user_id=user_id)
    assert memory.dream(user_id=user_id, dry_run=True).scopes[0].status == "dry_run"
    with pytest.raises(ValidationError):
        memory.enable_dream()
    plain = memory.add("plain note", user_id=user_id, infer=False).results[0].id
    with pytest.raises(ValidationError, match="not a synthesis"):
        memory.synthesis_sources(plain)


def test_cli_enable_run_json_status_and_schedule_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, user_id: str
) -> None:
    monkeypatch.setenv("GRAPHMEM_NEO4J__URI", settings.neo4j.uri)
    monkeypatch.setenv("GRAPHMEM_NEO4J__HOME", str(settings.neo4j.home))  # its password file
    monkeypatch.setenv("GRAPHMEM_DREAM__ENABLED", "true")
    monkeypatch.delenv("GRAPHMEM_LLM__MODEL", raising=False)
    cli = CliRunner()
    assert cli.invoke(app, ["dream", "enable", "--user-id", user_id]).exit_code == 0
    with Memory(dream_settings(settings)) as memory:
        yoga = seed(memory, user_id, YOGA)
    result = cli.invoke(app, ["dream", "run", "--user-id", user_id, "--dry-run", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["dry_run"] and out["qualified"] == 1 and out["syntheses"] == []
    [group] = [g for g in out["scopes"][0]["groups"] if g["qualified"]]
    assert sorted(group["member_ids"]) == sorted(yoga) and group["reason"]
    once = cli.invoke(app, ["dream", "schedule", "--once", "--user-id", user_id])
    assert once.exit_code == 0 and "no_llm" in once.stdout
    status = cli.invoke(app, ["dream", "status", "--user-id", user_id, "--json"])
    assert json.loads(status.stdout)["scopes"][0]["user_id"] == user_id


def test_scheduler_runs_due_scopes_once_per_cadence(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    seed(llm_memory, user_id, YOGA)
    openai_server.script(holds("User goes to a morning yoga class before work"))
    scheduler = start_scheduler(llm_memory.dream_runner, user_id=user_id)
    try:
        deadline = time.monotonic() + 30
        while not dream_runs(driver, user_id) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        scheduler.stop(timeout_s=30)
    assert [r["status"] for r in dream_runs(driver, user_id)] == ["completed"]
    assert len(syntheses(driver, user_id)) == 1
    assert 3500 < scheduler.seconds_until_due() <= 3600  # weekly cadence, hourly poll
    assert scheduler.run_once().scopes == []  # not due again before the cadence passes


def test_an_llm_failure_is_recorded_and_retried_on_the_next_run(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    [enabled] = llm_memory.enable_dream(user_id=user_id)
    seed(llm_memory, user_id, YOGA)
    openai_server.script(Status(500))
    failed = llm_memory.dream(user_id=user_id).scopes[0]
    assert failed.status == "failed" and "LLMError" in (failed.note or "")
    assert syntheses(driver, user_id) == []
    assert llm_memory.dream_status(user_id=user_id).scopes[0].watermark == enabled.watermark
    openai_server.script(holds("User goes to a morning yoga class before work"))
    assert llm_memory.dream(user_id=user_id).scopes[0].written == 1
    assert [r["status"] for r in dream_runs(driver, user_id)] == ["failed", "completed"]


def test_a_habit_worded_three_ways_in_a_small_new_scope_qualifies(
    offline_memory: Memory, user_id: str
) -> None:
    """A new user's first week, through the product's own add (extraction on): three
    swims in the lake worded three ways, two unrelated statements, two questions about the
    lake. The swims qualify as one group; the questions, which share "water" with one swim,
    pull nothing away, and "lake", in most statements, is the habit, not a hub."""
    offline_memory.enable_dream(user_id=user_id)
    rows = [
        ("Went for a swim at the lake before breakfast.", "2025-06-02T07:30:00Z", "s1"),
        ("My sister called about the wedding seating plan.", "2025-06-03T19:00:00Z", "s1"),
        ("Another early dip in the lake today, the water was freezing.", "2025-06-09T07:10:00Z",
         "s2"),
        ("I fixed the leaking tap in the bathroom.", "2025-06-10T19:00:00Z", "s2"),
        ("Is the lake water clean enough for swimming?", "2025-06-11T19:00:00Z", "s2"),
        ("Should I buy a wetsuit for cold water?", "2025-06-12T19:00:00Z", "s2"),
        ("Did a few laps across the lake at dawn before heading to work.",
         "2025-06-16T06:55:00Z", "s3"),
    ]  # fmt: skip
    ids = {
        text: offline_memory.add(text, user_id=user_id, run_id=run, timestamp=at).results[0].id
        for text, at, run in rows
    }
    [scope] = offline_memory.dream(user_id=user_id, dry_run=True).scopes
    [group] = [g for g in scope.groups if g.qualified]
    swims = [ids[text] for text, _, _ in rows if "lake" in text and not text.endswith("?")]
    assert sorted(group.source_ids) == sorted(swims)
