"""The sentence patterns of where someone comes from: "I'm originally from Glasgow", "Jess is
from Toronto", "my online friend Jess from Toronto", "my home country, Sweden", "born and
raised in Cork". Their predicate, ``comes_from``, is no home and has no lifecycle slot: one
lives somewhere else and still comes from there. Part of the table :mod:`.pattern_rules`
applies."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import ADV, BE1, MY_REL, NAME, ORG, PERSON, REL
from graphmem.extraction.pattern_rule import Rule, rule

#: A place by name, no organisation told by its initials ("from HR", "from the BBC") nor a
#: team or an office ("from the Leeds office").
_PLACE = (
    rf"(?!(?:[A-Z]{{2,}}|the)\b)(?=[A-Z]){ORG}(?![\w'-])"
    r"(?!\s+(?i:office|team|branch|department|campus|store|shop|site)\b)"
)

ORIGIN_RULES: tuple[Rule, ...] = (
    # "I'm originally from Glasgow", "Jess is from Toronto", "Marco's from Naples"
    rule(rf"(?:{BE1}|{NAME}(?<!\sI)(?:'s|\s+is|\s+was))\s+{ADV}(?:(?i:originally)\s+)?(?i:from)\s+"
          rf"{_PLACE}", "comes_from", "names"),
    # "my online friend Jess from Toronto", "our neighbour Ana from Lisbon": theirs
    rule(rf"{MY_REL}(?:[\w-]+\s+){{0,2}}?{REL}\s+{PERSON}\s+(?i:from)\s+{_PLACE}", "comes_from",
          "names"),
    # "my home country, Sweden", "my hometown of Cork", "back in my home town Leeds"
    rule(rf"(?<![\w'])(?i:my|our)\s+(?i:home\s+country|home\s+town|hometown|home\s+city)"
          rf"(?:,\s+|\s+(?i:of)\s+|\s+)(?=[A-Z]){ORG}", "comes_from", "names"),
    # "born and raised in Cork", "I was born and bred in Hull"
    rule(rf"(?<![\w'])(?i:born\s+and\s+(?:raised|bred))\s+(?i:in)\s+{_PLACE}", "comes_from",
          "names", first_person_before=True),
)  # fmt: skip
