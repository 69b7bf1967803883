"""Network tests on the loopback address only: a table server on a thread of its own, and players played by the
test through the same client the window uses (each deciding only from its own seat's view). No wait has a
deadline of its own: a hang is stopped by the test's timeout (pytest-timeout), so a busy machine fails nothing."""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
import ssl
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Protocol, TypedDict, TypeVar

import trustme
from websockets.sync.client import ClientConnection, connect

from game.ai.worker import AIWorker
from game.net import messages as M
from game.net import protocol as P
from game.net.client import Link, NetClient, RemoteTable
from game.net.discovery import SERVICE, Browser
from game.net.protocol import Limits, fingerprint
from game.net.runner import TableRunner
from game.net.server import TableServer
from game.review import hint_player
from game.runtime import LoopThread
from game.table.controller import TableController
from game.table.intents import Closed, HandOver, Intent, MatchOver, Message, Turn
from game.table.session import Session

Answer = TypeVar("Answer")
# a message as raw JSON, as a stranger's client writes it from PROTOCOL.md and reads the server's (its fields hold
# whatever was written, right or not)
Json = dict[str, Any]

LOOPBACK = "127.0.0.1"
# computers play at once, the test's players may act quickly, and a connection that stops answering is noticed
# within seconds (a loaded machine may take seconds to answer a ping: only a hang should drop one)
FAST = Limits(pause=0.0, messages_per_second=500, burst=500, ping_interval=0.5, ping_timeout=5.0)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until(condition: Callable[[], bool]) -> None:
    """Wait for what the server does in its own time: no deadline, so a busy machine fails nothing; a server that
    never does it is stopped by the test's timeout (pytest-timeout), which names the test."""
    while not condition():
        time.sleep(0.02)


