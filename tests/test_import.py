"""Issue 6 item 8: bulk import (`graphmem import jsonl|locomo`), batched and resumable.

Parsing, batching and checkpoints are tested with a fake adder; interruption, resumption and
the commands against the real Neo4j."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from graphmem import Memory, Settings, ValidationError
from graphmem.cli import app
from graphmem.domain.results import AddEvent, AddItem, AddResult
from graphmem.importers import (
    BatchImport,
    ImportLineError,
    ImportOptions,
    RecordError,
    count_lines,
    default_path,
    read_jsonl,
    read_locomo,
)
from graphmem.importers.jsonl import parse_line
from graphmem.services.embedding_cache import CachedEmbedder
from graphmem.settings import LimitSettings
from tests.fakes import CountingEmbedder

LIMITS = LimitSettings()


class FakeAdder:
    """Records each add call; every message is ADD the first time its text is seen."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.calls: list[dict[str, Any]] = []
        self.seen: set[tuple[str | None, str]] = set()
        self.fail_after = fail_after

    def add(self, messages: Any, **kwargs: Any) -> AddResult:
        if self.fail_after is not None and len(self.calls) == self.fail_after:
            raise KeyboardInterrupt
        self.calls.append({"messages": messages, **kwargs})
        items = []
        for m in messages:
            key = (kwargs.get("user_id"), m["content"])
            event = AddEvent.NOOP if key in self.seen else AddEvent.ADD
            self.seen.add(key)
            items.append(AddItem(id=m["content"], memory=m["content"], event=event))
        return AddResult(results=items)


def line(text: str, user: str = "u1", **extra: Any) -> str:
    return json.dumps({"text": text, "user_id": user, **extra})


def write_lines(path: Path, lines: Sequence[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run_jsonl(adder: Any, path: Path, **options: Any) -> Any:
    opts = ImportOptions(checkpoint=default_path(path), progress=False, **options)
    return BatchImport(adder, path, "jsonl", opts).run(
        read_jsonl(path, LIMITS, False), count_lines(path)
    )


# -- parsing ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"user_id": "u"}', "text (or content) is required"),
        ('{"text": "a", "content": "b", "user_id": "u"}', "not both"),
        ('{"text": "hi"}', "at least one of user_id, agent_id, run_id"),
        ('{"text": "hi", "user_id": 5}', "user_id"),
        ('{"text": "hi", "user_id": "u", "when": 1}', "when"),
        ('{"text": "hi", "user_id": "u", "role": "system"}', "role"),
        ('{"text": "hi", "user_id": "u", "timestamp": "yesterday"}', "not ISO 8601"),
        ('{"text": "hi", "user_id": "u", "infer": "yes"}', "infer"),
        ('{"text": "   ", "user_id": "u"}', "must not be empty"),
        ('{"text": "hi", "user_id": "u", "metadata": [1]}', "metadata"),
    ],
)
def test_invalid_lines_say_why(raw: str, reason: str) -> None:
    with pytest.raises(RecordError, match=re.escape(reason)):
        parse_line(raw.encode(), LIMITS, False)


def test_a_line_becomes_one_message_with_its_add_arguments() -> None:
    raw = json.dumps(
        {
            "content": "Tool output",
            "role": "tool",
            "name": "search",
            "agent_id": "a1",
            "run_id": "r1",
            "timestamp": 1_700_000_000,
            "metadata": {"k": 1},
            "infer": True,
        }
    ).encode()
    item = parse_line(raw, LIMITS, False)
    assert item is not None
    assert item.message.model_dump(exclude_none=True) == {
        "role": "tool",
        "content": "Tool output",
        "name": "search",
    }
    assert (item.scope.agent_id, item.scope.run_id, item.scope.user_id) == ("a1", "r1", None)
    assert (item.timestamp, item.metadata, item.infer) == (1_700_000_000, {"k": 1}, True)
    assert parse_line(b"   ", LIMITS, False) is None


# -- batching and checkpoints (fake adder) ---------------------------------------------------
def test_batches_share_scope_and_add_arguments_and_respect_the_size(tmp_path: Path) -> None:
    lines = [line(f"a{i}") for i in range(5)] + [line("b0", user="u2"), line("a5")]
    lines += [line("a6", metadata={"x": 1}), line("a7", metadata={"x": 1}), ""]
    adder = FakeAdder()
    report = run_jsonl(adder, write_lines(tmp_path / "in.jsonl", lines), batch_size=3)
    assert [[m["content"] for m in c["messages"]] for c in adder.calls] == [
        ["a0", "a1", "a2"],
        ["a3", "a4"],
        ["b0"],
        ["a5"],
        ["a6", "a7"],
    ]
    assert adder.calls[-1]["metadata"] == {"x": 1} and adder.calls[0]["metadata"] is None
    assert (report.imported, report.added, report.adds, report.batches) == (9, 9, 5, 4)
    state = json.loads((tmp_path / "in.jsonl.graphmem-import.json").read_text())
    assert state["done"] == 10 and state["added"] == 9


