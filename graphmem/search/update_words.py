"""What update pairing reads of one memory's text (:mod:`graphmem.search.updates`): its
content words after light stemming, the anchors before its amounts, its names, and its values
by kind. Deterministic, offline and linear in the text's length."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS
from graphmem.search.label_numbers import labels, without_labels

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
# words, numbers and the marks that end a clause, in order (for the anchors)
_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*|[^\W\d_]+(?:'[^\W\d_]+)?|[.!?;:]", re.UNICODE)
ANCHOR_SPAN = 6  # content words looked back from an amount for its anchors
#: at most this many words back, whatever they are ("the launch date for the Atlas app is
#: March 15": "launch" is the fourth content word back, the eighth word)
ANCHOR_REACH = 12
_COPULA = frozenset({"is", "are", "am", "was", "called", "named"})
_PREPOSITIONS = frozenset(
    {"to", "in", "at", "from", "for", "with", "on", "of", "near", "into", "by", "about"}
)
_MONTHS = frozenset(MONTHS)
_CALENDAR = _MONTHS | frozenset(WEEKDAYS)
#: Counts and ranks written as words: "two cats" is the number 2, "second grade" the 2nd.
_COUNT_WORDS = "zero one two three four five six seven eight nine ten eleven twelve"
_ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh"
_COUNTS = {w: str(n) for n, w in enumerate(_COUNT_WORDS.split())}
_ORDINALS = {w: str(n) for n, w in enumerate(_ORDINAL_WORDS.split(), start=1)}
_WEEKDAYS = frozenset(WEEKDAYS)
_RANK = re.compile(r"(?<![\w.,:])(\d{1,3})(?:st|nd|rd|th)\b")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
#: Words that are values, not content ("two", "third", "Tuesdays").
_VALUE_WORDS = frozenset(_COUNTS) | frozenset(_ORDINALS) | frozenset(f"{d}s" for d in WEEKDAYS)
_STOP = frozenset(
    """
    a about actually after again all already also am an and another any are as at be
    because been before being bumped but by called can changed could currently cut day
    days decreased did do does down during each ever every finally first for from get
    gets getting go going got had has have he her here him his how i if in increased
    into is it its just last like lot lowered made make many may me might mine month
    months more most moved much must my named need needed never new next no nor not now
    of old on one only onto or other our out over own per raised really said same set
    shall she should since so some still such switched than that the their them then
    there these they thing things think this those thought three time times to today too
    total two under until up updated us very want wanted was we week weeks went were
    what when where which while who whom whose why will with would year years yet you
    your
    """.split()  # noqa: SIM905
)


#: Endings after which "es" is the plural's ("boxes", "wishes"; not "comes", "likes").
_SIBILANTS = ("s", "x", "z", "ch", "sh")


def _stem(word: str) -> str:
    word = word.lower().replace("'", "")
    if word.endswith("ing") and len(word) >= 7:  # "opening" is "open", "running" "run"
        base = word[:-3]
        return base[:-1] if base[-1] == base[-2] and base[-1] not in "lsz" else base
    for suffix, repl in (("ies", "y"), ("ly", ""), ("es", ""), ("s", "")):
        if not word.endswith(suffix) or len(word) - len(suffix) < 3:
            continue
        if suffix == "es" and not word[:-2].endswith(_SIBILANTS):
            continue  # "comes" is "come" ("s" below), as the question's "come" is
        if suffix == "s" and word.endswith("ss"):
            return word  # "class", "glass"
        return word[: -len(suffix)] + repl
    return word


@lru_cache(maxsize=4096)
def every_stem(text: str) -> frozenset[str]:
    """The stems of every word of ``text`` but stop words and numbers, names and weekdays
    included ("Beatriz can't do Wednesdays anymore" -> beatriz, wednesday)."""
    words = (
        w.removesuffix("'s")  # "Beatriz's" is Beatriz
        for w in _WORD.findall(_EMAIL.sub(" ", text.replace("’", "'")))
        if w[:1].isalpha() and not w.lower().endswith("n't")  # "can't", "won't": no topic
    )
    return frozenset(stem for w in words if (stem := _stem(w)) not in _STOP and len(stem) > 2)


@lru_cache(maxsize=4096)  # called for both memories of every pair (up to 1,225 pairs)
def content(text: str) -> frozenset[str]:
    """Content-word stems of ``text`` (no stop words, no names, no numbers)."""
    return frozenset(stem for stem in _content_stems(text) if stem)


@lru_cache(maxsize=4096)
def modifiers(text: str) -> dict[str, str]:
    """Each content stem -> the content stem written right before it ("yoga class": class ->
    yoga), which says what kind of it: "my yoga class" and "my pottery class" are two."""
    found: dict[str, str] = {}
    stems = _content_stems(text)
    for previous, stem in zip(["", *stems], stems, strict=False):
        if stem and previous:
            found.setdefault(stem, previous)
    return found


def _content_stems(text: str) -> list[str]:
    """Each word's stem in order, "" for a word that is no content (a stop word, a name, a
    value word, an e-mail address's parts)."""
    stems = []
    for w in _WORD.findall(_EMAIL.sub(" ", text)):
        stem = _stem(w)
        content_word = not _is_name(w) and w.lower() not in _VALUE_WORDS and stem not in _STOP
        stems.append(stem if content_word else "")
    return stems


