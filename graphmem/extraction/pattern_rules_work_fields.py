"""The sentence patterns of where one works, told by the field one works in: "From May I'll be
doing UX at Monzo", "Gethin's doing marketing for Unilever", "she does the accounts at a
garage called Fenwick's"; or by the shifts one works on a ward ("Started nights on the
cardiac ward", "I'm on day shifts in A&E now"). Part of the table :mod:`.pattern_rules`
applies; the other work patterns are in :mod:`.pattern_rules_work`."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.extraction.pattern_fragments import ADV, BE1, FP, NAME, ORG, PERFECT
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

#: Shifts one works ("nights", "day shifts", "lates").
_SHIFTS = (
    r"(?i:nights|days|lates|earlies|weekends|twilights|(?:night|day|late|early|long)\s+shifts|"
    r"shifts)"
)
#: A ward or a hospital department ("the cardiac ward", "Ward 7", "A&E", "the ICU").
_WARD = (
    r"(?P<t>(?:[a-z][\w'-]*\s+){1,2}(?i:ward|unit|department)|(?i:ward)\s+\d+[A-Z]?|"
    r"(?:[A-Z][\w'-]*\s+)?(?:A&E|ICU|NICU|PICU|HDU|ITU|CCU|AMU|ED|ER)|"
    r"(?i:maternity|paediatrics|pediatrics|oncology|cardiology|neurology|theatres|outpatients|"
    r"radiology|orthopaedics|orthopedics|geriatrics|surgery|recovery|triage|resus))(?![\w&])"
)

FIELD_RULES: tuple[Rule, ...] = (
    # "Started nights on the cardiac ward", "I'm on day shifts in A&E now", "Ama's doing
    # nights in ICU": where one works, told by the shifts one works there
    rule(rf"(?:{BE1}\s+|{FP}{PERFECT}\s+|{NAME}(?<!\sI)(?:'s|\s+is|\s+has)\s+|^|(?<=[,;]\s))"
          rf"(?:(?i:been)\s+)?{ADV}(?i:started|starting|start|doing|on|working|work|works|back\s+on|moved\s+to|"
          rf"moving\s+to)\s+(?:(?i:on)\s+)?{_SHIFTS}\s+(?i:on|in|at)\s+(?:(?i:the)\s+)?{_WARD}",
          "works_at", event=True),
    rule(rf"{_WHO}{ADV}(?i:doing|do|does)\s+(?:(?i:the)\s+)?(?:(?i:{_FIELDS})|{_INITIALS})"
          rf"\s+(?i:at|for)\s+(?:the\s+)?(?=[A-Z]){ORG}", "works_at", "names"),
)  # fmt: skip
