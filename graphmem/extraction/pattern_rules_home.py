"""The sentence patterns of where one lives: "I live in Leeds", "we moved into a new
apartment in Brooklyn", "living in a shared house in Mutley" (the town, not the home), "Ana
relocated from Quito to Lima". Part of the table :mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.domain.alternation import alternation
from graphmem.domain.online_platforms import PLATFORMS
from graphmem.extraction.pattern_fragments import (
    A_HOME,
    ADV,
    BE1,
    BEEN,
    CAP,
    FP,
    NAME,
    ORG,
    PERFECT,
    REL,
    WORK_UNIT,
    T,
)
from graphmem.extraction.pattern_rule import Rule, rule

#: A home told by the town it is in: "the Brixton place", "our new Leith flat".
_HOME_TOWN = (
    r"(?i:the|our|my|a)\s+(?:(?i:new|old)\s+)?({town}[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+"
    r"(?i:place|flat|apartment|house|home|condo)\b"
)
NAMED_HOME = _HOME_TOWN.format(town="?P<t>")
_NAMED_HOME_AHEAD = _HOME_TOWN.format(town="?:")
_HOME_NOUN = (
    r"(?i:flat|apartment|house|home|place|condo|studio|bungalow|cottage|townhouse|loft|room|"
    r"villa|farmhouse|dorm|duplex|houseboat|caravan|semi|terrace|maisonette|bedsit|new\s+build|"
    r"care\s+home|nursing\s+home)"
)
#: "a flat in ", "a shared house in ", "the new studio flat near ": a home, then its town
_A_HOME_IN = (
    rf"{A_HOME}(?:[a-z][\w-]*\s+){{0,2}}{_HOME_NOUN}\s+(?i:in|near|on)\s+(?:(?i:the)\s+)?(?=[A-Z])"
)
#: Homes that care for those who live in them ("care home", "nursing home").
_CARE = r"(?i:(?:care|nursing|residential|retirement)\s+home|care\s+facility|hospice)"
#: The home left, told before the one moved into ("moved out of halls into …").
_LEFT_FIRST = r"(?:(?i:out\s+of|out\s+from|from)\s+(?:[\w'-]+\s+){1,3}?)?"

#: Not a home: an employer moved to, told by its team ("moved to the Guardian, politics team")
_NO_TEAM_AHEAD = rf"(?![^,.;!?]{{1,40}},\s+{WORK_UNIT})"
#: Not a home: a workplace by its name and kind ("moved to a Well pharmacy in Newport").
_NO_WORKPLACE_AHEAD = (
    r"(?!(?:(?i:the|an?)\s+)?[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*){0,2}\s+(?i:pharmacy|surgery|"
    r"branch|store|office|clinic|salon|garage|library|station|depot|ward|hospital|practice)\b)"
)
#: Not a home: an online platform moved to ("moved from Twitch to YouTube").
_ONLINE = rf"(?!(?:{alternation(PLATFORMS)})\b)"

#: How one lives there: "lives alone in Whitby", "lives on his own in Swindon".
_ALONE = (
    r"(?:(?i:alone|on\s+(?:my|his|her|their|our)\s+own|by\s+(?:myself|himself|herself|"
    r"themselves|ourselves))\s+)?"
)
#: Not a town after "in": a school year, a class, a ward ("still in Year 9", "in A&E").
_NOT_A_TOWN = r"(?!(?i:year|reception|form|class|set|grade|hospital|a&e|icu|team|group)\b)"
_SOMEONE_IS = rf"{NAME}(?<!\sI)(?:'s|\s+is)\s+"
#: A town's end, told as the sentence's or before a word of time or company.
_TOWN_END = r"(?=\s*(?:[,.;!?)]|$|(?i:now|with|and|these|nowadays|too|though)\b))"

#: What a home got is told with: "a proper flat", "our own little place", "a tiny 2-bed".
_HOME_ADJ = (
    r"(?:(?i:new|own|small|little|big|bigger|nice|lovely|tiny|proper|cute|cosy|cozy|gorgeous|"
    r"beautiful|cheap|cheaper|furnished|shared|first|great|1-bed|2-bed|3-bed|one-bed|two-bed|"
    r"three-bed)\s+)*"
)
HOME_RULES: tuple[Rule, ...] = (
    # "my mum is visiting from Leicester", "Jonas flew in from Hamburg": where the visitor lives
    rule(rf"{NAME}(?:\s+(?i:is|was)|'s)?\s+{ADV}(?:(?i:visiting|visited)|(?i:coming|came|come|"
          rf"flying|flew|flown)(?:\s+(?i:in|over|up|down))?|(?i:over|up|down))\s+(?i:from)\s+"
          rf"(?=[A-Z]){ORG}(?![\w'-])(?!\s+(?i:airport|station)\b)", "lives_in"),
    rule(rf"{FP}\s+{ADV}(?i:live|reside)\s+{_ALONE}(?i:in)\s+(?!{_A_HOME_IN}){T}", "lives_in"),
    rule(rf"{BE1}\s+{ADV}(?i:living|based|staying|settled)\s+(?i:in)\s+(?!{_A_HOME_IN}){T}",
          "lives_in"),
    # "rent is 950 a month for a one bed in Roath", "our rent's 1200 for a three bed in Canton":
    # the speaker's home's town (not "Mia's rent is …": hers)
    rule(rf"(?:^|(?<=[,;]\s)|(?<![\w'])(?i:my|our)\s+)(?i:rent(?:'s|\s+is|\s+was))"
          rf"\s+[^.!?;]{{0,30}}?(?i:for)\s+(?:{A_HOME}|(?=(?i:one|two|three|1|2|3)[\s-]))(?:[a-z0-9][\w-]*\s+)"
          rf"{{0,2}}(?:{_HOME_NOUN}|(?i:bed|bedroom))\s+(?i:in)\s+(?=[A-Z]){ORG}", "lives_in"),
    # "I live in a flat in Leith", "living in a shared house in Mutley": the town, not the home
    rule(rf"(?:{FP}\s+{ADV}(?i:live|reside)|(?:{BE1}\s+{ADV}|^)(?i:living))\s+(?i:in)\s+{_A_HOME_IN}"
          rf"{ORG}", "lives_in"),
    # "Mum's settled in at Rosewood", "Dad has settled into Oakfield care home": theirs
    rule(rf"{NAME}(?:'s|\s+has|\s+is)?\s+{ADV}(?i:settled)\s+(?i:in|into)\s+(?:(?i:at)\s+)?"
          rf"(?=(?:the\s+)?[A-Z]){ORG}", "lives_in", event=True),
    # "we've settled in Lisbon", "Settled in Lisbon, the flat is in Alfama"
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:settled)\s+(?i:in|into)\s+(?=(?:the\s+)?[A-Z]){T}",
          "lives_in", event=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:moved|relocated)\s+(?i:to|into)\s+(?!{A_HOME}|{_NAMED_HOME_AHEAD}){_ONLINE}"
          rf"{_NO_TEAM_AHEAD}{_NO_WORKPLACE_AHEAD}{T}", "lives_in", event=True),
    # "we moved into the Brixton place", "I moved into my Leith flat": the home by its town
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:moved|relocated)\s+(?i:to|into)\s+{NAMED_HOME}",
          "lives_in", event=True),
    # "We moved from Leeds to Bristol in March", "Ana relocated from Quito to Lima"
    rule(rf"(?:{FP}|{NAME}){PERFECT}\s+{ADV}(?i:moved|relocated)\s+(?i:from)\s+"
          rf"(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,3}}\s+(?i:to)\s+(?=(?:the\s+)?[A-Z]){_ONLINE}{T}",
          "lives_in", event=True),
    # "My new flat is in Shoreditch", "our house is in Leiden": where the home is
    rule(rf"(?<![\w'])(?i:my|our)\s+(?:(?i:new|own|little|tiny|current)\s+)?(?i:flat|apartment|"
          rf"house|home|place|condo|studio)(?:\s+(?i:is)|'s)\s+(?:(?i:now)\s+)?(?i:in)\s+"
          rf"(?=[A-Z]){ORG}", "lives_in"),
    # "we moved into a new apartment in Brooklyn": the home is no place, the town is (not "we
    # moved to a hotel in Ludlow", "I moved to a new team in March")
    rule(rf"(?:(?:{FP}|{NAME}(?:\s+has)?){PERFECT}\s+{ADV}|^)(?i:moved|relocated)\s+{_LEFT_FIRST}"
          rf"(?i:to|into)\s+{_A_HOME_IN}{ORG}", "lives_in", event=True),
    # "Derek and I have finally sold the house in Solihull": the home sold was where one lived
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:sold)\s+(?i:the|our|my)\s+(?:[a-z][\w-]*\s+){{0,2}}?"
          rf"{_HOME_NOUN}\s+(?i:in|on)\s+(?:(?i:the)\s+)?(?=[A-Z]){ORG}", "former_lives_in",
          event=True),
    # "Moving out of halls into a house on Harborne Road": a move ahead, no home yet
    rule(rf"(?:{BE1}\s+{ADV}|^)(?i:moving)\s+{_LEFT_FIRST}(?i:to|into)\s+{_A_HOME_IN}{ORG}",
          "move_to", event=True),
    # "moved into a studio flat in the Barbican": "I" dropped; "Rachel moved into her own
    # place in Fairview": hers; "moved out of halls into a flat in Jesmond": the home left
    # told first
    # "he got a place with his girlfriend in Hackney", "we bought a house in Villeurbanne": a
    # home got in a town named is where one lives
    rule(rf"(?:(?:{FP}(?:'ve|\s+have)?|{NAME}(?:\s+has)?)\s+|^){ADV}(?i:got|bought|rented|found)\s+"
          rf"(?i:a|an|his|her|their|our|my)\s+{_HOME_ADJ}"
          rf"(?:{_HOME_NOUN})(?:\s+(?i:with|near|by|for|just|right|"
          rf"close\s+to|next\s+to)\b[^.!?;:\n]{{0,40}}?)?\s+(?i:in)\s+"
          rf"(?=[A-Z]){ORG}", "lives_in", event=True),
    # "Sofia found us a flat in Alfama", "my dad bought me a place in Hove": a home got for
    # the speaker is where the speaker lives
    rule(rf"(?<![\w'-])(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?|(?i:my|our)\s+[a-z]+)(?:\s+has)?\s+"
          rf"{ADV}(?i:got|bought|rented|found)\s+(?i:us|me)\s+(?i:a|an)\s+{_HOME_ADJ}(?:{_HOME_NOUN})\s+(?i:in)\s+"
          rf"(?=[A-Z]){ORG}", "lives_in", event=True),
    # "I've left Leith, bought a flat in Portobello with my partner Sam": its "I" before
    rule(rf"(?<=[,;]\s)(?:(?i:and|then|just|finally)\s+)?(?i:bought|rented|found|got)\s+(?i:a|an|our|my)\s+"
          rf"{_HOME_ADJ}(?:{_HOME_NOUN})\s+(?i:in)\s+(?=[A-Z]){ORG}", "lives_in", event=True,
          first_person_before=True),
    # "we're renting a 2 bed in Levenshulme", "got the keys to our own house in Burnage",
    # "signed a lease on a flat in Graça", "we signed for a flat in Gentbrugge": a home taken
    # in a town named
    rule(rf"(?:{FP}|{BE1}|^)(?:'ve|\s+have|'re|\s+are)?\s*{ADV}(?:(?i:renting|rent|rented)\s+|"
          rf"(?i:got|get|getting|collected|picked\s+up)\s+(?i:the\s+)?(?i:keys?)\s+(?i:to|for)\s+|"
          rf"(?i:signed|signing|sign)\s+(?:(?i:a|the)\s+(?i:lease|tenancy|contract)\s+)?(?i:on|for)\s+)"
          rf"(?i:a|an|our|my|the)\s+(?:[\w-]+\s+){{0,3}}?(?:{_HOME_NOUN}|(?i:bed|bedroom|"
          rf"bedroomed|semi|terrace|maisonette|bedsit))\s+(?i:in)\s+(?=[A-Z]){ORG}", "lives_in",
          event=True),
    # "got a room in a house share in Bedminster", "found a studio in Leith": a home taken
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^|(?<=[,;]\s))(?i:got|found|bagged|landed|taken|took)\s+"
          rf"(?i:a|an|the|our|my)\s+(?:[\w-]+\s+){{0,2}}?{_HOME_NOUN}(?:\s+(?i:in)\s+(?i:a|an|the)\s+"
          rf"(?:[\w-]+\s+){{0,2}}?(?:{_HOME_NOUN}|(?i:house\s*share|flat\s*share)))?\s+(?i:in|near)\s+"
          rf"(?:the\s+)?(?=[A-Z]){ORG}", "lives_in", event=True),
    # "Jake and I moved in together in Clapham" (read of each): where the couple lives
    rule(rf"(?:{FP}|{NAME}){PERFECT}\s+{ADV}(?i:moved\s+in)\s+(?:(?i:together)\s+)?(?i:in)\s+"
          rf"(?=[A-Z]){ORG}", "lives_in", event=True),
    rule(rf"(?<![\w'-])(?P<t>{CAP}(?:\s+{CAP})?)\s+(?i:and)\s+(?:I|me)(?:'ve|\s+have)?\s+{ADV}"
          rf"(?i:moved\s+in)\s+(?i:together)\b", "live_with", "names", event=True),
    # "I'm back at my mum's in Croydon for now", "staying at my sister's in Hove": theirs
    rule(rf"{BE1}\s+{ADV}(?:(?i:back|staying|living|crashing|stopping)\s+)?(?:(?i:at)\s+)?"
          rf"(?i:my|our)\s+{REL}'s\s+(?:(?i:place|house|flat)\s+)?(?i:in)\s+(?=[A-Z]){ORG}",
          "lives_in", event=True),
    # "offer accepted on a two bed terrace in Heaton Moor", "we're buying a flat in Leith": a
    # home being bought, not yet lived in
    rule(rf"(?:(?<![\w'])(?i:offer)\s+(?:(?i:was|got|has\s+been|'s\s+been)\s+)?(?i:accepted)\s+"
          rf"(?i:on|for)|(?:{BE1}|{FP})\s+{ADV}(?i:buying|bought|purchasing))\s+(?i:a|an|the|our)\s+"
          rf"(?:[\w-]+\s+){{0,3}}?(?:{_HOME_NOUN}|(?i:bed))\s+(?i:in)\s+"
          rf"(?=[A-Z]){ORG}", "buying_home_in", event=True),
    # "We've moved! … the flat's in Clifton", "our new place is in Hove": the home's town
    rule(rf"(?<![\w'])(?i:the|our|my)\s+(?:(?i:new|own)\s+)?(?i:flat|house|place|apartment|home|"
          rf"condo|studio|bungalow|cottage)(?:'s|\s+(?i:is))\s+(?:(?i:right|just)\s+)?(?i:in)\s+"
          rf"(?:the\s+)?(?=[A-Z]){ORG}", "lives_in", "names"),
    # "I've lived in Toronto since 2015" (without since/for: been there once, maybe)
    rule(rf"{FP}(?:'ve|\s+have)\s+{ADV}(?i:lived)\s+(?i:in)\s+{ORG}\s+(?i:since|for)\b",
          "lives_in"),
    rule(rf"{BEEN}\s+{ADV}(?i:living|based|staying)\s+(?i:in)\s+{T}", "lives_in"),
    # "…before moving to Leeds", "since relocating to Porto, I…": the move happened
    rule(rf"(?<![\w'])(?i:before|after|since)\s+(?i:moving|relocating)\s+(?i:to)\s+{T}",
          "lives_in", event=True, first_person_before=True),
    rule(rf"{NAME}\s+{ADV}(?i:lives|resides)\s+{_ALONE}(?i:in)\s+(?!{_A_HOME_IN}){T}", "lives_in"),
    # "home in Cardiff finally", "I'm back home in Leeds": where the speaker lives (not "home
    # in Leeds for Christmas", a visit)
    rule(rf"(?:{BE1}\s+{ADV}|^|(?<=[,;]\s))(?:(?i:finally|back|safely)\s+)*(?i:home)\s+(?i:in)\s+"
          rf"(?=[A-Z]){ORG}(?![\w'-])(?!\s+(?i:for|over|with|visiting)\b)", "lives_in", event=True),
    # "Dan's still in Leeds", "Nico's Mother is in Faro now" ("she", after "Is your mum still
    # in Portugal?"): where someone else lives, told with "still" or "now" (not the speaker,
    # who may be away; not "still in Year 9", "in Spanish class")
    rule(rf"{_SOMEONE_IS}(?i:still|now)\s+(?i:in)\s+{_NOT_A_TOWN}(?=[A-Z]){ORG}{_TOWN_END}",
          "lives_in"),
    rule(rf"{_SOMEONE_IS}(?i:in)\s+{_NOT_A_TOWN}(?=[A-Z]){ORG}\s+(?i:now|still|these\s+days)\b",
          "lives_in"),
    # "I'm sharing a flat in Neukölln with two Spanish girls", "renting a room in Walthamstow"
    rule(rf"(?:{BE1}\s+|{NAME}(?:'s|\s+is)\s+|^|(?<=[,;]\s)){ADV}(?i:sharing|renting|subletting)\s+"
          rf"(?:(?i:a|the)\s+(?i:room|bedroom)\s+(?i:in)\s+)?{_A_HOME_IN}{ORG}", "lives_in"),
    # "the commute from Penarth is a pain", "my daily commute from Luton": where one lives
    rule(rf"(?<![\w'])(?i:my|our|the)\s+(?:(?i:daily|morning|long|new|awful)\s+)?(?i:commute)\s+"
          rf"(?i:from)\s+(?=[A-Z]){ORG}(?![\w'-])", "lives_in"),
    # "Linda's gone home to Norwich", "Gran flew back home to Cork": where their home is
    rule(rf"{NAME}(?:'s|\s+has)?\s+{ADV}(?i:gone|went|going|flew|flown|headed|heading|driven|"
          rf"drove)\s+(?:(?i:back)\s+)?(?i:home)\s+(?i:to)\s+(?=[A-Z]){ORG}", "lives_in",
          event=True),
    # "Mum lives in her own flat in Hove", "she's still in her own flat in Hove": the town
    rule(rf"(?:{NAME}(?:\s+{ADV}(?i:lives|resides)\s+|(?:'s|\s+is)\s+{ADV}(?:(?i:living)\s+)?)|"
          rf"{BE1}\s+{ADV})(?i:in)\s+{_A_HOME_IN}{ORG}", "lives_in"),
    # "we moved Mum into Seaview care home", "got Dad into a nursing home in Hove": theirs
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^)(?i:moved|got|put)\s+{NAME}\s+(?i:into|in\s+to|to)\s+"
          rf"(?:(?i:the)\s+)?(?P<t>{CAP}(?:\s+{CAP}){{0,2}}(?:\s+{_CARE}|\s+{_HOME_NOUN})?)"
          rf"(?![\w'-])", "lives_in", event=True),
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^)(?i:moved|got|put)\s+{NAME}\s+(?i:into|in\s+to|to)\s+"
          rf"{_A_HOME_IN}{ORG}", "lives_in", event=True),
    # a place by its name ("Duarte moved to Porto", "Dad's moved into Oakwood nursing home";
    # not "to another team")
    rule(rf"{NAME}(?:\s+(?i:has)|'s)?\s+{ADV}(?i:moved|relocated)\s+(?i:to|into)\s+"
          rf"(?=(?:the\s+)?[A-Z]){_ONLINE}{T}", "lives_in", event=True),
)  # fmt: skip
