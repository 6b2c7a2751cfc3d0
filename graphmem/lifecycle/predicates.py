"""Functional predicates and the name/predicate normalisation used for every key.

A *functional* predicate holds at most one value per subject at a time, so a new
value supersedes the old one ("user lives_in Paris" replaces "user lives_in Beijing").
Everything else (``likes``, ``eats_with``, ``allergic_to`` ...) may hold many values
at once and is never superseded by the deterministic guard.

The default set (:data:`DEFAULT_FUNCTIONAL_PREDICATES`) is deliberately explicit and
small; add more with ``GRAPHMEM_LIFECYCLE__EXTRA_FUNCTIONAL_PREDICATES``:

``lives_in``, ``home_city``, ``works_at``, ``employer``, ``job_title``, ``on_team``, ``age``,
``relationship_status``, ``married_to``, ``dating``, ``diet``, ``phone_number``,
``email``, ``timezone``, ``birthday``, and how many children, grandchildren, siblings, pets,
dogs or cats one has (``number_of_children``...).

Predicates that only *look* functional are left out on purpose: ``nationality``
(dual citizenship), ``favorite_*`` (people have several), ``speaks`` and ``likes``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

#: The prefix of a fact told as what was ("retired from the NHS": ``former_works_at NHS``): no
#: fact of now, never superseded (extraction/nlp/former.py, search/temporal.py).
FORMER = "former_"

DEFAULT_FUNCTIONAL_PREDICATES: frozenset[str] = frozenset(
    {
        "lives_in",
        "home_city",
        "works_at",
        "employer",
        "job_title",
        # the team one works in: "I'm on the payments squad", then "moved onto the fraud team"
        "on_team",
        "age",
        "relationship_status",
        "married_to",
        "dating",
        "diet",
        "phone_number",
        "email",
        "timezone",
        "birthday",
        # how one wants to be served: "Call me Bea", "Please always answer in Spanish"
        "goes_by",
        "response_language",
        # how many of them one has: "we have two kids now" replaces "we have one kid"
        "number_of_children",
        "number_of_grandchildren",
        "number_of_siblings",
        "number_of_pets",
        "number_of_dogs",
        "number_of_cats",
    }
)

#: Preferences, one per kind of thing (the value's last word): "I prefer the aisle seat"
#: replaces "I prefer window seats"; "I prefer tea" and "I prefer the train" both hold.
KIND_PREFERENCES: frozenset[str] = frozenset({"prefers"})


#: Roles one person holds for another at a time, written holder-first ("Tom manager_of
#: Sven"): a new holder of the role for the same person replaces the old one ("My new
#: manager is Tom Becker" supersedes "My manager is Priya Raman"). Not friends, colleagues,
#: relatives one has several of, nor roles that change only by a breakup or a divorce,
#: which are told as such (denials).
ONE_HOLDER_ROLES: frozenset[str] = frozenset(
    {
        "manager_of",
        "boss_of",
        "dentist_of",
        "doctor_of",
        "therapist_of",
        "landlord_of",
        "physio_of",
    }
)

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NON_WORD = re.compile(r"[\W_]+")
_WHITESPACE = re.compile(r"\s+")


def normalize_predicate(text: str) -> str:
    """Lowercase snake_case: ``"Lives In"``, ``"lives-in"``, ``"livesIn"`` -> ``"lives_in"``.

    Any run of non-word characters (spaces, hyphens, dots, underscores) becomes one ``_``;
    leading and trailing underscores are dropped. Returns ``""`` when nothing is left.
    """
    text = unicodedata.normalize("NFKC", text).strip()
    text = _CAMEL_BOUNDARY.sub("_", text)
    return _NON_WORD.sub("_", text.casefold()).strip("_")


def _is_edge_junk(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in {"P", "S", "Z", "C"}


def _strip_edges(text: str) -> str:
    start, end = 0, len(text)
    while start < end and _is_edge_junk(text[start]):
        start += 1
    while end > start and _is_edge_junk(text[end - 1]):
        end -= 1
    return text[start:end]


def normalize_name(text: str) -> str:
    """The key of an entity name: the same key means the same entity in a scope.

    NFKC-normalise, casefold, collapse whitespace, strip punctuation and symbols at
    both ends, and drop one leading ``"the "`` (``"The Louvre."`` -> ``"louvre"``).
    A name that is only ``"the"`` stays ``"the"``. Inner punctuation is kept
    (``"AT&T"`` -> ``"at&t"``, ``"O'Brien"`` -> ``"o'brien"``).
    """
    key = _WHITESPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold())
    key = _strip_edges(key)
    if key.startswith("the ") and len(key) > 4:
        key = _strip_edges(key[4:])
    return key


def speaker_keys(names: Iterable[str], self_name: str) -> list[str]:
    """The entity keys of the people who spoke as the user, in order, once each, without the
    self entity's own name (a message without a name speaks as it)."""
    keys = dict.fromkeys(normalize_name(n) for n in names)
    return [k for k in keys if k and k != self_name]


class FunctionalPredicates:
    """The registry: defaults plus ``extra``; membership is tested on normalised names."""

    __slots__ = ("_names",)

    def __init__(self, extra: Iterable[str] = (), *, include_defaults: bool = True) -> None:
        base = DEFAULT_FUNCTIONAL_PREDICATES if include_defaults else frozenset()
        added = {normalize_predicate(name) for name in extra}
        self._names: frozenset[str] = base | frozenset(name for name in added if name)

    def __contains__(self, predicate: object) -> bool:
        return isinstance(predicate, str) and normalize_predicate(predicate) in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return f"FunctionalPredicates({sorted(self._names)!r})"

    @property
    def names(self) -> frozenset[str]:
        return self._names
