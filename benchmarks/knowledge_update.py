"""Knowledge updates in long chats: does the updated statement rank above the original?

Each pair is an original statement ("My monthly budget for the trip is $1,200.") and, many
sessions later, an update of the same attribute with a new value ("I bumped my trip budget
up to $1,800."), said by one speaker of a LoCoMo conversation and inserted into its sessions
(the rest of the chat is the conversation's real turns, stored through the product's own add:
one add per session, one message per turn, the speaker as the message name, the session date
as timestamp). The question asks for the current value ("What is Caroline's trip budget
now?"). Reported: among pairs whose two statements are both in the top 20, the share where
the update ranks above the original; for graphmem and, over the same texts, BM25.

Templates 1-10 were used while building the read-time pairing rule (tuning); 11-20 are
reported separately as held out. LoCoMo (Maharana et al., ACL 2024), CC BY-NC 4.0, is read
from ../shared/data/locomo and not redistributed.

    .venv/bin/python benchmarks/knowledge_update.py --conversations 2 \
        --json benchmarks/results/knowledge-update.json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import re
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rank_bm25 import BM25Okapi

from benchmarks.locomo import DATASET, Item, load_samples
from graphmem import Memory, Settings

# (original, update, question); {s} is the speaker's name in the question.
PAIRS: list[tuple[str, str, str]] = [
    ("My monthly budget for the trip is $1,200.", "I bumped my trip budget up to $1,800.",
     "What is {s}'s budget for the trip now?"),
    ("I've secured 2 job interviews so far.", "I now have 4 job interviews secured.",
     "How many job interviews has {s} secured?"),
    ("Our wedding date is set for June 14.", "We moved the wedding date to September 20.",
     "When is {s}'s wedding?"),
    ("I run 10 km every week.", "These days I run 25 km every week.",
     "How far does {s} run each week?"),
    ("My rent is $900 a month.", "My rent went up to $1,050 a month.",
     "How much rent does {s} pay?"),
    ("I have 3 cats at home.", "We adopted another one, so I have 4 cats at home now.",
     "How many cats does {s} have?"),
    ("My flight to Lisbon leaves on March 3.", "My Lisbon flight got rescheduled to March 10.",
     "When does {s}'s flight to Lisbon leave?"),
    ("I've read 12 books this year.", "I'm up to 20 books read this year.",
     "How many books has {s} read this year?"),
    ("My swimming coach is Daniel.", "My new swimming coach is called Marcus.",
     "Who is {s}'s swimming coach?"),
    ("The bake sale has raised $300 so far.", "The bake sale total reached $740.",
     "How much has the bake sale raised?"),
    ("My savings goal for this year is $5,000.", "I raised my savings goal for the year to $8,000.",
     "What is {s}'s savings goal?"),
    ("My daily step goal is 8000 steps.", "I changed my daily step goal to 10000 steps.",
     "What is {s}'s daily step goal?"),
    ("Band practice is at 6 pm on Tuesdays.", "Band practice is at 7 pm on Thursdays now.",
     "When is {s}'s band practice?"),
    ("My best marathon time is 4 hours 30 minutes.",
     "My best marathon time is now 4 hours 5 minutes.",
     "What is {s}'s best marathon time?"),
    ("My pottery class has 18 students.", "My pottery class grew to 24 students.",
     "How many students are in {s}'s pottery class?"),
    ("Our volunteer team has 5 members.", "Our volunteer team is up to 9 members.",
     "How big is {s}'s volunteer team?"),
    ("The concert tickets cost $45 each.", "The concert tickets are $60 each now.",
     "How much do the concert tickets cost?"),
    ("My car has 40,000 miles on it.", "My car just passed 52,000 miles.",
     "How many miles are on {s}'s car?"),
    ("I'm on level 12 of the puzzle game.", "I reached level 30 of the puzzle game.",
     "Which level of the puzzle game is {s} on?"),
    ("I sleep about 6 hours a night.", "I sleep around 8 hours a night these days.",
     "How many hours a night does {s} sleep?"),
]  # fmt: skip
TUNING = range(10)
TOP = 20
_WORD = re.compile(r"\w+")


@dataclass
class Planted:
    user: str
    index: int
    speaker: str
    original: str
    update: str
    question: str
    original_id: str = ""
    update_id: str = ""


def _plant(sample: Any, rng: random.Random, user: str, per_conversation: int) -> list[Planted]:
    """Insert pairs into the sessions: original in the first third, update in the last."""
    sessions = sample.turns
    third = max(1, len(sessions) // 3)
    speakers = sorted({i.speaker for batch in sessions for i in batch.items})
    planted = []
    for index in rng.sample(range(len(PAIRS)), per_conversation):
        original, update, question = PAIRS[index]
        speaker = rng.choice(speakers)
        early = sessions[rng.randrange(0, third)]
        late = sessions[rng.randrange(len(sessions) - third, len(sessions))]
        early.items.insert(rng.randrange(len(early.items) + 1), _item(speaker, original))
        late.items.insert(rng.randrange(len(late.items) + 1), _item(speaker, update))
        planted.append(Planted(user, index, speaker, original, update, question.format(s=speaker)))
    return planted


def _item(speaker: str, text: str) -> Item:
    return Item(speaker, text, [])


def _ingest(memory: Memory, sample: Any, user: str) -> dict[str, str]:
    """Store every session through the product's own add; text -> memory id."""
    ids: dict[str, str] = {}
    for batch in sample.turns:
        messages = [{"role": "user", "name": i.speaker, "content": i.text} for i in batch.items]
        result = memory.add(messages, user_id=user, timestamp=batch.timestamp)
        for item in result.results:
            ids.setdefault(item.memory, item.id)
    return ids