def test_invalid_line_stops_after_committing_the_lines_before_it(tmp_path: Path) -> None:
    lines = [line(f"t{i}") for i in range(10)]
    lines[6] = '{"text": "oops"'
    path = write_lines(tmp_path / "in.jsonl", lines)
    adder = FakeAdder()
    with pytest.raises(ImportLineError, match=r"line 7: not valid JSON.*6 records before it"):
        run_jsonl(adder, path, batch_size=4)
    assert [m["content"] for c in adder.calls for m in c["messages"]] == [f"t{i}" for i in range(6)]
    report = run_jsonl(adder, path, batch_size=4, skip_invalid=True)
    assert report.resumed_after == 6 and report.skipped == ["line 7"]
    assert report.imported == 3 and report.duplicates == 0


def test_a_changed_file_is_not_resumed_silently(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "in.jsonl", [line(f"t{i}") for i in range(4)])
    run_jsonl(FakeAdder(), path)
    write_lines(path, [line("other")] + [line(f"t{i}") for i in range(1, 4)])
    with pytest.raises(ValidationError, match="--restart"):
        run_jsonl(FakeAdder(), path)
    assert run_jsonl(FakeAdder(), path, restart=True).imported == 4


def test_appended_lines_are_imported_on_the_next_run(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "in.jsonl", [line(f"t{i}") for i in range(4)])
    run_jsonl(FakeAdder(), path)
    write_lines(path, [line(f"t{i}") for i in range(6)])
    adder = FakeAdder()
    report = run_jsonl(adder, path)
    assert report.resumed_after == 4 and report.imported == 2
    assert [m["content"] for c in adder.calls for m in c["messages"]] == ["t4", "t5"]


def test_prefetch_embeds_a_batch_once() -> None:
    inner = CountingEmbedder()
    embedder = CachedEmbedder(inner)
    embedder.prefetch(["a", "bb", "a"])
    assert embedder.embed(["bb"]) == [[2.0, 1.0]] and embedder.embed(["a"]) == [[1.0, 1.0]]
    assert embedder.embed(["ccc", "a"]) == [[3.0, 1.0], [1.0, 1.0]]
    assert inner.calls == [["a", "bb"], ["ccc"]]


# -- against Neo4j ---------------------------------------------------------------------------
def _texts(memory: Memory, user: str) -> list[str]:
    return [m.text for m in memory.get_all(user_id=user, limit=1000)]


@pytest.mark.neo4j
def test_jsonl_interrupted_then_resumed_without_duplicates(
    memory: Memory, user_id: str, tmp_path: Path
) -> None:
    texts = [f"Imported fact {i}: I keep {i} plants on the balcony" for i in range(30)]
    path = write_lines(tmp_path / "in.jsonl", [line(t, user=user_id) for t in texts])

    class CrashAfterCommit:
        """Crashes right after the third add is committed, before its checkpoint."""

        calls = 0

        def add(self, messages: Any, **kwargs: Any) -> AddResult:
            result = memory.add(messages, **kwargs)
            self.calls += 1
            if self.calls == 3:
                raise KeyboardInterrupt
            return result

    with pytest.raises(KeyboardInterrupt):
        run_jsonl(CrashAfterCommit(), path, batch_size=4)
    assert sorted(_texts(memory, user_id)) == sorted(texts[:12])
    assert json.loads(default_path(path).read_text())["done"] == 8

    report = run_jsonl(memory, path, batch_size=4)
    assert report.resumed_after == 8
    assert (report.imported, report.added, report.duplicates) == (22, 18, 4)
    stored = _texts(memory, user_id)
    assert sorted(stored) == sorted(texts) and len(stored) == len(set(stored))
    again = run_jsonl(memory, path, batch_size=4)
    assert again.imported == 0 and len(_texts(memory, user_id)) == 30


