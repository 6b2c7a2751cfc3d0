"""The load benchmark's API server in a process of its own (as `graphmem serve` runs it, with
``--workers``), and the CPU each process used during a run.

On a shared machine the requests per second depend on what else runs; the CPU seconds a
request costs in the API and in Neo4j do much less, so the reports give both."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from graphmem import Settings

ROOT = Path(__file__).resolve().parent.parent
API_PORT = 8190
READY_TIMEOUT_S = 300.0  # several workers each load the embedder and the spaCy pipeline


def api_env(settings: Settings, source: Path) -> dict[str, str]:
    """The environment of an API process on ``settings``' Neo4j, running the code in
    ``source`` (this checkout, or an older commit exported with ``git archive``)."""
    neo = settings.neo4j
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPHMEM_")}
    env |= {
        "PYTHONPATH": str(source),
        "GRAPHMEM_NEO4J__URI": neo.uri,
        "GRAPHMEM_NEO4J__HOME": str(neo.home),
        "GRAPHMEM_NEO4J__CONNECTION_TIMEOUT_S": str(neo.connection_timeout_s),
        "GRAPHMEM_NEO4J__CONNECTION_ACQUISITION_TIMEOUT_S": str(
            neo.connection_acquisition_timeout_s
        ),
        "GRAPHMEM_NEO4J__MAX_TRANSACTION_RETRY_TIME_S": str(neo.max_transaction_retry_time_s),
        "GRAPHMEM_API__REQUEST_DEADLINE_S": str(settings.api.request_deadline_s),
        "GRAPHMEM_EMBEDDER__ONNX_DIR": str(settings.embedder.onnx_dir),
    }
    return env


class ApiProcess:
    """``uvicorn api.app:create_app --factory --workers N`` from ``source`` on a loopback
    port; ready once ``/healthz`` answers (every worker loads its models before it accepts)."""

    def __init__(
        self,
        settings: Settings,
        *,
        workers: int = 1,
        port: int = API_PORT,
        source: Path = ROOT,
        pure_python_http: bool = False,
    ) -> None:
        self.settings, self.workers, self.port, self.source = settings, workers, port, source
        self.pure_python_http = pure_python_http  # asyncio and h11, not uvloop and httptools
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> str:
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "api.app:create_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--log-level",
            "warning",
            "--no-access-log",
            *(["--loop", "asyncio", "--http", "h11"] if self.pure_python_http else []),
        ]
        self.process = subprocess.Popen(
            command, cwd=self.source, env=api_env(self.settings, self.source)
        )
        base_url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the API process exited with {self.process.returncode}")
            try:
                if httpx.get(f"{base_url}/healthz", timeout=5.0).status_code == 200:
                    return base_url
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.__exit__()
        raise RuntimeError("the API process did not become ready")

    def __exit__(self, *_: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    @property
    def pids(self) -> list[int]:
        """The supervisor and its worker processes."""
        return [self.process.pid, *_children(self.process.pid)] if self.process else []


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for kid in map(int, kids):
            found += [kid, *_children(kid)]
    return found


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (all its threads) so far; None off Linux or
    when it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class CpuMeter:
    """CPU seconds used by named groups of processes between ``start`` and ``stop``."""

    groups: dict[str, list[int]]
    started: dict[str, float] | None = None
    load_start: tuple[float, float, float] | None = None

    def _now(self) -> dict[str, float]:
        return {
            name: sum(c for p in pids if (c := cpu_seconds(p)) is not None)
            for name, pids in self.groups.items()
        }

    def start(self) -> None:
        self.started = self._now()
        self.load_start = os.getloadavg()

    def stop(self, requests: int, elapsed_s: float) -> dict[str, Any]:
        assert self.started is not None
        used = {k: v - self.started[k] for k, v in self._now().items()}
        return {
            "load_average_start": self.load_start,
            "load_average_end": os.getloadavg(),
            "cpu_s": used,
            "cores": {k: v / elapsed_s for k, v in used.items()},
            "cpu_ms_per_request": {k: 1000 * v / max(requests, 1) for k, v in used.items()},
        }
