"""graphmem: long-term memory for AI agents, stored in Neo4j."""

from graphmem.domain.memory import HistoryEvent, LifecycleState, MemoryRecord
from graphmem.domain.results import AddItem, AddResult, Transition
from graphmem.errors import (
    ConfigurationError,
    EmbeddingError,
    FeatureDisabledError,
    GraphMemError,
    ImmutableMemoryError,
    LifecycleConflictError,
    LLMError,
    NotFoundError,
    SchemaMismatchError,
    StorageError,
    StorageUnavailableError,
    ValidationError,
)
from graphmem.memory import Memory
from graphmem.settings import Settings

__all__ = [
    "AddItem",
    "AddResult",
    "ConfigurationError",
    "EmbeddingError",
    "FeatureDisabledError",
    "GraphMemError",
    "HistoryEvent",
    "ImmutableMemoryError",
    "LLMError",
    "LifecycleConflictError",
    "LifecycleState",
    "Memory",
    "MemoryRecord",
    "NotFoundError",
    "SchemaMismatchError",
    "Settings",
    "StorageError",
    "StorageUnavailableError",
    "Transition",
    "ValidationError",
]
