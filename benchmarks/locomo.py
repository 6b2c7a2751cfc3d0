"""LoCoMo-10 retrieval benchmark: recall@5/10/20 of evidence dia_ids, per category id.

Two modes over the same questions:

* ``turns``: every dialogue turn stored verbatim (``infer=False``), one ``add`` per session,
  the session date as timestamp, the speaker as actor, one scope (user_id) per conversation.
* ``observations``: the dataset's LLM-extracted ``observation`` facts, each one memory that
  keeps its dia_id provenance.

In the same run, over the same texts: graphmem's search (configured weights, the default
gate, semantic-only and full-text-only weights), a BM25 baseline (rank_bm25 over lower-cased
word tokens, per conversation) and a vector baseline (numpy cosine over the same embedder).

Dataset: LoCoMo (Maharana et al., ACL 2024), CC BY-NC 4.0, read from outside the repository.

    .venv/bin/python benchmarks/locomo.py --mode both --grid --json benchmarks/results/x.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from graphmem import Memory, Settings
from graphmem.errors import GraphMemError

DATASET = Path("/work/shared/data/locomo/locomo10.json")
CATEGORIES = (1, 2, 3, 4, 5)
CATEGORY_NAMES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
KS = (5, 10, 20)
TOP_K = max(KS)
DATE_FORMAT = "%I:%M %p on %d %B, %Y"
_DIA_ID = re.compile(r"D:?(\d+):(\d+)")
_WORD = re.compile(r"\w+")
RETRIES = 3
# --asked-after-last-session: the questions' reference date is the day after the conversation's
# last session (Stored.asked_at) instead of today (the default, as in every committed result).
ASKED_AFTER_LAST_SESSION = False
GRID_SHARES = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


# -- dataset -------------------------------------------------------------------------------
@dataclass
class Item:
    """One text to store (a turn or an observation fact) and the dia_ids it came from."""

    speaker: str
    text: str
    dia_ids: list[str]
    content: str = ""  # the turn as said, without the speaker prefix (product mode)


@dataclass
class Batch:
    """One ``add`` call: a session's turns, or one speaker's observations of a session."""

    session: int
    timestamp: str
    items: list[Item]
    date_text: str = ""  # the dataset's own wording, for the date-prefixed BM25 baseline


@dataclass
class Question:
    text: str
    category: int
    evidence: list[str]


@dataclass
class Sample:
    sample_id: str
    turns: list[Batch]
    observations: list[Batch]
    questions: list[Question]
    skipped: dict[int, int] = field(default_factory=dict)  # category -> no valid evidence


def normalise_ids(raw: Any, known: set[str]) -> list[str]:
    """``"D8:6; D9:17"`` → two ids, ``"D:11:26"`` → ``D11:26``, ``"D30:05"`` → ``D30:5``;
    ids that name no turn of the conversation are dropped. Order kept, duplicates removed."""
    entries = raw if isinstance(raw, list) else [raw]
    out: list[str] = []
    for entry in entries:
        for match in _DIA_ID.finditer(str(entry)):
            dia_id = f"D{int(match[1])}:{int(match[2])}"
            if dia_id in known and dia_id not in out:
                out.append(dia_id)
    return out


def _session_numbers(conversation: dict[str, Any]) -> list[int]:
    found = (re.fullmatch(r"session_(\d+)", key) for key in conversation)
    return sorted(int(m[1]) for m in found if m)


def _session_timestamp(conversation: dict[str, Any], number: int) -> str:
    raw = conversation[f"session_{number}_date_time"]
    return datetime.strptime(raw, DATE_FORMAT).replace(tzinfo=UTC).isoformat()


def turn_text(turn: dict[str, Any]) -> str:
    text = f"{turn['speaker']}: {turn['text']}"
    if turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def with_context(texts: list[str], n: int) -> list[str]:
    """Each turn preceded by up to ``n`` earlier turns of its session, so the stored text
    carries what the turn answers; its provenance stays the turn's own dia_id."""
    return ["\n".join(texts[max(0, i - n) : i + 1]) for i in range(len(texts))]


