"""The words of the sentence patterns (:mod:`graphmem.extraction.patterns`): relation and pet
words, diets and intolerances, the entity type of each pattern predicate's target, and the
foods that change a diet."""

from __future__ import annotations

from graphmem.domain.family_words import FAMILY_WORDS
from graphmem.domain.relatives import SERVICES
from graphmem.extraction.phrases import word_set

NOT_TITLES = word_set(
    """
    bit little lot fan big huge great good bad person kind sort type member lover believer
    mess fool morning night early late vegetarian vegan pescatarian pescetarian flexitarian
    """
)
RELATIONS = {
    "friend": "friend", "sister": "sister", "brother": "brother", "mother": "mother",
    "mom": "mother", "mum": "mother", "father": "father", "dad": "father", "wife": "wife",
    "husband": "husband", "partner": "partner", "girlfriend": "girlfriend",
    "boyfriend": "boyfriend", "son": "son", "daughter": "daughter", "cousin": "cousin",
    "baby": "child", "kid": "child", "child": "child", "baby boy": "son", "baby girl": "daughter",
    "colleague": "colleague", "coworker": "colleague", "co-worker": "colleague",
    "boss": "boss", "manager": "manager", "roommate": "roommate", "flatmate": "roommate",
    "neighbor": "neighbor", "neighbour": "neighbor", "aunt": "aunt", "uncle": "uncle",
    "niece": "niece", "nephew": "nephew", "grandmother": "grandmother",
    "grandma": "grandmother", "grandfather": "grandfather", "grandpa": "grandfather",
    "grandson": "grandchild", "granddaughter": "grandchild", "grandchild": "grandchild",
    "mother-in-law": "mother_in_law", "father-in-law": "father_in_law",
    "sister-in-law": "sister_in_law", "brother-in-law": "brother_in_law",
    "son-in-law": "son_in_law", "daughter-in-law": "daughter_in_law",
    "stepmother": "stepmother", "stepmom": "stepmother", "stepfather": "stepfather",
    "stepdad": "stepfather", "stepson": "stepson", "stepdaughter": "stepdaughter",
    "fiance": "fiance", "fiancé": "fiance", "fiancee": "fiance", "fiancée": "fiance",
    "classmate": "classmate", "teammate": "teammate", "housemate": "roommate",
    "mentor": "mentor", "landlord": "landlord", "landlady": "landlord",
    # a couple told as one ("my parents live in Porto"): one group per person
    "parents": "parent", "grandparents": "grandparent", "in-laws": "parent_in_law",
    "teacher": "teacher", "tutor": "tutor", "coach": "coach", "doctor": "doctor",
    "dentist": "dentist", "therapist": "therapist", "nanny": "nanny", "gp": "doctor",
    "counsellor": "therapist", "counselor": "therapist", "psychotherapist": "therapist",
    "physician": "doctor", "pediatrician": "doctor", "paediatrician": "doctor",
    "physio": "physio", "physiotherapist": "physio", "trainer": "trainer",
    "instructor": "teacher", "babysitter": "nanny", "childminder": "nanny",
    "supervisor": "boss",
    # who rents from one, and who works for one ("my tenant Ola", "my apprentice Connor")
    "tenant": "tenant", "lodger": "tenant", "employee": "employee", "apprentice": "employee",
    "trainee": "employee", "teaching assistant": "assistant", "ta": "assistant",
    "assistant": "assistant", "pa": "assistant",
    # the people one hires for a service ("my builder is Mick", "our cleaner Ana")
    **{w: w for w in SERVICES},
    # what families call each other ("my nonna", "Mum's hubby")
    **FAMILY_WORDS,
}  # fmt: skip
#: Relatives and others a person has one of, mostly: "my mom" names one person even unnamed
#: (not "my friend", "my cousin": one of many).
ONE_OF = frozenset(RELATIONS.values()) - {
    "friend", "colleague", "neighbor", "cousin", "classmate", "teammate", "roommate", "aunt",
    "uncle", "niece", "nephew", "teacher", "tutor", "coach", "mentor", "nanny", "grandchild",
    "trainer", "tenant", "employee", "assistant", *SERVICES,
}  # fmt: skip

