"""Try to reproduce `Index N out of bounds for length M` from the filtered relationship vector
search (cypher/search/triplet_vector_index_user.cypher) under concurrent triplet writes.

    .venv/bin/python benchmarks/triplet_index_race.py --uri bolt://127.0.0.1:17751 --seconds 240

Writers create, re-embed and delete RELATES_TO relationships (with user/agent/run filter
properties, as graphmem writes them) in small transactions; readers run the real statement
for the same users at the same time. Reports query counts and every distinct error. Writes
only under user ids `race-<run>-*`, and removes them at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

import neo4j

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graphmem.cypher_catalog import query

DIM = 384
CREATE = """
UNWIND $rows AS row
MERGE (s:Entity {key: row.s}) ON CREATE SET s.name = row.s, s.user_id = row.user_id
MERGE (t:Entity {key: row.t}) ON CREATE SET t.name = row.t, t.user_id = row.user_id
CREATE (s)-[r:RELATES_TO {id: row.id, predicate: 'knows', fact: row.s + ' knows ' + row.t,
  user_id: row.user_id, agent_id: row.agent_id, run_id: row.run_id, scope_key: row.scope_key,
  memory_ids: [row.id], embedding: row.embedding}]->(t)
"""
REEMBED = """
MATCH ()-[r:RELATES_TO]->() WHERE r.user_id = $user_id WITH r LIMIT 20
SET r.embedding = [x IN r.embedding | x * 0.5 + $shift]
"""
DELETE = "MATCH ()-[r:RELATES_TO]->() WHERE r.user_id = $user_id WITH r LIMIT 10 DELETE r"
CLEANUP = "MATCH (e:Entity) WHERE e.user_id STARTS WITH $prefix DETACH DELETE e"


def vec(rng: random.Random) -> list[float]:
    return [rng.uniform(-1, 1) for _ in range(DIM)]


def scope_key(user_id: str, agent_id: str | None) -> str:
    return f"{user_id}|{agent_id or ''}|"


class Run:
    def __init__(self, driver: neo4j.Driver, users: list[str], seconds: float) -> None:
        self.driver, self.users, self.deadline = driver, users, time.monotonic() + seconds
        self.counts: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.lock = threading.Lock()

    def note(self, what: str, error: Exception | None = None) -> None:
        with self.lock:
            self.counts[what] += 1
            if error is not None:
                self.errors[f"{what}: {type(error).__name__}: {str(error)[:200]}"] += 1

    def writer(self, seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < self.deadline:
            user = rng.choice(self.users)
            agent = rng.choice([None, "a1", "a2"])
            op = rng.choices(("create", "reembed", "delete"), (6, 2, 1))[0]
            try:
                if op == "create":
                    rows = [
                        {
                            "id": str(uuid.uuid4()),
                            "s": f"{user}-e{rng.randrange(50)}",
                            "t": f"{user}-e{rng.randrange(50)}",
                            "user_id": user,
                            "agent_id": agent,
                            "run_id": None,
                            "scope_key": scope_key(user, agent),
                            "embedding": vec(rng),
                        }
                        for _ in range(rng.randrange(1, 30))
                    ]
                    self.driver.execute_query(CREATE, rows=rows)
                elif op == "reembed":
                    self.driver.execute_query(REEMBED, user_id=user, shift=rng.uniform(-0.1, 0.1))
                else:
                    self.driver.execute_query(DELETE, user_id=user)
                self.note(op)
            except neo4j.exceptions.Neo4jError as exc:
                self.note(op, exc)

    def reader(self, seed: int) -> None:
        rng = random.Random(seed)
        statement = query("search/triplet_vector_index_user")
        while time.monotonic() < self.deadline:
            user = rng.choice(self.users)
            keys = [scope_key(user, a) for a in rng.choice([[None], [None, "a1"], ["a2"]])]
            try:
                self.driver.execute_query(
                    statement,
                    user_id=user,
                    vector=vec(rng),
                    k=rng.choice([10, 50, 200, 2000]),
                    scope_keys=keys,
                    routing_=neo4j.RoutingControl.READ,
                )
                self.note("search")
            except neo4j.exceptions.Neo4jError as exc:
                self.note("search", exc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--uri", default="bolt://127.0.0.1:7687")
    parser.add_argument("--password", default="graphmem-local-dev")
    parser.add_argument("--seconds", type=float, default=240)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--readers", type=int, default=4)
    args = parser.parse_args(argv)
    prefix = f"race-{uuid.uuid4().hex[:6]}"
    users = [f"{prefix}-u{i}" for i in range(3)]
    with neo4j.GraphDatabase.driver(args.uri, auth=("neo4j", args.password)) as driver:
        version = driver.execute_query(
            "CALL dbms.components() YIELD versions RETURN versions[0] AS v"
        ).records[0]["v"]
        run = Run(driver, users, args.seconds)
        threads = [threading.Thread(target=run.writer, args=(i,)) for i in range(args.writers)]
        threads += [
            threading.Thread(target=run.reader, args=(100 + i,)) for i in range(args.readers)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        driver.execute_query(CLEANUP, prefix=prefix)
    print(
        json.dumps(
            {"neo4j": version, "seconds": args.seconds, "counts": run.counts, "errors": run.errors},
            indent=2,
        )
    )
    return 1 if run.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
