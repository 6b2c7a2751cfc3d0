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
    r"profen|dronate|thyroxine|tidine|setron|dipine|thiazide|semide|mab|vir)s?|ozempic|wegovy|"
    r"mounjaro|lipitor|zoloft|prozac|xanax|adderall|ritalin|ventolin|synthroid|eliquis|januvia|"
    r"jardiance|paracetamol|ibuprofen|aspirin|tylenol|advil|epipen|statins?|insulin|"
    r"antibiotics?|antidepressants?|antihistamines?|steroids?|painkillers?|inhalers?|"
    r"beta[\s-]blockers?|blood\s+thinners?|ace\s+inhibitors?)"
)