def _turn_batches(conversation: dict[str, Any], context: int) -> list[Batch]:
    batches = []
    for n in _session_numbers(conversation):
        turns = conversation[f"session_{n}"]
        texts = with_context([turn_text(t) for t in turns], context)
        items = [
            Item(t["speaker"], text, [t["dia_id"]], turn_text(t).split(": ", 1)[1])
            for t, text in zip(turns, texts, strict=True)
        ]
        date_text = conversation[f"session_{n}_date_time"]
        batches.append(Batch(n, _session_timestamp(conversation, n), items, date_text))
    return batches


def _observation_batches(
    raw: dict[str, Any], conversation: dict[str, Any], known: set[str]
) -> list[Batch]:
    batches = []
    for key, by_speaker in raw.items():
        number = int(re.fullmatch(r"session_(\d+)_observation", key)[1])  # type: ignore[index]
        for speaker, facts in by_speaker.items():
            items = [Item(speaker, fact, normalise_ids(ids, known)) for fact, ids in facts]
            if items:
                timestamp = _session_timestamp(conversation, number)
                date_text = conversation[f"session_{number}_date_time"]
                batches.append(Batch(number, timestamp, items, date_text))
    return sorted(batches, key=lambda b: b.session)


def _questions(qa: list[dict[str, Any]], known: set[str]) -> tuple[list[Question], dict[int, int]]:
    questions: list[Question] = []
    skipped: dict[int, int] = dict.fromkeys(CATEGORIES, 0)
    for q in qa:
        evidence = normalise_ids(q.get("evidence", []), known)
        if evidence:
            questions.append(Question(q["question"], int(q["category"]), evidence))
        else:
            skipped[int(q["category"])] += 1
    return questions, skipped


def load_samples(path: Path, limit: int | None, context: int = 0, skip: int = 0) -> list[Sample]:
    """The conversations in file order: ``skip`` of them left out, then at most ``limit``."""
    samples = []
    chosen = json.loads(path.read_text())[skip:]
    for raw in chosen[:limit]:
        conversation = raw["conversation"]
        turns = _turn_batches(conversation, context)
        known = {dia for batch in turns for item in batch.items for dia in item.dia_ids}
        questions, skipped = _questions(raw["qa"], known)
        observations = _observation_batches(raw["observation"], conversation, known)
        samples.append(Sample(raw["sample_id"], turns, observations, questions, skipped))
    return samples


# -- ingestion -----------------------------------------------------------------------------
@dataclass
class Stored:
    """What one conversation's scope holds: memory id -> dia_ids and text."""

    user_id: str
    dia_ids: dict[str, set[str]] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    dates: dict[str, str] = field(default_factory=dict)

    def asked_at(self) -> str | None:
        """When the questions are asked: the day after the last session (LoCoMo's questions
        are about the whole conversation, so "last year" or "4 years ago" in a question counts
        back from its end, not from the day the benchmark runs); None when no date is known."""
        seen = [datetime.strptime(d, DATE_FORMAT) for d in set(self.dates.values()) if d]
        if not seen:
            return None
        return (max(seen).replace(tzinfo=UTC) + timedelta(days=1)).isoformat()


