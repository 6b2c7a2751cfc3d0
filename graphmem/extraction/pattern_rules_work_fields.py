"""The sentence patterns of where one works, told by the field one works in: "From May I'll be
doing UX at Monzo", "Gethin's doing marketing for Unilever", "she does the accounts at a
garage called Fenwick's"; or by the shifts one works on a ward ("Started nights on the
cardiac ward", "I'm on day shifts in A&E now"); or by the years spent there ("35 years at the
steelworks", read as former in a message that tells a retirement). Part of the table
:mod:`.pattern_rules` applies; the other work patterns are in :mod:`.pattern_rules_work`."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.extraction.pattern_fragments import ADV, BE1, FP, NAME, ORG, PERFECT, QUIT_PLACE
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

#: Years spent somewhere, in figures or words ("35 years", "thirty years", "over twenty years").
_YEARS = (
    r"(?<![\w'])(?:(?i:over|nearly|almost|after)\s+)?(?:\d{1,2}|(?i:ten|twelve|fifteen|twenty|"
    r"thirty|forty|(?:twenty|thirty|forty)[\s-](?:one|two|three|four|five|six|seven|eight|nine)))"
    r"\s+(?i:years)"
)
#: Workplaces by kind beyond those one quits ("the steelworks", "the pit", "the council").
_WORKS = r"(?:steelworks|works|pit|mine|colliery|council|post\s+office|railway|docks|mill|plant)\b"

FIELD_RULES: tuple[Rule, ...] = (
    # "Retired at last! 35 years at the steelworks", "I retired after 30 years at Tata": where
    # one worked, by the years spent there (the speaker's only: told first, or after "I")
    rule(rf"{_YEARS}\s+(?i:at|with)\s+(?i:the)\s+(?P<t>(?i:{QUIT_PLACE}|{_WORKS}))",
          "works_at", first_person_before=True),
    rule(rf"{_YEARS}\s+(?i:at|with)\s+(?:the\s+)?(?=[A-Z]){ORG}", "works_at", "names",
          first_person_before=True),
    # "Started nights on the cardiac ward", "I'm on day shifts in A&E now", "Ama's doing
    # nights in ICU": where one works, told by the shifts one works there
    rule(rf"(?:{BE1}\s+|{FP}{PERFECT}\s+|{NAME}(?<!\sI)(?:'s|\s+is|\s+has)\s+|^|(?<=[,;]\s))"
          rf"(?:(?i:been)\s+)?{ADV}(?i:started|starting|start|doing|on|working|work|works|back\s+on|moved\s+to|"
          rf"moving\s+to)\s+(?:(?i:on)\s+)?{_SHIFTS}\s+(?i:on|in|at)\s+(?:(?i:the)\s+)?{_WARD}",
          "works_at", event=True),
    rule(rf"{_WHO}{ADV}(?i:doing|do|does)\s+(?:(?i:the)\s+)?(?:(?i:{_FIELDS})|{_INITIALS})"
          rf"\s+(?i:at|for)\s+(?:the\s+)?(?=[A-Z]){ORG}", "works_at", "names"),
)  # fmt: skip
