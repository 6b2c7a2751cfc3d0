"""The sentence patterns of personal facts told in passing: what and where one studies, a
birthday or an anniversary, an age turned, a condition told by its adjective, a birth, how
many children or pets one has, a job told as "my new job at", changed to ("now a senior
designer at Canva", "promoted me to"), told as an answer ("Yep, paralegal at Hartley & Co")
or without an article ("I'm head chef at Kura"), a relative by kind and name ("a physio
called Henrik"), a teacher found for someone, who replaced whom. Part of the table
:mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.domain.calendar_words import AGE_WORDS
from graphmem.domain.relatives import SERVICES
from graphmem.domain.schooling import SUBJECTS
from graphmem.extraction.pattern_fragments import (
    ADV,
    BE1,
    BEEN,
    CAP,
    CONDITION_ADJ,
    DAY_OF_YEAR,
    DEGREE,
    DEGREE_VERB,
    FP,
    HONORIFIC,
    HOW_MANY,
    IM,
    MY_REL,
    NAME,
    NOT_OWNED,
    NOT_SAID_OF,
    ORG,
    OWNER,
    PERSON,
    REL,
    REL_ADJ,
    STUDENT,
    SUBJECT_STUDIED,
    TITLE_AT,
    TITLE_AT_BARE,
    TITLE_WORDS,
    T,
)
from graphmem.extraction.pattern_rule import Rule, rule

#: The one who left, whose place a successor takes ("Jonas moved out, …", "Mel's moved on,
#: …", "Gary left for Plymouth, …"): the target of ``replaces``.
_GONE = (
    rf"(?<![\w'-])(?P<t>{CAP})(?:'s|\s+has)?\s+{ADV}(?i:left|quit|retired|gone|went|moved\s+on|"
    rf"moved\s+out)\b"
)
#: Who one changes for another ("switched coaches, working with Ben now").
_SWITCHED_TO = alternation(
    ("coach", "tutor", "teacher", "instructor", "doctor", "gp", "dentist", "therapist", "physio",
     "trainer", "nanny", "childminder", "mentor", "landlord", *SERVICES)
)  # fmt: skip
_SWITCHED = r"(?i:switched|switching|changed|changing|moved|went\s+back|gone\s+back|going\s+back)"
_SUBJECTS = alternation(SUBJECTS)

#: "found a (new) maths tutor": a verb of finding someone, then the kind's words before the role
_AGE_WORDS = alternation(AGE_WORDS)
#: Where someone was found, told after them: "a tutor on Preply", "a nanny through an agency".
_WHERE_FOUND = r"(?i:on|from|through|via|at)\s+(?:(?i:the|an?)\s+)?[\w'-]+(?:\s+[a-z][\w'-]*)?"
_FOUND = r"(?i:found|find|hired|hire|got|get|booked|book)\s+(?i:an?)\s+"
_LEARNS = (
    r"(?:(?:is|has|'s)\s+)?(?:wants|wanted|needs|needed|started|starting|begins|began|loves|"
    r"learning|takes|took|struggles|struggling|joined|signed\s+up)\b"
)
#: Words that open an answer before what it tells ("Yep, paralegal at …", "Still a nurse at …")
_CLIENT = r"(?i:client|customer)"
_NOW = r"(?:(?i:right\s+now|now|at\s+the\s+moment|currently|these\s+days)\s+)?"
_CLIENT_ADJ = r"(?i:biggest|main|largest|best|first|newest|new|oldest|big|major|regular)"
_ANSWERED = r"(?:(?i:yep|yes|yeah|yup|nope|no|still|now|currently|just|actually),?\s+)*"
_WORKPLACE = r"(?i:firm|company|agency|practice|hospital|school|startup|bank|studio|team|clinic)"
#: "moving to", "joining", "moving to a bigger firm, …": the place a job is moved to follows
_MOVING = (
    r"(?<![\w'])(?i:moving|moved|joining|switching|going)\s+(?i:to|over\s+to)?\s*"
    rf"(?:(?i:an?|the)\s+(?:[a-z]+\s+){{0,2}}{_WORKPLACE}\s*,\s*)?"
)
_KIND = r"(?:(?i:new|great|good|private|lovely|brilliant)\s+)?(?:[a-z]+\s+)?"

PERSONAL_RULES: tuple[Rule, ...] = (
    # "Lucie studies law at Charles University", "I'm doing a master's in data science at KTH"
    rule(rf"{STUDENT}(?i:study|studies|studying)\s+{SUBJECT_STUDIED}", "study", "word"),
    rule(rf"{STUDENT}(?i:study|studies|studying)\s+(?:[a-z][\w'-]*\s+){{0,3}}?(?i:at)\s+"
          rf"(?:the\s+)?{ORG}", "studies_at"),
    rule(rf"{STUDENT}{DEGREE_VERB}\s+{DEGREE}\s+(?i:in)\s+{SUBJECT_STUDIED}", "study", "word"),
    # "I'm majoring in economics", "Lina changed her major to chemistry", "I switched to
    # studying law", "Tom switched from studying medicine to law"
    rule(rf"{STUDENT}(?i:major|majors|majoring|majored)\s+(?i:in)\s+{SUBJECT_STUDIED}", "study",
          "word"),
    rule(rf"{STUDENT}(?i:changed|changing|switched|switching)\s+(?i:my|her|his|their|our)\s+"
          rf"(?i:major|subject|course)\s+(?i:to)\s+{SUBJECT_STUDIED}", "study", "word"),
    rule(rf"{STUDENT}{_SWITCHED}\s+(?i:to)\s+(?i:studying)\s+{SUBJECT_STUDIED}", "study", "word"),
    # "I've transferred onto the computer science course": that subject now, no other
    *(
        rule(rf"{STUDENT}(?:{_SWITCHED}|(?i:transferred|transferring))\s+(?i:onto|on\s+to|to|into)\s+"
              rf"(?i:the|a)\s+(?P<t>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?i:course|degree|programme|"
              rf"program)\b", predicate, "word")
        for predicate in ("study", "course_switched")
    ),
    rule(rf"{STUDENT}{_SWITCHED}\s+(?i:from)\s+(?i:studying)\s+(?:[a-z][\w'-]*\s+){{1,3}}?"
          rf"(?i:to)\s+(?:(?i:studying)\s+)?{SUBJECT_STUDIED}", "study", "word"),
    # "Switching from chemistry to pharmacology next term": from a school subject, to another
    rule(rf"(?:{STUDENT}|^|(?<=[,;]\s)){_SWITCHED}\s+(?i:from)\s+(?i:{_SUBJECTS})\s+(?i:to)\s+"
          rf"(?P<t>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?=\s*(?:[.,!?;]|$)|\s+(?i:next|this|in|from|at|"
          rf"for|after|before|last|because|since)\b)", "study", "word", event=True),
    rule(rf"(?:{STUDENT}|^|(?<=[,;]\s)){_SWITCHED}\s+(?i:from)\s+(?P<t>(?i:{_SUBJECTS}))\s+(?i:to)\s+"
          rf"[a-z]", "former_study", "word", event=True),  # … and what was studied before
    # "I got accepted into the evening MBA at Warwick", "Tom was accepted to Leeds"
    rule(rf"{STUDENT}(?:(?i:got|was|were|have\s+been|'ve\s+been|just\s+got)\s+)?{ADV}"
          rf"(?i:accepted)\s+(?i:in)?(?i:to)\s+(?:(?:the|an?)\s+(?:[\w'-]+\s+){{0,4}}?(?i:at)\s+)?"
          rf"(?:the\s+)?{ORG}", "studies_at", event=True),
    rule(rf"{STUDENT}{DEGREE_VERB}\s+{DEGREE}(?:\s+(?i:in)(?:\s+[a-z][\w'-]*){{1,3}}?)?\s+"
          rf"(?i:at)\s+(?:the\s+)?{ORG}", "studies_at"),
    # "My birthday is on March 14th", "Mia's birthday is the 3rd of May", "our anniversary
    # is in June"
    rule(rf"(?:(?<![\w'])(?i:my)|(?<![\w'-])(?P<s>{CAP}(?:\s+{CAP}){{0,2}})'s)\s+"
          rf"(?i:birthday|bday)(?:\s+(?i:is|falls)|'s)\s+(?:(?i:on|in)\s+)?{DAY_OF_YEAR}",
          "birthday"),
    rule(rf"(?<![\w'])(?i:my|our)\s+(?:(?i:wedding)\s+)?(?i:anniversary)(?:\s+(?i:is)|'s)\s+"
          rf"(?:(?i:on|in)\s+)?{DAY_OF_YEAR}", "anniversary"),
    # "My son is 4 now", "Ines is 7": a named person's age (not "Tom is 6 feet tall", nor an
    # acronym's number: "my FTP is 265")
    rule(rf"(?![A-Z]{{2,}}\b){NAME}(?:\s+(?i:is)|'s)\s+(?:(?i:now|only|just|already)\s+)?"
          rf"(?P<t>1[01]\d|\d{{1,2}}|(?i:{_AGE_WORDS})\b)(?![\d-])"
          rf"(?:\s+(?i:years?\s+old|now)\b|(?=\s*(?:[.!,;]|$)|\s+(?i:and|but|so)\b))", "age",
          "word"),
    # "Grandma turned 90 last week", "I just turned 40": the age from then on
    rule(rf"(?:{FP}(?:'ve)?|{NAME}(?:\s+has)?)\s+{ADV}(?i:turned|turns)\s+(?P<t>\d{{1,3}}|(?i:{_AGE_WORDS})\b)"
          rf"(?![\d:.,]\d|\s*(?:%|percent|degrees|pm|am|o'clock)\b|\w)", "age", "word",
          event=True),
    # "my mom is diabetic", "I'm a type 1 diabetic", "I've been asthmatic since childhood"
    rule(rf"(?:{BE1}|{BEEN}|{NAME}(?:'s|\s+(?i:is|has\s+been)))\s+{ADV}(?:(?i:an?)\s+)?"
          rf"{CONDITION_ADJ}", "has_condition", "condition"),
    # "My sister Inés just had a baby boy, Mateo!", "we welcomed our daughter, Ada", "Ben
    # had a baby girl named Lucía": the baby is the parent's child
    rule(rf"(?:(?<![\w'-])(?!(?:We|I)\b)(?P<o>{CAP}(?:\s+{CAP}){{0,2}})|{FP})\s+(?:(?i:has|have|'ve)\s+)?"
          rf"(?:(?i:just|finally|recently)\s+)?(?i:had|welcomed)\s+(?i:a|an|our|their|her|his)"
          rf"\s+(?:(?i:new|beautiful|healthy|little|baby)\s+)*(?P<r>(?i:son|daughter|baby))"
          rf"(?:\s+(?i:boy|girl))?(?:\s*,\s*(?:(?i:his|her)\s+name\s+is\s+)?|\s+(?i:named|called)\s+)"
          rf"(?P<s>{CAP})", "relation", event=True),
    # "Baby girl, Isla, born 21st August", "So excited, our baby girl Isla was born on Monday",
    # "baby Rosa arrived on Saturday":
    # a birth announced, the baby the speaker's child (a sentence opening "Our baby boy Finn"
    # is read by the unnamed-relative rewrite first, and missed)
    rule(rf"(?:(?<![\w'])(?i:our|my)\s+(?:(?i:new|beautiful|little|gorgeous)\s+)*|^(?i:a\s+)?)"
          rf"(?P<r>(?i:baby))(?:\s+(?i:boy|girl))?\s*,?\s*{PERSON}(?=\s*,?\s*(?i:born|arrived|is\s+here|"
          rf"was\s+born|came|has\s+arrived)\b)", "relation", event=True),
    # "welcomed baby Rosa into the world": a birth, the baby the speaker's child
    rule(rf"{FP}?\s*{ADV}(?<![\w'])(?i:welcomed)\s+(?:(?i:our|a)\s+)?(?:(?i:new|beautiful|little)\s+)*"
          rf"(?P<r>(?i:baby))(?:\s+(?i:boy|girl))?\s*,?\s*{PERSON}(?![\w'-])", "relation",
          event=True, first_person_before=True),
    # "new tenant signed up, a PhD student called Oluwaseun", "got a new lodger, a nurse named
    # Abi": the speaker's, named after what they are
    rule(rf"(?:^|(?<![\w'])(?i:my|our|a)\s+)(?:(?i:new)\s+)?{REL}\b[^.!?;,]{{0,30}},\s+(?i:an?)\s+"
          rf"(?:[\w-]+\s+){{0,3}}?(?i:called|named)\s+{PERSON}(?![\w'-])", "relation"),
    # "new tenant for upstairs is a postgrad called Imogen", "my new boss is a Dane named Lars"
    *(
        rule(rf"{whose}(?:(?i:new)\s+)?{REL}(?:\s+(?i:for|in|at)\s+(?:the\s+)?(?:[\w'-]+\s+)?[\w'-]+)?\s+"
              rf"(?i:is|will\s+be)\s+(?i:an?)\s+(?:[\w-]+\s+){{1,2}}?(?i:called|named)\s+{PERSON}"
              rf"(?![\w'-])", "relation")
        for whose in (r"(?:^|(?<![\w'])(?i:my|our|the)\s+)", OWNER)  # "Karl's daughter is a …"
    ),
    # "We have one kid", "now we have two kids", "Ola has 3 cats": how many, replaced by a
    # later count (not "a kid": people say it of one of several)
    rule(rf"(?:{FP}(?:'ve|\s+have)?(?:\s+got)?|{NAME}\s+(?:has|had)(?:\s+got)?)\s+"
          rf"(?:(?i:now|only|just)\s+)?{HOW_MANY}", "count"),
    # "My new job at the Wellcome Trust starts Monday": the speaker's job
    rule(rf"(?<![\w'])(?i:my)\s+(?:(?i:new|first|next)\s+)?(?i:job|role|position|post)\s+"
          rf"(?i:at|with)\s+(?:the\s+)?{ORG}(?=\s+(?i:starts|started|begins|began|is|has|pays)\b|"
          rf"'s\b)", "works_at", event=True),  # the subject: not "I quit my job at X last week"
    # "I'm seeing a physio called Henrik", "Yeah, a sports physio called Henrik": the
    # speaker's (not "my sister married a doctor called Ben", nor "we found a teacher called
    # Gwen", often a child's)
    rule(rf"(?:(?:^|(?<![\w'])(?i:yeah|yes|yep|oh|well),?\s+)|(?<![\w'])(?i:seeing|see|saw|"
          rf"seen|booked|have)\s+)(?i:an?)\s+(?:(?i:new|great|good|private)\s+)?"
          rf"(?:[a-z]+\s+)?{REL}\s+(?i:called|named)\s+{HONORIFIC}{PERSON}", "relation"),
    # "Leo has a new coach called Marcus", "Mia's got a tutor named Ann": the named person's
    rule(rf"(?<![\w'-])(?P<o>{CAP})\s+(?:has|had|'s)\s+(?:got\s+)?(?i:an?)\s+{_KIND}"
          rf"{REL}\s+(?i:called|named)\s+{HONORIFIC}{PERSON}", "relation"),
    # "An agent signed me! Her name's Ruth Okonjo", "got a new cleaner, her name is Ana": the
    # person named right after the relation that brings them in (the speaker's)
    rule(rf"(?:^|(?<=\s))(?i:an?|my|our)\s+{_KIND}{REL}"
          rf"(?:\s+(?:[a-z]+\s+){{0,2}}?(?i:me|us)|\s+{_WHERE_FOUND})?[,;]\s+(?i:her|his|their)\s+(?i:name)"
          rf"(?:'s|\s+(?i:is))\s+{HONORIFIC}{PERSON}", "relation", first_person_before=True),
    # "I'm with a new tutor, Paolo, until the autumn", "booked a physio, Jenna": the name
    # right after the relation, set off by commas (the speaker's)
    rule(rf"(?<![\w'])(?i:with|have|got|found|booked|seeing)\s+(?i:an?)\s+(?:(?i:new|great|good|"
          rf"private|lovely)\s+)?{REL}(?:\s+{_WHERE_FOUND})?,\s+{HONORIFIC}{PERSON}"
          rf"(?=\s*(?:[,.;!?]|$))", "relation", first_person_before=True),
    # "We hired a maths tutor for Leo, called Anita": whom the teacher is for
    rule(rf"{_FOUND}{_KIND}{REL}\s+(?i:for)\s+(?P<o>{CAP}),?\s+(?i:called|named)\s+"
          rf"{HONORIFIC}{PERSON}", "relation"),
    # "Kavya wants to learn the violin, we found a teacher called Mrs Haddad": a teacher
    # found right after the sentence tells what someone wants or started is that person's
    rule(rf"^(?P<o>{CAP})\s+{_LEARNS}[^,.!?;]{{0,60}}[,;]\s+(?:(?i:so|and)\s+)?(?i:we|i)\s+"
          rf"(?:have\s+|'ve\s+)?"
          rf"{_FOUND}{_KIND}(?P<r>(?i:teacher|tutor|coach|instructor|nanny|babysitter))\s+"
          rf"(?i:called|named)\s+{HONORIFIC}{PERSON}", "relation"),
    # "Dr Lind is taking over as my supervisor", "Bev's taken over as my instructor": the
    # speaker's, from now on (a role of a club or band is `holds_role`, pattern_rules_roles)
    rule(rf"(?<![\w'-]){HONORIFIC}{NAME}(?:'s|\s+is|\s+has)?\s+{ADV}(?i:taking|took|takes|taken)\s+"
          rf"(?i:over)\s+(?i:as)\s+{MY_REL}{REL_ADJ}{REL}\b{NOT_OWNED}", "relation", event=True),
    # "I'm at Edinburgh uni", "First week at Edinburgh University done!": where one studies
    rule(rf"(?:{IM}\s+{ADV}(?:(?i:now|still)\s+)?|^(?:(?i:my)\s+)?(?i:first|second|third|last|final)\s+"
          rf"(?i:week|day|term|year|semester|month)\s+)(?i:at)\s+(?:(?i:the)\s+)?"
          rf"(?P<t>{CAP}(?:\s+{CAP}){{0,2}}\s+(?i:uni|university|college))\b", "studies_at"),
    # "I'm head chef at Kura", "Ren is lead nurse at St Mary's": a title without "a"
    rule(rf"(?:{IM}|{NAME}(?:'s|\s+is))\s+{ADV}{TITLE_AT_BARE}{ORG}", "works_at", titled=True,
          occupation=True),
    rule(rf"(?:{IM}|{NAME}(?:'s|\s+is))\s+{ADV}(?P<t>{TITLE_WORDS})\s+(?i:at|for)\s+{CAP}",
          "job_title", "title", occupation=True),
    # "I left Figma, now a senior designer at Canva": the job now held, told after the one left
    rule(rf"(?<![\w'])(?i:now|currently)\s+{TITLE_AT}{ORG}", "works_at", titled=True, event=True,
          first_person_before=True),
    rule(rf"(?<![\w'])(?i:now|currently)\s+(?i:an?)\s+(?P<t>{TITLE_WORDS})\s+(?i:at|for)\s+{CAP}",
          "job_title", "title", event=True, first_person_before=True, occupation=True),
    # "Yep, paralegal at Hartley & Co until I qualify": a job told as an answer, no verb
    rule(rf"^{_ANSWERED}(?:(?i:an?)\s+)?(?P<title>{TITLE_WORDS})\s+(?i:at|for)\s+(?:(?i:the)\s+)?"
          rf"{ORG}{NOT_SAID_OF}", "works_at", titled=True, occupation=True),
    rule(rf"^{_ANSWERED}(?:(?i:an?)\s+)?(?P<t>{TITLE_WORDS})\s+(?i:at|for)\s+{CAP}{NOT_SAID_OF}",
          "job_title", "title", occupation=True),
    # "moving to a bigger firm, Clifford Lane, as a junior solicitor", "I'm joining Arup as
    # an engineer": the job one moves to
    rule(rf"{_MOVING}{ORG},?\s+(?i:as)\s+(?i:an?)\s+(?P<title>{TITLE_WORDS})", "works_at",
          titled=True, occupation=True, event=True),
    rule(rf"{_MOVING}{CAP}(?:\s+(?:&\s+)?{CAP}){{0,4}},?\s+(?i:as)\s+(?i:an?)\s+{T}", "job_title",
          "title", occupation=True, event=True),
    # "moving to the out of hours hospital in Leicester, more money": a workplace by its kind
    rule(rf"(?:{FP}(?:'m|\s+am|'ve|\s+have)?\s+{ADV}|^|(?<=[,;]\s))(?i:moving|moved|switching)\s+"
          rf"(?i:to|over\s+to)\s+(?i:the|an?)\s+(?:[\w-]+\s+){{0,4}}?(?P<t>{_WORKPLACE})\s+"
          rf"(?i:in|at|on)\s+(?=[A-Z])", "works_at", "word", event=True),
    # "freelance copywriter here, day rate is £350", "Hi, ICU nurse here": one's job as an
    # introduction
    rule(r"^(?:(?i:hi|hey|hello|hiya)\W+)?(?:(?i:an?)\s+)?(?P<t>[a-zA-Z][a-zA-Z-]*(?:\s+[a-z][a-z-]*)"
          r"{0,2})\s+(?i:here)\b(?!\s+(?i:in|at|to|for|is|was|and|with))", "job_title", "title",
          occupation=True),
    # a business's clients: "my biggest client is the Oakwood Hotel", "landed a new client,
    # Brightwave Energy"; and one lost: "lost the Oakwood Hotel as a client"
    rule(rf"(?:(?<![\w'])(?i:my|our)\s+|^)(?:{_CLIENT_ADJ}\s+)?{_CLIENT}\s+{_NOW}(?i:is|was)\s+"
          rf"(?:(?i:an?)\s+(?:[\w-]+\s+){{0,3}}?(?:[\w-]+,|(?i:called|named))\s+)?(?:(?i:the)\s+)?"
          rf"{ORG}", "has_client", "names"),  # "first client is a Danish bank, Nordea": its "my"
    # left out; "my client is a fintech in Berlin called Solaris"
    rule(rf"(?<![\w'])(?i:landed|got|won|signed|picked\s+up|taken\s+on|took\s+on)\s+"
          rf"(?i:an?)\s+(?:{_CLIENT_ADJ}\s+)?{_CLIENT},?\s+(?:(?i:the)\s+)?{ORG}", "has_client",
          "names", event=True),
    # "picked up two new clients: a bike shop called Velo and a dental chain": each one named
    rule(rf"(?<![\w'])(?i:landed|got|won|signed|picked\s+up|taken\s+on|took\s+on)\s+"
          rf"(?:(?i:two|three|four|a\s+couple\s+of|some|a\s+few)\s+)?(?:{_CLIENT_ADJ}\s+)?{_CLIENT}s"
          rf"\s*[:,-]?\s+(?:[^.!?;]{{0,60}}?\s)?(?i:called|named)\s+{ORG}", "has_client", "names",
          event=True),
    rule(rf"(?<![\w'])(?i:lost|dropped)\s+(?:(?i:the)\s+)?{ORG}\s+(?i:as)\s+(?i:an?)\s+"
          rf"{_CLIENT}\b", "has_client", "names", denial=True),
    # "back home in Kharkiv I was an electrician", "I used to be a teacher": a job held before,
    # no current fact (extraction/nlp/former.py)
    rule(rf"{FP}\s+{ADV}(?i:was|used\s+to\s+be)\s+(?i:an?)\s+{T}", "former_job_title", "title",
          occupation=True),
    # "Canva promoted me to lead designer", "my boss promoted me to team lead"
    rule(rf"(?<![\w'])(?i:promoted\s+me\s+to|made\s+me)\s+(?:(?i:an?)\s+)?{T}", "job_title",
          "title", occupation=True, event=True),  # "they made me head baker"
    # "Soraya's gone back to uni", "Jay went off to college": where they study now
    rule(rf"{NAME}(?:'s|\s+has|\s+is)?\s+{ADV}(?i:gone|going|went|headed|heading|off)\s+"
          rf"(?:(?i:back|off)\s+)?(?i:to)\s+(?P<t>(?i:uni|university|college|sixth\s+form))\b",
          "studies_at", "word", event=True),
    # "switched coaches, working with Ben now", "changed physios, seeing Andy at the clinic":
    # the one the speaker has now
    rule(rf"(?<![\w'])(?i:switched|switching|changed|changing|swapped|swapping)\s+"
          rf"(?P<r>(?i:{_SWITCHED_TO}))(?i:e?s)(?:\s+(?i:again))?\s*[,;-]?\s+(?:(?i:and|so)\s+)?"
          rf"(?:{FP}(?:'m|\s+am)\s+)?(?:(?i:now)\s+)?(?i:working|training|going|seeing|with|"
          rf"having\s+sessions)\s+(?:(?i:with|to)\s+)?{HONORIFIC}{PERSON}(?![\w'-])",
          "relation", event=True),
    # "Dave's replacement is a woman called Oona", "Oona replaced Dave", "Sasha took over
    # from Grant": the successor holds what the one replaced held (search/successions.py)
    rule(rf"(?<![\w'-])(?P<t>{CAP}(?:\s+{CAP})?)'s\s+(?i:replacement|successor)\s+(?i:is|will\s+be)"
          rf"\s+(?:(?i:an?)\s+(?:(?i:new)\s+)?(?i:woman|man|guy|girl|lady|bloke|chap|person)\s+|"
          rf"(?i:someone|somebody)\s+)?"
          rf"(?:(?i:called|named)\s+)?{HONORIFIC}{PERSON}", "replaces", "names", event=True),
    # "Jonas moved out, a Spanish girl Carmen took his room": one moved into the room left
    rule(rf"{_GONE}[^.!?;]{{0,30}}?"
          rf"(?:[,;]\s+|\s+(?i:and|so)\s+)(?:(?i:and|so|now)\s+)?(?:(?i:an?)\s+(?:[\w-]+\s+){{0,3}}?)?"
          rf"(?P<s>{CAP})(?:'s|\s+has|\s+is)?\s+{ADV}(?i:took|taken|taking|got|moved\s+into|"
          rf"moving\s+into|has)\s+(?i:his|her|their)\s+(?:(?i:old)\s+)?(?i:room|place|spot)\b",
          "replaces", "names", event=True),
    # "Zuzanna left to go back to Krakow, now I have Bea helping instead": the one now there
    rule(rf"{_GONE}[^.!?;]{{0,40}}?"
          rf"[,;]\s+(?:(?i:and|so)\s+)?(?:(?i:now)\s+)?{FP}(?:'ve|\s+have)?\s+(?:(?i:got|have)\s+)?"
          rf"(?P<s>{CAP})(?![\w'-])\s+(?i:helping|instead|covering|doing\s+it|in\s+(?:her|his)\s+place)",
          "replaces", "names", event=True),
    # "Gary left for Plymouth, our new coach is a Scottish guy, Craig Dunn": the new one's
    rule(rf"{_GONE}"
          rf"[^.!?;]{{0,30}}?[,;]\s+(?:(?i:so|and)\s+)?(?i:our|my|the)\s+(?i:new)\s+{REL}\s+(?i:is)\s+"
          rf"(?:(?i:an?)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+,\s+|(?:(?i:an?)\s+(?:[\w-]+\s+){{0,2}}?)?"
          rf"(?i:called|named)\s+)?{HONORIFIC}(?P<s>{CAP}(?:\s+{CAP})?)(?![\w'-])", "replaces",
          "names", event=True),
    # "Mel's moved on, got a new physio at the clinic, Andy": the new one replaces the one gone
    rule(rf"{_GONE}"
          rf"[,;]\s+(?:(?i:so|and)\s+)?(?:{FP}(?:'ve|\s+have)?\s+)?(?i:got|found)\s+(?i:an?)\s+"
          rf"(?i:new)\s+{REL}\b[^.!?;]{{0,30}}?,\s+{HONORIFIC}(?P<s>{CAP})(?![\w'-])", "replaces",
          "names", event=True),
    rule(rf"{NAME}\s+(?:(?i:has|is|will|'s)\s+)?{ADV}(?i:replaced|replacing|replace|took\s+over\s+from|"
          rf"taking\s+over\s+from|take\s+over\s+from|stepped\s+in\s+for)\s+{HONORIFIC}"
          rf"(?P<t>{CAP}(?:\s+{CAP})?)(?!['\u2019]s\b)", "replaces", "names", event=True),
)  # fmt: skip
