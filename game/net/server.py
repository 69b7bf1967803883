"""Tables played over the network. One asyncio event loop holds every table of a server process (a dedicated
server, or a game hosting its one table on a thread of its own): the engine judges every action through the table
controller, and each client only ever receives its own seat's view and the events that seat may see.

A client joins a table with its code and gets a secret token for its seat (128 random bits; only a hash is kept)
with which it takes the seat back after a dropped connection. Until then the table waits for that player, for the
time the table keeps a seat; after it, a computer plays the seat until the player returns. Every message is
checked (game/net/protocol.py); a bad one gets one error back and a line in the log, and changes nothing.
Every table is kept in the server's database (game/net/database.py): its creation, its seats and every action are
committed before any client is told of them, and a server started again rebuilds each table from its rows.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai import LEVELS
from game.engine import Match, RulesError, load_rules
from game.store.files import first_line, set_aside
from game.table.controller import Claimed, HandOver, Hint, MatchOver, NewHand, Played, TableController, Turn
from game.table.session import SeatPlan, Session

from . import protocol as P
from .database import SavedTable, TableDatabase

log = logging.getLogger("trickhouse.server")
TABLE_FORMAT = "trickhouse-net-table/1"  # the one-file-a-table saves of earlier servers, imported once
FLOOD_REPLIES = 3  # messages past the rate answered "slow down" in one flood; the rest are only counted
FLOOD_SUMMARY_EVERY = 60.0  # seconds between the summary lines of a flood that goes on
BAD_MESSAGES_LOGGED = 10  # a client's bad messages named in the log one by one; the rest are counted
CLOSE_SECONDS = 2.0  # a connection that has not closed by then is cut


@dataclass
class Limits:
    """What one server allows; tests shorten the times."""
    hello_seconds: float = 10.0  # a connection that has not said hello (or create) by then is closed
    messages_per_second: float = 20.0
    burst: int = 40
    per_address: int = 16  # connections at once from one address
    send_queue: int = 512  # messages waiting for a client that does not read; past it, it is disconnected
    ping_interval: float | None = 10.0  # a connection that stops answering pings is closed (half-open)
    ping_timeout: float | None = 10.0
    keep: float = 120.0  # default seconds a dropped player's seat waits for them before a computer plays it
    pause: float = 0.6  # seconds a computer's decision waits, so that people can follow it
    next_seconds: float = 60.0  # the score sheet waits this long for everyone before the next hand
    tables: int = 50


def computer_name(seat: int) -> str:
    """What a computer is called at a seat nobody named."""
    return f"Computer {seat + 1}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Flood:
    """Messages past the rate from one client, from the first until it has slowed down again."""
    began: float
    total: int = 0  # messages since it began
    dropped: int = 0  # of them, past the rate
    said: float = 0.0  # the last summary line


class Client:
    """One connection: its messages out go through a queue of their own, so a client that does not read never
    holds up the table, and its messages in are counted against a rate. What one client makes the server say
    is limited too: a few replies and log lines for a flood or for bad messages, then a count in one line."""

    def __init__(self, ws: ServerConnection, limits: Limits):
        self.ws = ws
        self.address = ws.remote_address[0] if ws.remote_address else "?"
        self.limits = limits
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.allowance = float(limits.burst)
        self.checked = time.monotonic()
        self.flood: Flood | None = None
        self.bad_messages = 0
        self.letting_go: asyncio.Future | None = None  # the client does not read: its connection is being closed
        self.table: NetTable | None = None
        self.seat = -1
        self.sender = asyncio.create_task(self._send_all())

    def __str__(self):
        where = f"table {self.table.code} seat {self.seat}" if self.table is not None else "at no table"
        return f"{self.address} ({where})"

    def send(self, kind: str, **fields):
        if self.letting_go is not None:
            return
        if self.outbox.qsize() >= self.limits.send_queue:
            log.warning("%s does not read its messages: disconnected", self)
            self.letting_go = asyncio.ensure_future(self.let_go())
            return
        self.outbox.put_nowait(P.write(kind, **fields))

    async def let_go(self):
        """Close the connection of a client that does not read: the closing handshake waits for room in buffers
        that client never empties, so after a while the connection is cut."""
        try:
            await asyncio.wait_for(self.ws.close(1008, "too slow"), CLOSE_SECONDS)
        except (TimeoutError, ConnectionClosed):
            pass
        self.ws.transport.abort()

    async def _send_all(self):
        """The messages out, in order; after ``stop`` the connection is closed, so that a client told to go (given
        to a computer, replaced by a new connection) cannot act at the table again."""
        try:
            while (text := await self.outbox.get()) is not None:
                await self.ws.send(text)
            await self.ws.close()
        except ConnectionClosed:
            pass

    def within_rate(self) -> bool:
        """Whether a message that just came is within the rate (a burst, then so many a second). One past it is
        dropped: the first few of a flood are answered "slow down", its start is one log line and the rest are
        counted for a summary line once the client has slowed down (or left)."""
        now = time.monotonic()
        limits = self.limits
        self.allowance = min(limits.burst, self.allowance + (now - self.checked) * limits.messages_per_second)
        self.checked = now
        if self.flood is not None and self.allowance >= limits.burst:  # slow long enough to earn a whole burst
            self.flood_over()
        flood = self.flood
        if flood is not None:
            flood.total += 1
        if self.allowance >= 1:
            self.allowance -= 1
            return True
        if flood is None:
            flood = self.flood = Flood(now, total=1, said=now)
            log.warning("%s floods: messages past %g a second are dropped", self, limits.messages_per_second)
        flood.dropped += 1
        if flood.dropped <= FLOOD_REPLIES:
            self.send("error", reason="Too many messages: slow down")
        if now - flood.said >= FLOOD_SUMMARY_EVERY:
            flood.said = now
            self.say_flood("goes on")
        return False

    def flood_over(self):
        if self.flood is not None:
            self.say_flood("is over")
            self.flood = None

    def say_flood(self, how: str):
        flood = self.flood
        log.warning("%s: a flood %s after %.1f s: %s messages, %s past the rate dropped (%d answered \"slow down\")",
                    self, how, time.monotonic() - flood.began, f"{flood.total:,}", f"{flood.dropped:,}",
                    min(flood.dropped, FLOOD_REPLIES))

    def bad_message(self, problem):
        """A message that broke the protocol: one error back, and a log line for the first few."""
        self.send("error", reason=str(problem))
        self.bad_messages += 1
        if self.bad_messages <= BAD_MESSAGES_LOGGED:
            log.warning("%s sent a bad message: %s", self, problem)

    def gone(self):
        """The connection is over: the counts of what was not logged one by one."""
        self.flood_over()
        if self.bad_messages > BAD_MESSAGES_LOGGED:
            log.warning("%s sent %s bad messages in all; the first %d were logged", self, f"{self.bad_messages:,}",
                        BAD_MESSAGES_LOGGED)

    def stop(self):
        self.outbox.put_nowait(None)


@dataclass
class NetSeat:
    kind: str  # "online" or "computer"
    name: str = ""
    token: str | None = None  # the hash of the seat's secret token, once a player has it
    level: str = "normal"
    client: Client | None = None
    dropped_at: float | None = None  # when its player's connection dropped
    ready: bool = False  # pressed Next hand on the score sheet


@dataclass
class NetTable:
    code: str
    preset: str
    changes: dict
    seats: list[NetSeat]
    keep: float
    owner: int = 0
    started: bool = False
    session: Session | None = None
    controller: TableController | None = None
    over_since: float | None = None  # the score sheet is up
    empty_since: float | None = None  # nobody has been connected since then
    watching: object = None  # the computer decision whose answer wakes the table
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    told: dict | None = None  # the last "seats" message sent to the table's clients
    saved: tuple[int, int] = (0, 0)  # the match as far as the database has it: hands, actions of the last one

    @functools.cached_property
    def rules(self):
        return load_rules(self.preset).changed(self.changes)

    def free_seats(self) -> list[int]:
        """The online seats nobody took (none once the match has begun: computers took them)."""
        return [seat for seat, place in enumerate(self.seats) if place.kind == "online" and place.token is None]

    def clients(self):
        return [(seat, s.client) for seat, s in enumerate(self.seats) if s.client is not None]

    def seats_json(self) -> list[dict]:
        """The seats as they are kept: who sits where (the token's hash only), not who is connected."""
        return [{"kind": s.kind, "name": s.name, "token": s.token, "level": s.level} for s in self.seats]

    def plans(self) -> list[SeatPlan]:
        """The match's seats: each a person at another computer or a computer player."""
        return [SeatPlan(s.name, False, s.level, online=s.kind == "online") for s in self.seats]



def table_of_saved(saved: SavedTable) -> NetTable:
    """A table as its rows hold it, its match replayed and judged again by the engine (ValueError naming what is
    wrong if they do not make one); nothing runs it yet."""
    seats, changes = seats_from_json(json.loads(saved.seats)), json.loads(saved.changes)
    if type(saved.owner) is not int or not 0 <= saved.owner < len(seats):
        raise ValueError(f"the owner's seat {saved.owner!r} is not one of the table's {len(seats)}")
    if not isinstance(saved.preset, str) or not isinstance(changes, dict) or \
            not isinstance(saved.keep, int | float):
        raise ValueError("a table has a preset, house rule changes and a seat-keeping time")
    table = NetTable(saved.code, saved.preset, changes, seats, float(saved.keep), owner=saved.owner,
                     started=saved.seed is not None)
    rules = table.rules  # the preset and house rules must still be good
    if table.started:
        table.session = Session(Match.from_json(saved.match_json(rules.to_dict())), table.plans())
        table.session.counted_hands = table.session.finished_hands()  # a server keeps no statistics
        table.saved = len(saved.deals), len(table.session.hand.actions)
    return table

class TableServer:
    def __init__(self, folder: Path | None = None, limits: Limits | None = None, worker=None):
        """``folder``: where tables are kept (its database, tables.sqlite3; None: not kept); ``worker``: the AI
        worker the tables' computers think on."""
        self.folder = folder
        self.database: TableDatabase | None = None
        self.limits = limits or Limits()
        self.worker = worker
        self.tables: dict[str, NetTable] = {}
        self.connections: dict[str, int] = {}  # per address
        self.server = None
        self.tasks: set[asyncio.Task] = set()
        self.closing = False
        self.seats_told = None  # called with a table whose seats were just told (a hosting game's announcement)

    # --- starting and stopping ---

    async def start(self, host: str, port: int):
        """Bring back the kept tables and listen on ``host``:``port`` (port 0: any free one; ``self.port`` says
        which). Raises DatabaseUnusable if the folder's database cannot be used (a newer server's, a folder that
        cannot be written), OSError if the port cannot be had."""
        if self.folder is not None:
            self.database = TableDatabase(self.folder)
        try:
            await self.listen(host, port)
        except BaseException:
            self.close_database()
            raise

    async def listen(self, host: str, port: int):
        self.load_tables()
        limits = self.limits
        # No permessage-deflate: the messages are small, and compressing them costs more time than it saves.
        self.server = await serve(self.handle, host, port, process_request=self.admit, compression=None,
                                  max_size=2 * P.MAX_MESSAGE_BYTES, ping_interval=limits.ping_interval,
                                  ping_timeout=limits.ping_timeout, close_timeout=CLOSE_SECONDS,
                                  open_timeout=limits.hello_seconds)
        self.port = self.server.sockets[0].getsockname()[1]
        for table in self.tables.values():
            self.spawn(self.drive(table))
        log.info("listening on %s port %d, %d tables", host, self.port, len(self.tables))

    async def stop(self, reason: str = "The server stopped"):
        """Tell every client and close every connection (every table is in the database already)."""
        self.closing = True
        for table in self.tables.values():
            for _, client in table.clients():
                client.send("closed", reason=reason)
                client.stop()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for task in list(self.tasks):
            task.cancel()
        self.close_database()
        log.info("stopped: %d tables saved", len(self.tables))

    def close_database(self):
        if self.database is not None:
            self.database.close()
            self.database = None

    def spawn(self, coroutine):
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- tables ---

    def create_table(self, preset: str, changes: dict, kinds: list[str], name: str, level: str | list[str] = "normal",
                     keep: float | None = None, names: list[str] | None = None) -> tuple[NetTable, str]:
        """A new table; the creator sits in the seat marked "me" and owns it; the computers play at ``level`` (one
        for all, or one per seat) and are called by ``names`` (one per seat; "Computer 2" and so on if none).
        Returns it and the creator's token. Raises ValueError saying what is wrong with the request."""
        if len(self.tables) >= self.limits.tables:
            raise ValueError(f"This server holds at most {self.limits.tables} tables")
        try:
            book = load_rules(preset)
        except RulesError:
            raise ValueError(f"No such game: {preset[:40]}") from None
        unknown = sorted(set(changes) - set(book.house_fields()))
        if unknown:
            raise ValueError(f"{unknown[0][:40]} is not a house rule of {book.title}")
        try:
            rules = book.changed(changes, where=book.title)
        except RulesError as err:
            raise ValueError(err.player) from None
        if len(kinds) != rules.players:
            raise ValueError(f"{rules.title} is played by {rules.players}")
        levels = level if isinstance(level, list) else [level] * len(kinds)
        if len(levels) != len(kinds) or any(each not in LEVELS for each in levels):
            raise ValueError(f"The computers' level is one of {', '.join(LEVELS)}")
        code = self.new_code()
        seats = [NetSeat("computer" if kind == "computer" else "online", level=each)
                 for kind, each in zip(kinds, levels)]
        for seat, computer in enumerate(seats):
            if computer.kind == "computer":
                computer.name = (P.clean_name(names[seat]) if names else "") or computer_name(seat)
        table = NetTable(code, preset, dict(changes), seats, self.limits.keep if keep is None else keep,
                         owner=kinds.index("me"))
        token = self.give_token(table, table.owner, name)
        if self.database is not None:
            try:  # kept before its creator is told of it: a server killed at once still has it
                self.database.create(code, preset, table.changes, table.keep, table.owner, table.seats_json())
            except sqlite3.Error as err:
                log.error("table %s could not be kept in %s: %s", code, self.database.path, first_line(err))
                raise ValueError("The server could not keep the table; try again later") from None
        self.tables[code] = table
        self.spawn(self.drive(table))
        log.info("table %s created: %s, %s", code, preset, "/".join(kinds))
        return table, token

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(P.CODE_LETTERS) for _ in range(P.CODE_LENGTH))
            if code not in self.tables and (self.database is None or not self.database.has(code)):
                return code

    @staticmethod
    def give_token(table: NetTable, seat: int, name: str) -> str:
        token = secrets.token_urlsafe(P.TOKEN_BYTES)
        table.seats[seat].token = token_hash(token)
        table.seats[seat].name = P.clean_name(name) or f"Player {seat + 1}"
        return token

    def take_seat(self, table: NetTable, seat: int, name: str) -> str:
        """A player who joined sits at ``seat``; the seat is kept before they are given its token. Raises
        ValueError if it cannot be kept (the seat stays free)."""
        place = table.seats[seat]
        before = place.token, place.name
        token = self.give_token(table, seat, name)
        if not self.save_seats(table):
            place.token, place.name = before
            raise ValueError("The server could not keep your seat; try again later")
        return token

    def start_table(self, table: NetTable):
        """Deal: every online seat nobody took is played by a computer."""
        for number in table.free_seats():
            table.seats[number].kind = "computer"
        for number, seat in enumerate(table.seats):
            if seat.kind == "computer" and not seat.name:
                seat.name = computer_name(number)
        table.session = Session(Match(table.rules), table.plans())
        self.make_controller(table)
        table.started = True
        self.save_play(table)
        log.info("table %s started", table.code)

    def make_controller(self, table: NetTable):
        """The match's flow; every action it applies is committed (``save``) before it hands it back to be told.
        A seat whose player is not connected waits for them as a dropped seat does (``step``)."""
        table.controller = TableController(table.session, self.worker, pause=lambda: self.limits.pause,
                                           save=lambda session: self.save_play(table))

    # --- connections ---

    async def admit(self, connection: ServerConnection, request):
        """Refuse a connection from an address that already has too many open."""
        address = connection.remote_address[0] if connection.remote_address else "?"
        if self.connections.get(address, 0) >= self.limits.per_address:
            log.warning("%s refused: %d connections already", address, self.limits.per_address)
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections from this address\n")
        return None

    async def handle(self, ws: ServerConnection):
        client = Client(ws, self.limits)
        self.connections[client.address] = self.connections.get(client.address, 0) + 1
        log.info("%s connected", client.address)
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), self.limits.hello_seconds)
            except TimeoutError:
                client.send("error", reason="Say hello first")
                log.warning("%s said nothing: closed", client.address)
                return
            if not self.guarded(client, self.welcome, first):
                return
            async for text in ws:
                if client.within_rate():
                    self.guarded(client, self.receive, text)
                # The replies go out, and the other tables have their turn, before the next message is read: a
                # burst read in one go held every reply back until its end (600 hints filled the send queue, and
                # an honest client was let go as one that does not read).
                await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        finally:
            self.connections[client.address] -= 1
            if not self.connections[client.address]:
                del self.connections[client.address]
            self.left(client)
            client.gone()
            client.stop()
            await asyncio.wait([client.sender], timeout=1)
            log.info("%s disconnected", client.address)

    @staticmethod
    def guarded(client: Client, handler, text) -> bool | None:
        """``handler(client, text)``, with a fault in the server's own code logged (with its traceback) and
        answered with an error, so that one message can never take the server down. False after a fault."""
        try:
            return handler(client, text)
        except Exception:  # noqa: BLE001  (a bug, not the client's fault: logged in full)
            log.exception("%s: a message could not be handled", client)
            client.send("error", reason="The server could not handle that message")
            return False

    def welcome(self, client: Client, text) -> bool:
        """The first message: hello (join or rejoin a table) or create. False if the connection is to close."""
        try:
            message = P.read(text)
            if message["type"] == "create":
                table, token = self.create_table(message["preset"], message.get("house_rules", {}),
                                                 message["seats"], message["name"], message.get("level", "normal"),
                                                 message.get("keep"), message.get("names"))
                seat = table.owner
            elif message["type"] == "hello":
                table, seat, token = self.join(message)
            else:
                raise P.ProtocolError("say hello (or create) first")
        except (P.ProtocolError, ValueError) as err:
            client.send("error", reason=str(err))
            log.warning("%s refused: %s", client, err)
            return False
        previous = table.seats[seat].client
        if previous is not None:  # the same player from a new connection: the old one goes
            previous.table = None
            previous.send("closed", reason="You joined from another connection")
            previous.stop()
        client.table, client.seat = table, seat
        table.seats[seat].client = client
        table.empty_since = None
        table.seats[seat].dropped_at = None
        if table.session is not None:
            table.session.away.discard(seat)
        client.send("welcome", code=table.code, seat=seat, token=token, owner=seat == table.owner,
                    rules=table.rules.to_dict(), preset=table.preset)
        log.info("%s is %s at table %s seat %d", client.address, table.seats[seat].name, table.code, seat)
        table.told = None  # the new connection has not been told anything yet
        self.tell_seats(table)
        if table.started:
            self.send_state(table, seat)
            hand = table.session.hand
            if not hand.is_done and hand.to_move == seat:  # their turn, announced to them again (to them only)
                client.send("turn", phase=hand.phase)
        table.wake.set()
        return True

    def join(self, message: dict) -> tuple[NetTable, int, str | None]:
        table = self.tables.get(message["code"].upper())
        if table is None:
            raise ValueError("No table has that code")
        token = message.get("token")
        if token is not None:
            hashed = token_hash(token)
            for seat, place in enumerate(table.seats):
                if place.token is not None and secrets.compare_digest(place.token, hashed):
                    return table, seat, None
            raise ValueError("That token is not for a seat at this table")
        if table.started:
            raise ValueError("The match has begun: only its players can take their seats back")
        free = table.free_seats()
        wanted = message.get("seat")
        if wanted is not None and wanted not in free:
            raise ValueError("That seat is not free")
        if not free:
            raise ValueError("The table is full")
        seat = wanted if wanted is not None else free[0]
        return table, seat, self.take_seat(table, seat, message["name"])

    def left(self, client: Client):
        table = client.table
        if table is None or table.seats[client.seat].client is not client:
            return
        table.seats[client.seat].client = None
        table.seats[client.seat].dropped_at = time.monotonic()
        if not table.clients():
            table.empty_since = time.monotonic()
        log.info("%s at table %s seat %d dropped out", table.seats[client.seat].name, table.code, client.seat)
        self.tell_seats(table)
        table.wake.set()

    def receive(self, client: Client, text):
        table, seat = client.table, client.seat
        if table is None:  # let go (given to a computer, or joined again from another connection): closing
            return
        try:
            message = P.read(text)
            kind = message["type"]
            if kind in ("hello", "create"):
                raise P.ProtocolError("already at a table")
            if kind == "bye":
                client.stop()
                return
            if kind in ("start", "computer"):
                self.owner_asks(table, seat, message)
            elif kind == "sit":
                self.sit(table, client, message["seat"])
            elif not table.started:
                raise P.ProtocolError("the match has not begun")
            elif kind == "act":
                done = table.controller.act(message["action"], seat)
                if isinstance(done, str):
                    client.send("refused", action=message["action"], reason=done)
                else:
                    self.tell_played(table, done)
            elif kind == "hint":
                if not table.controller.request_hint(seat):
                    client.send("refused", action="hint", reason="It is not your turn")
                elif table.controller.hint_decision is not None:  # a search under way: its answer wakes the table
                    loop = asyncio.get_running_loop()
                    table.controller.hint_decision.then(lambda: loop.call_soon_threadsafe(table.wake.set))
            elif kind == "claim":
                done = table.controller.claim(seat)
                if isinstance(done, str):
                    client.send("refused", action="claim", reason=done)
                else:
                    self.tell_played(table, done)
            elif kind == "next":
                table.seats[seat].ready = True
        except P.ProtocolError as err:
            client.bad_message(err)
            return
        table.wake.set()

    def owner_asks(self, table: NetTable, seat: int, message: dict):
        if seat != table.owner:
            raise P.ProtocolError("only the table's owner may do that")
        if table.started:
            raise P.ProtocolError("the match has begun")
        if message["type"] == "start":
            self.start_table(table)
            for number, _ in table.clients():
                self.send_state(table, number)
        else:
            place = self.seat_at(table, message["seat"])
            if message["seat"] == table.owner or place.kind != "online":
                raise P.ProtocolError("only another online seat can be given to a computer")
            if place.client is not None:
                place.client.send("closed", reason="The owner gave your seat to a computer")
                place.client.table = None
                place.client.stop()
            table.seats[message["seat"]] = NetSeat("computer", name=computer_name(message["seat"]),
                                                   level=place.level)
            self.save_seats(table)
        self.tell_seats(table)

    def sit(self, table: NetTable, client: Client, wanted: int):
        """A player who joined moves to another free online seat before the match begins: their name, token and
        connection go with them, and the seat they leave is free again."""
        if table.started:
            raise P.ProtocolError("the match has begun")
        if client.seat == table.owner:
            raise P.ProtocolError("the table's owner sits where they chose")
        place = self.seat_at(table, wanted)
        if wanted not in table.free_seats():
            raise P.ProtocolError("that seat is not free")
        left = table.seats[client.seat]
        place.name, place.token, place.client = left.name, left.token, client
        table.seats[client.seat] = NetSeat("online", level=left.level)  # the level belongs to the seat
        log.info("%s at table %s moves from seat %d to seat %d", place.name, table.code, client.seat, wanted)
        client.seat = wanted
        self.save_seats(table)
        client.send("seated", seat=wanted)
        self.tell_seats(table)

    @staticmethod
    def seat_at(table: NetTable, seat: int) -> NetSeat:
        """The seat a message names; the protocol allows six, a table may have fewer."""
        if seat >= len(table.seats):
            raise P.ProtocolError(f"this table has {len(table.seats)} seats")
        return table.seats[seat]

    # --- what each seat is told ---

    def seat_list(self, table: NetTable) -> list[dict]:
        session = table.session
        thinking = table.controller.thinking if table.controller is not None else False
        to_move = session.hand.to_move if session is not None else -1
        return [{"name": s.name, "kind": s.kind, "taken": s.token is not None, "connected": s.client is not None,
                 "away": session is not None and number in session.away,
                 "thinking": thinking and number == to_move} for number, s in enumerate(table.seats)]

    def tell_seats(self, table: NetTable):
        """The seats as they are now, to every client at the table, when anything in them changed."""
        told = {"seats": self.seat_list(table), "started": table.started, "code": table.code}
        if told == table.told:
            return
        table.told = told
        for _, client in table.clients():
            client.send("seats", **told)
        if self.seats_told is not None:
            self.seats_told(table)

    def send_state(self, table: NetTable, seat: int):
        """Everything a seat needs to show the table: its view, the names, the finished hands' results."""
        session = table.session
        match = session.match
        table.seats[seat].client.send(
            "state", view=session.hand.view(seat).to_json(), hand=len(match.history) + 1,
            results=[{"result": result.to_json(), "trump": result.trump} for result in session.results()],
            seats=self.seat_list(table), over=match.is_over, winners=match.winners)

    def tell_played(self, table: NetTable, done: Played | Claimed):
        hand = table.session.hand
        for seat, client in table.clients():
            client.send("claimed" if isinstance(done, Claimed) else "played", seat=done.seat,
                        events=[event.for_seat(seat).to_json() for event in done.events],
                        view=hand.view(seat).to_json())

    # --- running a table ---

    async def drive(self, table: NetTable):
        """The table's flow: the controller polled whenever something may have changed (a client's message, a
        computer's answer, a timer)."""
        loop = asyncio.get_running_loop()
        while not self.closing:
            if self.is_done(table):
                self.end_table(table)
                return
            wait = 1.0
            if table.started:
                wait = self.step(table, loop)
            table.wake.clear()
            if wait > 0:
                try:
                    await asyncio.wait_for(table.wake.wait(), wait)
                except TimeoutError:
                    pass
            else:
                await asyncio.sleep(0)

    def is_done(self, table: NetTable) -> bool:
        """Nobody is at the table and nothing more will happen there: its match is over, or its lobby has stood
        empty for as long as a seat is kept. (A match under way is kept: its players may come back, and after the
        seat-keeping time the computers play it to its end.)"""
        if table.clients() or table.empty_since is None:
            return False
        if table.started:
            return table.session.match.is_over
        return time.monotonic() - table.empty_since >= table.keep

    def end_table(self, table: NetTable):
        """A table done with leaves the server and its save goes, so that finished and abandoned tables never fill
        the server's limit."""
        del self.tables[table.code]
        if self.database is not None:
            try:
                self.database.end(table.code)
            except sqlite3.Error as err:  # it is left in the database, and comes back (to end again) at a restart
                log.error("table %s could not be taken out of %s: %s", table.code, self.database.path,
                          first_line(err))
        log.info("table %s ended", table.code)

    def step(self, table: NetTable, loop) -> float:
        """Poll the table once; how long it may wait for news before polling again."""
        controller, session = table.controller, table.session
        now = time.monotonic()
        for number, seat in enumerate(table.seats):  # a seat kept long enough is played by a computer
            if seat.kind == "online" and seat.client is None and number not in session.away and \
                    seat.dropped_at is not None and now - seat.dropped_at >= table.keep:
                session.away.add(number)
                log.info("table %s seat %d: a computer plays for %s until they are back", table.code, number,
                         seat.name)
                self.tell_seats(table)
        intents = controller.poll(ready=True)
        for intent in intents:
            self.route(table, intent)
        self.tell_seats(table)  # a computer began or ended thinking, a player's turn came
        if intents:
            return 0
        hand = session.hand
        if hand.is_done:
            return self.after_hand(table)
        if session.is_human(hand.to_move):  # wait for the player, or for a kept seat's time to run out
            waiting = [s.dropped_at + table.keep - now for number, s in enumerate(table.seats)
                       if s.kind == "online" and s.client is None and s.dropped_at is not None
                       and number not in session.away]
            return max(0.05, min(waiting)) if waiting else 5.0
        decision = controller.decision  # a computer is to move: poll has asked it
        if not decision.done:
            if table.watching is not decision:
                table.watching = decision
                decision.then(lambda: loop.call_soon_threadsafe(table.wake.set))
            return 5.0
        return max(0.001, controller.answer_due_in())

    def route(self, table: NetTable, intent):
        if isinstance(intent, Turn):
            client = table.seats[intent.seat].client
            if client is not None:
                client.send("turn", phase=intent.phase)
        elif isinstance(intent, (Played, Claimed)):
            self.tell_played(table, intent)
        elif isinstance(intent, Hint):
            client = table.seats[intent.seat].client
            if client is not None:
                client.send("hint", action=intent.choice.text)
        elif isinstance(intent, HandOver):
            hand = table.session.hand
            for seat, client in table.clients():
                client.send("hand-over", result=intent.result.to_json(), trump=intent.result.trump,
                            view=hand.view(seat).to_json(), over=table.session.match.is_over)
            for seat in table.seats:
                seat.ready = False
            table.over_since = time.monotonic()

    def after_hand(self, table: NetTable) -> float:
        """The score sheet is up: the next hand once every player still connected pressed Next hand (or after a
        while, so that one player cannot hold up the others)."""
        if table.session.match.is_over and table.over_since is None:  # match-over was said: nothing more to do
            return 60.0
        waiting_for = [s for s in table.seats if s.kind == "online" and s.client is not None and not s.ready]
        since = table.over_since or time.monotonic()
        if waiting_for and time.monotonic() - since < self.limits.next_seconds:
            return max(0.05, since + self.limits.next_seconds - time.monotonic())
        table.over_since = None
        following = table.controller.next_hand()
        if isinstance(following, MatchOver):
            for _, client in table.clients():
                client.send("match-over", winners=list(following.outcome.winners))
            return 60.0
        assert isinstance(following, NewHand)
        for seat, _ in table.clients():
            self.send_state(table, seat)
        return 0

    # --- keeping tables ---

    def save_seats(self, table: NetTable) -> bool:
        """The table's seats into the database (a player took one, moved, or it was given to a computer); False
        if that failed (logged)."""
        if self.database is None:
            return True
        try:
            self.database.save_seats(table.code, table.seats_json())
            return True
        except sqlite3.Error as err:
            log.error("table %s: its seats could not be kept in %s: %s", table.code, self.database.path,
                      first_line(err))
            return False

    def save_play(self, table: NetTable):
        """What the match did since it was last kept, in one transaction, before anyone is told of it. If the
        database fails (a full disk), play goes on and what was missed is kept with the next action."""
        if self.database is None:
            return
        try:
            table.saved = self.database.save_play(table.code, table.seats_json(), table.session.match, table.saved)
        except sqlite3.Error as err:
            log.error("table %s: its play could not be kept in %s: %s", table.code, self.database.path,
                      first_line(err))

    def load_tables(self):
        """Bring back the kept tables: those of the database, and once, those an earlier server saved as one JSON
        file each. A table that cannot be built again is kept aside (in the database; a JSON file as NAME.bad)
        and named in one log line."""
        if self.database is None:
            return
        self.import_json_tables()
        for saved in self.database.saved_tables():
            try:
                table = self.table_from_saved(saved)
            except (ValueError, sqlite3.DatabaseError) as err:  # damaged rows, or an action the engine refuses
                self.database.set_aside(saved.code, first_line(err))
                log.error("%s: table %s could not be brought back (%s); it is kept aside there",
                          self.database.path, saved.code, first_line(err))
                continue
            self.tables[table.code] = table
        log.info("%d tables brought back from %s", len(self.tables), self.database.path)

    def import_json_tables(self):
        """Tables an earlier server saved as ``CODE.json``: each is put in the database, then its file goes."""
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = self.table_from_json(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError) as err:  # unreadable, not JSON, or not a valid table
                bad = set_aside(path)
                log.error("%s: %s; kept as %s", path, first_line(err), bad.name)
                continue
            if self.database.has(table.code):  # an import cut short (the file goes only once it is done): again
                self.database.end(table.code)
            self.database.create(table.code, table.preset, table.changes, table.keep, table.owner, table.seats_json())
            if table.session is not None:
                table.saved = self.database.save_play(table.code, table.seats_json(), table.session.match, (0, 0))
            path.unlink()
            log.info("%s: imported into %s", path, self.database.path)

    def table_from_saved(self, saved: SavedTable) -> NetTable:
        """A table built again from its rows (ValueError naming what is wrong if they do not make one), its match
        run here again, and its seats kept for their players."""
        table = table_of_saved(saved)
        if table.session is not None:
            self.make_controller(table)
        self.welcome_back(table)
        return table

    def table_from_json(self, data: dict) -> NetTable:
        """A table an earlier server saved as JSON (ValueError naming what is wrong)."""
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            raise ValueError(f"not a Trickhouse table (expected format {TABLE_FORMAT})")
        seats = seats_from_json(data.get("seats"))
        code, preset, changes, keep, owner = (data.get(name) for name in ("code", "preset", "changes", "keep",
                                                                          "owner"))
        if not (isinstance(code, str) and isinstance(preset, str) and isinstance(changes, dict)
                and isinstance(keep, (int, float)) and type(owner) is int and 0 <= owner < len(seats)):
            raise ValueError("a table has a code, a preset, house rule changes, a seat-keeping time and an owner")
        table = NetTable(code, preset, changes, seats, float(keep), owner=owner, started=bool(data.get("started")))
        table.rules  # noqa: B018  (the preset and house rules must still be good)
        if data.get("session") is not None:
            table.session = Session.from_json(data["session"])
            self.make_controller(table)
        self.welcome_back(table)
        return table

    @staticmethod
    def welcome_back(table: NetTable):
        """A table brought back: everyone must come back, and each seat is kept for its player as for a drop-out
        (a computer plays it only once the table's ``keep`` has passed)."""
        now = time.monotonic()
        for seat in table.seats:
            seat.dropped_at = now
        table.empty_since = now


def seats_from_json(data) -> list[NetSeat]:
    """A table's kept seats (ValueError if they are not a list of 2-6 seats of the right kinds)."""
    if not isinstance(data, list) or not 2 <= len(data) <= 6:
        raise ValueError("a table has a list of 2 to 6 seats")
    seats = []
    for seat in data:
        if not (isinstance(seat, dict) and seat.get("kind") in ("online", "computer")
                and isinstance(seat.get("name"), str) and isinstance(seat.get("token"), str | None)
                and seat.get("level", "normal") in LEVELS):
            raise ValueError("a seat is {kind: online/computer, name: text, token: text or null, level}")
        seats.append(NetSeat(seat["kind"], seat["name"], seat["token"], seat.get("level", "normal")))
    return seats
