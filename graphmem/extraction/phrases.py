"""Phrase helpers of the offline extractor: cutting targets and cleaning names."""

from __future__ import annotations

import re


def word_set(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text`` as a frozenset."""
    return frozenset(text.split())


SKIP_CAPITALISED: frozenset[str] = word_set(
    """
    i i'm i've i'd i'll me my mine we our us you your he him his she her it its they them
    their this that these those there here the a an and but or so if then also just well
    oh ok okay yes no not hi hello hey dear thanks thank please sure maybe perhaps actually
    anyway btw what when where why how who which today tonight tomorrow yesterday last next
    every sometimes usually recently honestly good great happy merry sorry mr mrs ms dr
    finally just officially still currently literally basically glad awesome cool wow yeah yay
    congrats congratulations cheers bye goodbye goodnight welcome
    monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december
    """
)
_STOP_AT = word_set(
    """
    because and or but so since when while where which who whom that though although until
    unless after before if as than now anymore anyway last next this every each yesterday
    today tonight tomorrow ago recently lately currently again too also then in on at with
    for from by during over near around about like there here nowadays instead outside
    """
)
_PRONOUNS = word_set("it you him her them this that there here me us one")
#: A phrase opening with one of these is a clause, not a thing: "Everyone we love was there"
#: has no object of "love" to read ("was there ..." is the main clause's verb).
_CLAUSE_VERBS = word_set(
    "am is are was were be been do does did will would can could should shall may"
    " might must isn't aren't wasn't weren't don't doesn't didn't won't can't couldn't"
)
#: Words no entity is named: a name of only these (from an odd reading or an extractor's
#: slip) is never looked up as mentioned, or every text with the word would mention it.
#: Not "may" and "will", which people are named.
FUNCTION_WORDS = (
    (_CLAUSE_VERBS - {"may", "will"})
    | _PRONOUNS
    | word_set(
        "a an the and or but of to in on at for with by from as has have had i we he she they"
        " my our his their its your what which who when where how not no so if"
    )
)
# Whitespace is collapsed before these run (collapse_whitespace), and every quantifier is
# possessive: no run of spaces can be rescanned from each of its positions (issue 15 item 2).
_AGO = (
    r"(?<!\s)\s++(?:\d{1,3}+|an?|a\s++couple\s++of|one|two|three|four|five|six|seven|eight"
    r"|nine|ten)\s++(?:days?|weeks?|months?|years?)\s++ago\b"
)
# "trail running these days": the time is no part of the thing
_THESE_DAYS = r"(?<!\s)\s++(?:these|those)\s++days\b"
_CUT = re.compile(rf"\s[-–—]\s|[,;:()\[\]{{}}\"“”]|{_AGO}|{_THESE_DAYS}", re.IGNORECASE)
_CUT_LIST = re.compile(rf"\s[-–—]\s|[;:()\[\]{{}}\"“”]|{_AGO}|{_THESE_DAYS}", re.IGNORECASE)
_LIST_SPLIT = re.compile(
    r"(?<!\s)\s*+,\s*+(?:and\s++|or\s++)?|(?<!\s)\s++(?:and|or|&)\s++", re.IGNORECASE
)
_WHITESPACE = re.compile(r"\s++")
JOINER = "\u2060"  # joins a binomial's words into one word (not whitespace to str.split)
#: Fixed pairs that name one thing: a list does not split them, nor a phrase end at their
#: "and" ("I love mac and cheese" likes one dish, not "mac").
BINOMIALS = word_set(
    """
    mac_and_cheese macaroni_and_cheese fish_and_chips salt_and_pepper bread_and_butter
    peanut_butter_and_jelly pb_and_j rice_and_beans chips_and_salsa surf_and_turf
    sweet_and_sour bacon_and_eggs ham_and_cheese chicken_and_waffles biscuits_and_gravy
    spaghetti_and_meatballs cookies_and_cream strawberries_and_cream bangers_and_mash
    rock_and_roll rhythm_and_blues r_and_b drum_and_bass dungeons_and_dragons
    arts_and_crafts hide_and_seek truth_or_dare bed_and_breakfast law_and_order
    pride_and_prejudice war_and_peace research_and_development
    """.replace("_", JOINER)
)
_BINOMIAL = re.compile(
    r"(?<![\w'])(?:"
    + "|".join(b.replace(JOINER, r"\s+") for b in sorted(BINOMIALS, key=len, reverse=True))
    + r")(?![\w'])",
    re.IGNORECASE,
)


def join_binomials(text: str) -> str:
    """``text`` with each fixed pair's words joined into one word (see :data:`BINOMIALS`);
    :func:`unjoin` gives the spaces back."""
    return _BINOMIAL.sub(lambda m: JOINER.join(m.group().split()), text)


def unjoin(text: str) -> str:
    return text.replace(JOINER, " ")


def collapse_whitespace(text: str) -> str:
    """Every run of whitespace as one space (one newline when the run holds a newline)."""
    return _WHITESPACE.sub(lambda run: "\n" if "\n" in run.group() else " ", text)


_CONTRACTED = re.compile(r"['\u2019](?:ve|re|ll|d|m|s)$", re.IGNORECASE)


def _skipped(word: str) -> bool:
    """A skip word, also with a verb contracted onto it ("We've", "They're", "She'd")."""
    lowered = word.lower()
    return lowered in SKIP_CAPITALISED or _CONTRACTED.sub("", lowered) in SKIP_CAPITALISED


def clean_name(text: str) -> str | None:
    """Capitalised words without skip words (pronouns, weekdays ...) at either edge."""
    words = text.split()
    if words and words[-1].lower().endswith("'s"):
        words[-1] = words[-1][:-2]
    start, end = 0, len(words)
    while start < end and _skipped(words[start]):
        start += 1
    while end > start and _skipped(words[end - 1]):
        end -= 1
    return " ".join(words[start:end]) or None


def trim_phrase(raw: str, *, allow_to: bool = False, keep_lists: bool = False) -> str | None:
    """The noun phrase at the start of ``raw``, or None when nothing sensible is left.

    Cuts at punctuation (commas too unless ``keep_lists``), at "N days/weeks/... ago",
    and before any later word of ``_STOP_AT`` (conjunctions, prepositions, time words;
    ``and``/``or`` survive when ``keep_lists``) or ``to`` (unless ``allow_to``). Drops a
    leading ``a``/``an``/``some``/``to``, and ``the`` before a lower-case word. Refuses
    pronouns, more than 8 words, 200 chars.
    """
    raw = join_binomials(collapse_whitespace(raw))
    cut = (_CUT_LIST if keep_lists else _CUT).search(raw)
    kept: list[str] = []
    for word in (raw[: cut.start()] if cut else raw).split():
        lowered = word.lower().strip(",")
        stop = lowered in _STOP_AT and not (keep_lists and lowered in {"and", "or"})
        if kept and (stop or (lowered == "to" and not allow_to)):
            break
        kept.append(word)
    start = 0
    while start < len(kept) and (
        kept[start].lower() in {"a", "an", "some", "to"}
        # "a job at the library": the kind, not "the library" ("the Hague" is a name)
        or (kept[start].lower() == "the" and start + 1 < len(kept) and kept[start + 1].islower())
    ):
        start += 1
    kept = kept[start:]
    if kept and kept[0].lower().replace("\u2019", "'") in _CLAUSE_VERBS and not _named(kept[0]):
        return None
    phrase = unjoin(" ".join(kept)).strip(" ,'-")
    if not phrase or len(kept) > 8 or len(phrase) > 200 or phrase.lower() in _PRONOUNS:
        return None
    return phrase if any(char.isalnum() for char in phrase) else None


#: Words that open a new clause, not another item: "I can't stand horror movies, they give
#: me nightmares" lists one thing.
_CLAUSE_OPENERS = frozenset(
    {"i", "you", "he", "she", "it", "we", "they", "that", "which", "who", "this", "these"}
    | {"those", "there", "but", "so", "because", "since", "though", "although"}
    # "allergic to sesame, need to tell the caterer": what the speaker must do next
    | {"need", "needs", "gotta", "gonna", "must", "should", "remember", "hope", "don", "won"}
    # "… hates fish, funnily enough": an aside
    | {
        "funnily",
        "honestly",
        "obviously",
        "apparently",
        "luckily",
        "sadly",
        "thankfully",
        "surprisingly",
        "weirdly",
        "oddly",
        "ironically",
        "basically",
        "literally",
        "seriously",
        "hopefully",
        "unfortunately",
        "fortunately",
        "naturally",
        "clearly",
        "strangely",
    }
)


#: A verb that makes a listed part a clause of its own ("Afrobeat, Burna Boy is on repeat"),
#: or an object pronoun ("hates mushrooms, Luis picks them out of everything").
_CLAUSE_VERB = re.compile(r"\s(?:is|are|was|were|has|had|them|it|him|me|us)\b", re.IGNORECASE)


def split_list(phrase: str) -> list[str]:
    """The items of a listed target, up to the first part that opens a clause."""
    items = []
    for part in _LIST_SPLIT.split(join_binomials(collapse_whitespace(phrase))):
        words = part.split(maxsplit=1)
        if words and words[0].lower().replace("’", "'").split("'")[0] in _CLAUSE_OPENERS:
            break
        if _CLAUSE_VERB.search(part):  # "…, Burna Boy is on repeat": a clause, not an item
            break
        item = trim_phrase(part, allow_to=True)
        if item:
            items.append(item)
    return items


def _named(word: str) -> bool:
    """ "May" (the month, a name) and "Will" (a name), capitalised: no verb."""
    return word[:1].isupper() and word.lower() in {"may", "will"}


#: Lower-case words inside one name ("Bank of America", "Musée du Louvre").
_NAME_JOINERS = frozenset(
    ["of", "de", "du", "del", "della", "da", "van", "von", "der", "den", "la", "le"]
)


def _joins(words: list[str], i: int) -> bool:
    """``words[i]`` joins two capitalised words of one name."""
    return i > 0 and words[i] in _NAME_JOINERS and words[i - 1][:1].isupper()


def trailing_name(phrase: str) -> str | None:
    """The name ``phrase`` ends with: its last run of capitalised words, across the
    lower-case words inside one name ("at the University of Leeds" -> University of Leeds)."""
    words = phrase.split()
    start = len(words)
    while start > 0 and (
        words[start - 1][:1].isupper() or (start < len(words) and _joins(words, start - 1))
    ):
        start -= 1
    return clean_name(" ".join(words[start:]))
