"""What kind of answer a question asks for, and whether a memory can give it.

"How much is the studio rent?" wants an amount, "How old are the twins?" an age, "How long
did the kitchen take?" a duration, "How often can I run?" a frequency, "What's my resting
heart rate?" a number, "What medication am I on?" a medicine (a dose, a prescription, or a
drug's name by the stems drug names are coined from: metformin, atorvastatin, lisinopril),
"What was Marcus's marathon time?" or "What time is the dentist?" a time on the clock or the
stopwatch ("finished in 3:24", "at 6pm", "8 till 3"), "What's wrong with Pixel?" a diagnosis,
an illness or an injury ("diagnosed with kidney disease"), "What did Omar get in stats?" a mark
or a grade ("got 71", "a B+", "passed"), "Why did Marek leave?" a cause or a purpose ("so",
"because", "for work", "to be near her mum"), "What does Poppy like?" a liking ("mad about
horses", "loves", "a big fan of"), "How much did Rosa weigh?" or "How far did I run?" a
measure with its unit ("3.2 kilos", "10k"), "When are the classes now?" a day, a part of it,
a date or a recurrence ("Saturday mornings", "alternate weekends"; not "When did …?", whose
answer is the event's own date), "Which platform do I stream on?" an online platform by
name ("moved from Twitch to YouTube"), "What sport does Felix play?" a sport by name ("picked
for the county cricket squad"). A memory that holds no answer of that kind ("My partner
thinks I should rent a studio") may still match the question's words best; one that holds
one ("found one in Hyde Park for £400 a month") is the answer; so is one that says there is
none any more ("My husband quit coffee" for "How much coffee does my husband drink?"). When
some gated memory holds the kind asked for, each one that holds none is multiplied by
``search.answer_factor`` (:mod:`graphmem.search.ranking`). "How many dogs do I walk?" wants a
count of what it names ("up to 19 dogs", "14 regular dogs now"; not "14 pounds a walk"); its
answer is often a set counted over several memories instead ("How many kids does Mel
have?"), none of which holds a number, and then no memory is marked down.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from graphmem.domain.alternation import alternation
from graphmem.domain.calendar_words import MONTHS
from graphmem.domain.medicines import DOSED, MEDICINE, PUT_ON, TAKEN_FOR
from graphmem.domain.online_platforms import PLATFORMS
from graphmem.domain.schooling import GRADED, SUBJECTS
from graphmem.domain.sports import SPORTS
from graphmem.search.label_numbers import without_labels

Kind = Literal[
    "amount",
    "age",
    "duration",
    "frequency",
    "medication",
    "clock",
    "condition",
    "grade",
    "reason",
    "preference",
    "measure",
    "when",
    "platform",
    "sport",
]


#: An hour of the clock told bare ("at 7", "8 till 3"), not a count or an amount after it
#: ("at 7%", "2 to 3 times a week", "at 10 years old").
_HOUR = (
    r"(?:1[0-2]|[1-9])\b(?![.,:]?\d|\s*(?:%|percent|times|years?|months?|weeks?|days?|"
    r"hours?|people|kids|of\b|x\b|st\b|nd\b|rd\b|th\b|km|miles?|k\b|points?|pounds?|kg|"
    r"quid|euros?|dollars?|grand|minutes?|mins?))"
)

_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|half|couple"
)
_NUMBER = rf"(?:\d|\b(?:{_NUMBER_WORDS})\b)"
_MONEY = r"(?:pounds|quid|bucks|euros|dollars|grand|hundreds|thousands|millions|pence|cents)"
#: A number that counts no things: not "two tenants", "three kids" (a count, no amount).
_COUNTLESS = rf"(?:\d|\b(?:{_NUMBER_WORDS})\b(?!\s+(?!{_MONEY}\b)[a-z]+s\b))"
#: None at all is an amount and a frequency too: "My husband quit coffee in January" answers
#: "How much coffee does my husband drink?"
_NONE = (
    r"\b(?:quit|quitting|stopped|gave\s+up|given\s+up|cut\s+out|no\s+longer|any\s?more|"
    r"none|zero|nothing)\b"
)


def _unnamed(pattern: str) -> str:
    """``pattern`` without its named group, to be one alternative among others."""
    return pattern.replace("(?P<t>", "(?:")


#: Not a number inside another, nor an hour ("curfew moved to 11", "home by 10").
_NO_HOUR = r"(?<![\d.,])(?<!\bto\s)(?<!\btill\s)(?<!\buntil\s)(?<!\bat\s)(?<!\bby\s)"
_UNITS = r"(?:second|minute|min|hour|hr|day|night|week|wk|month|year|yr|decade)s?"
_HOLDS: dict[Kind, re.Pattern[str]] = {
    # a number that is no duration ("Took 3 weeks" costs nothing) nor a day ("set for
    # September 12th"), a currency, a price word
    "amount": re.compile(
        rf"[£$€¥₹]|\b(?:free|grand|quid|bucks)\b|"
        rf"{_COUNTLESS}(?![\w,.:]*[\s-]+{_UNITS}\b)(?!\d*(?:st|nd|rd|th)\b)|{_NONE}",
        re.I,
    ),
    # a number that is no measure ("lost 2 kilos", "ran 10k") nor a time of day
    "age": re.compile(
        rf"{_NO_HOUR}{_NUMBER}(?![\w,.:]*[\s-]*(?:kilos?|kg|lbs?|pounds|stone|km|k|miles?|metres|meters|"
        rf"cm|%|percent|am|pm|o'clock|minutes?|mins?|hours?|hrs?|times|quid|euros?|dollars?)\b)|"
        rf"\b(?:teens?|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b",
        re.I,
    ),
    "duration": re.compile(
        rf"(?:{_NUMBER}|\ban?\b|\bfew\b|\bseveral\b)[\s-]*(?:more\s+)?{_UNITS}\b|"
        rf"\b(?:since|all\s+(?:day|night|week|year))\b|"
        r"\b\d{1,3}(?:st|nd|rd|th)\s+(?:wedding\s+)?anniversary\b",  # "our 40th anniversary"
        re.I,
    ),
    # a diagnosis, an illness or an injury: "diagnosed with kidney disease", "broke his wrist"
    "condition": re.compile(
        r"\b(?:diagnos\w*|disease|condition|syndrome|disorder|infection|cancer|tumou?r|"
        r"diabet\w*|arthritis|asthma|epilep\w*|dementia|allerg\w*|illness|ill|sick|virus|flu|"
        r"covid|injur\w*|broke|broken|fractur\w*|sprain\w*|tore|torn|pulled|twisted|"
        r"dislocat\w*|concuss\w*|hamstring|ligaments?|acl|cartilage|surgery|operation|op|"
        r"replacement|transplant|bypass|"
        r"limp\w*|pain|ache|aching|sore|swollen|lump|rash|vomit\w*|seizures?|stroke|"
        r"heart\s+attack|depress\w*|anxiety|migraines?)\b|\b{TAKEN_FOR}",
        re.I,
    ),
    # a mark, a score or a grade: "got a 68", "scored 72%", "an A in maths", "a 2:1", "passed"
    "grade": re.compile(
        rf"(?<![£$€¥₹\d.:])\b\d{{1,3}}(?:\.\d)?(?:\s?(?:%|percent|/\s?\d+|out\s+of\s+\d+))?"
        rf"(?![\d:]|st\b|nd\b|rd\b|th\b|\s*(?:am|pm|{_UNITS})\b)|"
        r"\b(?:got|get|gets|getting|scored|with|an?)\s+(?:an?\s+)?(?-i:[A-F])[*+-]?(?![\w'])|"
        r"\ba\s+first\b(?=\s*(?:[!.,;]|$|(?:in|for|class)\b))|"  # "got a first!" (a degree's)
        r"\b(?:[12]:[12]|first-class|distinction|merit|pass|passed|fail|failed|failing|"
        r"flunked|aced|top\s+marks|full\s+marks|grades?|marks?)\b",
        re.I,
    ),
    # a cause or a purpose: "on maternity leave so I'm with a new tutor", "for health
    # reasons", "moving to Bristol for work", "started it to meet people", "inspired by her"
    "reason": re.compile(
        r"\b(?:because|cause|'cause|cos|coz|since|due\s+to|owing\s+to|thanks\s+to|reasons?|"
        r"so|as|for|to\s+(?-i:(?![A-Z0-9]))\w+|inspir\w*|motivat\w*|help\w*|makes?|made|want\w*)\b",
        re.I,
    ),
    # a liking: "she's mad about horses", "loves the dinosaur exhibit", "a big fan of jazz"
    "preference": re.compile(
        r"\b(?:likes?|liked|liking|love|loves|loved|loving|enjoy\w*|into|mad\s+about|"
        r"crazy\s+about|obsess\w*|fan|favou?rites?|passion\w*|adores?|adored|fond|keen|"
        r"hooked|addicted|stoked|fun|great|amazing|awesome|best)\b",
        re.I,
    ),
    "frequency": re.compile(
        rf"\b(?:every|each|once|twice|daily|weekly|monthly|nightly|yearly|annually|per|"
        rf"times|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|"
        rf"always|never|rarely|usually)\b|\ba\s+{_UNITS}\b|{_NONE}",
        re.I,
    ),
    "medication": re.compile(
        rf"\b(?:\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ml|units?)|prescribed|prescription|{MEDICINE})\b|"
        rf"\b{_unnamed(TAKEN_FOR)}|\b{_unnamed(DOSED)}|\b{_unnamed(PUT_ON)}",
        re.I,
    ),
    # a weight, a height or a distance with its unit: "3.2 kilos", "6 foot 2", "ran 10k"
    "measure": re.compile(
        rf"{_NUMBER}[\d,.]*[\s-]*(?:kilos?|kgs?|kilograms?|grams?|g|lbs?|pounds?|stone|st|oz|"
        r"ounces?|cm|centimet(?:re|er)s?|met(?:re|er)s?|m|mm|feet|foot|ft|inch|inches|in|km|k|"
        r"kilomet(?:re|er)s?|miles?|mi)\b(?!\s+(?:the|a|an|my|our)\b)|\b\d'\s?\d{1,2}\b",
        re.I,
    ),
    # a day, a part of the day, a date or a recurrence: "on Saturday mornings", "alternate
    # weekends", "from 12 September", "every other Tuesday", "at 6pm"
    "when": re.compile(
        rf"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|mornings?|"
        rf"afternoons?|evenings?|nights?|tonight|tomorrow|today|{alternation(MONTHS)}|"
        rf"spring|summer|autumn|(?<=in\s)fall|(?<=this\s)fall|(?<=last\s)fall|(?<=next\s)fall|winter|"
        rf"christmas|easter|term|half-term|daily|weekly|"
        rf"monthly|fortnightly|every|each|twice|once|alternate)\b|"
        r"\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b",
        re.I,
    ),
    # a sport by name: "picked for the county cricket squad", "five-a-side on Tuesdays"
    "sport": re.compile(rf"\b(?:{alternation(SPORTS)})\b", re.I),
    # an online platform by name: "moved from Twitch to YouTube", "selling on Etsy"
    "platform": re.compile(rf"\b(?:{alternation(PLATFORMS)})\b", re.I),
    # a time on the clock or a stopwatch: "at 3:15", "6pm", "finished in 3:24", "1:58:30",
    # and an hour told bare: "we open at 7", "8 till 3", "half 6"
    "clock": re.compile(
        r"(?<![£$€¥₹\d.,])\b\d{1,2}[:.]\d{2}(?::\d{2})?\b(?!\s*(?:%|percent))|\b\d{1,2}\s?(?:am|pm)\b|"
        r"\b(?:noon|midday|midnight|o'clock)\b|\bsub[-\s]?\d|"
        rf"\b(?:at|from|until|till|til|by|half|half\s+past|quarter\s+(?:past|to))\s+{_HOUR}|"
        rf"(?<![£$€¥₹\d.,])\b{_HOUR}\s*(?:till|til|until|to)\s+{_HOUR}|"
        # a race's time in words: "4 hours 12 minutes", "3hrs 40", "22 minutes 10 seconds"
        r"\b\d{1,2}\s*(?:hours?|hrs?|h)\s*(?:and\s+)?\d{1,2}\b|\b\d{1,2}\s*(?:minutes?|mins?)\s*"
        r"(?:and\s+)?\d{1,2}\s*(?:seconds?|secs?|s)\b|"
        # a time got down to or done in: "got my any% down to 48 minutes", "in 19 mins"
        r"\b(?:down\s+to|under|in)\s+\d{1,3}\s*(?:minutes?|mins?)\b(?!\s+(?:ago|late|early))",
        re.I,
    ),
}
_ASKED: tuple[tuple[re.Pattern[str], Kind], ...] = (
    # "What time is the dentist?", "What was Marcus's marathon time?", "What's my 10k PB?"
    (
        re.compile(
            r"\bwhat\s+time\b|\b(?:pb|pr|personal\s+(?:best|record)|(?:finish(?:ing)?|race|"
            r"marathon|half|10k|5k|parkrun|run|lap|split|best)\s+times?)\b|"
            r"^\s*(?:what|which)\b(?:'s|\s+is|\s+was)?\s+\w+(?:'s|s')\s+(?:[\w-]+\s+)?"
            r"(?:time|best)\b",
            re.I,
        ),
        "clock",
    ),
    # "What's wrong with Pixel?", "What illness does Dad have?", "What was she diagnosed with?"
    (
        re.compile(
            r"\bwhat(?:'s|\s+is|\s+was)?\s+(?:wrong|the\s+matter)\s+with\b|"
            r"^\s*what\s+(?:\w+\s+)?(?:illness|disease|condition|diagnosis|injury|operation|"
            r"surgery|procedure|health\s+"
            r"(?:problem|issue|condition)s?)\b|\bdiagnosed\s+with\s*\??\s*$",
            re.I,
        ),
        "condition",
    ),
    # "What did Priya get in organic chemistry?", "What grade did Sam get?", "What mark did I
    # get on the essay?"
    (
        re.compile(
            rf"^\s*what\s+(?:grades?|marks?|results?|scores?)\s+did\b|"
            rf"^\s*what\s+did\s+(?:\w+\s+){{1,2}}?(?:get|score)\s+(?:in|on|for)\s+"
            rf"(?:[\w'-]+\s+){{0,3}}?(?:{alternation(SUBJECTS | GRADED)})\b",
            re.I,
        ),
        "grade",
    ),
    # "Why did Marek leave?", "How come Ben's going part time?", "What made Gina start it?"
    (
        re.compile(
            r"^\s*(?:why|how\s+come)\b|^\s*what\s+(?:made|makes|led|prompted|inspired|"
            r"motivated|drove|caused)\s+\w|^\s*what(?:'s|\s+is|\s+was)\s+the\s+reason\b",
            re.I,
        ),
        "reason",
    ),
    # "What does Poppy like?", "What does Mel love doing?", "What is Kai into these days?"
    # (not "What does Josh do in his spare time?": "Maria is learning the cello" answers it)
    (
        re.compile(
            r"^\s*what\s+(?:\w+\s+){0,3}?(?:does|do|did)\s+[\w']+\s+(?:\w+\s+)?"
            r"(?:like|love|enjoy|adore)\b|^\s*what(?:'s|\s+is|\s+are)\s+[\w']+\s+"
            r"(?:really\s+|mostly\s+)?into\b",
            re.I,
        ),
        "preference",
    ),
    # "How much did Rosa weigh at birth?", "How tall is Finn now?", "How far did I run?"
    (
        re.compile(
            r"\bhow\s+(?:heavy|tall|far|high)\b|\b(?:weigh|weighs|weighed|weighing)\b|"
            r"^\s*(?:what|which)\b(?:'s|\s+is|\s+was)?\s+(?:[\w']+\s+){0,3}?"
            r"(?:weight|height|distance)\b",
            re.I,
        ),
        "measure",
    ),
    # "When do the kids see their dad?", "When are Biscuit's classes now?": a recurring or
    # coming time (not "When did …?": a past event's date is its memory's own)
    (re.compile(r"^\s*when\s+(?:do|does|is|are)\b", re.I), "when"),
    # "Which platform do I stream on?", "What app do we use for the shop?", "Where does Zak
    # stream now?"
    (
        re.compile(
            r"^\s*(?:what|which)\s+(?:\w+\s+)?(?:platforms?|apps?|sites?|websites?|services?)\b|"
            r"^\s*where\s+(?:do|does|did)\s+(?:[\w'-]+\s+){1,3}?(?:stream|post|sell|upload|"
            r"publish|vlog)\b",
            re.I,
        ),
        "platform",
    ),
    (re.compile(r"\bhow\s+much\b", re.I), "amount"),
    (re.compile(r"\bhow\s+old\b", re.I), "age"),
    (re.compile(r"\bhow\s+long\b(?!\s+ago)", re.I), "duration"),
    (re.compile(r"\bhow\s+(?:often|frequently)\b", re.I), "frequency"),
    # "What's my hourly rate?", "what is the rent", "What dose am I on?"
    (
        re.compile(
            r"^\s*(?:what|which)\b(?:'s|\s+is|\s+was|\s+are)?\s+(?:\w+\s+){0,3}?"
            r"(?:rate|price|cost|budget|salary|rent|dose|dosage|fee|wage|"
            r"score|pace|mortgage|deposit|age|temperature|pressure|bill|total)s?\b",
            re.I,
        ),
        "amount",
    ),
    # "What sport does Felix play?", "Which team sports is she into?"
    (re.compile(r"^\s*(?:what|which)\s+(?:\w+\s+)?sports?\b", re.I), "sport"),
    (
        re.compile(
            r"^\s*(?:what|which)\b(?:'s|\s+is|\s+are)?\s+(?:\w+\s+){0,3}?"
            r"(?:medications?|medicines?|meds|drugs?|pills?|prescriptions?|tablets?|insulins?|"
            r"inhalers?|antibiotics?)\b",
            re.I,
        ),
        "medication",
    ),
)


def asked(query: str) -> Kind | None:
    """The kind of answer ``query`` asks for, or None."""
    return next((kind for pattern, kind in _ASKED if pattern.search(query)), None)


def holds(text: str, kind: Kind) -> bool:
    """``text`` holds an answer of ``kind``."""
    if kind in {"amount", "age"}:
        text = without_labels(text)  # "plot 9" is no amount
    return _HOLDS[kind].search(text) is not None


#: "How many dogs …", "how many regular clients": the word counted (after up to one other).
_HOW_MANY = re.compile(r"\bhow\s+many\s+(?:[a-z-]+\s+)??(?P<n>[a-z]{3,}?)(?:es|s)?\b", re.I)


def answer_test(query: str) -> Callable[[str], bool] | None:
    """Whether a memory's text holds the kind of answer ``query`` asks for (:func:`asked`,
    or a count of the thing a "How many …?" names), or None when it asks for no kind."""
    kind = asked(query)
    if kind is not None:
        return lambda text: holds(text, kind)
    many = _HOW_MANY.search(query)
    if many is None:
        return None
    counted = many.group("n")
    # "How many times did he fail?": "failed it twice" counts too
    times = r"|\b(?:once|twice|thrice)\b" if counted in {"tim", "time"} else ""
    count = re.compile(
        rf"(?:\b\d[\d,]*|\b(?:{_NUMBER_WORDS})\b)\s+(?:[\w-]+\s+){{0,2}}?"
        rf"{re.escape(counted)}(?:e?s)?\b{times}",
        re.I,
    )
    return lambda text: count.search(text) is not None


#: Kinds told by a name from a closed list (an online platform, an app): a memory that names
#: one answers a question that asks for that kind however little else it shares with it
#: ("Which dating app do I use?" — "deleted Hinge, trying Bumble instead"), so it passes the
#: semantic gate (:mod:`graphmem.search.ranking`).
NAMED_KINDS: frozenset[Kind] = frozenset({"platform"})


def named_kind_test(query: str) -> Callable[[str], bool] | None:
    """Whether a memory's text names the kind ``query`` asks for, when that kind is one of
    :data:`NAMED_KINDS`; None otherwise."""
    kind = asked(query)
    if kind not in NAMED_KINDS:
        return None
    return lambda text: holds(text, kind)
