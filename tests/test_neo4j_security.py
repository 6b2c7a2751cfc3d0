"""The local Neo4j is not open to other local users, processes or web pages (issue 15, item 1).

A generated password in a 0600 file (never on a command line), the public default refused
without an opt-in, HTTP serving Browser only with CORS for its own origin, a minimal JVM
environment, and private directories and logs. Server tests start real Neo4j instances
under tmp_path, like tests/test_neo4j_server.py.
"""

from __future__ import annotations

import base64
import json
import socket
import stat
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import neo4j
import pytest
from neo4j.exceptions import AuthError
from pydantic import SecretStr
from typer.testing import CliRunner

from graphmem.cli import app
from graphmem.errors import ConfigurationError
from graphmem.neo4j_server import LocalNeo4j, process
from graphmem.neo4j_server import server as server_module
from graphmem.neo4j_server.conf import render_conf
from graphmem.neo4j_server.passwords import argfile_text, initial_password_args
from graphmem.settings import INSECURE_DEV_PASSWORD, Neo4jSettings, Settings

EVIL = "http://evil.example"
#: What the JVM may inherit: the allow-list, plus the three variables graphmem sets.
ALLOWED_ENV = {
    "PATH",
    "HOME",
    "LANG",
    "TZ",
    "TMPDIR",
    "USER",
    "NEO4J_HOME",
    "NEO4J_CONF",
    "JAVA_HOME",
}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(autouse=True)
def _no_password_in_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about where the password comes from: start from a clean slate."""
    monkeypatch.delenv("GRAPHMEM_NEO4J__PASSWORD", raising=False)
    monkeypatch.delenv("GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD", raising=False)


def _settings(home: Path, **update: object) -> Neo4jSettings:
    """Default settings (the default jar cache is reused) on free ports under ``home``."""
    values: dict[str, object] = {
        "home": home,
        "bolt_port": _free_port(),
        "http_port": _free_port(),
        "heap_size": "512m",
        "pagecache_size": "128m",
    }
    values.update(update)
    neo = Settings().neo4j.model_copy(update=values)
    return neo.model_copy(update={"uri": f"bolt://127.0.0.1:{neo.bolt_port}"})


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# -- where the password comes from ------------------------------------------------------


def test_settings_read_the_password_file_of_the_home(tmp_path: Path) -> None:
    neo = Neo4jSettings(home=tmp_path)
    assert neo.password is None and neo.password_file == tmp_path.resolve() / "password"
    neo.password_file.write_text("s3cret-from-file\n", encoding="utf-8")
    assert neo.resolve_password().get_secret_value() == "s3cret-from-file"
    explicit = neo.model_copy(update={"password": SecretStr("explicit-wins")})
    assert explicit.resolve_password().get_secret_value() == "explicit-wins"


def test_settings_take_the_password_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_NEO4J__HOME", str(tmp_path))
    assert Settings().neo4j.password is None
    monkeypatch.setenv("GRAPHMEM_NEO4J__PASSWORD", "from-the-env")
    assert Settings().neo4j.resolve_password().get_secret_value() == "from-the-env"


def test_no_password_anywhere_names_both_ways(tmp_path: Path) -> None:
    neo = Neo4jSettings(home=tmp_path)
    with pytest.raises(ConfigurationError) as err:
        neo.resolve_password()
    assert "GRAPHMEM_NEO4J__PASSWORD" in str(err.value)
    assert "graphmem neo4j start" in str(err.value)
    assert str(neo.password_file) in str(err.value)


@pytest.mark.parametrize("where", ["setting", "file"])
def test_the_public_default_password_is_refused_without_opt_in(tmp_path: Path, where: str) -> None:
    neo = Neo4jSettings(home=tmp_path)
    if where == "setting":
        neo = neo.model_copy(update={"password": SecretStr(INSECURE_DEV_PASSWORD)})
    else:
        neo.password_file.write_text(INSECURE_DEV_PASSWORD, encoding="utf-8")
    with pytest.raises(ConfigurationError, match="GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD=true"):
        neo.resolve_password()
    opted_in = neo.model_copy(update={"insecure_dev_password": True})
    assert opted_in.resolve_password().get_secret_value() == INSECURE_DEV_PASSWORD


def test_start_refuses_the_public_default_before_starting_anything(tmp_path: Path) -> None:
    server = LocalNeo4j(_settings(tmp_path, password=SecretStr(INSECURE_DEV_PASSWORD)))
    with pytest.raises(ConfigurationError, match="--insecure-dev-password"):
        server.start()
    assert not server.status().running
    assert not (tmp_path / "data").exists()


def test_cli_start_refuses_the_default_unless_the_flag_is_given(tmp_path: Path) -> None:
    env = {
        "GRAPHMEM_NEO4J__HOME": str(tmp_path / "home"),
        "GRAPHMEM_NEO4J__BOLT_PORT": str(_free_port()),
        "GRAPHMEM_NEO4J__HTTP_PORT": str(_free_port()),
        "GRAPHMEM_NEO4J__PASSWORD": INSECURE_DEV_PASSWORD,
        # With the password accepted, start stops at the missing Java: nothing is started.
        "GRAPHMEM_NEO4J__JAVA_HOME": str(tmp_path / "no-jdk"),
    }
    refused = CliRunner().invoke(app, ["neo4j", "start"], env=env)
    assert refused.exit_code == 1
    assert "public default 'graphmem-local-dev'" in refused.stderr
    assert "--insecure-dev-password" in refused.stderr
    allowed = CliRunner().invoke(app, ["neo4j", "start", "--insecure-dev-password"], env=env)
    assert allowed.exit_code == 1
    assert "no-jdk" in allowed.stderr and "graphmem-local-dev" not in allowed.stderr


def test_an_instance_set_up_with_the_old_default_gets_instructions(tmp_path: Path) -> None:
    server = LocalNeo4j(_settings(tmp_path))
    (tmp_path / "data" / "dbms").mkdir(parents=True)  # initialised, but no password file
    with pytest.raises(ConfigurationError) as err:
        server.start()
    message = str(err.value)
    assert "graphmem-local-dev" in message and "graphmem neo4j rotate-password" in message
    assert str(server.settings.password_file) in message
    assert not server.settings.password_file.exists()  # nothing generated for a stale data dir


# -- what the server is given ----------------------------------------------------------------


def test_the_initial_password_travels_in_an_argument_file() -> None:
    argfile = Path("/somewhere/run/.initial-password-x")
    assert initial_password_args(argfile) == ["dbms", "set-initial-password", f"@{argfile}"]
    assert argfile_text('a b"c\\d\n#e') == '--\n"a b\\"c\\\\d\\n#e"\n'


def test_conf_serves_browser_only_with_cors_for_its_own_origin(tmp_path: Path) -> None:
    lines = render_conf(_settings(tmp_path, http_port=27474), tmp_path).splitlines()
    assert "server.http_enabled_modules=BROWSER" in lines
    assert "dbms.security.http_access_control_allow_origin=http://127.0.0.1:27474" in lines


def test_the_jvm_environment_is_the_allow_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GRAPHMEM_LLM__API_KEY", "OPENAI_API_KEY", "JAVA_OPTS", "NEO4J_AUTH"):
        monkeypatch.setenv(name, "leak")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    env = process.neo4j_env(tmp_path, tmp_path / "jdk")
    assert "leak" not in env.values()
    assert set(env) - {"LC_ALL"} <= ALLOWED_ENV
    assert env["LC_ALL"] == "C.UTF-8" and env["NEO4J_HOME"] == str(tmp_path)


# -- a real server -----------------------------------------------------------------------


def _http(
    url: str, method: str = "GET", headers: dict[str, str] | None = None, body: Any = None
) -> tuple[int, dict[str, str], bytes]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def _query(server: LocalNeo4j, password: str) -> int:
    with neo4j.GraphDatabase.driver(server.bolt_uri, auth=("neo4j", password)) as driver:
        records, _, _ = driver.execute_query("RETURN 1 AS one")
    return int(records[0]["one"])


@pytest.fixture
def spied_admin_args(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The arguments of every Neo4j command-line tool run (the real tool still runs)."""
    calls: list[list[str]] = []
    real = process.run_java_tool

    def spy(
        java: Path, classpath: str, main_class: str, args: list[str], *rest: Any, **kwargs: Any
    ) -> str:
        calls.append([str(java), "-cp", classpath, main_class, *args])
        return real(java, classpath, main_class, args, *rest, **kwargs)

    monkeypatch.setattr(process, "run_java_tool", spy)
    return calls


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalNeo4j]:
    srv = LocalNeo4j(_settings(tmp_path / "neo4j"))
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.neo4j
@pytest.mark.slow
def test_first_start_is_private_and_http_lets_no_cypher_through(
    server: LocalNeo4j, spied_admin_args: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_LLM__API_KEY", "leak")
    monkeypatch.setenv("JAVA_OPTS", "-Xmx1m")  # would break the start if it got through
    pid = server.start().status.pid
    assert pid is not None

    # The generated password: in a 0600 file of a 0700 home, and the one the server uses.
    file = server.settings.password_file
    assert _mode(file) == 0o600
    password = server.settings.resolve_password().get_secret_value()
    assert len(password) >= 32
    assert _query(server, password) == 1
    with pytest.raises(AuthError):
        _query(server, INSECURE_DEV_PASSWORD)

    # It was never on a command line: not in the admin tool's argv, not in the server's.
    initial = [a for a in spied_admin_args if "set-initial-password" in a]
    assert len(initial) == 1
    assert not any(password in arg for call in spied_admin_args for arg in call)
    argfile = Path(initial[0][-1].removeprefix("@"))
    assert initial[0][-1].startswith("@") and not argfile.exists()  # removed right after
    assert password.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()

    # The JVM inherited nothing outside the allow-list.
    environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    names = {entry.split(b"=", 1)[0].decode() for entry in environ if entry}
    assert {n for n in names if not n.startswith("LC_")} <= ALLOWED_ENV
    assert not any(entry.endswith(b"=leak") for entry in environ)

    # Private directories and logs (the server runs with umask 077).
    for path in (server.home, server.home / "data", server.home / "logs"):
        assert _mode(path) == 0o700, path
    assert _mode(server.console_log) == 0o600
    logs = [p for p in (server.home / "logs").iterdir() if p.is_file()]
    assert server.log_file in logs
    assert all(_mode(p) & 0o077 == 0 for p in logs), [(p.name, oct(_mode(p))) for p in logs]

    _check_http(server, password)
    _check_rotate(server, password)


@pytest.mark.neo4j
@pytest.mark.slow
def test_a_password_that_starts_with_a_dash_is_not_read_as_an_option(
    server: LocalNeo4j, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Generated passwords are URL-safe, so one in 64 starts with ``-``: the admin tool must
    take it as the password, not as an unknown option (a clean CI clone once failed so)."""
    dashed = "-" + "x" * 31
    monkeypatch.setattr(server_module, "generate_password", lambda: dashed)
    server.start()
    assert server.settings.resolve_password().get_secret_value() == dashed
    assert _query(server, dashed) == 1


def _check_http(server: LocalNeo4j, password: str) -> None:
    base = f"http://127.0.0.1:{server.settings.http_port}"
    # Browser and its discovery document still load.
    status, _, page = _http(f"{base}/browser/")
    assert status == 200 and b"<title>Neo4j Browser</title>" in page
    status, _, body = _http(f"{base}/")
    assert status == 200 and json.loads(body)["bolt_direct"] == server.bolt_uri

    # A foreign page's preflight is not allowed.
    preflight = {
        "Origin": EVIL,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
    }
    for path in ("/db/neo4j/tx/commit", "/db/neo4j/query/v2", "/"):
        _, headers, _ = _http(f"{base}{path}", "OPTIONS", preflight)
        assert headers.get("Access-Control-Allow-Origin") not in ("*", EVIL), (path, headers)

    # Cypher over HTTP, even with the right password, returns nothing.
    token = base64.b64encode(f"neo4j:{password}".encode()).decode()
    headers = {
        "Origin": EVIL,
        "Authorization": f"Basic {token}",
        "Content-Type": "application/json",
        "Accept": "application/json",
    }
    for path, body in (
        ("/db/neo4j/tx/commit", {"statements": [{"statement": "RETURN 'secret' AS x"}]}),
        ("/db/neo4j/query/v2", {"statement": "RETURN 'secret' AS x"}),
    ):
        status, resp_headers, data = _http(f"{base}{path}", "POST", headers, body)
        assert status == 404, (path, status, data)
        assert b"secret" not in data
        assert resp_headers.get("Access-Control-Allow-Origin") not in ("*", EVIL)


def _check_rotate(server: LocalNeo4j, old: str) -> None:
    assert server.rotate_password() == server.settings.password_file
    new = server.settings.resolve_password().get_secret_value()
    assert new != old and _mode(server.settings.password_file) == 0o600
    assert _query(server, new) == 1
    with pytest.raises(AuthError):
        _query(server, old)


@pytest.mark.neo4j
@pytest.mark.slow
def test_an_instance_on_the_old_default_moves_to_a_generated_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Set up the way earlier versions did: the public default, no password file.
    legacy = _settings(
        tmp_path / "neo4j", password=SecretStr(INSECURE_DEV_PASSWORD), insecure_dev_password=True
    )
    server = LocalNeo4j(legacy)
    try:
        server.start()
        server.stop()
        assert not legacy.password_file.exists()
        plain = LocalNeo4j(
            legacy.model_copy(update={"password": None, "insecure_dev_password": False})
        )
        with pytest.raises(ConfigurationError, match="rotate-password"):
            plain.start()

        # The documented way out (the server is started by the command itself).
        env = {
            "GRAPHMEM_NEO4J__HOME": str(legacy.home),
            "GRAPHMEM_NEO4J__BOLT_PORT": str(legacy.bolt_port),
            "GRAPHMEM_NEO4J__HTTP_PORT": str(legacy.http_port),
            "GRAPHMEM_NEO4J__HEAP_SIZE": legacy.heap_size,
            "GRAPHMEM_NEO4J__PAGECACHE_SIZE": legacy.pagecache_size,
            "GRAPHMEM_NEO4J__PASSWORD": INSECURE_DEV_PASSWORD,
            "GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD": "true",
        }
        result = CliRunner().invoke(app, ["neo4j", "rotate-password"], env=env)
        assert result.exit_code == 0, result.output
        assert str(legacy.password_file) in result.stdout
        assert "unset it" in result.stdout  # the env password would override the file
        assert _mode(legacy.password_file) == 0o600

        generated = plain.settings.resolve_password().get_secret_value()
        assert generated not in result.output
        assert _query(plain, generated) == 1
        with pytest.raises(AuthError):
            _query(plain, INSECURE_DEV_PASSWORD)
        assert plain.start().already_running  # plain settings now work as they are
    finally:
        server.stop()


@pytest.mark.neo4j
@pytest.mark.slow
def test_an_explicit_password_with_quotes_and_spaces_survives_the_argument_file(
    tmp_path: Path,
) -> None:
    password = "pa ss\"wo\\rd #@x 'y'"
    server = LocalNeo4j(_settings(tmp_path / "neo4j", password=SecretStr(password)))
    try:
        server.start()
        assert _query(server, password) == 1
        assert not server.settings.password_file.exists()  # an explicit password is not stored
    finally:
        server.stop()
