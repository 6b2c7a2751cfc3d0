"""The relational phrases of a query, for role resolution (:mod:`graphmem.search.roles`):
"Karl's daughter", "my sister", "the boss of Alice", "her nephew" (of the one person the query
names), "the friend I have dinner with", who a named person is married to, engaged to or
dating ("Who is Pete married to?": Pete's spouse), and who teaches, manages or treats them.
Every regex here is a bounded alternation, linear in the query's length."""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.domain.family_words import FAMILY_WORDS
from graphmem.search.role_words import ALIASES, ROLE_WORDS

#: The role words as one alternation, for every pattern that names a role word.
_ROLE_WORDS = "|".join(re.escape(w) for w in ROLE_WORDS)
_ROLE = rf"(?P<role>{_ROLE_WORDS})"
_ADJ = (
    r"(?:(?:best|good|close|old|older|younger|little|big|new|eldest|oldest|youngest|twin|"
    r"only|ex|former)\s+)*"
)
_ANCHOR = r"(?P<anchor>[^\W\d_][\w-]{0,40})"
# Any noun after a name's possessive is read as a role (a predicate may name it: "Tom
# landlord_of Karl"); after "my" only the known role words are, since "my diet" is no role.
# A role word that only qualifies the noun after it names no one: "my dentist appointment",
# "Tom's physio sessions" ask about the appointment, not the dentist.
_QUALIFIES = (
    r"(?!\s+(?:appointments?|appts?|office|surgery|practice|check-?ups?|clinic|bills?|"
    r"fees?|sessions?|meetings?|referrals?)\b)"
)
_POSSESSIVE = re.compile(
    rf"\b{_ANCHOR}'s?\s+{_ADJ}(?P<role>[a-zà-öø-ÿ][a-zà-öø-ÿ-]{{2,24}})\b{_QUALIFIES}"
)
# "my Italian tutor", "our new piano teacher": one word may tell what the role is for
_FOR_WHAT = rf"(?:[A-Za-z][\w-]{{1,20}}\s+(?=(?:{_ROLE_WORDS})\b))?"
_MY = re.compile(rf"\b(?P<anchor>my|our)\s+{_ADJ}{_FOR_WHAT}{_ROLE}\b{_QUALIFIES}")
# "his/her/their nephew": the nephew of the one person the query names ("What is Lena
# getting her nephew?"); with no name, or several, the pronoun anchors nothing.
_THEIR = re.compile(rf"\b(?P<anchor>his|her|their)\s+{_ADJ}{_ROLE}\b")
_NAME_WORD = re.compile(r"(?<![\w'])([A-Z][\w-]{0,40})")
#: Capitalised words that open a question or request rather than name someone.
_OPENERS = frozenset(
    """
    i a an the any what who whom whose when where why how which did does do is are was were
    can could should would will has have had tell give find show remind please and but so
    if in on at for to with
    """.split()  # noqa: SIM905
)
_OF = re.compile(rf"\bthe\s+{_ADJ}{_ROLE}\s+of\s+{_ANCHOR}\b")
_CLAUSE = re.compile(
    rf"\b(?:the|my|our)\s+{_ADJ}(?P<head>{_ROLE_WORDS}|person|guy|woman|man|one)\s+"
    r"(?:(?:who|whom|that)\s+)?(?:i|we)\s+(?P<clause>[^?.!,;]{1,80})"
)
# "Who is Pete married to?", "who's Anna dating": the person the named one is a couple with
_COUPLED = re.compile(
    rf"\b(?:is|are|was|'s)\s+{_ANCHOR}\s+(?P<role>married|engaged|dating|seeing)\b"
)
_COUPLE_ROLES = {"married": "spouse", "engaged": "fiance", "dating": "partner", "seeing": "partner"}
# "Who teaches Kavya?", "who manages Alice": the one who holds the role the verb names
_DOES = re.compile(
    rf"\bwho\s+(?P<verb>teaches|coaches|tutors|manages|supervises|treats|babysits)"
    rf"\s+{_ANCHOR}"
)
# "Who lives in the flat now?", "who's renting my place": the asker's tenant, when the owner
# has one (a question about a town finds no tenant and resolves nothing)
_RENTS = re.compile(
    r"\bwho(?:'s|\s+is)?\s+(?:lives|living|rents|renting|stays|staying)\s+(?:(?:in|at)\s+)?"
    r"(?:(?:my|our|the)\s+(?:[\w-]+\s+){0,2}?(?:flat|house|place|room|apartment|property|"
    r"studio|annex|annexe|cottage|unit|basement|attic)|upstairs|downstairs)\b"
)
_DOER_ROLES = {
    "teaches": "teacher",
    "coaches": "teacher",
    "tutors": "teacher",
    "manages": "boss",
    "supervises": "boss",
    "treats": "doctor",
    "babysits": "nanny",
}
#: What one calls one's parents and grandparents, capitalised as a name: "Where does Mum live
#: now?", "What medication is Dad on?" (the asker's).
_CALLED = re.compile(
    r"(?<![\w'])(?P<role>"
    + "|".join(
        w.capitalize()
        for w in sorted({"mum", "mom", "mam", "dad", "grandma", "grandpa", *FAMILY_WORDS})
        if ALIASES.get(w, w) in {"mother", "father", "grandmother", "grandfather"}
    )
    + r")(?![\w'-])"
)
_SELF_WORDS = frozenset({"my", "our", "mine", "ours"})
_NOT_ANCHORS = frozenset({"what", "who", "that", "it", "there", "here", "let", "one", "he", "she"})
_CLAUSE_STOP = frozenset({"a", "an", "the", "on", "at", "in", "to", "with", "every", "each",
                          "usually", "often", "always", "sometimes", "have", "has", "had",
                          "do", "did", "go", "went", "mostly", "regularly", "fridays",
                          "mondays", "tuesdays", "wednesdays", "thursdays", "saturdays",
                          "sundays", "weekends", "week"})  # fmt: skip
