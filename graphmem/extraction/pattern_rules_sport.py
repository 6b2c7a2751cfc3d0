"""The sentence patterns of the teams one plays a sport for: "Felix has been picked for the
county cricket squad", "they made me captain of the Sunday league team", "Jo plays for
Hollins Park FC". Each gives ``plays_for`` (one may play for several teams: no lifecycle
slot). Part of the table :mod:`.pattern_rules` applies; roles held in them are in
:mod:`.pattern_rules_roles`."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import ADV, CAP, FP, NAME, PERFECT
from graphmem.extraction.pattern_rule import Rule, rule

#: A team by its kind, with up to three words before it ("the county cricket squad", "our
#: Sunday league team", "the under-12s side").
_SQUAD = (
    r"(?P<t>(?:[\w'-]+\s+){0,3}?(?i:squad|team|side|first\s+team|first\s+eleven|eleven|XI|"
    r"academy|club))(?![\w'-])"
)
#: A club by its name ("Hollins Park FC", "Leeds Rhinos").
_CLUB = rf"(?P<t>{CAP}(?:\s+{CAP}){{0,3}})(?![\w'-])"
#: Who: the speaker, someone named (or a relative as the patterns name them), or no one
#: written ("Got picked for the county squad!").
_WHO = rf"(?:(?:{FP}|{NAME})(?:{PERFECT}|'s|\s+has|\s+was|\s+is|'m|\s+am)?\s+|^|(?<=[,;]\s))"

_PLAYS = rf"{_WHO}{ADV}(?i:play|plays|playing|played|signed|signing)\s+(?i:for)\s+"

SPORT_RULES: tuple[Rule, ...] = (
    # "Felix has been picked for the county cricket squad", "I got selected for the first team"
    rule(rf"{_WHO}{ADV}(?:(?i:been|got|was|just)\s+)*(?i:picked|selected|chosen|called\s+up)\s+"
          rf"(?i:for|to)\s+(?i:the|our|their|his|her|my)\s+{_SQUAD}", "plays_for", event=True),
    # "they made me captain of the Sunday league team", "Jo's captain of the netball team"
    rule(rf"(?:(?i:made\s+me)|{_WHO}{ADV}(?:(?i:been|got|was)\s+)*(?:(?i:made)\s+)?)\s*"
          rf"(?:(?i:the\s+)?(?:new\s+)?)(?i:captain|vice[\s-]captain|skipper)\s+(?i:of)\s+"
          rf"(?i:the|our|their|his|her|my)\s+{_SQUAD}", "plays_for"),
    # "I play for Hollins Park FC", "Jo plays for the under-15s team", "signed for Leeds Rhinos"
    rule(rf"{_PLAYS}(?i:the|our|their|his|her|my)\s+{_SQUAD}", "plays_for"),
    rule(rf"{_PLAYS}(?:the\s+)?(?=[A-Z]){_CLUB}", "plays_for"),
)  # fmt: skip
