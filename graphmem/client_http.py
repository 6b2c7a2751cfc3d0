"""The HTTP side shared by the graphmem clients: the ``httpx`` client they own (or borrow),
sending one `Call`, and closing (``close`` / ``with`` for sync, ``aclose`` / ``async with``).
"""

from __future__ import annotations

from types import TracebackType
from typing import Self, TypeVar

import httpx

from graphmem.client_calls import Call, unreachable

__all__ = ["DEFAULT_URL", "AsyncHttp", "SyncHttp"]

T = TypeVar("T")
DEFAULT_URL = "http://127.0.0.1:8000"


def _headers(api_key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


class SyncHttp:
    """Sends calls over an ``httpx.Client``; closes it only if it created it."""

    def __init__(
        self, base_url: str, api_key: str | None, timeout: float, http_client: httpx.Client | None
    ) -> None:
        self._headers = _headers(api_key)
        self._owns_client = http_client is None
        self._http = http_client or httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout)

    def _run(self, call: Call[T]) -> T:
        try:
            response = self._http.send(call.request(self._http, self._headers))
        except httpx.TransportError as exc:
            raise unreachable(self._http.base_url, exc) from exc
        return call.result(response)

    def close(self) -> None:
        if self._owns_client:
            self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncHttp:
    """Sends calls over an ``httpx.AsyncClient``; closes it only if it created it."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        timeout: float,
        http_client: httpx.AsyncClient | None,
    ) -> None:
        self._headers = _headers(api_key)
        self._owns_client = http_client is None
        self._http = http_client or httpx.AsyncClient(
            base_url=base_url.rstrip("/"), timeout=timeout
        )

    async def _run(self, call: Call[T]) -> T:
        try:
            response = await self._http.send(call.request(self._http, self._headers))
        except httpx.TransportError as exc:
            raise unreachable(self._http.base_url, exc) from exc
        return call.result(response)

    async def aclose(self) -> None:
        if self._owns_client:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
