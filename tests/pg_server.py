"""A throwaway PostgreSQL server for the tests and the load test: Debian's
server binaries, ``initdb`` into a temporary folder as a non-root user
(PostgreSQL refuses to run as root), listening only on a unix socket in
that folder. ``Missing`` says why it cannot be had (no binaries, no such
user), so that the tests needing it skip with that reason."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count

#: the user the server runs as when we are root (Debian's package creates it)
PG_USER = "postgres"


class Missing(Exception):
    """PostgreSQL cannot be started here; the message says why."""


def binaries() -> str:
    """The folder holding initdb and pg_ctl (the newest Debian version first)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
                   if p.split("/")[4].isdigit() else 0, reverse=True)
    if found:
        return os.path.dirname(found[0])
    initdb = shutil.which("initdb")
    if initdb:
        return os.path.dirname(initdb)
    raise Missing("PostgreSQL's server binaries (initdb) are not installed: apt-get install postgresql")


def _as_user() -> list[str]:
    """The prefix that runs a command as a non-root user (none when we are not root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(PG_USER)
    except KeyError:
        raise Missing(f"running as root and there is no {PG_USER!r} user to run PostgreSQL as") from None
    return ["runuser", "-u", PG_USER, "--"]


class PgServer:
    """A running server in ``folder``; ``dsn(db)`` names one of its databases."""

    def __init__(self, folder: str, bin_dir: str, prefix: list[str]):
        self.folder = folder
        self.bin = bin_dir
        self.prefix = prefix
        self._names = count()

    def dsn(self, db: str = "postgres") -> str:
        return f"postgresql://{PG_USER}@/{db}?host={self.folder}"

    def new_database(self) -> str:
        """A fresh empty database, its address."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.dsn(name)

    def stop(self) -> None:
        subprocess.run([*self.prefix, f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-m", "immediate", "stop"],
                       capture_output=True, check=False)


@contextmanager
def postgres(fsync: bool = False) -> Iterator[PgServer]:
    """Start a server (fsync off by default: the tests kill server processes, never the machine)."""
    bin_dir = binaries()
    prefix = _as_user()
    folder = tempfile.mkdtemp(prefix="houserules-pg-")
    try:
        if prefix:
            shutil.chown(folder, PG_USER)
        os.chmod(folder, 0o755)
        run = subprocess.run([*prefix, f"{bin_dir}/initdb", "-D", f"{folder}/data", "-U", PG_USER, "--auth=trust",
                              "--no-sync", "-E", "UTF8"], capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise Missing(f"initdb failed: {run.stderr.strip()[-300:]}")
        opts = (f"-k {folder} -c listen_addresses='' -c max_connections=200 -c fsync={'on' if fsync else 'off'}")
        run = subprocess.run([*prefix, f"{bin_dir}/pg_ctl", "-D", f"{folder}/data", "-l", f"{folder}/log", "-w",
                              "-o", opts, "start"], capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise Missing(f"PostgreSQL did not start: {run.stderr.strip()[-300:]}")
        server = PgServer(folder, bin_dir, prefix)
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
