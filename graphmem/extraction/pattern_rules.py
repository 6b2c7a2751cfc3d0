"""The table of English sentence patterns the offline extractors read (:mod:`.patterns`
applies them): each :class:`Rule` is one regular expression, the predicate it gives and how
its target is read."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import (
    A_SCHOOL,
    A_SOMEONE,
    A_WORKPLACE,
    ADV,
    AND_ALSO,
    BE1,
    BEEN,
    CALLED,
    CANT,
    CAP,
    CONTACT_ADJ,
    COUNT,
    EMAIL,
    FEARFUL,
    FP,
    HONORIFIC,
    IM,
    JOB_AS,
    KEEN,
    LEFT,
    LISTED_NAMES,
    MEAL,
    MY_REL,
    NAME,
    NO_EAT,
    NO_SCHOOL_AHEAD,
    NOT_OPENER,
    NOT_OWNED,
    ORG,
    OWNER,
    PERFECT,
    PERSON,
    PHONE,
    PLURAL_REL,
    PROMOTED,
    QUIT_PLACE,
    REL,
    REL_ADJ,
    SPLIT,
    TITLE_AT,
    TITLE_AT_BARE,
    TITLE_WORDS,
    T,
)
from graphmem.extraction.pattern_rule import Rule, rule
from graphmem.extraction.pattern_rules_couples import COUPLE_RULES
from graphmem.extraction.pattern_rules_health import HEALTH_RULES
from graphmem.extraction.pattern_rules_home import HOME_RULES
from graphmem.extraction.pattern_rules_life import LIFE_RULES
from graphmem.extraction.pattern_rules_origins import ORIGIN_RULES
from graphmem.extraction.pattern_rules_personal import PERSONAL_RULES
from graphmem.extraction.pattern_rules_pets import PET_RULES
from graphmem.extraction.pattern_rules_possessions import POSSESSION_RULES
from graphmem.extraction.pattern_rules_preferences import PREFERENCE_RULES
from graphmem.extraction.pattern_rules_roles import ROLE_RULES
from graphmem.extraction.pattern_rules_sport import SPORT_RULES
from graphmem.extraction.pattern_rules_work import WORK_RULES
from graphmem.extraction.pattern_rules_work_fields import FIELD_RULES
from graphmem.extraction.pattern_words import (
    DIETS,
)

_AS_MUCH = r"(?i:hard|much|long|well|fast|little|late|often|many|far)"

_SHIFTS = (
    r"(?:(?i:weekends|nights|evenings|mornings|weekdays|shifts|part[\s-]time|full[\s-]time|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:two|three|four|2|3|4)\s+days\s+a\s+week)"
    r"\s+)?"
)
#: Capitalised words that open a sentence and name nobody ("Everyone loves pizza").
_SOMEONE = (
    r"(?!(?:Everyone|Everybody|Nobody|Someone|Somebody|Anyone|Anybody|Everything|Nothing|"
    r"He|She|It|They|We|You|This|That|Who|Which)\b)"
)


#: "a new job", "a part-time job", "a summer job"
#: Verbs of a job taken: "got", "landed", "taken", "found", "secured".
_TOOK_A_JOB = r"(?i:got|gotten|landed|accepted|took|taken|found|secured)"
_CLUB = r"(?:Club|Society|Choir|Team|Band|League|Orchestra|Gym|Association)\b"  # joined: no job
_JOB_KIND = r"(?:(?i:new|part-time|part\s+time|full-time|summer|weekend|temp|temporary)\s+)?"
#: "I've switched to working at …", "Tom moved to a job at …": a job changed to
_SWITCHED_TO = r"(?i:switched|moved|changed|gone\s+over|went\s+over)\s+(?i:to)"
_WHEN = r"(?=\s+(?i:next|this|on|in|from|tomorrow|after)\b)"  # a start told by when
#: Not the job itself after "my job": "left my job application too late", "… at Tesco"
#: (a named workplace has its own rule).
_NO_JOB_AFTER = (
    r"(?![\w'-]|\s+(?i:at|with|applications?|interviews?|offers?|hunt|hunting|search|ads?|"
    r"adverts?|description|title)\b)"
)

RULES: tuple[Rule, ...] = (
    *HOME_RULES, *ORIGIN_RULES,
    # "Felix just moved to Vancouver for a job at EA": the move tells the job too
    rule(rf"(?:{FP}|{NAME})(?:'ve|\s+has|\s+have)?\s+{ADV}(?i:moved|relocated)\s+(?i:to)\s+{CAP}"
          rf"(?:\s+{CAP}){{0,3}}\s+(?i:for)\s+(?i:a\s+|my\s+|his\s+|her\s+)?(?i:new\s+)?(?i:job|position|role)\s+"
          rf"(?i:at|with)\s+(?:the\s+)?{ORG}", "works_at", event=True),
    # "I work weekends at a bakery", "I work part-time at Tesco": when one works there
    rule(rf"{FP}\s+{ADV}(?i:work)\s+{_SHIFTS}(?i:at|for)\s+{T}", "works_at"),
    # "I live in Ghent and work at Barco": the second verb of a first-person clause
    rule(rf"(?<![\w'])(?i:and)\s+{ADV}(?i:work)\s+(?i:at|for)\s+{T}", "works_at",
          first_person_before=True),
    rule(rf"{IM}\s+{ADV}(?i:working|employed|interning)\s+(?i:at|for|by)\s+{T}", "works_at"),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?:(?i:started|began|start)|{_SWITCHED_TO})\s+"
          rf"(?i:working|work|(?:a|my|the)\s+new\s+job|a\s+job)\s+(?i:at|for)\s+{T}", "works_at",
          event=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}{_TOOK_A_JOB}\s+(?i:(?:a|the)\s+)?"
          rf"{_JOB_KIND}(?i:job|position|role)\s+(?i:at|with)\s+(?:(?i:the)\s+)?{T}",
          "works_at", event=True),
    # "I got the job at the museum", "Huw's taken a job at the bank in Carmarthen": a
    # workplace by its kind
    rule(rf"(?:{FP}{PERFECT}|{NAME}(?:'s|\s+has))\s+{ADV}{_TOOK_A_JOB}\s+(?i:the|a)\s+"
          rf"{_JOB_KIND}(?i:job|position|role)\s+(?i:at|with)\s+(?i:the\s+)?{A_WORKPLACE}",
          "works_at", event=True),
    # "I got a new job as head of science at a school in Cascais": the job names its title
    rule(rf"{FP}{PERFECT}\s+{ADV}{JOB_AS}(?P<title>{TITLE_WORDS})\s+(?i:at|with|for)\s+{T}",
          "works_at", titled=True, event=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}{JOB_AS}(?P<t>{TITLE_WORDS})", "job_title", "title",
          event=True),  # lower-case words: not "the role of Juliet"
    # "got a lab assistant job in the department", "I've landed a nursing assistant role": the
    # title before the job word (an occupation: not "a part-time job", "a new bar job")
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?:(?i:and|then|finally|just)\s+)?(?i:got|gotten|"
          rf"landed|found|started|start|took|accepted)\s+(?i:a|an|the)\s+(?:(?i:new)\s+)?"
          rf"(?P<t>{TITLE_WORDS})\s+(?i:job|position|role|post)\b", "job_title", "title",
          event=True, occupation=True),
    # "I teach chemistry at a high school in Almada": where one teaches is where one works
    rule(rf"{FP}\s+{ADV}(?i:teach)(?:\s+[a-z][\w-]*){{0,2}}\s+(?i:at)\s+{A_SCHOOL}", "works_at"),
    rule(rf"{NAME}\s+{ADV}(?i:teaches)(?:\s+[a-z][\w-]*){{0,2}}\s+(?i:at)\s+{A_SCHOOL}",
          "works_at"),
    rule(rf"{NAME}\s+{ADV}(?i:works)\s+(?i:at|for)\s+{T}", "works_at"),
    # "My husband Tom just started a new job at Amazon", "Lena has landed a role with Oxfam"
    rule(rf"{NAME}\s+(?i:has\s+)?{ADV}(?:(?i:started|began)|{_SWITCHED_TO})\s+"
          rf"(?i:working|(?:a|(?:his|her|their)|the)\s+new\s+job|a\s+job)"
          rf"\s+(?i:at|for)\s+{T}", "works_at", event=True),
    rule(rf"{NAME}(?:\s+has|'s)?\s+{ADV}{_TOOK_A_JOB}\s+(?i:(?:a|new|part-time|summer|weekend|saturday)"
          rf"\s+){{0,2}}(?i:job|position|role)\s+(?i:at|with)\s+{T}", "works_at", event=True),
    # "My partner Ewa got a job as a data analyst at Allegro"
    rule(rf"{NAME}\s+(?i:has\s+)?{ADV}{JOB_AS}(?P<title>{TITLE_WORDS})\s+(?i:at|with|for)\s+{T}",
          "works_at", titled=True, event=True),
    rule(rf"{NAME}\s+(?i:has\s+)?{ADV}{JOB_AS}(?P<t>{TITLE_WORDS})", "job_title", "title",
          event=True),
    # "I start at the Red Cross clinic in June", "Ewa is starting at Allegro next month": a place
    # by its name (not "I start at nine", "at Little Acorns nursery"; "I start with Oxfam")
    rule(rf"(?:{FP}(?:'m|\s+am|'ll|\s+will|\s+have|'ve)?|{NAME}(?:'s|\s+is|\s+will|\s+has)?)"
          rf"\s+{ADV}(?i:start|starts|starting|started|begin|begins|beginning)\s+(?i:at)\s+"
          rf"(?=(?:the\s+)?(?:St\.\s+)?[A-Z]){NO_SCHOOL_AHEAD}{T}", "works_at", event=True),
    rule(rf"(?:{FP}(?:'m|\s+am|'ll|\s+will|\s+have|'ve)?|{NAME}(?:'s|\s+is|\s+will|\s+has)?)"
          rf"\s+{ADV}(?i:start|starts|starting|started|begin|begins|beginning)\s+(?i:with)\s+"
          rf"(?:the\s+)?{ORG}", "works_at", event=True, organization=True),
    rule(rf"(?:{FP}(?:'m|\s+am|'ll|\s+will)?|{NAME}(?:'s|\s+is|\s+will)?)\s+{ADV}(?i:start|starts|"
          rf"starting|begin|begins|beginning)\s+(?i:with)\s+(?:the\s+)?{ORG}{_WHEN}", "works_at",
          event=True),
    # "I left Philips, starting at ASML next month": a place by its name, then when
    rule(rf"(?<![\w'])(?i:starting|beginning)\s+(?i:at|with)\s+{ORG}{_WHEN}", "works_at",
          event=True, first_person_before=True),
    rule(rf"{BEEN}\s+{ADV}(?i:working|employed)\s+(?i:at|for|by)\s+{T}", "works_at"),
    rule(rf"{IM}\s+{ADV}{TITLE_AT}{ORG}", "works_at", titled=True),
    rule(rf"{NAME}\s+(?i:is)\s+{ADV}{TITLE_AT}{ORG}", "works_at", titled=True),
    # "I'm a physio at a sports clinic in Brno": an unnamed workplace, by its kind
    rule(rf"(?:{IM}|{NAME}\s+(?i:is)|{FP}\s+{ADV}(?i:work)\s+(?i:as))\s+{ADV}{TITLE_AT}"
          rf"{A_WORKPLACE}", "works_at", titled=True),
    rule(rf"(?<![\w'])(?i:got\s+|been\s+|was\s+|were\s+)?(?i:hired)\s+(?i:by|at)\s+{T}",
          "works_at", event=True, first_person_before=True),
    rule(rf"(?<![\w'])(?i:joined)\s+(?!(?:{CAP}\s+){{0,3}}{_CLUB})(?P<t>{CAP}(?:\s+(?:&\s+)?{CAP}){{0,3}})",
          "works_at", "names", event=True, first_person_before=True, organization=True),
    rule(rf"{FP}\s+{ADV}(?i:work)\s+(?i:as)\s+{TITLE_AT_BARE}{ORG}", "works_at",
          titled=True, occupation=True),
    # "I left Shopify and joined Wealthsimple as a staff engineer": the title tells a job
    rule(rf"(?<![\w'])(?i:joined)\s+{ORG}\s+(?i:as)\s+(?i:an?)\s+"
          rf"(?P<title>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}})", "works_at", "names", event=True,
          first_person_before=True, titled=True, occupation=True),
    rule(rf"(?<![\w'])(?i:joined)\s+{CAP}(?:\s+{CAP}){{0,5}}\s+(?i:as)\s+(?i:an?)\s+{T}",
          "job_title", "title", event=True, first_person_before=True, occupation=True),
    # "I'm starting at Hotel Las Arenas as sous chef in July": the title of the job started
    rule(rf"{FP}(?:'m|\s+am|'ll|\s+will|'ve|\s+have)?\s+{ADV}(?i:start|starting|started|begin|"
          rf"beginning|began)\s+(?i:at|with)\s+(?:the\s+)?{CAP}(?:\s+(?:&\s+|of\s+)?{CAP}){{0,5}}"
          rf"\s+(?i:as)\s+(?:(?i:an?|the)\s+)?{T}", "job_title", "title", event=True,
          occupation=True),
    # "I'm on the payments team at Stripe"
    rule(rf"{BE1}\s+{ADV}(?i:on)\s+(?i:the|a)\s+(?:[\w-]+\s+){{0,3}}(?i:team|squad|crew)\s+"
          rf"(?i:at|for)\s+{ORG}", "works_at"),
    rule(rf"{IM}\s+{ADV}(?i:an?|the)\s+{T}", "job_title", "title", occupation=True),
    # "Sam is a pediatric nurse at the Children's Hospital", "Maya works as a nurse"
    rule(rf"{NOT_OPENER}{NAME}(?:'s|\s+{AND_ALSO}(?i:is|works\s+as))\s+{ADV}(?i:an?)\s+{T}",
          "job_title", "title", occupation=True),
    # "Felix visited, he brought his girlfriend Tessa": a relation of the sentence's subject
    # (not after "<Name> and": "Anna met Lisa and her brother Tom" is Lisa's brother, maybe)
    rule(rf"^(?P<o>{CAP})\b(?![^.!?]*\b[A-Z][\w'-]*\s+(?:and|&)\s+(?i:his|her)\b)[^.!?]*?"
          rf"\b(?i:his|her)\s+{REL_ADJ}{REL},?\s+{HONORIFIC}(?P<s>{CAP}(?:\s+{CAP}){{0,2}})",
          "relation"),
    # "I got promoted to senior designer at Figma": a new title, at a named place
    rule(rf"{FP}{PERFECT}\s+{ADV}{PROMOTED}(?:(?i:an?)\s+)?(?P<title>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)"
          rf"{{0,3}})\s+(?i:at|for)\s+{ORG}", "works_at", titled=True, event=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}{PROMOTED}(?:(?i:an?)\s+)?{T}", "job_title", "title",
          occupation=True, event=True),
    # "Priya got promoted to senior engineer": a named person's new title
    rule(rf"{NAME}(?:'s|\s+(?i:has))?\s+{ADV}{PROMOTED}(?:(?i:an?)\s+)?{T}", "job_title",
          "title", occupation=True, event=True),
    # not "I work as hard as I can": a comparison, no title
    rule(rf"{FP}\s+{AND_ALSO}{ADV}(?i:work)\s+(?i:as)\s+(?!{_AS_MUCH}\s+as\b)(?i:an?\s+)?{T}",
          "job_title", "title"),
    rule(rf"{IM}\s+(?:(?i:actually|now|only|just|finally)\s+)?(?P<t>\d{{1,3}})(?:\s+(?i:years?\s+old|yo)\b|(?=\s*(?:[,;.!?]|$)|"
          rf"\s+(?i:and|but|so|now)\b))", "age", "word"),
    # "I've been a nurse for twelve years": the title held since
    rule(rf"{BEEN}\s+{ADV}(?i:an?)\s+{T}", "job_title", "title", occupation=True),
    rule(rf"{BE1}\s+{ADV}(?i:an?\s+)?{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word"),
    # "Clara is vegan", "Clara has been vegan for years", "Clara's been vegan since 2019"
    rule(rf"{NAME}(?:'s|\s+(?i:is)|(?:'s|\s+(?i:has))\s+(?i:been))\s+{ADV}"
          rf"(?i:an?\s+)?{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word"),
    rule(rf"{FP}(?:'ve|\s+have)\s+{ADV}(?i:been)\s+{ADV}(?i:an?\s+)?(?P<t>(?i:{DIETS}))\b",
          "diet", "word"),
    # "I'm going vegan for January", "we're going keto": from now on
    rule(rf"{BE1}\s+{ADV}(?i:going)\s+{KEEN}(?P<t>(?i:{DIETS}))\b(?!\s+(?i:restaurant|place|"
          rf"caf[eé]|bakery|option|menu))", "diet", "word", event=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:went|gone|became|become|turned)\s+{ADV}(?i:an?\s+)?"
          rf"{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word", event=True),
    # "Jonas went vegetarian last month", "my husband has gone vegan"
    rule(rf"{NAME}\s+{ADV}(?:(?i:has)\s+|'s\s+)?(?i:went|gone|became|become|turned)\s+{ADV}"
          rf"(?i:an?\s+)?{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word", event=True),
    # "I switched to a keto diet", "we've started a paleo diet", "I'm on a vegan diet now"
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:switched\s+to|changed\s+to|moved\s+to|went\s+on|"
          rf"gone\s+on|started|began|begun)\s+(?i:an?\s+|the\s+)?{KEEN}"
          rf"(?P<t>(?i:{DIETS}))\s+(?i:diet)\b", "diet", "word", event=True),
    rule(rf"{BE1}\s+{ADV}(?i:on)\s+(?i:an?\s+|the\s+)?{KEEN}(?P<t>(?i:{DIETS}))\s+(?i:diet)\b",
          "diet", "word"),
    *HEALTH_RULES,
    # "I'm scared of heights", "Leo is afraid of dogs"
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}{FEARFUL}\s+(?i:of)\s+{T}", "afraid_of",
          "list"),
    # "My new email is sven@new.example", "my cell number's +49 170 1234567"
    rule(rf"(?<![\w'])(?i:my|our)\s+{CONTACT_ADJ}(?i:e-?mail)(?:\s+(?i:address))?"
          rf"(?:\s+(?i:is)|'s)\s+(?:(?i:now)\s+)?(?P<t>{EMAIL})", "email", "word"),
    rule(rf"(?<![\w'])(?i:my|our)\s+{CONTACT_ADJ}(?i:phone|cell|mobile)(?:\s+(?i:number))?"
          rf"(?:\s+(?i:is)|'s)\s+(?:(?i:now)\s+)?(?P<t>{PHONE})", "phone_number", "word"),
    rule(rf"{FP}\s+{ADV}(?i:eat|dine|ate|dined|(?:have|had|get|grab|grabbed)\s+{MEAL})"
          rf"\s+(?i:with)\s+{T}", "eats_with", "names", allow_to=True),
    rule(rf"(?i:\b(?:dinner|lunch|breakfast|brunch)\s+with)\s+{T}", "eats_with", "names",
          allow_to=True, first_person_before=True),
    # "My favorite band is Radiohead", "my all-time favourite foods are sushi and ramen",
    # "our favourite takeaway is Thai" (a household's)
    rule(rf"(?<![\w'])(?i:my|our)\s+(?:(?i:all-time|absolute)\s+)?(?i:favou?rite)\s+"
          rf"(?:(?!about\b)[a-z][\w-]*\s+){{0,3}}(?i:is|are)\s+{T}", "likes", "list"),
    rule(rf"{FP}\s+{ADV}(?P<v>(?i:like|love|enjoy|adore|prefer))\s+{T}", "likes", "series",
          allow_to=True),
    # "Yoshiko loves karaoke", "My mum enjoys gardening" (read "<Speaker>'s Mother enjoys …")
    rule(rf"{_SOMEONE}{NAME}\s+{ADV}(?P<v>(?i:likes|loves|enjoys|adores))\s+{T}", "likes",
          "series", allow_to=True),
    # "These days I'm really into Afrobeat", "Tom is obsessed with padel": a liking
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+is))\s+{ADV}(?:(?i:so|totally|a\s+bit|kind\s+of|big\s+time)\s+)?"
          rf"(?i:into|obsessed\s+with|hooked\s+on|crazy\s+about|mad\s+about|passionate\s+about)"
          rf"\s+{T}", "likes", "list"),
    rule(rf"{BEEN}\s+{ADV}(?:(?i:so|totally|a\s+bit|kind\s+of|big\s+time)\s+)?"
          rf"(?i:into|obsessed\s+with|hooked\s+on|crazy\s+about|mad\s+about)\s+{T}", "likes",
          "list"),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:started|began|start)\s+(?i:eating)\s+{T}", "eats",
          event=True),
    # "I'm back to eating fish", "we're eating meat again"
    rule(rf"{BE1}\s+{ADV}(?i:back\s+(?:to|on)\s+eating)\s+{T}", "eats", event=True),
    rule(rf"{BE1}\s+{ADV}(?i:eating)\s+(?P<t>[^.!?;,]+?)\s+(?i:again)\b", "eats", event=True),
    rule(rf"{FP}\s+{ADV}{CANT}\s+(?i:stand|bear)\s+{T}", "dislikes", "list", negative=True),
    rule(rf"{NAME}\s+{ADV}{CANT}\s+(?i:stand|bear)\s+{T}", "dislikes", "list",
          negative=True),
    rule(rf"{FP}\s+{ADV}(?i:hate|detest|loathe|despise)\s+{T}", "dislikes", "list"),
    # "Tom hates olives", "Yoshiko loves karaoke and hates fish"
    rule(rf"{_SOMEONE}{NAME}\s+(?:(?i:loves|likes|enjoys|adores)\s+[^.!?;,]{{1,40}}?\s+"
          rf"(?i:and|but)\s+)?{ADV}(?i:hates|detests|loathes|despises)\s+{T}", "dislikes", "list"),
    # "X is my son" (not "X is my son's teacher": the relation is to someone else)
    rule(rf"{NAME}\s+(?i:is)\s+{MY_REL}{REL}\b{NOT_OWNED}", "relation"),
    rule(rf"{NAME},\s+{MY_REL}{REL}\s*,", "relation"),  # "Sarah, my neighbor, is a vet"
    rule(rf"{NAME}\s+(?i:is)\s+{OWNER}{REL_ADJ}{REL}\b{NOT_OWNED}", "relation"),
    rule(rf"{OWNER}{REL_ADJ}{REL},?\s+{HONORIFIC}{PERSON}",
          "relation"),
    # "Mia's teacher is Mr. Okoye"
    rule(rf"{OWNER}{REL_ADJ}{REL}(?:\s+(?i:this|next|for\s+this)\s+(?i:year|term|semester|season))?"
          rf"\s+(?i:is)\s+(?:(?i:now)\s+)?{HONORIFIC}{PERSON}", "relation"),
    *COUPLE_RULES,
    rule(rf"{FP}\s+{ADV}{NO_EAT}\s+{T}", "avoids", "list", negative=True),
    rule(rf"{NAME}\s+{ADV}{NO_EAT}\s+{T}", "avoids", "list", negative=True),
    rule(rf"(?:{MY_REL}|(?:^|(?<=[,;]\s))(?i:new)\s+){REL},?\s+{HONORIFIC}{PERSON}", "relation"),
    # "I have a new landlord, Mr. Brandt", "Kenji has a daughter, Emi", "my son has a new
    # football coach, Mrs. Okafor" (read as "<Speaker>'s Son has …"), "got a second
    # supervisor, Dr Ruiz"
    rule(rf"(?:{FP}(?:'ve|\s+have)?(?:\s+got)?|(?:^|(?<=[,;]\s))(?i:got)|(?<![\w'-])(?P<o>{CAP}"
          rf"(?:\s+{CAP}){{0,2}})\s+(?:has|got|has\s+got))\s+{ADV}(?i:an?)\s+(?:(?i:new|second|"
          rf"another)\s+)?{REL_ADJ}{REL}(?:\s+(?i:at|from)\s+(?:the\s+)?[\w'-]+)?,\s+"
          rf"{HONORIFIC}{PERSON}", "relation"),  # "got a new physio at the clinic, Andy"
    # "we're in the intermediate class with a trainer called Gareth", "I've got a new
    # physio named Dr Lenz": the speaker's, named after the word
    rule(rf"(?<![\w'])(?i:with|have|has|got)\s+(?i:an?)\s+(?:(?i:new|great|good|lovely)\s+)?{REL_ADJ}"
          rf"{REL}\s+(?i:called|named)\s+{HONORIFIC}{PERSON}", "relation"),
    # "my parents Tom and Ann", "our two daughters, Mia and Lou": each one by name
    rule(rf"(?:{MY_REL}|{FP}(?:'ve|\s+have)(?:\s+got)?\s+)(?:{COUNT})?{PLURAL_REL}(?:,|\s+(?i:are))?\s+"
          rf"{LISTED_NAMES}", "relatives", "names"),  # "we have two kids, Mia and Leo"
    # "My mum's name is Ngozi", "Mum's name is Ngozi", "my wife is called Anna", "Karl's
    # daughter is named Ines": a relative told by name after she was told by relation word
    rule(rf"(?:{MY_REL}|^){REL_ADJ}{REL}{CALLED}{HONORIFIC}{PERSON}", "relation"),
    rule(rf"{OWNER}{REL_ADJ}{REL}{CALLED}{HONORIFIC}{PERSON}", "relation"),
    # "FYI my wife is Anna", "my boss here is a guy called Duarte", "my own teacher back in
    # Prague was Mrs Novak": one who held it; "my new supervisor will be Dr Lindqvist": to be
    rule(rf"{MY_REL}(?:{REL_ADJ}|(?:crew|line|team|shift|ward|site|section)\s+){REL}(?:\s+(?i:back\s+)?(?i:in|at)"
          rf"\s+(?:(?i:the)\s+)?[\w'-]+|\s+(?i:there|here))?\s+(?i:is|was|will\s+be|is\s+going\s+to\s+be)"
          rf"\s+(?:(?i:now)\s+)?(?:{A_SOMEONE}(?:,|\s+(?i:called|named)))?\s*{HONORIFIC}{PERSON}",
          "relation"),
    # "…, the new flatmate is a guy called Tom", "the new vet is Dr Shah": someone new in a
    # role is the speaker's unless a name owns it ("Eli's new coach is …", above)
    *(
        rule(rf"(?:(?<![\w'])(?<!'s\s)(?i:the)\s+|^|(?<=[,;]\s)){role}(?:{CALLED}|\s+(?i:is)\s+"
              rf"(?:(?i:now)\s+)?){HONORIFIC}{PERSON}", "relation")
        for role in (  # "the new flatmate is …", "the trainer at Paws is called Helen"
            rf"(?i:new)\s+(?:[a-z]+\s+)?{REL}(?:\s+(?i:at)\s+{CAP}(?:\s+{CAP}){{0,3}})?",
            rf"(?:[a-z]+\s+)?{REL}\s+(?i:at)\s+{CAP}(?:\s+{CAP}){{0,3}}",
        )
    ),
    # "I'm between jobs", "my sister is out of work": no job, whatever it was (denials)
    rule(rf"(?:{BE1}|{NAME}\s+(?i:is))\s+{ADV}(?i:between\s+jobs|unemployed|out\s+of\s+work|"
          rf"jobless)\b", "jobless", denial=True),
    # "quit the cafe", "I've handed in my notice at the bakery", "left my job", "jacked in
    # my job": the job ends,
    # wherever it was (a workplace by its kind; not "left the office at 6", "quit the gym")
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?:(?i:quit|resigned\s+from|walked\s+out\s+of|"
          rf"handed\s+in\s+(?:my|our)\s+notice\s+at)\s+(?i:my|the|our)\s+(?:(?i:old)\s+)?"
          rf"(?i:job|{QUIT_PLACE})|(?i:left)\s+(?i:my|the|our)\s+(?:(?i:old|day|office|bar|shop|"
          rf"cafe|café)\s+)?(?i:job)|(?i:packed|jacked|chucked)\s+(?i:in)\s+(?i:my|the|our)\s+"
          rf"(?:(?i:old|day)\s+)?(?i:job))\b{_NO_JOB_AFTER}", "job_quit", denial=True),
    # "I'm off the antidepressants now": no longer taken (a denial)
    rule(rf"{BE1}\s+{ADV}(?i:off)\s+(?i:the|my)\s+{T}", "take", denial=True),
    # "Pip's egg allergy is gone", "my peanut allergy went away", "Ana outgrew her milk
    # allergy": no longer allergic (denials)
    rule(rf"(?:{NAME}'s|(?<![\w'])(?i:my|our))\s+(?P<t>[A-Za-z-]+)\s+(?i:allergy)\s+"
          rf"(?:(?i:is|has)\s+)?{ADV}(?i:gone|cleared(?:\s+up)?|went\s+away|disappeared|"
          rf"vanished)\b", "allergic_to", denial=True),
    # "he can eat strawberries now", "I can finally have dairy again": no longer kept away
    *(
        rule(rf"(?:{FP}|{NAME})\s+(?i:can)\s+{when}(?i:eat|have|drink)\s+{what}", predicate,
              "list", denial=True)
        for predicate in ("avoids", "allergic_to")
        for when, what in (
            (r"(?:(?i:now|finally|again)\s+)", T),
            ("", r"(?P<t>[^.!?;,]+?)\s+(?i:now|again)\b"),
        )
    ),
    rule(rf"(?:{FP}|{NAME})(?:'ve|\s+have|\s+has)?\s+{ADV}(?i:outgrew|outgrown|grew\s+out\s+of)\s+(?i:my|her|his|"
          rf"their|our|the)\s+(?P<t>[A-Za-z-]+)\s+(?i:allergy)\b", "allergic_to", denial=True),
    # "I'm no longer with Kevin": the couple ended however it was told (denials)
    rule(rf"{BE1}\s+(?i:no\s+longer)\s+(?i:with|together\s+with)\s+{T}", "partner",
          "names", negative=True, denial=True),
    # "We're back in Berlin after two years in Madrid": home again
    rule(rf"{BE1}\s+{ADV}(?i:back)\s+(?i:in)\s+{ORG}", "lives_in", "names", event=True),
    # "I'm bored of Khruangbin now", "we got tired of sushi": no longer liked (a denial)
    rule(rf"{BE1}\s+{ADV}(?:(?i:so|a\s+bit|kind\s+of|getting)\s+)?(?i:bored|tired|sick)\s+"
          rf"(?i:of|with)\s+{T}", "likes", denial=True),
    rule(rf"{FP}\s+{ADV}(?i:got|get|grew|have\s+gotten|'ve\s+gotten)\s+(?i:bored|tired|sick)\s+"
          rf"(?i:of|with)\s+{T}", "likes", denial=True),
    # what ended: a job left, a home moved out of, a partner broken up with (denials)
    rule(rf"{FP}{PERFECT}\s+{ADV}{LEFT}\s+(?i:my|the|a)\s+(?:(?i:old|current)\s+)?"
          rf"(?i:job|position|role)\s+(?i:at|with)\s+{T}", "works_at", denial=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}{LEFT}\s+{ORG}", "works_at", "names", denial=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:moved\s+(?:out\s+of|away\s+from)|left)\s+{ORG}",
          "lives_in", "names", denial=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:broke\s+up\s+with|split\s+up\s+with|separated\s+from|"
          rf"divorced)\s+{T}", "partner", "names", denial=True),
    # "Marco and I broke up", "Jamie and I split up last year": the couple ended
    rule(rf"(?<![\w'-])(?P<t>(?:{CAP}'s\s+)?{CAP})\s+(?i:and)\s+(?:I|i){PERFECT}\s+{ADV}{SPLIT}",
          "partner", "names", denial=True),  # "my boyfriend and I …": "<Speaker>'s Boyfriend"
    # "Tom and I aren't together anymore" (told with a negation: the parse's to check)
    rule(rf"(?<![\w'-])(?P<t>(?:{CAP}'s\s+)?{CAP})\s+(?i:and)\s+(?:I|i)\s+(?i:are\s+not|aren't|"
          rf"'re\s+not|are\s+no\s+longer|'re\s+no\s+longer)\s+(?i:together)\b", "partner",
          "names", negative=True, denial=True),
    rule(rf"(?<![\w'-])(?P<s>{CAP})\s+(?i:and)\s+(?P<t>{CAP}){PERFECT}\s+{ADV}{SPLIT}",
          "partner", "names", denial=True),
    # "We broke up last week", "I'm single again": whoever the speaker was with
    rule(rf"(?:(?<![\w'])(?i:we){PERFECT}\s+{ADV}(?i:broke\s+up|split\s+up|got\s+divorced|"
          rf"called\s+it\s+quits)|{BE1}\s+{ADV}(?i:single)\s+(?i:again|now))\b", "single",
          denial=True),
    *PET_RULES,
    *LIFE_RULES,
    *WORK_RULES,
    *FIELD_RULES,
    *ROLE_RULES,
    *SPORT_RULES,
    # "I live alone now": no one lives with the speaker any more (a denial of any value)
    rule(rf"(?:{FP}\s+{ADV}(?i:live)|{BE1}\s+{ADV}(?i:living)|{NAME}\s+{ADV}(?i:lives))\s+"
          rf"(?i:alone|on\s+(?:my|our)\s+own|by\s+(?:myself|ourselves))\b", "alone",
          denial=True),
    *POSSESSION_RULES,
    # "I finally booked my trip to Japan for April", "we booked flights to Lima": a trip ahead
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:booked|planned|organi[sz]ed|arranged)\s+(?:(?i:a|an|my|our|the)"
          rf"\s+)?(?:[\w-]+\s+){{0,2}}?(?i:trip|holiday|vacation|flights?|getaway|break)\s+"
          rf"(?i:to)\s+(?=(?:the\s+)?[A-Z]){ORG}", "plan_go_to", event=True),
    *PERSONAL_RULES,
    *PREFERENCE_RULES,
)  # fmt: skip
