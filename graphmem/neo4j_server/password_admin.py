"""The server side of the local password: checked before a start, set on a fresh data dir
by the admin tool, and changed over Bolt (`LocalNeo4j.rotate_password`)."""

from __future__ import annotations

import logging

from neo4j import GraphDatabase
from neo4j.exceptions import DriverError, Neo4jError

from graphmem.cypher_catalog import query
from graphmem.errors import ConfigurationError, Neo4jServerError
from graphmem.neo4j_server import process
from graphmem.neo4j_server.java import JavaRuntime
from graphmem.neo4j_server.layout import Layout
from graphmem.neo4j_server.passwords import initial_password_args, password_argfile
from graphmem.settings import INSECURE_DEV_PASSWORD, Neo4jSettings

log = logging.getLogger(__name__)

MIN_PASSWORD_LEN = 8


def will_generate_password(settings: Neo4jSettings) -> bool:
    """True if no password is set and none is stored yet: the first start makes one."""
    return settings.password is None and not settings.password_file.exists()


def check_password(settings: Neo4jSettings, layout: Layout) -> None:
    """Fail before anything starts: no usable password, or an old instance without one."""
    if will_generate_password(settings):
        if layout.initialised:
            raise _legacy_instance(settings, layout)
        return
    if len(settings.resolve_password().get_secret_value()) < MIN_PASSWORD_LEN:
        raise Neo4jServerError(
            f"the Neo4j password must have at least {MIN_PASSWORD_LEN} characters "
            "(set GRAPHMEM_NEO4J__PASSWORD)"
        )


def _legacy_instance(settings: Neo4jSettings, layout: Layout) -> ConfigurationError:
    file = settings.password_file
    return ConfigurationError(
        f"Neo4j in {layout.home} was set up before graphmem generated passwords: its "
        f"password is the public default {INSECURE_DEV_PASSWORD!r} (unless you had set "
        f"your own), and {file} does not exist. To keep the data and replace that "
        f"password by a random one stored in {file}, run once: "
        f"`GRAPHMEM_NEO4J__PASSWORD={INSECURE_DEV_PASSWORD} "
        "GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD=true graphmem neo4j rotate-password`. "
        "If you had set your own password, set GRAPHMEM_NEO4J__PASSWORD to it. To start "
        f"afresh instead, remove {layout.data_dir} (this deletes the stored memories)."
    )


def set_initial_password(
    layout: Layout, java: JavaRuntime, env: dict[str, str], password: str
) -> None:
    """Before the first start of a fresh data dir: the admin tool reads the password
    from a 0600 argument file (``@path``), so it is never on a command line."""
    if layout.initialised:
        return  # only possible before the first start of a fresh data dir
    log.info("Setting the initial password of user neo4j")
    with password_argfile(layout.home / "run", password) as argfile:
        process.run_java_tool(
            java.java,
            str(layout.home / "lib" / "*"),
            process.ADMIN_CLASS,
            initial_password_args(argfile),
            env,
            what="neo4j-admin dbms set-initial-password",
        )


def change_password(settings: Neo4jSettings, bolt_uri: str, old: str, new: str) -> None:
    """Change the password of ``settings.user`` on a running server."""
    try:
        with (
            GraphDatabase.driver(bolt_uri, auth=(settings.user, old)) as driver,
            driver.session(database="system") as session,
        ):
            # Auto-commit, no retries: a retry after success would fail on the old password.
            session.run(query("admin/change_password"), old=old, new=new).consume()
    except (DriverError, Neo4jError, OSError) as exc:
        raise Neo4jServerError(
            f"could not change the password of user {settings.user!r} on {bolt_uri}: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
