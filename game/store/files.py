"""Atomic JSON files in the user's data folder, and what happens to a file that cannot be read."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import platformdirs

APP_NAME = "Trickhouse"
SAVE_FORMAT = "trickhouse-save/1"


def data_dir() -> Path:
    """The user's data folder (``TRICKHOUSE_DATA_DIR`` overrides it, for tests and portable installs)."""
    override = os.environ.get("TRICKHOUSE_DATA_DIR")
    return Path(override) if override else platformdirs.user_data_path(APP_NAME, appauthor=False)


def write_atomic(path: Path, data: dict):
    """Write JSON so that a crash leaves either the old file or the new one, never a broken one."""
    write_text_atomic(path, json.dumps(data, separators=(",", ":")))


def write_text_atomic(path: Path, content: str):
    """Write through a temporary file in the same folder and rename it over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def first_line(err: Exception) -> str:
    """What went wrong, in one line (a file's problem is named in one line)."""
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def set_aside(path: Path) -> Path:
    """Keep a file that could not be read as ``name.bad`` (replacing an older .bad) so nothing is lost."""
    bad = path.with_name(path.name + ".bad")
    os.replace(path, bad)
    return bad


class SaveStore:
    """The match in progress: saved after every action, resumed by Continue."""

    def __init__(self, folder: Path | None = None):
        self.path = (folder or data_dir()) / "match.json"

    def exists(self) -> bool:
        return self.path.is_file()

    def save(self, session_data: dict):
        write_atomic(self.path, {"format": SAVE_FORMAT, **session_data})

    def clear(self):
        self.path.unlink(missing_ok=True)

    def load(self, restore) -> tuple[object | None, str]:
        """``restore(data)`` turns the saved data into a session (raising ValueError if it is not valid).
        Returns (session, "") or (None, a one-line message naming the file and the problem)."""
        if not self.exists():
            return None, ""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise ValueError(f"not a Trickhouse save (expected format {SAVE_FORMAT})")
            return restore(data), ""
        except Exception as err:  # any unreadable or invalid save is set aside; it must never stop the game
            problem = first_line(err)
            bad = set_aside(self.path)
            return None, f"{self.path}: {problem}; it was kept as {bad.name} and a new game starts"
