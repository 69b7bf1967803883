"""Tables played over the network: the thin transport of a table server (a dedicated server, or a game hosting its
one table on a thread of its own). One asyncio event loop holds every table of a server process; this module only
carries messages: WebSocket connections (the websockets library), who may connect (connections per address, the
time to say hello), each client's rate and floods, pings, each client's messages out through a queue of its own;
and it turns each message into a call on the parts, which know nothing of sockets:

- game/net/tables.py, the directory: a table made for a ``create``, the table and seat a ``hello`` goes to;
- game/net/lobby.py, a table's seats: who sits where, the owner's rules, who is connected;
- game/net/runner.py, a table's match: the flow, the seats kept for dropped players, what each seat is told;
- game/net/database.py, where every table is kept: its creation, its seats and every action are committed before
  any client is told of them, and a server started again rebuilds each table from its rows.

The parts answer with what to tell whom (``Say``), and a connection that moves with its player (``Moved``) or goes
(``LetGo``); each table is stepped on a task of its own whenever something may have changed (a message, a
computer's answer, a timer). Every message is parsed once, here at the edge, into a typed message
(game/net/protocol.py, game/net/messages.py); a bad one gets one error back and a line in the log, and changes
nothing. What the log says of a client is escaped and rate-limited per address (game/net/logs.py). A client joins
a table with its code and gets a secret token for its seat (128 random bits; only a hash is kept) with which it
takes the seat back after a dropped connection. With a certificate the server speaks wss:// (TLS); a web page's
connection (an Origin header) is refused unless its origin is allowed.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import ssl
import struct
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, assert_never

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from game.ai import ComputerPlayer
from game.ai.worker import AIWorker
from game.engine.refusals import Refusal

from . import messages as M
from . import protocol as P
from .database import Keeper, TableDatabase
from .door import Door, address_key
from .lobby import LetGo, Moved, NoSuchTable, Out, Say
from .logs import AddressLines, escape_lines
from .protocol import Limits
from .reasons import SERVER_STOPPED, NotTaken, closed, error
from .runner import TableRunner
from .tables import Tables

log = logging.getLogger("trickhouse.server")
escape_lines(log)  # every value in a line may be a client's text: shown escaped, never obeyed
FLOOD_REPLIES = 3  # messages past the rate answered "slow down" in one flood; the rest are only counted
FLOOD_SUMMARY_EVERY = 60.0  # seconds between the summary lines of a flood that goes on
FLOOD_PAUSE = 0.1  # seconds a connection is not read after a message past its rate (bench net --abuse: flood)
BAD_MESSAGES_LOGGED = 10  # a client's bad messages named in the log one by one; the rest are counted
CLOSE_SECONDS = 2.0  # a connection that has not closed by then is cut


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

    def __init__(self, ws: ServerConnection, limits: Limits, lines: AddressLines) -> None:
        self.ws = ws
        self.address = ws.remote_address[0] if ws.remote_address else "?"
        self.limits = limits
        self.lines = lines  # the log's lines about this client's address
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.allowance = float(limits.burst)
        self.checked = time.monotonic()
        self.flood: Flood | None = None
        self.bad_messages = 0
        self.letting_go: asyncio.Future[None] | None = None  # the client does not read: its connection is being closed
        self.table: TableRunner | None = None  # the table it is at (None once let go)
        self.seat = -1
        self.sender = asyncio.create_task(self._send_all())

    def __str__(self) -> str:
        where = f"table {self.table.code} seat {self.seat}" if self.table is not None else "at no table"
        return f"{self.address} ({where})"

    def send(self, message: M.AnyServerMessage) -> None:
        if self.letting_go is not None:
            return
        if self.outbox.qsize() >= self.limits.send_queue:
            self.log(logging.WARNING, "%s does not read its messages: disconnected", self)
            self.letting_go = asyncio.ensure_future(self.let_go())
            return
        self.outbox.put_nowait(P.encode(message))

    def log(self, level: int, message: str, *args: object) -> None:
        """A line about this client, if its address has not had too many lately."""
        self.lines.log(self.address, level, message, *args)

    async def let_go(self) -> None:
        """Close the connection of a client that does not read: the closing handshake waits for room in buffers
        that client never empties, so after a while the connection is cut."""
        try:
            await asyncio.wait_for(self.ws.close(1008, "too slow"), CLOSE_SECONDS)
        except (TimeoutError, ConnectionClosed):
            pass
        self.ws.transport.abort()

    async def _send_all(self) -> None:
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
            self.log(logging.WARNING, "%s floods: messages past %g a second are dropped", self,
                     limits.messages_per_second)
        flood.dropped += 1
        if flood.dropped <= FLOOD_REPLIES:
            self.send(error(Refusal("slow-down")))
        if now - flood.said >= FLOOD_SUMMARY_EVERY:
            flood.said = now
            self.say_flood("goes on")
        return False

    def flood_over(self) -> None:
        if self.flood is not None:
            self.say_flood("is over")
            self.flood = None

    def say_flood(self, how: str) -> None:
        flood = self.flood
        assert flood is not None  # said while a flood is counted
        self.log(logging.WARNING,
                 "%s: a flood %s after %.1f s: %s messages, %s past the rate dropped (%d answered \"slow down\")",
                 self, how, time.monotonic() - flood.began, f"{flood.total:,}", f"{flood.dropped:,}",
                 min(flood.dropped, FLOOD_REPLIES))

    def bad_message(self, problem: P.ProtocolError) -> None:
        """A message that broke the protocol: one error back, and a log line for the first few."""
        self.send(error(problem.why))
        self.bad_messages += 1
        if self.bad_messages <= BAD_MESSAGES_LOGGED:
            self.log(logging.WARNING, "%s sent a bad message: %s", self, problem)

    def gone(self) -> None:
        """The connection is over: the counts of what was not logged one by one."""
        self.flood_over()
        if self.bad_messages > BAD_MESSAGES_LOGGED:
            self.log(logging.WARNING, "%s sent %s bad messages in all; the first %d were logged", self,
                     f"{self.bad_messages:,}", BAD_MESSAGES_LOGGED)

    def stop(self) -> None:
        self.outbox.put_nowait(None)


RESET = struct.pack("ii", 1, 0)  # SO_LINGER on, for no time: a close resets the connection
ACCEPT_BURST = 32  # connections cut in one call of DoorSocket.accept before the loop's other work has its turn


class CountedSocket(socket.socket):
    """A connection the door let in: it leaves the door's count when it is closed, however its connection ended
    (a TLS handshake that fails never reaches the websockets connection)."""
    door: Door
    address: str | None

    def close(self) -> None:
        if getattr(self, "address", None) is not None:
            assert self.address is not None  # counted out once
            self.door.leave(self.address)
            self.address = None
        super().close()


class DoorSocket(socket.socket):
    """The listening socket. Each connection the door does not let in (``door``, game/net/door.py) is reset as it
    is accepted, before asyncio, TLS or websockets spend anything on it: a flood of sockets costs the server a
    system call or two each (issue 31: 300 half-open sockets were held for the opening timeout). The event loop
    calls ``accept``; Windows' proactor loop accepts by other means, and there ``DoorConnection`` is the door."""
    door: Door

    def accept(self) -> tuple[socket.socket, Any]:
        for _ in range(ACCEPT_BURST):
            # socket.accept's own steps, the connection made a CountedSocket (BlockingIOError once none waits)
            fd, peer = self._accept()  # type: ignore[attr-defined]  # socket.socket's private step: not in typeshed
            address = address_key(str(peer[0]))
            if self.door.enter(address):
                connection = CountedSocket(self.family, self.type, self.proto, fileno=fd)
                connection.door, connection.address = self.door, address
                return connection, peer
            cut = socket.socket(self.family, self.type, self.proto, fileno=fd)
            cut.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)  # reset: nothing left waiting here
            cut.close()
        raise BlockingIOError("more connections wait: after the loop's other work")


