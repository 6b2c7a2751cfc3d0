"""Which clauses of a parsed sentence assert something.

A sentence asserts nothing when it is a question (ends with ``?`` or opens with an
auxiliary before its subject), a request (an imperative: a bare verb with no subject,
or "please", unless it trails a clause told with its own subject: "My dad is diabetic, so
something low in sugar please"; not an opener such as "Guess what, I adopted a cat" or
"Please remember that I'm vegetarian", whose clause is told), or a hypothetical ("maybe",
"perhaps").
Inside an asserting sentence, a clause asserts nothing when it, or a clause it hangs from,
is negated ("not", "never", "no" on its object, "no longer") or hypothetical (a conditional
"if"/"unless", a modal would/could/should/might/may/must, or the future will/shall, though
not the future progressive: "I'll be working with turtles"). A clause that is denied
outright ("I'm not vegan anymore", "I no longer work at Google") tells the end of what it
denies (:func:`clause_denies`): the lifecycle reads it (:mod:`.denials`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_CLAUSE_DEPS = frozenset({"ROOT", "conj", "advcl", "ccomp", "xcomp", "relcl", "pcomp", "acl"})
_NEGATORS = frozenset({"not", "never", "n't", "no", "neither", "nor", "nobody", "nothing"})
_CONDITIONALS = frozenset({"if", "unless", "whether", "suppose", "supposing"})
_MODALS = frozenset({"would", "could", "should", "might", "may", "must", "will", "shall", "'d"})
HEDGES = frozenset({"maybe", "perhaps", "possibly", "hopefully"})
#: Imperatives that only frame a told clause: "Guess what, I adopted a cat", "(Please) remember
#: that I'm vegetarian", "Note that I work at Siemens now", "Keep in mind that …".
_OPENERS = frozenset({"guess", "listen", "look", "remember", "note", "keep", "bear"})


def clause_of(token: Token) -> Token:
    """The verb (or copula) heading the clause that ``token`` belongs to."""
    current = token
    for _ in range(64):  # parses are trees; the bound only guards odd input
        if current.pos_ in {"VERB", "AUX"} and current.dep_ in _CLAUSE_DEPS:
            return current
        if current.head.i == current.i:
            return current
        current = current.head
    return current


def _no_longer(token: Token) -> bool:
    """The "longer" of "no longer", the "more" of "no more" (an ended state)."""
    return (
        token.dep_ == "advmod"
        and token.lower_ in {"longer", "more"}
        and any(c.dep_ == "neg" or c.lower_ == "no" for c in token.children)
    )


def _any_more(token: Token) -> bool:
    return (
        token.dep_ == "advmod"
        and token.lower_ == "more"
        and any(c.lower_ == "any" for c in token.children)
    )


#: The words of a no that answers the question before ("Not any more, I moved to Reading").
_REPLY_WORDS = frozenset({"not", "no", "nope", "nah", "any", "more", "anymore", "longer", "really"})


def _opens_reply(word: Token) -> bool:
    """ "Not any more, I moved to Reading", "Not really, I …": a no to the question before,
    alone before the sentence's first comma, is no negation of the clause after it."""
    sentence = word.sent
    after = word.right_edge.i + 1
    return (
        word.left_edge.i == sentence.start
        and after < sentence.end
        and word.doc[after].text in {",", "!", "-", "\u2013", "\u2014"}
        and all(t.lower_ in _REPLY_WORDS for t in word.subtree)
    )


def _negated(verb: Token) -> bool:
    for child in verb.children:
        if _opens_reply(child):
            continue
        if child.dep_ == "neg" or child.lower_ in {"never", "n't", "not"} or _no_longer(child):
            return True
        if child.dep_ in {"dobj", "attr"} and _no_object(verb, child):
            return True
        if child.dep_ in {"nsubj", "dobj"} and child.lower_ in {"nobody", "nothing", "none"}:
            return True
    return False


def _no_object(verb: Token, obj: Token) -> bool:
    """ "I have no cats": the object says none. Not after a coordinator of the verb ("I'm
    allergic to cats, so no cats for us"): the parser hangs the elided clause after it from
    the first verb, whose own clause stays told."""
    if not any(d.dep_ == "det" and d.lower_ == "no" for d in obj.children):
        return False
    return not any(c.dep_ == "cc" and verb.i < c.i < obj.i for c in verb.children)


