"""`LocalNeo4j`: provision, start, stop and inspect a Neo4j Community server instance.

Its files are in `layout`, the wait for Bolt in `readiness`, the password's server side in
`password_admin`.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from graphmem.errors import Neo4jServerError
from graphmem.neo4j_server import process, readiness
from graphmem.neo4j_server.conf import LOOPBACK
from graphmem.neo4j_server.dist import Distribution, resolve_distribution
from graphmem.neo4j_server.java import JavaRuntime, find_java
from graphmem.neo4j_server.layout import Layout
from graphmem.neo4j_server.locks import file_lock
from graphmem.neo4j_server.password_admin import (
    change_password,
    check_password,
    set_initial_password,
    will_generate_password,
)
from graphmem.neo4j_server.passwords import generate_password, write_private_file
from graphmem.settings import Neo4jSettings

log = logging.getLogger(__name__)

DEFAULT_STOP_TIMEOUT_S = 60.0


@contextlib.contextmanager
def _os_errors(action: str) -> Iterator[None]:
    """Report file-system failures (permissions, disk full) as `Neo4jServerError`."""
    try:
        yield
    except OSError as exc:
        raise Neo4jServerError(f"{action} failed: {exc}") from exc


@dataclass(frozen=True)
class ServerStatus:
    """What `graphmem neo4j status` reports about one instance."""

    running: bool
    pid: int | None
    bolt_uri: str
    browser_url: str
    version: str
    home: Path
    log_file: Path
    console_log: Path

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping (paths as strings)."""
        data = asdict(self)
        return {k: str(v) if isinstance(v, Path) else v for k, v in data.items()}


@dataclass(frozen=True)
class StartResult:
    """Outcome of `LocalNeo4j.start`."""

    status: ServerStatus
    already_running: bool
    distribution_downloaded: bool
    elapsed_s: float


@dataclass(frozen=True)
class StopResult:
    """Outcome of `LocalNeo4j.stop`."""

    was_running: bool
    pid: int | None
    killed: bool


