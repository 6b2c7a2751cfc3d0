"""Medicines by name, as people say them: a drug's name by the stems drug names are coined
from (metformin, atorvastatin, lisinopril, sertraline, semaglutide…), a few brands (Ozempic,
Lipitor) and the classes people name ("statins", "blood thinners", "antibiotics"). Read by
extraction ("I'm on statins now": ``take``) and by search (a medication question prefers a
memory that names one: :mod:`graphmem.search.answer_kinds`)."""

from __future__ import annotations

#: One medicine's name (no word boundaries: the caller adds them; case-insensitive).
MEDICINE = (
    r"(?:[a-z]{2,}(?:formin|statin|pril|sartan|olol|azole|prazole|cillin|mycin|cycline|oxetine|"
    r"aline|pram|zepam|zolam|glutide|gliptin|flozin|parin|farin|xaban|triptan|lukast|sone|olone|"
    r"profen|dronate|thyroxine|tidine|setron|dipine|thiazide|semide|mab|vir|dopa|oxacin|apine|"
    r"idone|buterol|meterol|moterol|gabalin|pentin|codone|triptyline|tinib|pezil|stigmine|mantine|"
    r"trozole|tamide|floxacin|navir|lamide|etamol|afil|caine)s?|ozempic|wegovy|"
    r"mounjaro|lipitor|zoloft|prozac|xanax|adderall|ritalin|ventolin|synthroid|eliquis|januvia|"
    r"jardiance|paracetamol|ibuprofen|aspirin|tylenol|advil|epipen|statins?|insulin|morphine|"
    r"codeine|tramadol|lithium|melatonin|lantus|levemir|tresiba|toujeo|abasaglar|semglee|novorapid|"
    r"humalog|apidra|fiasp|lyumjev|humulin|novomix|actrapid|insulatard|"
    r"antibiotics?|antidepressants?|antihistamines?|steroids?|painkillers?|inhalers?|"
    r"beta[\s-]blockers?|blood\s+thinners?|ace\s+inhibitors?)"
)

#: What a medicine is taken for, as people say it after "for his/her …": a medicine by a
#: name not listed is one when told with it ("Bramble's on metacam for his hips").
TREATED = (
    r"(?:hips?|joints?|heart|back|knees?|skin|thyroid|blood\s+pressure|pain|anxiety|"
    r"arthritis|allerg(?:y|ies)|asthma|cough|stomach|sleep|depression|infection|eyes?|ears?|"
    r"migraines?|reflux|cholesterol|diabetes|seizures|fits|nerves|mood|acne|eczema)"
)
#: "on <medicine> for his hips": the medicine's word (group ``t``) and what it treats.
TAKEN_FOR = (
    r"(?i:on)\s+(?P<t>[a-zA-Z][\w-]*)\s+(?i:for)\s+(?i:his|her|their|my|our|its|the)\s+"
    rf"(?:[a-z]+\s+)?(?i:{TREATED})\b"
)

#: "on co-careldopa three times a day", "on Semintra 2mg daily": a medicine by a name not
#: listed is one when told with its dose or how often it is taken.
DOSED = (
    r"(?i:on)\s+(?!(?i:call|shift|shifts|duty|site|time|track|board|holiday|leave|nights|days|"
    r"earlies|lates|foot|air|it|that|this|the|a|my|his|her)\b)"
    r"(?P<t>[a-zA-Z][\w-]*)\s+(?:\d+(?:\.\d+)?\s*(?i:mg|mcg|ml|units?)\b|"
    r"(?i:once|twice|three\s+times|four\s+times|\d\s+times)\s+(?i:a|per)\s+(?i:day)\b|"
    r"(?i:daily|nightly)\b|(?i:every)\s+(?i:morning|evening|night|day)\b)"
)
#: "the vet put her on Semintra", "the GP's put Dad on Ramipril": a medicine started for
#: someone, by its name (capitalised, as a brand is written).
PUT_ON = r"(?i:put|started)\s+(?:\w+\s+)?(?i:on)\s+(?P<t>(?-i:[A-Z])[\w-]+)"