def ingest_batch(
    memory: Memory, stored: Stored, sample_id: str, batch: Batch, product: bool = False
) -> int:
    """One add per batch; returns the number of new memories. The add result lists one item
    per message in order, which gives each memory its dia_ids (an exact duplicate text comes
    back as NOOP naming the stored memory, which then stands for both turns)."""
    if product:  # the product's own add: the speaker as the message name, extraction on
        messages = [{"role": "user", "name": i.speaker, "content": i.content} for i in batch.items]
    else:
        messages = [{"role": "user", "name": i.speaker, "content": i.text} for i in batch.items]
    result = memory.add(
        messages,
        user_id=stored.user_id,
        metadata={"sample_id": sample_id, "session": batch.session},
        timestamp=batch.timestamp,
        infer=product,
    )
    if len(result.results) != len(batch.items):
        raise RuntimeError(f"{len(batch.items)} messages gave {len(result.results)} results")
    for item, added in zip(batch.items, result.results, strict=True):
        stored.dia_ids.setdefault(added.id, set()).update(item.dia_ids)
        stored.texts[added.id] = added.memory
        stored.dates.setdefault(added.id, batch.date_text)
    return sum(1 for r in result.results if r.event == "ADD")


def ingest(
    memory: Memory, samples: list[Sample], mode: str, prefix: str, stores: list[Stored]
) -> dict[str, Any]:
    """Store every sample's batches; each scope joins ``stores`` before its first add, so a
    failure part-way still leaves the caller everything to clean up."""
    items, created, start = 0, 0, time.perf_counter()
    for sample in samples:
        stored = Stored(user_id=f"{prefix}-{mode}-{sample.sample_id}")
        stores.append(stored)
        batches = sample.observations if mode == "observations" else sample.turns
        for batch in batches:
            created += ingest_batch(memory, stored, sample.sample_id, batch, mode == "product")
            items += len(batch.items)
    seconds = time.perf_counter() - start
    return {
        "items": items,
        "memories_created": created,
        "seconds": round(seconds, 2),
        "memories_per_s": round(created / seconds, 1),
    }


# -- rankers: question -> memory ids, best first ----------------------------------------------
Ranker = Callable[[Stored, str], list[str]]


class CachedEmbedder:
    """The real embedder, remembering query vectors so every variant embeds a question once."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.cache: dict[str, list[float]] = {}

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    @property
    def name(self) -> str:
        return self.inner.name

    def prime(self, texts: Sequence[str]) -> None:
        missing = list(dict.fromkeys(t for t in texts if t not in self.cache))
        self.cache.update(zip(missing, self.inner.embed(missing), strict=True))

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.prime(texts)
        return [self.cache[t] for t in texts]


@dataclass
class Failures:
    """Searches that raised (retried, then counted as returning nothing), and degraded ones
    (a signal failed or timed out, ``search.signal_timeout_s``: retried, then kept and
    counted)."""

    errors: list[str] = field(default_factory=list)
    failed: int = 0
    degraded: int = 0


def graphmem_ranker(memory: Memory, threshold: float | None, failures: Failures) -> Ranker:
    def rank(stored: Stored, question: str) -> list[str]:
        for attempt in range(RETRIES):
            try:
                found = memory.search(
                    question,
                    user_id=stored.user_id,
                    top_k=TOP_K,
                    threshold=threshold,
                    reference_date=stored.asked_at() if ASKED_AFTER_LAST_SESSION else None,
                )
            except GraphMemError as exc:  # a transient server error must not end a long run
                failures.errors.append(str(exc))
                print(f"   search failed, retrying: {exc}", flush=True)
                time.sleep(1.0)
                continue
            if found.degraded and attempt < RETRIES - 1:
                failures.errors.append(f"degraded: {', '.join(found.failed_signals)}")
                time.sleep(1.0)
                continue
            failures.degraded += int(found.degraded)
            return [m.id for m in found.results]
        failures.failed += 1
        return []

    return rank


def tokens(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def bm25_ranker(stores: list[Stored], dated: bool = False) -> Ranker:
    """BM25Okapi per conversation; ``dated`` prefixes each text with its session date, as
    in the LoCoMo paper's retrieval setup."""
    indexes = {}
    for stored in stores:
        ids = list(stored.texts)
        texts = [f"{stored.dates[i]}: {stored.texts[i]}" if dated else stored.texts[i] for i in ids]
        indexes[stored.user_id] = (ids, BM25Okapi([tokens(t) for t in texts]))

    def rank(stored: Stored, question: str) -> list[str]:
        ids, bm25 = indexes[stored.user_id]
        scores = bm25.get_scores(tokens(question))
        return [ids[i] for i in np.argsort(-scores, kind="stable")[:TOP_K]]

    return rank


