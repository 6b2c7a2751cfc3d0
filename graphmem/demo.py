"""`make demo`: the restaurant scenario end to end on the offline default, printed.

Stores six months of one user's messages (Beijing, vegetarian dinners with friends, seafood
from March, Paris from April, dinners with Alice who is allergic to shellfish), reads them
back with their lifecycle states, and asks the June, July and Alice questions."""

from __future__ import annotations

from graphmem import Memory, Settings
from graphmem.domain.search import SearchResult
from graphmem.scenarios import restaurant


def _print_search(title: str, result: SearchResult) -> None:
    print(f"\n== {title}")
    for rank, m in enumerate(result.results, 1):
        print(f"  {rank}. [{m.score:.3f}] ({m.lifecycle_state}) {m.text}")
    for rel in result.relations[:5]:
        print(f"     relation: {rel.source} -[{rel.predicate}]-> {rel.target}  ({rel.fact})")


def main() -> None:
    settings = Settings()
    with Memory(settings) as memory:
        user = restaurant.USER_ID
        removed = memory.delete_all(user_id=user)
        if removed:
            print(f"(removed {removed} memories from an earlier demo run)")
        print("== Storing the conversation (offline extractor, one add per message)")
        for timestamp, text in restaurant.MESSAGES:
            for item in memory.add(text, user_id=user, timestamp=timestamp).results:
                changes = ", ".join(
                    f"{t.action} {t.old_memory_id[:8]} {t.outcome}" for t in item.transitions
                )
                rels = "; ".join(f"{r.source} {r.predicate} {r.target}" for r in item.relations)
                print(f"  {timestamp[:10]} {item.event:4s} {text}")
                if rels:
                    print(f"             triplets: {rels}")
                if changes:
                    print(f"             lifecycle: {changes}")
        print("\n== Read back (default view: active and superseded; merged hidden)")
        for m in sorted(memory.get_all(user_id=user), key=lambda m: m.observed_at):
            print(f"  {m.observed_at:%Y-%m-%d} {m.lifecycle_state:10s} {m.text}")
        _print_search(
            f"June: {restaurant.JUNE_QUESTION}",
            memory.search(
                restaurant.JUNE_QUESTION,
                user_id=user,
                top_k=5,
                latest_only=True,
                reference_date=restaurant.JUNE_DATE,
            ),
        )
        _print_search(
            f"July: {restaurant.JULY_QUESTION}",
            memory.search(restaurant.JULY_QUESTION, user_id=user, top_k=5),
        )
        _print_search(
            restaurant.ALICE_QUESTION,
            memory.search(restaurant.ALICE_QUESTION, user_id=user, top_k=3),
        )
        print(
            f"\nInspect the graph in Neo4j Browser: http://127.0.0.1:{settings.neo4j.http_port}"
            f"/browser/  (bolt {settings.neo4j.uri}, user {settings.neo4j.user})"
        )


if __name__ == "__main__":
    main()
