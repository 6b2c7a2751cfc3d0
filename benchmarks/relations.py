"""Relationship questions: answers one relation away from the person the question names.

A synthetic, seeded benchmark (no external data). Each user holds ~48 memories: people linked
by relations (stored with ``relations=[...]`` in either direction and several predicate
wordings, or as the speaker's own "X is my sister"), facts about them (diet, hobbies), facts
about the people the questions name (the distractors: "Karl loves chocolate cake") and
filler. Each question names a person only through a relation ("What can I bake for Karl's
daughter?", "a gift for the boss of Alice", "my sister"); its answer is the related
person's fact in the question's domain. hit@3 = the answer is among the top 3 (hit@1, first,
is reported beside it).

Systems, in the same run over the same store: graphmem (defaults), graphmem with role
resolution off (depth-1 entity expansion alone), and a vector-only baseline (cosine over the
same embedder). Half the users (even indices) were used while building role resolution; the
other half is reported separately as held out.

    .venv/bin/python benchmarks/relations.py --users 30 --json benchmarks/results/relations.json

``--told`` stores no ``relations=[...]``: the bridges ("Ines is Karl's daughter.") and facts
are only what the offline extractor reads in the text, as for an agent that sends plain chat.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from graphmem import Memory, Settings

NAMES = [
    "Karl",
    "Ines",
    "Marta",
    "Leo",
    "Bob",
    "Alice",
    "Maria",
    "Sofia",
    "Tomas",
    "Yuki",
    "Omar",
    "Lena",
    "Priya",
    "Diego",
    "Hannah",
    "Jonas",
    "Amara",
    "Felix",
    "Nadia",
    "Hugo",
    "Chloe",
    "Ravi",
    "Elena",
    "Marco",
    "Zoe",
    "Ivan",
    "Greta",
    "Samir",
    "Lucia",
    "Emil",
    "Noor",
    "Pablo",
    "Freya",
    "Kenji",
    "Ada",
    "Viktor",
    "Mila",
    "Tariq",
    "Rosa",
    "Anton",
    "Ayla",
    "Bruno",
    "Clara",
    "Dmitri",
    "Esme",
]
# role -> ([predicates with the role-holder as source], [predicates with the anchor as source])
ROLES: dict[str, tuple[list[str], list[str]]] = {
    "daughter": (["child_of", "daughter_of"], ["parent_of", "has_daughter"]),
    "son": (["son_of", "child_of"], ["father_of", "has_son"]),
    "boss": (["manages", "boss_of"], ["reports_to", "works_for"]),
    "wife": (["married_to", "wife_of"], ["married_to"]),
    "partner": (["partner_of", "dating"], ["partner_of", "dating"]),
    "sister": (["sister_of"], ["sibling_of"]),
    "brother": (["brother_of"], ["sibling_of"]),
    "mother": (["mother_of", "parent_of"], ["child_of", "son_of"]),
    "friend": (["friend_of"], ["friends_with"]),
    "colleague": (["colleague_of"], ["works_with"]),
    "teacher": (["teaches"], ["student_of"]),
}
FOOD = [
    ("{h} can't eat gluten.", "avoids", "gluten"),
    ("{h} is allergic to tree nuts.", "allergic_to", "tree nuts"),
    ("{h} has been vegan for years.", "diet", "vegan"),
    ("{h} never eats pork.", "avoids", "pork"),
    ("{h} is lactose intolerant.", "intolerant_to", "lactose"),
]
HOBBY = [
    ("{h} is obsessed with dinosaurs.", "likes", "dinosaurs"),
    ("{h} collects vinyl records.", "collects", "vinyl records"),
    ("{h} has been learning the violin.", "learns", "violin"),
    ("{h} spends weekends on watercolor painting.", "enjoys", "watercolor painting"),
    ("{h} is into rock climbing.", "likes", "rock climbing"),
]
ANCHOR_FOOD = ["{a} loves chocolate cake.", "{a} makes a great lasagna.", "{a} had pizza with me."]
ANCHOR_HOBBY = ["{a} bought a new bike.", "{a} wants a new watch.", "{a} plays chess online."]
FILLER = [
    "The dentist appointment moved to Thursday.", "I need to renew my passport.",
    "The train to the city was delayed again.", "I finished reading a mystery novel.",
    "My laptop battery is getting weak.", "We repainted the kitchen blue.",
    "The garden tomatoes are finally ripe.", "I signed up for a pottery class.",
    "Rent goes up next month.", "The neighbours' dog barks at night.",
    "I started running in the mornings.", "Our team shipped the release on Friday.",
]  # fmt: skip
QUESTIONS = {
    "food": [
        "What should I cook when {p} visits?",
        "Which dessert can I bake for {p}?",
        "Is there any food {p} must avoid?",
        "Planning a dinner party: what does {p} not eat?",
    ],
    "hobby": [
        "What present would {p} enjoy?",
        "Any birthday gift ideas for {p}?",
        "What is {p} passionate about?",
        "What could I do with {p} on a free afternoon?",
    ],
}
PHRASES = ["{a}'s {r}", "the {r} of {a}"]
MY_ROLES = ["sister", "brother", "boss", "friend", "mother"]


@dataclass
class Question:
    user: str
    text: str
    answer: str  # memory id
    held_out: bool


@dataclass
class World:
    memories: dict[str, list[tuple[str, str | None]]] = field(default_factory=dict)
    questions: list[Question] = field(default_factory=list)


def _relation(rng: random.Random, holder: str, role: str, anchor: str) -> dict[str, str]:
    forward, reverse = ROLES[role]
    if rng.random() < 0.5:
        return {"source": holder, "relation": rng.choice(forward), "target": anchor}
    return {"source": anchor, "relation": rng.choice(reverse), "target": holder}


def build_user(
    rng: random.Random, index: int, memory: Memory, world: World, told: bool = False
) -> None:
    """``told``: no ``relations=[...]``; every relation and fact is what the offline extractor
    reads in the sentences ("Ines is Karl's daughter.", "Ines can't eat gluten.")."""
    user = f"bench-rel-{index}-{uuid.uuid4().hex[:8]}"
    people = rng.sample(NAMES, 10)
    adds: list[tuple[str, list[dict[str, str]] | None, str | None]] = []
    pending: list[tuple[str, str, str]] = []  # (question text, domain, holder)
    for q in range(4):
        anchor, holder = people[2 * q], people[2 * q + 1]
        mine = q == 3
        role = rng.choice(MY_ROLES if mine else list(ROLES))
        if mine:
            adds.append((f"{holder} is my {role}.", None, None))
            phrase = f"my {role}"
        else:
            rel = _relation(rng, holder, role, anchor)
            adds.append((f"{holder} is {anchor}'s {role}.", [rel], None))
            phrase = rng.choice(PHRASES).format(a=anchor, r=role)
        domain = rng.choice(["food", "hobby"])
        for kind, pool in (("food", FOOD), ("hobby", HOBBY)):
            text, pred, obj = rng.choice(pool)
            tag = f"answer:{q}" if kind == domain else None
            adds.append(
                (text.format(h=holder), [{"source": holder, "relation": pred, "target": obj}], tag)
            )
        if not mine:
            for text in rng.sample(ANCHOR_FOOD, 2) + rng.sample(ANCHOR_HOBBY, 2):
                adds.append((text.format(a=anchor), None, None))
        question = rng.choice(QUESTIONS[domain]).format(p=phrase)
        pending.append((question, domain, holder))
    others = people[8:]
    for name in others:
        adds.append((rng.choice(ANCHOR_FOOD).format(a=name), None, None))
        adds.append((rng.choice(HOBBY)[0].format(h=name), None, None))
    while len(adds) < 48:
        adds.append((rng.choice(FILLER), None, None))
    rng.shuffle(adds)
    answers: dict[str, str] = {}
    for text, relations, tag in adds:
        given = None if told else relations
        result = memory.add(text, user_id=user, relations=given, timestamp="2025-03-01T10:00:00Z")
        if tag is not None and result.results:
            answers[tag] = result.results[0].id
    world.memories[user] = [(t, tag) for t, _, tag in adds]
    for q, (question, _domain, _holder) in enumerate(pending):
        world.questions.append(Question(user, question, answers[f"answer:{q}"], index % 2 == 1))


def _vector_rank(memory: Memory, user: str, question: str, cache: dict[str, Any]) -> list[str]:
    if user not in cache:
        items = memory.get_all(user_id=user, limit=100)
        vectors = np.array(memory.embedder.embed([m.text for m in items]))
        cache[user] = ([m.id for m in items], vectors)
    ids, vectors = cache[user]
    [query] = memory.embedder.embed([question])
    order = np.argsort(-(vectors @ np.array(query)))
    return [ids[i] for i in order]


def evaluate(memory: Memory, off: Memory, world: World) -> dict[str, Any]:
    cache: dict[str, Any] = {}
    systems = {
        "graphmem": lambda q: [
            m.id for m in memory.search(q.text, user_id=q.user, top_k=3).results
        ],
        "depth-1 expansion, no role resolution": lambda q: [
            m.id for m in off.search(q.text, user_id=q.user, top_k=3).results
        ],
        "vector only": lambda q: _vector_rank(memory, q.user, q.text, cache)[:3],
    }
    report: dict[str, Any] = {}
    for name, run in systems.items():
        ranks: dict[str, list[int]] = {"tuning": [], "held_out": []}
        for q in world.questions:
            top = run(q)
            rank = top.index(q.answer) + 1 if q.answer in top else 0
            ranks["held_out" if q.held_out else "tuning"].append(rank)
        ranks["all"] = ranks["tuning"] + ranks["held_out"]
        report[name] = {part: _hits(v) for part, v in ranks.items()}
    return report


def _hits(ranks: list[int]) -> dict[str, Any]:
    """hit@3 (the answer among the top 3) and hit@1 (first: the question's domain ranked the
    resolved person's facts, and the bridge did not take the first place)."""
    return {
        "hit@3": round(statistics.mean(r > 0 for r in ranks), 3),
        "hit@1": round(statistics.mean(r == 1 for r in ranks), 3),
        "questions": len(ranks),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="Relationship-question benchmark")
    parser.add_argument("--users", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--told",
        action="store_true",
        help="store no relations=[...]: the offline extractor reads every relation in the text",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    memory = Memory()
    off_settings = Settings()
    off_settings.search.role_resolution = False
    off = Memory(off_settings, driver=memory.driver, embedder=memory.embedder)
    world = World()
    started = time.monotonic()
    try:
        for index in range(args.users):
            build_user(rng, index, memory, world, told=args.told)
        built = time.monotonic() - started
        report = evaluate(memory, off, world)
    finally:
        for user in world.memories:
            memory.delete_all(user_id=user)
        memory.close()
    result = {
        "benchmark": "relations",
        "users": args.users,
        "questions": len(world.questions),
        "seed": args.seed,
        "relations": "told in the text only" if args.told else "relations=[...] on add",
        "ingest_s": round(built, 1),
        "machine": platform.platform(),
        "results": report,
        "sample_questions": [q.text for q in world.questions[:8]],
    }
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
