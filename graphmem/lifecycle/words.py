"""Content words: the vocabulary the merge guard compares.

The exact rules are documented in :mod:`graphmem.lifecycle.guards` (the README cites them).

The English stop-word list lives here on purpose (no NLTK): pronouns, articles,
auxiliaries, prepositions, conjunctions and a few frequency/intensity adverbs.
Negations (:data:`NEGATIONS`) are never stop words.
"""

from __future__ import annotations

import re

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS
from graphmem.domain.measure_words import QUANTITY_NOUNS
from graphmem.domain.possessions import THING_KINDS
from graphmem.lifecycle.predicates import normalize_name

_STOP_TEXT = """
    i me my mine myself we us our ours ourselves you your yours yourself yourselves he him
    his himself she her hers herself it its itself they them their theirs themselves one
    a an the this that these those some any each every either all both such own other
    am is are was were be been being have has had having do does did doing done will would
    shall should can could may might must ought get gets got im ive id ill
    to of in on at by for with about against between into through during before after above
    below from up down out off over under upon onto within without than via per
    and or but if because as until while so nor then also just too very really quite
    always usually often sometimes especially mostly generally typically still already
    even again ever here there when where why how what which who whom whose
    s t d ll m re ve
"""

NEGATIONS: frozenset[str] = frozenset(
    {"not", "no", "never", "neither", "none", "nobody", "nothing", "nowhere", "anymore"}
)
STOP_WORDS: frozenset[str] = frozenset(_STOP_TEXT.split()) - NEGATIONS

_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_IRREGULAR_NOT = {"can't": "can not", "won't": "will not", "shan't": "shall not"}
_NO_SINGULAR_ENDINGS = ("ss", "us", "is")


def _singular(word: str) -> str:
    if len(word) <= 3 or not word.endswith("s") or word.endswith(_NO_SINGULAR_ENDINGS):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("sses"):
        return word[:-2]
    return word[:-1]


def _normalise_token(token: str) -> list[str]:
    if token in _IRREGULAR_NOT:
        return _IRREGULAR_NOT[token].split()
    if token.endswith("n't"):
        return [token[:-3], "not"]
    if token.endswith("'s"):
        token = token[:-2]
    return [part for part in token.split("'") if part]


def _tokens(text: str) -> list[str]:
    """The lower-cased word tokens of ``text``, in order ("n't" read as "not", a possessive
    "'s" dropped, curly apostrophes made straight), stop words included."""
    lowered = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    return [part for token in _TOKEN.findall(lowered) for part in _normalise_token(token)]


def content_words(text: str) -> set[str]:
    """The set of content words of ``text`` (rules: :mod:`graphmem.lifecycle.guards`)."""
    return {_singular(part) for part in _tokens(text) if part not in STOP_WORDS}


#: Words that tell when or since when, not what: a denial need not repeat them ("I stopped
#: taking piano lessons" ends "I've started taking piano lessons every Tuesday evening").
_TIME_TEXT = """
    morning afternoon evening night weekend day week month year daily weekly monthly
    now lately recently currently nowadays started start began begun begin
    breakfast brunch lunch dinner supper
"""
TIME_WORDS: frozenset[str] = frozenset(
    {_singular(w) for w in (*WEEKDAYS, *MONTHS, *_TIME_TEXT.split())}
)


#: Kinds of things named by make and model: "my phone is a Pixel 4" tells no more than the
#: Pixel once it is replaced.
KIND_WORDS: frozenset[str] = frozenset(_singular(w) for w in THING_KINDS)


#: The words that tell a functional fact besides its value ("got a job at the city library"
#: tells ``works_at`` and no more): an end of the fact ends them too.
_JOB_TEXT = "job got get work working employed hired position role gig joined started"
_HOME_TEXT = "live living home moved house flat apartment"
SLOT_WORDS: dict[str, frozenset[str]] = {
    "works_at": frozenset(_singular(w) for w in _JOB_TEXT.split()),
    "lives_in": frozenset(_singular(w) for w in _HOME_TEXT.split()),
}


def value_modifiers(text: str, value: str) -> set[str]:
    """The content words just before ``value`` in ``text``, up to three, to the first stop
    word: what describes the value ("a 2015 Honda Civic" -> 2015, honda), and a count
    before its "of" ("a glass of red wine" -> glass); and a year right after it ("an old
    Golf, 2009")."""
    tokens, target = _tokens(text), [_singular(t) for t in _tokens(value)]
    if not target:
        return set()
    singular = [_singular(t) for t in tokens]  # "three coffees" describes "coffee"
    for start in range(len(tokens) - len(target) + 1):
        if singular[start : start + len(target)] == target:
            after = tokens[start + len(target) : start + len(target) + 1]
            year = {w for w in after if w.isdigit() and len(w) == 4}  # "an old Golf, 2009"
            return _describing(tokens[:start]) | year
    return set()


def _describing(before: list[str]) -> set[str]:
    found: set[str] = set()
    words = before[-3:]
    while words:
        word = words.pop()
        if word == "of" and words and words[-1] in QUANTITY_NOUNS:
            continue  # "a lot of", "two cups of": the count, then what describes it
        if word in STOP_WORDS:
            break
        found.add(_singular(word))
    return found


def gerund(verb: str) -> str:
    """The "-ing" form of a verb's lemma ("smoke" -> "smoking", "swim" -> "swimming")."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    vowels = "aeiou"
    short = len(verb) >= 3 and verb[-1] not in vowels + "wxy" and verb[-2] in vowels
    if short and verb[-3] not in vowels and len(verb) <= 4:
        return verb + verb[-1] + "ing"  # "run" -> "running", "swim" -> "swimming"
    return verb + "ing"


def kind_of(value: str) -> str:
    """The kind a value names: its last word, singular ("window seats" -> "seat")."""
    words = in_singular(value).split()
    return words[-1] if words else ""


def in_singular(value: str) -> str:
    """``value`` normalised, its last word in the singular ("Eggs" -> "egg", "window seats"
    -> "window seat")."""
    *rest, last = normalize_name(value).split() or [""]
    return " ".join([*rest, _singular(last)])
