"""Dream's transaction functions: conditional writes under the scope's lease.

Each one locks the lease node first, re-checks, then writes (read-committed isolation does not
protect a check read before a write). Managed transactions may retry them: ids are generated
before, so a retry writes the same thing once.
"""

from __future__ import annotations

import uuid
from typing import Any

import neo4j

from graphmem.cypher_catalog import query
from graphmem.dream.models import LeaseClaim, NewSynthesis, WriteResult


def _run(tx: neo4j.ManagedTransaction, name: str, **params: Any) -> list[neo4j.Record]:
    return list(tx.run(query(name), params))


def claim_lease(tx: neo4j.ManagedTransaction, claim: LeaseClaim) -> bool:
    """Take or renew the lease: granted if this owner holds it or it has expired."""
    _run(
        tx,
        "dream/lease_lock",
        scope_key=claim.scope_key,
        owner=claim.owner,
        expires_at=claim.expires_at,
    )
    [row] = _run(
        tx,
        "dream/lease_acquire",
        scope_key=claim.scope_key,
        owner=claim.owner,
        now=claim.now,
        expires_at=claim.expires_at,
    )
    return bool(row["acquired"])


def release_lease(tx: neo4j.ManagedTransaction, claim: LeaseClaim) -> None:
    _run(
        tx,
        "dream/lease_lock",
        scope_key=claim.scope_key,
        owner=claim.owner,
        expires_at=claim.now,
    )
    _run(tx, "dream/lease_release", scope_key=claim.scope_key, owner=claim.owner, now=claim.now)


def write_synthesis(
    tx: neo4j.ManagedTransaction, synthesis: NewSynthesis, claim: LeaseClaim
) -> WriteResult:
    """Under the lease: skip a source set already synthesized or a source no longer active,
    else create the synthesis, its SYNTHESIZED_FROM links and its history event."""
    if not claim_lease(tx, claim):
        return "lease_lost"
    found = _run(
        tx,
        "dream/find_synthesis",
        scope_key=synthesis.scope_key,
        source_set_hash=synthesis.source_set_hash,
    )
    if found:
        return "already_synthesized"
    [active] = _run(tx, "dream/active_sources", ids=synthesis.source_ids)
    if active["count"] != len(synthesis.source_ids):
        return "sources_changed"
    _run(
        tx,
        "dream/create_synthesis",
        row=_row(synthesis),
        source_ids=synthesis.source_ids,
        now=claim.now,
    )
    _run(tx, "history/create_batch", rows=[_event(synthesis, claim)])
    return "written"


def _row(s: NewSynthesis) -> dict[str, Any]:
    return {
        "id": s.id,
        "text": s.text,
        "hash": s.hash,
        "scope_key": s.scope_key,
        "owner": s.scope_key,  # a Dream scope is an owner scope: its key is the owner's key
        "scope_tokens": s.scope_tokens,
        "user_id": s.user_id,
        "agent_id": s.agent_id,
        "run_id": None,
        "actor": "dream",
        "role": None,
        "metadata": s.metadata_json,
        "observed_at": s.observed_at,
        "immutable": False,
        "exclude_from_dream": False,
        "embedding": s.embedding,
        "source_set_hash": s.source_set_hash,
        "source_count": len(s.source_ids),
    }


def _event(s: NewSynthesis, claim: LeaseClaim) -> dict[str, Any]:
    return {
        "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"dream-add:{s.id}")),
        "memory_id": s.id,
        "event": "ADD",
        "new_text": s.text,
        "at": claim.now,
        "reason": "dream",
        "user_id": s.user_id,
        "agent_id": s.agent_id,
        "run_id": None,
    }
