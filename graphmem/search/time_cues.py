"""The words that give a query its time intent (:mod:`graphmem.search.intent`): the cues of
now, of the situation as a whole and of the past, the "when I lived in X" clause, and the
generic words a question about a time alone is made of."""

from __future__ import annotations

import re

from graphmem.domain.club_roles import ROLE_PATTERN
from graphmem.lifecycle.words import content_words

CURRENT_CUES = re.compile(
    r"\b(?:right\s+now|now(?:adays)?|currently|current(?:ly)?|these\s+days|"
    r"at\s+the\s+moment|at\s+present|presently|as\s+of\s+today|these\s+times|lately|"
    r"still)\b"
)
#: Up to three words naming who, none a verb of wanting ("Where does Andrew *want to* live?")
_WHO = (
    r"(?:(?!(?:wants?|plan|plans|hopes?|wish|wishes|likes?|prefers?|dreams?|intends?|to|"
    r"need|needs|would|should|could|will)\b)[\w'-]+\s+){1,3}?"
)
#: A role in a club, a team or a band, as a question names it ("Who is chair of the society?").
_CLUB_ROLE = rf"(?:{ROLE_PATTERN})"
#: Whose, in up to two possessives ("my", "Marco's", "my sister's", "Ana's husband's").
_WHOSE = r"(?:(?:my|his|her|their|our|[\w-]+['’]s)\s+){1,2}?"
#: "What does Kwame do?", "what does your sister do these days?": a job, asked bare.
_BARE_JOB = rf"^\s*what\s+(?:do|does)\s+{_WHO}do(?:\s+(?:now|nowadays|these\s+days))?\s*\??\s*$"
BARE_JOB = re.compile(_BARE_JOB, re.IGNORECASE)
#: A question in the present about where someone lives or works, or what they do for a
#: living: it asks what holds now, as "now" would ("Where does Dmytro live?", "Who does Ana
#: work for?", "What does my brother do for a living?", "What is Marco's job title?", "who's
#: my sister's employer?", "Who is chair of the allotment society?"). Not a habit asked in the
#: present ("What does Melanie do to destress?") nor a past or a plan ("Where did she live?").
PRESENT_STATE_CUES = re.compile(
    rf"^\s*(?:where|who|which\s+\w+)\s+(?:do|does)\s+{_WHO}(?:live|work)\b"
    r"(?!\s+(?:out|before|previously|at\s+first|back\s+then))|"
    rf"^\s*what\s+(?:do|does)\s+{_WHO}do\s+for\s+(?:a\s+living|work|money|a\s+job)\b|"
    rf"{_BARE_JOB}|"
    rf"^\s*(?:what|who|where)(?:'s|\s+is)\s+{_WHOSE}(?:current\s+|present\s+)?"
    r"(?:job(?:\s+title)?|occupation|profession|employer|workplace|position\s+at\s+work|"
    r"home\s+address|address)\b|"
    rf"^\s*who(?:'s|\s+is|\s+are)\s+(?:the\s+|our\s+|their\s+)?(?:new\s+|current\s+)?{_CLUB_ROLE}\b"
)
#: A query that asks what to avoid or what someone cannot have: it asks for the constraints
#: that hold now ("What should I avoid for dinner with Alice?", "anything Tom can't eat?").
CONSTRAINT_CUES = re.compile(
    r"\b(?:avoid|stay\s+away\s+from|steer\s+clear\s+of|keep\s+away\s+from|"
    r"(?:can'?t|cannot|can\s+not|shouldn'?t|should\s+not|must\s+not|mustn'?t)\s+"
    r"(?:eat|have|drink|stand|tolerate|handle|do|be\s+around)|allerg\w*|intoleran\w*|"
    r"dietary|restrictions?|safe\s+(?:to|for)|watch\s+out\s+for|careful\s+(?:with|about)|"
    r"keep\s+in\s+mind|(?:should|need\s+to)\s+(?:i|we)\s+know|be\s+aware\s+of)\b"
)
#: Food to be made for others, asked as a plan: what they can't eat comes first, and the
#: cook's own diet is no constraint ("What cake should I bake for Karl's daughter?", "what
#: can I cook when my in-laws visit?", "a dessert to make for my sister"; not "… for me",
#: "… for dinner", nor what was made: "What did Nate make for his friend?", "prepare for
#: exams").
SERVED_CUES = re.compile(
    r"\b(?:should|can|could|shall|might|to|will|'ll|gonna)\s+(?:i\s+|we\s+)?"
    r"(?:cook|bake|make|serve)\b[^.?!]{0,30}?\b(?:for|when)\s+"
    r"(?!(?:me|us|myself|ourselves|dinner|lunch|breakfast|supper|tonight|tomorrow|the\s+week|"
    r"later)\b)"
)
#: A current query about the situation as a whole, not one topic of it.
SITUATION_CUES = re.compile(
    r"\b(?:situation|circumstances?|status\s+quo|(?:my|our|their|his|her)\s+(?:life|lives|status)|"
    r"how\s+things\s+(?:are|stand)|how\s+are\s+things|where\s+things\s+stand|"
    r"what'?s\s+going\s+on)\b"
)
PAST_CUES = re.compile(
    # "use to" only in the past's question ("did you use to …?"), not "What app do I use to
    # study?"
    r"\b(?:before|used\s+to|did(?:n't|\s+not)?\s+(?:[\w']+\s+){1,4}?use\s+to|back\s+then|"
    r"back\s+when|previously|formerly|"
    r"in\s+the\s+past|earlier\s+on|in\s+those\s+days|at\s+that\s+time|old\s+days|"
    r"back\s+in\s+the\s+day|originally|initially|at\s+first|in\s+the\s+beginning|"
    r"original|previous|former)\b"  # "the original launch date", "my previous job"
)
#: A state asked in the past ("Where did Ayesha live?", "Which ward did she work nights on?"):
#: what held then, superseded or not (not "Who did John work with …?", "… work on …").
PAST_STATE_CUES = re.compile(
    rf"^\s*(?:where|who|which\s+\w+|what\s+\w+)\s+did\s+{_WHO}(?:live|work)\b"
    r"(?!\s+(?:with|on|out|together|hard|through)\b)"
)
#: "at work" says where, not what is asked: "What language does Jun write at work now?" is
#: no question about the job (read "… does I write at work", it came within reach of it).
AT_WORK = re.compile(r"\s+(?:at|during|after|before)\s+work\b", re.IGNORECASE)
WHEN_CLAUSE = re.compile(
    r"\bwhen\s+(?:i|we|you|he|she|they)\s+(?:was|were|lived|worked|stayed|studied|had|"
    r"used)\b(?P<rest>[^?.!,;]{0,80})"
)


#: Words that ask about a window without naming a topic in it ("what did I do", "what
#: happened", "anything new", "what was I up to").
NO_TOPIC = frozenset({
    "do", "did", "doe", "doing", "done", "happen", "happened", "happening", "go", "going",
    "went", "get", "got", "up", "new", "anything", "something", "stuff", "thing", "tell",
    "remind", "remember", "recall", "around", "roughly", "approximately", "exactly", "like",
    "life", "ago", "back", "last", "past", "previous", "earlier",
})  # fmt: skip


def topic_words(text: str) -> set[str]:
    """What the query asks about besides its window: its content words but the generic ones
    and numbers (the year of "the summer of 2023")."""
    return {w for w in content_words(text) - NO_TOPIC if not w.isdigit()}
