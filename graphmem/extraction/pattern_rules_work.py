"""The sentence patterns of work and study told in chat's own words: a job told with what it
is before where ("a part-time job pulling pints at the Swan"), a job named without a verb
("Summer internship at Rolls-Royce"), a degree and where ("second year of my physics degree
at Durham"), someone hired ("hired a new baker, Femi") and an employee's notice. Part of the
table :mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.domain.schooling import SUBJECTS
from graphmem.extraction.pattern_fragments import (
    A_SOMEONE,
    A_WORKPLACE,
    ADV,
    BE1,
    CAP,
    FP,
    IM,
    NAME,
    NOT_SAID_OF,
    ORG,
    PERFECT,
    QUIT_PLACE,
    TITLE_WORDS,
    WORK_UNIT,
)
from graphmem.extraction.pattern_rule import Rule, TargetKind, rule

#: Kinds of a job ("a part-time job", "a summer internship", "my first placement").
_JOB = (
    r"(?i:job|internship|placement|apprenticeship|traineeship|residency|gig|position|role|"
    r"post|contract|secondment)"
)
_JOB_KIND = (
    r"(?:(?i:new|first|part-time|full-time|part\s+time|full\s+time|summer|weekend|evening|"
    r"holiday|temp|temporary|"
    r"permanent|paid|unpaid|six-month|year-long|graduate|dream|proper|little|second)\s+){0,3}"
)
#: Not the job itself: "a job interview at Google", "a job offer from Arup", "job hunting".
_NOT_THE_JOB = (
    r"(?!\s+(?i:interviews?|offers?|applications?|fairs?|hunt|hunting|search|searching|adverts?|"
    r"ads?|listings?|postings?|descriptions?|titles?|centre|center)\b)"
)
#: A team at work by what it does ("the payments squad", "the fraud team", "the news desk")
_TEAM = (
    r"(?P<t>(?!(?:same|whole|other|entire|first|second|a|b|new|old)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?"
    r"\s+(?i:team|squad|desk))\b"
)
#: A school or college by name ("St Mary's"), and its kind after it ("primary")
_SCHOOL_NAME = r"(?:St\.?\s+)?(?=[A-Z])[\w'-]+(?:\s+[A-Z][\w'-]*){0,3}"
_SCHOOL_KIND = (
    r"\s+(?i:primary|secondary|school|college|uni|university|nursery|academy|high|sixth\s+form)\b"
)
#: What the job is, told between the job and where ("pulling pints", "as a barista").
_DOING = r"(?:(?:[a-z][\w'-]*\s+){1,4}?)?"
#: Where a title told after "as a" ends ("… as a receptionist", "… as a nurse in May").
_TITLE_END = r"(?=\s*(?:[,.;!?]|$|\s+(?i:in|on|from|next|last|this|now|since)\b))"
#: Where a job is: a name, maybe after "the" ("at the Swan", "with Rolls-Royce").
_AT = rf"(?i:at|with|for)\s+(?:the\s+)?(?=[A-Z]){ORG}"
#: A degree by its subject ("my physics degree", "a history MA").
_DEGREE_OF = (
    r"(?i:my|a|an|the|her|his)\s+(?P<subject>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+"
    r"(?i:degree|course|masters|master's|ma|msc|ba|bsc|phd|doctorate|diploma|apprenticeship)"
)
#: A branch of a subject ("civil engineering", "modern history", "applied maths").
_BRANCH = (
    r"civil|mechanical|electrical|electronic|chemical|software|aerospace|biomedical|structural|"
    r"environmental|computer|political|social|clinical|modern|ancient|medieval|applied|pure|"
    r"theoretical|marine|sports|business|forensic|molecular|organic|international|english"
)
#: A subject of study, by name ("medicine", "law"), after its year ("first year medicine",
#: "final year of my law degree") and before where ("… at Glasgow").
_SUBJECT = rf"(?:(?i:{_BRANCH})\s+)?(?i:{alternation(SUBJECTS)})"
_YEAR_OF = (
    r"(?<![\w'])(?i:first|second|third|fourth|final|1st|2nd|3rd|4th)\s+(?i:year)\s+(?:(?i:of)\s+)?"
    r"(?:(?i:my|a)\s+)?"
)
_AT_SCHOOL = r"(?:\s+(?i:degree|course))?\s+(?i:at)\s+"
#: How one works, told before for whom ("working remote for Klarna").
_HOW = (
    r"(?:(?i:remote|remotely|from\s+home|hybrid|freelance|full-time|part-time|full\s+time|"
    r"part\s+time|on\s+contract|as\s+a\s+contractor|weekends|nights|evenings)\s+)?"
)
#: Staff taken on ("hired a new baker, Femi", "took on an apprentice, Jade").
_HIRED = r"(?i:hired|employed|recruited|took\s+on|taken\s+on|brought\s+on|brought\s+in)"

#: Taken on, told of the one taken on ("got hired as an electrician at Van Dijk").
_HIRED_PASSIVE = (
    r"(?:(?:(?i:just|finally|recently)\s+)?(?i:got|been|was|were)\s+)?"
    r"(?i:hired|taken\s+on|employed|recruited|appointed|accepted)"
)
#: Staff named after the word ("two staff, Kasia…", "my employees: Jo and Sam").
_STAFF = (
    r"(?:\w+\s+)?(?i:staff|employees|members\s+of\s+staff|staff\s+members|people\s+working"
    r"\s+for\s+(?:me|us))"
)

#: Time away from a job still held ("maternity leave", "a sabbatical").
_LEAVE = (
    r"(?:(?i:maternity|paternity|parental|adoption|sick|compassionate|study|unpaid|extended|"
    r"long-term\s+sick|shared\s+parental)\s+)?(?i:leave|sabbatical|furlough)"
)
#: A workplace told by its kind in lower case ("the council", "the hospital", "work" is not).
_WORKPLACE = (
    r"(?P<t>(?!(?i:work|job|jobs|the|my|our|her|his)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)"
    r"(?=\s*(?:[,.;!?]|$|\s+(?i:until|till|til|for|since|and|so|but|now|right|at\s+the\s+moment)\b))"
)

#: Where leave is taken from, and how the target reads: a name, or a workplace by its kind.
_LEAVE_FROM: tuple[tuple[str, TargetKind], ...] = (
    (rf"(?=[A-Z]){ORG}", "names"),
    (_WORKPLACE, "phrase"),
)

#: One let go ("I was made redundant", "got made redundant", "Tom was made redundant").
_MADE_REDUNDANT = (
    rf"(?:{FP}(?:'ve|\s+have)?\s+{ADV}(?:(?i:was|were|got|been|have\s+been|'ve\s+been)\s+)?|"
    rf"{NAME}\s+{ADV}(?i:was|got|has\s+been|'s\s+been)\s+|^|(?<=[,;]\s)){ADV}(?:(?i:got|been)\s+)?"
    rf"(?i:made)\s+(?i:redundant)"
)

#: A named organisation opening the sentence, as what it did to the speaker is told
#: ("Kontor ran out of money", "Smile Co dropped me", "Sadly, Acme let me go").
_ORG_OPENS = (
    rf"^(?:(?i:so|and|well|sadly|ugh|turns\s+out),?\s+)?(?:the\s+)?(?=[A-Z]){ORG}\s+{PERFECT}\s*"
    rf"{ADV}"
)

#: Where one is back at work, and how the target reads: a name, or a workplace by its kind.
_BACK_AT: tuple[tuple[str, TargetKind], ...] = (
    (rf"(?=[A-Z]){ORG}", "names"),
    (A_WORKPLACE, "phrase"),
)

#: How one gets to work: "getting the 45 bus to work", "I take the train into the office",
#: "I cycle to work"; "no more bus": that way ends.
_VEHICLE = r"(?P<t>(?i:bus|train|tube|tram|metro|ferry|coach|overground))"
_TO_WORK = r"\s+(?i:to|into)\s+(?i:work|the\s+office|school|uni|college)\b"
_BY_ITSELF = r"(?:cycle|drive|walk|bike|run|scoot)"
WORK_RULES: tuple[Rule, ...] = (
    rule(rf"(?:{FP}|{BE1}|^|(?<=[,;]\s))\s*{ADV}(?i:take|taking|get|getting|catch|catching|ride|"
          rf"riding)\s+(?i:the|a)\s+(?:[\w:.-]+\s+)?{_VEHICLE}{_TO_WORK}", "gets_to_work_by",
          "word"),
    rule(rf"(?:{FP}|{BE1}|^|(?<=[,;]\s))\s*{ADV}(?P<t>(?i:{_BY_ITSELF}))(?:s|ing)?{_TO_WORK}",
          "gets_to_work_by", "word"),
    rule(rf"(?<![\w'])(?i:no\s+more)\s+(?:(?i:the)\s+)?(?:[\w:.-]+\s+)?{_VEHICLE}(?![\w'-])",
          "gets_to_work_by", "word", denial=True),
    # "got a part-time job pulling pints at the Swan", "landed a summer internship at Arup"
    rule(rf"(?<![\w'])(?i:got|landed|found|secured|started|start|starting|accepted|taken|took|"
          rf"have|'ve\s+got|offered)\s+(?i:a|an|my|the)\s+(?:[a-z][\w'-]*\s+){{0,3}}?{_JOB}{_NOT_THE_JOB}"
          rf"\s+{_DOING}{_AT}",
          "works_at", "names", event=True, first_person_before=True),
    # "I'm on the payments squad", "Dev's now on the fraud team", "moved onto the data team":
    # the team one works in (one at a time; not "on the same team")
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+is))\s+{ADV}(?:(?i:now|still)\s+)?(?i:on|in)\s+(?i:the|our)\s+"
          rf"{_TEAM}", "on_team"),
    rule(rf"(?:{FP}{PERFECT}|{BE1}|{NAME}(?:'s|\s+has)?|^|(?<=[,;]\s))\s*{ADV}(?:(?i:been|got|was)\s+)?"
          rf"(?i:moved|moving|switched|switching|transferred|transferring)\s+(?i:onto|to|over\s+to|"
          rf"into)\s+(?i:the)\s+{_TEAM}", "on_team", event=True),
    # "I've moved to the Guardian, politics team", "switched to Aviva, on the claims team":
    # the employer moved to, told by the team one is on there
    rule(rf"(?:{FP}{PERFECT}|^|(?<=[,;]\s))\s*{ADV}(?i:moved|switched|gone\s+over|went\s+over)\s+"
          rf"(?i:to)\s+(?:the\s+)?(?=[A-Z]){ORG},\s+{WORK_UNIT}", "works_at", event=True),
    rule(rf"(?:{FP}{PERFECT}|^|(?<=[,;]\s))\s*{ADV}(?i:moved|switched|gone\s+over|went\s+over)\s+"
          rf"(?i:to)\s+(?:the\s+)?[A-Z][^,.;!?]{{0,40}},\s+(?:(?i:on|in)\s+)?(?:(?i:the)\s+)?"
          rf"{_TEAM}", "on_team", event=True),
    # "I'm still at the council, planning department", "Jo's at the BBC, in the news team",
    # "back at work, still at the council in the planning team": where one works, told by the
    # department one is in there
    rule(rf"(?:(?:{IM}|{NAME}(?:'s|\s+is))\s+{ADV}|(?<=[,;]\s)(?=(?i:still|now)\b))(?:(?i:still|now)\s+)?"
          rf"(?i:at)\s+(?:(?i:the)\s+)?(?!(?i:home|work|school|uni|college|university|the\s+beach|"
          rf"the\s+gym)\b)(?P<t>(?:[A-Z][\w&'-]*|[a-z][\w'-]*)(?:\s+[A-Z][\w&'-]*){{0,3}})"
          rf"(?:,\s+(?:(?i:in|on)\s+)?|\s+(?i:in|on)\s+)"
          rf"(?:(?i:the)\s+)?(?!(?i:whole|entire|same|other)\b)(?:[a-z][\w'-]*\s+){{1,2}}"
          rf"(?i:department|dept|team|desk|ward|unit)(?=\s*(?:[,.;!?]|$))", "works_at"),
    # "Nadia's left for a job with Shelter", "she's moving to Leeds for a job at Asda": the job
    rule(rf"(?:{FP}|{NAME})(?:{PERFECT}|'s|\s+has|\s+is|'m|\s+am)?\s+{ADV}(?i:left|leaving|leaves|"
          rf"gone|going|went|moving|moved)\s+(?:(?i:to)\s+[A-Z][\w'-]+\s+)?(?i:for|to)\s+(?i:a|an|the)"
          rf"\s+{_JOB_KIND}{_JOB}{_NOT_THE_JOB}\s+{_AT}", "works_at", "names", event=True),
    # "I've started at the dentist's on Castle Street as a receptionist": where, then the title
    rule(rf"(?<![\w'])(?i:started|starting|start|began|joined|joining)\s+(?i:at|with)\s+"
          rf"(?:(?i:the)\s+)?(?P<t>[^,.;!?]{{2,50}}?)\s+(?i:as)\s+(?i:an?|the)\s+"
          rf"(?P<title>{TITLE_WORDS}?){_TITLE_END}", "works_at", event=True,
          first_person_before=True, titled=True, occupation=True),
    rule(rf"(?<![\w'])(?i:started|starting|start|began|joined|joining)\s+(?i:at|with)\s+"
          rf"[^,.;!?]{{2,50}}?\s+(?i:as)\s+(?i:an?|the)\s+(?P<t>{TITLE_WORDS}?){_TITLE_END}",
          "job_title", "title", event=True, first_person_before=True, occupation=True),
    # "the new job at Zalando is intense", "loving my new role with Oxfam": the speaker's job
    rule(rf"(?<![\w'])(?i:the|my)\s+(?i:new)\s+{_JOB_KIND}{_JOB}{_NOT_THE_JOB}\s+{_AT}",
          "works_at", "names"),
    # "Chloe's got her first teaching job, at Trent Academy": a job by its kind, where after it
    rule(rf"(?:{FP}{PERFECT}|{NAME}(?:'s|\s+has)?)\s+{ADV}(?i:got|landed|found|started|"
          rf"accepted)\s+(?i:her|his|their|my|a|an|the)\s+{_JOB_KIND}(?:[a-z][\w'-]*\s+)?"
          rf"{_JOB}{_NOT_THE_JOB},\s+{_AT}", "works_at", "names", event=True),
    # "got the promotion, senior buyer at Boots", "promoted to head of sales at Aviva": the
    # title now, and where
    rule(rf"(?<![\w'])(?:(?i:promoted)\s+(?i:to)|(?i:promotion)(?:\s+(?i:to))?\s*[,:!-]*)\s+"
          rf"(?:(?i:an?|the)\s+)?(?P<title>{TITLE_WORDS})\s+{_AT}", "works_at", "names",
          event=True, first_person_before=True, titled=True, occupation=True),
    rule(rf"(?<![\w'])(?:(?i:promoted)\s+(?i:to)|(?i:promotion)(?:\s+(?i:to))?\s*[,:!-]*)\s+"
          rf"(?:(?i:an?|the)\s+)?(?P<t>{TITLE_WORDS})\s+(?i:at|with|for)\s+(?=(?:the\s+)?[A-Z])",
          "job_title", "title", event=True, first_person_before=True, occupation=True),
    # "I finally quit the bank", "resigned from the bakery in May": the workplace one left,
    # by its kind, is where one worked (not "quit the pub quiz")
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?i:quit|resigned\s+from|walked\s+out\s+of)\s+"
          rf"(?i:the|my|our)\s+(?P<t>{QUIT_PLACE})(?=\s*(?:[,.;!?]|$|(?i:and|to|after|last|in|"
          rf"on|this|because|so|but|for)\b))", "former_works_at", event=True),
    # "going freelance as a bookkeeper", "went self-employed as a plumber": the job now
    rule(rf"(?<![\w'])(?i:going|gone|went|go|am|'m)\s+(?i:freelance|self-employed)\s+(?i:as)\s+"
          rf"(?i:an?)\s+(?P<t>{TITLE_WORDS}?){_TITLE_END}", "job_title", "title", event=True,
          first_person_before=True, occupation=True),
    # "Summer internship at Rolls-Royce in Derby starting July 6th", "New job at Monzo!":
    # a job named at the start of a message, its "I've got" left out
    rule(rf"^(?:(?i:just|finally|so|and),?\s+)?{_JOB_KIND}{_JOB}{_NOT_THE_JOB}\s+(?:(?i:as)\s+(?i:an?)\s+"
          rf"(?:[a-z][\w'-]*\s+){{1,3}}?)?{_AT}", "works_at", "names", event=True),
    # "second year of my physics degree at Durham", "doing a history MA at King's"
    rule(rf"(?:(?<![\w'])(?i:year|term|semester)\s+(?i:of)\s+|(?<![\w'])(?i:doing|started|"
          rf"starting|finishing|finished|in)\s+){_DEGREE_OF}\s+(?i:at)\s+(?:the\s+)?"
          rf"(?=[A-Z]){ORG}", "studies_at", "names"),
    rule(r"(?:(?<![\w'])(?i:year|term|semester)\s+(?i:of)\s+|(?<![\w'])(?i:doing|started|"
          r"starting|finishing|finished|in)\s+)(?i:my|a|an|her|his)\s+"
          r"(?P<t>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?i:degree|course)\b", "study", "word"),
    # "first year medicine at Glasgow", "final year of law at UCL": what and where one studies
    rule(rf"{_YEAR_OF}(?:{_SUBJECT}){_AT_SCHOOL}(?:the\s+)?(?=[A-Z]){ORG}", "studies_at", "names"),
    rule(rf"{_YEAR_OF}(?P<t>{_SUBJECT}){_AT_SCHOOL}(?=[A-Z])", "study", "word"),
    # "staff nurse on the cardiac ward at St Thomas', nights mostly": a message opening with
    # the speaker's job, its "I'm" left out
    rule(rf"^{ADV}(?:(?i:a|an)\s+)?(?P<title>{TITLE_WORDS})\s+(?:(?i:on|in)\s+(?:the\s+)?"
          rf"(?:[\w-]+\s+){{1,3}}?)?(?i:at|for|with)\s+(?:the\s+)?(?=[A-Z]){ORG}"
          rf"{NOT_SAID_OF}", "works_at", "names", titled=True, occupation=True),
    # "hired a new baker, Femi", "we took on an apprentice called Jade": the speaker employs
    rule(rf"{FP}?{PERFECT}\s*{ADV}{_HIRED}\s+(?i:a|an|another)\s+(?:(?i:new|second|extra|"
          rf"part-time|full-time)\s+)?(?P<title>(?:[a-z][\w'-]*\s+){{0,2}}?[a-z][\w'-]*)"
          rf"(?:,\s*|\s+(?i:called|named)\s+)(?P<t>{CAP}(?:\s+{CAP})?)(?![\w'-])", "employs",
          "names", event=True, titled=True, occupation=True),  # not "hired a van, Dave drove"
    # "took on a new lad, Tyler", "we've hired a girl called Mia": someone taken on, no title
    rule(rf"{FP}?{PERFECT}\s*{ADV}{_HIRED}\s+(?i:a|an|another)\s+(?:(?i:new|young)\s+)?(?i:lad|lass|girl|"
          rf"guy|bloke|woman|man|apprentice|trainee|junior|helper|assistant)(?:,\s*(?:{A_SOMEONE}\s+"
          rf"(?i:called|named)\s+)?|"
          rf"\s+(?i:called|named)\s+)"
          rf"(?P<t>{CAP}(?:\s+{CAP})?)(?![\w'-])", "employs", "names", event=True),
    # "Connor's gone to work for British Gas", "Jo went to work at Arup": their job now
    rule(rf"{NAME}(?:'s|\s+has|\s+is)?\s+{ADV}(?i:gone|going|went|left)\s+(?i:to)\s+(?i:work)\s+"
          rf"(?i:for|at|with)\s+(?:the\s+)?(?=[A-Z]){ORG}", "works_at", "names", event=True),
    # "transferred to Temple station", "got moved to the Leeds branch", "got moved to the
    # cardiac ward", "moved to a Well pharmacy in Newport": where one works now
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?:(?i:got|been|was|have\s+been|'ve\s+been)\s+)?"
          rf"(?i:transferred|moved|posted|seconded|relocated)\s+(?i:to)\s+(?:(?i:the|an?)\s+)?(?P<t>(?:{CAP}"
          rf"(?:\s+{CAP}){{0,2}}\s+(?i:station|branch|office|store|depot|ward|site|team|plant|"
          rf"warehouse|hospital|school|campus|pharmacy|surgery|practice|clinic|salon|"
          rf"garage|lab|library)|[a-z][\w-]*\s+(?:ward|unit|department|team)))\b",
          "works_at", event=True),
    # "off work from the library since October", "off sick from Tesco": a job still held
    *(
        rule(rf"(?:^|(?<=[,;]\s)|{BE1}\s+|{NAME}\s+(?i:is|'s)\s+){ADV}(?i:off\s+(?:work|sick))\s+"
              rf"(?i:from)\s+(?:(?i:the|my|our|her|his)\s+)?{where}", "works_at", kind)
        for where, kind in _LEAVE_FROM
    ),
    # "Jess is back at work at the hospital in July", "back at work at the council": the job
    *(
        rule(rf"(?:{NAME}(?:'s|\s+is|\s+will\s+be)\s+|{BE1}\s+|^){ADV}(?:(?i:back)\s+)?(?i:at\s+work|"
              rf"working)\s+(?i:at|for)\s+(?:(?i:the)\s+)?{where}", "works_at", kind, event=True)
        for where, kind in _BACK_AT
    ),
    # "my husband Karim works nights at the Amazon warehouse", "I work weekends at Lidl"
    rule(rf"(?:{FP}|{NAME}){PERFECT}\s+{ADV}(?i:works?|working|worked)\s+(?i:nights|days|"
          rf"weekends|evenings|mornings|shifts|nights\s+and\s+weekends|part-time|full-time|"
          rf"part\s+time|full\s+time|lates|earlies)\s+{_AT}", "works_at", "names"),
    # "doing nights at the Co-op", "Dev's doing weekends at Tesco": where one works shifts
    rule(rf"(?:{BE1}\s+|{NAME}(?:'s|\s+is)\s+|^|(?<=[,;]\s)){ADV}(?i:doing|on)\s+(?i:nights|days|"
          rf"weekends|evenings|lates|earlies|shifts|night\s+shifts|day\s+shifts)\s+{_AT}",
          "works_at", "names"),
    # "I'm still working remote for Klarna", "been working remotely for a fintech called Monzo":
    # whom one works for, told with how
    rule(rf"(?:(?:{FP}|{NAME})(?:'m|\s+am|'re|\s+are|\s+is|'s|'ve\s+been|\s+have\s+been|\s+has\s+been)?"
          rf"\s+|^(?i:been\s+)?){ADV}(?i:working|work|works)\s+{_HOW}(?i:for|at)\s+"
          rf"(?:(?i:a|an)\s+(?:[a-z][\w'-]*\s+){{1,2}}?(?i:called|named)\s+|the\s+)?(?=[A-Z]){ORG}",
          "works_at", "names"),
    # "first weeks as deputy head, so much admin", "my first day as a staff nurse": the job now
    rule(rf"(?<![\w'])(?:(?i:my|our)\s+)?(?i:first|second|third)\s+(?:(?i:few)\s+)?(?i:days?|"
          rf"weeks?|months?|shifts?)\s+(?i:as)\s+(?:(?i:an?|the)\s+)?(?:(?i:new)\s+)?"
          rf"(?P<t>{TITLE_WORDS})(?=\s*(?:[,.;!?]|$|\s+(?i:at|in|with|for|and|so|is|was|has|"
          rf"went|going)\b))", "job_title", "title", event=True, occupation=True),
    # "just started as a junior solicitor at Harper Lowe in Leeds", "got hired as an
    # electrician at Van Dijk Installaties": a title, then where
    rule(rf"(?<![\w'])(?i:started|starting|start|began|joined|joining|{_HIRED_PASSIVE})\s+(?i:as)\s+"
          rf"(?i:an?|the)\s+(?P<title>{TITLE_WORDS})\s+{_AT}", "works_at", "names", event=True,
          first_person_before=True, titled=True, occupation=True),
    rule(rf"(?<![\w'])(?i:started|starting|start|began|joined|joining|{_HIRED_PASSIVE})\s+(?i:as)\s+"
          rf"(?i:an?|the)\s+(?P<t>{TITLE_WORDS})\s+(?i:at|with|for)\s+(?=(?:the\s+)?[A-Z])",
          "job_title", "title",
          event=True, first_person_before=True, occupation=True),
    # "accepted an offer from Wise, starting in June as a product designer", "took the job
    # offer from Arup": the employer, and the title told after a start
    *(
        rule(rf"(?<![\w'])(?i:accepted|accepting|took|taken|signed)\s+(?i:an?|the|their)\s+{offer}"
              rf"\s+(?i:from|at|with)\s+(?:the\s+)?(?=[A-Z]){ORG}{then}", "works_at", "names",
              event=True, first_person_before=True)
        for offer, then in (
            (r"(?i:job\s+offer)", ""),
            (r"(?i:offer)", r"(?=[^.!?;]{0,40}?\b(?i:starting|start|as\s+an?)\b)"),
        )
    ),
    # "got the Wise offer!! senior backend engineer, start 1st June", "accepted the Arup job
    # offer": the employer named before the offer (a plain "got" only with a start told, or
    # cheered)
    *(
        rule(rf"(?<![\w'])(?:{verbs})\s+(?i:the|their|an?)\s+(?=[A-Z]){ORG}\s+{offer}{then}",
              "works_at", "names", event=True, first_person_before=True)
        for verbs, offer, then in (
            (r"(?i:accepted|accepting|took|taken|signed)", r"(?:(?i:job)\s+)?(?i:offer)", ""),
            (r"(?i:got|gotten|received)", r"(?:(?i:job)\s+)?(?i:offer)",
             r"(?=\s*!|[^.?;]{0,50}?\b(?i:starting|start|starts)\b)"),
            # "got the Hallé job!", "landed the Arup role": hired
            (r"(?i:got|gotten|landed)", r"(?i:job|role|position|post|contract)\b", ""),
        )
    ),
    rule(rf"(?<![\w'])(?i:started|starting|start|began|beginning)\s+(?i:in|on|from|next)\s+"
          rf"(?:[\w-]+\s+){{1,2}}?(?i:as)\s+(?i:an?|the)\s+(?P<t>{TITLE_WORDS})(?=\s*(?:[,.;!?]|$))",
          "job_title", "title", event=True, first_person_before=True, occupation=True),
    # "Nordea extended my contract to December": whom the speaker works for
    rule(rf"(?<![\w'-])(?:the\s+)?(?=[A-Z]){ORG}\s+(?:(?i:have|has)\s+)?{ADV}(?i:extended|renewed|"
          rf"extends|renews)\s+(?i:my|our)\s+(?i:contract|retainer)\b", "works_at", "names",
          event=True),
    # "Kontor ran out of money, I'm freelancing now": an employer gone (ends ``works_at``)
    rule(rf"{_ORG_OPENS}(?i:ran\s+out\s+of\s+(?:money|cash|funding)|went\s+(?:bust|under|bankrupt|"
          rf"into\s+administration)|folded|collapsed|shut\s+down|closed\s+down|has\s+closed|"
          rf"closed|is\s+closing|went\s+out\s+of\s+business)\b", "works_at", "names",
          denial=True),
    # "Smile Co dropped me", "Acme let me go": a client lost, or a job (each ends its own)
    rule(rf"{_ORG_OPENS}(?i:dropped|ditched|fired|sacked)\s+(?i:me|us)\b(?!\s+(?i:off|at|home|back|a\s+line|"
          rf"a\s+text|a\s+message|in|round|over)\b)", "has_client", "names", denial=True),
    # "Koffiebar Noord paused all projects", "Brightwave cancelled our retainer": a client lost
    rule(rf"{_ORG_OPENS}(?i:paused|cancelled|canceled|pulled|froze|frozen|stopped|ended|axed)\s+"
          rf"(?:(?i:all|the|our|my|their|its)\s+)*(?:(?i:design|marketing|remaining|ongoing)\s+)?"
          rf"(?i:projects?|work|contract|retainer|account|orders?)\b", "has_client", "names",
          denial=True),
    rule(rf"{_ORG_OPENS}(?:(?i:let)\s+(?i:me)\s+(?i:go)|(?i:laid)\s+(?i:me)\s+(?i:off)|(?i:fired|sacked)\s+"
          rf"(?i:me))\b", "works_at", "names", denial=True),
    # "Klarna made my whole team redundant", "I was made redundant by Klarna", "got made
    # redundant last week": the job ends (at the employer named, else whatever it was)
    rule(rf"{_ORG_OPENS}(?i:made)\s+(?:(?i:me|us)|(?i:my|our)\s+(?:(?i:whole|entire)\s+)?"
          rf"(?i:team|department|dept|role|job|position|office|unit))\s+(?i:redundant)\b",
          "works_at", "names", denial=True),
    rule(rf"{_MADE_REDUNDANT}\s+(?i:by|from|at)\s+(?:the\s+)?(?=[A-Z]){ORG}", "works_at", "names",
          denial=True),
    rule(rf"{_MADE_REDUNDANT}\b(?!\s+(?i:by|from|at)\s+(?:the\s+)?[A-Z])", "jobless", denial=True),
    # "Alfie's got a place at St Mary's primary", "Mia got into Kings College": where one will
    # study (a plain "got into Arup" may be a job: a school word is needed there)
    rule(rf"(?:{FP}|{NAME})(?:{PERFECT}|'s|\s+has)?\s+{ADV}(?i:got|been\s+offered|was\s+offered|"
          rf"accepted)\s+(?i:a)\s+(?i:place|spot)\s+(?i:at)\s+(?:the\s+)?"
          rf"(?P<t>{_SCHOOL_NAME}(?:{_SCHOOL_KIND})?)", "studies_at", event=True),
    rule(rf"(?:{FP}|{NAME})(?:{PERFECT}|'s|\s+has)?\s+{ADV}(?i:got\s+into|been\s+accepted\s+"
          rf"(?:at|to|into))\s+(?:the\s+)?(?P<t>{_SCHOOL_NAME}{_SCHOOL_KIND})", "studies_at",
          event=True),
    # "signed a deal with Brightwave", "we signed Oakwood as a client": a client won
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:signed|landed|closed|won)\s+(?i:a|an|the|our|my)\s+"
          rf"(?:[\w-]+\s+){{0,2}}?(?i:deal|contract|retainer)\s+(?i:with)\s+(?:the\s+)?"
          rf"(?=[A-Z]){ORG}", "has_client", "names", event=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:signed|landed|won)\s+(?:the\s+)?(?=[A-Z]){ORG}\s+(?i:as)\s+"
          rf"(?i:a|an|our|my)\s+(?:new\s+)?(?i:client|customer)\b", "has_client", "names",
          event=True),
    # "I'm freelancing now", "went freelance in May", "I'm self-employed": the job now
    rule(rf"(?:{BE1}\s+{ADV}|{FP}{PERFECT}\s+{ADV}(?i:went|gone|go|going)\s+)(?P<t>(?i:freelancing|"
          rf"freelance|self-employed|contracting))\b(?!\s+(?i:for|at|with|on|designer|writer|"
          rf"work|job|gig|project))", "job_title", "word", event=True),
    # "Yusuf started reception at St Anne's", "Mia starts Year 7 at Parkside": school
    rule(rf"{NAME}\s+{ADV}(?i:started|starts|starting|begins|began|is\s+starting|joined)\s+"
          rf"(?i:reception|nursery|preschool|pre-school|school|primary|secondary|sixth\s+form|"
          rf"college|uni|university|year\s+\d{{1,2}}|kindergarten|kindy)\s+{_AT}",
          "studies_at", "names", event=True),
    # "Ella starts at Little Acorns nursery in August": a school by its name, a pupil's start
    rule(rf"{NAME}(?:'s|\s+is|\s+will|\s+has)?\s+{ADV}(?i:start|starts|starting|started)\s+"
          rf"(?i:at)\s+(?:the\s+)?(?P<t>(?:St\.?\s+)?(?:[A-Z][\w'-]*\s+){{1,3}}(?i:nursery|school|"
          rf"primary|academy|preschool|pre-school|kindergarten|playgroup))\b", "studies_at",
          event=True),
    # "I've got two staff, Kasia on the counter and Ben doing the early bakes": the staff
    # named after "staff" (the first, and one after "and" that a task follows)
    rule(rf"(?<![\w'])(?:{_STAFF})\s*[,:-]?\s+(?P<t>{CAP})(?![\w'-])(?!\s+(?i:is|was|are|has|"
          rf"had|and\s+I)\b)", "employs", "names", first_person_before=True),
    rule(rf"(?<![\w'])(?:{_STAFF})\s*[,:-]?\s+{CAP}\b[^.!?;]{{0,60}}?\s(?i:and)\s+"
          rf"(?P<t>{CAP})\s+(?i:doing|on|in|at|who|does|runs|handles|covering|covers)\b",
          "employs", "names", first_person_before=True),
    # "a nurse called Shona downstairs", "the new plumber, a guy named Kwame": whoever is
    # named after an occupation has it
    rule(rf"(?<![\w'])(?i:an?|the)\s+(?:(?i:new|lovely|young|retired|trainee|local)\s+)?"
          rf"(?P<t>{TITLE_WORDS})\s+(?i:called|named)\s+(?P<s>{CAP})(?![\w'-])", "job_title",
          "title", occupation=True),
    # "on maternity leave from the council until December", "Giulia is on sick leave from
    # Barclays": away from a job still held
    *(
        rule(rf"(?:^|(?<=[,;]\s)|{BE1}\s+|{NAME}\s+(?i:is|'s)\s+){ADV}(?i:on)\s+{_LEAVE}\s+"
              rf"(?i:from)\s+(?:(?i:the|my|our|her|his)\s+)?{where}", "works_at", kind)
        for where, kind in _LEAVE_FROM
    ),
    # "Ben handed in his notice": someone the speaker employs leaves (ends ``employs Ben``)
    rule(rf"(?:^|(?<=[,;]\s))(?P<t>{CAP})\s+{ADV}(?:has\s+|'s\s+)?(?i:handed|gave|put)\s+"
          rf"(?i:in\s+)?(?i:his|her|their)\s+(?i:notice)\b", "employs", "names", denial=True),
)  # fmt: skip
