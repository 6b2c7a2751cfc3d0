"""Exception handlers: the one place HTTP status codes are chosen for graphmem errors.

Error bodies are ``{"detail": "..."}``. Messages of expected errors name the problem without
memory text; anything unexpected becomes a 500 whose body reveals nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, HTTPException, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from api.schemas import ErrorPublic, InvalidPublic, UnhealthyPublic
from graphmem.errors import (
    AuthError,
    EmbeddingError,
    FeatureDisabledError,
    GraphMemError,
    LifecycleConflictError,
    LLMError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitedError,
    StorageUnavailableError,
    ValidationError,
)

logger = logging.getLogger("graphmem.api")


class Unhealthy(Exception):
    """Raised by the health check: Neo4j unreachable or its indexes not ready."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


TOO_LARGE = "request body too large"
# Sent with every 503: Neo4j restarts or comes back within seconds; clients wait this long.
RETRY_AFTER_S = 5
UNAVAILABLE = "the memory store is unavailable; retry shortly"


def _retry_after() -> dict[str, str]:
    return {"Retry-After": str(RETRY_AFTER_S)}


def deadline_response() -> JSONResponse:
    """The request passed ``api.request_deadline_s`` (Neo4j unreachable, starting, or slow)."""
    return JSONResponse(
        {"detail": UNAVAILABLE},
        status_code=status.HTTP_503_SERVICE_UNAVAILABLE,
        headers=_retry_after(),
    )


class BodyTooLarge(HTTPException):
    """A streamed request body passed the size limit (raised while FastAPI reads it)."""

    def __init__(self) -> None:
        super().__init__(status.HTTP_413_CONTENT_TOO_LARGE, TOO_LARGE)


def too_large_response() -> JSONResponse:
    """For a body whose declared Content-Length is already over the limit."""
    return JSONResponse({"detail": TOO_LARGE}, status_code=status.HTTP_413_CONTENT_TOO_LARGE)


# Most specific first: the first matching class picks the status.
_STATUS: tuple[tuple[type[GraphMemError], int], ...] = (
    (PermissionDeniedError, status.HTTP_403_FORBIDDEN),
    (AuthError, status.HTTP_401_UNAUTHORIZED),
    (ValidationError, status.HTTP_422_UNPROCESSABLE_CONTENT),
    (NotFoundError, status.HTTP_404_NOT_FOUND),
    (LifecycleConflictError, status.HTTP_409_CONFLICT),
    (FeatureDisabledError, status.HTTP_409_CONFLICT),
    (RateLimitedError, status.HTTP_429_TOO_MANY_REQUESTS),
    (StorageUnavailableError, status.HTTP_503_SERVICE_UNAVAILABLE),
    (LLMError, status.HTTP_502_BAD_GATEWAY),
    (EmbeddingError, status.HTTP_500_INTERNAL_SERVER_ERROR),
)

# Fixed messages where the error's own text may carry internals (addresses, driver details).
_FIXED = {
    status.HTTP_503_SERVICE_UNAVAILABLE: UNAVAILABLE,
    status.HTTP_502_BAD_GATEWAY: "the language model endpoint failed; nothing was written",
    status.HTTP_500_INTERNAL_SERVER_ERROR: "internal error",
}

# Documented on every route, so clients (and schema checks) know every status they may see.
COMMON_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorPublic, "description": "Request body could not be read"},
    401: {"model": ErrorPublic, "description": "Missing, unknown or revoked API key"},
    403: {"model": ErrorPublic, "description": "Scope outside the API key"},
    413: {"model": ErrorPublic, "description": "Request body too large"},
    422: {"model": InvalidPublic, "description": "Invalid request"},
    503: {
        "model": ErrorPublic,
        "description": "Neo4j unreachable, or the request passed its deadline",
        "headers": {
            "Retry-After": {
                "description": "Seconds to wait before retrying",
                "schema": {"type": "integer"},
            }
        },
    },
}
NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorPublic, "description": "No such memory or entity in the key's scope"}
}
CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorPublic, "description": "Lifecycle change lost its race"}
}
LLM_FAILED: dict[int | str, dict[str, Any]] = {
    502: {"model": ErrorPublic, "description": "The LLM endpoint failed; nothing was written"}
}
DREAM_RUN: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorPublic, "description": "Dream is disabled for this project"},
    429: {"model": ErrorPublic, "description": "Too soon after the scope's last run"},
    **LLM_FAILED,
}


def status_for(exc: GraphMemError) -> int:
    for cls, code in _STATUS:
        if isinstance(exc, cls):
            return code
    return status.HTTP_500_INTERNAL_SERVER_ERROR


def _graphmem_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, GraphMemError)
    code = status_for(exc)
    if code >= 500:
        logger.error(
            "%s %s failed: %s", request.method, request.url.path, type(exc).__name__, exc_info=exc
        )
    headers = _headers(exc, code)
    return JSONResponse({"detail": _FIXED.get(code, str(exc))}, status_code=code, headers=headers)


def _headers(exc: GraphMemError, code: int) -> dict[str, str] | None:
    if code == status.HTTP_401_UNAUTHORIZED:
        return {"WWW-Authenticate": "Bearer"}
    if isinstance(exc, RateLimitedError):
        return {"Retry-After": str(exc.retry_after_s)}
    if code == status.HTTP_503_SERVICE_UNAVAILABLE:
        return _retry_after()
    return None


def _unhealthy(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Unhealthy)
    body = UnhealthyPublic(reason=exc.reason).model_dump()
    return JSONResponse(
        body, status_code=status.HTTP_503_SERVICE_UNAVAILABLE, headers=_retry_after()
    )


def _unexpected(_: Request, __: Exception) -> JSONResponse:
    # Starlette re-raises after this answer, so the server logs the traceback once.
    return JSONResponse({"detail": _FIXED[500]}, status_code=500)


def _invalid(_: Request, exc: Exception) -> JSONResponse:
    """422 with field-level reasons, never echoing the input (it may be another scope's text,
    or not even encodable, such as a lone surrogate)."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        {
            "loc": list(e.get("loc", ())),
            "msg": str(e.get("msg", "")),
            "type": str(e.get("type", "")),
        }
        for e in exc.errors()
    ]
    return JSONResponse({"detail": errors}, status_code=status.HTTP_422_UNPROCESSABLE_CONTENT)


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(GraphMemError, _graphmem_error)
    app.add_exception_handler(Unhealthy, _unhealthy)
    app.add_exception_handler(Exception, _unexpected)
