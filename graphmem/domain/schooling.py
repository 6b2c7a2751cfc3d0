"""Words of school and study: the subjects one studies, and what is sat and graded.

"doing physics, maths and computing" is study, not three pastimes
(:mod:`graphmem.extraction.nlp.pastimes`); "What did Priya get in organic chemistry?" asks
for a grade (:mod:`graphmem.search.answer_kinds`).
"""

from __future__ import annotations

#: School and university subjects.
SUBJECTS = frozenset(
    """
    physics maths math mathematics chemistry biology history geography english french spanish
    german italian latin computing economics psychology sociology philosophy politics law
    medicine engineering accounting business statistics biochemistry geology stats bio chem
    econ econs psych science sciences
    """.split()  # noqa: SIM905
)

#: What is sat, handed in or graded.
GRADED = frozenset(
    """
    exam exams test tests module modules paper papers essay essays assignment assignments
    coursework dissertation thesis quiz finals final midterm midterms mock mocks gcse gcses
    a-level a-levels alevels sats ielts toefl viva presentation practical practicals
    """.split()  # noqa: SIM905
)
