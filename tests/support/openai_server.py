"""A real local OpenAI-compatible HTTP server with scripted answers, for tests.

    with OpenAICompatServer() as srv:
        srv.script({"memories": []}, Status(429), Delay(2.0), "not json")
        client = openai.OpenAI(base_url=srv.base_url, api_key="x")
        ...
        assert len(srv.requests) == 1

Each ``POST /v1/chat/completions`` pops the next scripted step: a content string (a dict is
sent as ``json.dumps``), a :class:`Status` (HTTP error with an OpenAI-style error body) or a
:class:`Delay` (sleeps, then answers ``then``). Every request body is recorded in
``requests``, its headers (lower-case names) in ``headers``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import socket
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self, cast


@dataclass(frozen=True)
class Status:
    """Answer with an HTTP error status and an OpenAI-style error body."""

    code: int
    message: str | None = None
    type: str | None = None
    error_code: str | None = None


@dataclass(frozen=True)
class Delay:
    """Sleep ``seconds`` (cut short when the server stops), then answer ``then``."""

    seconds: float
    then: str | dict[str, Any] = "{}"


Step = str | dict[str, Any] | Status | Delay

_DEFAULT_ERRORS = {
    429: ("Rate limit reached for requests", "requests", "rate_limit_exceeded"),
    500: ("The server had an error while processing your request.", "server_error", None),
}


class _Server(ThreadingHTTPServer):
    daemon_threads = False  # server_close() joins the handler threads
    owner: OpenAICompatServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 5.0  # idle keep-alive connections give up eventually

    def setup(self) -> None:
        super().setup()
        self.owner._track(self.connection, add=True)

    def finish(self) -> None:
        self.owner._track(self.connection, add=False)
        super().finish()

    @property
    def owner(self) -> OpenAICompatServer:
        return cast(_Server, self.server).owner

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        if self.path.rstrip("/") != "/v1/models":
            return self._send_json(404, _error_body("Not found", "invalid_request_error", None))
        model = {"id": self.owner.model, "object": "model", "created": 0, "owned_by": "test"}
        self._send_json(200, {"object": "list", "data": [model]})

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/v1/embeddings"):
            return self._send_json(404, _error_body("Not found", "invalid_request_error", None))
        body = json.loads(raw or b"{}")
        if self.path.rstrip("/") == "/v1/embeddings":
            self.owner.embedding_requests.append(body)
            return self._send_json(200, _embeddings(body, self.owner.embedding_size))
        step = self.owner._next_step(body, {k.lower(): v for k, v in self.headers.items()})
        if isinstance(step, Delay):
            self.owner._stopping.wait(step.seconds)
            step = step.then
        if isinstance(step, Status):
            message, type_, code = _DEFAULT_ERRORS.get(step.code, ("error", "api_error", None))
            error = _error_body(
                step.message or message, step.type or type_, step.error_code or code
            )
            return self._send_json(step.code, error)
        content = step if isinstance(step, str) else json.dumps(step)
        self._send_json(200, _completion(body.get("model", self.owner.model), content))

    def _send_json(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up (timeout) and closed the connection
            self.close_connection = True


def _error_body(message: str, type_: str, code: str | None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def _embeddings(body: dict[str, Any], size: int | None) -> dict[str, Any]:
    """Deterministic vectors from each input's hash (``size`` overrides the requested one)."""
    texts = body.get("input") or []
    texts = [texts] if isinstance(texts, str) else texts
    dim = size or int(body.get("dimensions") or 8)
    data = []
    for index, text in enumerate(texts):
        digest = hashlib.sha256(str(text).encode()).digest()
        vector = [(digest[i % len(digest)] - 127.5) / 127.5 for i in range(dim)]
        data.append({"object": "embedding", "index": index, "embedding": vector})
    return {
        "object": "list",
        "data": data,
        "model": body.get("model", "test-embed"),
        "usage": {"prompt_tokens": 0, "total_tokens": 0},
    }


def _completion(model: str, content: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
                "logprobs": None,
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


class OpenAICompatServer:
    """Serves on 127.0.0.1 with an ephemeral port while entered (or between start/stop)."""

    def __init__(self, model: str = "test-model") -> None:
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.embedding_requests: list[dict[str, Any]] = []
        self.embedding_size: int | None = None  # set to answer vectors of the wrong size
        self.headers: list[dict[str, str]] = []
        self._steps: deque[Step] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._connections: set[socket.socket] = set()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("server is not running")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def calls(self) -> int:
        """Number of chat completion requests received."""
        with self._lock:
            return len(self.requests)

    def script(self, *steps: Step) -> None:
        """Queue answers for the next completion requests, in order."""
        with self._lock:
            self._steps.extend(steps)

    def _next_step(self, body: dict[str, Any], headers: dict[str, str]) -> Step:
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            if self._steps:
                return self._steps.popleft()
        return Status(500, message="test server: no scripted response left")

    def _track(self, conn: socket.socket, *, add: bool) -> None:
        with self._lock:
            if add:
                self._connections.add(conn)
            else:
                self._connections.discard(conn)

    def _drop_connections(self) -> None:
        """Unblock handler threads waiting on idle keep-alive connections."""
        with self._lock:
            conns = list(self._connections)
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)

    def start(self) -> Self:
        self._stopping.clear()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._stopping.set()
        self._server.shutdown()
        self._drop_connections()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join()
        self._server, self._thread = None, None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