def vector_ranker(stores: list[Stored], embedder: CachedEmbedder) -> Ranker:
    matrices = {}
    for stored in stores:
        ids = list(stored.texts)
        vectors = np.asarray(embedder.inner.embed([stored.texts[i] for i in ids]))
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        matrices[stored.user_id] = (ids, vectors)

    def rank(stored: Stored, question: str) -> list[str]:
        ids, vectors = matrices[stored.user_id]
        query = np.asarray(embedder.embed([question])[0])
        scores = vectors @ (query / np.linalg.norm(query))
        return [ids[i] for i in np.argsort(-scores, kind="stable")[:TOP_K]]

    return rank


# -- metric ----------------------------------------------------------------------------------
def recall_at(ranked_dia: list[set[str]], evidence: list[str], k: int) -> float:
    seen = set().union(*ranked_dia[:k]) if ranked_dia else set()
    return len(seen & set(evidence)) / len(evidence)


def evaluate(
    ranker: Ranker, samples: list[Sample], stores: list[Stored], workers: int = 1
) -> dict[str, Any]:
    """recall@k averaged per category id, over ids 1–4 and over 1–5; mean time per call."""
    jobs = [(stored, q) for sample, stored in zip(samples, stores, strict=True)
            for q in sample.questions]  # fmt: skip

    def one(job: tuple[Stored, Question]) -> tuple[int, dict[int, float], float]:
        stored, q = job
        start = time.perf_counter()
        ids = ranker(stored, q.text)
        took = time.perf_counter() - start
        ranked = [stored.dia_ids.get(i, set()) for i in ids]
        return q.category, {k: recall_at(ranked, q.evidence, k) for k in KS}, took

    with ThreadPoolExecutor(max_workers=workers) as pool:
        rows = list(pool.map(one, jobs))
    result = summarise([(c, r) for c, r, _ in rows], [t for _, _, t in rows])
    # recall@10 of each question, in the dataset's order: which questions a change moved
    result["per_question_r10"] = [round(r[10], 3) for _, r, _ in rows]
    return result


def summarise(per_q: list[tuple[int, dict[int, float]]], times: list[float]) -> dict[str, Any]:
    groups: dict[str, list[dict[int, float]]] = {str(c): [] for c in CATEGORIES}
    groups["1-4"], groups["1-5"] = [], []
    for category, recalls in per_q:
        groups[str(category)].append(recalls)
        groups["1-5"].append(recalls)
        if category != 5:
            groups["1-4"].append(recalls)
    recall = {
        str(k): {
            g: round(statistics.fmean(r[k] for r in rs), 4) if rs else None
            for g, rs in groups.items()
        }
        for k in KS
    }
    return {
        "questions": {g: len(rs) for g, rs in groups.items()},
        "recall": recall,
        "ms_per_query": round(1000 * statistics.fmean(times), 1) if times else None,
    }


# -- graphmem variants -------------------------------------------------------------------------
def with_weights(settings: Settings, weights: Sequence[float]) -> Settings:
    names = ("weight_semantic", "weight_fulltext", "weight_entity", "weight_triplet")
    search = settings.search.model_copy(update=dict(zip(names, weights, strict=True)))
    return settings.model_copy(update={"search": search})


def weights_of(settings: Settings) -> tuple[float, float, float, float]:
    s = settings.search
    return (s.weight_semantic, s.weight_fulltext, s.weight_entity, s.weight_triplet)


