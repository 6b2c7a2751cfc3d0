"""Find a Java runtime recent enough for Neo4j (2026.x needs Java 21+)."""

from __future__ import annotations

import logging
import os
import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graphmem.errors import Neo4jServerError

log = logging.getLogger(__name__)

MIN_JAVA_MAJOR = 21

#: Directories whose sub-directories are JDK/JRE homes on common systems.
DEFAULT_JVM_ROOTS: tuple[Path, ...] = (
    Path("/usr/lib/jvm"),
    Path("/usr/local/lib/jvm"),
    Path("/usr/java"),
    Path("/opt/java"),
    Path("/Library/Java/JavaVirtualMachines"),
    Path.home() / ".sdkman" / "candidates" / "java",
)

_VERSION_RE = re.compile(r'version "([^"]+)"')


@dataclass(frozen=True)
class JavaRuntime:
    """A Java installation: its home, the `java` executable and its version."""

    home: Path
    java: Path
    version: str
    major: int


def parse_java_version(output: str) -> tuple[str, int]:
    """Return ``(version, major)`` from ``java -version`` output (``"1.8.0_1"`` → 8)."""
    match = _VERSION_RE.search(output)
    if match is None:
        raise ValueError(f"no version in java -version output: {output[:200]!r}")
    version = match.group(1)
    parts = version.split(".")
    head = parts[1] if parts[0] == "1" and len(parts) > 1 else parts[0]
    digits = re.match(r"\d+", head)
    if digits is None:
        raise ValueError(f"unparseable java version {version!r}")
    return version, int(digits.group(0))


def probe_java_home(home: Path) -> JavaRuntime | None:
    """Run ``<home>/bin/java -version``; None when there is no working JVM there."""
    java = home / "bin" / "java"
    if not java.is_file() or not os.access(java, os.X_OK):
        return None
    try:
        proc = subprocess.run(
            [str(java), "-version"], capture_output=True, text=True, timeout=30, check=False
        )
        version, major = parse_java_version(proc.stderr + proc.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        log.debug("java at %s is unusable: %s", java, exc)
        return None
    return JavaRuntime(home=home, java=java, version=version, major=major)


def _candidate_homes(roots: Sequence[Path]) -> list[Path]:
    homes: list[Path] = []
    for root in roots:
        try:
            children = sorted(root.iterdir())
        except OSError:
            continue
        for child in children:
            mac_home = child / "Contents" / "Home"  # macOS bundle layout
            homes.append(mac_home if mac_home.is_dir() else child)
    return homes


def find_java(
    java_home: Path | None = None,
    *,
    search: bool = True,
    jvm_roots: Sequence[Path] = DEFAULT_JVM_ROOTS,
    min_major: int = MIN_JAVA_MAJOR,
) -> JavaRuntime:
    """Pick the Java runtime to run Neo4j with.

    An explicit ``java_home`` is authoritative: it must hold Java >= ``min_major``.
    Otherwise (and only when ``search`` is true) try ``$JAVA_HOME``, then the newest
    Java >= ``min_major`` found under ``jvm_roots``.
    """
    if java_home is not None:
        runtime = probe_java_home(java_home.expanduser())
        if runtime is None:
            raise Neo4jServerError(
                f"java_home {java_home} has no working bin/java "
                "(set GRAPHMEM_NEO4J__JAVA_HOME to a Java >= "
                f"{min_major} installation, or unset it to search)"
            )
        if runtime.major < min_major:
            raise Neo4jServerError(
                f"java_home {java_home} is Java {runtime.version}; "
                f"Neo4j needs Java {min_major} or newer"
            )
        return runtime

    found: list[JavaRuntime] = []
    if search:
        env_home = os.environ.get("JAVA_HOME")
        if env_home:
            runtime = probe_java_home(Path(env_home))
            if runtime is not None and runtime.major >= min_major:
                return runtime
            if runtime is not None:
                found.append(runtime)
                log.info("ignoring JAVA_HOME=%s (Java %s)", env_home, runtime.version)
        seen: set[Path] = set()
        for home in _candidate_homes(jvm_roots):
            real = home.resolve()
            if real in seen:
                continue
            seen.add(real)
            runtime = probe_java_home(home)
            if runtime is not None:
                found.append(runtime)
        usable = [r for r in found if r.major >= min_major]
        if usable:
            return max(usable, key=lambda r: (r.major, r.version))

    if not search:
        where = "Java search is disabled and no java_home was given"
    elif found:
        where = "found only: " + ", ".join(f"Java {r.version} at {r.home}" for r in found)
    else:
        where = "found no Java at $JAVA_HOME or under " + ", ".join(str(r) for r in jvm_roots)
    raise Neo4jServerError(
        f"no Java runtime >= {min_major} for Neo4j ({where}); install a JDK {min_major}+ "
        "or set GRAPHMEM_NEO4J__JAVA_HOME"
    )