class LocalNeo4j:
    """A Neo4j server built from Maven Central jars, with its state under ``settings.home``.

    ``search_java=False`` disables the ``$JAVA_HOME`` and JVM-directory search, so
    only ``settings.java_home`` is considered.
    """

    def __init__(self, settings: Neo4jSettings, *, search_java: bool = True) -> None:
        self.settings = settings
        self.search_java = search_java
        self.home = settings.home.expanduser().resolve()
        self.layout = Layout(self.home)
        self.last_distribution: Distribution | None = None

    # -- paths and addresses ------------------------------------------------------
    @property
    def pid_file(self) -> Path:
        """``<home>/run/graphmem-neo4j.pid``."""
        return self.layout.pid_file

    @property
    def state_file(self) -> Path:
        return self.layout.state_file

    @property
    def log_file(self) -> Path:
        """Neo4j's user log, ``<home>/logs/neo4j.log``."""
        return self.layout.log_file

    @property
    def console_log(self) -> Path:
        """The server's stdout/stderr, ``<home>/logs/console.log``."""
        return self.layout.console_log

    @property
    def bolt_uri(self) -> str:
        """Bolt URI of this instance as configured now."""
        return f"bolt://{LOOPBACK}:{self.settings.bolt_port}"

    @property
    def browser_url(self) -> str:
        """Neo4j Browser URL of this instance as configured now."""
        return f"http://{LOOPBACK}:{self.settings.http_port}/browser/"

    # -- building blocks ------------------------------------------------------------
    def find_java(self) -> JavaRuntime:
        """The Java runtime (>= 21) this instance runs on."""
        return find_java(self.settings.java_home, search=self.search_java)

    def ensure_distribution(self) -> Distribution:
        """Resolve the jars (Maven only on first use); see ``Distribution.downloaded``."""
        dist = resolve_distribution(
            self.settings.dist_dir, self.settings.version, self.settings.browser_version
        )
        self.last_distribution = dist
        return dist

    # -- status ---------------------------------------------------------------------
    def _running_pid(self) -> int | None:
        pid = process.read_pid(self.pid_file)
        if pid is None or not process.pid_alive(pid):
            return None
        return pid if process.is_neo4j_of(pid, self.home) else None

    def status(self) -> ServerStatus:
        """Running or not; for a running server, the ports and version it started with."""
        pid = self._running_pid()
        state = self.layout.read_state() if pid is not None else {}
        bolt_port = state.get("bolt_port", self.settings.bolt_port)
        http_port = state.get("http_port", self.settings.http_port)
        return ServerStatus(
            running=pid is not None,
            pid=pid,
            bolt_uri=f"bolt://{LOOPBACK}:{bolt_port}",
            browser_url=f"http://{LOOPBACK}:{http_port}/browser/",
            version=str(state.get("version", self.settings.version)),
            home=self.home,
            log_file=self.log_file,
            console_log=self.console_log,
        )

    def bolt_answers(self, uri: str | None = None, timeout_s: float = 3.0) -> bool:
        """True if a Bolt server answers at ``uri`` (wrong credentials still count)."""
        return readiness.bolt_answers(uri or self.bolt_uri, self._auth(), timeout_s)

    # -- start / stop -----------------------------------------------------------------
    def start(self) -> StartResult:
        """Start the server and wait until Bolt answers; a no-op if it already runs.

        Raises `Neo4jServerError` if Java, the jars, a port or the server start fails.
        """
        started = time.monotonic()
        deadline = started + self.settings.start_timeout_s
        with _os_errors(f"starting Neo4j in {self.home}"), file_lock(self.layout.lock_file):
            pid = self._running_pid()
            if pid is not None:
                status = self.status()
                readiness.wait_ready(self.settings, self.layout, status.bolt_uri, pid, deadline)
                return StartResult(status, True, False, time.monotonic() - started)
            self.layout.forget_pid()
            check_password(self.settings, self.layout)
            self._check_ports()
            java = self.find_java()
            dist = self.ensure_distribution()
            pid = self._spawn(java, dist)
            try:
                readiness.wait_ready(self.settings, self.layout, self.bolt_uri, pid, deadline)
            except Neo4jServerError:
                if process.pid_alive(pid):
                    with contextlib.suppress(Neo4jServerError):
                        process.terminate(pid, DEFAULT_STOP_TIMEOUT_S)
                self.layout.forget_pid()
                raise
            elapsed = time.monotonic() - started
            log.info("Neo4j is up after %.1fs", elapsed)
            self._warn_if_uri_elsewhere()
            return StartResult(self.status(), False, dist.downloaded, elapsed)

    def _spawn(self, java: JavaRuntime, dist: Distribution) -> int:
        """Prepare the home, set a fresh data dir's password, and start the server process."""
        self.layout.prepare(self.settings, dist)
        env = process.neo4j_env(self.home, java.home)
        set_initial_password(self.layout, java, env, self._ensure_password())
        cmd = process.server_command(java.java, self.home, env)
        log.info("Starting Neo4j %s on %s (Java %s)", dist.version, self.bolt_uri, java.version)
        self.layout.mark_start()
        pid = process.spawn_detached(cmd, env, self.home, self.console_log)
        self.layout.write_started(pid, self.settings, java.java)
        return pid

    def stop(self, timeout_s: float = DEFAULT_STOP_TIMEOUT_S) -> StopResult:
        """SIGTERM the server and wait up to ``timeout_s`` (then SIGKILL); fine if stopped."""
        with _os_errors(f"stopping Neo4j in {self.home}"), file_lock(self.layout.lock_file):
            pid = self._running_pid()
            if pid is None:
                self.layout.forget_pid()
                return StopResult(was_running=False, pid=None, killed=False)
            log.info("Stopping Neo4j (pid %d) ...", pid)
            killed = process.terminate(pid, timeout_s)
            if killed:
                log.warning("Neo4j (pid %d) ignored SIGTERM for %.0fs; killed it", pid, timeout_s)
            self.layout.forget_pid()
            return StopResult(was_running=True, pid=pid, killed=killed)

    def ensure_running(self) -> ServerStatus:
        """Start the server unless it already runs; return its status."""
        return self.start().status

    def rotate_password(self) -> Path:
        """Give the server (started if needed) a new random password; return the file
        it is written to (`Neo4jSettings.password_file`), which then holds it alone."""
        old = self.settings.resolve_password().get_secret_value()
        bolt_uri = self.ensure_running().bolt_uri
        path = self.settings.password_file
        pending = path.with_name(path.name + ".new")
        new = generate_password()
        with (
            _os_errors(f"changing the Neo4j password in {self.home}"),
            file_lock(self.layout.lock_file),
        ):
            write_private_file(pending, new, replace=True)
            try:
                change_password(self.settings, bolt_uri, old, new)
            except Neo4jServerError:
                pending.unlink(missing_ok=True)
                raise
            pending.replace(path)
        log.info("Changed the password of user %s; it is in %s", self.settings.user, path)
        return path

    # -- internals ----------------------------------------------------------------------
    def _auth(self) -> tuple[str, str]:
        return (self.settings.user, self.settings.resolve_password().get_secret_value())

    def _warn_if_uri_elsewhere(self) -> None:
        uri = urlsplit(self.settings.uri)
        if uri.hostname in ("127.0.0.1", "localhost", "::1") and uri.port not in (
            None,
            self.settings.bolt_port,
        ):
            log.warning(
                "Note: settings uri %s does not point at this server (%s); "
                "set GRAPHMEM_NEO4J__URI to match",
                self.settings.uri,
                self.bolt_uri,
            )

    def _ensure_password(self) -> str:
        """The password to set on a fresh data dir; generated into the file on first start."""
        if will_generate_password(self.settings):
            write_private_file(self.settings.password_file, generate_password())
            log.info(
                "Generated a password for user %s into %s",
                self.settings.user,
                self.settings.password_file,
            )
        return self.settings.resolve_password().get_secret_value()

    def _check_ports(self) -> None:
        for name, port in (("bolt", self.settings.bolt_port), ("http", self.settings.http_port)):
            if process.port_in_use(port, LOOPBACK):
                env_var = f"GRAPHMEM_NEO4J__{name.upper()}_PORT"
                raise Neo4jServerError(
                    f"port {port} ({name}) on {LOOPBACK} is already in use by another "
                    f"process; stop it or choose another port with {env_var}"
                )
