"""The tables of a server process (the dedicated server's, or a game's hosted table) in an SQLite database beside
its other files, ``tables.sqlite3``: a table's creation, every change to its seats and every action of its match
are committed before any client is told of them, so a server killed at any moment comes back with everything its
players saw. A restart rebuilds each table from its rows: the seats, and each hand's deal and its actions in order,
which the engine replays (``Match.from_json``), judging every action again.

WAL journal with ``synchronous=NORMAL``: a commit is an append to the write-ahead log with no fsync (about 0.01 ms
here), which a killed process cannot lose; a power cut may lose the last moments of play (never the database
itself). ``synchronous=FULL`` would survive that too, at about 6 ms a commit, more than the whole of a move's work
at 200 tables (docs/benchmarks.md, Network tables).

The schema has a version (SQLite's ``user_version``); ``MIGRATIONS`` holds every change to it, in order, in this
one place. A database written by a newer server is refused in one line, left as it is.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine import Match
from game.engine.match import MATCH_FORMAT
from game.store.files import first_line
from game.table.controller import NotKept

if TYPE_CHECKING:  # the lobby keeps its seats here
    from .lobby import SeatJson

log = logging.getLogger("trickhouse.server")
FILE_NAME = "tables.sqlite3"

# MIGRATIONS[n] takes a database of version n to version n + 1 (version 0: a new, empty file). A table's row holds
# its lobby (the seats as JSON: kind, name, the hash of the seat's token, level); ``seed`` is set once its match
# has begun. ``hands`` holds each hand's deal as the engine's hand record without its actions, ``actions`` each
# action's text in order. ``problem`` says why a table could not be brought back: it is kept aside, not loaded.
# ``empty_since`` (version 2) is the wall-clock time since which nobody has been at the table (null while someone
# is), so that a restart does not start an empty table's time again.
MIGRATIONS = [
    """
    CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        preset TEXT NOT NULL,
        changes TEXT NOT NULL,
        keep REAL NOT NULL,
        owner INTEGER NOT NULL,
        seats TEXT NOT NULL,
        seed TEXT,
        created REAL NOT NULL,
        problem TEXT
    );
    CREATE TABLE hands (
        code TEXT NOT NULL,
        hand INTEGER NOT NULL,
        deal TEXT NOT NULL,
        PRIMARY KEY (code, hand)
    ) WITHOUT ROWID;
    CREATE TABLE actions (
        code TEXT NOT NULL,
        hand INTEGER NOT NULL,
        number INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (code, hand, number)
    ) WITHOUT ROWID;
    """,
    "ALTER TABLE tables ADD COLUMN empty_since REAL;",
]
SCHEMA_VERSION = len(MIGRATIONS)


class DatabaseUnusable(Exception):
    """The folder's database cannot be used: it cannot be opened or written (a folder without the right to write,
    a full disk), or a newer server wrote it. The text says why in one line naming the file."""


class NewerDatabase(DatabaseUnusable):
    """The folder's database was written by a newer server: it is not opened (nor changed)."""


@dataclass
class SavedTable:
    """One table as its rows hold it, for the server to build again (the JSON fields still as text)."""
    code: str
    preset: str
    changes: str
    keep: float
    owner: int
    seats: str
    seed: str | None
    empty_since: float | None = None  # the wall-clock time since which nobody has been at the table, if known
    deals: list[str] = field(default_factory=list)  # each hand's deal, in order
    actions: list[list[str]] = field(default_factory=list)  # each hand's actions, in order
    gap: str = ""  # a hand or an action missing from the rows: the table is damaged

    def match_json(self, rules: dict[str, Any]) -> dict[str, Any]:
        """The match as ``Match.from_json`` reads it (which replays and judges every action; ValueError if one is
        not legal or a record is damaged)."""
        if self.gap:
            raise ValueError(f"{self.gap} is missing")
        assert self.seed is not None  # a table whose match has begun
        hands: list[dict[str, Any]] = []  # the hand records: JSON, read back by the engine
        for index, deal in enumerate(self.deals):
            record = json.loads(deal)
            if not isinstance(record, dict):
                raise ValueError(f"hand {index + 1}: a deal is a JSON object")
            hands.append({**record, "actions": self.actions[index] if index < len(self.actions) else []})
        return {"format": MATCH_FORMAT, "rules": rules, "seed": json.loads(self.seed), "hands": hands}


