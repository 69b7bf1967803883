"""The match history and the hand reviews already worked out (issue 18), in the user's data folder.

``history.json`` keeps the last 50 finished matches as they were saved (the match's hand records and who sat
where), newest first, each match's rules written once rather than with every hand, so a match takes a few KB.
``reviews/`` keeps one file per hand review, named by the review's key, so that opening a review again is instant;
the oldest beyond 2,000 are removed. A file that cannot be used is kept aside (.bad) and named in one line, as for
the save: the history starts again, a review is worked out again; a match of the history that cannot be used is
kept aside alone and the others stay.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Generic, TypedDict

from game.engine.language import gettext

from .files import (
    UNUSABLE,
    DamagedFile,
    JsonObject,
    Restored,
    data_dir,
    first_line,
    keep_aside,
    read_json,
    set_aside,
    write_atomic,
)

HISTORY_FORMAT = "trickhouse-history/1"
KEEP_MATCHES = 50
KEEP_REVIEWS = 2000
KEY = re.compile(r"[0-9a-f]{16,64}")
# a match is added on a thread of its own (game/table/controller.py): a screen reading the history meanwhile waits
# for the newest match rather than miss it
_ONE_AT_A_TIME = threading.Lock()


@dataclass(frozen=True)
class PastMatch(Generic[Restored]):
    """A finished match of the history: when it finished, what ``restore`` made of its saved form (the table's
    Session: its match with every hand, the seats' names and who was human), and the saved form."""
    finished: str
    session: Restored
    saved: JsonObject


class HistoryStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "history.json"

    def load(self, restore: Callable[[JsonObject], Restored]) -> tuple[list[PastMatch[Restored]], str]:
        """(the past matches, newest first, "") or, when not all of it can be used, with one line naming the file
        and the problem: a file that cannot be read as a history is kept aside whole and the history starts again; a
        match in it that ``restore`` refuses (raising ValueError, as for SaveStore) is kept aside alone, in a .bad
        file of its own that is a history of its own, and the other matches stay."""
        with _ONE_AT_A_TIME:
            return self._load(restore)

    def _load(self, restore: Callable[[JsonObject], Restored]) -> tuple[list[PastMatch[Restored]], str]:
        if not self.path.is_file():
            return [], ""
        try:
            entries = history_entries(read_json(self.path))
        except UNUSABLE as err:  # an unreadable history is set aside; it must never stop the game
            return [], self._set_aside(first_line(err))
        past: list[PastMatch[Restored]] = []
        refused: list[tuple[object, str]] = []
        for entry in entries:
            try:
                usable = history_entry(entry)
                past.append(PastMatch(usable["finished"], restore(usable["saved"]), usable["saved"]))
            except ValueError as err:  # this match only: the others are good
                refused.append((entry, first_line(err)))
        if not refused:
            return past, ""
        first = refused[0][0]
        when = f" (finished {finished_text(first['finished'])})" if isinstance(first, dict) and isinstance(
            first.get("finished"), str) else ""
        problem = (f"a match in it{when} cannot be used" if len(refused) == 1 else
                   f"{len(refused)} matches in it cannot be used, the first{when}") + f": {refused[0][1]}"
        if not past:
            return [], self._set_aside(problem)
        kept = keep_aside(self.path, {"format": HISTORY_FORMAT, "matches": [entry for entry, _ in refused]})
        self._write([(p.finished, p.saved) for p in past])
        others = "the other match stays" if len(past) == 1 else f"the other {len(past)} stay"
        return past, f"{self.path}: {problem}; it was kept in {kept.name} and {others} in the history"

    def add(self, saved: JsonObject, restore: Callable[[JsonObject], object], finished: str | None = None) -> str:
        """Keep a finished match (its saved form, which ``restore`` must accept) as the newest, dropping the oldest
        beyond 50; returns a problem line if the old history could not all be read (see ``load``)."""
        restore(saved)
        with _ONE_AT_A_TIME:
            past, problem = self._load(restore)
            when = finished or datetime.now().isoformat(timespec="minutes")
            self._write([(when, saved), *((p.finished, p.saved) for p in past)])
        return problem

    def _write(self, entries: list[tuple[str, JsonObject]]) -> None:
        """The history as these (when it finished, saved form) pairs, newest first, the newest 50 only."""
        write_atomic(self.path, {"format": HISTORY_FORMAT, "matches": [
            {"finished": when, "saved": _lean(saved)} for when, saved in entries[:KEEP_MATCHES]]})

    def _set_aside(self, problem: str) -> str:
        bad = set_aside(self.path)
        return gettext("{path}: {problem}; it was kept as {bad} and the history starts again").format(
            path=self.path, problem=problem, bad=bad.name)


class HistoryEntry(TypedDict):
    finished: str  # when: ISO 8601 to the minute
    saved: JsonObject  # the match's saved form (game/table/session.py: Session.to_json)


def finished_text(finished: str) -> str:
    """When a match finished, as a player reads it (2026-11-24 10:00)."""
    return finished.replace("T", " ")


def history_entries(data: object) -> list[object]:
    """The matches of a history file's JSON, newest first, as the file has them (``history_entry`` makes one
    usable); raises DamagedFile naming the problem if it is not a history."""
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise DamagedFile(f"not a Trickhouse match history (expected format {HISTORY_FORMAT})")
    entries = data.get("matches")
    if not isinstance(entries, list) or len(entries) > KEEP_MATCHES:
        raise DamagedFile(f"'matches' must list at most {KEEP_MATCHES} matches")
    return entries


def history_entry(entry: object) -> HistoryEntry:
    """One match of a history file, {"finished": when, "saved": its saved form}; raises DamagedFile if it is not."""
    if not (isinstance(entry, dict) and set(entry) == {"finished", "saved"} and isinstance(entry["finished"], str)
            and len(entry["finished"]) <= 40 and isinstance(entry["saved"], dict)):
        raise DamagedFile("a match must have when it finished and its saved form")
    return HistoryEntry(finished=entry["finished"], saved=_full(entry["saved"]))


def _lean(saved: JsonObject) -> JsonObject:
    """The saved match with its rules once: a hand record under the match's own rules leaves them out."""
    match = saved.get("match")
    if not isinstance(match, dict) or not isinstance(match.get("hands"), list):
        return saved
    hands = [{k: v for k, v in hand.items() if k != "rules"} if isinstance(hand, dict)
             and hand.get("rules") == match.get("rules") else hand for hand in match["hands"]]
    return {**saved, "match": {**match, "hands": hands}}


def _full(saved: JsonObject) -> JsonObject:
    """The saved match as saved: each hand record with its rules again."""
    match = saved.get("match")
    if not isinstance(match, dict) or not isinstance(match.get("hands"), list):
        return saved
    hands = [{**hand, "rules": match.get("rules")} if isinstance(hand, dict) and "rules" not in hand else hand
             for hand in match["hands"]]
    return {**saved, "match": {**match, "hands": hands}}


class ReviewCache:
    """Hand reviews already worked out, one JSON file each, named by the review's key."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = (folder or data_dir()) / "reviews"

    def path(self, key: str) -> Path:
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise ValueError(f"{key!r} is not a review key")
        return self.folder / f"{key}.json"

    def get(self, key: str, restore: Callable[[JsonObject], Restored]) -> tuple[Restored | None, str]:
        """(what ``restore`` makes of the review kept under ``key``, "") — or (None, "") when there is none, or (None,
        one line naming the file and the problem) when it cannot be used: it is kept aside and worked out again."""
        path = self.path(key)
        if not path.is_file():
            return None, ""
        try:
            data = read_json(path)
            if not isinstance(data, dict) or data.get("key") != key:
                raise DamagedFile("not the review its name says")
            return restore(data), ""
        except UNUSABLE as err:  # a damaged review is worked out again; it must never stop the game
            bad = set_aside(path)
            return None, gettext("{path}: {problem}; it was kept as {bad} and the review is worked out again").format(
                path=path, problem=first_line(err), bad=bad.name)

    def put(self, key: str, data: JsonObject) -> None:
        """Keep a review (JSON with its ``key``) and remove the oldest beyond 2,000."""
        write_atomic(self.path(key), data)
        kept = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[KEEP_REVIEWS:]:
            old.unlink(missing_ok=True)
