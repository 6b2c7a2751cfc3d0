"""What Dream reads, decides and reports. Pure pydantic: no database or SDK imports.

Reports carry memory ids, never memory texts: they are printed, logged and stored.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

GroupOutcome = Literal[
    "not_qualified",  # fails the independence rules
    "would_judge",  # dry run: qualifies, nothing written
    "no_llm",  # qualifies, but no LLM is configured: nothing written
    "already_synthesized",  # these exact sources already have a synthesis
    "rejected",  # the LLM found no pattern
    "written",
    "sources_changed",  # a source stopped being active during the run
    "lease_lost",  # another worker took the scope over
]
RunStatus = Literal["completed", "dry_run", "no_llm", "skipped", "failed"]


class Candidate(BaseModel):
    """One eligible memory of a Dream scope, with what grouping needs."""

    id: str
    text: str
    embedding: list[float]
    observed_at: datetime
    created_at: datetime
    run_id: str | None = None
    entity_keys: list[str] = Field(default_factory=list)
    new: bool = False  # stored after the scope's watermark


class GroupReport(BaseModel):
    member_ids: list[str]
    source_ids: list[str] = Field(default_factory=list)  # distinct supporting memories
    question_ids: list[str] = Field(default_factory=list)  # never evidence
    duplicate_of: dict[str, str] = Field(default_factory=dict)  # near-duplicate -> counted one
    new_ids: list[str] = Field(default_factory=list)
    sessions: int = 0
    days: int = 0
    qualified: bool = False
    reason: str = ""
    judge_reason: str | None = None  # the LLM's own words, when it was asked
    outcome: GroupOutcome = "not_qualified"
    source_set_hash: str | None = None
    synthesis_id: str | None = None
    superseded_ids: list[str] = Field(default_factory=list)


class ScopeReport(BaseModel):
    scope_key: str
    user_id: str | None = None
    agent_id: str | None = None
    dream_run_id: str | None = None
    status: RunStatus = "completed"
    note: str | None = None
    started_at: datetime
    finished_at: datetime | None = None
    new_memories: int = 0
    groups: list[GroupReport] = Field(default_factory=list)

    @property
    def examined(self) -> int:
        return len(self.groups)

    @property
    def qualified(self) -> int:
        return sum(g.qualified for g in self.groups)

    @property
    def written(self) -> int:
        return sum(g.outcome == "written" for g in self.groups)

    @property
    def skipped(self) -> int:
        return self.qualified - self.written


class DreamReport(BaseModel):
    dry_run: bool = False
    scopes: list[ScopeReport] = Field(default_factory=list)

    @property
    def syntheses(self) -> list[str]:
        return [g.synthesis_id for s in self.scopes for g in s.groups if g.synthesis_id]

    def summary(self) -> dict[str, object]:
        """The whole report as one JSON-ready object, with totals."""
        scopes = [
            {
                **s.model_dump(mode="json"),
                "examined": s.examined,
                "qualified": s.qualified,
                "written": s.written,
                "skipped": s.skipped,
            }
            for s in self.scopes
        ]
        return {
            "dry_run": self.dry_run,
            "examined": sum(s.examined for s in self.scopes),
            "qualified": sum(s.qualified for s in self.scopes),
            "written": sum(s.written for s in self.scopes),
            "syntheses": self.syntheses,
            "scopes": scopes,
        }


class DreamScopeState(BaseModel):
    """A Dream scope (user and/or agent id, any run id) as stored on its ``(:Scope)`` node."""

    key: str
    user_id: str | None = None
    agent_id: str | None = None
    enabled_at: datetime | None = None
    watermark: datetime | None = None
    last_run_at: datetime | None = None


class DreamRunRecord(BaseModel):
    """One ``(:DreamRun)`` node: what a run examined, qualified, wrote and skipped."""

    id: str
    scope_key: str
    user_id: str | None = None
    agent_id: str | None = None
    status: RunStatus
    note: str | None = None
    started_at: datetime
    finished_at: datetime
    examined: int = 0
    qualified: int = 0
    written: int = 0
    skipped: int = 0
    details_json: str = "[]"


class SynthesisRecord(BaseModel):
    id: str
    text: str
    lifecycle_state: str
    created_at: datetime
    observed_at: datetime
    source_ids: list[str] = Field(default_factory=list)


class DreamStatus(BaseModel):
    scopes: list[DreamScopeState] = Field(default_factory=list)
    runs: list[DreamRunRecord] = Field(default_factory=list)
    syntheses: list[SynthesisRecord] = Field(default_factory=list)


class NewSynthesis(BaseModel):
    """A synthesis memory about to be written, with the sources it rests on."""

    id: str
    text: str
    hash: str
    scope_key: str
    scope_tokens: str
    user_id: str | None = None
    agent_id: str | None = None
    observed_at: datetime
    embedding: list[float]
    metadata_json: str
    source_ids: list[str]
    source_set_hash: str


class LeaseClaim(BaseModel):
    """Who asks for a scope's lease, when, and until when it would hold."""

    scope_key: str
    owner: str
    now: datetime
    expires_at: datetime


WriteResult = Literal["written", "already_synthesized", "sources_changed", "lease_lost"]