SELF = "\x00self"  # the anchor of "my X": the speaker's own entity


@dataclass(frozen=True)
class RolePhrase:
    """One relational phrase of the query: ``anchor``'s ``role`` (``SELF`` for "my")."""

    text: str
    anchor: str
    role: str
    clause: frozenset[str] = frozenset()


def _role(word: str) -> str:
    return ALIASES.get(word, word)


def phrases(query: str) -> list[RolePhrase]:
    """The relational phrases of ``query`` (lower-cased; curly apostrophes straightened)."""
    text = " ".join(query.replace("\u2019", "'").lower().split())
    found: list[RolePhrase] = []
    for match in _CLAUSE.finditer(text):
        words = frozenset(re.findall(r"[a-z]+", match.group("clause"))) - _CLAUSE_STOP
        if words:
            found.append(RolePhrase(match.group(0), SELF, _role(match.group("head")), words))
    taken = " ".join(p.text for p in found)
    for pattern in (_POSSESSIVE, _MY, _OF):
        for match in pattern.finditer(text):
            anchor = match.group("anchor")
            if anchor in _NOT_ANCHORS or match.group(0) in taken:
                continue
            anchor = SELF if anchor in _SELF_WORDS else anchor
            found.append(RolePhrase(match.group(0), anchor, _role(match.group("role"))))
    for pattern, roles in ((_COUPLED, _COUPLE_ROLES), (_DOES, _DOER_ROLES)):
        for match in pattern.finditer(text):
            anchor = match.group("anchor")
            if anchor in _NOT_ANCHORS or anchor in _SELF_WORDS or anchor == "i":
                continue
            anchor = SELF if anchor in {"me", "us"} else anchor  # "Who teaches me?"
            role = roles[match.group("role" if pattern is _COUPLED else "verb")]
            found.append(RolePhrase(match.group(0), anchor, role))
    for match in _RENTS.finditer(text):  # "Who lives in the Salford flat now?"
        found.append(RolePhrase(match.group(0), SELF, "tenant"))
    for match in _CALLED.finditer(query):  # "Mum", not "my mum" (read above) nor "mum's"
        word = match.group("role").lower()
        if not any(p.role == _role(word) and p.anchor == SELF for p in found):
            found.append(RolePhrase(word, SELF, _role(word)))
    named = _only_name(query)
    if named is None:
        return found
    for match in _THEIR.finditer(text):
        if match.group(0) not in taken:
            found.append(RolePhrase(match.group(0), named, _role(match.group("role"))))
    return found


def names(query: str) -> set[str]:
    """The names of ``query``: its capitalised words that are not question or function words
    ("Lena" in "What is Lena getting her nephew?"), lower-cased."""
    words = query.replace("\u2019", "'").split()
    found = {m.group(1).lower() for w in words if (m := _NAME_WORD.match(w))}
    return found - _OPENERS - _NOT_ANCHORS


def _only_name(query: str) -> str | None:
    """The one name of ``query`` (:func:`names`), or None when there is none or several."""
    found = names(query)
    return next(iter(found)) if len(found) == 1 else None
