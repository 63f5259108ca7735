"""Where houserules keeps a user's things (saved games, the server's database)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """``$HOUSERULES_HOME``, else ``$XDG_DATA_HOME/houserules``, else ``~/.local/share/houserules``."""
    home = os.environ.get("HOUSERULES_HOME")
    if home:
        path = Path(home)
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "houserules"
    path.mkdir(parents=True, exist_ok=True)
    return path


def games_dir() -> Path:
    path = data_dir() / "games"
    path.mkdir(parents=True, exist_ok=True)
    return path