Anchors = dict[str, frozenset[str]]  # anchor stem -> the content stems just before it


@lru_cache(maxsize=4096)
def anchors(text: str) -> Anchors:
    """The last ``ANCHOR_SPAN`` content-word stems before each number (within
    ``ANCHOR_REACH`` words), in the same
    clause: what the amount is of ("the rent went up again to 1,600", "budget is $400");
    each with the content word right before it ("" for none), which says what kind of it
    ("daily *step* goal", "*savings* goal"; see :func:`same_anchor`)."""
    found: dict[str, set[str]] = {}
    recent: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit():
            window = recent[-ANCHOR_REACH:]
            kept = 0
            for index in range(len(window) - 1, -1, -1):
                if kept == ANCHOR_SPAN:
                    break
                if window[index]:
                    before = window[index - 1] if index > 0 else ""
                    found.setdefault(window[index], set()).add(before)
                    kept += 1
            recent = []
        elif not token[0].isalpha():
            recent = []
        else:
            stem = _stem(token)
            recent.append("" if _is_name(token) or stem in _STOP else stem)
    for stem in numbers_of(text):
        found.setdefault(stem, set()).add("")
    return {stem: frozenset(before) for stem, before in found.items()}


#: Words after "a number in" that say when or how, not what the number is of.
_NOT_SUBJECTS = frozenset({"morning", "afternoon", "evening", "night", "row", "total", "advance"})


@lru_cache(maxsize=4096)
def numbers_of(text: str) -> frozenset[str]:
    """What a number is of when told after it: "got a 7 in maths", "8 in maths and 6 in
    French" (the subject of a grade, a score, a place)."""
    found: set[str] = set()
    tokens = _TOKEN.findall(text)
    for number, link, word in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if number[0].isdigit() and link.lower() in {"in", "for"} and word[0].isalpha():
            stem = _stem(word)
            if stem not in _STOP and stem not in _NOT_SUBJECTS and word.lower() not in _CALENDAR:
                found.add(stem)
    return frozenset(found)


#: Units an amount is told in: "400 pounds" and "550 euros" may be one budget.
_UNITS = frozenset(
    """
    pound quid euro dollar buck grand k kg kilo lb mile km metre meter minute hour percent
    hr min mins hrs ml litre liter gram calory calorie step
    """.split()  # noqa: SIM905
)


@lru_cache(maxsize=4096)
def counted(text: str) -> frozenset[str]:
    """The stems of the content words right after a number, units aside: what each amount
    counts ("420 ewes", "610 lambs"; not "1,450 a month", "80 kg")."""
    found: set[str] = set()
    tokens = _TOKEN.findall(text)
    for number, word in pairwise(tokens):
        if number[0].isdigit() and word[0].isalpha() and not _is_name(word):
            stem = _stem(word)
            if stem not in _STOP and stem not in _UNITS:
                found.add(stem)
    return frozenset(found)


def same_anchor(a: Anchors, b: Anchors) -> bool:
    """Whether the two texts share an anchor of the same kind: a word before it in both that
    differs ("daily step goal" against "savings goal") makes two different attributes; a
    bare anchor on either side ("the rent" against "my monthly rent") does not."""
    for stem in a.keys() & b.keys():
        before_a, before_b = a[stem], b[stem]
        if "" in before_a or "" in before_b or before_a & before_b:
            return True
    return False