def _bm25_order(texts: dict[str, str], question: str) -> list[str]:
    ids = list(texts)
    bm25 = BM25Okapi([_WORD.findall(texts[i].lower()) for i in ids])
    scores = bm25.get_scores(_WORD.findall(question.lower()))
    return [ids[i] for i in sorted(range(len(ids)), key=lambda i: -scores[i])]


def _judge(order: list[str], pair: Planted) -> bool | None:
    top = order[:TOP]
    if pair.original_id not in top or pair.update_id not in top:
        return None
    return top.index(pair.update_id) < top.index(pair.original_id)


def _share(verdicts: list[bool | None]) -> dict[str, Any]:
    judged = [v for v in verdicts if v is not None]
    return {
        "pairs": len(verdicts),
        "both_in_top20": len(judged),
        "update_above_original": round(sum(judged) / len(judged), 3) if judged else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="Knowledge-update benchmark")
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=20, help="pairs per conversation")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    samples = load_samples(DATASET, args.conversations)
    memory = Memory()
    plain = Settings()
    plain.search.update_pairing = False
    unpaired = Memory(plain, driver=memory.driver, embedder=memory.embedder)
    users: list[str] = []
    verdicts: dict[str, dict[str, list[bool | None]]] = {
        name: {"tuning": [], "held_out": []}
        for name in ("graphmem", "graphmem without update pairing", "bm25")
    }
    started = time.monotonic()
    try:
        for sample in samples:
            user = f"bench-ku-{sample.sample_id}-{uuid.uuid4().hex[:8]}"
            users.append(user)
            planted = _plant(sample, rng, user, args.pairs)
            ids = _ingest(memory, sample, user)
            texts = {mid: text for text, mid in ids.items()}
            for pair in planted:
                pair.original_id, pair.update_id = ids[pair.original], ids[pair.update]
                part = "tuning" if pair.index in TUNING else "held_out"
                for name, system in (
                    ("graphmem", memory),
                    ("graphmem without update pairing", unpaired),
                ):
                    found = system.search(pair.question, user_id=user, top_k=TOP)
                    verdicts[name][part].append(_judge([m.id for m in found.results], pair))
                verdicts["bm25"][part].append(_judge(_bm25_order(texts, pair.question), pair))
    finally:
        for user in users:
            memory.delete_all(user_id=user)
        memory.close()
    report = {
        system: {part: _share(v) for part, v in parts.items()}
        | {"all": _share(parts["tuning"] + parts["held_out"])}
        for system, parts in verdicts.items()
    }
    result = {
        "benchmark": "knowledge-update",
        "conversations": args.conversations,
        "pairs_per_conversation": args.pairs,
        "seed": args.seed,
        "seconds": round(time.monotonic() - started, 1),
        "machine": platform.platform(),
        "results": report,
    }
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