@dataclass
class Run:
    """One mode's evaluation context: the stored scopes and how to search them."""

    base: Memory
    embedder: CachedEmbedder
    samples: list[Sample]
    stores: list[Stored]
    workers: int
    only: str | None  # evaluate just the systems whose name contains this
    result: dict[str, Any]  # this mode's entry in the report, filled as systems finish
    checkpoint: Callable[[], object]  # saves the report so far

    def graphmem(self, weights: Sequence[float], threshold: float | None) -> dict[str, Any]:
        settings = with_weights(self.base.settings, weights)
        with Memory(settings, driver=self.base.driver, embedder=self.embedder) as memory:  # type: ignore[arg-type]
            failures = Failures()
            ranker = graphmem_ranker(memory, threshold, failures)
            result = evaluate(ranker, self.samples, self.stores, self.workers)
        result["search_errors"] = failures.errors
        result["failed_searches"] = failures.failed
        result["degraded_searches"] = failures.degraded
        result["weights"] = list(weights)
        result["threshold"] = (
            self.base.settings.search.threshold if threshold is None else threshold
        )
        return result

    def baseline(self, ranker: Ranker) -> dict[str, Any]:
        return evaluate(ranker, self.samples, self.stores)

    def systems(self) -> dict[str, dict[str, Any]]:
        weights = weights_of(self.base.settings)
        variants: dict[str, Callable[[], dict[str, Any]]] = {
            "graphmem (no gate)": lambda: self.graphmem(weights, -1.0),
            "graphmem (default gate)": lambda: self.graphmem(weights, None),
            "graphmem semantic-only": lambda: self.graphmem((1, 0, 0, 0), -1.0),
            "graphmem full-text-only": lambda: self.graphmem((0, 1, 0, 0), -1.0),
            "BM25 (rank_bm25)": lambda: self.baseline(bm25_ranker(self.stores)),
            "BM25, date-prefixed": lambda: self.baseline(bm25_ranker(self.stores, dated=True)),
            "vector (numpy cosine)": lambda: self.baseline(
                vector_ranker(self.stores, self.embedder)
            ),
        }
        out = self.result.setdefault("systems", {})
        for name, run in variants.items():
            if self.only and not any(part in name for part in self.only.split(",")):
                continue
            start = time.perf_counter()
            out[name] = run()
            self.checkpoint()
            print(f"   {name}: R@10 {out[name]['recall']['10']['1-5']} "
                  f"({time.perf_counter() - start:.0f} s, "
                  f"{out[name].get('degraded_searches', 0)} degraded)", flush=True)  # fmt: skip
        return out

    def grid(self) -> list[dict[str, Any]]:
        rows = self.result.setdefault("grid", [])
        for weights in grid_weights(self.base.settings):
            result = self.graphmem(weights, -1.0)
            recall = result["recall"]
            share = round(weights[0] / (weights[0] + weights[1]), 3)
            rows.append(
                {
                    "weights": list(weights),
                    "semantic_share": share,
                    "recall": recall,
                    "failed_searches": result["failed_searches"],
                }
            )
            self.checkpoint()
            print(f"   grid {weights}: R@10 {recall['10']['1-5']}", flush=True)
        return rows


def grid_weights(settings: Settings) -> list[tuple[float, float, float, float]]:
    """Entity and triplet weights kept; the rest of the budget (1 − ent − tri) split between
    semantic and full-text with the semantic share in GRID_SHARES."""
    _, _, ent, tri = weights_of(settings)
    budget = 1 - ent - tri
    return [
        (round(share * budget, 4), round((1 - share) * budget, 4), ent, tri)
        for share in GRID_SHARES
    ]


