"""Memory lifecycle: functional predicates, name keys and the deterministic guards."""

from graphmem.lifecycle.guards import (
    NEGATIONS,
    STOP_WORDS,
    Candidate,
    GuardDecision,
    MemoryFlags,
    TripletLike,
    check_denial,
    check_merge,
    check_supersede,
    check_supersede_proposal,
    content_words,
    detect_offline,
)
from graphmem.lifecycle.predicates import (
    DEFAULT_FUNCTIONAL_PREDICATES,
    FunctionalPredicates,
    normalize_name,
    normalize_predicate,
)

__all__ = [
    "DEFAULT_FUNCTIONAL_PREDICATES",
    "NEGATIONS",
    "STOP_WORDS",
    "Candidate",
    "FunctionalPredicates",
    "GuardDecision",
    "MemoryFlags",
    "TripletLike",
    "check_denial",
    "check_merge",
    "check_supersede",
    "check_supersede_proposal",
    "content_words",
    "detect_offline",
    "normalize_name",
    "normalize_predicate",
]
