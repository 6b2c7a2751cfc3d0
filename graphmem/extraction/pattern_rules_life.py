"""The sentence patterns of life events told in chat's own words: a notice handed in, a last
day at work, a couple split told as "me and Jake", a sober life (no alcohol, however told),
a diet one is "doing" or is "on" by any name, a baby announced by name. Part of the table
:mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import (
    ADV,
    BE1,
    CAP,
    FP,
    KEEN,
    LEFT,
    LISTED_NAMES,
    MY_REL,
    NAME,
    ORG,
    PERFECT,
    PERSON,
    SPLIT,
)
from graphmem.extraction.pattern_rule import Rule, rule
from graphmem.extraction.pattern_words import DIETS

#: Words before "diet" that say how strict or how good, not which diet ("on a strict diet").
_NO_KIND = (
    r"(?i:strict|new|special|proper|healthy|healthier|good|bad|balanced|crash|real|serious|"
    r"normal|regular|bit|sort|kind|diet|very|really|pretty)"
)

#: A baby (or babies) the speaker announces: "our baby girl is here", "the twins arrived".
_BABY = rf"(?:{MY_REL}|(?<![\w'])(?i:the)\s+)"
_BORN = (
    r"\s+(?:(?i:is|are|has|have)\s+)?(?:(?i:finally|just|safely)\s+)?(?i:here|arrived|born)"
    r"(?:\s+(?i:safe\s+and\s+sound|at\s+last))?(?:\s*[,:]\s+|\s+-\s+)"
)
#: Words that can follow an announcement in capitals and are no name ("…arrived, Mum and Dad
#: are thrilled").
_NO_BABY_NAME = (
    r"(?!(?i:born|both|all|and|so|at|on|in|weighing|mum|mam|mom|mother|dad|father|nan|gran|"
    r"grandma|grandad|healthy|safe|just|we|I)\b)"
)

LIFE_RULES: tuple[Rule, ...] = (
    # "The twins are here, Arjun and Maya", "our baby girl arrived: Nora": the speaker's
    # children, by name
    rule(rf"{_BABY}(?P<r>(?i:twins|triplets)){_BORN}{_NO_BABY_NAME}"
          rf"{LISTED_NAMES}", "relatives", "names", event=True),
    rule(rf"{_BABY}(?P<r>(?i:baby\s+girl|baby\s+boy|baby)){_BORN}"
          rf"{_NO_BABY_NAME}{PERSON}", "relation", event=True),
    # "Just handed in my notice at Deloitte", "my last day at Lidl was Friday": a job left
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:handed|gave|put)\s+(?i:in\s+)?(?i:my|our)\s+(?i:notice)\s+"
          rf"(?i:at|to)\s+{ORG}", "works_at", "names", denial=True),
    rule(rf"(?<![\w'])(?i:my|our)\s+(?i:last|final)\s+(?i:day|shift)\s+(?i:at|with)\s+{ORG}"
          rf"\s+(?i:is|was|will\s+be)\b", "works_at", "names", denial=True),
    # "my brother works at Google now, he left Meta in March" (read "<Speaker>'s Brother
    # left Meta"): a named person's job left (an organisation, by the parse)
    rule(rf"{NAME}\s+(?:(?i:has)\s+)?{ADV}{LEFT}\s+{ORG}", "works_at", "names", denial=True,
          organization=True),
    # "Me and Jake split up": the couple ended, told the way people say it
    rule(rf"(?<![\w'])(?i:me)\s+(?i:and)\s+(?P<t>{CAP}){PERFECT}\s+{ADV}{SPLIT}", "partner",
          "names", denial=True),
    # "I've been sober for two years", "I'm sober now": no drinking, whatever it was
    rule(rf"(?:{BE1}|{FP}(?:'ve|\s+have)\s+{ADV}been)\s+{ADV}(?i:sober|teetotal|alcohol-free)\b",
          "sober", denial=True),
    # "6 months sober now", "I don't drink anymore", "I quit drinking": no alcohol for them
    rule(r"(?<![\w'])(?:\d+|(?i:a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a\s+few|"
          r"several))\s+(?i:days?|weeks?|months?|years?)\s+(?i:sober)\b", "sober", denial=True),
    rule(rf"{FP}\s+{ADV}(?i:don't|do\s+not|dont|no\s+longer|never)\s+{ADV}(?i:drink)"
          rf"(?=\s*(?:$|[,.!;]|(?i:anymore|any\s+more|alcohol|booze|at\s+all|these\s+days|"
          rf"now|since)\b))", "sober", denial=True, negative=True),
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:quit|stopped|gave\s+up|given\s+up|cut\s+out)\s+"
          rf"(?i:drinking|alcohol|booze)\b(?!\s+(?i:coffee|tea|soda|fizzy|energy|milk))",
          "sober", denial=True),
    # "Ella arrived on Tuesday, 6lb 9oz", "baby Noor was born at 3.2kg": a birth by its weight
    rule(rf"{NAME}\s+(?:(?i:has|was)\s+)?{ADV}(?i:arrived|born|came)\b[^.!?;]{{0,40}}?(?:,\s*|\s(?i:at|weighing)\s+|[!.]+\s+)"
          rf"(?P<t>\d{{1,2}}(?:\.\d)?\s?(?i:lb|lbs|pounds?|kg|kilos?)(?:\s?\d{{1,2}}\s?(?i:oz|ounces?))?)"
          rf"(?![\w'])(?!\s+(?i:of)\b)", "born_weighing", "word", event=True),
    # "I'm on a low-FODMAP diet", "Biscuit is on a grain-free diet": a diet by any name
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}(?i:on)\s+(?i:an?|the)\s+(?!{_NO_KIND}\b)"
          rf"(?P<t>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?i:diet)\b", "diet", "word"),
    # "…, so pescatarian now", "vegan again from Monday": the diet, its "I'm" left out
    rule(rf"(?:^|(?<=[,;]\s)|(?<=\b(?i:so)\s))(?:(?i:officially|fully|basically|properly)\s+)?"
          rf"(?P<t>(?i:{DIETS}))\s+(?i:now|again|these\s+days|from\s+now\s+on)\b", "diet", "word",
          event=True),
    # "decided to stay vegan", "I'm going to stay veggie": the diet kept
    rule(rf"(?:(?<![\w'])(?i:decided\s+to|going\s+to|gonna|I'll|I\s+will)\s+)(?i:stay|remain)\s+"
          rf"{KEEN}(?P<t>(?i:{DIETS}))\b", "diet", "word", event=True, first_person_before=True),
    # "gone back to eating fish", "I went back to eating meat": eaten again (no longer vegan)
    rule(rf"(?:{FP}{PERFECT}\s+{ADV}|^)(?i:gone|went|going)\s+(?i:back\s+(?:to|on)\s+eating)\s+"
          rf"(?P<t>[^.!?;,]+)", "eats", event=True),
    # "I'm doing keto now", "we're doing paleo": the diet
    rule(rf"{BE1}\s+{ADV}(?i:doing|trying)\s+{KEEN}(?P<t>(?i:{DIETS}))\b(?!\s+(?i:recipes?|"
          rf"meals?|restaurant))", "diet", "word", event=True),
)  # fmt: skip