def _hypothetical(verb: Token) -> bool:
    for child in verb.children:
        if child.dep_ == "mark" and child.lower_ in _CONDITIONALS:
            return True
        if (
            child.dep_ == "advcl"
            and not _polite(child)
            and any(m.dep_ == "mark" and m.lower_ in _CONDITIONALS for m in child.children)
        ):
            return True  # the main clause of "if ..., then ..." is hypothetical too
        modal = child.tag_ == "MD" and child.lower_ in _MODALS
        future = modal or child.lower_ in {"wo", "'ll"}
        if child.dep_ == "aux" and future and not _scheduled(verb, child):
            return True
    return False


def _scheduled(verb: Token, modal: Token) -> bool:
    """ "I'll be working with the sea turtles", "We will be staying with my aunt": the
    future progressive tells what is arranged, not what might be; so does a future "be"
    naming who someone is to be ("my new supervisor will be Dr Lindqvist")."""
    if modal.lower_ not in {"will", "'ll", "shall"}:
        return False
    if verb.lemma_ == "be" and verb.pos_ == "AUX":
        return any(c.dep_ == "attr" and c.pos_ == "PROPN" for c in verb.children)
    return verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lower_ == "be" for c in verb.children)


#: The words of a polite tail ("bullet points if possible", "if that's okay"), and those
#: that make one when said to the listener ("if you can", "if you don't mind").
_POLITE = frozenset({"possible", "ok", "okay", "alright", "fine"})
_ASKED_OF_YOU = frozenset({"can", "could", "mind"})


def _polite(clause: Token) -> bool:
    """ "I prefer short answers, if possible": a short condition of politeness, which leaves
    the clause it hangs from told; not "I'm moving to Paris if I can" (a real condition)."""
    words = {w.lower_ for w in clause.subtree}
    if len(list(clause.subtree)) > 5:
        return False
    return bool(words & _POLITE) or ("you" in words and bool(words & _ASKED_OF_YOU))


def clause_asserts(verb: Token, *, own_negation: bool = False) -> bool:
    """The clause headed by ``verb`` and every clause above it are positive and real;
    ``own_negation``: the fact read from the clause holds its negation ("can't stand"), so
    the first negation on the way up is the fact's own and denies nothing (a second one
    still does). The first, not the clause's own: the small model reads "gluten" in "Ines
    can't eat gluten" as a verb, whose clause hangs from the negated "eat". A clause with
    its own subject joined to the one before ("I don't eat beef, and Arjun is allergic to
    peanuts") is not under that one's negation or modal, only under a condition on both and
    what both hang from."""
    current = verb
    owned = own_negation
    free = False  # under a reason or result of its own, whatever the clause above denies
    for _ in range(64):
        if _hypothetical(current):
            return False
        negated = _negated(current) and not (current is not verb and _dont_forget(current))
        if negated and not free:
            if not owned:
                return False
            owned = False
        free = free or _own_reason(current)
        if current.dep_ == "conj" and _has_subject(current):
            current = _first_conjunct(current)  # what it hangs from is the first one's head
            if any(c.dep_ == "mark" and c.lower_ in _CONDITIONALS for c in current.children):
                return False  # "if I cook and Arjun is …": the condition rules both
        if current.head.i == current.i or _spliced(current):
            return True
        current = clause_of(current.head)
    return False


#: Markers of a clause that tells a reason or a result of its own ("breastfeeding wasn't
#: working *so Ella is on formula*", "I didn't go *because I was ill*").
_REASONS = frozenset({"so", "because", "since", "cos", "cause", "'cause", "coz"})


def _own_reason(verb: Token) -> bool:
    """An adverbial clause with its own subject and a marker of :data:`_REASONS`: it holds
    whatever the clause it hangs from denies."""
    return (
        verb.dep_ == "advcl"
        and _has_subject(verb)
        and any(c.dep_ in {"mark", "advmod"} and c.lower_ in _REASONS for c in verb.children)
    )


