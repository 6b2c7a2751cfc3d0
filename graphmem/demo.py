"""`make demo`: the restaurant scenario end to end through the REST API (offline default).

Starts `graphmem serve` on loopback, creates an API key bound to the demo user, stores six
months of messages (Beijing, vegetarian dinners with friends, seafood from March, Paris from
April, dinners with Alice who is allergic to shellfish) over HTTP, reads them back with their
lifecycle states, asks the June and July questions (and Alice's), prints the memories and
relations returned and the Neo4j Browser URL, then stops the server and revokes the key."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from graphmem.cli.browse_cmd import password_hint
from graphmem.client import GraphMemClient
from graphmem.domain.results import AddResult
from graphmem.domain.search import SearchResult
from graphmem.errors import Neo4jServerError
from graphmem.memory import Memory
from graphmem.scenarios import restaurant
from graphmem.settings import Settings

START_TIMEOUT_S = 120.0


def _print_add(timestamp: str, text: str, result: AddResult) -> None:
    for item in result.results:
        print(f"  {timestamp[:10]} {item.event:4s} {text}")
        rels = "; ".join(f"{r.source} {r.predicate} {r.target}" for r in item.relations)
        if rels:
            print(f"             triplets: {rels}")
        for t in item.transitions:
            print(f"             lifecycle: {t.action} of {t.old_memory_id[:8]}: {t.outcome}")


def _print_search(title: str, result: SearchResult) -> None:
    print(f"\n== {title}")
    for rank, m in enumerate(result.results, 1):
        print(f"  {rank}. [{m.score:.3f}] ({m.lifecycle_state}) {m.text}")
    for rel in result.relations[:5]:
        print(f"     relation: {rel.source} -[{rel.predicate}]-> {rel.target}  ({rel.fact})")


def run_scenario(client: GraphMemClient, user: str = restaurant.USER_ID) -> None:
    """Store the scenario, read it back and ask the questions, printing everything."""
    removed = client.delete_all(user_id=user)
    if removed:
        print(f"(removed {removed} memories from an earlier demo run)")
    print("== Storing the conversation over POST /v1/memories (offline extractor)")
    for timestamp, text in restaurant.MESSAGES:
        _print_add(timestamp, text, client.add(text, user_id=user, timestamp=timestamp))
    print("\n== Read back with GET /v1/memories (active and superseded; merged hidden)")
    for m in sorted(client.get_all(user_id=user, limit=100), key=lambda m: m.observed_at):
        print(f"  {m.observed_at:%Y-%m-%d} {m.lifecycle_state:10s} {m.text}")
    _print_search(
        f"June ({restaurant.JUNE_DATE[:10]}): {restaurant.JUNE_QUESTION}",
        client.search(
            restaurant.JUNE_QUESTION,
            user_id=user,
            top_k=5,
            latest_only=True,
            reference_date=restaurant.JUNE_DATE,
        ),
    )
    _print_search(
        f"July: {restaurant.JULY_QUESTION}",
        client.search(restaurant.JULY_QUESTION, user_id=user, top_k=5),
    )
    _print_search(
        restaurant.ALICE_QUESTION, client.search(restaurant.ALICE_QUESTION, user_id=user, top_k=3)
    )


def _wait_healthy(base_url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise Neo4jServerError(f"`graphmem serve` exited with code {server.returncode}")
        try:
            if httpx.get(f"{base_url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    raise Neo4jServerError(f"the API did not become healthy at {base_url} in time")


@contextmanager
def api_server(settings: Settings) -> Iterator[str]:
    base_url = f"http://127.0.0.1:{settings.api.port}"
    command = [
        sys.executable,
        "-m",
        "graphmem.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(settings.api.port),
    ]
    server = subprocess.Popen(command)
    try:
        _wait_healthy(base_url, server)
        yield base_url
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    settings = Settings()
    with Memory(settings) as memory:
        token, key = memory.keys.create(user_ids=[restaurant.USER_ID])
        try:
            with api_server(settings) as base_url, GraphMemClient(base_url, token) as client:
                print(
                    f"API on {base_url} (docs: {base_url}/docs), key {key.prefix}… for "
                    f"{restaurant.USER_ID}\n"
                )
                run_scenario(client)
        finally:
            memory.keys.revoke(key.id)
    print(
        f"\nInspect the graph in Neo4j Browser: http://127.0.0.1:{settings.neo4j.http_port}"
        f"/browser/  (bolt {settings.neo4j.uri}, user {settings.neo4j.user}, password: "
        f"{password_hint(settings.neo4j)}; `graphmem browse` prints ready queries)"
    )


if __name__ == "__main__":
    main()
