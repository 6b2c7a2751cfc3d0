"""The sentence patterns of health told in passing: allergies, conditions, intolerances, a
food one is not eating, a medicine one is on.
Part of the table :mod:`.pattern_rules` applies (a condition told by its adjective is in
:mod:`.pattern_rules_personal`)."""

from __future__ import annotations

from graphmem.domain.medicines import DOSED, MEDICINE, TAKEN_FOR
from graphmem.extraction.pattern_fragments import ADV, BE1, FP, NAME, PERFECT, SEVERITY, T
from graphmem.extraction.pattern_rule import Rule, rule
from graphmem.extraction.pattern_words import CONDITIONS, INTOLERANT

#: "I have", "I've got", "Arjun has": who has an allergy or an intolerance now ("I had a
#: peanut allergy as a kid" is none).
_HAS = rf"(?:{FP}(?:'ve|\s+have)(?:\s+got)?|{NAME}\s+(?i:has)(?:\s+got)?)"
_HOW_BAD = r"(?:(?i:severe|mild|bad|serious|slight|life-threatening)\s+)?"

#: What follows "not eating" that is no food ("not eating out much", "at home", "well").
_NOT_FOOD = (
    r"(?!(?i:out|at|in|on|with|much|well|enough|properly|right|a\s+lot|anything|lunch|dinner|"
    r"breakfast|tonight|today|here|there|together|alone|late|early)\b)"
)

HEALTH_RULES: tuple[Rule, ...] = (
    rule(rf"{BE1}\s+{ADV}(?i:allergic)\s+(?i:to)\s+{T}", "allergic_to", "list"),
    rule(rf"{NAME}(?:'s|\s+(?i:is))\s+{ADV}(?i:allergic)\s+(?i:to)\s+{T}", "allergic_to",
          "list"),
    # "I have type 1 diabetes", "Joana has celiac disease", "I was diagnosed with lupus"
    rule(rf"(?:{FP}(?:'ve|\s+have)?(?:\s+got)?|{NAME}\s+(?i:has|had))\s+{ADV}"
          rf"(?:(?i:have|had|suffer\s+from|live\s+with|lives\s+with|got)\s+)?{SEVERITY}"
          rf"(?P<t>(?:(?i:type\s+[12])\s+)?(?i:{CONDITIONS}))(?![\w'])", "has_condition"),
    # "Dad's dementia is getting worse", "my asthma has been bad": a condition told by whose
    rule(rf"(?:{NAME}'s|(?<![\w'])(?i:my))\s+(?P<t>(?:(?i:type\s+[12])\s+)?(?i:{CONDITIONS}))\s+"
          rf"(?i:is|has|was|had|keeps|'s)\b", "has_condition"),
    # "Tobi has just been diagnosed with ADHD"
    rule(rf"(?:{FP}|{NAME})(?:'ve|\s+have|\s+has|\s+was|\s+were|\s+got)?(?:\s+{ADV}been)?\s+"
          rf"{ADV}(?i:diagnosed)\s+(?i:with)\s+{SEVERITY}{T}", "has_condition", event=True),
    # "she's been in Morriston hospital since Tuesday with a chest infection", "Dad's in
    # hospital with pneumonia": what one is in hospital with (not "with my mum")
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+is|\s+has|\s+was))\s+(?:(?i:been)\s+)?{ADV}(?i:in|into)\s+"
          rf"(?:(?i:the)\s+)?(?:[A-Z][\w'-]*\s+){{0,3}}(?i:hospital|a&e|icu|intensive\s+care)\s*"
          rf"(?:[^.!?;,]{{0,30}}?\s)?(?i:with)\s+(?!(?i:my|his|her|their|our|the|him|them|us|me)\b)"
          rf"(?:(?i:an?)\s+)?(?P<t>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?=\s*(?:[,.;!?]|$|\s+(?i:and|"
          rf"so|but|since|for)\b))", "has_condition", event=True),
    rule(rf"{_HAS}\s+{ADV}(?i:an?)\s+{_HOW_BAD}(?i:allergy)\s+(?i:to)\s+{T}", "allergic_to",
          "list"),
    # "my son Arjun has a peanut allergy", "I've got a bad cat allergy", "a tree nut allergy"
    rule(rf"{_HAS}\s+{ADV}(?i:an?)\s+{_HOW_BAD}(?P<t>(?:(?i:tree)\s+)?[A-Za-z-]+)\s+(?i:allergy)\b",
          "allergic_to", "word"),
    # "I am not eating pork because of my stomach", "Ana's not eating meat these days"
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}(?i:not)\s+{ADV}(?i:eating)\s+{_NOT_FOOD}{T}",
          "avoids", "list", negative=True),
    # "she's pregnant so no raw fish or soft cheese for her" (read "… for Cleo"): kept from
    rule(rf"(?<![\w'])(?i:no)\s+(?P<t>[\w' -]+?(?:\s+(?:or|and)\s+[\w' -]+?)?)\s+(?i:for)\s+"
          rf"{NAME}\b", "avoids", "list"),
    # "I'm on statins now", "Dad's still on warfarin": a medicine taken (extraction/nlp/
    # treatment.py reads one a carer starts: "my GP put me on statins")
    rule(rf"(?:(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+|^){ADV}(?i:on)\s+(?P<t>(?i:{MEDICINE}))\b",
          "take", "word"),
    # "switched from Lantus to Tresiba", "I've changed to sertraline": the one taken now
    rule(rf"(?:{FP}{PERFECT}\s+|^|(?<=[,;]\s)){ADV}(?i:switched|changed|moved)\s+(?:(?i:from)\s+"
          rf"[\w-]+\s+)?(?i:to|onto)\s+(?P<t>(?i:{MEDICINE}))\b", "take", "word", event=True),
    # "Felix is on formula now", "the twins are on solids": what a baby is fed
    rule(rf"(?:{NAME}(?:'s|\s+(?i:is|are))|(?i:they're|they\s+are))\s+{ADV}(?i:on)\s+"
          rf"(?P<t>(?i:formula|solids|purees|purées|breast\s+milk|cow's\s+milk|oat\s+milk))\b",
          "eats", "word"),
    # "Bramble's on metacam for his hips": a medicine not listed, told with what it treats,
    # or with its dose or how often ("Dad's on co-careldopa three times a day")
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}{TAKEN_FOR}", "take", "word"),
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}{DOSED}", "take", "word"),
    # "I'm lactose intolerant", "Farid is gluten-intolerant", "I have a lactose intolerance"
    rule(rf"(?:{BE1}|{NAME}(?:'s|\s+(?i:is)))\s+{ADV}(?P<t>(?i:{INTOLERANT}))"
          rf"[\s-]+(?i:intolerant)\b", "intolerant_to", "word"),
    rule(rf"{_HAS}\s+{ADV}(?i:an?)\s+{_HOW_BAD}(?P<t>(?i:{INTOLERANT}))[\s-]+"
          rf"(?i:intolerance)\b", "intolerant_to", "word"),
)  # fmt: skip
