"""What families call each other, and the relation each word names: "Mum's settled in",
"Luca's nonna said…", "my hubby". One table for the readers of relatives: extraction
(extraction/pattern_words.RELATIONS), the pronouns a relative is (extraction/nlp/coref.py)
and role resolution (search/role_words.ALIASES)."""

from __future__ import annotations

FAMILY_WORDS = {
    "mommy": "mother", "mama": "mother", "daddy": "father", "papa": "father",
    "mam": "mother", "mammy": "mother", "mummy": "mother",
    "granny": "grandmother", "gran": "grandmother", "nana": "grandmother", "nan": "grandmother",
    "grandad": "grandfather", "granddad": "grandfather", "hubby": "husband",
    # grandparents as families of other languages call them in English chat
    "nonna": "grandmother", "nonno": "grandfather", "abuela": "grandmother",
    "abuelo": "grandfather", "abuelita": "grandmother", "abuelito": "grandfather",
    "oma": "grandmother", "opa": "grandfather", "yiayia": "grandmother", "papou": "grandfather",
    "babcia": "grandmother", "bubbe": "grandmother", "zayde": "grandfather",
    "nain": "grandmother", "taid": "grandfather",
}  # fmt: skip


def calling(*relations: str) -> frozenset[str]:
    """The words of :data:`FAMILY_WORDS` that name one of ``relations``."""
    return frozenset(word for word, relation in FAMILY_WORDS.items() if relation in relations)
