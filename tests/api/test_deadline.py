"""The request deadline (api.request_deadline_s): a route still working when it passes gets a
503 with Retry-After, and whatever that route answers later never reaches the client. No
clock is asserted: the slow route waits on an event the test sets after the 503 arrived."""

from __future__ import annotations

import threading

from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.deadline import DeadlineMiddleware
from api.errors import RETRY_AFTER_S, UNAVAILABLE


def _app(release: threading.Event, finished: threading.Event, deadline_s: float) -> FastAPI:
    app = FastAPI()
    app.add_middleware(DeadlineMiddleware, deadline_s=deadline_s)

    @app.post("/slow")
    def slow() -> dict[str, str]:  # a sync route: it runs on a worker thread, like ours
        release.wait(timeout=30)
        finished.set()
        return {"written": "yes"}

    @app.get("/fast")
    def fast() -> dict[str, str]:
        return {"ok": "yes"}

    return app


def test_past_the_deadline_the_client_gets_503_and_never_the_late_answer() -> None:
    release, finished = threading.Event(), threading.Event()
    with TestClient(_app(release, finished, deadline_s=0.2)) as client:
        late = client.post("/slow")
        assert late.status_code == 503
        assert late.json() == {"detail": UNAVAILABLE}
        assert late.headers["retry-after"] == str(RETRY_AFTER_S)
        assert not finished.is_set()  # the route was still running when the 503 left
        release.set()
        assert finished.wait(timeout=30)
        # The connection carries on with the next request's own answer, not the late one.
        assert client.get("/fast").json() == {"ok": "yes"}


def test_an_answer_within_the_deadline_passes_through() -> None:
    release, finished = threading.Event(), threading.Event()
    release.set()
    with TestClient(_app(release, finished, deadline_s=30.0)) as client:
        assert client.get("/fast").json() == {"ok": "yes"}
        assert client.post("/slow").json() == {"written": "yes"}