def run_mode(
    base: Memory,
    embedder: CachedEmbedder,
    samples: list[Sample],
    mode: str,
    args: Any,
    result: dict[str, Any],
    checkpoint: Callable[[], object],
) -> None:
    """Ingest one mode, evaluate every system (and the grid) into ``result``, clean up.

    With ``--store FILE`` the ingested scopes are kept for later runs (and reused, without
    ingesting, when FILE already exists); they are then deleted only by ``--drop-store``."""
    kept = None if args.store is None else args.store.with_name(f"{args.store.name}.{mode}")
    stores: list[Stored] = []
    try:
        if kept is not None and kept.exists():
            stores = load_stores(kept, mode, samples)
            result["ingest"] = {"reused": str(kept)}
            print(f"\n== mode {mode}: reusing the store in {kept}", flush=True)
        else:
            print(f"\n== mode {mode}: ingesting ...", flush=True)
            result["ingest"] = ingest(base, samples, mode, args.prefix, stores)
            if kept is not None:
                save_stores(kept, mode, samples, stores)
        print(f"   {result['ingest']}", flush=True)
        run = Run(base, embedder, samples, stores, args.workers, args.only, result, checkpoint)
        run.systems()
        result["grid"] = run.grid() if args.grid else []
    finally:
        if kept is None:
            cleanup(base, stores)
        checkpoint()


def save_stores(path: Path, mode: str, samples: list[Sample], stores: list[Stored]) -> None:
    """What an ingest stored (scopes, memory ids -> dia_ids), so later runs can search it."""
    rows = [
        {"sample_id": sample.sample_id, "user_id": s.user_id, "texts": s.texts,
         "dates": s.dates, "dia_ids": {k: sorted(v) for k, v in s.dia_ids.items()}}
        for sample, s in zip(samples, stores, strict=True)
    ]  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mode": mode, "stores": rows}) + "\n")


def load_stores(path: Path, mode: str, samples: list[Sample]) -> list[Stored]:
    """The stores ``save_stores`` wrote, checked against this run's mode and conversations."""
    raw = json.loads(path.read_text())
    wanted = [s.sample_id for s in samples]
    found = [row["sample_id"] for row in raw["stores"]]
    if raw["mode"] != mode or found != wanted:
        raise SystemExit(f"{path} holds {raw['mode']} {found}, this run needs {mode} {wanted}")
    return [
        Stored(row["user_id"], {k: set(v) for k, v in row["dia_ids"].items()},
               row["texts"], row["dates"])
        for row in raw["stores"]
    ]  # fmt: skip


def cleanup(memory: Memory, stores: list[Stored]) -> None:
    deleted = sum(memory.delete_all(user_id=s.user_id) for s in stores)
    print(f"   cleaned up {deleted} memories", flush=True)


