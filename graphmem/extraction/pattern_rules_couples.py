"""The sentence patterns of couples: married, engaged, dating, seeing someone, a proposal.
Part of the table :mod:`.pattern_rules` applies, in its place there."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import ADV, CAP, FP, IM, NAME, T
from graphmem.extraction.pattern_rule import Rule, rule

#: "a guy called Rafi", "this girl named Ana": whom one is seeing, by name
_A_GUY = r"(?:(?i:a|this)\s+(?i:guy|girl|man|woman|lad|bloke|boy|gal)\s+(?i:called|named)\s+)?"

COUPLE_RULES: tuple[Rule, ...] = (
    rule(rf"{IM}\s+{ADV}(?i:married)\s+(?i:to)\s+{T}", "married_to", "names"),
    rule(rf"{IM}\s+{ADV}(?i:dating|going\s+out\s+with)\s+{T}", "dating", "names"),
    # "I've been seeing Yara", "I'm seeing someone new, her name is Yara", "I've started seeing
    # someone, his name's Sam" (not "I'm seeing
    # Yara tonight": a meeting)
    rule(rf"(?<![\w'])(?:I|i)(?:'ve|\s+have)\s+{ADV}been\s+{ADV}seeing\s+{_A_GUY}"
          rf"(?=[A-Z])(?!Dr\b|\w+'s\b){T}", "dating", "names"),
    # "Met someone new at my friend's barbecue, her name is Noor"
    rule(rf"(?<![\w'])(?:I|i)(?:'ve|\s+have)?\s+{ADV}met\s+(?i:someone|somebody)\s+"
          rf"(?i:new|special)\b[^.!?;]{{0,60}}?(?i:her|his|their)\s+(?i:name)(?:'s|\s+is)\s+{T}",
          "dating", "names"),
    rule(rf"(?<![\w'])(?:I|i)(?:'m|\s+am|'ve\s+been|\s+have\s+been|(?:'ve|\s+have)?\s+(?:just\s+)?"
          rf"(?:started|begun))\s+{ADV}seeing\s+(?i:someone|somebody)(?:\s+(?i:new))?\W+"
          rf"(?i:her|his|their)\s+(?i:name)(?:'s|\s+is)\s+{T}", "dating", "names"),
    # "Seeing someone new, Hana, she's a medic", "I'm seeing a guy called Rafi"
    rule(rf"(?<![\w'])(?:I|i)(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+{ADV}(?i:seeing|dating)\s+"
          rf"(?:(?i:someone|somebody)(?:\s+(?i:new|special|lovely))?|(?i:a)\s+"
          rf"(?:(?i:new|lovely)\s+)?(?i:guy|girl|man|woman|lad|bloke))(?:\s*[,:-]\s*|\s+(?i:called|named)\s+)"
          rf"(?P<t>{CAP}(?:\s+{CAP})?)(?![\w'-])", "dating", "names"),
    # "I got engaged to Luca", "Maya got engaged to her boyfriend Luca"
    rule(rf"(?:{FP}|{NAME})(?:'m|'ve|\s+am|\s+is|\s+was|\s+has|\s+have)?\s+{ADV}"
          rf"(?:(?i:got|gotten|been|became)\s+)?(?i:engaged)\s+(?i:to)\s+{T}", "engaged_to",
          "names"),
    rule(rf"{NAME}\s+(?i:is|was|got)\s+{ADV}(?i:married)\s+(?i:to)\s+{T}", "married_to",
          "names"),
    # "Arjun and I got married in Goa", "Lea and I are engaged": the couple, as told
    rule(rf"(?<![\w'-])(?P<t>{CAP})\s+(?i:and)\s+(?:I|i)(?:'re|\s+are|\s+have\s+been|\s+got|"
          rf"\s+just\s+got)?\s+{ADV}(?i:married)\b", "married_to", "names", event=True),
    rule(rf"(?<![\w'-])(?P<t>{CAP})\s+(?i:and)\s+(?:I|i)(?:'re|\s+are|\s+got|\s+just\s+got)?"
          rf"\s+{ADV}(?i:engaged)\b", "engaged_to", "names", event=True),
    # "Arjun proposed!", "Lea proposed to me last night"
    rule(rf"(?<![\w'-])(?P<t>{CAP})\s+{ADV}(?i:proposed)(?:\s+(?i:to\s+me))?(?:\s+(?i:last\s+"
          rf"night|yesterday|today|this\s+morning|on\s+\w+day))?(?=\s*(?:[.!,]|$))",
          "engaged_to", "names", event=True),
    rule(rf"(?<![\w'-])(?P<t>{CAP})\s+{ADV}(?i:proposed\s+to\s+me)\b", "engaged_to", "names",
          event=True),
)  # fmt: skip
