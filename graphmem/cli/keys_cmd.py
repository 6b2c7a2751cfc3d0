"""`graphmem keys create|list|revoke`: API keys for the REST API and the MCP server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from graphmem.domain.keys import ApiKey
from graphmem.memory import Memory
from graphmem.services.keys import Keys

keys_app = typer.Typer(
    help="API keys: each is bound to user ids and/or agent ids, or is admin.",
    no_args_is_help=True,
)


@contextmanager
def _key_store() -> Iterator[Keys]:
    with Memory() as memory:
        yield memory.keys


@keys_app.command()
def create(
    user_id: Annotated[
        list[str] | None, typer.Option("--user-id", help="A user id the key may touch.")
    ] = None,
    agent_id: Annotated[
        list[str] | None, typer.Option("--agent-id", help="An agent id the key may touch.")
    ] = None,
    admin: Annotated[bool, typer.Option("--admin", help="Any scope.")] = False,
    all_users: Annotated[
        bool,
        typer.Option(
            "--all-users",
            help="A key bound only to agents may also act on memories that name a user "
            "(without it, it acts only on memories that name no user).",
        ),
    ] = False,
    allow_dream: Annotated[
        bool, typer.Option("--allow-dream", help="May run Dream on demand (admin keys may).")
    ] = False,
) -> None:
    """Create a key and print it alone on stdout (it is shown once; only its hash is kept)."""
    with _key_store() as keys:
        token, key = keys.create(
            user_ids=user_id or [],
            agent_ids=agent_id or [],
            admin=admin,
            all_users=all_users,
            allow_dream=allow_dream,
        )
    typer.echo(token)
    typer.echo(f"Created API key {key.prefix} (id {key.id}). Store it now.", err=True)


def _row(key: ApiKey) -> dict[str, object]:
    return {
        "id": key.id,
        "prefix": key.prefix,
        "user_ids": key.user_ids,
        "agent_ids": key.agent_ids,
        "admin": key.admin,
        "all_users": key.all_users,
        "allow_dream": key.allow_dream,
        "created_at": key.created_at.isoformat(),
        "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None,
    }


def _line(key: ApiKey) -> str:
    scopes = (
        "admin"
        if key.admin
        else " ".join([f"user:{u}" for u in key.user_ids] + [f"agent:{a}" for a in key.agent_ids])
    )
    flags = [name for name, on in (("all-users", key.all_users), ("dream", key.allow_dream)) if on]
    scopes = " ".join([scopes, *flags])
    revoked = f"revoked {key.revoked_at:%Y-%m-%d %H:%M}" if key.revoked_at else "active"
    return f"{key.prefix}  {key.id}  {key.created_at:%Y-%m-%d %H:%M}  {revoked:<24}  {scopes}"


@keys_app.command("list")
def list_keys(
    as_json: Annotated[bool, typer.Option("--json", help="Print the keys as JSON.")] = False,
) -> None:
    """Every key: prefix, id, created, revoked, scopes (never the secret or its hash)."""
    with _key_store() as keys:
        found = keys.list()
    if as_json:
        typer.echo(json.dumps([_row(k) for k in found], indent=2))
        return
    for key in found:
        typer.echo(_line(key))


@keys_app.command()
def revoke(
    key_ref: Annotated[str, typer.Argument(metavar="KEY_ID_OR_PREFIX")],
) -> None:
    """Revoke a key by id or prefix; a running server answers 401 for it within
    api.key_cache_s (5 s)."""
    with _key_store() as keys:
        key = keys.revoke(key_ref)
    typer.echo(f"Revoked API key {key.prefix} (id {key.id}).")
