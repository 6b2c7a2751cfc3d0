"""The Dream scheduler: run every enabled scope whose cadence has passed, sleep until the next
one is due (at most ``poll_seconds``, so newly enabled scopes are noticed), repeat.

Several processes may each run a scheduler: a scope's lease lets one of them work on it, and
the run time recorded on the scope keeps the others from running it again before it is due.

    scheduler = start_scheduler(memory.dream_runner)   # a daemon thread, e.g. in `serve`
    ...
    scheduler.stop()
"""

from __future__ import annotations

import logging
import threading

from graphmem.dream.models import DreamReport
from graphmem.dream.runner import DISABLED, DreamRunner
from graphmem.errors import FeatureDisabledError, StorageUnavailableError

logger = logging.getLogger(__name__)

MIN_SLEEP_S = 1.0
RETRY_UNAVAILABLE_S = 60.0


class DreamScheduler:
    def __init__(
        self,
        runner: DreamRunner,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
    ) -> None:
        self.runner = runner
        self.user_id = user_id
        self.agent_id = agent_id
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def run_once(self) -> DreamReport:
        """Run the scopes that are due now."""
        report = self.runner.run(user_id=self.user_id, agent_id=self.agent_id, due_only=True)
        for scope in report.scopes:
            logger.info(
                "Dream %s: %s (%d examined, %d qualified, %d written)",
                scope.scope_key.replace("\x1f", "/"),
                scope.status,
                scope.examined,
                scope.qualified,
                scope.written,
            )
        return report

    def seconds_until_due(self) -> float:
        due = self.runner.next_due(user_id=self.user_id, agent_id=self.agent_id)
        wait = (due - self.runner.clock()).total_seconds()
        return min(max(wait, MIN_SLEEP_S), self.runner.settings.poll_seconds)

    def run_forever(self) -> None:
        """Loop until ``stop()`` (or Ctrl-C in the calling thread)."""
        self.check_enabled()
        while not self._stop.is_set():
            try:
                self.run_once()
                wait = self.seconds_until_due()
            except StorageUnavailableError:
                logger.warning("Dream: Neo4j is unreachable; trying again later")
                wait = min(RETRY_UNAVAILABLE_S, self.runner.settings.poll_seconds)
            self._stop.wait(wait)

    def start(self) -> DreamScheduler:
        """Run the loop in a daemon thread."""
        self.check_enabled()
        self._stop.clear()
        self._thread = threading.Thread(target=self.run_forever, name="dream", daemon=True)
        self._thread.start()
        return self

    def check_enabled(self) -> None:
        if not self.runner.settings.enabled:
            raise FeatureDisabledError(DISABLED)

    def stop(self, timeout_s: float | None = None) -> None:
        """Stop after the current run (a run in progress finishes, releasing its leases)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
            self._thread = None


def start_scheduler(
    runner: DreamRunner, *, user_id: str | None = None, agent_id: str | None = None
) -> DreamScheduler:
    """Start a scheduler thread for every enabled scope (or those matching the filters)."""
    return DreamScheduler(runner, user_id=user_id, agent_id=agent_id).start()
