"""The sentence patterns of roles held in a club, a team or a committee: "I got voted in as
treasurer", "Pam is still chair", "Had to give up captaincy, Derek's taking over", "I've
handed the treasurer job to Maureen". Each gives ``holds_role`` and the role's one spelling
(``captain``, ``chair`` …, :mod:`graphmem.domain.club_roles`); stepping down, giving up or
handing on a role are denials, which end it for the lifecycle. Part of the table
:mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.domain.club_roles import ON_INSTRUMENT, ROLE_PATTERN
from graphmem.extraction.pattern_fragments import (
    ADV,
    BE1,
    CALLED,
    CAP,
    FP,
    HONORIFIC,
    NAME,
    PERFECT,
    PERSON,
    SOMEONE,
)
from graphmem.extraction.pattern_rule import Rule, rule

#: A role in the speaker's words (longest first, so "vice captain" is not "captain").
ROLE = rf"(?P<t>(?i:{ROLE_PATTERN}))(?![\w'-])"
#: Not a role in a club: "the captain of my own destiny", "captain of the ship".
_NOT_FIGURATIVE = (
    r"(?!\s+(?i:of\s+(?:my|his|her|their|our|your)\s+own|of\s+(?:the\s+)?(?:ship|boat|plane)))"
)
_SOME = r"(?:(?i:still|now|also|the|our|their|new|club|team|society|committee)\s+)*"

_INSTRUMENT = alternation(ON_INSTRUMENT)
#: Who someone is, before "called" ("a lass called Morwenna").
_SOMEONE = rf"(?:{SOMEONE}|(?i:kid|person))"
#: One leaving the band (or the team, the committee): whatever role they held ends.
_GROUP = r"(?i:band|group|team|committee|club|choir|society)"

ROLE_RULES: tuple[Rule, ...] = (
    # "I'm captain this year", "I'm the new treasurer"
    rule(rf"{BE1}\s+{ADV}{_SOME}{ROLE}{_NOT_FIGURATIVE}", "holds_role", "role"),
    # "Pam is still chair", "Keith's the new chair"
    rule(rf"{NAME}(?:\s+is|'s)\s+{ADV}{_SOME}{ROLE}{_NOT_FIGURATIVE}",
          "holds_role", "role"),
    # "I got voted in as treasurer", "Keith was elected chair", "they made me secretary"
    rule(rf"(?:(?:{FP}|{NAME})(?:{PERFECT}|\s+(?:got|was|were|has\s+been|have\s+been|'s\s+been))?"
          rf"\s+|^|(?<=[,;]\s))(?:(?i:got|was|been)\s+)?{ADV}(?i:voted|elected|appointed|named|chosen|"
          rf"co-opted)\s+(?:(?i:in)\s+)?(?:(?i:as)\s+)?{_SOME}{ROLE}", "holds_role", "role",
          event=True),
    rule(rf"(?<![\w'])(?i:made)\s+(?i:me)\s+{_SOME}{ROLE}", "holds_role", "role", event=True),
    # "I've been made captain of the Hornets", "Keith got made chair" (not "I made chair covers")
    rule(rf"(?:(?:{FP}|{NAME})(?:{PERFECT}|'s)?\s+|^|(?<=[,;]\s))(?i:got|was|were|been)\s+{ADV}"
          rf"(?i:made)\s+{_SOME}{ROLE}{_NOT_FIGURATIVE}", "holds_role", "role", event=True),
    # "joined the allotment committee as secretary", "Jo's joined the band as drummer"
    rule(rf"(?:(?:{FP}|{NAME})(?:{PERFECT}|'s|\s+has)?\s+|^|(?<=[,;]\s)){ADV}(?i:joined|joining|"
          rf"rejoined)\s+(?:(?i:the|our|their|a)\s+)?(?:[\w'-]+\s+){{0,3}}?{_GROUP}\s+(?i:as)\s+"
          rf"{_SOME}{ROLE}", "holds_role", "role", event=True),
    # "first month as treasurer, lots to learn"
    rule(rf"(?<![\w'])(?:(?i:my)\s+)?(?i:first|second)\s+(?:(?i:few)\s+)?(?i:days?|weeks?|months?|"
          rf"years?|season|meeting)\s+(?i:as)\s+{_SOME}{ROLE}", "holds_role", "role", event=True),
    # "Had to give up captaincy, Derek's taking over", "Pam stepped down as chair, Keith took
    # over": the one who takes over holds the role just given up
    rule(rf"(?i:up|as|down\s+from)\s+(?:(?i:the|my|her|his)\s+)?{ROLE}[^.!?;]{{0,40}}?(?:[,;]\s*"
          rf"(?:(?i:and|so)\s+)?|\s+(?i:and|so)\s+)(?P<s>{CAP}(?:\s+{CAP})?)(?:'s|\s+is|\s+has)?\s+{ADV}"
          rf"(?i:taking|took|takes|taken|is\s+taking)\s+(?i:over)\b", "holds_role", "role",
          event=True),
    # "Derek's taking over as captain", "Keith took over as chair"
    rule(rf"{NAME}(?:'s|\s+is|\s+has)?\s+{ADV}(?i:taking|took|takes|taken)\s+(?i:over)\s+(?i:as)\s+"
          rf"{_SOME}{ROLE}", "holds_role", "role", event=True),
    # "I've handed the treasurer job to Maureen", "passed the captaincy on to Jo": hers now
    rule(rf"(?i:handed|handing|passed|passing|gave|given)\s+(?:(?i:over|on)\s+)?(?:(?i:the|my)\s+)?"
          rf"{ROLE}(?:\s+(?i:job|role|position))?\s+(?:(?i:over|on)\s+)?(?i:to)\s+(?P<s>{CAP}"
          rf"(?:\s+{CAP})?)", "holds_role", "role", event=True),
    # a band's: "our new bassist is a lad called Theo", "we got a new singer, Maya", "Dev's on
    # drums", "Hannah quit the band" (a denial of whatever role she held)
    rule(rf"(?<![\w'])(?i:our|my|the|their)\s+(?:(?i:new)\s+)?{ROLE}(?:{CALLED}|\s+(?i:is)\s+"
          rf"(?:(?i:now)\s+)?){HONORIFIC}{PERSON}", "holds_role", "role"),
    # "found a new drummer, a lass called Morwenna", "we've a new treasurer called Jan"
    rule(rf"(?<![\w'])(?i:got|found|hired|recruited|have)\s+(?i:a)\s+(?i:new)\s+{ROLE}(?:,\s+"
          rf"(?:(?i:an?)\s+{_SOMEONE}\s+(?i:called|named)\s+)?|\s+(?i:called|named)\s+){PERSON}"
          rf"(?![\w'-])", "holds_role", "role", event=True),
    # "our drummer Kez quit the band", "the chair Pam said no": the role, then who holds it
    rule(rf"(?<![\w'])(?i:our|my|the|their)\s+{ROLE}\s+(?P<s>{CAP})(?![\w'-])(?!\s+{CAP})",
          "holds_role", "role"),
    rule(rf"(?:{NAME}(?:'s|\s+is)|{BE1})\s+{ADV}(?i:on)\s+(?P<t>(?i:{_INSTRUMENT}))\b",
          "holds_role", "role"),
    # a line-up: "Me on guitar, my cousin Rafi on drums and a girl called Tess singing"
    rule(rf"{NAME}\s+(?i:on)\s+(?P<t>(?i:{_INSTRUMENT}))\b(?=\s*(?:[,.;!]|$|\s+(?i:and)\b))",
          "holds_role", "role"),
    rule(rf"{NAME}\s+{ADV}(?i:plays)\s+(?P<t>(?i:bass|drums|keys|keyboards|lead\s+guitar|rhythm\s+"
          rf"guitar))\b(?=\s*(?:[,.;!?]|$)|\s+(?i:in|for)\s+(?i:the|our|a)\s+(?i:band|group)\b)",
          "holds_role", "role"),
    rule(rf"{NAME}(?:\s+has)?\s+{ADV}(?i:quit|left|leaving|is\s+leaving|'s\s+leaving)\s+(?i:the|our)\s+"
          rf"{_GROUP}\b", "role_quit", denial=True),
    # what ended (denials): "Pam stepped down as chair", "had to give up captaincy", "I've
    # handed the treasurer job to Maureen", "I'm no longer secretary"
    rule(rf"(?:(?:{FP}|{NAME}){PERFECT}\s+|^|(?<=[,;]\s)){ADV}(?i:stepped|stood|stepping|standing|"
          rf"step|stand)\s+(?i:down)\s+(?i:as|from)\s+{_SOME}{ROLE}", "holds_role", "role",
          denial=True),
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?:(?i:had|have)\s+to\s+)?(?i:give|gave|given|"
          rf"giving|resigned|resign|quit)\s+(?:(?i:up)\s+)?(?:(?i:the|my|as)\s+)?{ROLE}",
          "holds_role", "role", denial=True),
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?i:handed|passed)\s+(?:(?i:over|on)\s+)?"
          rf"(?:(?i:the|my)\s+)?{ROLE}(?:\s+(?i:job|role|position))?\s+(?:(?i:over|on)\s+)?"
          rf"(?i:to)\s+{CAP}", "holds_role", "role", denial=True),
    rule(rf"{BE1}\s+(?i:no\s+longer)\s+{_SOME}{ROLE}", "holds_role", "role", negative=True,
          denial=True),
)  # fmt: skip
