"""Process-level helpers: launcher command, spawning, pid files, ports, signals, logs."""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import signal
import socket
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

from graphmem.errors import Neo4jServerError

LAUNCHER_CLASS = "org.neo4j.server.startup.Neo4jCommand"
ADMIN_CLASS = "org.neo4j.server.startup.Neo4jAdminCommand"
SERVER_MAIN_PREFIX = "org.neo4j.server."
#: The only variables the JVM inherits (plus ``LC_*``): no API keys, no JAVA_OPTS/HEAP_SIZE/
#: CLASSPATH (they would replace the JVM flags from neo4j.conf), no NEO4J_* overrides.
ENV_ALLOW = frozenset({"PATH", "HOME", "LANG", "TZ", "TMPDIR", "USER"})
ENV_ALLOW_PREFIXES = ("LC_",)
#: Files the launcher, the admin tool and the server create are private to the owner.
PRIVATE_UMASK = 0o077


def env_allowed(name: str) -> bool:
    """True if the Neo4j processes may inherit the variable ``name``."""
    return name in ENV_ALLOW or name.startswith(ENV_ALLOW_PREFIXES)


def neo4j_env(home: Path, java_home: Path) -> dict[str, str]:
    """A minimal environment for the Neo4j launcher and server: the allow-list, this
    instance's home and conf, and the Java home."""
    env = {k: v for k, v in os.environ.items() if env_allowed(k)}
    env["NEO4J_HOME"] = str(home)
    env["NEO4J_CONF"] = str(home / "conf")
    env["JAVA_HOME"] = str(java_home)
    return env


def run_java_tool(
    java: Path,
    classpath: str,
    main_class: str,
    args: list[str],
    env: Mapping[str, str],
    *,
    what: str,
    timeout_s: float = 120.0,
) -> str:
    """Run a Neo4j command-line class; return stdout, or raise with its output tail."""
    cmd = [str(java), "-cp", classpath, main_class, *args]
    try:
        proc = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            env=dict(env),
            timeout=timeout_s,
            check=False,
            stdin=subprocess.DEVNULL,
            umask=PRIVATE_UMASK,
        )
    except subprocess.TimeoutExpired as exc:
        raise Neo4jServerError(f"{what} did not finish within {timeout_s:.0f}s") from exc
    except OSError as exc:
        raise Neo4jServerError(f"{what} could not run {java}: {exc}") from exc
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-20:])
        raise Neo4jServerError(f"{what} failed (exit {proc.returncode}):\n{tail}")
    return proc.stdout


def server_command(java: Path, home: Path, env: Mapping[str, str]) -> list[str]:
    """Ask the Neo4j launcher (``console --dry-run``) for the exact server JVM command."""
    out = run_java_tool(
        java,
        str(home / "lib" / "*"),
        LAUNCHER_CLASS,
        ["console", "--dry-run"],
        env,
        what="Neo4j launcher (console --dry-run)",
    )
    lines = [line for line in out.splitlines() if line.strip()]
    if not lines:
        raise Neo4jServerError("Neo4j launcher --dry-run printed no command")
    cmd = shlex.split(lines[-1])
    if not any(part.startswith(SERVER_MAIN_PREFIX) for part in cmd):
        raise Neo4jServerError(f"unexpected Neo4j launcher output: {lines[-1][:300]}")
    return cmd


def spawn_detached(cmd: list[str], env: Mapping[str, str], cwd: Path, log_file: Path) -> int:
    """Start ``cmd`` in a new session with stdout+stderr appended to ``log_file``.

    Uses ``posix_spawn`` rather than ``subprocess.Popen`` so no Popen object warns
    "still running" when it is garbage-collected: the server outlives its starter.
    """
    log_file.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, str(log_file), flags, 0o600),
        (os.POSIX_SPAWN_DUP2, 1, 2),
    ]
    # posix_spawn has neither cwd nor umask parameters: `sh` sets both, then exec keeps the
    # pid. The umask keeps Neo4j's own logs private; the cwd is where JVM crash files
    # (hs_err_pid*.log) land.
    # `cd` sets PWD and OLDPWD; unset them so the environment stays the allow-list.
    script = f'umask {PRIVATE_UMASK:03o} && cd "$0" && unset PWD OLDPWD && exec "$@"'
    argv = ["/bin/sh", "-c", script, str(cwd), *cmd]
    try:
        return os.posix_spawn(argv[0], argv, dict(env), file_actions=actions, setsid=True)
    except OSError as exc:
        raise Neo4jServerError(f"could not start {cmd[0]}: {exc}") from exc


def exit_code(pid: int) -> int | None:
    """Reap ``pid`` if it is our exited child and return its exit code, else None."""
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return None
    return os.waitstatus_to_exitcode(status) if done == pid else None


def pid_alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (reaps it if it is our child)."""
    if exit_code(pid) is not None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        if stat.rsplit(")", 1)[-1].split()[0] == "Z":
            exit_code(pid)  # it turned zombie after the first check: reap it if it is ours
            return False
    return True


def is_neo4j_of(pid: int, home: Path) -> bool:
    """Best effort: is ``pid`` a Neo4j server whose home dir is ``home``?"""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return pid_alive(pid)  # no /proc (macOS): trust the pid file
    args = [a.decode(errors="replace") for a in argv]
    return any(a.startswith(SERVER_MAIN_PREFIX) for a in args) and (f"--home-dir={home}" in args)


def read_pid(pid_file: Path) -> int | None:
    """The pid in ``pid_file``; None if missing or garbage."""
    try:
        return int(pid_file.read_text().strip())
    except (OSError, ValueError):
        return None


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    """True if a listening socket could not be bound on ``host:port``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        # Like the JVM, tolerate TIME_WAIT leftovers of a server that just stopped.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return True
            raise
    return False


def terminate(pid: int, timeout_s: float) -> bool:
    """SIGTERM ``pid`` and wait for it; SIGKILL after ``timeout_s``. True if killed."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    if wait_exit(pid, timeout_s):
        return False
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    if not wait_exit(pid, 10.0):
        raise Neo4jServerError(f"Neo4j process {pid} survived SIGKILL")
    return True


def wait_exit(pid: int, timeout_s: float) -> bool:
    """Poll until ``pid`` is gone; False on timeout."""
    deadline = time.monotonic() + timeout_s
    while pid_alive(pid):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.2)
    return True


def log_tail(path: Path, lines: int = 20) -> str:
    """The last ``lines`` lines of a text file ('' if unreadable)."""
    try:
        with path.open("rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - 64 * 1024))
            data = fh.read().decode(errors="replace")
    except OSError:
        return ""
    return "\n".join(data.splitlines()[-lines:])
