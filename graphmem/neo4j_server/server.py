"""`LocalNeo4j`: provision, start, stop and inspect a Neo4j Community server instance."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from neo4j import GraphDatabase
from neo4j.exceptions import (
    AuthError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from graphmem.cypher_catalog import query
from graphmem.errors import ConfigurationError, Neo4jServerError
from graphmem.neo4j_server import process
from graphmem.neo4j_server.conf import LOOPBACK, write_conf
from graphmem.neo4j_server.dist import Distribution, resolve_distribution
from graphmem.neo4j_server.java import JavaRuntime, find_java
from graphmem.neo4j_server.locks import file_lock
from graphmem.neo4j_server.passwords import (
    PRIVATE_FILE_MODE,
    generate_password,
    initial_password_args,
    make_private_dir,
    password_argfile,
    write_private_file,
)
from graphmem.settings import INSECURE_DEV_PASSWORD, Neo4jSettings

log = logging.getLogger(__name__)

PID_FILE = "graphmem-neo4j.pid"
STATE_FILE = "graphmem-neo4j.json"
MIN_PASSWORD_LEN = 8
DEFAULT_STOP_TIMEOUT_S = 60.0
START_MARKER = "---- graphmem: starting Neo4j"


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
        self.last_distribution: Distribution | None = None

    # -- paths and addresses ------------------------------------------------------
    @property
    def pid_file(self) -> Path:
        """``<home>/run/graphmem-neo4j.pid``."""
        return self.home / "run" / PID_FILE

    @property
    def _lock_file(self) -> Path:
        return self.home / "run" / "graphmem-neo4j.lock"

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

    def _read_state(self) -> dict[str, Any]:
        try:
            data = json.loads(self.state_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def status(self) -> ServerStatus:
        """Running or not; for a running server, the ports and version it started with."""
        pid = self._running_pid()
        state = self._read_state() if pid is not None else {}
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
        try:
            with GraphDatabase.driver(
                uri or self.bolt_uri, auth=self._auth(), connection_timeout=timeout_s
            ) as driver:
                driver.verify_connectivity()
        except AuthError:
            return True
        except (DriverError, Neo4jError, OSError):
            return False
        return True

    # -- start / stop -----------------------------------------------------------------
    def start(self) -> StartResult:
        """Start the server and wait until Bolt answers; a no-op if it already runs.

        Raises `Neo4jServerError` if Java, the jars, a port or the server start fails.
        """
        started = time.monotonic()
        with _os_errors(f"starting Neo4j in {self.home}"), file_lock(self._lock_file):
            pid = self._running_pid()
            if pid is not None:
                status = self.status()
                self._wait_ready(status.bolt_uri, pid, deadline=started + self._timeout())
                return StartResult(status, True, False, time.monotonic() - started)
            self._forget_pid()
            self._check_password()
            self._check_ports()
            java = self.find_java()
            dist = self.ensure_distribution()
            self._prepare_home(dist)
            env = process.neo4j_env(self.home, java.home)
            self._set_initial_password(java, env, self._ensure_password())
            cmd = process.server_command(java.java, self.home, env)
            log.info("Starting Neo4j %s on %s (Java %s)", dist.version, self.bolt_uri, java.version)
            now = datetime.now(UTC).isoformat(timespec="seconds")
            self._append_console(f"{START_MARKER} {now}")
            pid = process.spawn_detached(cmd, env, self.home, self.console_log)
            self.pid_file.write_text(f"{pid}\n", encoding="utf-8")
            self._write_state(pid, java)
            try:
                self._wait_ready(self.bolt_uri, pid, deadline=started + self._timeout())
            except Neo4jServerError:
                if process.pid_alive(pid):
                    with contextlib.suppress(Neo4jServerError):
                        process.terminate(pid, DEFAULT_STOP_TIMEOUT_S)
                self._forget_pid()
                raise
            elapsed = time.monotonic() - started
            log.info("Neo4j is up after %.1fs", elapsed)
            self._warn_if_uri_elsewhere()
            return StartResult(self.status(), False, dist.downloaded, elapsed)

    def stop(self, timeout_s: float = DEFAULT_STOP_TIMEOUT_S) -> StopResult:
        """SIGTERM the server and wait up to ``timeout_s`` (then SIGKILL); fine if stopped."""
        with _os_errors(f"stopping Neo4j in {self.home}"), file_lock(self._lock_file):
            pid = self._running_pid()
            if pid is None:
                self._forget_pid()
                return StopResult(was_running=False, pid=None, killed=False)
            log.info("Stopping Neo4j (pid %d) ...", pid)
            killed = process.terminate(pid, timeout_s)
            if killed:
                log.warning("Neo4j (pid %d) ignored SIGTERM for %.0fs; killed it", pid, timeout_s)
            self._forget_pid()
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
        with _os_errors(f"changing the Neo4j password in {self.home}"), file_lock(self._lock_file):
            write_private_file(pending, new, replace=True)
            try:
                self._change_password(bolt_uri, old, new)
            except Neo4jServerError:
                pending.unlink(missing_ok=True)
                raise
            pending.replace(path)
        log.info("Changed the password of user %s; it is in %s", self.settings.user, path)
        return path

    # -- internals ----------------------------------------------------------------------
    def _timeout(self) -> float:
        return self.settings.start_timeout_s

    def _auth(self) -> tuple[str, str]:
        return (self.settings.user, self.settings.resolve_password().get_secret_value())

    def _change_password(self, bolt_uri: str, old: str, new: str) -> None:
        try:
            with (
                GraphDatabase.driver(bolt_uri, auth=(self.settings.user, old)) as driver,
                driver.session(database="system") as session,
            ):
                # Auto-commit, no retries: a retry after success would fail on the old password.
                session.run(query("admin/change_password"), old=old, new=new).consume()
        except (DriverError, Neo4jError, OSError) as exc:
            raise Neo4jServerError(
                f"could not change the password of user {self.settings.user!r} on {bolt_uri}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc

    def _forget_pid(self) -> None:
        self.pid_file.unlink(missing_ok=True)
        self.state_file.unlink(missing_ok=True)

    def _write_state(self, pid: int, java: JavaRuntime) -> None:
        state = {
            "pid": pid,
            "version": self.settings.version,
            "bolt_port": self.settings.bolt_port,
            "http_port": self.settings.http_port,
            "java": str(java.java),
            "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.state_file.write_text(json.dumps(state, indent=2), encoding="utf-8")

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

    def _will_generate_password(self) -> bool:
        return self.settings.password is None and not self.settings.password_file.exists()

    def _check_password(self) -> None:
        """Fail before anything starts: no usable password, or an old instance without one."""
        if self._will_generate_password():
            if (self.home / "data" / "dbms").exists():
                raise self._legacy_instance()
            return
        if len(self.settings.resolve_password().get_secret_value()) < MIN_PASSWORD_LEN:
            raise Neo4jServerError(
                f"the Neo4j password must have at least {MIN_PASSWORD_LEN} characters "
                "(set GRAPHMEM_NEO4J__PASSWORD)"
            )

    def _legacy_instance(self) -> ConfigurationError:
        file = self.settings.password_file
        return ConfigurationError(
            f"Neo4j in {self.home} was set up before graphmem generated passwords: its "
            f"password is the public default {INSECURE_DEV_PASSWORD!r} (unless you had set "
            f"your own), and {file} does not exist. To keep the data and replace that "
            f"password by a random one stored in {file}, run once: "
            f"`GRAPHMEM_NEO4J__PASSWORD={INSECURE_DEV_PASSWORD} "
            "GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD=true graphmem neo4j rotate-password`. "
            "If you had set your own password, set GRAPHMEM_NEO4J__PASSWORD to it. To start "
            f"afresh instead, remove {self.home / 'data'} (this deletes the stored memories)."
        )

    def _ensure_password(self) -> str:
        """The password to set on a fresh data dir; generated into the file on first start."""
        if self._will_generate_password():
            write_private_file(self.settings.password_file, generate_password())
            log.info("Generated a password for user %s into %s",
                     self.settings.user, self.settings.password_file)
        return self.settings.resolve_password().get_secret_value()

    def _check_ports(self) -> None:
        for name, port in (("bolt", self.settings.bolt_port), ("http", self.settings.http_port)):
            if process.port_in_use(port, LOOPBACK):
                env_var = f"GRAPHMEM_NEO4J__{name.upper()}_PORT"
                raise Neo4jServerError(
                    f"port {port} ({name}) on {LOOPBACK} is already in use by another "
                    f"process; stop it or choose another port with {env_var}"
                )

    def _prepare_home(self, dist: Distribution) -> None:
        """Private directories (0700) and console log (0600), conf, and the jar symlink."""
        make_private_dir(self.home)
        for sub in ("conf", "data", "logs", "run"):
            make_private_dir(self.home / sub)
        if self.console_log.exists():
            self.console_log.chmod(PRIVATE_FILE_MODE)
        write_conf(self.settings, self.home)
        lib = self.home / "lib"
        if lib.is_symlink():
            if lib.resolve() == dist.lib.resolve():
                return
            lib.unlink()
        elif lib.exists():
            raise Neo4jServerError(f"{lib} exists and is not a symlink to the jar cache; remove it")
        lib.symlink_to(dist.lib, target_is_directory=True)

    def _append_console(self, line: str) -> None:
        """Append ``line`` to the console log, creating it private (0600)."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
        with os.fdopen(os.open(self.console_log, flags, PRIVATE_FILE_MODE), "a") as fh:
            fh.write(line + "\n")

    def _set_initial_password(self, java: JavaRuntime, env: dict[str, str], password: str) -> None:
        """Before the first start of a fresh data dir: the admin tool reads the password
        from a 0600 argument file (``@path``), so it is never on a command line."""
        if (self.home / "data" / "dbms").exists():
            return  # only possible before the first start of a fresh data dir
        log.info("Setting the initial password of user neo4j")
        with password_argfile(self.home / "run", password) as argfile:
            process.run_java_tool(
                java.java,
                str(self.home / "lib" / "*"),
                process.ADMIN_CLASS,
                initial_password_args(argfile),
                env,
                what="neo4j-admin dbms set-initial-password",
            )

    def _wait_ready(self, uri: str, pid: int, deadline: float) -> None:
        """Poll Bolt until a query runs; fail fast if the process dies."""
        last_error = "no answer yet"
        with GraphDatabase.driver(uri, auth=self._auth(), connection_timeout=2.0) as driver:
            while True:
                code = process.exit_code(pid)
                if code is not None or not process.pid_alive(pid):
                    raise self._died(code)
                try:
                    # No execute_query: its retries with back-off would slow the polling.
                    driver.verify_connectivity()
                    with driver.session(database=self.settings.database) as session:
                        session.run("RETURN 1").consume()
                    return
                except AuthError as exc:
                    raise Neo4jServerError(
                        f"Neo4j at {uri} rejected user {self.settings.user!r}: the password "
                        f"is set only before the first start of a fresh {self.home / 'data'}; "
                        f"use that one (GRAPHMEM_NEO4J__PASSWORD, else "
                        f"{self.settings.password_file}) or remove that directory"
                    ) from exc
                except (ServiceUnavailable, SessionExpired, TransientError, OSError) as exc:
                    last_error = f"{type(exc).__name__}: {exc}"
                except Neo4jError as exc:
                    raise Neo4jServerError(
                        f"Neo4j at {uri} is up but `RETURN 1` on database "
                        f"{self.settings.database!r} failed: {exc}"
                    ) from exc
                if time.monotonic() >= deadline:
                    raise Neo4jServerError(
                        f"Neo4j did not answer on {uri} within {self._timeout():.0f}s "
                        f"({last_error}); see {self.log_file}:\n{self._log_tail()}"
                    )
                time.sleep(0.5)

    def _died(self, code: int | None) -> Neo4jServerError:
        exit_text = f"exit code {code}" if code is not None else "exit code unknown"
        return Neo4jServerError(
            f"Neo4j exited during start-up ({exit_text}); see {self.log_file} "
            f"and {self.console_log}:\n{self._log_tail()}"
        )

    def _log_tail(self, lines: int = 20) -> str:
        """Last lines the server printed in its latest start (console.log), else neo4j.log."""
        text = process.log_tail(self.console_log, lines=2000)
        latest = text.rsplit(START_MARKER, 1)[-1].split("\n", 1)[-1] if START_MARKER in text else ""
        tail = "\n".join(latest.splitlines()[-lines:])
        return tail or process.log_tail(self.log_file, lines) or "(no log output)"
