"""Casual chat, tidied for reading: "im allergic to shellfish btw", "my gf anna is vegan",
"had dinner w/ my sister", "i dont eat pork".

People type to agents in lower case, without apostrophes and in shorthand. The parser and
the patterns read written English: a lower-case "i" is no speaker, "dont" no negation, "gf"
no relation, "anna" no name. :func:`tidy` gives them the text as it would be written; the
memory keeps the text as it was typed. Only unambiguous shorthand is expanded ("id", "ill"
and "atm" are words too), and a lower-case word is capitalised only where a name stands: right
after a relation word and before "is", "was", "and" or a comma ("my gf anna is vegan"), and
after "named", "called", "name is" ("his name is bolt") or "job at" ("new job at deloitte"),
and anywhere when it is a name the owner's memory already holds that is no English word
("kofi", "brixton"). "guess who got the job" is the speaker's own news. A note to oneself
keys a line by one's people and things ("note to self: dentist is Dr Abara", "car: 2019
Skoda Octavia"): the writer's dentist and car.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from graphmem.domain.relatives import SERVICES

#: Shorthand -> as written; whole words, any case.
_SHORTHAND = {
    "i": "I", "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't",
    "didnt": "didn't", "cant": "can't", "wont": "won't", "isnt": "isn't", "arent": "aren't",
    "wasnt": "wasn't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
    "couldnt": "couldn't", "shouldnt": "shouldn't", "wouldnt": "wouldn't", "thats": "that's",
    "shes": "she's", "theyre": "they're", "youre": "you're", "whats": "what's",
    "gf": "girlfriend", "bf": "boyfriend", "bff": "best friend", "bestie": "best friend",
    "hubby": "husband",
    "sis": "sister", "bday": "birthday", "rn": "now",
    "tmrw": "tomorrow", "tmr": "tomorrow", "tmw": "tomorrow", "u": "you", "ur": "your",
    "pls": "please", "plz": "please", "thx": "thanks", "ppl": "people", "bc": "because",
    "b/c": "because", "w/": "with", "w/o": "without", "coz": "because", "cuz": "because",
}  # fmt: skip
#: Asides that carry nothing and stand where a sentence would end ("…shellfish btw").
# (from the start of a run of spaces only: linear on a long run)
_ASIDES = re.compile(
    r"(?<!\s)\s+(?:lol|lmao|haha+|hehe+|btw|tbh|omg|idk|fyi|xd)\b(?=\W*$|\s*[.!?,])", re.I
)
# whole words only: not "i.e.", "u-turn", "o'clock"
_WORD = re.compile(r"(?<![\w'/.-])(?:w/o|w/|b/c|[a-z]+)(?![\w'/-]|\.[a-z])", re.I)
_RELATIVE = (
    r"(?:girlfriend|boyfriend|wife|husband|partner|fiance|fiancee|sister|brother|mom|mum|"
    r"dad|mother|father|son|daughter|friend|best friend|cousin|aunt|uncle|roommate|boss|"
    r"neighbou?r|grandma|grandpa|niece|nephew|kid|baby|dog|cat|puppy|kitten)"
)
#: A lower-case name where only a name stands.
_NAME_SPOTS = (
    re.compile(
        rf"(?P<pre>\b{_RELATIVE} )(?P<w>[a-z][a-z'-]+)"
        r"(?=\s*(?:,|\bis\b|\bwas\b|\band\b|\bhas\b|'s\b))"
    ),
    re.compile(r"(?P<pre>\b(?:named|called|name is) )(?P<w>[a-z][a-z'-]+)\b"),
    re.compile(r"(?P<pre>\bjob (?:at|with) )(?P<w>[a-z][a-z'-]+)\b"),
)
#: Words that stand in a name's place and are none.
_NOT_NAMES = frozenset(
    {"is", "was", "and", "has", "had", "the", "a", "an", "my", "his", "her", "their", "our",
     "just", "also", "still", "really", "so", "very", "too", "now", "here", "there", "not",
     "never", "always", "who", "which", "that", "this", "it", "he", "she", "they", "we",
     "you", "lol", "off", "out", "up", "back", "in", "on", "at", "to", "for", "from", "me",
     "him", "them", "us", "yesterday", "today", "tonight", "again", "over", "about", "with",
     "by", "all", "some", "it's", "every", "girl", "boy", "brother", "sister", "cousin"}
)  # fmt: skip


#: "guess who got the job!": the speaker did.
_GUESS_WHO = re.compile(
    r"\b[Gg]uess\s+who\s+(?=(?:just\s+|finally\s+)?(?:got|passed|won|landed|bought|booked|"
    r"finished|became|made|quit|adopted)\b)"
)


#: A note's label ("note to self: dentist is Dr Abara", "Reminder - …"): no part of what it says.
_NOTE = re.compile(r"^\s*(?:note\s+to\s+self|note|reminder|memo|nb|fyi)\s*[:–—-]\s*", re.I)
#: A note's key that is one of the writer's people or things ("dentist is Dr Abara",
#: "car: 2019 Skoda Octavia", "Wife: Anna", "dissertation supervisor is Dr Mackay", "new
#: bestie is Priya"): "my …" in a note to oneself or a chat that drops it.
_NOTE_KEY = re.compile(
    r"^(?:(?:dissertation|phd|thesis|line|new|best)\s+)?"
    r"(?P<k>dentist|doctor|gp|therapist|physio|landlord|landlady|boss|manager|trainer|wife|"
    r"supervisor|husband|partner|girlfriend|boyfriend|friend|bestie|bff|flatmate|roommate|"
    rf"housemate|nanny|babysitter|tutor|coach|teacher|neighbou?r|{'|'.join(SERVICES)}|car|bike|"
    r"motorbike|phone|laptop)"
    r"(?:\s+is\s+|\s*:\s*)(?=(?:an?\s+)?[A-Z0-9])",
    re.I,
)


#: "Chloe's leaving to go travelling", "Tom's moving to Leeds", "so Ella's on formula now": a
#: name's "'s" before what they are doing or where they are is "is" (the parser reads
#: "Chloe's leaving" as her leaving, a noun, and hangs "on formula" from the clause before;
#: not "Chloe's leaving party", "Tom's going-away do").
_NAME_IS = re.compile(
    r"(?<![\w'])(?!Let's)(?P<n>[A-Z][a-z]+)'s\s+(?=(?:going|leaving|moving|starting|coming|heading|flying|"
    r"travell?ing|working|living|staying|studying|training|doing|getting|taking|joining|"
    r"quitting|retiring|volunteering|teaching|learning|dating|seeing|on|off|in|at|still|now|"
    r"just|really|not|never|always|also)\b(?![-'])"
    r"(?!\s+(?:party|parties|do|drinks|card|present|gift|speech|plans?)\b))"
)


def tidy(text: str, names: Mapping[str, str] | None = None) -> str:
    """``text`` as it would be written (see the module); written text is unchanged.
    ``names``: lower-case form -> spelling of the names known to be names and no English
    word ("kofi" -> "Kofi", "brixton" -> "Brixton"), written with their capital wherever
    they stand."""
    text = _GUESS_WHO.sub("I ", _ASIDES.sub("", text))
    text = _NAME_IS.sub(r"\g<n> is ", text)
    text = _NOTE_KEY.sub(_as_mine, _NOTE.sub("", text))
    if names:
        text = _LOWER_WORD.sub(lambda m: names.get(m.group(0), m.group(0)), text)
    text = _WORD.sub(_expanded, text)
    for spot in _NAME_SPOTS:
        text = spot.sub(_capitalised, text)
    # the parser reads a sentence without its full stop as a fragment ("I'm no longer
    # vegetarian" has "vegetarian" as its head)
    return text + "." if _UNENDED.search(text) else text


_LOWER_WORD = re.compile(r"(?<![\w'@./-])[a-z][a-z-]+(?![\w@/-]|\.[a-z])")
_UNENDED = re.compile(r"[A-Za-z0-9)]\s*$")


def _as_mine(match: re.Match[str]) -> str:
    """ "car: 2019 Skoda Octavia" -> "My car is a 2019 Skoda Octavia" (a make is a thing)."""
    key = match.group("k").lower()
    rest = match.string[match.end() :]
    thing = key in {"car", "bike", "motorbike", "phone", "laptop"}
    article = "a " if thing and not re.match(r"an?\s", rest, re.I) else ""
    return f"My {key} is {article}"


def _expanded(match: re.Match[str]) -> str:
    word = match.group(0)
    if word == "I" or (word[:1].isupper() and word.lower() not in {"im", "ive"}):
        return word  # written with a capital: a name or a sentence's first word
    return _SHORTHAND.get(word.lower(), word)


def _capitalised(match: re.Match[str]) -> str:
    word = match.group("w")
    name = word if word in _NOT_NAMES else word[:1].upper() + word[1:]
    return match.group("pre") + name
