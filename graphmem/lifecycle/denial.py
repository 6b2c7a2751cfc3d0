"""Supersede by denial (:func:`check_denial`): a new memory says a fact the old one
asserts has ended. The rules are documented in :mod:`graphmem.lifecycle.guards`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphmem.domain.extraction import ANY_VALUE, ExtractedTriplet
from graphmem.lifecycle.decisions import (
    Candidate,
    GuardDecision,
    MemoryFlags,
    deny,
    flag_refusal,
    key,
)
from graphmem.lifecycle.predicates import normalize_name
from graphmem.lifecycle.words import (
    KIND_WORDS,
    SLOT_WORDS,
    TIME_WORDS,
    content_words,
    gerund,
    in_singular,
    value_modifiers,
)


def check_denial(
    old: Candidate,
    new_text: str,
    denied: Sequence[ExtractedTriplet],
    *,
    new_flags: MemoryFlags | None = None,
) -> GuardDecision:
    """Supersede by denial: the new memory says a fact the old one asserts has ended ("I'm
    not vegan anymore" against "I'm vegan"), any predicate. The old memory must assert no
    other value of that subject and predicate, and the new text must hold every content word
    of the old one but the denied fact's own ("I work at X" against "I quit my job at X"),
    so that nothing else the old memory told is retired with it ("I like jazz and blues"
    stays when jazz alone is denied)."""
    refused = flag_refusal(old.flags, new_flags)
    if refused is not None:
        return refused
    missing = content_words(old.memory.text) - content_words(new_text)
    refusal = deny("denies nothing the old memory asserts alone")
    for no in denied:
        if no.target == ANY_VALUE:
            decision = _activity_ended(old, missing, no)
            if decision is None:
                continue
            if decision.allowed:
                return decision
            refusal = decision
            continue
        slot, value = key(no), normalize_name(no.target)
        facts = [t for t in old.triplets if key(t) == slot]
        values = {normalize_name(t.target) for t in facts}
        if len(values) != 1:
            continue
        held = values.pop()
        if not _names_same(held, value, old.memory.text):
            continue
        # the words of the fact itself may differ ("I work at X" -> "I quit my job at X";
        # "Ana rows" -> "Ana quit rowing"), and the old value may be named in full ("a
        # Pixel 4" for "the Pixel")
        words = content_words(no.fact) | content_words(slot[1].replace("_", " "))
        words |= SLOT_WORDS.get(slot[1], frozenset())
        words |= {w for t in facts for w in content_words(t.fact)} | _who(old, slot[0])
        more = _tells_more(old.memory.text, missing, words | content_words(held), [no.target])
        if more is not None:
            refusal = more
            continue
        return GuardDecision(allowed=True, reason=f"denied: {slot[0]} {slot[1]} {value}")
    return refusal


def told_besides(old: Candidate, new_text: str, facts: Sequence[ExtractedTriplet]) -> set[str]:
    """The content words the old memory tells besides ``facts`` (its own triplets, whose
    values the new memory replaces: "I work remotely for a startup called Loomly, doing
    backend in Go" tells "remotely", "backend", "go" besides ``works_at Loomly``), by the
    words test of :func:`check_denial`."""
    missing = content_words(old.memory.text) - content_words(new_text)
    words: set[str] = set()
    for t in facts:
        subject, predicate = key(t)
        words |= content_words(t.fact) | content_words(predicate.replace("_", " "))
        words |= SLOT_WORDS.get(predicate, frozenset()) | content_words(t.target)
        words |= _who(old, subject)
    return _told(old.memory.text, missing, words, [t.target for t in facts])


def tells_else(old: Candidate, new_text: str, replaced: list[ExtractedTriplet]) -> str | None:
    """What else the old memory tells besides its replaced facts, or None: another fact of
    its own ("at Foster + Partners" beside a job title promoted), or a name among the words
    it tells besides them ("Go" in "… doing backend in Go"). Lower-case words alone ("I'm
    pescatarian, so fish is fine but no meat") only say more of the replaced value, and a
    memory telling only those is superseded as before."""
    ended = {(key(t), normalize_name(t.target)) for t in replaced}
    for t in old.triplets:
        if (key(t), normalize_name(t.target)) not in ended and not key(t)[1].endswith("_of"):
            return f"{t.source} {t.predicate} {t.target}"
    names = _written_capitalised(old.memory.text)
    told = sorted(w for w in told_besides(old, new_text, replaced) if w in names)
    return ", ".join(told) if told else None


#: Titles written before a name: capitalised, yet they name no one.
_HONORIFICS = frozenset({"mr", "mrs", "ms", "mx", "miss", "dr", "prof", "sir", "st"})


def _written_capitalised(text: str) -> set[str]:
    """The lower-cased words ``text`` writes capitalised inside a sentence (names: "Go",
    "London"), not a sentence's first word, "I" or a title."""
    words: set[str] = set()
    for sentence in re.split(r"[.!?]+\s+", text):
        for word in re.findall(r"[\w'-]+", sentence)[1:]:
            lower = word.lower()
            if word[:1].isupper() and lower != "i" and lower not in _HONORIFICS:
                words.add(lower)
    return words


def ended_facts(old: Candidate, denied: Sequence[ExtractedTriplet]) -> list[ExtractedTriplet]:
    """The old memory's facts that a denial ends, whatever else the old text tells ("Elio
    plays the trumpet in the school band" against "Elio switched from trumpet to drums"):
    the same subject, predicate and value (or a value the denied one names), or an activity
    ended whatever it was done with. The memory stays current for what else it tells; only
    these facts end (``end`` transitions, :mod:`graphmem.lifecycle.guards`)."""
    found: dict[tuple[str, str, str], ExtractedTriplet] = {}
    for no in denied:
        if no.target == ANY_VALUE:
            held = _activity_facts(old, no)
        else:
            slot, value = key(no), normalize_name(no.target)
            held = [
                t for t in old.triplets
                if key(t) == slot and _names_same(normalize_name(t.target), value, old.memory.text)
            ]  # fmt: skip
        for t in held:
            found.setdefault((*key(t), normalize_name(t.target)), t)
    return list(found.values())


def _who(old: Candidate, subject: str) -> set[str]:
    """The words of the old memory's facts that say who ``subject`` is to someone ("my son
    Leo": ``Leo son_of Sam``; any ``*_of`` relation of the subject). They are not "more": a
    supersede ends only the denied fact's triplets, so the relation stays current in the
    graph for role resolution ("my son"), and the old text stays searchable as history."""
    return {
        w
        for t in old.triplets
        if normalize_name(t.source) == subject and key(t)[1].endswith("_of")
        for w in content_words(t.fact) | content_words(key(t)[1].replace("_", " "))
    }


def _tells_more(
    old_text: str, missing: set[str], words: set[str], values: list[str]
) -> GuardDecision | None:
    """The refusal when the old text tells more than the denied facts: a content word the
    new text lacks that is none of ``words`` (the facts' own), none of the words describing
    ``values`` in the old text ("a 2015 Honda Civic"), no word of time and no thing's kind
    ("my phone is a Pixel 4"); None when it tells nothing more."""
    told = _told(old_text, missing, words, values)
    if not told:
        return None
    return deny(f"old memory tells more than is denied: {', '.join(sorted(told))}")


def _told(old_text: str, missing: set[str], words: set[str], values: list[str]) -> set[str]:
    told = missing - words - TIME_WORDS - KIND_WORDS - _occasion_words(old_text)
    for value in values:
        told -= value_modifiers(old_text, value)
    return told


#: "when I'm nervous", "whenever it rains": the occasion of a habit, up to the clause's end.
_OCCASION = re.compile(r"\b(?:when|whenever|while)\b([^,;.!?]*)", re.IGNORECASE)


def _occasion_words(text: str) -> set[str]:
    """The words that tell when a habit happens ("I bite my nails when I'm nervous"): they
    describe the fact, and end with it."""
    return {w for match in _OCCASION.finditer(text) for w in content_words(match.group(1))}


def _activity_ended(
    old: Candidate, missing: set[str], no: ExtractedTriplet
) -> GuardDecision | None:
    """A denial of an activity whatever it was done with (``ANY_VALUE``: "I quit smoking"):
    the old memory's facts of the same subject whose verb is the activity's ("smoke", or
    "smoking" for a verb "smoke") end with it, and the old text tells nothing more than
    them, their values and the words that describe those or say when. None when the old
    memory holds no such fact."""
    subject, activity = key(no)
    held = _activity_facts(old, no)
    if not held:
        return None
    words = content_words(no.fact) | _who(old, subject)
    for fact in held:
        words |= content_words(fact.fact) | content_words(fact.target)
    more = _tells_more(old.memory.text, missing, words, [t.target for t in held])
    if more is not None:
        return more
    return GuardDecision(allowed=True, reason=f"denied: {subject} {activity} (any value)")


def _activity_facts(old: Candidate, no: ExtractedTriplet) -> list[ExtractedTriplet]:
    """The old memory's facts of the denial's subject whose verb is its activity."""
    subject, activity = key(no)
    return [
        t for t in old.triplets
        if normalize_name(t.source) == subject and _same_activity(key(t)[1], activity)
    ]  # fmt: skip


def _same_activity(predicate: str, activity: str) -> bool:
    """The old fact's verb is the activity: the same word, or its "-ing" form ("smoke" for
    "smoking", "run" for "running")."""
    return predicate == activity or gerund(predicate) == activity


#: Words that name a model within a make ("Pixel 4", "iPhone 15 Pro", "MacBook Air").
_MODEL_WORDS = frozenset({"pro", "max", "mini", "plus", "ultra", "lite", "air", "se", "xl"})


def _names_same(old: str, denied: str, old_text: str = "") -> bool:
    """The denied value is the old one, its last words ("the Outback" ends "a Subaru
    Outback"), or its make without the model or kind ("the Pixel" ends "a Pixel 4", "the
    Dell" "a Dell XPS 13", "the Yamaha" "a Yamaha keyboard", "the Trek" "a Trek Domane":
    a model named in capitals in ``old_text``, the old memory's words)."""
    if old == denied or old.endswith(f" {denied}") or in_singular(old) == in_singular(denied):
        return True  # "egg allergy is gone" ends "allergic to eggs"
    if denied.endswith(f" {old}") and _says(old_text, denied):
        return True  # the old fact kept "marathon" of "the Oslo half marathon": "half marathon"
    if _capitalised_after(old_text, denied, old.split()):
        return True  # the parser kept "Civic" of "a Honda Civic": "the Honda" still names it
    if not old.startswith(f"{denied} "):
        described = _undescribed(old, old_text)  # "a red Volvo estate": "the Volvo"
        return described != old and _names_same(described, denied, old_text)
    rest = old[len(denied) + 1 :].split()
    return all(_model_word(w) for w in rest) or _capitalised_after(old_text, denied, rest)


def _says(text: str, words: str) -> bool:
    return re.search(rf"(?<![\w'-]){re.escape(words)}(?![\w'-])", text.lower()) is not None


def _undescribed(value: str, text: str) -> str:
    """``value`` without the words before its name that ``text`` writes in lower case
    ("red volvo estate" of "We drive a red Volvo estate" -> "volvo estate"): its colour,
    size or age describes it, the capitalised make names it."""
    words = value.split()
    while len(words) > 1 and re.search(rf"(?<![\w'-]){re.escape(words[0])}(?![\w'-])", text):
        words = words[1:]
    return " ".join(words)


def _capitalised_after(text: str, make: str, model: list[str]) -> bool:
    """Whether ``text`` writes ``make`` followed by the words of ``model``, each of them
    capitalised ("Trek Domane", "Honda Civic")."""
    words = re.findall(r"[\w'-]+", text)
    head, size = make.split(), len(make.split()) + len(model)
    wanted = [*head, *model]
    for at in range(len(words) - size + 1):
        if [w.lower() for w in words[at : at + size]] == wanted:
            return all(w[:1].isupper() for w in words[at + len(head) : at + size])
    return False


#: How an activity is taken up: "I quit pottery" names "a pottery class".
_TAKEN_AS = frozenset(
    {"class", "classes", "lesson", "lessons", "course", "courses", "club", "team", "workshop"}
)


def _model_word(word: str) -> bool:
    """A word that names a model or the kind of thing within a make: a number or a code
    ("15", "xps", "gt": a digit, or no vowel), a tier ("pro", "air"), or the thing's kind
    ("a Yamaha keyboard")."""
    return (
        any(c.isdigit() for c in word)
        or not set(word) & set("aeiouy")
        or word in _MODEL_WORDS
        or word in KIND_WORDS
        or word in _TAKEN_AS
    )