# -- report ----------------------------------------------------------------------------------
def _fmt(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def print_systems(mode: str, result: dict[str, Any]) -> None:
    print(f"\n## {mode}")
    header = "system".ljust(26) + "".join(f"R@{k}(1-5)".rjust(10) for k in KS)
    header += "".join(f"R@{k}(1-4)".rjust(10) for k in KS)
    header += "  | R@10 by id: " + " ".join(f"{c:>6}" for c in CATEGORIES) + "  ms/q"
    print(header)
    for name, metrics in result["systems"].items():
        r = metrics["recall"]
        line = name.ljust(26) + "".join(f"{_fmt(r[str(k)]['1-5']):>10}" for k in KS)
        line += "".join(f"{_fmt(r[str(k)]['1-4']):>10}" for k in KS)
        line += "  |             " + " ".join(_fmt(r["10"][str(c)]) for c in CATEGORIES)
        print(line + f"  {metrics['ms_per_query']}")


def print_grid(mode: str, grid: list[dict[str, Any]]) -> None:
    if not grid:
        return
    print(f"\n## {mode}: fusion weight grid (sem, ft, ent, tri), no gate")
    print("weights".ljust(30) + "sem share R@5(1-5) R@10(1-5) R@20(1-5) R@10(1-4) R@10(id1)")
    for row in grid:
        r = row["recall"]
        cells = [r["5"]["1-5"], r["10"]["1-5"], r["20"]["1-5"], r["10"]["1-4"], r["10"]["1"]]
        line = str(tuple(row["weights"])).ljust(30) + f"{row['semantic_share']:>9}"
        print(line + " ".join(f"{_fmt(c):>9}" for c in cells))


def _row(cells: Sequence[Any]) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _md_systems(result: dict[str, Any]) -> list[str]:
    head = ["system", *(f"R@{k} (1–5)" for k in KS), *(f"R@{k} (1–4)" for k in KS), "ms/query"]
    lines = [_row(head), _row(["---"] + ["---:"] * (len(head) - 1))]
    for name, m in result["systems"].items():
        r = m["recall"]
        cells = [f"{r[str(k)][g]:.3f}" for g in ("1-5", "1-4") for k in KS]
        lines.append(_row([name, *cells, m["ms_per_query"]]))
    return lines


def _md_categories(result: dict[str, Any]) -> list[str]:
    head = ["system (R@10)", *(f"{c} {CATEGORY_NAMES[c]}" for c in CATEGORIES)]
    lines = [_row(head), _row(["---"] + ["---:"] * len(CATEGORIES))]
    for name, m in result["systems"].items():
        lines.append(_row([name, *(f"{m['recall']['10'][str(c)]:.3f}" for c in CATEGORIES)]))
    return lines


def _md_grid(grid: list[dict[str, Any]]) -> list[str]:
    head = ["sem, ft, ent, tri", "sem share", "R@5 (1–5)", "R@10 (1–5)", "R@20 (1–5)",
            "R@10 (1–4)", "R@10 multi-hop (id 1)"]  # fmt: skip
    lines = [_row(head), _row(["---"] + ["---:"] * (len(head) - 1))]
    for g in grid:
        r = g["recall"]
        cells = [r["5"]["1-5"], r["10"]["1-5"], r["20"]["1-5"], r["10"]["1-4"], r["10"]["1"]]
        weights = ", ".join(f"{w:g}" for w in g["weights"])
        share = g["weights"][0] / (g["weights"][0] + g["weights"][1])
        lines.append(_row([weights, f"{share:.2f}", *(f"{c:.3f}" for c in cells)]))
    return lines


def markdown(report: dict[str, Any]) -> str:
    """The tables of docs/benchmarks.md, from a results file."""
    lines: list[str] = []
    for mode, result in report["modes"].items():
        ingest = result["ingest"]
        stored = (
            f"{ingest['memories_created']} memories stored in {ingest['seconds']} s "
            f"({ingest['memories_per_s']} memories/s)."
        )
        lines += [f"#### {mode}", "", stored, ""]
        lines += [*_md_systems(result), "", *_md_categories(result), ""]
        if result.get("grid"):
            lines += ["Fusion weight grid (no gate):", "", *_md_grid(result["grid"]), ""]
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    return {
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "loadavg_start": list(os.getloadavg()),
    }


# -- main --------------------------------------------------------------------------------------
def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--mode",
        choices=("turns", "observations", "both", "product"),
        default="both",
        help="product: every turn through the product's own add (name = speaker, extraction "
        "on, graphmem's own context keys)",
    )
    parser.add_argument("--limit-samples", type=int, default=None, help="first N conversations")
    parser.add_argument(
        "--skip", type=int, default=0, help="leave out the first N conversations (then --limit)"
    )
    parser.add_argument(
        "--store",
        type=Path,
        help="keep the ingested scopes, recorded in FILE.<mode>, and reuse them when that file "
        "exists (search-only iterations; re-ingest after extraction changes)",
    )
    parser.add_argument(
        "--drop-store", action="store_true", help="delete the --store scopes and its file, exit"
    )
    parser.add_argument("--weights", help="sem,ft,ent,tri fusion weights for graphmem")
    parser.add_argument(
        "--grid", action="store_true", help="also evaluate a semantic/full-text grid"
    )
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument(
        "--context",
        type=int,
        default=0,
        help="turns mode: store each turn preceded by N earlier turns of its session",
    )
    parser.add_argument(
        "--only",
        help="evaluate only the systems whose name contains one of these comma-separated "
        "parts (e.g. 'default gate,BM25')",
    )
    parser.add_argument("--dataset", type=Path, default=DATASET)
    parser.add_argument("--render", type=Path, help="print a results file as markdown and exit")
    parser.add_argument(
        "--workers", type=int, default=1, help="concurrent graphmem searches (recall unaffected)"
    )
    parser.add_argument(
        "--asked-after-last-session",
        action="store_true",
        help="search with the day after the conversation's last session as the reference "
        "date (relative times in a question then count back from the conversation's end); "
        "default: today",
    )
    parser.add_argument("--prefix", default=f"bench-locomo-{uuid.uuid4().hex[:8]}")
    return parser.parse_args(argv)