def _first_conjunct(verb: Token) -> Token:
    current = verb
    for _ in range(64):
        if current.dep_ != "conj" or current.head.i == current.i:
            return current
        current = clause_of(current.head)
    return current


def _spliced(verb: Token) -> bool:
    """A clause of its own the parser hung from the next one ("I stopped volunteering at the
    food bank, my knees can't take it": "stopped" as a complement of "take"; "Gave up the
    cello, I never had time": "Gave" as a clause of "had"): a complement or adverbial clause
    before its head, with its own subject or opening the sentence without one (chat drops
    the "I"), a comma or dash after it. Its truth is not the next clause's (that one's
    negation is not its own; a condition, "if …", is still read as one)."""
    if verb.dep_ not in {"ccomp", "advcl"} or verb.i > verb.head.i:
        return False
    opening = all(
        t.dep_ in {"advmod", "intj", "punct"} for t in verb.sent if t.i < verb.left_edge.i
    )
    if not (_has_subject(verb) or (opening and verb.left_edge.i == verb.i)):
        return False
    after = verb.right_edge.i + 1
    if after < len(verb.doc) and verb.doc[after].text in _SPLICES:
        return True
    # "I'm epileptic, so I don't drive": the parser kept the comma (and "so") in the clause
    return any(c.dep_ == "punct" and c.text in _SPLICES for c in verb.rights)


_SPLICES = frozenset({",", ";", "-", "–", "—"})


_COMPLEMENTS = frozenset({"acomp", "attr", "oprd"})  # what a copula says the subject is


def negation_words(verb: Token) -> list[Token]:
    """The words that say the clause headed by ``verb`` no longer holds: a negation with an
    end ("no longer", "not ... anymore", "n't ... any more") or a correction ("not … after
    all", "actually … not"), with the "do" that carries the "n't" ("I don't live in Paris
    any more"). Empty for a plain negation ("I never eat
    pork", "I don't drink coffee after 5pm": no end told), and when the negation is on a
    modal ("I can't eat gluten" tells an inability; "I wouldn't move" is a hypothetical)."""
    children = [c for c in verb.children if not _opens_reply(c)]
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in children) or _hypothetical(verb):
        return []
    words: list[Token] = []
    for child in children:
        if child.dep_ == "neg" or child.lower_ in {"never", "n't", "not"}:
            words.append(child)
        elif _no_longer(child) or _any_more(child):
            words.extend([*child.children, child])  # "no longer", "any more"
        elif child.dep_ == "advmod" and child.lower_ == "anymore":
            words.append(child)
        elif child.dep_ in _COMPLEMENTS:  # "I'm not lactose intolerant anymore": on "lactose";
            # "Mum isn't afraid of flying anymore": on "flying"
            words.extend(g for g in child.subtree if g.dep_ == "advmod" and g.lower_ == "anymore")
            # "I'm no longer vegetarian": the parser hangs "no longer" on the adjective
            for g in (g for g in child.children if _no_longer(g)):
                words.extend([*g.children, g])
    ended = any(w.lower_ in {"longer", "more", "anymore"} for w in words) or _corrected(verb)
    if not ended or not any(w.dep_ == "neg" or _no_longer(w) for w in words):
        return []
    words.extend(c for c in children if c.dep_ == "aux" and c.lemma_.lower() == "do")
    return words


def _corrected(verb: Token) -> bool:
    """A negation that corrects what was said before: "I'm not allergic to ibuprofen after
    all", "Actually, I'm not vegan" (it ends the old statement as "anymore" does)."""
    if any(c.dep_ == "advmod" and c.lower_ == "actually" for c in verb.children):
        return True
    # the parser hangs "after all" anywhere in the clause; it ends the phrase ("after all
    # that, I don't eat meat" corrects nothing)
    tokens = list(verb.subtree)
    for at, token in enumerate(tokens[:-1]):
        after = tokens[at + 2] if at + 2 < len(tokens) else None
        corrects = token.lower_ == "after" and tokens[at + 1].lower_ == "all"
        if corrects and (after is None or after.is_punct):
            return True
    return False