@pytest.mark.neo4j
def test_jsonl_command_stops_on_a_bad_line_then_skips_it(
    settings: Settings,
    memory: Memory,
    user_id: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GRAPHMEM_NEO4J__URI", settings.neo4j.uri)
    monkeypatch.setenv("GRAPHMEM_NEO4J__HOME", str(settings.neo4j.home))  # its password file
    monkeypatch.delenv("GRAPHMEM_LLM__MODEL", raising=False)
    lines = [
        line(f"Command fact {i} about my bicycle", user=user_id, timestamp="2024-03-01T10:00:00Z")
        for i in range(9)
    ]
    lines[5] = json.dumps({"text": "no scope here"})
    path = write_lines(tmp_path / "in.jsonl", lines)
    cli = CliRunner()

    failed = cli.invoke(app, ["import", "jsonl", str(path), "--batch-size", "2"])
    assert failed.exit_code == 1
    assert "line 6" in failed.output and "--skip-invalid" in failed.output
    assert len(_texts(memory, user_id)) == 5

    done = cli.invoke(app, ["import", "jsonl", str(path), "--batch-size", "2", "--skip-invalid"])
    assert done.exit_code == 0, done.output
    assert "resumed after record 5" in done.output and "Skipped 1 invalid: line 6" in done.output
    records = memory.get_all(user_id=user_id)
    assert len(records) == 8
    assert {m.observed_at for m in records} == {datetime(2024, 3, 1, 10, tzinfo=UTC)}


def locomo_sample(sample_id: str) -> dict[str, Any]:
    return {
        "sample_id": sample_id,
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Ben",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a grey cat."},
                {"speaker": "Ben", "dia_id": "D1:2", "text": "Lovely! What is its name?"},
                {
                    "speaker": "Ana",
                    "dia_id": "D1:3",
                    "text": "Pixel. Look!",
                    "img_url": ["https://example.invalid/cat.jpg"],
                    "blip_caption": "a cat",
                },
            ],
            "session_2_date_time": "10:04 am on 2 June, 2023",
            "session_2": [
                {"speaker": "Ben", "dia_id": "D2:1", "text": "How is Pixel doing?"},
                {"speaker": "Ana", "dia_id": "D2:2"},
                {"speaker": "Ana", "dia_id": "D2:3", "text": "Pixel sleeps all day."},
            ],
            "session_3_date_time": "9:00 am on 3 July, 2023",
        },
        "qa": [],
    }


def test_locomo_turns_become_records_in_order(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([locomo_sample("s1")]), encoding="utf-8")
    records = read_locomo(path, LIMITS)
    assert [r.label for r in records][:2] == ["turn 1 (s1 D1:1)", "turn 2 (s1 D1:2)"]
    item = records[3].parse()
    assert item is not None
    assert item.message.content == "Ben: How is Pixel doing?" and item.message.name == "Ben"
    assert item.scope.user_id == "locomo-s1" and not item.infer
    assert item.timestamp == "2023-06-02T10:04:00+00:00"
    assert item.metadata == {"dia_id": "D2:1", "session": 2}
    with pytest.raises(RecordError, match="speaker, dia_id and text"):
        records[4].parse()


@pytest.mark.neo4j
def test_locomo_command_imports_a_small_slice(
    settings: Settings, memory: Memory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_NEO4J__URI", settings.neo4j.uri)
    monkeypatch.setenv("GRAPHMEM_NEO4J__HOME", str(settings.neo4j.home))  # its password file
    monkeypatch.delenv("GRAPHMEM_LLM__MODEL", raising=False)
    sample_id = f"test-{uuid.uuid4()}"
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([locomo_sample(sample_id)]), encoding="utf-8")
    cli = CliRunner()

    failed = cli.invoke(app, ["import", "locomo", str(path)])
    assert failed.exit_code == 1 and f"turn 5 ({sample_id} D2:2)" in failed.output
    result = cli.invoke(app, ["import", "locomo", str(path), "--skip-invalid"])
    assert result.exit_code == 0, result.output
    assert "Skipped 1 invalid: turn 5" in result.output

    user = f"locomo-{sample_id}"
    stored = {m.metadata["dia_id"]: m for m in memory.get_all(user_id=user)}
    assert sorted(stored) == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:3"]
    first = stored["D1:1"]
    assert first.text == "Ana: I adopted a grey cat." and first.actor == "Ana"
    assert first.metadata == {"dia_id": "D1:1", "session": 1}
    assert first.observed_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert stored["D2:3"].observed_at == datetime(2023, 6, 2, 10, 4, tzinfo=UTC)
    assert stored["D2:3"].metadata == {"dia_id": "D2:3", "session": 2}
    memory.delete_all(user_id=user)
