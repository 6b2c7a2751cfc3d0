"""Latency benchmark: search p50/p95/p99 (query embedding included) as the store grows
1k → 10k → 100k memories over 100 scopes, add throughput with ``infer=False`` in batches,
where one search spends its time, and the recall of the vector-index path against exact search.

Synthetic memories: templated first-person sentences with varied vocabulary (seeded RNG), so
every run stores the same texts and asks the same questions.

    .venv/bin/python benchmarks/latency.py --json benchmarks/results/latency-x.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

import store_stats
from store_identity import as_store_embedder

from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j.driver import make_driver

SCOPES = 100
SIZES = (1_000, 10_000, 100_000)
STATES = ["active", "superseded"]
# One search runs these one after another; the four signals inside the gather run side by
# side, so their own calls (PROFILED) overlap and are reported apart, not stacked.
SIGNALS_WALL = "signals (in parallel, wall)"
# Wall-time stages of one search (SearchMemories methods; each one after the other).
STAGE_METHODS = {
    "_context": "context (scope lookup + query embedding)",
    # before 2026-12-02 a step of its own after the context; since, beside the embedding
    "_prepare": "time plan + role resolution",
    "_plan_and_resolve": "time plan + role resolution (beside the embedding)",
    "_gather": SIGNALS_WALL,
    "_gate": "gate (with the resolved re-read)",
    # since 2026-12-02 (later): each signal's candidates are gated on a worker thread as it
    # answers (inside the signals' wall); this stage waits for those gates and reads the rest
    "_gate_rest": "gate (the rest, after the signals)",
}
STAGES = tuple(STAGE_METHODS.values())
NESTED = ("time plan + role resolution (beside the embedding)",)  # inside the context's wall
PROFILED = (  # the search store's methods (a method missing from a version is skipped)
    "scope_keys",
    "state_facts",
    "entity_relations",
    "entities_by_key",
    "memory_vector_window",
    "memory_vector_exact",
    "memory_vector_index",
    "memory_fulltext",
    "triplet_vector",
    "triplet_fulltext",
    "triplets",
    "triplets_by_id",
    "entities_by_name",
    "entities_by_vector",
    "entity_seeds",
    "expand",
    "gate",
)

# -- synthetic memories ------------------------------------------------------------------------
VOCABULARY = {
    "person": "Anna|Ben|Carla|David|Elena|Farid|Grace|Hiro|Ines|Jonas|Kemal|Lena|Marco|Nadia|"
    "Omar|Priya|Quinn|Rosa|Sven|Tara|Umar|Vera|Wen|Xavier|Yara|Zoe",
    "relation": "sister|brother|mother|father|cousin|aunt|uncle|friend|neighbour|colleague|"
    "manager|grandmother|partner|roommate",
    "city": "Lisbon|Berlin|Kyoto|Montreal|Nairobi|Oslo|Lima|Seoul|Porto|Vienna|Dublin|Austin|"
    "Melbourne|Prague|Istanbul|Marseille|Hanoi|Bogota|Krakow|Edinburgh",
    "food": "sushi|ramen|lasagna|tacos|falafel|pho|paella|dumplings|risotto|curry|pancakes|"
    "bagels|kimchi|ceviche|goulash|pierogi|hummus|burritos|gnocchi|couscous",
    "allergen": "peanuts|shellfish|gluten|lactose|pollen|cats|penicillin|eggs|soy|sesame",
    "company": "Acme|Globex|Initech|Umbrella|Hooli|Stark|Wayne|Wonka|Cyberdyne|Soylent",
    "pet": "dog|cat|parrot|rabbit|hamster|turtle|goldfish|ferret",
    "pet_name": "Biscuit|Luna|Mango|Pepper|Olive|Ziggy|Nacho|Pickle|Willow|Rocket",
    "language": "Spanish|Japanese|German|Portuguese|Korean|Italian|Arabic|Mandarin|Dutch|Swahili",
    "month": "January|February|March|April|May|June|July|August|September|October|November|"
    "December",
    "weekday": "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday",
    "time": "morning|afternoon|evening|night",
    "drink": "espresso|green tea|oat latte|matcha|black coffee|chai|kombucha|sparkling water|"
    "hot chocolate",
    "job": "nurse|architect|teacher|data analyst|pilot|carpenter|chef|lawyer|dentist|"
    "photographer|translator|electrician",
    "sport": "tennis|badminton|football|climbing|volleyball|squash|table tennis|basketball|"
    "chess|swimming",
    "topic": "astronomy|medieval history|stoicism|climate change|jazz|urban gardening|"
    "machine learning|ancient Rome|ocean life",
    "purchase": "new laptop|used car|road bike|piano|house deposit|camera|sofa",
    "task": "renew my passport|call the dentist|pay the electricity bill|water the plants|"
    "book the train tickets|return the library books|fix the bike tyre",
    "tool": "Notion|Excel|Figma|Jira|Slack|Trello|Obsidian|VS Code",
    "hobby": "knitting|pottery|baking sourdough|hiking|photography|painting watercolours|"
    "playing guitar|birdwatching|woodworking",
}
V = {slot: words.split("|") for slot, words in VOCABULARY.items()}

TEMPLATES = [
    "I really love {food}, especially the place near my office.",
    "My {relation} {person} is allergic to {allergen}.",
    "I'm planning a trip to {city} in {month} with {person}.",
    "{person} started working at {company} as a {job} last {month}.",
    "I have a {pet} named {pet_name} who is {n} years old.",
    "I usually go {hobby} on {weekday} {time}s.",
    "My {relation}'s birthday is on {month} {day}.",
    "I prefer {drink} over {drink} in the {time}.",
    "I've been learning {language} for {n} months now.",
    "I moved to {city} in {year} for a job at {company}.",
    "Lately I've been reading a lot about {topic}.",
    "{person} recommended a {food} restaurant in {city}.",
    "I need to {task} before {weekday}.",
    "I play {sport} with my {relation} {person} every {weekday}.",
    "I'm saving money for a {purchase}.",
    "My {relation} {person} lives in {city} and works as a {job}.",
    "I stopped eating {food} after a bad experience in {city}.",
    "The {company} project deadline is {month} {day}.",
    "I use {tool} to organise my work at {company}.",
    "{person} and I met at a {topic} meetup in {year}.",
    "My favourite drink is {drink}, but {person} prefers {drink}.",
    "I'd like to visit {city} again, I loved it in {year}.",
    "I get headaches when I skip {drink} in the {time}.",
    "My {pet} {pet_name} hates going to the vet on {weekday}s.",
]
QUERIES = [
    "What food do I like?",
    "Who is allergic to {allergen}?",
    "Where am I travelling in {month}?",
    "Where does {person} work?",
    "What is my pet's name?",
    "What do I do on {weekday}s?",
    "When is my {relation}'s birthday?",
    "What do I drink in the {time}?",
    "Which language am I learning?",
    "When did I move to {city}?",
    "What have I been reading about?",
    "Any restaurant recommendations in {city}?",
    "What do I have to do before {weekday}?",
    "What sport do I play with {person}?",
    "What am I saving money for?",
    "What does my {relation} do for a living?",
    "Is there a food I avoid?",
    "When is the {company} deadline?",
    "Which tools do I use at work?",
    "How did I meet {person}?",
]


def _fill(rng: random.Random, template: str) -> str:
    extra = {"n": rng.randint(2, 14), "day": rng.randint(1, 28), "year": rng.randint(2009, 2025)}
    out, rest = [], template
    while "{" in rest:
        head, tail = rest.split("{", 1)
        slot, rest = tail.split("}", 1)
        value = extra[slot] if slot in extra else rng.choice(V[slot])
        out.append(f"{head}{value}")
    return "".join(out) + rest


class TextSource:
    """Deterministic memory texts, unique within each scope."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: dict[int, set[str]] = defaultdict(set)

    def memory(self, scope: int) -> str:
        while True:
            text = _fill(self.rng, self.rng.choice(TEMPLATES))
            if text not in self.seen[scope]:
                self.seen[scope].add(text)
                return text

    def query(self) -> str:
        return _fill(self.rng, self.rng.choice(QUERIES))


