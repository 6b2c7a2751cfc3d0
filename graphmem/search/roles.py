"""Role resolution: a relational phrase in the query ("Karl's daughter", "my sister",
"the boss of Alice", "the friend I have dinner with") names an entity through the owner's
triplets; that entity becomes a search seed at full confidence.

A role word is matched to predicates by meaning, read in the right direction:

- a predicate naming the role ("daughter_of", "is_daughter_of", "child_of") holds the role at
  its source (``Ines child_of Karl``: Ines is Karl's daughter); ``has_daughter`` at its target;
- a predicate naming the inverse role ("parent_of", "father_of") holds it at its target;
- a verb ("manages", "supervises") holds it at its source, its inverse ("reports_to",
  "works_for") at its target;
- a symmetric relation ("married_to", "friend_of", "sibling_of") holds it at the other end.

A relative clause ("the friend I have dinner with on Fridays") is read as the speaker's own
triplets whose predicate shares a word (or a meal word) with the clause. Every regex here is
a bounded alternation, linear in the query's length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.search import RelationRow, SearchStore, TripletHit
from graphmem.search import lucene
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.role_holders import SUCCESSIVE
from graphmem.search.role_phrases import SELF, RolePhrase, phrases
from graphmem.search.role_words import (
    COMPOUND_ROLES,
    FAMILIES,
    IN_LAW_STEPS,
    PET_VERBS,
    PETS,
    SYMMETRIC,
    SYMMETRIC_VERBS,
    VERBS,
)
from graphmem.search.signals.entities import HOP_DECAY, self_keys
from graphmem.search.successions import SUCCEEDS, succeeded
from graphmem.search.time_cues import PAST_CUES

_MEAL = frozenset({"dinner", "lunch", "breakfast", "brunch", "eat", "eats", "ate", "dine",
                   "meal", "meals", "food"})  # fmt: skip
#: Words that ask nothing beyond the relation ("Who is Karl's daughter?", "What is the name
#: of my boss?"): such a query is answered by the bridge memory itself.
_ABOUT_RELATION = frozenset({"who", "whom", "whose", "what", "which", "is", "are", "was",
                             "were", "be", "the", "a", "an", "of", "name", "named", "called",
                             "again", "remind", "tell", "me", "about", "do", "does", "did",
                             "i", "we", "you", "know", "s", "that", "this"})  # fmt: skip


@dataclass
class Resolution:
    """What role resolution found: seeds at full confidence, the anchors it went through,
    the triplets of each path, and a note per phrase for ``explain``."""

    query: str = ""  # the query with each resolved phrase replaced by the names it resolved to
    paths: list[RelationRow] = field(default_factory=list)
    entities: dict[str, str] = field(default_factory=dict)  # resolved entity id -> name
    rest: str = ""  # the query without its resolved phrases
    # the steps to roles held one at a time (:mod:`graphmem.search.role_holders`)
    successive: list[RelationRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def resolved(self) -> bool:
        return bool(self.paths)

    @property
    def bridges(self) -> set[str]:
        """The memories that state a step of a path."""
        return {m for row in self.paths for m in row.memory_ids}

    @property
    def about_relation(self) -> bool:
        """Whether the query asks only who holds the role (no other word than a question's)."""
        return not set(lucene.terms(self.rest)) - _ABOUT_RELATION

    def status(self) -> str:
        return "; ".join(self.notes) or "ok (no relational phrase in the query)"


def _words(predicate: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", predicate.lower()) if w]


#: Verbs whose target is a boss only when worked for or under ("works_for"), not where one
#: works ("works_at").
_AT_A_PLACE = frozenset({"works", "worked"})
_FOR_SOMEONE = (["for"], ["under"])


def holder(role: str, predicate: str) -> str | None:
    """Which end of a ``predicate`` triplet holds ``role``: "source", "target", "other"
    (symmetric: the end that is not the anchor), or None when it does not express it."""
    words = _words(predicate)
    if not words:
        return None
    has = words[0] in ("has", "have")
    joined = "_".join(words)
    compound = next((c for c in COMPOUND_ROLES if "_".join(_words(c)) in joined), None)
    if role in COMPOUND_ROLES or compound is not None:  # "mother_in_law_of" is no mother
        return ("target" if has else "source") if compound == role else None
    verb = VERBS.get(role, {}).get(words[0])
    if words[0] in _AT_A_PLACE and words[1:2] not in _FOR_SOMEONE:
        verb = None  # "Ama works_at St Thomas": a workplace, no boss
    if verb is not None:
        return verb
    if joined in PET_VERBS and (role in PETS or role == "pet"):
        return "target"
    if role in SYMMETRIC:
        same = set(words) & SYMMETRIC[role] or predicate.lower() in SYMMETRIC_VERBS.get(role, ())
        return "other" if same else None
    own, inverse = FAMILIES.get(role, ({role, role.rstrip("s")}, set()))
    if set(words) & own:
        return "target" if has else "source"
    if set(words) & inverse:
        return "source" if has else "target"
    return None


def _answer(row: RelationRow, anchors: set[str], side: str) -> str | None:
    if side == "source" and row.target_id in anchors:
        return row.source_id
    if side == "target" and row.source_id in anchors:
        return row.target_id
    if side == "other":
        if row.source_id in anchors:
            return row.target_id
        if row.target_id in anchors:
            return row.source_id
    return None


def _clause_match(phrase: RolePhrase, row: RelationRow, anchors: set[str]) -> str | None:
    """The speaker's triplet whose predicate shares a word (or a meal word) with the clause."""
    if row.source_id not in anchors:
        return None
    words = set(_words(row.predicate))
    meal = bool(phrase.clause & _MEAL) and bool(words & _MEAL)
    stems = {w.rstrip("s") for w in words}
    shared = {w.rstrip("s") for w in phrase.clause} & stems
    return row.target_id if meal or shared else None


def follow(phrase: RolePhrase, anchors: set[str], rows: list[RelationRow]) -> list[RelationRow]:
    """The triplets that resolve ``phrase`` from ``anchors`` (the path's first step). A pet
    known only as adopted or rescued counts when no triplet names the pet kind ("I adopted a
    kitten named Mochi" gives ``adopt Mochi`` beside ``Mochi cat_of``: not "my dog" when
    ``Pepper dog_of`` is known)."""
    found = []
    for row in rows:
        if phrase.clause:
            answer = _clause_match(phrase, row, anchors)
        else:
            side = holder(phrase.role, row.predicate)
            answer = _answer(row, anchors, side) if side else None
        if answer is not None and answer not in anchors:
            found.append(row)
    named = [row for row in found if "_".join(_words(row.predicate)) not in PET_VERBS]
    return named or found


def answers(anchors: set[str], path: list[RelationRow]) -> dict[str, str]:
    """Entity id -> name of every entity the path resolves to."""
    result: dict[str, str] = {}
    for row in path:
        for entity_id, name in ((row.source_id, row.source), (row.target_id, row.target)):
            if entity_id not in anchors:
                result[entity_id] = name
    return result


def _named(store: SearchStore, ctx: SearchContext, anchor: str) -> set[str]:
    """Entities of the scope whose name contains the anchor word ("karl" -> "Karl Meyer")."""
    query = lucene.scoped_query("name", anchor, ctx.owner.params())
    rows = store.entities_by_name(query, 10) if query else []
    return {
        row.id
        for row in rows
        if anchor in lucene.terms(row.normalized_name or normalize_name(row.name))
    }


def _describe(row: RelationRow) -> str:
    return f"{row.source} {row.predicate} {row.target}"


def _own(store: SearchStore, ctx: SearchContext) -> set[str]:
    return {row.id for row in store.entities_by_key(self_keys(ctx))}


def _replace(query: str, phrase: str, names: str) -> str:
    """``query`` (its own casing kept) with the lower-cased ``phrase`` replaced by ``names``."""
    replaced, count = re.subn(
        re.escape(phrase), lambda _: names, query, count=1, flags=re.IGNORECASE
    )
    return replaced if count else query.lower().replace(phrase, names, 1)


def resolve(store: SearchStore, ctx: SearchContext, enabled: bool = True) -> Resolution:
    """Resolve every relational phrase of the query through the scope's triplets. The
    resolved query reads as if the user had named the entity: "What cake should I bake for
    Karl's daughter?" is searched as "What cake should I bake for Ines?" by the lexical and
    entity signals, and the memories about Ines are also read against its vector
    (:mod:`graphmem.search.resolved`)."""
    if not enabled:
        return Resolution(query=ctx.query, notes=["off: role_resolution is disabled in settings"])
    found = phrases(ctx.query)
    text = " ".join(ctx.query.replace("\u2019", "'").split())
    result = Resolution(query=text, rest=text)
    own = _own(store, ctx) if any(p.anchor == SELF for p in found) else set()
    # a question about the past reaches the holders a role had too ("Who was my therapist
    # before?": the one replaced, whose ``therapist_of`` ended)
    past = PAST_CUES.search(text.lower()) is not None
    reached: dict[str, dict[str, str]] = {}  # a role word -> the entities it resolved to
    for phrase in _chained_last(found):
        anchors = (
            own
            if phrase.anchor == SELF
            else set(reached.get(phrase.anchor, {})) or _named(store, ctx, phrase.anchor)
        )
        if not anchors:
            who = "the speaker" if phrase.anchor == SELF else repr(phrase.anchor)
            result.notes.append(f"{phrase.text!r}: unresolved (no entity for {who})")
            continue
        path, resolved = _path(store, phrase, anchors, past)
        if not path:
            result.notes.append(
                f"{phrase.text!r}: unresolved (no relation reads as {phrase.role!r})"
            )
            continue
        if phrase.anchor in reached:  # "my daughter's best friend": the daughter with one
            _narrow(result, reached[phrase.anchor], {e for r in path for e in _ends(r)})
        names = _names(resolved)
        for word in (phrase.role, _said(phrase)):
            reached[word] = resolved
        told = _as_told(phrase, result.query, result.entities)
        result.query = _replace(result.query, told, names)
        result.rest = _replace(result.rest, told, " ")
        result.entities.update(resolved)
        result.paths.extend(path)
        if phrase.role in SUCCESSIVE:
            result.successive.extend(row for row in path if row.predicate not in SUCCEEDS)
        via = "; ".join(_describe(row) for row in path[:3])
        result.notes.append(f"{phrase.text!r} -> {names} (via {via})")
    return result


def _ends(row: RelationRow) -> tuple[str, str]:
    return row.source_id, row.target_id


def _names(resolved: dict[str, str]) -> str:
    """The names put in a resolved phrase's place, in one order whatever the graph's."""
    return " ".join(sorted(set(resolved.values())))


def _narrow(result: Resolution, resolved: dict[str, str], used: set[str]) -> None:
    """Keep, of an earlier phrase's entities, those a phrase chained on it went through ("my
    daughter" -> Zuza and Kuba; "my daughter's best friend" -> Hania via Zuza: Zuza), in the
    resolved query and the seeds."""
    kept = {e: n for e, n in resolved.items() if e in used}
    if not kept or len(kept) == len(resolved):
        return
    result.query = result.query.replace(_names(resolved), _names(kept), 1)
    for entity_id in resolved.keys() - kept.keys():
        result.entities.pop(entity_id, None)


def _path(
    store: SearchStore, phrase: RolePhrase, anchors: set[str], past: bool = False
) -> tuple[list[RelationRow], dict[str, str]]:
    """The triplets that resolve ``phrase`` and the entities they resolve it to. A relative
    by marriage no predicate names ("my brother-in-law") is read in two steps: "my spouse's
    brother", else "my sibling's husband" (``IN_LAW_STEPS``)."""
    # read once: the steps start from them too
    rows = store.entity_relations(sorted(anchors), ended=past)
    path = follow(phrase, anchors, rows)
    if path:
        return succeeded(store, path, answers(anchors, path))
    # a pet's trainer, vet or walker is told as its owner's ("the trainer at Paws is called
    # Helen" for "Who is Biscuit's trainer?"): the pet's owners answer for it
    kept = [r for r in rows if r.source_id in anchors and r.predicate.removesuffix("_of") in PETS]
    owners = {r.target_id for r in kept}
    if owners and (path := follow(phrase, owners, store.entity_relations(sorted(owners)))):
        return succeeded(store, kept + path, answers(owners, path))
    for first, second in IN_LAW_STEPS.get(phrase.role, ()):
        step = follow(replace(phrase, role=first), anchors, rows)
        middle = set(answers(anchors, step))
        if not middle:
            continue
        last = follow(replace(phrase, role=second), middle, store.entity_relations(sorted(middle)))
        if last:
            return step + last, answers(middle | anchors, last)
    return [], {}


def _said(phrase: RolePhrase) -> str:
    """The role word as the query wrote it ("mom" of "my mom")."""
    return phrase.text.rsplit(" ", 1)[-1]


def _chained_last(found: list[RolePhrase]) -> list[RolePhrase]:
    """The phrases, those anchored on another phrase's role last: "my wife's brother" is
    "my wife" (Ana), then "wife's brother" read from Ana."""
    said = {p.role for p in found} | {_said(p) for p in found}
    return sorted(found, key=lambda p: p.anchor != SELF and p.anchor in said)


def _as_told(phrase: RolePhrase, query: str, reached: dict[str, str]) -> str:
    """The phrase as the query now reads: a chained one's anchor was already replaced by
    the names it resolved to ("wife's brother" reads "Ana's brother")."""
    if phrase.text.lower() in query.lower() or phrase.anchor == SELF:
        return phrase.text
    for name in dict.fromkeys(reached.values()):
        told = phrase.text.replace(phrase.anchor, name.lower(), 1)
        if told in query.lower():
            return told
    return phrase.text


def collect(resolution: Resolution, pool: Pool) -> None:
    """The paths join the relations (and explain). A memory stating a path's step is the
    bridge to the answer, not a fact about it: its entity score is one hop's, unless the
    query asks nothing but who holds the role ("Who is Karl's daughter?"): then the bridge
    is the answer, and scores as a fact about the resolved person; so does a bridge that is
    all the graph says of them ("my sister's wedding got pushed to September")."""
    told, bridges = [pool.mentions.get(e) for e in resolution.entities], resolution.bridges
    alone = bool(told) and all(m is not None and m <= bridges for m in told)
    bridge = 1.0 if resolution.about_relation or alone else HOP_DECAY
    for row in resolution.paths:
        triplet = TripletHit(**row.model_dump(exclude={"fact"}), fact=row.fact or "", hops=1)
        pool.add_triplet(triplet, HOP_DECAY)
        for memory_id in row.memory_ids:
            pool.scores.setdefault(memory_id, {})["entity"] = bridge
    pool.status["roles"] = resolution.status()
    pool.role_steps = resolution.successive
