"""An end told in a later memory's own words, without a fact the graph could end: "Our
nanny Beatriz picks the twins up on Mondays and Wednesdays", then "Beatriz can't do
Wednesdays anymore, so my mum is covering". Nothing is retired (Mondays still hold, and the
lifecycle ends only a fact a later memory denies word for word: docs/lifecycle.md); but for
a current or general question ("Who picks the kids up on Wednesdays now?") the later memory
ranks above the earlier, and for a past one below, as an update pair
(:mod:`graphmem.search.updates`).

The later memory says an end ("anymore", "any more", "no longer"), has the same speaker, and
shares with the earlier one at least two words that are no stop words — a
name and the thing ended, here "Beatriz" and "Wednesdays".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphmem.search.update_words import every_stem
from graphmem.search.updates import Pair, Ranked, said_before

#: Only these: "changed", "change of plan" and "instead" as markers too cost 0.003 R@10 on
#: LoCoMo conversations 4-10 (chat says them of everything), for one question gained on 1-3.
_ENDS = re.compile(r"\b(?:any\s?more|no\s+longer)\b", re.IGNORECASE)
_END_WORDS = frozenset({"anymore", "longer"})
MIN_SHARED = 2


def told_ends(memories: Sequence[Ranked], limit: int = 50) -> list[Pair]:
    """The (earlier, ending) pairs among the best ``limit`` memories (see the module)."""
    top = memories[:limit]
    ending = {m.id for m in top if _ENDS.search(m.text) is not None}
    pairs: list[Pair] = []
    for newer in (m for m in top if m.id in ending):
        said = every_stem(newer.text) - _END_WORDS
        for older in (m for m in said_before(newer, top) if m.id not in ending):
            shared = said & every_stem(older.text)
            if len(shared) >= MIN_SHARED:
                pairs.append(Pair(older, newer, frozenset(shared), ended=True))
    return pairs
