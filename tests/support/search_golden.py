"""A fixed search fixture and a snapshot of what search returns on it, so a change to how
search reads Neo4j (fewer round trips, folded statements) can be shown to leave every ranking
as it was: `tests/test_search_golden.py` compares the snapshot with `tests/data/
search_golden.json`, written by the code before the change:

    GRAPHMEM_NEO4J__URI=... .venv/bin/python -m tests.support.search_golden --write

The fixture exercises every read of a search: role resolution (resolved, through the speaker,
unresolved), a when-question, yearless and dated windows, current and past intents, a
conversation (context keys), relations given on add, metadata filters, a run scope,
``latest_only``, and both vector paths (exact scan and the index, forced)."""

from __future__ import annotations

import argparse
import json
import re
import uuid
from pathlib import Path
from typing import Any

from graphmem import Memory, Settings

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "search_golden.json"
REFERENCE = "2025-07-01T12:00:00Z"
_VIA = re.compile(r"\(via ([^)]*)\)")

#: (text, timestamp, relations, metadata, run_id); stored one add each, offline extraction.
NOTES: list[tuple[str, str, list[tuple[str, str, str]], dict[str, Any] | None, str | None]] = [
    ("I live in Beijing.", "2024-09-01T09:00:00Z", [], None, None),
    ("I am vegetarian and I love tofu.", "2024-09-02T09:00:00Z", [], {"topic": "food"}, None),
    ("Ines is Karl's daughter.", "2024-10-01T09:00:00Z",
     [("Ines", "child_of", "Karl")], None, None),
    ("Ines can't eat gluten.", "2024-10-02T09:00:00Z", [("Ines", "avoids", "gluten")], None, None),
    ("Karl loves chocolate cake.", "2024-10-03T09:00:00Z", [], {"topic": "food"}, None),
    ("Karl plays chess every Sunday.", "2024-10-04T09:00:00Z", [], None, None),
    ("Ines likes strawberries and apricots.", "2024-10-05T09:00:00Z", [], {"topic": "food"}, None),
    ("My sister Maria collects vinyl records.", "2024-11-01T09:00:00Z",
     [("user", "sister_of", "Maria")], None, None),
    ("Maria is learning the cello.", "2024-11-02T09:00:00Z", [], None, None),
    ("Alice is allergic to shellfish.", "2024-12-01T09:00:00Z",
     [("Alice", "allergic_to", "shellfish")], {"topic": "food"}, None),
    ("I have dinner with Alice every Friday.", "2024-12-02T09:00:00Z",
     [("user", "eats_with", "Alice")], None, None),
    ("I went to a support group yesterday.", "2025-03-10T09:00:00Z", [], None, "s1"),
    ("The support group meets in the library.", "2025-03-11T09:00:00Z", [], None, "s1"),
    ("I moved to Paris.", "2025-04-01T09:00:00Z", [], None, None),
    ("I started eating seafood this month.", "2025-04-15T09:00:00Z", [], {"topic": "food"}, None),
    ("In May I hiked the Alps with Tom.", "2025-05-20T09:00:00Z", [], None, "s2"),
    ("Tom is my colleague at Globex.", "2025-05-21T09:00:00Z",
     [("Tom", "works_with", "user")], None, "s2"),
    ("My monthly budget for groceries is 300 euros.", "2025-02-01T09:00:00Z", [], None, None),
    ("I raised my grocery budget to 400 euros.", "2025-06-01T09:00:00Z", [], None, None),
    ("We ate dumplings with friends in Beijing every weekend.", "2024-09-20T09:00:00Z",
     [], {"topic": "food"}, None),
]  # fmt: skip

CONVERSATION = [
    {"role": "user", "content": "What should I bring to the picnic on Saturday?"},
    {"role": "assistant", "content": "Maybe a fruit salad?"},
    {"role": "user", "content": "Yes, with mango and kiwi, Maria loves those."},
]

#: (query, search keyword arguments beyond the scope and reference date)
QUERIES: list[tuple[str, dict[str, Any]]] = [
    ("What cake should I bake for Karl's daughter?", {}),
    ("What does my sister do in her free time?", {}),
    ("Who is the boss of Alice?", {}),
    ("When did I go to the support group?", {}),
    ("What did I do in May?", {}),
    ("What happened on 1 April 2025?", {}),
    ("Find me a restaurant, remember my current situation", {}),
    ("Where did my friends and I usually eat before?", {}),
    ("What should I avoid at dinner with Alice?", {}),
    ("What is my grocery budget?", {}),
    ("What fruit should I bring?", {}),
    ("Tell me about chess", {}),
    ("what food do I like", {"filters": {"metadata": {"topic": "food"}}}),
    ("where do I live", {"latest_only": True}),
    ("support group", {"run_id": "s1"}),
    ("hiking with a colleague", {"run_id": "s2", "top_k": 3}),
]