def wait_for_port(port: int, host: str = LOOPBACK) -> None:
    while True:
        try:
            socket.create_connection((host, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)


def tls_server_context(authority: trustme.CA) -> tuple[ssl.SSLContext, str]:
    """A server's TLS with a new certificate of ``authority`` for the loopback address, and the certificate's
    fingerprint."""
    certificate = authority.issue_cert(LOOPBACK, "localhost")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    certificate.configure_cert(context)
    pem = certificate.cert_chain_pems[0].bytes().decode("ascii")
    return context, fingerprint(ssl.PEM_cert_to_DER_cert(pem))


class ServerThread:
    """A TableServer in an event loop on its own thread, listening on a free loopback port."""

    def __init__(self, folder: Path | None = None, limits: Limits | None = None,
                 tls: ssl.SSLContext | None = None) -> None:
        self.worker = AIWorker(search_process=False)
        self.server = TableServer(folder, limits or FAST, self.worker, tls=tls, hint=hint_player)
        self.runner = LoopThread("test-server")
        self.runner.start(lambda: self.server.start(LOOPBACK, 0))
        self.port = self.server.port

    def call(self, function: Callable[..., Answer], *args: object) -> Answer:
        """Run ``function`` on the server's loop and return its result (the server is not thread-safe)."""
        return self.runner.call(function, *args)

    def stop(self) -> None:
        self.runner.stop(last=self.server.stop())
        self.worker.close()


def session_of(runner: TableRunner) -> Session:
    """The match a table on a server plays (asserted: it has begun)."""
    assert runner.session is not None, "the match has not begun"
    return runner.session


def controller_of(runner: TableRunner) -> TableController:
    """The table controller of a runner's match (asserted: it has begun)."""
    assert runner.controller is not None, "the match has not begun"
    return runner.controller


class ServeTables(Protocol):
    """The ``served`` fixture (tests/conftest.py): a ``ServerThread``, stopped after the test."""
    def __call__(self, folder: Path | None = None, limits: Limits | None = None,
                 tls: ssl.SSLContext | None = None) -> ServerThread: ...


def first_message(client: NetClient) -> M.Welcome | M.Error | M.Closed | Link:
    """The welcome (or the refusal) a new connection gets."""
    while True:
        message = client.inbox.get()
        if isinstance(message, M.Welcome | M.Error | M.Closed) or (isinstance(message, Link) and message.ended):
            return message


def wire(kind: str, **fields: object) -> str:
    """A message as a stranger's client writes it from PROTOCOL.md, whatever its fields hold (right or not)."""
    return json.dumps({"v": P.VERSION, "type": kind, **fields})


def request(kind: str, fields: dict[str, object]) -> M.Hello | M.Create:
    """A first message (hello or create) from its fields, read as the server reads it."""
    first = P.read(wire(kind, **fields))
    assert isinstance(first, M.Hello | M.Create), first
    return first


class Player:
    """A person at another computer, played by the test: it decides from its own view only (the legal actions
    the server lists, or the first cards of its hand for a nest or a pass), presses Next hand (unless told to stay
    at the score sheet: ``presses_next``), and keeps every intent it was shown."""

    def __init__(self, port: int, kind: str, fields: dict[str, object], seed: int = 0,
                 pinned: str | None = None) -> None:
        """``pinned``: over wss://, the server certificate's fingerprint (trusted as a player trusts it)."""
        self.client = NetClient(LOOPBACK, port, request(kind, fields), retry_for=30, pinned=pinned)
        welcome = first_message(self.client)
        assert isinstance(welcome, M.Welcome), welcome
        self.welcome = welcome
        self.table = RemoteTable(self.client, welcome)
        self.rng = random.Random(seed)
        self.shown: list[Intent | str] = []  # the lines before the match, then the intents
        self.over = False
        self.closed = ""
        self.presses_next = True

    def step(self) -> bool:
        """Show and answer what came; False when nothing came."""
        if not self.table.started:
            self.shown += self.table.before_the_match()
            return False
        intents = self.table.poll()
        for intent in intents:
            self.shown.append(intent)
            if isinstance(intent, Turn):
                self.decide()
            elif isinstance(intent, HandOver):
                if self.presses_next:
                    self.table.next_hand()
            elif isinstance(intent, MatchOver):
                self.over = True
            elif isinstance(intent, Closed):
                self.closed = intent.reason
            elif isinstance(intent, Message):
                assert "Too many" not in intent.text, intent.text
        return bool(intents)

    def decide(self) -> None:
        view = self.table.view()
        if view.cards_to_choose:
            word = "discard" if view.phase == "nest" else "pass-cards"
            self.table.act(f"{word} {' '.join(view.hand[:view.cards_to_choose])}")
        elif view.phase == "lay-aside":
            self.table.act(f"lay-aside {view.hand[0]}")
        elif view.phase == "bid":
            legal = [choice.text for choice in view.legal]
            self.table.act("pass" if "pass" in legal else legal[0])
        else:
            self.table.act(self.rng.choice(view.legal).text)

    def close(self) -> None:
        self.client.close()

    def killed(self) -> None:
        """Gone without a word, as a game killed would be: the connection is cut and not tried again."""
        client = self.client
        client.closing = True
        connection = client.connection
        assert connection is not None, "not connected"
        client.loop.call_soon_threadsafe(connection.transport.abort)

    def frozen(self) -> None:
        """Still connected but reading and answering nothing, not even the server's pings (a half-open
        connection, as when a network goes away without a word)."""
        client = self.client
        client.closing = True
        connection = client.connection
        assert connection is not None, "not connected"
        client.loop.call_soon_threadsafe(connection.transport.pause_reading)


def play_until(players: list[Player], done: Callable[[], object]) -> None:
    """Step every player until ``done()``."""
    while not done():
        if not any([player.step() for player in players]):
            time.sleep(0.002)


class FakeInfo:
    """What zeroconf's get_service_info answers about one service."""

    def __init__(self, address: str, port: int, txt: dict[str, str]) -> None:
        self.address, self.port = address, port
        self.properties = {key.encode(): value.encode() for key, value in txt.items()}

    def parsed_addresses(self) -> list[str]:
        return [self.address]


class FakeZeroconf:
    """Stands in for zeroconf when a test tells a Browser what came and went on the network, as zeroconf's
    ServiceBrowser would (by keyword): no network needed."""

    def __init__(self) -> None:
        self.services: dict[str, FakeInfo] = {}

    def get_service_info(self, service_type: str, name: str, timeout: int) -> FakeInfo | None:
        assert service_type == SERVICE and timeout > 0
        return self.services.get(name)

    def tell(self, browser: Browser, name: str, change: str, info: FakeInfo | None = None) -> None:
        """``change``: Added, Updated or Removed (zeroconf's ServiceStateChange)."""
        from zeroconf import ServiceStateChange

        if info is not None:
            self.services[name] = info
        elif change == "Removed":
            self.services.pop(name, None)
        browser.noticed(zeroconf=self, service_type=SERVICE, name=name, state_change=ServiceStateChange[change])


def server_process(port: int, folder: Path, *extra: str, announce: bool = False,
                   language: str | None = None) -> subprocess.Popen[str]:
    """``python -m game.server`` on the loopback address; ``announce``: on the local network too (it is not, unless
    a test is about that); ``language``: its system's (LANGUAGE), else the tests' own."""
    system = {**os.environ, "LANGUAGE": language} if language is not None else None
    return subprocess.Popen([sys.executable, "-m", "game.server", "--host", LOOPBACK, "--port", str(port),
                             "--data", str(folder), "--pause", "0", "--keep", "30", "--per-address", "64",
                             "--no-search-process", *([] if announce else ["--no-announce"]), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=system)


def raw(port: int, **options: Any) -> ClientConnection:  # options: connect()'s own, passed on as they are
    connection: ClientConnection = connect(f"ws://{LOOPBACK}:{port}", open_timeout=5, close_timeout=1, **options)
    return connection


def answer(ws: ClientConnection) -> Json:
    """The next message, read as a stranger's client reads it."""
    said: Json = json.loads(ws.recv(timeout=5))
    return said


class WriteCounts(TypedDict):
    """The ``failing_writes`` fixture (tests/conftest.py): the writes tried, the first to fail (None: none
    fails), the writes failed."""
    writes: int
    fail_from: int | None
    failed: int


class FailingConnection:
    """An SQLite connection whose writes fail, as on a full disk, from the ``fail_from``-th write on (counted by
    ``writes``) until ``fail_from`` is None again; reads work."""

    def __init__(self, real: sqlite3.Connection, counts: WriteCounts) -> None:
        self.real, self.counts = real, counts

    def _write(self, sql: str) -> None:
        if sql.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            self.counts["writes"] += 1
            if self.counts["fail_from"] is not None and self.counts["writes"] >= self.counts["fail_from"]:
                self.counts["failed"] += 1
                raise sqlite3.OperationalError("database or disk is full")

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # args: the parameters, passed on
        self._write(sql)
        return self.real.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        self._write(sql)
        return self.real.executemany(sql, *args)

    def __enter__(self) -> sqlite3.Connection:
        return self.real.__enter__()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> Literal[False]:
        return self.real.__exit__(kind, error, trace)

    def __getattr__(self, name: str) -> Any:  # whatever the real connection has
        return getattr(self.real, name)