@lru_cache(maxsize=4096)
def names(text: str) -> frozenset[str]:
    """Capitalised words other than a clause's first, months and weekdays ("Tuesdays" too)."""
    found: set[str] = set()
    first = True
    for token in _TOKEN.findall(text):
        if not token[0].isalpha():
            first = True
            continue
        calendar = token.lower() in _CALENDAR or token.lower().removesuffix("s") in _WEEKDAYS
        if not first and _is_name(token) and not calendar:
            found.add(token)
        first = False
    return frozenset(found)


def _is_name(word: str) -> bool:
    return word[:1].isupper() and word.lower() not in _STOP


Value = tuple[str, str]  # (kind, token): "number", "ordinal", "month", "weekday", "email", "name"


@lru_cache(maxsize=4096)
def values(text: str) -> frozenset[Value]:
    """Value tokens with their kind: numbers (amounts, counts, days, times; counts written
    as words too: "two" is 2), ordinals ("second", "3rd"), month names, weekdays ("on
    Tuesdays"), e-mail addresses, and capitalised names only in a statement of what
    something is ("my manager is Tom", "it is called Priya", "Sara is my manager now"),
    and the numbers that name a thing ("plot 9", :mod:`.label_numbers`), of their own kind,
    since in an event ("we went hiking in the Alps") a name is where it happened, not a
    value. Before the verb of such a statement, a name after a preposition belongs to its
    subject ("my flight *to Oslo* is on June 3"): a topic, not a value."""
    found: set[Value] = {("email", e.lower()) for e in _EMAIL.findall(text)}
    found |= {("label", n) for n in labels(text)}  # "plot 9": no amount
    bare = without_labels(_EMAIL.sub(" ", text))
    words = _WORD.findall(bare)
    ranks = {m.group(1) for m in _RANK.finditer(bare)}  # "3rd grade": a rank, not a count
    found |= {("ordinal", n) for n in ranks}
    found |= {("number", n) for n in _NUMBER.findall(bare) if n not in ranks}
    stated = _stated_from(words)
    for index, w in enumerate(words):
        lower = w.lower()
        if lower in _MONTHS:
            found.add(("month", lower))
        elif lower.removesuffix("s") in _WEEKDAYS:
            found.add(("weekday", lower.removesuffix("s")))
        elif lower in _COUNTS:
            found.add(("number", _COUNTS[lower]))
        elif lower in _ORDINALS:
            found.add(("ordinal", _ORDINALS[lower]))
        elif stated is not None and _is_name(w) and _stated_name(words, index, stated):
            found.add(("name", w))
    return frozenset(found)


def _stated_from(words: list[str]) -> int | None:
    """The index of the first copula ("is", "it's", "called"), or None in an event."""
    for index, w in enumerate(words):
        lower = w.lower()
        if lower in _COPULA or lower in _IS_CONTRACTED:
            return index
    return None


#: Words whose "'s" is "is" ("it's", "my name's Sam"); elsewhere it is a possessive ("our
#: team's launch date"), which states nothing.
_IS_CONTRACTED = frozenset(
    f"{w}'s"
    for w in "it that he she there here what who where which name everything nothing".split()  # noqa: SIM905
)


def _stated_name(words: list[str], index: int, stated: int) -> bool:
    """A name stated as a value: after the copula, or before it but not after a preposition
    (with its determiner: "the launch date for *the* Atlas app is March 15")."""
    if index >= stated or index == 0:
        return True
    before = index - 1
    if before > 0 and words[before].lower() in _DETERMINERS:
        before -= 1
    return words[before].lower() not in _PREPOSITIONS


_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "your", "its"})


Kinds = dict[str, frozenset[str]]  # kind -> the value tokens of that kind


def by_kind(found: frozenset[Value]) -> Kinds:
    """The values grouped by kind, once per memory (``changed`` compares them per pair)."""
    kinds: dict[str, set[str]] = {}
    for kind, value in found:
        kinds.setdefault(kind, set()).add(value)
    return {kind: frozenset(tokens) for kind, tokens in kinds.items()}


def changed(a: Kinds, b: Kinds) -> bool:
    """Whether some kind of value changed: both memories hold values of that kind, and each
    holds one the other lacks. A budget's amount and a start month are different attributes,
    however many topic words the two statements share."""
    for kind in a.keys() & b.keys():
        mine, theirs = a[kind], b[kind]
        if mine - theirs and theirs - mine:
            return True
    return False