def store_fixture(memory: Memory, user_id: str) -> None:
    for text, stamp, triplets, metadata, run_id in NOTES:
        relations = [{"source": s, "relation": r, "target": t} for s, r, t in triplets]
        memory.add(
            text,
            user_id=user_id,
            run_id=run_id,
            timestamp=stamp,
            metadata=metadata,
            relations=relations or None,
        )
    memory.add(CONVERSATION, user_id=user_id, timestamp="2025-06-20T09:00:00Z")


def _result(m: Any, texts: dict[str, str]) -> dict[str, Any]:
    breakdown = m.score_breakdown.model_dump() if m.score_breakdown else None
    return {
        "text": m.text,
        "score": round(m.score, 6),
        "breakdown": breakdown,
        "linked": sorted(texts.get(i, "?") for i in m.linked_memory_ids),
    }


def _roles(note: str | None) -> str | None:
    """The roles note with each path's steps sorted (they come in the store's order)."""
    if note is None:
        return None
    return _VIA.sub(lambda m: "(via " + "; ".join(sorted(m.group(1).split("; "))) + ")", note)


def _relations(relations: list[Any], texts: dict[str, str], limit: int) -> list[dict[str, Any]]:
    """The relations by score, then fact. Ties are ordered by triplet id, which is random per
    fixture: at a full list, the ties with the last score are left out (which of them made
    the cut is chance)."""
    out = sorted(
        (
            {
                "fact": f"{r.source} {r.predicate} {r.target}",
                "score": round(r.score, 6),
                "memories": sorted(texts.get(i, "?") for i in r.memory_ids),
            }
            for r in relations
        ),
        key=lambda r: (-r["score"], r["fact"], r["memories"]),
    )
    if len(out) >= limit:
        out = [r for r in out if r["score"] > out[-1]["score"]]
    return out


def snapshot(memory: Memory, user_id: str) -> list[dict[str, Any]]:
    """What each query returns: texts in order, scores and breakdowns (6 decimals), the
    relations, and the parts of ``explain`` that depend on the data read."""
    texts = {m.id: m.text for m in memory.get_all(user_id=user_id, include_merged=True)}
    out = []
    for query, extra in QUERIES:
        kwargs = {"user_id": user_id, "reference_date": REFERENCE, "explain": True, **extra}
        found = memory.search(query, **kwargs)
        explain = found.explain
        assert explain is not None
        out.append(
            {
                "query": query,
                "kwargs": extra,
                "results": [_result(m, texts) for m in found.results],
                "relations": _relations(found.relations, texts, extra.get("top_k", 10)),
                "roles": _roles(explain.signals.get("roles")),
                "time_intent": explain.time_intent,
                "candidates": explain.candidates,
                "gated_out": explain.gated_out,
                "updates": len(explain.updates),
                "failed": explain.failed_signals,
            }
        )
    return out


#: On a busy machine a signal can miss the default 5 s timeout and degrade the search.
PATIENT = {"signal_timeout_s": 120.0}


def snapshots(settings: Settings, memory: Memory, user_id: str) -> dict[str, Any]:
    """The snapshot on the default settings and with the vector index forced (both with a
    timeout no signal misses)."""
    out = {}
    for name, extra in (("exact", {}), ("index", {"exact_scan_max": 0})):
        search = settings.search.model_copy(update={**PATIENT, **extra})
        reader = Memory(
            settings.model_copy(update={"search": search}),
            driver=memory.driver,
            embedder=memory.embedder,
        )
        try:
            out[name] = snapshot(reader, user_id)
        finally:
            reader.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"write {GOLDEN}")
    args = parser.parse_args()
    settings = Settings()
    memory = Memory(settings)
    user_id = f"golden-{uuid.uuid4()}"
    try:
        store_fixture(memory, user_id)
        data = snapshots(settings, memory, user_id)
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        if args.write:
            GOLDEN.parent.mkdir(parents=True, exist_ok=True)
            GOLDEN.write_text(text)
            print(f"wrote {GOLDEN}")
        else:
            print(text)
        memory.delete_all(user_id=user_id)
    finally:
        memory.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
