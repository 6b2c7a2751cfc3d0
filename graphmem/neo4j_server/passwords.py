"""The local server's password: generated once, kept in a 0600 file, never on a command line.

`Neo4jSettings.resolve_password` reads the file; this module only writes it, and hands the
password to ``neo4j-admin dbms set-initial-password`` through a picocli argument file
(``@path``), which the admin tool expands, so ``ps`` never shows it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

from graphmem.errors import Neo4jServerError

PASSWORD_BYTES = 24  # 32 URL-safe characters
PRIVATE_FILE_MODE = 0o600
PRIVATE_DIR_MODE = 0o700


def generate_password() -> str:
    """A fresh random password (URL-safe characters only)."""
    return secrets.token_urlsafe(PASSWORD_BYTES)


def make_private_dir(path: Path) -> None:
    """Create ``path`` (and parents) and make it 0700, also when it already existed."""
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR_MODE)
    path.chmod(PRIVATE_DIR_MODE)


def write_private_file(path: Path, text: str, *, replace: bool = False) -> None:
    """Write ``text`` to a new file created 0600 (never readable by others, not even briefly).

    Without ``replace`` an existing file is an error, so a password is never overwritten.
    """
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if replace else os.O_EXCL)
    try:
        fd = os.open(path, flags, PRIVATE_FILE_MODE)
    except FileExistsError as exc:
        raise Neo4jServerError(f"{path} already exists; not overwriting it") from exc
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        os.fchmod(fd, PRIVATE_FILE_MODE)  # O_TRUNC keeps an old file's mode
        fh.write(text)


def argfile_text(password: str) -> str:
    """``password`` as one double-quoted picocli argument-file token (escapes ``\\ " CR LF``)."""
    escaped = (
        password.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    )
    # ``--`` ends the options, so a password starting with ``-`` is not read as one.
    return f'--\n"{escaped}"\n'


def initial_password_args(argfile: Path) -> list[str]:
    """The ``neo4j-admin`` arguments that set the initial password from ``argfile``."""
    return ["dbms", "set-initial-password", f"@{argfile}"]


@contextlib.contextmanager
def password_argfile(directory: Path, password: str) -> Iterator[Path]:
    """A 0600 argument file holding ``password`` in ``directory``, removed after the block."""
    path = directory / f".initial-password-{secrets.token_hex(8)}"
    write_private_file(path, argfile_text(password))
    try:
        yield path
    finally:
        path.unlink(missing_ok=True)