#: Relations whose word is used as a name ("Dad finally sold his Volvo", "Mum is allergic to
#: cats").
CALLED_BY_RELATION = frozenset({"mother", "father", "grandmother", "grandfather"})


#: Relatives told as a couple (:data:`RELATIONS`: "my parents", "my in-laws"): one entity
#: for the two, never merged into one of them by name (services/relatives.py).
GROUPS = {"parent": "Parents", "grandparent": "Grandparents", "parent_in_law": "In-Laws"}


def unnamed_relative(speaker: str, relation: str) -> str:
    """The name of a relative the speaker has one of and did not name: "<Speaker>'s Mother"
    (``mother_in_law`` -> "Mother-In-Law"; a couple: "<Speaker>'s Parents"), one entity per
    owner."""
    title = GROUPS.get(relation) or "-".join(word.capitalize() for word in relation.split("_"))
    return f"{speaker[:1].upper()}{speaker[1:]}'s {title}"


#: A pet word -> the relation it names ("my dog Pepper" -> ``Pepper dog_of <speaker>``).
PETS = {
    "dog": "dog", "puppy": "dog", "pup": "dog", "cat": "cat", "kitten": "cat", "kitty": "cat",
    "rabbit": "rabbit", "bunny": "rabbit", "hamster": "hamster", "parrot": "parrot",
    "budgie": "budgie", "horse": "horse", "pony": "horse", "turtle": "turtle",
    "tortoise": "turtle", "guinea pig": "guinea_pig", "ferret": "ferret", "gecko": "gecko",
    "snake": "snake",
    # a breed names the animal ("we adopted a beagle called Miso")
    "beagle": "dog", "labrador": "dog", "retriever": "dog", "golden retriever": "dog",
    "poodle": "dog", "terrier": "dog", "husky": "dog", "corgi": "dog", "dachshund": "dog",
    "spaniel": "dog", "collie": "dog", "border collie": "dog", "pug": "dog", "bulldog": "dog",
    "french bulldog": "dog", "chihuahua": "dog", "greyhound": "dog", "whippet": "dog",
    "rottweiler": "dog", "doberman": "dog", "schnauzer": "dog", "pomeranian": "dog",
    "labradoodle": "dog", "cockapoo": "dog", "goldendoodle": "dog", "sheepdog": "dog",
    "german shepherd": "dog", "dalmatian": "dog", "shih tzu": "dog", "mutt": "dog",
    "maine coon": "cat", "ragdoll": "cat", "siamese": "cat", "tabby": "cat", "sphynx": "cat",
    "lab": "dog", "staffie": "dog", "staffy": "dog", "lurcher": "dog", "westie": "dog",
    "cavapoo": "dog", "jack russell": "dog", "alsatian": "dog", "springer": "dog",
    "cocker spaniel": "dog", "springer spaniel": "dog", "border terrier": "dog",
}  # fmt: skip
DIETS = "vegetarian|vegan|pescatarian|pescetarian|flexitarian|keto|paleo"
INTOLERANT = "lactose|gluten|fructose|histamine|dairy|wheat|soy|egg|caffeine|alcohol"
#: Long-standing health conditions an assistant should keep in mind, as people name them
#: ("I have type 1 diabetes", "Joana has celiac disease"); anything "diagnosed with" is one.
CONDITIONS = (
    "diabetes|asthma|celiac disease|coeliac disease|celiac|coeliac|crohn's disease|crohn's|"
    "ibs|adhd|autism|epilepsy|migraines|arthritis|rheumatoid arthritis|high blood pressure|"
    "hypertension|high cholesterol|anxiety|depression|eczema|psoriasis|lupus|"
    "multiple sclerosis|pcos|endometriosis|sleep apnea|sleep apnoea|gout|anemia|anaemia|"
    "hypothyroidism|hyperthyroidism|long covid|tinnitus|scoliosis|fibromyalgia|dyslexia|"
    "a heart condition|heart disease|kidney disease|copd|ptsd|ocd|insomnia|vertigo|"
    "acid reflux|reflux|colic|dementia|alzheimer's disease|alzheimer's|parkinson's disease|"
    "parkinson's|cancer|osteoporosis|angina|atrial fibrillation|sciatica|shingles|glaucoma|"
    "cataracts|motor neurone disease|bipolar disorder|bipolar|schizophrenia|cerebral palsy|"
    "chronic fatigue syndrome|hay fever"
)
#: A condition told by its adjective ("my mom is diabetic", "I'm asthmatic") -> its name.
CONDITION_ADJECTIVES = {
    "diabetic": "diabetes", "asthmatic": "asthma", "epileptic": "epilepsy",
    "autistic": "autism", "anemic": "anemia", "anaemic": "anaemia", "dyslexic": "dyslexia",
    "arthritic": "arthritis", "insomniac": "insomnia", "hypertensive": "hypertension",
    "celiac": "celiac disease", "coeliac": "coeliac disease", "bipolar": "bipolar disorder",
    "hypothyroid": "hypothyroidism", "hyperthyroid": "hyperthyroidism",
    "pregnant": "pregnancy",  # what to keep in mind at a meal ("she's pregnant")
}  # fmt: skip
#: Relatives told as several, by name ("my kids Mia and Leo") -> each one's relation.
PLURAL_RELATIONS = {
    "parents": "parent", "grandparents": "grandparent", "kids": "child", "children": "child",
    "sons": "son", "daughters": "daughter", "sisters": "sister", "brothers": "brother",
    "twins": "child", "triplets": "child", "grandkids": "grandchild", "grandchildren": "grandchild",
    "flatmates": "roommate", "roommates": "roommate", "housemates": "roommate",
    "cousins": "cousin", "colleagues": "colleague", "coworkers": "colleague",
}  # fmt: skip

