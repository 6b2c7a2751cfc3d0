"""The sentence patterns of how one wants to be addressed and served: a name to go by, a
time zone, the language of the answers, a favourite or usual choice, a fan's team. Part of
the table :mod:`.pattern_rules` applies; a standing instruction ("Please always answer in
Spanish from now on") is read though it is a request (:func:`standing`)."""

from __future__ import annotations

import re

from graphmem.extraction.pattern_fragments import ADV, BE1, CAP, FP, HONORIFIC, T
from graphmem.extraction.pattern_rule import Rule, rule

#: Languages an assistant may be asked to answer in.
LANGUAGES = (
    "English|Spanish|French|German|Italian|Portuguese|Dutch|Polish|Swedish|Norwegian|Danish|"
    "Finnish|Greek|Turkish|Russian|Ukrainian|Czech|Hungarian|Romanian|Arabic|Hebrew|Hindi|"
    "Japanese|Korean|Chinese|Mandarin|Cantonese|Vietnamese|Thai|Indonesian|Catalan|Basque"
)
_ZONE = r"(?P<t>[A-Z]{2,5}(?:[+-]\d{1,2})?|(?:UTC|GMT)\s*[+-]\s*\d{1,2}(?::\d\d)?)"
_TIME_OF = (
    r"(?P<t>(?:Eastern|Central|Mountain|Pacific|Atlantic|Greenwich|Central\s+European|"
    r"Eastern\s+European|Western\s+European|Indian|Japan|Singapore)"
    r"(?:\s+(?:Standard|Daylight))?)\s+(?i:time)"
)
_ANSWER = r"(?i:answer|reply|respond|write|talk|speak|chat)"
#: A request that holds from now on: "always", "from now on", "going forward".
_STANDING = re.compile(
    r"\b(?:always|from\s+now\s+on|going\s+forward|in\s+future|from\s+here\s+on)\b"
    r"|^\W*(?:please\s+)?call\s+me\b"
    # "Please switch back to English": the language of every answer after it
    rf"|\bswitch\s+(?:back\s+)?to\s+(?:{LANGUAGES})\b(?!\s+(?:class|lesson|course))",
    re.I,
)

PREFERENCE_RULES: tuple[Rule, ...] = (
    # "Call me Bea", "I go by Sandy", "please call me Dr. Ruiz": the name to use
    rule(rf"(?<![\w'])(?:(?i:please\s+))?(?i:call)\s+(?i:me)\s+(?:{HONORIFIC})?"
          rf"(?P<t>{CAP}(?:\s+{CAP})?)", "goes_by"),
    rule(rf"{FP}\s+{ADV}(?i:go|prefer\s+to\s+go)\s+(?i:by)\s+(?P<t>{CAP}(?:\s+{CAP})?)",
          "goes_by"),
    # "My timezone is CET", "my time zone's UTC+2", "I'm on Eastern time now"
    rule(rf"(?<![\w'])(?i:my)\s+(?i:time\s*zone)(?:\s+(?i:is)|'s)\s+(?:(?i:now)\s+)?{_ZONE}",
          "timezone"),
    rule(rf"{BE1}\s+{ADV}(?i:on|in)\s+{_TIME_OF}", "timezone"),
    # "Please always answer in Spanish from now on", "reply in English"
    rule(rf"(?:(?i:always|please)\s+)*{_ANSWER}\s+(?:(?i:to\s+me)\s+)?(?i:in)\s+"
          rf"(?P<t>{LANGUAGES})\b", "response_language"),
    # "Actually switch back to English", "can you switch to French from now on"
    rule(rf"(?<![\w'])(?i:switch|go|change)\s+(?:(?i:back)\s+)?(?i:to)\s+(?P<t>{LANGUAGES})\b"
          rf"(?!\s+(?i:class|classes|lessons?|course|food|cuisine|restaurant|film|movie))",
          "response_language"),
    # "I'm a big fan of the Lakers", "we're huge fans of Studio Ghibli"
    rule(rf"{BE1}\s+{ADV}(?:(?i:a|an)\s+)?(?:(?i:big|huge|massive|great|lifelong|die-hard)\s+)?"
          rf"(?i:fans?)\s+(?i:of)\s+{T}", "likes", "list"),
    # "My go-to coffee order is an oat flat white", "my usual order is a flat white"
    rule(rf"(?<![\w'])(?i:my)\s+(?i:go-to|usual|regular)\s+(?:[a-z]+\s+){{0,2}}?(?i:is)\s+"
          rf"(?:(?i:an?|the)\s+)?{T}", "prefers"),
)  # fmt: skip


def standing(sentence: str) -> bool:
    """A request that holds from now on ("Please always answer in Spanish"): its
    preferences are read though it asks."""
    return _STANDING.search(sentence) is not None
