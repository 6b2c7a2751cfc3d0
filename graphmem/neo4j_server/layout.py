"""Where one local Neo4j instance keeps its files under its home, and how they are written."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from graphmem.errors import Neo4jServerError
from graphmem.neo4j_server import process
from graphmem.neo4j_server.conf import write_conf
from graphmem.neo4j_server.dist import Distribution
from graphmem.neo4j_server.passwords import PRIVATE_FILE_MODE, make_private_dir
from graphmem.settings import Neo4jSettings

PID_FILE = "graphmem-neo4j.pid"
STATE_FILE = "graphmem-neo4j.json"
LOCK_FILE = "graphmem-neo4j.lock"
START_MARKER = "---- graphmem: starting Neo4j"


@dataclass(frozen=True)
class Layout:
    """The paths of one instance, all under ``home``."""

    home: Path

    @property
    def pid_file(self) -> Path:
        return self.home / "run" / PID_FILE

    @property
    def lock_file(self) -> Path:
        return self.home / "run" / LOCK_FILE

    @property
    def state_file(self) -> Path:
        return self.home / "run" / STATE_FILE

    @property
    def log_file(self) -> Path:
        """Neo4j's user log, ``<home>/logs/neo4j.log``."""
        return self.home / "logs" / "neo4j.log"

    @property
    def console_log(self) -> Path:
        """The server's stdout/stderr, ``<home>/logs/console.log``."""
        return self.home / "logs" / "console.log"

    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    @property
    def initialised(self) -> bool:
        """True once the server has started on this data dir (the password is then set)."""
        return (self.data_dir / "dbms").exists()

    # -- the pid and state files ----------------------------------------------------
    def read_state(self) -> dict[str, Any]:
        try:
            data = json.loads(self.state_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def write_started(self, pid: int, settings: Neo4jSettings, java: Path) -> None:
        """Record the pid, and the version, ports and Java it started with."""
        self.pid_file.write_text(f"{pid}\n", encoding="utf-8")
        state = {
            "pid": pid,
            "version": settings.version,
            "bolt_port": settings.bolt_port,
            "http_port": settings.http_port,
            "java": str(java),
            "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.state_file.write_text(json.dumps(state, indent=2), encoding="utf-8")

    def forget_pid(self) -> None:
        self.pid_file.unlink(missing_ok=True)
        self.state_file.unlink(missing_ok=True)

    # -- the home and its logs ------------------------------------------------------
    def prepare(self, settings: Neo4jSettings, dist: Distribution) -> None:
        """Private directories (0700) and console log (0600), conf, and the jar symlink."""
        make_private_dir(self.home)
        for sub in ("conf", "data", "logs", "run"):
            make_private_dir(self.home / sub)
        if self.console_log.exists():
            self.console_log.chmod(PRIVATE_FILE_MODE)
        write_conf(settings, self.home)
        lib = self.home / "lib"
        if lib.is_symlink():
            if lib.resolve() == dist.lib.resolve():
                return
            lib.unlink()
        elif lib.exists():
            raise Neo4jServerError(f"{lib} exists and is not a symlink to the jar cache; remove it")
        lib.symlink_to(dist.lib, target_is_directory=True)

    def mark_start(self) -> None:
        """Append the start marker to the console log, creating it private (0600)."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
        with os.fdopen(os.open(self.console_log, flags, PRIVATE_FILE_MODE), "a") as fh:
            fh.write(f"{START_MARKER} {now}\n")

    def log_tail(self, lines: int = 20) -> str:
        """Last lines the server printed in its latest start (console.log), else neo4j.log."""
        text = process.log_tail(self.console_log, lines=2000)
        latest = text.rsplit(START_MARKER, 1)[-1].split("\n", 1)[-1] if START_MARKER in text else ""
        tail = "\n".join(latest.splitlines()[-lines:])
        return tail or process.log_tail(self.log_file, lines) or "(no log output)"
