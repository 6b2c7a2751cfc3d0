"""Dream: scheduled synthesis of patterns from independent observations (docs/dream.md)."""

from graphmem.dream.models import (
    DreamReport,
    DreamRunRecord,
    DreamScopeState,
    DreamStatus,
    GroupReport,
    ScopeReport,
    SynthesisRecord,
)
from graphmem.dream.runner import DreamRunner
from graphmem.dream.scheduler import DreamScheduler, start_scheduler

__all__ = [
    "DreamReport",
    "DreamRunRecord",
    "DreamRunner",
    "DreamScheduler",
    "DreamScopeState",
    "DreamStatus",
    "GroupReport",
    "ScopeReport",
    "SynthesisRecord",
    "start_scheduler",
]
