"""One module per candidate source, each with the same ``collect(store, ctx, pool, settings)``.
Each adds scores to the pool and says in ``pool.status[signal]`` whether it ran ("ok ...")
or why not. What is applied after the gate (the speaker match) lives beside the fusion."""

from __future__ import annotations

from collections.abc import Callable

from graphmem.ports.search import SearchStore
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings

Collect = Callable[[SearchStore, SearchContext, Pool, SearchSettings], None]