class TableDatabase:
    """The database of one server folder, used from one thread (the server's event loop) once opened."""

    def __init__(self, folder: Path):
        """Open (or make) ``folder``/tables.sqlite3 and bring its schema up to date. A file that is not a database
        or is damaged (SQLite's ``quick_check``) is kept aside as ``tables.sqlite3.bad-TIME`` (named in one log
        line) and a new one started; a newer server's raises NewerDatabase."""
        self.path = folder / FILE_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            try:
                self.connection = connect(self.path)
            except sqlite3.OperationalError:
                raise  # not the file's fault (no right to write, a full disk): nothing is set aside
            except sqlite3.DatabaseError as err:  # not a database, or a damaged one
                self.connection = self.start_again(err)
        except (OSError, sqlite3.OperationalError) as err:
            raise DatabaseUnusable(f"{self.path} cannot be used: {first_line(err)}") from None

    def start_again(self, problem: sqlite3.DatabaseError) -> sqlite3.Connection:
        """The file is damaged: it is kept aside (named in one log line) and a new database started; its
        connection."""
        bad = set_database_aside(self.path)
        log.error("%s: %s; kept as %s and a new one started", self.path, first_line(problem), bad.name)
        return connect(self.path)

    def close(self) -> None:
        self.connection.close()

    # --- what the server writes ---

    def create(self, code: str, preset: str, changes: Mapping[str, object], keep: float, owner: int,
               seats: list[SeatJson]) -> None:
        with self.connection:
            self.connection.execute(
                "INSERT INTO tables (code, preset, changes, keep, owner, seats, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, preset, _json(changes), keep, owner, _json(seats), time.time()))

    def save_seats(self, code: str, seats: list[SeatJson]) -> None:
        with self.connection:
            self.connection.execute("UPDATE tables SET seats = ? WHERE code = ?", (_json(seats), code))

    def save_empty_since(self, code: str, since: float | None) -> None:
        with self.connection:
            self.connection.execute("UPDATE tables SET empty_since = ? WHERE code = ?", (since, code))

    def try_write(self) -> None:
        """A write that leaves nothing behind (a row put in and taken out in one transaction, which SQLite writes
        all the same), to learn whether the file can be written again; raises sqlite3.Error if not."""
        with self.connection:
            self.connection.execute("INSERT INTO actions (code, hand, number, action) VALUES ('', -1, -1, '')")
            self.connection.execute("DELETE FROM actions WHERE code = ''")

    def save_play(self, code: str, seats: list[SeatJson], match: Match, saved: tuple[int, int]) -> tuple[int, int]:
        """Everything the match did since ``saved`` (hands saved, actions saved of the last of them), in one
        transaction: the hands dealt since, with their deals, and the actions taken since. The first time (saved
        (0, 0)) the seats as the match began and the match's seed too. Returns the new mark."""
        hands = match.history + [match.hand]
        stored_hands, stored_actions = saved
        deals: list[tuple[str, int, str]] = []
        actions: list[tuple[str, int, int, str]] = []
        for index in range(max(stored_hands - 1, 0), len(hands)):
            hand = hands[index]
            first = stored_actions if index == stored_hands - 1 else 0
            if index >= stored_hands:
                deals.append((code, index, _json({**hand.record(), "actions": []})))
            actions += [(code, index, number, hand.action_text(action))
                        for number, action in enumerate(hand.actions[first:], first)]
        if not deals and not actions and saved != (0, 0):
            return saved  # nothing new (the score sheet came up)
        with self.connection:
            if saved == (0, 0):
                self.connection.execute("UPDATE tables SET seats = ?, seed = ? WHERE code = ?",
                                        (_json(seats), _json(match.seed), code))
            self.connection.executemany("INSERT INTO hands (code, hand, deal) VALUES (?, ?, ?)", deals)
            self.connection.executemany("INSERT INTO actions (code, hand, number, action) VALUES (?, ?, ?, ?)",
                                        actions)
        return len(hands), len(hands[-1].actions)

    def end(self, code: str) -> None:
        """A table done with goes, rows and all."""
        with self.connection:
            for name in ("actions", "hands", "tables"):
                self.connection.execute(f"DELETE FROM {name} WHERE code = ?", (code,))

    def forget_all(self) -> None:
        """Every table goes (a game hosting a new table: the last one ends for good)."""
        with self.connection:
            for name in ("actions", "hands", "tables"):
                self.connection.execute(f"DELETE FROM {name}")

    def set_aside(self, code: str, problem: str) -> None:
        """A table that could not be brought back stays in the database, marked with why, and is not loaded again."""
        with self.connection:
            self.connection.execute("UPDATE tables SET problem = ? WHERE code = ?", (problem, code))

    # --- reading ---

    def has(self, code: str) -> bool:
        """A table with this code is kept, brought back or set aside (a new table must take another code)."""
        return self.connection.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def saved_tables(self) -> Iterator[SavedTable]:
        """Every table not set aside, with its hands and actions in order."""
        tables = {row[0]: SavedTable(*row) for row in self.connection.execute(
            "SELECT code, preset, changes, keep, owner, seats, seed, empty_since FROM tables WHERE problem IS NULL "
            "ORDER BY code")}
        for code, hand, deal in self.connection.execute("SELECT code, hand, deal FROM hands ORDER BY code, hand"):
            if code in tables:
                saved = tables[code]
                if hand != len(saved.deals):
                    saved.gap = saved.gap or f"hand {len(saved.deals) + 1}"
                saved.deals.append(deal)
        for code, hand, number, action in self.connection.execute(
                "SELECT code, hand, number, action FROM actions ORDER BY code, hand, number"):
            if code in tables:
                saved = tables[code]
                while len(saved.actions) <= hand:
                    saved.actions.append([])
                if number != len(saved.actions[hand]):
                    saved.gap = saved.gap or f"hand {hand + 1}, action {len(saved.actions[hand]) + 1}"
                saved.actions[hand].append(action)
        yield from tables.values()


class Keeper:
    """What a server's tables call to be kept (the lobby its seats and its empty time, the directory a table's
    creation and end, the table runner its match's actions), each committed before anyone is told. A write that
    fails (a full disk) is answered with False, or for the match's actions with NotKept, so that the caller
    takes back what it did and tells nobody of it; the log has one line when the file stops taking writes and one
    when it takes them again (``writable`` asks). With no database (a server that keeps nothing, or a test of one
    part alone) nothing is kept and every call succeeds."""

    def __init__(self, database: TableDatabase | None = None) -> None:
        self.database = database
        self.failing = False  # a write failed, and none has succeeded since

    def has(self, code: str) -> bool:
        return self.database is not None and self.database.has(code)

    def create(self, code: str, preset: str, changes: Mapping[str, object], keep: float, owner: int,
               seats: list[SeatJson]) -> bool:
        return self._kept(lambda database: database.create(code, preset, changes, keep, owner, seats))

    def seats(self, code: str, seats: list[SeatJson]) -> bool:
        return self._kept(lambda database: database.save_seats(code, seats))

    def empty_since(self, code: str, since: float | None) -> bool:
        """Since when (the wall clock) nobody has been at the table; None: someone is."""
        return self._kept(lambda database: database.save_empty_since(code, since))

    def play(self, code: str, seats: list[SeatJson], match: Match, saved: tuple[int, int]) -> tuple[int, int]:
        """What the match did since ``saved`` (see ``TableDatabase.save_play``); the new mark. Raises NotKept if it
        could not be kept."""
        if self.database is None:
            return saved
        try:
            mark = self.database.save_play(code, seats, match, saved)
        except sqlite3.Error as err:
            self._failed(err)
            raise NotKept(f"table {code}: its play could not be kept") from None
        self._wrote()
        return mark

    def end(self, code: str) -> bool:
        """A table done with goes (if that fails it is left in the database, and comes back to end again at a
        restart)."""
        return self._kept(lambda database: database.end(code))

    def writable(self) -> bool:
        """Whether the database takes writes (again): a paused table asks before play goes on."""
        return self._kept(lambda database: database.try_write())

    def _kept(self, write: Callable[[TableDatabase], object]) -> bool:
        if self.database is None:
            return True
        try:
            write(self.database)
        except sqlite3.Error as err:
            self._failed(err)
            return False
        self._wrote()
        return True

    def _failed(self, err: sqlite3.Error) -> None:
        assert self.database is not None  # only a database's write fails
        if not self.failing:
            self.failing = True
            log.error("%s cannot write (%s): every table that needs to keep something waits until it can",
                      self.database.path, first_line(err))

    def _wrote(self) -> None:
        if self.failing:
            self.failing = False
            assert self.database is not None  # only a database's write succeeds after failing
            log.warning("%s writes again: the tables go on", self.database.path)


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def connect(path: Path) -> sqlite3.Connection:
    """A connection with the journal and sync mode above, its schema brought up to date (raises NewerDatabase, or
    sqlite3.DatabaseError for a file that is not a database)."""
    connection = sqlite3.connect(path, isolation_level=None)
    # text that is not UTF-8 (damaged bytes inside a row) reads as replacement characters: the table whose row it
    # is fails its checks and is kept aside, rather than the read failing for every table
    connection.text_factory = lambda data: data.decode("utf-8", "replace")
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA busy_timeout = 5000")  # a game's menu may be reading the hosted table's codes
        damage = connection.execute("PRAGMA quick_check(1)").fetchone()[0]
        if damage != "ok":
            raise sqlite3.DatabaseError(f"the database is damaged ({damage})")
        migrate(connection, path)
    except BaseException:
        connection.close()
        raise
    connection.isolation_level = "DEFERRED"  # from here, ``with connection`` is one transaction
    return connection


def migrate(connection: sqlite3.Connection, path: Path) -> None:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerDatabase(f"{path} was written by a newer Trickhouse (database version {version}; this one "
                            f"reads up to version {SCHEMA_VERSION}): it was left as it is")
    for number in range(version, SCHEMA_VERSION):
        # one transaction each: a migration is either done whole, version number and all, or not at all
        connection.executescript(f"BEGIN; {MIGRATIONS[number]}; PRAGMA user_version = {number + 1}; COMMIT;")
        if version:  # an earlier server's database (a new one is made at the current version silently)
            log.info("%s: brought up to database version %d", path, number + 1)


def set_database_aside(path: Path) -> Path:
    """Keep a database that cannot be used as ``NAME.bad-TIME`` (the time in UTC; ``-2``, ``-3``... after it if
    that name is taken, so that an earlier one is never replaced), its write-ahead log beside it as
    ``NAME.bad-TIME-wal``, where SQLite looks for it."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    number = 1
    while True:
        bad = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{number}" if number > 1 else ""))
        if not any(bad.with_name(bad.name + suffix).exists() for suffix in ("", "-wal", "-shm")):
            break
        number += 1
    for suffix in ("-wal", "-shm", ""):
        part = path.with_name(path.name + suffix)
        if part.exists():
            os.replace(part, bad.with_name(bad.name + suffix))
    return bad


def saved_codes(folder: Path) -> list[str]:
    """The codes of the tables kept in ``folder`` (none if it has no database, or one that cannot be read: the
    server says why when it opens it). Opened read-only, from any thread."""
    path = folder / FILE_NAME
    if not path.is_file():
        return []
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            if connection.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                return []
            return [code for (code,) in connection.execute(
                "SELECT code FROM tables WHERE problem IS NULL ORDER BY code")]
        finally:
            connection.close()
    except sqlite3.Error:
        return []