def held_now(verb: Token) -> frozenset[str]:
    """What a denied clause says holds instead, by a "now" on its own preposition ("User no
    longer works at IBM; now at Red Hat"): each such object's words, in lower case."""
    if not negation_words(verb):
        return frozenset()
    objects = [
        pobj
        for prep in verb.children
        if prep.dep_ == "prep" and any(c.lower_ == "now" for c in prep.children)
        for pobj in prep.children
        if pobj.dep_ == "pobj"
    ]
    return frozenset(o.doc[o.left_edge.i : o.i + 1].text.lower() for o in objects)


def clause_denies(verb: Token) -> bool:
    """The clause headed by ``verb`` says it ended (:func:`negation_words`) and every clause
    above it asserts: "I'm not vegan anymore" denies ``diet vegan``; "If I didn't live in
    Paris any more" denies nothing."""
    if not negation_words(verb):
        return False
    return verb.head.i == verb.i or clause_asserts(clause_of(verb.head))


def _question(sentence: Span) -> bool:
    text = sentence.text.rstrip()
    if text.endswith("?"):
        return True
    words = [t for t in sentence if not t.is_punct and not t.is_space]
    if not words:
        return False
    first = words[0]
    # "Do you …?" asks; "Don't forget …" has no subject: an imperative, not a question
    opening = first.pos_ == "AUX" and first.dep_ == "aux" and first.head.dep_ == "ROOT"
    return opening and _has_subject(first.head)


def _has_subject(verb: Token) -> bool:
    return any(c.dep_ in {"nsubj", "nsubjpass", "expl"} for c in verb.children)


def _opener(root: Token) -> bool:
    """An imperative that only opens what follows ("Guess what, I adopted a cat", "Listen,
    I quit my job", "Don't forget that I'm allergic to nuts"): the clause after it has its
    own subject and is told, not asked for."""
    lemma = root.lemma_.lower()
    return (lemma in _OPENERS or _dont_forget(root)) and any(
        c.dep_ in {"ccomp", "parataxis", "conj"} and _has_subject(c) for c in root.children
    )


def _dont_forget(verb: Token) -> bool:
    """The "forget" of "don't forget that …": its negation tells, it denies nothing."""
    return (
        verb.lemma_.lower() == "forget"
        and verb.dep_ == "ROOT"
        and not _has_subject(verb)
        and any(c.dep_ == "neg" for c in verb.children)
    )


def _request(sentence: Span) -> bool:
    root = sentence.root
    if _opener(root):  # "Please remember that I prefer aisle seats": the clause is told
        return False
    if any(t.lower_ == "please" for t in sentence):
        # "My dad is diabetic, so something low in sugar please": the request trails a
        # clause told with its own subject, which stays told
        return not any(c.dep_ == "nsubj" and c.lower_ != "you" for c in root.children)
    return (
        root.tag_ == "VB"
        and not _has_subject(root)
        and not any(c.dep_ == "aux" for c in root.children)
    )


def sentence_asserts(sentence: Span) -> bool:
    """Not a question, a request or a hedged ("maybe") sentence."""
    if _question(sentence) or _request(sentence):
        return False
    return not any(t.lower_ in HEDGES for t in sentence)


def spelled_at(sentence: Span, name: str) -> Token | None:
    """The token of ``name`` in ``sentence``; None when the sentence does not spell it (the
    speaker of "my brother Jonas" is not in the words)."""
    at = sentence.text.lower().find(name.lower())
    if at < 0:
        return None
    start = sentence.start_char + at
    span = sentence.doc.char_span(start, start + len(name), alignment_mode="expand")
    return span.root if span is not None and len(span) else None


def organization_in(sentence: Span, name: str) -> bool:
    """Whether the parse labels ``name`` an organisation in ``sentence``."""
    folded = name.casefold()
    return any(e.label_ == "ORG" and e.text.casefold() == folded for e in sentence.ents)


def argument_of(token: Token, clause: Token) -> bool:
    """Whether ``token`` is an argument of the verb ``clause`` itself ("I live in *Paris*"),
    so that the pattern read the clause and the parse must not read it again; a name inside
    a noun phrase ("with my brother *Jonas*") leaves the verb to the parse."""
    current = token
    for _ in range(16):
        if current.i == clause.i:
            return True
        if current.dep_ in {"appos", "poss", "compound", "nmod"} or current.head.i == current.i:
            return False
        current = current.head
    return False
