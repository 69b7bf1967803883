"""Atomic JSON files in the user's data folder, and what happens to a file that cannot be read."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
import yaml

from game.engine import Match
from game.engine.language import gettext

Restored = TypeVar("Restored")  # what a save is read back as (a session)
JsonObject = dict[str, Any]  # a JSON object as the json module reads and writes it (its content checked by its reader)

APP_NAME = "Trickhouse"
SAVE_FORMAT = "trickhouse-save/1"


def data_dir() -> Path:
    """The user's data folder (``TRICKHOUSE_DATA_DIR`` overrides it, for tests and portable installs)."""
    override = os.environ.get("TRICKHOUSE_DATA_DIR")
    return Path(override) if override else platformdirs.user_data_path(APP_NAME, appauthor=False)


def write_atomic(path: Path, data: JsonObject) -> None:
    """Write JSON so that a crash leaves either the old file or the new one, never a broken one."""
    write_text_atomic(path, json.dumps(data, separators=(",", ":")))


def write_text_atomic(path: Path, content: str) -> None:
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


class DamagedFile(ValueError):
    """A file that reads but is not what it should be: the store's own checks raise it (the engine's checks raise
    their own ValueErrors: RulesError, IllegalAction, ...)."""


# What a file that cannot be used raises: the system's refusal to read it, text that is not JSON or YAML, content
# that fails the checks (ValueError: DamagedFile, the engine's errors). A bug in the game raises something else
# (TypeError, KeyError, AttributeError, ...), which must surface as itself, never as a damaged file set aside.
UNUSABLE = (OSError, ValueError, yaml.YAMLError)


def read_json(path: Path) -> object:
    """The JSON in a file, for the caller to check (raises one of UNUSABLE)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:  # the parser's own limit: a file nested thousands deep is damaged, not a bug
        raise DamagedFile("it is nested too deeply to be a Trickhouse file") from None


def read_yaml(path: Path) -> object:
    """The YAML in a file, safely loaded, for the caller to check (raises one of UNUSABLE)."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except RecursionError:
        raise DamagedFile("it is nested too deeply to be a Trickhouse file") from None


def first_line(err: Exception) -> str:
    """What went wrong, in one line (a file's problem is named in one line)."""
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def _aside(path: Path, put: Callable[[Path], None]) -> Path:
    """``put(bad)`` puts what is kept aside at a new name beside ``path``, taken first (created empty) so that
    nothing else takes it: ``name.bad``, then ``name.1.bad``, ``name.2.bad``, ... so that a .bad file never
    replaces an earlier one. The new name."""
    number = 0
    while True:
        bad = path.with_name(f"{path.name}.bad" if number == 0 else f"{path.name}.{number}.bad")
        try:
            with open(bad, "x"):
                break
        except FileExistsError:
            number += 1
    try:
        put(bad)
    except OSError:  # the name taken is let go again
        bad.unlink(missing_ok=True)
        raise
    return bad


def set_aside(path: Path) -> Path:
    """Keep a file that could not be used under a new .bad name beside it (see ``_aside``), so nothing is lost."""
    return _aside(path, lambda bad: os.replace(path, bad))


def keep_aside(path: Path, data: JsonObject) -> Path:
    """Keep ``data`` (the part of ``path`` that could not be used) as JSON under a new .bad name beside it."""
    return _aside(path, lambda bad: write_atomic(bad, data))


class UnfinishedMatch(RuntimeError):
    """A save that would replace an unfinished match the player has not agreed to end: a fault in the caller, which
    must ask the player first (naming the match) and say ``ending=True`` only once they agree."""


def match_unfinished(saved: object) -> bool:
    """Whether a session's saved form holds a match that is not over (raises one of UNUSABLE if it holds none)."""
    if not isinstance(saved, dict):
        raise DamagedFile("not a saved match")
    return not Match.from_json(saved.get("match")).is_over


class SaveStore:
    """The match in progress: saved after every action, resumed by Continue.

    Nothing a player has not chosen to end is deleted: the file takes the saves of the match it was given last
    (``owner``: the object that plays it, its session, saved or resumed here), and any other match only over no
    match, a finished one or a damaged one (kept aside first); over an unfinished one, only with ``ending=True``,
    said once the player has agreed to end it. The store has no way to delete a save."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "match.json"
        self._owner: object | None = None  # what plays the match the file holds, once saved or resumed here

    def exists(self) -> bool:
        return self.path.is_file()

    def save(self, session_data: JsonObject, owner: object, ending: bool = False) -> None:
        """Keep ``owner``'s match (``session_data``, its saved form); raises UnfinishedMatch, leaving the file as it
        is, for a new match over an unfinished one unless ``ending``."""
        if owner is not self._owner:
            self._make_way(ending)
        write_atomic(self.path, {"format": SAVE_FORMAT, **session_data})
        self._owner = owner

    def _read(self) -> JsonObject:
        data = read_json(self.path)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise DamagedFile(f"not a Trickhouse save (expected format {SAVE_FORMAT})")
        return data

    def _make_way(self, ending: bool) -> None:
        """Before a new match's first save: a damaged file is kept aside, an unfinished match stays unless
        ``ending``."""
        if not self.exists():
            return
        try:
            unfinished = match_unfinished(self._read())
        except UNUSABLE:  # nothing to resume, but kept all the same
            set_aside(self.path)
            return
        if unfinished and not ending:
            raise UnfinishedMatch(f"{self.path} holds an unfinished match: the player must agree to end it first")

    def load(self, restore: Callable[[JsonObject], Restored]) -> tuple[Restored | None, str]:
        """``restore(data)`` turns the saved data into a session (raising ValueError if it is not valid, and nothing
        else for any data: another exception is a bug, raised as itself).
        Returns (session, "") — the session now owns the file, its saves go on in it — or (None, a one-line message
        naming the file and the problem)."""
        if not self.exists():
            return None, ""
        try:
            session = restore(self._read())
        except UNUSABLE as err:  # an unreadable or invalid save is set aside; it must never stop the game
            problem = first_line(err)
            bad = set_aside(self.path)
            return None, gettext("{path}: {problem}; it was kept as {bad} and a new game starts").format(
                path=self.path, problem=problem, bad=bad.name)
        self._owner = session  # resumed: its saves go on in the file
        return session, ""
