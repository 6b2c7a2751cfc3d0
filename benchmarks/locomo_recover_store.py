"""Write a ``locomo.py --store`` file for conversations already stored under a user id, from
the store itself: for an ingest stopped after its first conversations (the issue 11 ablation,
docs/benchmarks.md), so that they can be searched with ``--store FILE --limit-samples N``.

Each memory is matched to its turns by its text (the product stores a turn's words verbatim;
an exact duplicate turn is one memory standing for both, as in an ingest). A conversation
with a turn missing from the store is refused; with ``--resume`` the sessions missing from it
are added first, as the ingest would have (one add per session, an add is atomic, so a
stopped ingest left whole sessions; run with the ingest's own settings).

    PYTHONPATH=. .venv/bin/python benchmarks/locomo_recover_store.py \\
        --user-prefix bench-locomo-29cb40ed --limit-samples 1 --store /tmp/x.json
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.locomo import DATASET, Sample, Stored, ingest_batch, load_samples, save_stores
from graphmem import Memory, Settings


def recover(memory: Memory, user_id: str, sample_items: list[tuple[str, list[str], str]]) -> Stored:
    stored = Stored(user_id=user_id)
    records = memory.get_all(user_id=user_id, limit=1_000)  # a conversation holds fewer turns
    by_text = {r.text: r.id for r in records}
    for text, dia_ids, date_text in sample_items:
        if text not in by_text:
            raise SystemExit(f"{user_id}: a turn is not stored ({text[:60]!r})")
        mid = by_text[text]
        stored.dia_ids.setdefault(mid, set()).update(dia_ids)
        stored.texts[mid] = text
        stored.dates.setdefault(mid, date_text)
    return stored


def resume(memory: Memory, user_id: str, sample: Sample) -> int:
    """Add the sessions of ``sample`` that hold no memory under ``user_id``; returns how many."""
    present = {r.metadata.get("session") for r in memory.get_all(user_id=user_id, limit=1_000)}
    missing = [b for b in sample.turns if b.session not in present]
    for batch in missing:
        ingest_batch(memory, Stored(user_id=user_id), sample.sample_id, batch, product=True)
    return len(missing)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user-prefix", required=True, help="the ingest's --prefix")
    parser.add_argument("--limit-samples", type=int, required=True)
    parser.add_argument("--store", type=Path, required=True, help="writes STORE.product")
    parser.add_argument("--dataset", type=Path, default=DATASET)
    parser.add_argument("--resume", action="store_true", help="first add the missing sessions")
    args = parser.parse_args()
    samples = load_samples(args.dataset, args.limit_samples, 0, 0)
    with Memory(Settings()) as memory:
        for sample in samples if args.resume else ():
            added = resume(memory, f"{args.user_prefix}-product-{sample.sample_id}", sample)
            print(f"{sample.sample_id}: {added} sessions added", flush=True)
        stores = [
            recover(
                memory,
                f"{args.user_prefix}-product-{sample.sample_id}",
                [(i.content, i.dia_ids, b.date_text) for b in sample.turns for i in b.items],
            )
            for sample in samples
        ]
    path = args.store.with_name(f"{args.store.name}.product")
    save_stores(path, "product", samples, stores)
    print(f"wrote {path}: {sum(len(s.texts) for s in stores)} memories")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
