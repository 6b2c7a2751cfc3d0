"""The sentence patterns of where one works, told by the field one works in: "From May I'll be
doing UX at Monzo", "Gethin's doing marketing for Unilever", "she does the accounts at a
garage called Fenwick's". Part of the table :mod:`.pattern_rules` applies; the other work
patterns are in :mod:`.pattern_rules_work`."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.extraction.pattern_fragments import ADV, FP, NAME, ORG
from graphmem.extraction.pattern_rule import Rule, rule

#: Fields of work, in lower case ("doing marketing at", "does payroll for").
_FIELDS = alternation(
    w.replace("_", " ")
    for w in """
    admin accounts accounting finance payroll bookkeeping marketing sales recruitment
    research engineering design graphic_design web_design product_design
    software_development web_development development data_science data_analysis
    analytics comms communications logistics procurement compliance consulting consultancy
    fundraising events policy reception security catering customer_service
    customer_support tech_support support copywriting content social_media
    publicity photography editing journalism teaching tutoring nursing physio physiotherapy
    admissions operations ops project_management
    """.split()  # noqa: SIM905
)
#: Fields written as initials, which must be capitals ("doing IT at", not "doing it at").
_INITIALS = r"UX|UI|HR|IT|PR|QA|SEO|CX|IT\s+support|UX\s+design|UI\s+design|UX\s+research"
#: Who does it, and how the verb is told: "I'll be doing", "I'm doing", "I do", "Gethin's
#: doing", "she does" (the pronoun read as who she is), or the sentence's start ("From May
#: I'll be doing": not a name "From May I").
_WHO = (
    rf"(?:{FP}(?:'ll|\s+will|'m|\s+am|'re|\s+are|'ve|\s+have)?(?:\s+(?i:be|been))?\s+|"
    rf"{NAME}(?<!\sI)(?:(?:'s|\s+is|\s+will\s+be|'ll\s+be|\s+has\s+been)\s+|\s+(?=(?i:does)\s))|^|"
    r"(?<=[,;]\s))"
)

FIELD_RULES: tuple[Rule, ...] = (
    rule(rf"{_WHO}{ADV}(?i:doing|do|does)\s+(?:(?i:the)\s+)?(?:(?i:{_FIELDS})|{_INITIALS})"
          rf"\s+(?i:at|for)\s+(?:the\s+)?(?=[A-Z]){ORG}", "works_at", "names"),
)  # fmt: skip
