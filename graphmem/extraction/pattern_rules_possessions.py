"""The sentence patterns of what one has: a thing bought by its make, what one's things
are, and a thing sold (an end of having, driving or riding it). Part of the table
:mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import (
    ADV,
    CAP,
    FP,
    PERFECT,
    SOLD,
    THINGS,
    WORN,
    T,
)
from graphmem.extraction.pattern_rule import Rule, rule

POSSESSION_RULES: tuple[Rule, ...] = (
    # "I sold the Civic": the speaker no longer has, drives or rides it (denials)
    rule(rf"{FP}{PERFECT}\s+{ADV}{SOLD}\s+(?i:my|our|the|an?)\s+(?:(?i:share|stake|half)\s+"
          rf"(?i:in|of)\s+(?:(?i:the|our|my)\s+)?)?{WORN}{T}", "possession", denial=True),
    # "Someone stole my Cannondale", "some git nicked our van last night": gone, as if sold
    rule(rf"(?<![\w'])(?i:someone|somebody|thieves|they|some\s+[\w-]+)\s+{ADV}(?i:stole|nicked|"
          rf"pinched|took|swiped|robbed)\s+(?i:my|our)\s+{WORN}{T}", "possession", denial=True),
    # "sold the R6 and went over to a Sony A7 IV", "traded in my Golf, switched to a Kia Niro":
    # the make moved to in place of the thing sold is the speaker's now
    rule(rf"(?<![\w']){SOLD}\s+(?i:my|our|the|an?)\s+[^,.;!?]{{1,40}}?(?:\s+(?i:and)|,)\s+"
          rf"(?:{FP}{PERFECT}\s+)?{ADV}(?i:switched|went\s+over|gone\s+over|moved|changed|upgraded)"
          rf"\s+(?i:to)\s+(?i:an?|the)\s+{WORN}(?P<t>[A-Z][\w-]+(?:\s+(?:{CAP}|\d[\w-]*)){{0,3}})",
          "own", event=True),
    # "My phone is an old Pixel 4", "our car's a red Mazda 3": what the speaker has
    rule(rf"(?<![\w'])(?i:my|our)\s+{THINGS}(?:\s+(?i:is)|'s)\s+(?i:an?)\s+{WORN}"
          rf"(?P<t>{CAP}(?:\s+(?:{CAP}|\d[\w-]*)){{0,3}})", "own"),
    # "I bought a used Kia Niro", "we picked up a new Tesla Model 3": what the speaker has now
    rule(rf"{FP}{PERFECT}\s+{ADV}(?i:bought|picked\s+up|purchased|leased)\s+(?i:an?|my|our)"
          rf"\s+{WORN}(?P<t>[A-Z][\w-]+(?:\s+(?:{CAP}|\d[\w-]*)){{0,3}})"
          rf"(?=\s*(?:[,.!;:]|$)|\s+(?i:from|in|at|last|yesterday|today|on|outright|with|"
          rf"together|off)\b)", "own",
          event=True),
)  # fmt: skip
