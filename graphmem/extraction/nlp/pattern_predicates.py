"""Parse predicates that tell what a pattern of :mod:`graphmem.extraction.patterns` tells.

"Bram, my best friend, lives in Ghent" is read by the parse as ``live_in``; the lifecycle
knows ``lives_in`` (a functional predicate). A parse predicate listed here takes the
pattern's name when its target has a type the pattern reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs that tell a job done somewhere ("waitressing at Zizzi"), and what that somewhere is.
_JOB_VERBS = ("waitress", "bartend", "temp", "cook", "clean", "nurse", "tutor", "nanny", "babysit")
_WORKPLACE = frozenset({"ORG", "FAC", "PERSON"})

#: Workplaces by kind: one named ("a startup called Medly", "a Well pharmacy") is an
#: organisation, whatever its label ("moved to a Well pharmacy in Newport" is no home).
WORKPLACES = frozenset(
    """
    startup company firm agency studio bank hospital clinic school lab practice pharmacy
    surgery store branch office salon garage library
    """.split()  # noqa: SIM905
)

#: Parse predicates that are a pattern's, for a target of the type the pattern reads ("Bram,
#: my best friend, lives in Ghent" -> ``lives_in``; "my wife joined Bosch" -> ``works_at``),
#: so that the lifecycle reads them as it reads the pattern's; None: any target.
PATTERN_PREDICATES: dict[str, tuple[str, frozenset[str] | None]] = {
    "live_in": ("lives_in", frozenset({"GPE", "LOC"})),  # "Bangor" is a LOC to the small model
    "join": ("works_at", frozenset({"ORG"})),
    # the small model reads "Red Hat" as a FAC, "Spotify" as a GPE; one works "in" a town
    "work_at": ("works_at", frozenset({"ORG", "FAC", "GPE"})),
    "work_for": ("works_at", frozenset({"ORG"})),
    "prefer": ("prefers", None),
    # "Jonas moved to Bergen": a home, as "I moved to Bergen" is (told as done: not "we're
    # moving to Berlin next month", :data:`DONE_ONLY`)
    "move_to": ("lives_in", frozenset({"GPE", "LOC"})),
    # "I switched to oat milk", "User switched to light mode": what one uses now, one per
    # kind of thing (a later "I prefer almond milk" replaces it)
    "switch_to": ("prefers", frozenset({"CONCEPT"})),
    "date": ("dating", frozenset({"PERSON"})),
    "move_with": ("live_with", None),  # "Oskar moved in with his girlfriend"
    "move_in_with": ("live_with", None),
    "work_as": ("job_title", None),  # "Marc works as a train driver"
    "teach_at": ("works_at", frozenset({"ORG", "FAC"})),  # "she teaches at Lincoln High"
    # "I manage a team of six at Spotify", "she interns at Deloitte": work done somewhere
    # "she's waitressing at Zizzi", "he bartends at the Crown": a job told by its verb (the
    # small model reads an unknown restaurant as a person: "at" one, it is a place)
    **{f"{verb}_at": ("works_at", frozenset({"ORG"})) for verb in ("manage", "intern", "lead")},
    **{f"{verb}_at": ("works_at", _WORKPLACE) for verb in _JOB_VERBS},
    # "now drives trams for TCL", "she writes for The Guardian": work done for an employer
    **{
        f"{verb}_for": ("works_at", frozenset({"ORG"}))
        for verb in (
            "drive",
            "write",
            "design",
            "code",
            "program",
            "consult",
            "freelance",
            "teach",
            "nurse",
            "report",
            "edit",
            "model",
            "clean",
            "deliver",
            "cook",
            "coach",
        )
    },
}


#: What one joins as a member, not an employer ("joined a netball team, the Hornets").
_GROUPS = frozenset(
    "team club band choir group league society squad orchestra crew class gym".split()  # noqa: SIM905
)


def joined_group(verb: Token, obj: Token) -> bool:
    """``verb`` joins ``obj`` as a member: a team, a club, a band …"""
    return verb.lemma_.lower() == "join" and obj.lemma_.lower() in _GROUPS


#: Parse predicates that tell the pattern's fact only when told as done (past tense).
DONE_ONLY = frozenset({"move_to"})


def as_pattern(predicate: str, target_type: str, *, done: bool = True) -> str:
    """The pattern's predicate for a parse predicate that tells the same fact
    (:data:`PATTERN_PREDICATES`), else ``predicate``."""
    found = PATTERN_PREDICATES.get(predicate)
    if found is None or (found[1] is not None and target_type not in found[1]):
        return predicate
    if predicate in DONE_ONLY and not done:
        return predicate
    return found[0]
