"""Resolve the Neo4j Community server jars from Maven Central, once, into a cache dir.

Layout: ``<dist_dir>/<version>/lib/*.jar`` plus a marker file written last, so an
interrupted download is redone and a complete one is reused without calling Maven.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from graphmem.errors import Neo4jServerError
from graphmem.neo4j_server.locks import file_lock

log = logging.getLogger(__name__)

MARKER_NAME = ".graphmem-dist-complete.json"
MAVEN_TIMEOUT_S = 1800.0

_POM_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>graphmem.local</groupId>
  <artifactId>neo4j-dist</artifactId>
  <version>{version}</version>
  <packaging>pom</packaging>
  <dependencies>
{dependencies}
  </dependencies>
</project>
"""


@dataclass(frozen=True)
class Distribution:
    """The resolved jars. ``downloaded`` is True only when this call ran Maven."""

    root: Path
    lib: Path
    version: str
    browser_version: str
    jar_count: int
    downloaded: bool


def coordinates(version: str, browser_version: str) -> list[tuple[str, str, str]]:
    """Maven ``(groupId, artifactId, version)`` triples of a runnable server."""
    return [
        ("org.neo4j", "neo4j", version),
        ("org.neo4j.app", "neo4j-server", version),
        ("org.neo4j", "neo4j-bolt", version),
        ("org.neo4j.client", "neo4j-browser", browser_version),
    ]


def render_pom(version: str, browser_version: str) -> str:
    """A packaging=pom project whose runtime dependencies are the server's jars."""
    deps = "\n".join(
        "    <dependency><groupId>{}</groupId><artifactId>{}</artifactId>"
        "<version>{}</version></dependency>".format(*(escape(part) for part in coord))
        for coord in coordinates(version, browser_version)
    )
    return _POM_TEMPLATE.format(version=escape(version), dependencies=deps)


def _marker_payload(version: str, browser_version: str) -> dict[str, object]:
    return {"coordinates": [list(c) for c in coordinates(version, browser_version)]}


def _read_complete(root: Path, version: str, browser_version: str) -> int | None:
    """Jar count of a complete, matching distribution in ``root``; None if absent."""
    marker = root / MARKER_NAME
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("coordinates") != _marker_payload(
        version, browser_version
    ).get("coordinates"):
        return None
    jar_count = sum(1 for _ in (root / "lib").glob("*.jar"))
    if jar_count == 0 or jar_count != data.get("jar_count"):
        return None
    return jar_count


def _run_maven(mvn: str, pom: Path, out_dir: Path) -> None:
    cmd = [
        mvn,
        "-q",
        "-B",
        "-f",
        str(pom),
        "dependency:copy-dependencies",
        f"-DoutputDirectory={out_dir}",
        "-DincludeScope=runtime",
    ]
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=MAVEN_TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise Neo4jServerError(
            f"Maven did not finish resolving Neo4j jars within {MAVEN_TIMEOUT_S:.0f}s"
        ) from exc
    except OSError as exc:
        raise Neo4jServerError(f"could not run Maven ({mvn}): {exc}") from exc
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-20:])
        raise Neo4jServerError(
            f"Maven failed (exit {proc.returncode}) resolving Neo4j jars with {pom}:\n{tail}"
        )


def resolve_distribution(
    dist_dir: Path, version: str, browser_version: str, *, mvn: str | None = None
) -> Distribution:
    """Return the cached jars for ``version``, running Maven first if they are missing."""
    dist_dir = dist_dir.expanduser().resolve()
    root = dist_dir / version
    lib = root / "lib"
    count = _read_complete(root, version, browser_version)
    if count is not None:
        return Distribution(root, lib, version, browser_version, count, downloaded=False)

    root.mkdir(parents=True, exist_ok=True)
    with file_lock(root / ".lock"):
        # Another process may have finished the download while we waited for the lock.
        count = _read_complete(root, version, browser_version)
        if count is not None:
            return Distribution(root, lib, version, browser_version, count, downloaded=False)

        mvn_path = mvn or shutil.which("mvn")
        if mvn_path is None:
            raise Neo4jServerError(
                f"Maven (mvn) is not on PATH; it is needed once to download the Neo4j "
                f"{version} jars from Maven Central into {root}"
            )
        (root / MARKER_NAME).unlink(missing_ok=True)
        pom = root / "pom.xml"
        pom.write_text(render_pom(version, browser_version), encoding="utf-8")
        partial = root / "lib.partial"
        shutil.rmtree(partial, ignore_errors=True)
        log.info("Resolving Neo4j %s jars from Maven Central into %s ...", version, lib)
        started = time.monotonic()
        _run_maven(mvn_path, pom, partial)
        count = sum(1 for _ in partial.glob("*.jar"))
        if not any(partial.glob("neo4j-server-*.jar")):
            raise Neo4jServerError(
                f"Maven finished but {partial} has no neo4j-server jar ({count} jars)"
            )
        shutil.rmtree(lib, ignore_errors=True)
        partial.rename(lib)
        payload = _marker_payload(version, browser_version) | {"jar_count": count}
        (root / MARKER_NAME).write_text(json.dumps(payload, indent=2), encoding="utf-8")
        log.info("Resolved %d jars in %.0fs", count, time.monotonic() - started)
        return Distribution(root, lib, version, browser_version, count, downloaded=True)
