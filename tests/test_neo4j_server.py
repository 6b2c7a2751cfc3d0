"""The local Neo4j server provisioning (`graphmem.neo4j_server`) and `graphmem neo4j` CLI.

Server tests start real Neo4j instances on free ports with their state under tmp_path,
reusing the default jar cache (settings.neo4j.dist_dir), so Maven runs at most once.
"""

from __future__ import annotations

import json
import socket
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from graphmem import Memory
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.cli import app
from graphmem.errors import Neo4jServerError
from graphmem.neo4j_server import LocalNeo4j, find_java
from graphmem.neo4j_server.conf import render_conf
from graphmem.neo4j_server.dist import MARKER_NAME, render_pom
from graphmem.neo4j_server.java import parse_java_version
from graphmem.neo4j_server.process import is_neo4j_of
from graphmem.ports.embedder import Embedder
from graphmem.settings import Neo4jSettings, Settings


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _settings(home: Path, **update: object) -> Neo4jSettings:
    """Default settings (so the default jar cache is reused) on free ports under ``home``."""
    base = Settings().neo4j
    values: dict[str, object] = {
        "home": home,
        "bolt_port": _free_port(),
        "http_port": _free_port(),
        "heap_size": "512m",
        "pagecache_size": "128m",
    }
    values.update(update)
    return base.model_copy(update=values)


# -- Java discovery ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("output", "major"),
    [
        ('openjdk version "25.0.3" 2026-04-21 LTS', 25),
        ('openjdk version "17.0.15" 2025-04-15', 17),
        ('java version "1.8.0_381"', 8),
        ('openjdk version "21-ea" 2023-09-19', 21),
    ],
)
def test_parse_java_version(output: str, major: int) -> None:
    assert parse_java_version(output)[1] == major


def test_find_java_picks_java_21_or_newer() -> None:
    runtime = find_java()
    assert runtime.major >= 21
    assert runtime.java.is_file()


def test_explicit_java_home_without_jvm_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(Neo4jServerError, match=r"java_home .* has no working bin/java"):
        find_java(tmp_path)


def test_no_java_found_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(Neo4jServerError, match=r"no Java runtime >= 21 .*found no Java"):
        find_java(jvm_roots=[tmp_path])
    with pytest.raises(Neo4jServerError, match=r"search is disabled"):
        find_java(search=False)


def test_start_without_java_fails_before_starting_anything(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "home", java_home=tmp_path / "no-jdk")
    server = LocalNeo4j(settings, search_java=False)
    with pytest.raises(Neo4jServerError, match="no-jdk"):
        server.start()
    assert not server.status().running
    assert not server.pid_file.exists()


# -- configuration -------------------------------------------------------------------


def test_conf_has_ports_and_loopback_only(tmp_path: Path) -> None:
    settings = _settings(tmp_path, bolt_port=27687, http_port=27474)
    conf = render_conf(settings, tmp_path)
    lines = conf.splitlines()
    assert "server.default_listen_address=127.0.0.1" in lines
    assert "server.bolt.listen_address=127.0.0.1:27687" in lines
    assert "server.http.listen_address=127.0.0.1:27474" in lines
    assert "server.bolt.advertised_address=127.0.0.1:27687" in lines
    assert "server.https.enabled=false" in lines
    assert "dbms.security.auth_enabled=true" in lines
    assert f"server.directories.data={tmp_path / 'data'}" in lines
    assert "0.0.0.0" not in conf


def test_pom_lists_server_and_browser() -> None:
    pom = render_pom("2026.08.1", "5.24.0")
    assert "<artifactId>neo4j-server</artifactId><version>2026.08.1</version>" in pom
    assert "<artifactId>neo4j-browser</artifactId><version>5.24.0</version>" in pom


# -- ports -----------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["bolt", "http"])
def test_port_taken_is_a_clear_error(tmp_path: Path, which: str) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as blocker:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        port = int(blocker.getsockname()[1])
        server = LocalNeo4j(_settings(tmp_path, **{f"{which}_port": port}))
        with pytest.raises(Neo4jServerError, match=rf"port {port} \({which}\)"):
            server.start()
    assert not server.status().running


# -- CLI -------------------------------------------------------------------------------


@pytest.fixture
def cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cli-home"
    monkeypatch.setenv("GRAPHMEM_NEO4J__HOME", str(home))
    monkeypatch.setenv("GRAPHMEM_NEO4J__BOLT_PORT", str(_free_port()))
    monkeypatch.setenv("GRAPHMEM_NEO4J__HTTP_PORT", str(_free_port()))
    return home


