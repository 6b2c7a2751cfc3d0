"""The variants of a sentence the patterns (:mod:`.patterns`) read besides or instead of it:
chat's dropped "I" put back, a subject of two said of each, and a name given in the next
sentence joined to the one it names."""

from __future__ import annotations

import re

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS
from graphmem.extraction.pattern_fragments import CAP, MY_REL, REL

#: Chat drops the "I": "Quit my job at Lidl", "Just moved to Leeds", "Started at Zalando
#: on Monday" are the speaker's own, and read with it.
_DROPPED_I = re.compile(
    r"^(?:(?:Just|Finally|Recently|Officially|Also|Still|Currently)\s+)?(?:[Qq]uit|[Ll]eft|"
    r"[Mm]oved|[Rr]elocated|[Ss]tarted|[Bb]egan|[Gg]ot|[Ll]anded|[Aa]ccepted|[Jj]oined|"
    r"[Aa]dopted|[Rr]escued|[Bb]ought|[Ss]old|[Ss]witched|[Ll]oved?|[Hh]ated?|[Ww]ent|"
    r"[Bb]ecame|[Rr]esigned|[Tt]ook|[Tt]urned|[Hh]ad|[Mm]et|[Ss]aw|[Vv]isited|[Tt]ried|"
    r"[Bb]ooked|[Ff]inished|[Ww]atched|[Ss]igned|[Ff]ound|[Hh]ired|[Pp]icked|[Tt]ore|"
    r"[Bb]roke|[Ss]prained|[Tt]wisted|[Pp]ulled|[Ff]ractured|[Dd]islocated|[Pp]assed|"
    r"[Ff]ailed)\b(?!['-])"
)
#: An interjection before the sentence's words ("Ugh, tore my hamstring", "Oh well, failed
#: my theory test"): the dropped "I" goes after it.
_INTERJECTION = re.compile(
    r"^(?:(?:[Uu]gh+|[Aa]rgh+|[Oo]uch|[Oo]h(?:\s+well|\s+no|\s+man)?|[Aa]h|[Ww]ell|[Ss]o|"
    r"[Yy]eah|[Yy]ep|[Oo]kay|[Oo]k|[Ss]igh|[Dd]amn|[Bb]ad\s+news|[Gg]ood\s+news|[Hh]ey|"
    r"[Uu]pdate)[,!.:]*\s+)+(?=\w)"
)


#: "Can't stand horror", "Didn't get the job", "Won't be home till late": a negated
#: auxiliary opening a statement is the speaker's (not "Don't …", a request).
_DROPPED_I_AUX = re.compile(
    r"^(?:(?:Just|Really|Still|Honestly|Seriously|Literally|Totally)\s+)?"
    r"(?:[Cc]an['’]t|[Cc]annot|[Cc]ouldn['’]t|[Ww]on['’]t|[Dd]idn['’]t|[Hh]aven['’]t|"
    r"[Hh]adn['’]t|[Ww]asn['’]t|[Ww]ouldn['’]t)\s+(?=[a-z])"
)
#: "Been seeing a guy called Rafi", "Been learning Greek": "I've" left out (not "Been a busy
#: week", whose "it has" is).
_DROPPED_IVE = re.compile(r"^(?:(?:Just|Honestly|Also|Still)\s+)?[Bb]een\s+(?:\w+ly\s+)?\w+ing\b")
#: "No longer vegetarian", "Not vegan anymore": the speaker's state, its "I'm" left out.
_DROPPED_IM = re.compile(r"^(?:[Nn]o\s+longer|[Nn]ot\s+\w+\s+any\s?more)\b")
#: "Seeing someone new, Hana", "Living with three flatmates on Claypath", "Now tutoring GCSE
#: maths online": what the speaker is doing, its "I'm" left out. A gerund of doing, not one
#: named as a thing, the subject of a verb in its clause ("Painting is my therapy", "Going
#: to the climbing gym is my favourite way to unwind", "Cycling helps"), nor an -ing
#: adjective ("Amazing!"), which a list of verbs leaves out.
_DOING = (
    r"seeing|dating|living|staying|renting|lodging|working|studying|doing|tutoring|"
    r"teaching|coaching|training|learning|revising|practi[cs]ing|volunteering|moving|"
    r"heading|going|flying|travell?ing|commuting|cycling|driving|walking|running|swimming|"
    r"planning|thinking|considering|hoping|saving|applying|interviewing|starting|"
    r"finishing|quitting|leaving|joining|visiting|taking|trying|getting|spending|booking|"
    r"selling|buying|looking|waiting|helping|caring|recovering|expecting|fostering|"
    r"renovating|decorating|painting|knitting|gardening|growing|raising|reading|writing|"
    r"watching|cooking|baking|building|playing|using|making|eating|drinking|sleeping|"
    r"enjoying|loving|missing|struggling|dealing|coping|managing|attending|retiring|"
    r"nursing|job\s+hunting|house\s+hunting|flat\s+hunting"
)
_DROPPED_IM_DOING = re.compile(
    r"^(?P<adv>(?:[Nn]ow|[Ss]till|[Cc]urrently|[Aa]lso|[Jj]ust|[Ff]inally|[Aa]ctually|"
    rf"[Ss]lowly|[Oo]fficially)\s+)?(?P<verb>(?i:{_DOING}))\b(?!['-])"
    r"(?![^,.!?;:]{0,60}?\s(?:is|was|are|were|has|had|can|could|will|would|helps?|makes?|"
    r"keeps?|gives?|seems?|feels?|sounds?|gets?|takes?|costs?)\b)(?!\s+(?:and|or)\b)"
)


