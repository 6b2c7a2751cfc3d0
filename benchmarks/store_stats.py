"""What a store costs the server at one size: bytes on disk by part, the JVM heap in use, and
the Neo4j process's resident memory (heap, page cache and other native memory together).
Store files on disk lag the live store until Neo4j's next checkpoint (every 15 min by
default; Community has no `db.checkpoint()`), so the exact bytes come from a stopped server
(`storage.py`, or `du` after `graphmem neo4j stop`); the live figures are marked as such.

The page cache allocates its pages off-heap as they are first touched, so it has no JMX bean
in Community; it is bounded by ``min(store bytes, configured page cache)`` and shows up in the
resident set. Used by ``latency.py`` (issue 14 §6: how each grows with the store).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import neo4j

from graphmem import Settings
from graphmem.neo4j_server.layout import PID_FILE

_COUNT = "MATCH (m:Memory) RETURN count(m) AS n"
_HEAP = "CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes RETURN attributes"


def _tree_bytes(path: Path) -> int:
    """Bytes of the regular files under ``path`` (``du -b``-like; 0 if it is missing)."""
    if not path.exists():
        return 0
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def disk(home: Path, database: str) -> dict[str, int]:
    """The database's store files, its indexes among them, and its transaction logs."""
    store = home / "data" / "databases" / database
    return {
        "store_bytes": _tree_bytes(store),
        "index_bytes": _tree_bytes(store / "schema"),
        "transaction_log_bytes": _tree_bytes(home / "data" / "transactions" / database),
    }


def heap(driver: neo4j.Driver, database: str) -> dict[str, int]:
    """The JVM heap: used and committed bytes (JMX, through Cypher)."""
    records = driver.execute_query(_HEAP, database_=database).records
    usage = records[0]["attributes"]["HeapMemoryUsage"]["value"]["properties"]
    return {"heap_used_bytes": int(usage["used"]), "heap_committed_bytes": int(usage["committed"])}


def resident(home: Path) -> dict[str, int | None]:
    """The server process's resident set (Linux ``/proc``), or None if it cannot be read."""
    try:
        pid = int((home / "run" / PID_FILE).read_text(encoding="utf-8").split()[0])
        for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
            if line.startswith("VmRSS:"):
                return {"rss_bytes": int(line.split()[1]) * 1024}
    except (OSError, ValueError, IndexError):
        pass
    return {"rss_bytes": None}


def snapshot(driver: neo4j.Driver, settings: Settings) -> dict[str, Any]:
    """All of the above, with the number of memories the whole database holds (run against a
    server of its own: other data would count as this store's)."""
    n = settings.neo4j
    home = n.home.expanduser().resolve()
    memories = int(driver.execute_query(_COUNT, database_=n.database).records[0]["n"])
    return {
        "memories_in_database": memories,
        "disk_as_of_last_checkpoint": disk(home, n.database),
        **heap(driver, n.database),
        **resident(home),
        "configured": {"heap": n.heap_size, "pagecache": n.pagecache_size},
    }
