"""Loads the Cypher statements kept one per file under ``cypher/`` by name.

In a wheel the folder ships as ``graphmem/_cypher``; in a source checkout it is the
repository's top-level ``cypher/``. Query text is never formatted: a variant is a second file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import LiteralString, cast

from graphmem.errors import ConfigurationError

_PACKAGED = Path(__file__).resolve().parent / "_cypher"
_SOURCE = Path(__file__).resolve().parent.parent / "cypher"


def cypher_root() -> Path:
    for root in (_PACKAGED, _SOURCE):
        if root.is_dir():
            return root
    raise ConfigurationError(f"Cypher folder not found (looked in {_PACKAGED} and {_SOURCE})")


@cache
def query(name: str) -> LiteralString:
    """Return the statement stored in ``cypher/<name>.cypher`` (e.g. ``memory/write_batch``)."""
    path = cypher_root() / f"{name}.cypher"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ConfigurationError(f"Unknown Cypher statement {name!r} ({path})") from exc
    return cast(LiteralString, text)


def all_names() -> list[str]:
    root = cypher_root()
    return sorted(str(p.relative_to(root).with_suffix("")) for p in root.rglob("*.cypher"))
