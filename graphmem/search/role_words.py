"""The words of role resolution (:mod:`graphmem.search.roles`): each role word, the words
that name it and its inverse in a predicate, the symmetric relations, the verbs that hold a
role, and the aliases of role words."""

from __future__ import annotations

from graphmem.domain.family_words import FAMILY_WORDS
from graphmem.domain.relatives import SERVICES

#: The pets the extraction patterns name (``dog_of``, ``cat_of`` …).
PETS = frozenset(
    {"dog", "cat", "rabbit", "hamster", "parrot", "budgie", "horse", "turtle", "ferret", "gecko"}
    | {"snake", "pig"}
)
# role word -> (words naming the role, words naming its inverse); synonyms by meaning.
CHILD = (
    {"child", "kid", "daughter", "son", "baby"},
    {"parent", "mother", "father", "mom", "dad", "mum"},
)
PARENT = (CHILD[1], CHILD[0])
GRANDCHILD = {"grandchild", "grandson", "granddaughter"}
FAMILIES: dict[str, tuple[set[str], set[str]]] = {
    "daughter": ({"daughter", "child", "kid"}, CHILD[1]),
    "son": ({"son", "child", "kid"}, CHILD[1]),
    "child": CHILD,
    "kid": CHILD,
    "mother": ({"mother", "mom", "mum", "parent"}, CHILD[0]),
    "father": ({"father", "dad", "parent"}, CHILD[0]),
    "parent": PARENT,
    "grandmother": ({"grandmother", "grandma", "grandparent"}, GRANDCHILD),
    "grandfather": ({"grandfather", "grandpa", "grandparent"}, GRANDCHILD),
    "grandchild": (GRANDCHILD, {"grandparent", "grandmother", "grandfather"}),
    "grandparent": ({"grandparent", "grandmother", "grandfather", "grandma", "grandpa"},
                    GRANDCHILD),
    "aunt": ({"aunt"}, {"niece", "nephew"}),
    "uncle": ({"uncle"}, {"niece", "nephew"}),
    "niece": ({"niece"}, {"aunt", "uncle"}),
    "nephew": ({"nephew"}, {"aunt", "uncle"}),
    "boss": ({"boss", "manager", "supervisor"}, {"employee", "report", "subordinate"}),
    "employee": ({"employee", "report", "subordinate"}, {"boss", "manager", "supervisor"}),
    "teacher": ({"teacher", "tutor", "coach", "mentor"}, {"student", "pupil", "mentee"}),
    "student": ({"student", "pupil", "mentee"}, {"teacher", "tutor", "coach", "mentor"}),
    "doctor": ({"doctor", "physician", "dentist", "therapist"}, {"patient"}),
    "stepmother": ({"stepmother", "stepparent"}, {"stepchild", "stepson", "stepdaughter"}),
    "stepfather": ({"stepfather", "stepparent"}, {"stepchild", "stepson", "stepdaughter"}),
    "stepson": ({"stepson", "stepchild"}, {"stepparent", "stepmother", "stepfather"}),
    "stepdaughter": ({"stepdaughter", "stepchild"}, {"stepparent", "stepmother", "stepfather"}),
    "stepchild": ({"stepchild", "stepson", "stepdaughter"}, {"stepparent", "stepmother",
                                                             "stepfather"}),
    "physio": ({"physio", "physiotherapist"}, {"patient"}),
    # "my dentist", "my therapist": the one of that kind (``dentist_of``), not any doctor
    "dentist": ({"dentist"}, {"patient"}),
    "therapist": ({"therapist"}, {"patient", "client"}),
    "nanny": ({"nanny", "babysitter", "childminder"}, {"child"}),
    "trainer": ({"trainer", "coach"}, {"client", "trainee"}),
    "landlord": ({"landlord", "landlady"}, {"tenant"}),
    "tenant": ({"tenant"}, {"landlord", "landlady"}),
    "assistant": ({"assistant"}, {"boss", "manager", "teacher"}),  # "my TA", "my PA"
    # the people one hires ("Mick builder_of Priya"): "my builder", "our vet"
    **{service: ({service}, {"client", "customer"}) for service in SERVICES},
    # pets ("Pepper dog_of Ann" from "our dog Pepper"): "my pet" is any of them
    "pet": (set(PETS), {"owner"}),
    **{pet: ({pet}, {"owner"}) for pet in PETS},
}  # fmt: skip
#: Roles of several words ("mother-in-law"): a predicate names one when it holds all its
#: words in order ("mother_in_law_of"), so "my mother-in-law" is not read as "my mother".
COMPOUND_ROLES = frozenset(
    f"{kin}-in-law"
    for kin in ("mother", "father", "sister", "brother", "son", "daughter", "parent")
)
#: A relative by marriage read in two steps when no predicate names it: (first role, then
#: the role of the one reached) in the order tried.
IN_LAW_STEPS: dict[str, tuple[tuple[str, str], ...]] = {
    "parent-in-law": (("spouse", "parent"),),
    "mother-in-law": (("spouse", "mother"),),
    "father-in-law": (("spouse", "father"),),
    "brother-in-law": (("spouse", "brother"), ("sibling", "husband")),
    "sister-in-law": (("spouse", "sister"), ("sibling", "wife")),
    "son-in-law": (("child", "husband"),),
    "daughter-in-law": (("child", "wife"),),
}
SYMMETRIC: dict[str, set[str]] = {
    "sister": {"sister", "sibling"},
    "brother": {"brother", "sibling"},
    "sibling": {"sibling", "sister", "brother"},
    "wife": {"wife", "spouse", "married", "partner"},
    "husband": {"husband", "spouse", "married", "partner"},
    "spouse": {"spouse", "wife", "husband", "married", "partner"},
    "partner": {"partner", "spouse", "married", "dating", "girlfriend", "boyfriend", "engaged"},
    "girlfriend": {"girlfriend", "dating", "partner"},
    "boyfriend": {"boyfriend", "dating", "partner"},
    "friend": {"friend", "friends", "buddy"},
    "colleague": {"colleague", "coworker"},
    "roommate": {"roommate", "flatmate"},
    "neighbor": {"neighbor", "neighbour"},
    "cousin": {"cousin"},
    "fiance": {"fiance", "fiancee", "engaged"},
    "classmate": {"classmate"},
    "teammate": {"teammate"},
}
#: Symmetric relations named by a verb rather than the role ("works_with" for a colleague).
SYMMETRIC_VERBS: dict[str, tuple[str, ...]] = {
    "colleague": ("works_with", "worked_with"),
    "roommate": ("lives_with",),
    "partner": ("lives_with", "engaged_to"),
    "friend": ("hangs_out_with",),
}
#: Verb predicates: who holds the role, by the predicate's first word.
VERBS: dict[str, dict[str, str]] = {
    "boss": {"manages": "source", "supervises": "source", "employs": "source",
             "reports": "target", "works": "target"},
    "employee": {"manages": "target", "supervises": "target", "employs": "target",
                 "reports": "source", "works": "source"},
    "teacher": {"teaches": "source", "coaches": "source", "mentors": "source",
                "tutors": "source"},
    "student": {"teaches": "target", "coaches": "target", "mentors": "target",
                "tutors": "target"},
}  # fmt: skip
#: Whole predicates that give a pet: "We adopted Comet" (``Omar adopt Comet``) makes Comet
#: "Omar's dog" (not ``adopt_from``: the shelter is no pet).
PET_VERBS = frozenset({"adopt", "rescue"})
ALIASES = {
    "mom": "mother", "mum": "mother", "dad": "father", "grandma": "grandmother",
    "grandpa": "grandfather", **FAMILY_WORDS, "manager": "boss",
    "supervisor": "boss", "coworker": "colleague", "apprentice": "employee", "trainee": "employee",
    "lodger": "tenant",
    "co-worker": "colleague", "flatmate": "roommate", "neighbour": "neighbor",
    "children": "child", "kids": "kid", "baby": "child", "babies": "child", "twins": "child",
    "triplets": "child",
    "daughters": "daughter", "sons": "son",
    "boy": "son", "boys": "son", "girl": "daughter", "girls": "daughter",
    "sisters": "sister", "brothers": "brother", "friends": "friend", "parents": "parent",
    "grandparents": "grandparent", "in-laws": "parent-in-law",
    "colleagues": "colleague", "coach": "teacher", "mentor": "teacher", "tutor": "teacher",
    "grandson": "grandchild", "granddaughter": "grandchild", "buddy": "friend",
    "report": "employee", "employees": "employee", "fiancé": "fiance", "fiancee": "fiance",
    "fiancée": "fiance", "stepmom": "stepmother", "stepdad": "stepfather",
    "landlady": "landlord", "housemate": "roommate", "gp": "doctor", "physician": "doctor",
    "pediatrician": "doctor", "paediatrician": "doctor", "instructor": "teacher",
    "babysitter": "nanny", "childminder": "nanny", "physiotherapist": "physio",
    "ta": "assistant", "pa": "assistant", "counsellor": "therapist", "counselor": "therapist",
    "psychotherapist": "therapist",
    "puppy": "dog", "pup": "dog", "kitten": "cat", "kitty": "cat",
    "bunny": "rabbit", "pony": "horse", "tortoise": "turtle", "pets": "pet",
    **{f"{pet}s": pet for pet in PETS},
    "puppies": "dog", "kittens": "cat", "bunnies": "rabbit", "ponies": "horse",
}  # fmt: skip
ROLE_WORDS = sorted(
    set(FAMILIES) | set(SYMMETRIC) | set(ALIASES) | COMPOUND_ROLES, key=len, reverse=True
)
