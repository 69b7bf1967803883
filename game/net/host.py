"""A table this game hosts for players on other computers: the table server on a thread of its own, listening on
every network at the port in the settings, its table kept in the user's data folder in the same database as a
dedicated server's (game/net/database.py), so a table can be hosted again and its players take their seats back.
The host's own window asks it for the table with a ``create`` and sits at it like any other client, over the
loopback address, as it would ask a dedicated server (game/ui/hosting.py). The table is announced on the local
network (game/net/discovery.py) with its free seats kept current, and withdrawn when hosting stops."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

from game.ai import ComputerPlayer
from game.ai.worker import AIWorker
from game.engine.refusals import Refusal
from game.runtime import LoopThread
from game.store.files import UNUSABLE, UnfinishedMatch, data_dir, read_json, set_aside
from game.table.session import Session

from .database import FILE_NAME, DatabaseUnusable, TableDatabase, saved_codes
from .discovery import Announcement, Announcer
from .lobby import Lobby
from .protocol import Limits
from .reasons import HOST_LEFT
from .runner import restore
from .server import TableServer


class NetHost:
    def __init__(self, port: int, keep: float, again: bool = False, folder: Path | None = None,
                 address: str = "0.0.0.0", ending: bool = False,
                 hint: Callable[[], ComputerPlayer] | None = None) -> None:
        """Start listening (raises OSError, such as the port being in use, with its reason, or DatabaseUnusable
        if the hosted tables' database cannot be used: a newer game's, a folder that cannot be written).
        ``again``: host the table kept last time; otherwise it ends for good and a new one is made, which for a
        table whose match is unfinished needs ``ending`` (the player agreed to end it: ``unfinished_hosted`` names
        it) and raises UnfinishedMatch without it. ``hint``: what makes the player whose decision is a Hint."""
        folder = folder or data_dir() / "hosted"
        if not again:
            end_hosted_tables(folder, ending)
        self.worker = AIWorker(search_process=False)  # the window's own worker has Hard's search process
        # one table, the host's: its seat-keeping time is the host's own (Settings), longer than a server's most
        limits = Limits(keep=keep, keep_most=max(keep, Limits.keep_most), tables=1)
        self.server = TableServer(folder, limits, self.worker, hint=hint)
        self.server.tables.seats_told = self.announce
        self.address = address
        self.announcer: Announcer | None = None
        self.runner = LoopThread("trickhouse-host")
        try:
            self.runner.start(lambda: self.server.start(address, port))
        except (OSError, DatabaseUnusable):
            self.runner.stop()
            self.worker.close()
            raise
        self.port = self.server.port

    def saved_table(self) -> str | None:
        """The code of a table brought back from its save, if there is one (asked on the server's own thread)."""
        return self.runner.call(lambda: next(iter(self.server.tables), None))

    def announce(self, lobby: Lobby) -> None:
        """Announce the table on the local network once its seats are first told (the host's window has joined),
        then keep its free seats current. On the server's thread."""
        table = lobby.record
        said = Announcement(table.code, table.rules.title, table.seats[table.owner].name, len(table.free_seats()))
        if self.announcer is None:
            self.announcer = Announcer(f"Trickhouse {table.code}", self.port, said, self.address)
        else:
            self.announcer.update(said)

    def stop(self, why: Refusal = HOST_LEFT) -> None:
        """Every player is told why, the table is saved, the server stops, and the announcement is withdrawn."""
        self.runner.stop(last=self.server.stop(why))
        if self.announcer is not None:  # the goodbye is sent on its own thread while the worker stops
            self.announcer.withdraw()
        self.worker.close()
        if self.announcer is not None:
            self.announcer.join(1.0)


def hosted_tables(folder: Path | None = None) -> list[str]:
    """The codes of the tables kept by hosting, to be hosted again (also those an earlier game saved as JSON
    files, which hosting again imports)."""
    folder = folder or data_dir() / "hosted"
    earlier = [path.stem for path in folder.glob("*.json")] if folder.is_dir() else []
    return sorted(set(saved_codes(folder)) | set(earlier))


def kept_sessions(folder: Path) -> Iterator[Session]:
    """The matches of the tables kept by hosting: in the database, and in the JSON files an earlier game saved
    (which hosting again imports). A table that cannot be built again has no match to name: it is passed over
    here, and kept aside when hosting again or anew."""
    if (folder / FILE_NAME).exists():
        database = TableDatabase(folder)
        try:
            for saved in database.saved_tables():
                try:
                    _, session = restore(saved)
                except (ValueError, sqlite3.DatabaseError):
                    continue
                if session is not None:
                    yield session
        finally:
            database.close()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = read_json(path)
            if isinstance(data, dict) and data.get("session") is not None:
                yield Session.from_json(data["session"])
        except UNUSABLE:
            continue


def unfinished_hosted(folder: Path | None = None) -> Session | None:
    """The unfinished match of a table kept by hosting (to name it before it ends), or None if there is none."""
    folder = folder or data_dir() / "hosted"
    return next((session for session in kept_sessions(folder) if not session.match.is_over), None)


def end_hosted_tables(folder: Path, ending: bool) -> None:
    """The tables kept by hosting end, for a new one: one with an unfinished match only if ``ending`` (else
    UnfinishedMatch, and none ends)."""
    unfinished = unfinished_hosted(folder)
    if unfinished is not None and not ending:
        raise UnfinishedMatch(f"{folder} holds an unfinished match: the player must agree to end it first")
    forget = TableDatabase(folder)
    try:
        forget.forget_all()
    finally:
        forget.close()
    for path in folder.glob("*.json"):  # an earlier game's save of its hosted table: gone, or kept aside if damaged
        try:
            read_json(path)
        except UNUSABLE:
            set_aside(path)
            continue
        path.unlink(missing_ok=True)