def base_settings(weights: str | None) -> Settings:
    settings = Settings()
    if weights:
        values = [float(v) for v in weights.split(",")]
        if len(values) != 4:
            raise SystemExit("--weights needs four numbers: sem,ft,ent,tri")
        settings = with_weights(settings, values)
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    global ASKED_AFTER_LAST_SESSION  # one switch, read by every ranker
    ASKED_AFTER_LAST_SESSION = args.asked_after_last_session
    if args.render:
        print(markdown(json.loads(args.render.read_text())))
        return 0
    samples = load_samples(args.dataset, args.limit_samples, args.context, args.skip)
    modes = ("turns", "observations") if args.mode == "both" else (args.mode,)
    if args.drop_store:
        return drop_store(args.store, modes, samples)
    report: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "benchmarks/locomo.py", *sys.argv[1:]]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "neo4j_uri": Settings().neo4j.uri,
        "samples": len(samples),
        "sample_ids": [s.sample_id for s in samples],
        "workers": args.workers,
        "context_turns": args.context,
        "asked_at": "the day after the last session" if args.asked_after_last_session else "now",
        "only": args.only,
        "questions_evaluated": sum(len(s.questions) for s in samples),
        "questions_skipped": {str(c): sum(s.skipped[c] for s in samples) for c in CATEGORIES},
        "modes": {},
    }
    with Memory(base_settings(args.weights)) as memory:
        report["weights"] = list(weights_of(memory.settings))
        # a search past it answers degraded (counted per system): on a loaded machine set
        # GRAPHMEM_SEARCH__SIGNAL_TIMEOUT_S high, or recall falls with load, not with code
        report["signal_timeout_s"] = memory.settings.search.signal_timeout_s
        # the settings an ablation switches (GRAPHMEM_* environment variables)
        report["settings"] = memory.settings.model_dump(
            mode="json", include={"extraction", "indexing", "search"}
        )
        report["embedder"] = memory.embedder.name
        embedder = CachedEmbedder(memory.embedder)
        embedder.prime([q.text for s in samples for q in s.questions])
        for mode in modes:
            report["modes"][mode] = {"complete": False}
            run_mode(memory, embedder, samples, mode, args, report["modes"][mode],
                     lambda: save(report, args.json))  # fmt: skip
            report["modes"][mode]["complete"] = True
    report["machine"]["loadavg_end"] = list(os.getloadavg())
    print(
        f"\nquestions evaluated: {report['questions_evaluated']}, "
        f"skipped (no valid evidence) by id: {report['questions_skipped']}"
    )
    for mode, result in report["modes"].items():
        print_systems(mode, result)
        print_grid(mode, result["grid"])
    if save(report, args.json):
        print(f"\nwrote {args.json}")
    return 0


def drop_store(store: Path | None, modes: Sequence[str], samples: list[Sample]) -> int:
    if store is None:
        raise SystemExit("--drop-store needs --store FILE")
    with Memory(Settings()) as memory:
        for mode in modes:
            kept = store.with_name(f"{store.name}.{mode}")
            if kept.exists():
                cleanup(memory, load_stores(kept, mode, samples))
                kept.unlink()
    return 0


def save(report: dict[str, Any], path: Path | None) -> bool:
    if path is None:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")
    return True


if __name__ == "__main__":
    raise SystemExit(main())
