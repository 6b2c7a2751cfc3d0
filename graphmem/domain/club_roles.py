"""Roles held in a club, a team or a committee ("captain", "chair", "treasurer"), in their
one spelling: the offline extractor writes ``holds_role`` with it
(:mod:`graphmem.extraction.pattern_rules_roles`), and a question naming a role asks who
holds it now (:mod:`graphmem.search.time_cues`, :mod:`graphmem.search.temporal`)."""

from __future__ import annotations

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
}

#: Every role's one spelling.
ROLES = frozenset(ROLE_FORMS.values())


def role_form(written: str) -> str:
    """The one spelling of a role as written ("Captaincy" -> "captain")."""
    key = " ".join(written.lower().split())
    return ROLE_FORMS.get(key, key)