def listening_socket(host: str, port: int, door: Door) -> DoorSocket:
    """A socket listening on ``host`` (its first address) and ``port``, whose connections the door counts."""
    family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    listener = DoorSocket(family, kind, proto)
    try:
        listener.door = door
        if os.name == "posix":  # as asyncio does: a restarted server takes its port back at once
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        listener.bind(address)
        listener.listen(100)
        listener.setblocking(False)
    except BaseException:
        listener.close()
        raise
    return listener


def accepts_through_socket(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether ``loop`` accepts connections by calling the listening socket's ``accept`` (the selector loops of
    Linux and macOS; not Windows' proactor loop), so that DoorSocket counts them."""
    return isinstance(loop, asyncio.SelectorEventLoop)


class DoorConnection(ServerConnection):
    """Where the listening socket did not count a connection as it was accepted (``counted`` False: Windows'
    proactor loop), the connection counts itself as it is made and leaves when it is lost, and one past the limits
    is cut before websockets starts anything for it (``door``: set on a class made for each server)."""
    door: Door
    counted: bool

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.admitted = False
        if not self.counted:
            peer = transport.get_extra_info("peername")
            self.address = address_key(str(peer[0])) if peer else "?"
            if not self.door.enter(self.address):
                assert isinstance(transport, asyncio.Transport)  # a stream's (TCP, TLS)
                transport.abort()
                return
            self.admitted = True
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted or self.admitted:
            super().connection_lost(exc)
        if self.admitted:
            self.admitted = False
            self.door.leave(self.address)


class TableServer:
    def __init__(self, folder: Path | None = None, limits: Limits | None = None, worker: AIWorker | None = None,
                 tls: ssl.SSLContext | None = None, origins: Sequence[str] = (),
                 hint: Callable[[], ComputerPlayer] | None = None) -> None:
        """``folder``: where tables are kept (its database, tables.sqlite3; None: not kept); ``worker``: the AI
        worker the tables' computers think on; ``hint``: what makes the player whose decision is a Hint (the hand
        review's search; None: no hints); ``tls``: its certificate, to serve wss:// (None: ws://);
        ``origins``: the web pages (their Origin header) allowed to connect; none by default, so that a page from
        any site cannot open a table on this server, and clients that are not browsers send none."""
        self.folder = folder
        self.tls = tls
        self.origins = list(origins)
        self.database: TableDatabase | None = None
        self.limits = limits or Limits()
        self.keeper = Keeper()
        self.tables = Tables(self.limits, self.keeper, worker, hint)
        self.seated: dict[str, dict[int, Client]] = {}  # per table, the connection at each seat
        self.waking: dict[str, asyncio.Event] = {}  # per table: something may have changed
        self.lines = AddressLines(log)  # the log's lines about each address
        self.door = Door(self.limits, self.lines)
        self.server: Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False

    # --- starting and stopping ---

    async def start(self, host: str, port: int) -> None:
        """Bring back the kept tables and listen on ``host``:``port`` (port 0: any free one; ``self.port`` says
        which). Raises DatabaseUnusable if the folder's database cannot be used (a newer server's, a folder that
        cannot be written), OSError if the port cannot be had."""
        if self.folder is not None:
            self.database = self.keeper.database = TableDatabase(self.folder)
        try:
            await self.listen(host, port)
        except BaseException:
            self.close_database()
            raise

    async def listen(self, host: str, port: int) -> None:
        if self.database is not None:
            assert self.folder is not None  # the database is the folder's
            self.tables.load(self.database, self.folder)
        limits = self.limits
        counted = accepts_through_socket(asyncio.get_running_loop())
        connection = type("Connection", (DoorConnection,), {"door": self.door, "counted": counted})
        # No permessage-deflate: the messages are small, and compressing them costs more time than it saves.
        # origins: None is a client that sends no Origin header (not a browser), the only kind allowed by default
        self.server = await serve(self.handle, sock=listening_socket(host, port, self.door), compression=None,
                                  max_size=2 * P.MAX_MESSAGE_BYTES, ping_interval=limits.ping_interval,
                                  ping_timeout=limits.ping_timeout, close_timeout=CLOSE_SECONDS,
                                  open_timeout=limits.handshake_seconds, ssl=self.tls,
                                  origins=[None, *(Origin(each) for each in self.origins)],
                                  create_connection=connection)
        self.port = self.server.sockets[0].getsockname()[1]
        for table in self.tables.values():
            self.run(table)
        log.info("listening on %s port %d (%s), %d tables", host, self.port, "wss" if self.tls else "ws",
                 len(self.tables))

    async def stop(self, why: Refusal = SERVER_STOPPED) -> None:
        """Tell every client why (``closed``) and close every connection (every table is in the database
        already)."""
        self.closing = True
        for seated in self.seated.values():
            for client in seated.values():
                client.send(closed(why))
                client.stop()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for task in list(self.tasks):
            task.cancel()
        self.close_database()
        self.lines.flush()
        log.info("stopped: %d tables saved", len(self.tables))

    def close_database(self) -> None:
        if self.database is not None:
            self.database.close()
            self.database = self.keeper.database = None

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- connections ---

    async def handle(self, ws: ServerConnection) -> None:
        client = Client(ws, self.limits, self.lines)
        address = address_key(client.address)
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), self.limits.hello_seconds)
            except TimeoutError:
                client.send(error(Refusal("say-hello")))
                self.door.silent(address)
                return
            # an address that named wrong codes waits before anything it says first is looked at (a connection
            # closed meanwhile, or by the server stopping, waits no more)
            wait = self.door.wait_before_looking(address, time.monotonic())
            if wait > 0:
                try:
                    await asyncio.wait_for(ws.wait_closed(), wait)
                    return
                except TimeoutError:
                    pass
            if not self.guarded(client, self.welcome, first):
                return
            async for text in ws:
                if client.within_rate():
                    self.guarded(client, self.receive, text)
                    # The replies go out, and the other tables have their turn, before the next message is read: a
                    # burst read in one go held every reply back until its end (600 hints filled the send queue,
                    # and an honest client was let go as one that does not read).
                    await asyncio.sleep(0)
                else:  # past the rate: nothing more is read from it for a while, so a flood waits in the network
                    try:  # (websockets stops reading once a few messages wait)
                        await asyncio.wait_for(ws.wait_closed(), FLOOD_PAUSE)
                        break  # gone: the rest of its flood goes with it
                    except TimeoutError:
                        pass
        except ConnectionClosed:
            pass
        finally:
            self.left(client)
            client.gone()
            client.stop()
            await asyncio.wait([client.sender], timeout=1)

    @staticmethod
    def guarded(client: Client, handler: Callable[[Client, str | bytes], bool | None], text: str | bytes
                ) -> bool | None:
        """``handler(client, text)``, with a fault in the server's own code logged (with its traceback) and
        answered with an error, so that one message can never take the server down. False after a fault."""
        try:
            return handler(client, text)
        except Exception:  # noqa: BLE001  (a bug, not the client's fault: logged in full)
            client.lines.log(client.address, logging.ERROR, "%s: a message could not be handled", client,
                             exc_info=True)
            client.send(error(Refusal("server-fault")))
            return False

    def welcome(self, client: Client, text: str | bytes) -> bool:
        """The first message: hello (join or rejoin a table) or create. False if the connection is to close."""
        try:
            message = P.read(text)
            token: str | None
            match message:
                case M.Create():
                    table, token = self.tables.create(message, address_key(client.address), time.monotonic())
                    seat = table.record.owner
                    self.run(table)
                case M.Hello():
                    table, seat, token = self.tables.join(message)
                case M.Start() | M.Computer() | M.Sit() | M.Act() | M.AskHint() | M.Claim() | M.Next() | M.Bye():
                    raise P.ProtocolError("say hello (or create) first")
                case _:
                    assert_never(message)
        except NotTaken as err:  # no such table (a wrong code), a seat not free, a limit, a bad message
            if isinstance(err, NoSuchTable):
                self.door.wrong_code(address_key(client.address), time.monotonic())
            client.send(error(err.why))
            client.log(logging.WARNING, "%s refused: %s", client, err)
            return False
        seated = self.seated.setdefault(table.code, {})
        previous = seated.get(seat)
        if previous is not None:  # the same player from a new connection: the old one goes
            previous.table = None
            previous.send(closed(Refusal("joined-elsewhere")))
            previous.stop()
        client.table, client.seat = table, seat
        seated[seat] = client
        client.log(logging.INFO, "%s is %s at table %s seat %d", client.address, table.record.seats[seat].name,
                   table.code, seat)
        self.tell(table, table.arrive(seat, token))
        self.wake(table)
        return True

    def left(self, client: Client) -> None:
        table = client.table
        if table is None or self.seated.get(table.code, {}).get(client.seat) is not client:
            return
        if self.closing:  # sent away by the server stopping: the table is kept as it was, not as left by them
            return
        del self.seated[table.code][client.seat]
        self.tell(table, table.left(client.seat, time.monotonic()))
        self.wake(table)

    def receive(self, client: Client, text: str | bytes) -> None:
        table, seat = client.table, client.seat
        if table is None:  # let go (given to a computer, or joined again from another connection): closing
            return
        try:
            message = P.read(text)
            match message:
                case M.Bye():
                    client.stop()
                    return
                case M.Hello() | M.Create():
                    raise P.ProtocolError("already at a table")
                case M.Start() | M.Computer() | M.Sit() | M.Act() | M.AskHint() | M.Claim() | M.Next():
                    told = table.receive(seat, message)
                case _:
                    assert_never(message)
        except P.ProtocolError as err:
            client.bad_message(err)
            return
        self.tell(table, told)
        self.wake(table)

    def tell(self, table: TableRunner, told: list[Out]) -> None:
        """What a table's parts answered, carried out in order on the connections at its seats."""
        seated = self.seated.get(table.code, {})
        for each in told:
            match each:
                case Say():
                    client = seated.get(each.seat)
                    if client is not None:
                        client.send(each.message)
                case Moved():
                    moving = seated.pop(each.seat)
                    moving.seat = each.to
                    seated[each.to] = moving
                case LetGo():
                    client = seated.pop(each.seat, None)
                    if client is not None:
                        client.table = None
                        client.stop()
                case _:
                    assert_never(each)

    # --- running a table ---

    def wake(self, table: TableRunner) -> None:
        """Something at the table may have changed: it is stepped again soon."""
        waking = self.waking.get(table.code)
        if waking is not None:
            waking.set()

    def run(self, table: TableRunner) -> None:
        """Drive ``table`` on a task of its own, woken by its messages and by its computers' answers."""
        waking = self.waking[table.code] = asyncio.Event()
        loop = asyncio.get_running_loop()

        def wake_from_a_thread() -> None:  # the AI worker's thread, when a computer has decided
            try:
                loop.call_soon_threadsafe(waking.set)
            except RuntimeError:  # the server has stopped and its loop is closed: nothing is left to wake
                pass

        table.wake = wake_from_a_thread
        self.spawn(self.drive(table, waking))

    async def drive(self, table: TableRunner, waking: asyncio.Event) -> None:
        """The table's flow: stepped whenever something may have changed (a client's message, a computer's answer,
        a timer), until nothing more will happen there."""
        while not self.closing:
            ended = self.tables.get(table.code) is not table  # ended to make room for a new table
            if ended or table.is_done(time.monotonic()):
                if not ended:
                    self.tables.end(table)
                self.seated.pop(table.code, None)
                self.waking.pop(table.code, None)
                return
            wait = 1.0
            if table.started:
                told, wait = table.step(time.monotonic())
                self.tell(table, told)
            waking.clear()
            if wait > 0:
                try:
                    await asyncio.wait_for(waking.wait(), wait)
                except TimeoutError:
                    pass
            else:
                await asyncio.sleep(0)
