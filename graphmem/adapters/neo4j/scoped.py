"""Scope-filtered statements come in one file per scope shape, so each seeks an index on an
equality (``m.user_id = $user_id``) instead of testing ``$p IS NULL OR m.p = $p`` on every
node of every tenant. This table is the one place that picks the file for the ids given."""

from __future__ import annotations

from graphmem.domain.scope import Anchor, anchor
from graphmem.errors import ValidationError
from graphmem.ports.store import ScopeFilter

_FILES: dict[str, dict[Anchor, str]] = {
    "memory/list": {
        "user": "memory/list_by_user",
        "agent": "memory/list_by_agent",
        "run": "memory/list_by_run",
    },
    "memory/ids_in_scope": {
        "user": "memory/ids_in_scope_by_user",
        "agent": "memory/ids_in_scope_by_agent",
        "run": "memory/ids_in_scope_by_run",
    },
    "search/scope_keys": {
        "user": "search/scope_keys_by_user",
        "agent": "search/scope_keys_by_agent",
        "run": "search/scope_keys_by_run",
    },
    "dream/eligible_scopes": {
        "user": "dream/eligible_scopes_by_user",
        "agent": "dream/eligible_scopes_by_agent",
        "all": "dream/eligible_scopes_all",
    },
    "dream/scope_pairs": {
        "user": "dream/scope_pairs_by_user",
        "agent": "dream/scope_pairs_by_agent",
        "all": "dream/scope_pairs_all",
    },
    "dream/runs": {
        "user": "dream/runs_by_user",
        "agent": "dream/runs_by_agent",
        "all": "dream/runs_all",
    },
    "dream/syntheses": {
        "user": "dream/syntheses_by_user",
        "agent": "dream/syntheses_by_agent",
        "all": "dream/syntheses_all",
    },
}


def statement(family: str, scope: ScopeFilter) -> str:
    """The statement of ``family`` for the shape of ``scope`` (which ids are given)."""
    shape = anchor(scope.get("user_id"), scope.get("agent_id"), scope.get("run_id"))
    files = _FILES[family]
    if shape not in files:
        raise ValidationError(f"{family} needs at least one of {sorted(files)} ids")
    return files[shape]