def test_cli_status_of_a_stopped_server(cli_env: Path) -> None:
    result = CliRunner().invoke(app, ["neo4j", "status", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["running"] is False
    assert data["home"] == str(cli_env.resolve())
    text = CliRunner().invoke(app, ["neo4j", "status"])
    assert "stopped" in text.stdout
    assert "/browser/" in text.stdout


def test_cli_stop_when_not_running(cli_env: Path) -> None:
    result = CliRunner().invoke(app, ["neo4j", "stop"])
    assert result.exit_code == 0
    assert "not running" in result.stdout


def test_cli_error_is_one_line_and_exit_1(cli_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as blocker:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        port = int(blocker.getsockname()[1])
        monkeypatch.setenv("GRAPHMEM_NEO4J__BOLT_PORT", str(port))
        result = CliRunner().invoke(app, ["neo4j", "start"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: port {port} (bolt) on 127.0.0.1 is already in use by another process; "
        "stop it or choose another port with GRAPHMEM_NEO4J__BOLT_PORT"
    ]
    assert "Traceback" not in result.output


# -- a real server -----------------------------------------------------------------------


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalNeo4j]:
    srv = LocalNeo4j(_settings(tmp_path / "neo4j"))
    try:
        yield srv
    finally:
        srv.stop()


def _memory_settings(srv: LocalNeo4j) -> Settings:
    return Settings().model_copy(
        update={"neo4j": srv.settings.model_copy(update={"uri": srv.bolt_uri})}
    )


def _store_memory(srv: LocalNeo4j, embedder: Embedder) -> str:
    """Migrate the fresh server and store a memory through the Python API."""
    settings = _memory_settings(srv)
    driver = make_driver(settings.neo4j)
    try:
        schema.migrate(driver, settings.neo4j.database, embedder.dimension, embedder.name)
        with Memory(settings, driver=driver, embedder=embedder) as memory:
            return (
                memory.add("Kept across a restart.", user_id="restart", infer=False).results[0].id
            )
    finally:
        driver.close()


def _read_memory(srv: LocalNeo4j, embedder: Embedder, memory_id: str) -> str:
    settings = _memory_settings(srv)
    with Memory(settings, embedder=embedder) as memory:
        return memory.get(memory_id).text


@pytest.mark.neo4j
@pytest.mark.slow
def test_start_write_stop_start_keeps_data_and_reuses_jars(
    server: LocalNeo4j, embedder: Embedder
) -> None:
    first = server.start()
    status = first.status
    assert status.running and status.pid is not None
    assert status.bolt_uri == f"bolt://127.0.0.1:{server.settings.bolt_port}"
    assert server.bolt_answers()
    assert (server.home / "lib").resolve() == server.ensure_distribution().lib.resolve()

    # Neo4j Browser is served, and its discovery document points at our Bolt port.
    http = f"http://127.0.0.1:{server.settings.http_port}"
    with urllib.request.urlopen(f"{http}/browser/", timeout=10) as resp:
        assert resp.status == 200
        assert "<title>Neo4j Browser</title>" in resp.read().decode()
    with urllib.request.urlopen(f"{http}/", timeout=10) as resp:
        discovery = json.loads(resp.read())
    assert discovery["bolt_direct"] == status.bolt_uri
    assert discovery["neo4j_version"] == server.settings.version

    stored = _store_memory(server, embedder)

    again = server.start()  # already running: a no-op
    assert again.already_running and again.status.pid == status.pid
    assert server.ensure_running().pid == status.pid

    stopped = server.stop()
    assert stopped.was_running and not stopped.killed
    assert not server.status().running
    assert not server.pid_file.exists()
    assert not server.stop().was_running
    # pids wrap quickly here (pid_max 32768, JVM threads use them too): check the pid no
    # longer names our server rather than that /proc/<pid> is gone.
    assert not is_neo4j_of(status.pid, server.home)

    dist = server.ensure_distribution()
    marker_mtime = (dist.root / MARKER_NAME).stat().st_mtime_ns
    second = server.start()
    assert not second.already_running
    assert second.distribution_downloaded is False  # Maven was not called
    assert (dist.root / MARKER_NAME).stat().st_mtime_ns == marker_mtime
    assert second.status.pid != status.pid
    assert _read_memory(server, embedder, stored) == "Kept across a restart."
    _check_cli_status_and_stop(server, second.status.pid)


def _check_cli_status_and_stop(server: LocalNeo4j, pid: int | None) -> None:
    env = {
        "GRAPHMEM_NEO4J__HOME": str(server.home),
        "GRAPHMEM_NEO4J__BOLT_PORT": str(server.settings.bolt_port),
        "GRAPHMEM_NEO4J__HTTP_PORT": str(server.settings.http_port),
    }
    result = CliRunner().invoke(app, ["neo4j", "status", "--json"], env=env)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["running"] is True
    assert data["pid"] == pid
    assert data["bolt_uri"] == server.bolt_uri
    assert data["browser_url"] == server.browser_url
    assert data["version"] == server.settings.version
    assert data["log_file"].endswith("logs/neo4j.log")

    result = CliRunner().invoke(app, ["neo4j", "stop"], env=env)
    assert result.exit_code == 0, result.output
    assert f"(pid {pid}) stopped" in result.stdout
    assert not server.status().running