def with_dropped_i(sentence: str) -> str:
    """The sentence with its dropped "I" back ("Quit my job at Lidl" -> "I quit my job at
    Lidl", "No longer vegetarian" -> "I'm no longer vegetarian", "Can't stand horror" -> "I
    can't stand horror", "Living in Leith now" -> "I'm living in Leith now"; not a
    question; after an interjection: "Ugh, I tore my hamstring"); any other sentence as it
    is."""
    said = _INTERJECTION.match(sentence)
    start = said.end() if said is not None else 0
    return sentence[:start] + _with_i(sentence[start:])


def _with_i(sentence: str) -> str:
    if _DROPPED_IM.match(sentence) is not None:
        return f"I'm {sentence[:1].lower()}{sentence[1:]}"
    if _DROPPED_IM_DOING.match(sentence) is not None and not sentence.rstrip().endswith("?"):
        return f"I'm {sentence[:1].lower()}{sentence[1:]}"
    if _DROPPED_IVE.match(sentence) is not None and not sentence.rstrip().endswith("?"):
        return f"I've {sentence[:1].lower()}{sentence[1:]}"
    if _DROPPED_I_AUX.match(sentence) is not None and not sentence.rstrip().endswith("?"):
        return f"I {sentence[:1].lower()}{sentence[1:]}"
    if _DROPPED_I.match(sentence) is None:
        return sentence
    return f"I {sentence[:1].lower()}{sentence[1:]}"


#: A clause after a comma that drops the "I" of the one before it: "I quit the Co-op, *got a
#: job at the uni library* instead", "Sold the Fiesta, bought a van": read as a sentence.
_CHAINED = re.compile(
    r",\s+(?:(?:and|then|so|just|finally)\s+)?(?=(?:quit|left|moved|started|got|landed|joined|"
    r"bought|sold|switched|took|found|hired|booked|signed|adopted|became|went)\b(?!['-]))"
)
_OPENS_WITH_I = re.compile(r"^(?:I|We)(?:'m|'ve|'d|\s)")


def chained_clauses(sentence: str) -> list[str]:
    """The clauses of a sentence said by "I" (or "we") that drop its subject after a comma,
    with it put back (:data:`_CHAINED`); none for a sentence of anyone else."""
    if _OPENS_WITH_I.match(sentence) is None:
        return []
    subject = sentence[:2] if sentence.startswith("We") else "I"
    return [f"{subject} {sentence[m.end() :]}" for m in _CHAINED.finditer(sentence)]


_SENTENCE_START = re.compile(r"(?:^|(?<=[.!?])\s+)(?=\S)")


def restore_dropped_i(text: str) -> str:
    """``text`` with each sentence's dropped "I" put back, for the parser: it reads "Quit the
    choir, my voice isn't what it was" as a name "Quit" and a noun, "I quit the choir" as
    what it is. Sentences are cut after ".", "!" or "?"; other text is kept as it is."""
    starts = [m.end() for m in _SENTENCE_START.finditer(text)]
    if not starts:
        return text
    pieces = [text[: starts[0]]]
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        pieces.append(with_dropped_i(text[start:end]))
    return "".join(pieces)


#: "Kasia and the kids moved to Krakow", "My sister and Piotr live in Gdansk": a subject
#: of two, the first a name or a relative, the second one or two words, then the verb.
_CONJOINED = re.compile(
    rf"^(?P<a>{MY_REL}{REL}(?:\s+{CAP})?|{CAP}(?:\s+{CAP})?)\s+(?i:and)\s+"
    rf"(?P<b>(?:(?i:the|her|his|their|our|my)\s+)?[\w-]+)\s+(?=[a-z])(?P<rest>.+)$"
)
#: The verb said of two, as said of one ("live" -> "lives"), where the patterns read it so.
_OF_ONE = {"live": "lives", "work": "works", "have": "has", "are": "is", "were": "was"}
_OF_ME = {"are": "am", "were": "was"}


