"""The regular-expression fragments the sentence patterns (:mod:`.patterns`) are built from:
first-person subjects, names, organisations, adverbs, relation and pet words, job titles."""

from __future__ import annotations

import re

from graphmem.domain.calendar_words import MONTHS, NUMBER_WORDS
from graphmem.domain.possessions import THING_KINDS
from graphmem.extraction.pattern_words import (
    CONDITION_ADJECTIVES,
    COUNTED,
    PETS,
    PLURAL_RELATIONS,
    RELATIONS,
)

FP = r"(?<![\w'])(?:I|i|[Ww]e)"
IM = r"(?<![\w'])(?:I|i)(?:'m|\s+am)"
FIRST_PERSON = re.compile(rf"{FP}(?![\w])")
BE1 = r"(?<![\w'])(?:(?:I|i)(?:'m|\s+am)|[Ww]e(?:'re|\s+are))"
PERFECT = r"(?:'ve|'d|\s+have|\s+had)?"
BEEN = r"(?<![\w'])(?:I|i|[Ww]e)(?:'ve|\s+have)\s+been"  # "I've been living in …"
# "a nurse at Rush Medical Center": a job title (checked by ``_employed_as``) at a named place
# ("a staff nurse on the cardiac ward at St James's", "a developer in the payments team at
# Stripe": the ward or team between is no part of the title)
TITLE_AT = (
    r"(?i:an?|the)\s+(?P<title>(?:[A-Z]{2,4}|[A-Za-z][a-z-]*)(?:\s+[A-Za-z][a-z-]*){0,3})"
    r"(?:\s+(?i:on|in)\s+(?i:the|a|an)\s+(?:[\w-]+\s+){0,2}?(?i:ward|team|unit|department|"
    r"desk|squad|floor|division))?\s+(?i:at|for)\s+(?:(?i:the)\s+)?"
)
#: The same with the article optional, after "work as" ("I work as VP of sales at Adyen").
TITLE_AT_BARE = TITLE_AT.replace(r"(?i:an?|the)\s+", r"(?:(?i:an?|the)\s+)?", 1)
ADV = (
    r"(?:(?i:just|recently|finally|now|currently|still|also|already|really|usually|often|"
    r"always|sometimes|regularly|actually|absolutely|totally|strictly|mostly|fully|"
    r"completely|mainly|very|severely|mildly|highly|deathly|officially|honestly|seriously|"
    r"literally|genuinely|truly)\s+)*"
)
CAP = r"[A-ZÀ-ÖØ-Þ][\w'-]*"
# a family name's lower-case particle ("Mrs. de Jong", "Pieter van der Berg")
PARTICLE = r"(?:de|van|der|den|von|da|di|du|le|la|del|della|dos|das|ter|ten)"
NAME = rf"(?<![\w'-])(?P<s>{CAP}(?:\s+(?:{PARTICLE}\s+){{0,2}}{CAP}){{0,3}})"
ORG = rf"(?P<t>(?:(?:St|Mt)\.\s+)?{CAP}(?:\s+(?:&\s+|of\s+|the\s+)?{CAP}){{0,5}})"
# a title's period is no sentence end ("works at St. Mary's Hospital", "sees Dr. Okafor")
ABBREVIATED = r"(?:(?<=\bSt)|(?<=\bDr)|(?<=\bMt)|(?<=\bMr)|(?<=\bMs)|(?<=\bMrs)|(?<=\bJr))\."
T = rf"(?P<t>(?:[^.!?;:\n]|{ABBREVIATED})+)"
MY_REL = (
    r"(?<![\w'])(?i:my|our)\s+(?:(?i:best|good|close|old|older|younger|little|big|new|twin|"
    r"personal|own)\s+)*"
)
REL = rf"(?P<r>(?i:{'|'.join(sorted(RELATIONS, key=len, reverse=True))}))"
MEAL = r"(?:dinner|lunch|breakfast|brunch|meals?|food)"
PET = rf"(?P<r>(?i:{'|'.join(sorted(PETS, key=len, reverse=True))}))"
PET_NAME = rf"(?P<s>{CAP}(?:\s+{CAP}){{0,2}})"
OWN = r"(?i:have|has|had|got|gotten|adopted|rescued|bought|own|owned|took\s+in|fostered|fostering)"
CANT = r"(?i:can't|cannot|can\s+not|couldn't|could\s+never)"
# "Ines can't eat gluten", "I don't eat pork": a food the subject keeps away from
NO_EAT = (
    r"(?:(?i:can't|cannot|can\s+not|couldn't)\s+(?i:eat|have|tolerate|digest)|"
    r"(?i:don't|do\s+not|doesn't|does\s+not|never)\s+(?i:eat|eats|tolerate|tolerates|digest|"
    r"digests))"
)  # not "I don't have kids": a plain "have" is no food kept away from
# "Karl's daughter": a named owner of a relation (not "Karl's" as "Karl is")
OWNER = rf"(?<![\w'-])(?P<o>{CAP}(?:\s+{CAP}){{0,2}})'s\s+"
# "my landlord Mr. Duarte": the name is the person's, the title is not
HONORIFIC = r"(?:(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Professor)\.?\s+)?"
# a person's name after a relation word: up to three capitalised words, with particles
PERSON = rf"(?P<s>(?:{PARTICLE}\s+)?{CAP}(?:\s+(?:{PARTICLE}\s+){{0,2}}{CAP}){{0,2}})"
#: How a name is given to someone told by relation word: "'s name is", "is called".
# "my wife is called Anna", "Mum's name is Ngozi", "my builder is a guy called Mick"
CALLED = (
    r"(?:'s\s+(?i:name)\s+(?i:is)|\s+(?i:is)\s+(?:(?i:an?)\s+(?i:guy|man|woman|girl|lady|bloke|"
    r"chap|fella|lad|person)\s+)?(?i:called|named))\s+"
)
NOT_OWNED = r"(?!['\u2019]s\b)"
REL_ADJ = (
    r"(?:(?i:best|good|close|old|older|younger|little|big|new|twin|eldest|oldest|youngest)\s+)*"
    # what a teacher or coach teaches ("Mia's piano teacher", "my son's swim coach")
    r"(?:(?i:piano|violin|guitar|cello|drum|music|singing|voice|dance|ballet|art|maths?|"
    r"english|french|spanish|german|science|history|chemistry|physics|biology|swim|swimming|"
    r"football|soccer|tennis|hockey|basketball|yoga|driving|riding|class|form|homeroom)\s+"
    r"(?=(?i:teacher|tutor|coach|trainer|instructor)\b))?"
    # what a supervisor or manager is for ("my PhD supervisor", "my line manager")
    r"(?:(?i:phd|masters|thesis|dissertation|research|line|main|primary|direct)\s+"
    r"(?=(?i:supervisor|advisor|adviser|manager|boss)\b))?"
)
# "broke up", "called off the engagement": a couple that ended
SPLIT = (
    r"(?i:broke\s+up|split\s+up|split|separated|divorced|got\s+divorced|called\s+it\s+quits|"
    r"(?:called|broke)\s+off\s+(?:the|their|our)\s+engagement)\b"
)
FEARFUL = r"(?i:afraid|scared|terrified|frightened)"  # "afraid of dogs"
KEEN = r"(?:(?i:strict|committed|lifelong|proud|full-time)\s+)?"  # "a strict vegan"
LEFT = r"(?i:quit|left|resigned\s+from)"
# "a new apartment", "our first house": a home named by a common noun (then "in <Town>")
A_HOME = r"(?i:a|an|the|our|my|his|her|their)\s+(?=[a-z])"
PROMOTED = r"(?:(?i:got|was|were|been)\s+)?(?i:promoted)\s+(?i:to)\s+"
# "sold the Civic", "got rid of my old bike": what the speaker no longer has
SOLD = (
    r"(?i:sold|traded\s+in|got\s+rid\s+of|gave\s+away|replaced|swapped\s+out|swapped|"
    r"upgraded\s+from)"
)
#: Two or more names listed ("Pixel and Mochi", "Ama, Efua and Esi"): pets or people.
#: A name that the words after it say something of ("new crew manager at Temple is Marcus",
#: "the vet at Waggy Tails is called Kerys"): what comes before it is no job of the speaker's.
NOT_SAID_OF = rf"(?![\w'-])(?!(?:\s+{CAP})*\s+(?i:is|was|will)\b)"
#: Who someone is, told before their name ("a German guy, Jonas", "a Polish girl called
#: Zuzanna"): the word, and the phrase with its article and up to two words before it.
SOMEONE = r"(?i:guy|man|woman|girl|lady|lass|lad|bloke|chap|fella|dude)"
A_SOMEONE = rf"(?i:an?)\s+(?:[\w-]+\s+){{0,2}}?{SOMEONE}"
#: One named after who they are ("a German guy, Jonas"), in a list of names.
_DESCRIBED = rf"(?:{A_SOMEONE},?\s+)?"
LISTED_NAMES = rf"(?P<t>{CAP}(?:(?:\s*,\s*|\s+and\s+|,\s+and\s+){_DESCRIBED}{CAP})+)"
COUNT = r"(?:(?i:two|three|four|five|2|3|4|5)\s+)?"
# "Maya lives in Denver and works as a nurse": a second verb of the same subject
AND_ALSO = r"(?:(?:[\w'-]+\s+){1,5}?(?i:and)\s+)?"
# a name does not start with a determiner ("My sister Maya …": the name is Maya)
NOT_OPENER = r"(?!(?:My|Our|His|Her|Their|The|This|That|These|Those)\b)"
#: "got a new job as", "landed a role as a", "accepted the position of": a job and its title
JOB_AS = (
    r"(?i:got|gotten|landed|accepted|took|started)\s+(?i:a|an|the)\s+(?i:new\s+)?"
    r"(?i:job|position|role)\s+(?i:as|of)\s+(?i:an?\s+|the\s+)?"
)
#: A title of up to four lower-case words ("head of science", "staff engineer").
TITLE_WORDS = r"[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}"
#: Where one teaches ("a high school", "the community college").
SCHOOL = (
    r"(?i:school|college|university|academy|institute|kindergarten|preschool|conservatory|"
    r"studio|gym|dojo)\b"
)
#: Where one teaches: a school by its kind, with its name before it ("Nordvik secondary
#: school", "a high school"), or a place by its name ("Lincoln High").
A_SCHOOL = (
    rf"(?:(?i:an?|the)\s+)?(?P<t>(?:{CAP}\s+)?(?:[a-z][\w-]*\s+){{0,2}}{SCHOOL}|"
    rf"{CAP}(?:\s+{CAP}){{0,4}})"
)
#: Not a school by its name ("starts at Little Acorns nursery", "at St Mary's primary"): a
#: pupil's start, no job.
NO_SCHOOL_AHEAD = (
    r"(?!(?:the\s+)?(?:St\.?\s+)?(?:[A-Z][\w'-]*\s+){1,3}(?i:nursery|school|primary|academy|"
    r"college|preschool|pre-school|kindergarten|playgroup|sixth\s+form|university|uni)\b)"
)
#: A workplace by its kind, unnamed ("a nurse at a children's hospital", "a physio at a
#: sports clinic in Brno"): up to two lower-case words before the kind.
WORKPLACE = (
    r"(?:clinic|hospital|practice|pharmacy|bakery|cafe|café|coffee\s+shop|restaurant|bar|pub|"
    r"hotel|shop|store|supermarket|bank|firm|company|startup|start-up|agency|nonprofit|"
    r"non-profit|charity|factory|warehouse|lab|laboratory|library|museum|gallery|studio|gym|"
    r"school|college|university|kindergarten|nursery|daycare|salon|garage|office|newspaper|"
    r"call\s+cent(?:er|re)|magazine|bookshop|bookstore|care\s+home|nursing\s+home|brewery|"
    r"winery|farm|hostel|theatre|theater|consultancy|publisher|club|aquarium|zoo|vet|vets|"
    r"surgery|dentist|airport|airline|station|council|ministry|embassy|court|prison|"
    r"church|mosque|temple|cinema|bakery|kitchen|site|plant|mill|port|shipyard|mine)\b"
)
#: The team or department one is in at work, told after the employer ("…, politics team",
#: "…, on the claims team"): an employer's, so no home
WORK_UNIT = (
    r"(?:(?i:on|in)\s+)?(?:(?i:the)\s+)?(?:[a-z][\w'-]*\s+){1,2}(?i:team|desk|department|squad|"
    r"unit|ward|branch)\b"
)
A_WORKPLACE = rf"(?:(?i:an?)\s+)?(?P<t>(?:[a-z][\w'-]*\s+){{0,2}}{WORKPLACE})"
#: A condition told by its adjective, "type 1" kept ("I'm a type 1 diabetic").
CONDITION_ADJ = (
    rf"(?P<t>(?:(?i:type\s+[12])\s+)?"
    rf"(?i:{'|'.join(sorted(CONDITION_ADJECTIVES, key=len, reverse=True))}))(?![\w'-])"
)
#: Relatives told as several ("my kids", "our two daughters").
PLURAL_REL = rf"(?P<r>(?i:{'|'.join(sorted(PLURAL_RELATIONS, key=len, reverse=True))}))"
#: Things one has one of, named by what they are ("my phone is a Pixel 4").
THINGS = rf"(?i:{'|'.join(sorted(THING_KINDS, key=len, reverse=True))})"
#: Describing words before a thing's make ("an old Pixel 4", "a red Mazda 3", "a 2019 Skoda").
WORN = (
    r"(?:(?i:old|new|little|trusty|used|second-hand|secondhand|red|black|white|blue|silver|"
    r"grey|gray|green)\s+|(?:19|20)\d\d\s+)*"
)
#: How a condition is qualified before its name ("type 1 diabetes", "severe asthma").
SEVERITY = r"(?:(?i:chronic|severe|mild|bad|early)\s+)?"
#: Contact details: "my (new|work|personal) email is …", "my cell number is …".
CONTACT_ADJ = r"(?:(?i:new|current|work|personal|home|private|mobile)\s+)?"
EMAIL = r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}"
PHONE = r"\+?\d[\d ().-]{5,20}\d"
#: A day of the year as people give it: "March 14th", "the 3rd of May", "14 March", "June".
_MONTH = rf"(?i:{'|'.join(MONTHS)})"
DAY_OF_YEAR = (
    rf"(?P<t>(?:(?i:the)\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+(?i:of))?\s+{_MONTH}|"
    rf"{_MONTH}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?)(?![\w])"
)
#: What one studies: one to three lower-case words, not a time or a purpose ("I study law",
#: not "I study every evening", "studying for my exams").
SUBJECT_STUDIED = (
    r"(?!(?:for|at|in|with|to|hard|abroad|together|online|late|early|all|every|each|a|an|the|"
    r"more|less|part-time|full-time|from|after|before|on|during|it|this|that)\b)"
    r"(?P<t>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)(?=\s+(?i:at|in)\s+(?:the\s+)?[A-Z]|\s*[.,!?;]|$"
    r"|\s+(?i:last|this|next|now|since|starting|until)\b)"
)
#: A course of study ("a master's", "my PhD", "a degree").
DEGREE = (
    r"(?i:a|an|my|her|his|their)\s+(?:(?i:part-time|full-time|new|second|online)\s+)?"
    r"(?i:master's|masters|master|phd|ph\.d\.|doctorate|degree|bachelor's|bachelors|mba|"
    r"diploma|apprenticeship)(?:\s+(?i:degree|course|programme|program))?"
)
#: Who studies: "I", "I'm", "we're", a name ("Lucie studies", "Jan is studying").
STUDENT = (
    rf"(?:{BE1}|{FP}(?:'ve|\s+have|'ll|\s+will)?|{NAME}(?:'s|\s+is|\s+has|\s+will)?)\s+"
    rf"{ADV}"
)
DEGREE_VERB = r"(?i:doing|starting|started|start|finishing|began|begun|pursuing|do)"
#: How many of a thing one has: "one kid", "two kids", "3 cats" (a number, then the thing).
HOW_MANY = (
    rf"(?P<t>\d{{1,2}}|(?i:{'|'.join(NUMBER_WORDS)}))\s+"
    rf"(?P<n>(?i:{'|'.join(sorted(COUNTED, key=len, reverse=True))}))(?![\w'-])"
)
#: Workplaces one quits a job at, by kind ("quit the cafe"; not a gym or a school, which one
#: quits as a member or pupil).
QUIT_PLACE = (
    r"(?:cafe|café|coffee\s+shop|bakery|restaurant|bar|pub|shop|store|supermarket|firm|company|"
    r"agency|warehouse|factory|call\s+cent(?:er|re)|hospital|clinic|salon|hotel|office\s+job|"
    r"startup|start-up|lab|laboratory|bank|care\s+home|nursing\s+home|newspaper|magazine)\b"
)
