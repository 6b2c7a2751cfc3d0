from __future__ import annotations

from typing import Protocol, TypeVar

from pydantic import BaseModel

T = TypeVar("T", bound=BaseModel)


class LLM(Protocol):
    """One structured completion: the answer is validated against ``schema``.

    Invalid output is retried once; then :class:`graphmem.errors.LLMError` is raised.
    """

    def complete(self, *, system: str, user: str, schema: type[T]) -> T: ...