def each_subject(sentence: str) -> list[str]:
    """The sentence said of each person of a subject of two ("Kasia and Piotr moved to
    Krakow" -> "Kasia moved to Krakow", "Piotr moved to Krakow"; "Sem and I are vegetarian"
    -> "Sem is vegetarian", "I am vegetarian"): the patterns read a fact of one name before
    its verb."""
    match = _CONJOINED.match(sentence)
    if match is None or match.group("b").lower() in {"me", "we"}:
        return []
    verb, _, after = match.group("rest").partition(" ")
    rest = f"{_OF_ONE.get(verb, verb)} {after}".rstrip()
    if match.group("b") == "I":  # "Sem and I are vegetarian": Sem is, and I am
        mine = f"{_OF_ME.get(verb, verb)} {after}".rstrip()
        return [f"{match.group('a')} {rest}", f"I {mine}"]
    people = [match.group("a")]
    if re.fullmatch(CAP, match.group("b")):
        people.append(match.group("b"))
    return [f"{person} {rest}" for person in people]


#: "I adopted a rescue greyhound! Her name is Pepper.", "I'm seeing someone. His name is
#: Tom.", "got a puppy!! we named him Bolt", "Our new puppy arrived! A springer spaniel, we've
#: called him Dai": a name given in the sentence after the one that brings in its bearer (a
#: sentence with "a", "an", "someone", "somebody", "my" or "our" in it), maybe after its kind.
_NAMED_NEXT = re.compile(
    r"(?P<first>\b(?i:a|an|someone|somebody|my|our)\b[^.!?\n]{0,80}?)\s*[.!?]+\s+"
    r"(?P<name>(?:(?:An?|The)\s+[\w-]+(?:\s+[\w-]+){0,2},\s+)?"
    r"(?:(?:[Hh]er|[Hh]is|[Ii]ts|[Tt]heir)\s+name(?:'s|\s+is)\s|"
    r"(?:[Ww]e|I)(?:'ve|\s+have)?\s+(?:named|called)\s+(?:her|him|it|them)\s))"
)


#: "Meera arrived on the 16th! 3.1 kilos": a birth weight told in the next sentence.
_WEIGHED_NEXT = re.compile(
    r"(?P<first>\b(?i:arrived|born|came)\b[^.!?\n]{0,40}?)\s*[.!]+\s+"
    r"(?=\d{1,2}(?:\.\d)?\s?(?i:lb|lbs|pounds?|kg|kilos?)\b(?!\s+(?i:of)\b))"
)


def with_names_joined(text: str) -> str:
    """``text`` with each name (or birth weight) given in the next sentence joined to the
    sentence it names ("I adopted a greyhound! Her name is Pepper." -> "I adopted a
    greyhound, her name is Pepper."; "Meera arrived on the 16th! 3.1 kilos" -> "Meera
    arrived on the 16th, 3.1 kilos"), for the parser and the patterns, which read one
    sentence at a time."""
    return _WEIGHED_NEXT.sub(r"\g<first>, ", _NAMED_NEXT.sub(_joined, text))


def _joined(match: re.Match[str]) -> str:
    name = match.group("name")
    return f"{match.group('first')}, {name[:1].lower() if name[:2] != 'I ' else 'I'}{name[1:]}"


_CALENDAR = "|".join(w.title() for w in (*WEEKDAYS, *MONTHS))
#: "Tom from work is allergic to cats", "Priya from yoga": a person by where the speaker
#: knows them from, and the relation that tells.
_FROM_PLACE = re.compile(
    rf"(?<![\w'-])(?!(?:{_CALENDAR}|I)\b)(?P<n>{CAP}(?:\s+{CAP})?)\s+(?i:from)\s+"
    r"(?P<w>(?i:work|the\s+office|my\s+office|my\s+team|school|uni|college|the\s+gym|yoga|"
    r"church|football|book\s+club|choir))\b"
)
_KNOWN_FROM = {"work": "colleague", "the office": "colleague", "my office": "colleague",
               "my team": "colleague"}  # fmt: skip


def known_from(sentence: str) -> tuple[str, list[tuple[str, str]]]:
    """The sentence with "from work" and the like left out after a name (so the patterns
    read "Tom is allergic to cats"), and each such (name, relation): a colleague for work, a
    friend for anywhere else."""
    found: list[tuple[str, str]] = []

    def drop(match: re.Match[str]) -> str:
        place = " ".join(match.group("w").lower().split())
        found.append((match.group("n"), _KNOWN_FROM.get(place, "friend")))
        return match.group("n")

    return _FROM_PLACE.sub(drop, sentence), found