# -- timing ----------------------------------------------------------------------------------
@dataclass
class Timer:
    """Accumulates wall time per wrapped method name (calls made by this thread only)."""

    totals: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def wrap(self, obj: Any, name: str, label: str | None = None) -> None:
        inner = getattr(obj, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                self.totals[label or name] += time.perf_counter() - start

        setattr(obj, name, timed)

    def take(self) -> dict[str, float]:
        out = dict(self.totals)
        self.totals.clear()
        return out


@dataclass
class RoundTrips:
    """Counts the statements (one Bolt round trip each) a search store runs, by name."""

    names: list[str] = field(default_factory=list)

    def wrap(self, statements: Any) -> None:
        # managed transactions (``_run``) and the search path's auto-commit reads
        for method in ("_run", "_autocommit"):
            self._count(statements, method)

    def _count(self, statements: Any, method: str) -> None:
        inner = getattr(statements, method)

        def counted(name: str, *args: Any, **kwargs: Any) -> Any:
            self.names.append(name)
            return inner(name, *args, **kwargs)

        setattr(statements, method, counted)

    def take(self) -> list[str]:
        out, self.names = self.names, []
        return out


def percentiles(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive")
    return {
        "p50_ms": round(1000 * statistics.median(ordered), 1),
        "p95_ms": round(1000 * cuts[94], 1),
        "p99_ms": round(1000 * cuts[98], 1),
        "mean_ms": round(1000 * statistics.fmean(ordered), 1),
        "max_ms": round(1000 * ordered[-1], 1),
        "n": len(ordered),
    }


# -- phases ----------------------------------------------------------------------------------
@dataclass
class Bench:
    memory: Memory
    index_memory: Memory
    timer: Timer
    trips: RoundTrips
    texts: TextSource
    users: list[str]
    batch: int
    counts: list[int]  # memories stored per scope so far
    build_cache: dict[str, list[float]] | None = None  # --build-embed-cache


def grow(b: Bench, target: int, replay: bool = False) -> dict[str, Any]:
    """Add memories evenly over the scopes until the store holds ``target``; batches of at
    most ``b.batch`` messages per add (one scope per add). ``replay``: the store already
    holds them (``--reuse``); only the texts are drawn again, so the queries that follow are
    the same as in the run that built it."""
    per_scope = target // len(b.users)
    created = adds = 0
    if b.build_cache is not None:  # the same sentence recurs across scopes: embed it once
        cache, inner = b.build_cache, b.memory.embedder.embed
        b.memory.embedder.embed = lambda texts: _cached(cache, inner, texts)  # type: ignore[method-assign]
    b.timer.take()
    start = time.perf_counter()
    base = datetime(2025, 1, 1, tzinfo=UTC)
    for i, user in enumerate(b.users):
        while b.counts[i] < per_scope:
            n = min(b.batch, per_scope - b.counts[i])
            messages = [{"role": "user", "content": b.texts.memory(i)} for _ in range(n)]
            if replay:
                created, adds, b.counts[i] = created + n, adds + 1, b.counts[i] + n
                continue
            stamp = (base + timedelta(hours=b.counts[i])).isoformat()
            result = b.memory.add(messages, user_id=user, timestamp=stamp, infer=False)
            fresh = sum(1 for r in result.results if r.event == "ADD")
            created, adds, b.counts[i] = created + fresh, adds + 1, b.counts[i] + fresh
    seconds = time.perf_counter() - start
    if b.build_cache is not None:
        b.memory.embedder.embed = inner  # type: ignore[method-assign]  # the timed one
    embed = b.timer.take().get("embed", 0.0)
    return {
        "added": created,
        "add_calls": adds,
        "messages_per_add": round(created / adds, 1) if adds else 0,
        "seconds": round(seconds, 2),
        "memories_per_s": round(created / seconds, 1) if seconds else None,
        "embed_seconds": round(embed, 2),
        "embed_only_per_s": round(created / embed, 1) if embed else None,
        "write_and_rest_per_s": round(created / (seconds - embed), 1) if seconds > embed else None,
    }


def _cached(cache: dict[str, list[float]], inner: Any, texts: Sequence[str]) -> list[list[float]]:
    missing = list(dict.fromkeys(t for t in texts if t not in cache))
    if missing:
        cache.update(zip(missing, inner(missing), strict=True))
    return [cache[t] for t in texts]


def timed_searches(
    memory: Memory, timer: Timer, trips: RoundTrips, jobs: list[tuple[str, str]], warmup: int
) -> tuple[dict[str, Any], list[list[str]], list[list[list[Any]]]]:
    """Wall time of each ``memory.search`` (default settings), each call's breakdown and
    round trips, and each call's ranking (ids and scores)."""
    for user, query in jobs[:warmup]:
        memory.search(query, user_id=user)
    timer.take()
    trips.take()
    walls, ids, parts = [], [], defaultdict(list)
    rankings: list[list[list[Any]]] = []
    per_search: list[int] = []
    statements: dict[str, int] = defaultdict(int)
    for user, query in jobs:
        start = time.perf_counter()
        found = memory.search(query, user_id=user)
        walls.append(time.perf_counter() - start)
        ids.append([m.id for m in found.results])
        rankings.append([[m.id, round(m.score, 9)] for m in found.results])
        names = trips.take()
        per_search.append(len(names))
        for name in names:
            statements[name] += 1
        taken = timer.take()
        for name, secs in taken.items():
            parts[name].append(secs)
        sequential = sum(v for n, v in taken.items() if n in STAGES and n not in NESTED)
        parts["other (python, fusion)"].append(walls[-1] - sequential)
    means = {n: round(1000 * sum(v) / len(jobs), 2) for n, v in parts.items()}
    profile = {n: v for n, v in means.items() if n in STAGES or n.startswith("other")}
    calls = {n: v for n, v in means.items() if n not in profile}
    round_trips = {
        "mean": round(statistics.fmean(per_search), 2),
        "min": min(per_search),
        "max": max(per_search),
        "per_statement_mean": {n: round(c / len(jobs), 3) for n, c in sorted(statements.items())},
    }
    latency = {
        **percentiles(walls),
        "profile_mean_ms": profile,
        "signal_calls_mean_ms": calls,
        "round_trips_per_search": round_trips,
    }
    return latency, ids, rankings


def jobs_for(b: Bench, n: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(rng.choice(b.users), b.texts.query()) for _ in range(n)]


def overlap_at(reference: list[list[str]], other: list[list[str]], k: int) -> float | None:
    scores = [
        len(set(r[:k]) & set(o[:k])) / len(r[:k])
        for r, o in zip(reference, other, strict=True)
        if r
    ]
    return round(statistics.fmean(scores), 4) if scores else None


def signal_recall(b: Bench, jobs: list[tuple[str, str]], k: int) -> dict[str, Any]:
    """The memory vector signal alone: top-k of the index path (as search calls it, with its
    over-fetch) against the exact cosine scan over the same scope."""
    store, settings = b.memory._search.store, b.memory.settings.search
    fetch = settings.candidates_per_signal * settings.index_overfetch
    recalls = []
    for user, query in jobs:
        [vector] = b.memory.embedder.embed([query])
        scope = {"user_id": user, "agent_id": None, "run_id": None}
        keys = [k.key for k in store.scope_keys(scope, STATES)]
        exact = store.memory_vector_exact(keys, vector, STATES, None, k)
        index = store.memory_vector_index(user, keys, vector, STATES, None, fetch)
        top = sorted(index, key=lambda i: -index[i])[:k]
        recalls.append(len(set(exact) & set(top)) / len(exact))
    return {"recall_at_k": round(statistics.fmean(recalls), 4), "k": k, "index_fetch": fetch}


def index_vs_exact(
    b: Bench, jobs: list[tuple[str, str]], exact_ids: list[list[str]]
) -> dict[str, Any]:
    """The same searches with ``exact_scan_max=0`` (forces the vector-index path)."""
    latency, index_ids, _ = timed_searches(b.index_memory, b.timer, b.trips, jobs, warmup=10)
    return {
        "search_latency_index_path": latency,
        "result_overlap_at_10": overlap_at(exact_ids, index_ids, 10),
        "vector_signal": signal_recall(b, jobs, 10),
    }


def stage(
    b: Bench, size: int, queries: int, with_index: bool, replay: bool = False
) -> dict[str, Any]:
    print(f"\n== growing to {size} memories ...", flush=True)
    added = grow(b, size, replay)
    print(f"   {added}", flush=True)
    jobs = jobs_for(b, queries, seed=size)
    out: dict[str, Any] = {"size": sum(b.counts), "add": added}
    out["loadavg_before_search"] = list(os.getloadavg())
    latency, ids, rankings = timed_searches(b.memory, b.timer, b.trips, jobs, warmup=10)
    print(f"   search {latency}", flush=True)
    out["search"] = latency
    out["rankings"] = [
        {"user": u, "query": q, "top": r} for (u, q), r in zip(jobs, rankings, strict=True)
    ]
    out["loadavg"] = list(os.getloadavg())
    out["server"] = store_stats.snapshot(b.memory.driver, b.memory.settings)
    print(f"   server {out['server']}", flush=True)
    if with_index:
        out["index"] = index_vs_exact(b, jobs, ids)
        print(f"   index path {out['index']}", flush=True)
    return out


# -- plot ------------------------------------------------------------------------------------
def plot(stages: list[dict[str, Any]], scopes: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [s["size"] for s in stages]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    for key, style in (("p50_ms", "o-"), ("p95_ms", "s-"), ("p99_ms", "^--")):
        left.plot(sizes, [s["search"][key] for s in stages], style, label=f"search {key[:3]}")
    last = stages[-1]
    if "index" in last:
        idx = last["index"]["search_latency_index_path"]
        left.plot([last["size"]], [idx["p50_ms"]], "D", label="p50, vector-index path")
        left.plot([last["size"]], [idx["p95_ms"]], "x", label="p95, vector-index path")
    left.axhline(50, color="grey", lw=0.8, ls=":", label="targets (50 / 100 ms)")
    left.axhline(100, color="grey", lw=0.8, ls=":")
    left.set(
        xscale="log",
        xlabel=f"memories in the store ({scopes} scopes)",
        ylabel="ms per search",
        title="graphmem search latency (query embedding included)",
    )
    left.set_ylim(bottom=0)
    left.legend(fontsize=8)
    _profile_bars(right, stages)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _profile_bars(ax: Any, stages: list[dict[str, Any]]) -> None:
    seen = {n for s in stages for n in s["search"]["profile_mean_ms"]}
    names = [n for n in (*STAGES, "other (python, fusion)") if n in seen]
    labels = [f"{s['size']:,}" for s in stages]
    bottom = [0.0] * len(stages)
    for name in names:
        values = [s["search"]["profile_mean_ms"].get(name, 0.0) for s in stages]
        ax.bar(labels, values, bottom=bottom, label=name)
        bottom = [a + v for a, v in zip(bottom, values, strict=True)]
    ax.set(
        xlabel="memories in the store",
        ylabel="mean ms per search",
        title="where one search spends its time",
    )
    ax.legend(fontsize=7, loc="upper left")


# -- main ------------------------------------------------------------------------------------
def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="store sizes")
    parser.add_argument("--scopes", type=int, default=SCOPES)
    parser.add_argument("--queries", type=int, default=200, help="searches per size")
    parser.add_argument("--batch", type=int, default=100, help="messages per add")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--plot", type=Path, default=Path("docs/latency.png"))
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--prefix", default=f"bench-latency-{uuid.uuid4().hex[:8]}")
    parser.add_argument(
        "--skip-index-check",
        action="store_true",
        help="skip the second pass with the vector index forced and the recall check (at "
        "100k over 100 scopes the default path already is the index)",
    )
    parser.add_argument(
        "--speed-only-embedder",
        action="store_true",
        help="run the configured embedder even if the store was written by another one "
        "(benchmarks/store_identity.py): for add throughput only, the rankings are meaningless",
    )
    parser.add_argument(
        "--keep", action="store_true", help="leave the memories in the store (for --reuse)"
    )
    parser.add_argument(
        "--build-embed-cache",
        action="store_true",
        help="while growing the store, embed each distinct text once (the templates repeat "
        "across scopes: 100k memories are ~41k texts); add throughput is then not comparable",
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="the store already holds this --prefix's memories (a --keep run with the same "
        "--sizes, --scopes, --batch and --seed): search only, the same queries",
    )
    return parser.parse_args(argv)


def make_bench(args: argparse.Namespace) -> Bench:
    memory = _memory(args.speed_only_embedder)
    forced = memory.settings.search.model_copy(update={"exact_scan_max": 0})
    index_settings = memory.settings.model_copy(update={"search": forced})
    index_memory = Memory(index_settings, driver=memory.driver, embedder=memory.embedder)
    timer, trips = Timer(), RoundTrips()
    timer.wrap(memory.embedder, "embed")
    for m in (memory, index_memory):
        for name in PROFILED:
            if hasattr(m._search.store, name):
                timer.wrap(m._search.store, name)
        for method, label in STAGE_METHODS.items():
            if hasattr(m._search, method):
                timer.wrap(m._search, method, label)
        trips.wrap(m._search.store.statements)
    users = [f"{args.prefix}-u{i:03d}" for i in range(args.scopes)]
    memory.embedder.embed(["warm up"])
    return Bench(
        memory,
        index_memory,
        timer,
        trips,
        TextSource(args.seed),
        users,
        args.batch,
        [0] * len(users),
        {} if args.build_embed_cache else None,
    )


def _memory(speed_only_embedder: bool) -> Memory:
    settings = Settings()
    if not speed_only_embedder:
        return Memory(settings)
    driver = make_driver(settings.neo4j)
    own = make_embedder(settings.embedder)
    embedder = as_store_embedder(own, driver, settings.neo4j.database)
    return Memory(settings, driver=driver, embedder=embedder)


def stored(b: Bench) -> int:
    """Memories the store holds for this run's users."""
    records = b.memory.driver.execute_query(
        "UNWIND $users AS u MATCH (m:Memory {user_id: u}) RETURN count(m) AS n",
        {"users": b.users},
        database_=b.memory.settings.neo4j.database,
    ).records
    return int(records[0]["n"])


def cleanup(b: Bench, keep: bool) -> int:
    if keep:
        b.index_memory.close()
        b.memory.close()
        print("\n== kept the memories (--keep)", flush=True)
        return 0
    print("\n== cleaning up ...", flush=True)
    deleted = sum(b.memory.delete_all(user_id=u) for u in b.users)
    b.index_memory.close()
    b.memory.close()
    print(f"   deleted {deleted} memories", flush=True)
    return deleted


def summary_lines(report: dict[str, Any]) -> list[str]:
    lines = ["size      add/s  embed-only/s   p50 ms   p95 ms   p99 ms"]
    for s in report["stages"]:
        a, q = s["add"], s["search"]
        lines.append(
            f"{s['size']:<8} {a['memories_per_s']!s:>6} {a['embed_only_per_s']!s:>13} "
            f"{q['p50_ms']:>8} {q['p95_ms']:>8} {q['p99_ms']:>8}"
        )
    for s in report["stages"]:
        lines.append(f"profile at {s['size']}: {s['search']['profile_mean_ms']}")
        lines.append(f"signal calls at {s['size']}: {s['search']['signal_calls_mean_ms']}")
        lines.append(f"round trips at {s['size']}: {s['search']['round_trips_per_search']}")
        if "index" in s:
            lines.append(f"index path at {s['size']}: {json.dumps(s['index'])}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = [int(v) for v in args.sizes.split(",")]
    report: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "benchmarks/latency.py", *sys.argv[1:]]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "loadavg_start": list(os.getloadavg()),
        },
        "neo4j_uri": Settings().neo4j.uri,
        "scopes": args.scopes,
        "queries_per_size": args.queries,
        "stages": [],
    }
    bench = make_bench(args)
    report["torch_threads"] = torch.get_num_threads()  # after the model loaded (settings)
    report["settings_search"] = bench.memory.settings.search.model_dump()
    report["prefix"], report["reused_store"] = args.prefix, args.reuse
    if args.reuse:
        report["stored_at_start"] = stored(bench)
    try:
        for size in sizes:
            last = size == sizes[-1]
            check = last and not args.skip_index_check
            report["stages"].append(stage(bench, size, args.queries, check, args.reuse))
    finally:
        report["deleted"] = cleanup(bench, args.keep)
    report["machine"]["loadavg_end"] = list(os.getloadavg())
    print("\n" + "\n".join(summary_lines(report)))
    plot(report["stages"], args.scopes, args.plot)
    print(f"wrote {args.plot}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
