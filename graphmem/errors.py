"""The one error tree. Adapters translate driver and SDK errors here, once."""

from __future__ import annotations


class GraphMemError(Exception):
    """Root of every error graphmem raises on purpose."""


class ConfigurationError(GraphMemError):
    """Settings are missing or inconsistent."""


class FeatureDisabledError(ConfigurationError):
    """The operation needs a feature this deployment has switched off (e.g. Dream)."""


class ValidationError(GraphMemError, ValueError):
    """Input was rejected; nothing was written."""


class NotFoundError(GraphMemError, LookupError):
    """No memory (or entity) with that id in a scope the caller may see."""


class StorageError(GraphMemError):
    """Neo4j failed or answered something unexpected."""

    # Short and safe to log or show: the action and Neo4j's status code, never data or text.
    reason: str = "storage error"


class StorageUnavailableError(StorageError):
    """Neo4j cannot be reached right now."""


class SchemaMismatchError(StorageError):
    """An index's configuration does not match the embedder (e.g. vector dimension)."""


class EmbeddingError(GraphMemError):
    """The embedder could not load or answer."""


class ExtractionModelMissingError(ConfigurationError):
    """The NLP extractor's spaCy pipeline package is not installed (nothing is downloaded
    at run time: install the package named in the message)."""


class LLMError(GraphMemError):
    """The LLM endpoint failed (timeout, HTTP error) or answered invalid output twice."""


class RateLimitedError(GraphMemError):
    """Too soon: the operation has a cool-down; retry after ``retry_after_s`` seconds."""

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class LifecycleConflictError(GraphMemError):
    """A requested lifecycle change lost its race or targets a non-active memory."""


class ImmutableMemoryError(LifecycleConflictError):
    """The memory is immutable: an explicit update needs ``force=True``; automation never
    changes it."""


class AuthError(GraphMemError):
    """The API key is missing, unknown or revoked."""


class PermissionDeniedError(AuthError):
    """The API key is valid but may not touch the requested scope."""


class Neo4jServerError(GraphMemError):
    """Provisioning, starting or stopping the local Neo4j server failed."""


class InvalidFilterError(ValidationError):
    """A search or listing filter is malformed: an unknown key or operator, a value of the
    wrong type, or more terms than the limits allow; nothing was read."""
