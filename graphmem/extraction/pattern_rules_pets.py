"""The sentence patterns of pets: the speaker's or a named owner's, by name, kind and count.
Part of the table :mod:`.pattern_rules` applies."""

from __future__ import annotations

from graphmem.extraction.pattern_fragments import (
    ADV,
    CALLED,
    CAP,
    COUNT,
    FP,
    LISTED_NAMES,
    MY_REL,
    OWN,
    OWNER,
    PERFECT,
    PET,
    PET_NAME,
)
from graphmem.extraction.pattern_rule import Rule, rule

#: A named owner before the verb ("Carl has …"; not "We", "I").
_OWNER_NAMED = rf"(?<![\w'-])(?!(?:We|I)\b)(?P<o>{CAP}(?:\s+{CAP}){{0,2}})"
_HAS = r"(?i:has|had|got|adopted|rescued)"

#: The pet words without their group (a second one in the same pattern names the pet).
_PETS = PET.replace("(?P<r>", "(?:", 1)
#: A kind told as a cross or by age after the pet word ("a lab mix", "a collie cross").
_MIX = r"(?:\s+(?i:mix|cross|crossbreed|cross-breed|puppy|pup|kitten))?"

PET_RULES: tuple[Rule, ...] = (
    rule(rf"{MY_REL}{PET}\b,?\s+(?:(?i:named|called)\s+)?{PET_NAME}", "pet"),
    rule(rf"{MY_REL}{PET}{CALLED}{PET_NAME}", "pet"),  # "our cat's name is Miso"
    rule(rf"{MY_REL}{COUNT}{PET}s\b,?\s+(?:(?i:named|called)\s+)?{LISTED_NAMES}", "pets", "names"),
    # "Carl's dog Bo bit the mailman", "Ines has a cat called Miso", "Carl has two dogs, Rex
    # and Bo": a named owner's
    rule(rf"{OWNER}{PET}\b,?\s+(?:(?i:named|called)\s+)?{PET_NAME}", "pet"),
    rule(rf"{_OWNER_NAMED}\s+{_HAS}\s+(?i:an?)\s+(?:[\w-]+\s+){{0,2}}?{PET}\s+(?i:named|called)\s+"
          rf"{PET_NAME}", "pet"),
    rule(rf"{_OWNER_NAMED}\s+{_HAS}\s+{COUNT}{PET}s\b,?\s+(?:(?i:named|called)\s+)?{LISTED_NAMES}",
          "pets", "names"),
    # "we got a puppy, a beagle called Miso", "adopted a rescue dog, a lab mix called Biscuit":
    # the pet word nearest its name tells the kind
    rule(rf"{FP}{PERFECT}\s+{ADV}{OWN}\s+(?i:an?)\s+(?:[\w-]+,?\s+){{0,3}}?{PET}{_MIX}\s+"
          rf"(?i:named|called)\s+{PET_NAME}", "pet"),
    # "We got a beagle puppy last week, we named him Biscuit": the name given after
    rule(rf"{FP}{PERFECT}\s+{ADV}{OWN}\s+(?i:an?)\s+(?:[\w-]+\s+){{0,3}}?{PET}\b"
          rf"(?:[^.!?;]{{0,60}}?)[,;]?\s+(?:(?i:and\s+))?(?:(?:{FP}\s+)?{ADV}(?i:named|called|"
          rf"call|name)\s+(?i:him|her|it|them)|(?i:his|her|its)\s+name(?:'s|\s+is))\s+"
          rf"{PET_NAME}", "pet"),
    # "Our new puppy arrived, a springer spaniel, we've called him Dai" (the name told in the
    # next sentence, joined to this one: sentence_variants.with_names_joined)
    rule(rf"{MY_REL}(?:[\w-]+\s+){{0,2}}?{PET}\b[^.!?;]{{0,60}}?,\s+(?:(?:{FP}{PERFECT}\s+)?{ADV}(?i:named|called)\s+"
          rf"(?i:him|her|it)|(?i:his|her|its)\s+name(?:'s|\s+is))\s+{PET_NAME}", "pet"),
    # "we've got two dogs, a collie called Skye and an old lab called Bramble": each one
    rule(rf"{FP}{PERFECT}\s+{ADV}{OWN}\s+{COUNT}{_PETS}s\b[^.!?;]*?(?:,|\band\b)\s+(?i:an?)\s+"
          rf"(?:[\w-]+\s+){{0,2}}?{PET}\s+(?i:named|called)\s+{PET_NAME}", "pet"),
    rule(rf"{FP}{PERFECT}\s+{ADV}{OWN}\s+{COUNT}{_PETS}s\b[^.!?;]*?\band\s+(?i:an?)\s+"
          rf"(?:[\w-]+\s+){{0,2}}?{PET}\s+(?i:named|called)\s+{PET_NAME}", "pet"),
    # "We have two cats, Mochi and Pixel", "we've got three dogs named Rex, Bo and Kai"
    rule(rf"{FP}{PERFECT}\s+{ADV}{OWN}\s+{COUNT}{PET}s\b,?\s+(?:(?i:named|called)\s+)?"
          rf"{LISTED_NAMES}", "pets", "names"),
)  # fmt: skip
