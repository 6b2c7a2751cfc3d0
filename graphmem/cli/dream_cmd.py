"""`graphmem dream enable|run|status|sources|schedule`: synthesis of patterns (docs/dream.md)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from graphmem.dream import DreamReport, DreamScheduler, DreamStatus
from graphmem.memory import Memory

dream_app = typer.Typer(
    help="Dream: synthesise habits from independent observations, linked to their sources.",
    no_args_is_help=True,
)

UserOption = Annotated[str | None, typer.Option("--user-id", help="Only this user's scopes.")]
AgentOption = Annotated[str | None, typer.Option("--agent-id", help="Only this agent's scopes.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def _who(user_id: str | None, agent_id: str | None) -> str:
    parts = [f"user={user_id}" if user_id else "", f"agent={agent_id}" if agent_id else ""]
    return " ".join(p for p in parts if p) or "(no ids)"


@dream_app.command()
def enable(
    user_id: UserOption = None,
    agent_id: AgentOption = None,
    all_scopes: Annotated[bool, typer.Option("--all", help="Every existing scope.")] = False,
) -> None:
    """Let Dream watch scopes from now on; memories stored before are never new evidence."""
    with Memory() as memory:
        states = memory.enable_dream(user_id=user_id, agent_id=agent_id, all_scopes=all_scopes)
    for s in states:
        typer.echo(f"Dream enabled for {_who(s.user_id, s.agent_id)} since {s.enabled_at:%c}")


def _print_report(report: DreamReport) -> None:
    if not report.scopes:
        typer.echo("No scope has Dream enabled (see `graphmem dream enable`).")
    for scope in report.scopes:
        typer.echo(
            f"{_who(scope.user_id, scope.agent_id)}: {scope.status}, {scope.new_memories} new "
            f"memories, {scope.examined} groups examined, {scope.qualified} qualified, "
            f"{scope.written} written, {scope.skipped} skipped"
        )
        if scope.note:
            typer.echo(f"  note: {scope.note}")
        for g in scope.groups:
            size = f"{len(g.member_ids)} memor{'y' if len(g.member_ids) == 1 else 'ies'}"
            typer.echo(f"  - {size} -> {g.outcome}: {g.reason}")
            typer.echo(f"    members: {', '.join(g.member_ids)}")
            if g.synthesis_id:
                typer.echo(f"    synthesis: {g.synthesis_id} (sources: {', '.join(g.source_ids)})")


@dream_app.command()
def run(
    user_id: UserOption = None,
    agent_id: AgentOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Report only; write nothing.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Run Dream now on the enabled scopes matching the filters (all without filters)."""
    with Memory() as memory:
        report = memory.dream(user_id=user_id, agent_id=agent_id, dry_run=dry_run)
    if as_json:
        typer.echo(json.dumps(report.summary(), indent=2))
    else:
        _print_report(report)
    if any(s.status == "failed" for s in report.scopes):
        raise typer.Exit(1)


def _print_status(status: DreamStatus) -> None:
    for s in status.scopes:
        last = f"{s.last_run_at:%c}" if s.last_run_at else "never"
        typer.echo(f"{_who(s.user_id, s.agent_id)}: enabled {s.enabled_at:%c}, last run {last}")
    typer.echo(f"Recent runs ({len(status.runs)}):")
    for r in status.runs:
        typer.echo(
            f"  {r.started_at:%Y-%m-%d %H:%M} {_who(r.user_id, r.agent_id)} {r.status}: "
            f"{r.examined} examined, {r.qualified} qualified, {r.written} written, "
            f"{r.skipped} skipped" + (f" ({r.note})" if r.note else "")
        )
    typer.echo(f"Syntheses ({len(status.syntheses)}):")
    for syn in status.syntheses:
        typer.echo(f"  {syn.id} [{syn.lifecycle_state}] {syn.text}")
        typer.echo(f"    sources: {', '.join(syn.source_ids)}")


@dream_app.command()
def status(
    user_id: UserOption = None,
    agent_id: AgentOption = None,
    limit: Annotated[int, typer.Option(help="Runs and syntheses to show.")] = 20,
    as_json: JsonOption = False,
) -> None:
    """Enabled scopes, recent runs and syntheses with their sources."""
    with Memory() as memory:
        found = memory.dream_status(user_id=user_id, agent_id=agent_id, limit=limit)
    if as_json:
        typer.echo(found.model_dump_json(indent=2))
    else:
        _print_status(found)


@dream_app.command()
def sources(synthesis_id: Annotated[str, typer.Argument()], as_json: JsonOption = False) -> None:
    """The memories one synthesis rests on."""
    with Memory() as memory:
        found = memory.synthesis_sources(synthesis_id)
    if as_json:
        typer.echo(json.dumps([m.model_dump(mode="json") for m in found], indent=2))
        return
    for m in found:
        typer.echo(f"{m.id}  {m.observed_at:%Y-%m-%d}  {m.run_id or '-'}  {m.text}")


@dream_app.command()
def schedule(
    user_id: UserOption = None,
    agent_id: AgentOption = None,
    once: Annotated[bool, typer.Option("--once", help="Run the due scopes once, then exit.")] = (
        False
    ),
) -> None:
    """Run due scopes every cadence (GRAPHMEM_DREAM__CADENCE_HOURS) until Ctrl-C."""
    with Memory() as memory:
        scheduler = DreamScheduler(memory.dream_runner, user_id=user_id, agent_id=agent_id)
        if once:
            scheduler.check_enabled()
            _print_report(scheduler.run_once())
            return
        typer.echo("Dream scheduler running; Ctrl-C stops it.", err=True)
        try:
            scheduler.run_forever()
        except KeyboardInterrupt:
            typer.echo("Dream scheduler stopped.", err=True)