#: Things counted when one says how many one has ("we have two kids") -> the count's predicate.
COUNTED = {
    "kid": "children", "kids": "children", "child": "children", "children": "children",
    "grandkid": "grandchildren", "grandkids": "grandchildren", "grandchild": "grandchildren",
    "grandchildren": "grandchildren", "sibling": "siblings", "siblings": "siblings",
    "pet": "pets", "pets": "pets", "dog": "dogs", "dogs": "dogs", "cat": "cats", "cats": "cats",
}  # fmt: skip
COUNTED_ONE = frozenset({"kid", "child", "grandkid", "grandchild", "sibling", "pet", "dog", "cat"})

TARGET_TYPES: dict[str, str] = {
    "lives_in": "location", "works_at": "organization", "job_title": "job_title",
    "diet": "diet", "allergic_to": "allergen", "eats_with": "person", "eats": "food",
    "married_to": "person", "avoids": "food", "dating": "person", "intolerant_to": "food",
    "engaged_to": "person", "has_condition": "condition",
}  # fmt: skip


#: What a vegan does not eat: eating it again ends a vegan diet (whatever the diet is now).
ANIMAL_PRODUCTS = frozenset(
    """
    cheese dairy eggs egg milk butter yogurt yoghurt honey meat fish seafood chicken beef pork
    """.split()  # noqa: SIM905
)


# "I started eating X" also changes the diet (so "I'm vegetarian" is superseded offline).
DIET_CHANGES: dict[str, str] = {
    "seafood": "pescatarian", "fish": "pescatarian", "shellfish": "pescatarian",
    "meat": "omnivore", "chicken": "omnivore", "beef": "omnivore", "pork": "omnivore",
}  # fmt: skip
