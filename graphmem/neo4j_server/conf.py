"""Render ``<home>/conf/neo4j.conf`` from settings (rewritten on every start)."""

from __future__ import annotations

from pathlib import Path

from graphmem.settings import Neo4jSettings

LOOPBACK = "127.0.0.1"

#: JVM flags Neo4j needs on recent JDKs; the vector module speeds up vector indexes.
JVM_ADDITIONAL: tuple[str, ...] = (
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-modules=jdk.incubator.vector",
    "--enable-native-access=ALL-UNNAMED",
)


def render_conf(settings: Neo4jSettings, home: Path) -> str:
    """The neo4j.conf text for a loopback-only server whose state lives under ``home``."""
    lines = [
        "# Written by graphmem on every `graphmem neo4j start`; edits are overwritten.",
        f"server.default_listen_address={LOOPBACK}",
        f"server.bolt.listen_address={LOOPBACK}:{settings.bolt_port}",
        f"server.http.listen_address={LOOPBACK}:{settings.http_port}",
        # Advertised addresses feed the discovery document the Browser connects with.
        f"server.default_advertised_address={LOOPBACK}",
        f"server.bolt.advertised_address={LOOPBACK}:{settings.bolt_port}",
        f"server.http.advertised_address={LOOPBACK}:{settings.http_port}",
        "server.https.enabled=false",
        # The HTTP port serves Browser only: no Cypher over HTTP (transactional endpoint,
        # Query API), and CORS allows only its own origin (Neo4j's default is `*`).
        "server.http_enabled_modules=BROWSER",
        f"dbms.security.http_access_control_allow_origin=http://{LOOPBACK}:{settings.http_port}",
        "dbms.security.auth_enabled=true",
        f"server.memory.heap.initial_size={settings.heap_size}",
        f"server.memory.heap.max_size={settings.heap_size}",
        f"server.memory.pagecache.size={settings.pagecache_size}",
        "dbms.usage_report.enabled=false",
        "db.transaction.timeout=60s",
        "db.lock.acquisition.timeout=30s",
        f"server.directories.data={home / 'data'}",
        f"server.directories.logs={home / 'logs'}",
        f"server.directories.run={home / 'run'}",
    ]
    lines += [f"server.jvm.additional={flag}" for flag in JVM_ADDITIONAL]
    return "\n".join(lines) + "\n"


def write_conf(settings: Neo4jSettings, home: Path) -> Path:
    """Write ``<home>/conf/neo4j.conf`` and return its path."""
    conf_dir = home / "conf"
    conf_dir.mkdir(parents=True, exist_ok=True)
    path = conf_dir / "neo4j.conf"
    path.write_text(render_conf(settings, home), encoding="utf-8")
    return path
