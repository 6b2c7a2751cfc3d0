"""Roles held in a club, a team, a committee or a band ("captain", "chair", "treasurer",
"drummer"), in their
one spelling: the offline extractor writes ``holds_role`` with it
(:mod:`graphmem.extraction.pattern_rules_roles`), and a question naming a role asks who
holds it now (:mod:`graphmem.search.time_cues`, :mod:`graphmem.search.temporal`)."""

from __future__ import annotations

from graphmem.domain.alternation import alternation

#: Each way a role is written, and its one spelling.
ROLE_FORMS: dict[str, str] = {
    **dict.fromkeys(("captain", "captaincy", "skipper", "club captain", "team captain"), "captain"),
    **dict.fromkeys(("vice-captain", "vice captain"), "vice-captain"),
    **dict.fromkeys(
        ("chair", "chairman", "chairwoman", "chairperson", "chairmanship", "chair role"), "chair"
    ),
    **dict.fromkeys(("vice-chair", "vice chair"), "vice-chair"),
    **dict.fromkeys(("treasurer", "treasurer job", "treasurer role"), "treasurer"),
    **dict.fromkeys(("secretary", "secretary job", "secretary role"), "secretary"),
    **dict.fromkeys(("president", "presidency"), "president"),
    **dict.fromkeys(("vice-president", "vice president"), "vice-president"),
    **dict.fromkeys(("organiser", "organizer"), "organiser"),
    **{form: form for form in ("coordinator", "convenor", "trustee", "warden")},
    "convener": "convenor",
    # a band's
    **dict.fromkeys(
        ("singer", "lead singer", "vocalist", "lead vocalist", "frontman", "frontwoman"), "singer"
    ),
    **dict.fromkeys(("bassist", "bass player"), "bass player"),
    "drummer": "drummer",
    **dict.fromkeys(
        ("guitarist", "lead guitarist", "rhythm guitarist", "guitar player"), "guitarist"
    ),
    **dict.fromkeys(("keyboardist", "keyboard player", "keys player"), "keyboard player"),
    **{form: form for form in ("organist", "pianist", "violinist", "cellist", "conductor")},
}
#: A band's role told by what one is on ("Dev's on drums").
ON_INSTRUMENT: dict[str, str] = {
    "drums": "drummer", "bass": "bass player", "vocals": "singer", "guitar": "guitarist",
    "lead guitar": "guitarist", "rhythm guitar": "guitarist", "keys": "keyboard player",
    "keyboards": "keyboard player",
}  # fmt: skip
#: Words a question may name a role by that are none of its written forms ("Who *sings* in
#: the band now?", "Who plays the *organ*?").
_DOING: dict[str, tuple[str, ...]] = {
    "singer": ("sing", "sings", "singing"),
    "organist": ("organ",),
    "pianist": ("piano",),
    "violinist": ("violin",),
    "cellist": ("cello",),
    "conductor": ("conducts",),
}
#: Each role's one-word written forms ("captaincy", "skipper"; "drums" for the drummer) and
#: what it does: the words a question names it by (:mod:`graphmem.search.temporal`).
NAMED_BY: dict[str, tuple[str, ...]] = {
    role: tuple(
        form
        for written in (ROLE_FORMS, ON_INSTRUMENT)
        for form, spelled in written.items()
        if spelled == role and " " not in form
    )
    + _DOING.get(role, ())
    for role in set(ROLE_FORMS.values())
}
#: The written forms as a regex alternation, longest first ("vice captain" before
#: "captain"), any whitespace inside: for the extractor's patterns and the questions' cues.
ROLE_PATTERN = alternation(ROLE_FORMS)


def role_form(written: str) -> str:
    """The one spelling of a role as written ("Captaincy" -> "captain")."""
    key = " ".join(written.lower().split())
    return ROLE_FORMS.get(key) or ON_INSTRUMENT.get(key, key)
