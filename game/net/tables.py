"""Every table of one server by its code (the directory of tables, as Colyseus's matchmaker keeps its rooms): a
table made for a client's ``create`` (the request checked, a new code, the table kept before its creator is told),
which table and seat a ``hello`` goes to (or why not, in a player's words), the tables brought back from the
database when the server starts (and once, those an earlier server saved as one JSON file each), and tables done
with. No sockets: the transport (game/net/server.py) drives each table (game/net/runner.py).
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from game.ai import ComputerPlayer
from game.ai.worker import AIWorker
from game.engine import RulesError, preset_rules
from game.engine.refusals import Refusal
from game.engine.rules import presets
from game.store.files import first_line, set_aside
from game.table.session import Session

from . import messages as M
from . import protocol as P
from .database import DatabaseUnusable, Keeper, SavedTable, TableDatabase
from .lobby import CANNOT_SAVE_NOW, Lobby, NoSuchTable, SeatRecord, TableRecord, computer_name, seats_from_json
from .reasons import NotTaken
from .runner import TableRunner, restore

log = logging.getLogger("trickhouse.server")
TABLE_FORMAT = "trickhouse-net-table/1"  # the one-file-a-table saves of earlier servers, imported once
HOUR = 3600.0


def rules_refused(words: str) -> NotTaken:
    """A table's game or house rules refused, in the words of the rules' own checks (the server's language)."""
    return NotTaken(Refusal("rules-refused", detail=words[:P.MAX_TEXT]), words)


class Tables(Mapping[str, TableRunner]):
    """The tables of one server, a mapping of code to table. ``seats_told`` is called with a table's lobby whenever
    its seats as told to its players change (a hosting game's announcement on the local network). ``hint`` makes
    the player whose decision is a Hint at any of its tables (None: no hints)."""

    def __init__(self, limits: P.Limits, keeper: Keeper, worker: AIWorker | None = None,
                 hint: Callable[[], ComputerPlayer] | None = None) -> None:
        presets()  # every game a client may ask for, read now: no request makes the server read a file
        self.limits = limits
        self.keeper = keeper
        self.worker = worker
        self.hint = hint
        self.seats_told: Callable[[Lobby], None] | None = None
        self._tables: dict[str, TableRunner] = {}
        self.made_by: dict[str, str] = {}  # the address that made each table made here (not those brought back)
        self.made_at: dict[str, deque[float]] = {}  # per address, when it made tables in the last hour

    def __getitem__(self, code: str) -> TableRunner:
        return self._tables[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    # --- a new table ---

    def create(self, request: M.Create, address: str = "", now: float = 0.0) -> tuple[TableRunner, str]:
        """A new table for a ``create`` message from ``address`` at ``now`` (the monotonic clock): the creator sits
        in the seat marked "me" and owns it; the computers play at ``level`` (one for all, or one per seat) and are
        called by ``names`` (one per seat; "Computer 2" and so on if none); its ``keep`` is at most the server's
        ``keep_most``. It is kept before anyone is told of it. Returns it and the creator's token. Raises NotTaken
        saying what is wrong with the request, or which limit it passes."""
        self.within_address_limits(address, now)
        if len(self._tables) >= self.limits.tables and not self.make_room(now):
            raise NotTaken(Refusal("server-full", number=self.limits.tables))
        preset, changes, kinds = request.preset, request.house_rules, request.seats
        try:
            book = preset_rules(preset)  # a name only, one of the games the server read: never a file
        except RulesError as err:
            raise rules_refused(err.player) from None
        unknown = sorted(set(changes) - set(book.house_fields()))
        if unknown:
            raise rules_refused(f"{unknown[0][:40]} is not a house rule of {book.title}")
        try:
            rules = book.changed(changes, where=book.title)
        except RulesError as err:
            raise rules_refused(err.player) from None
        if len(kinds) != rules.players:
            raise rules_refused(f"{rules.title} is played by {rules.players}")
        names = request.names
        seats = [SeatRecord("computer" if kind == "computer" else "online", level=each)
                 for kind, each in zip(kinds, request.levels())]
        for seat, computer in enumerate(seats):
            if computer.kind == "computer":
                computer.name = (names[seat] if names else "") or computer_name(seat)
        keep = min(self.limits.keep if request.keep is None else request.keep, self.limits.keep_most)
        record = TableRecord(self.new_code(), preset, dict(changes), seats, keep, owner=kinds.index("me"))
        runner = self.runner(record)
        token = runner.lobby.give_token(record.owner, request.name)
        # kept before its creator is told of it: a server killed at once still has it
        if not self.keeper.create(record.code, preset, record.changes, record.keep, record.owner,
                                  record.seats_json()):
            raise NotTaken(CANNOT_SAVE_NOW)
        self._tables[record.code] = runner
        self.made_by[record.code] = address
        self.made_at.setdefault(address, deque()).append(now)
        log.info("table %s created: %s, %s", record.code, preset, "/".join(kinds))  # a preset's name: known text
        return runner, token

    def make_room(self, now: float) -> bool:
        """The server holds its most tables: the one nobody has been at for longest ends, if there is one, so that
        tables left empty (waiting out their keep) never keep out a table someone is at. False if every table has
        someone at it."""
        empty = [(runner.lobby.empty_since, runner) for runner in self._tables.values()
                 if not runner.lobby.here() and runner.lobby.empty_since is not None]
        if not empty:
            return False
        since, oldest = min(empty, key=lambda pair: pair[0])
        log.info("table %s ends early, nobody at it for %.0f s: the server is full", oldest.code, now - since)
        self.end(oldest)
        return True

    def within_address_limits(self, address: str, now: float) -> None:
        """NotTaken if ``address`` has as many tables as it may at once, or has made as many as it may in the last
        hour (issue 31: one address's empty tables filled the server)."""
        if len(self.made_at) > 4 * self.limits.tables:  # many addresses, each gone: forget those of an hour ago
            for each in [each for each, times in self.made_at.items() if now - times[-1] >= HOUR]:
                del self.made_at[each]
        made = self.made_at.get(address)
        while made and now - made[0] >= HOUR:
            made.popleft()
        if made is not None and not made:
            del self.made_at[address]
        live = sum(1 for maker in self.made_by.values() if maker == address)
        if live >= self.limits.tables_per_address:
            raise NotTaken(Refusal("address-tables", number=self.limits.tables_per_address))
        if made and len(made) >= self.limits.tables_per_hour:
            raise NotTaken(Refusal("address-hourly", number=self.limits.tables_per_hour))

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(P.CODE_LETTERS) for _ in range(P.CODE_LENGTH))
            if code not in self._tables and not self.keeper.has(code):
                return code

    def runner(self, record: TableRecord, session: Session | None = None,
               saved: tuple[int, int] = (0, 0)) -> TableRunner:
        return TableRunner(Lobby(record, self.keeper, self._seats_told), self.keeper, self.worker, self.limits,
                           session, saved, self.hint)

    def _seats_told(self, lobby: Lobby) -> None:
        if self.seats_told is not None:
            self.seats_told(lobby)

    # --- a player's hello ---

    def join(self, hello: M.Hello) -> tuple[TableRunner, int, str | None]:
        """The table and seat a ``hello`` asks for, and the seat's new token (None when coming back with one).
        Raises NotTaken saying why not."""
        runner = self._tables.get(hello.code.upper())
        if runner is None:
            raise NoSuchTable(f"no table has the code {hello.code}")
        seat, token = runner.lobby.seat_for(hello)
        return runner, seat, token

    # --- a table done with ---

    def end(self, runner: TableRunner) -> None:
        """A table done with leaves the server and its rows go, so that finished and abandoned tables never fill the
        server's limit."""
        del self._tables[runner.code]
        self.made_by.pop(runner.code, None)
        self.keeper.end(runner.code)
        log.info("table %s ended", runner.code)

    # --- tables brought back ---

    def load(self, database: TableDatabase, folder: Path) -> None:
        """Bring back the kept tables: those of the database, and once, those an earlier server saved as one JSON
        file each in ``folder``. A table that cannot be built again is kept aside (in the database; a JSON file as
        NAME.bad) and named in one log line; a database whose rows cannot be read is kept aside whole and a new one
        started (DatabaseUnusable if it cannot be read now, such as a disk error)."""
        self.import_json_tables(database, folder)
        try:
            kept = list(database.saved_tables())
        except sqlite3.OperationalError as err:  # not the file's fault (it cannot be read now): nothing is set aside
            raise DatabaseUnusable(f"{database.path} cannot be used: {first_line(err)}") from None
        except sqlite3.DatabaseError as err:  # damaged where the check at opening did not look
            database.connection.close()
            database.connection = database.start_again(err)
            kept = []
        for saved in kept:
            try:
                runner = self.bring_back(saved)
            except (ValueError, sqlite3.DatabaseError) as err:  # damaged rows, or an action the engine refuses
                database.set_aside(saved.code, first_line(err))
                log.error("%s: table %s could not be brought back (%s); it is kept aside there",
                          database.path, saved.code, first_line(err))
                continue
            self._tables[runner.code] = runner
        log.info("%d tables brought back from %s", len(self._tables), database.path)

    def bring_back(self, saved: SavedTable) -> TableRunner:
        """A table built again from its rows (ValueError naming what is wrong if they do not make one), its match run
        here again, and its seats kept for their players."""
        record, session = restore(saved)
        record.keep = min(record.keep, self.limits.keep_most)
        kept = (len(saved.deals), len(session.hand.actions)) if session is not None else (0, 0)
        runner = self.runner(record, session, kept)
        # an empty table's time goes on from when it was last left, not from now
        empty_for = max(0.0, time.time() - saved.empty_since) if saved.empty_since is not None else 0.0
        runner.lobby.brought_back(time.monotonic(), empty_for)
        return runner

    @staticmethod
    def import_json_tables(database: TableDatabase, folder: Path) -> None:
        """Tables an earlier server saved as ``CODE.json``: each is put in the database, then its file goes."""
        for path in sorted(folder.glob("*.json")):
            try:
                record, session = table_from_json(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError) as err:  # unreadable, not JSON, or not a valid table
                bad = set_aside(path)
                log.error("%s: %s; kept as %s", path, first_line(err), bad.name)
                continue
            if database.has(record.code):  # an import cut short (the file goes only once it is done): again
                database.end(record.code)
            database.create(record.code, record.preset, record.changes, record.keep, record.owner,
                            record.seats_json())
            if session is not None:
                database.save_play(record.code, record.seats_json(), session.match, (0, 0))
            path.unlink()
            log.info("%s: imported into %s", path, database.path)


def table_from_json(data: object) -> tuple[TableRecord, Session | None]:
    """A table an earlier server saved as JSON, and its match if it had begun (ValueError naming what is wrong)."""
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise ValueError(f"not a Trickhouse table (expected format {TABLE_FORMAT})")
    seats = seats_from_json(data.get("seats"))
    code, preset, changes, keep, owner = (data.get(name) for name in ("code", "preset", "changes", "keep", "owner"))
    if not (isinstance(code, str) and isinstance(preset, str) and isinstance(changes, dict)
            and isinstance(keep, (int, float)) and type(owner) is int and 0 <= owner < len(seats)):
        raise ValueError("a table has a code, a preset, house rule changes, a seat-keeping time and an owner")
    record = TableRecord(code, preset, changes, seats, float(keep), owner=owner, started=bool(data.get("started")))
    record.rules  # noqa: B018  (the preset and house rules must still be good)
    session = Session.from_json(data["session"]) if data.get("session") is not None else None
    return record, session
