"""A seat at a table on another computer: the connection (NetClient), on a thread of its own so the window never
waits on the network, and the table as the window shows it (RemoteTable, the same members as a table played
here: game/table/local.py). The client decides no rule: it sends action texts and shows the view and the events
the server sends for its seat.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import errno
import json
import logging
import queue
import socket
import time
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine import Event, score_columns
from game.engine.results import HandResult, Outcome, running_totals
from game.engine.rules import rules_from_dict
from game.engine.view import SeatView, ViewError, choice_of
from game.runtime import LoopThread
from game.table.controller import Claimed, Closed, HandOver, Hint, MatchOver, Message, NewHand, Played, Turn

from . import protocol as P

log = logging.getLogger("trickhouse.client")
RETRY_SECONDS = 2.0  # between two tries to reconnect
RETRY_FOR = 300.0  # a dropped connection is tried again this long before giving up
REFUSED = {errno.ECONNREFUSED, 10061}  # nothing listens at the port (10061: Windows' WSAECONNREFUSED)
UNREACHABLE = {errno.ENETUNREACH, errno.EHOSTUNREACH, 10051, 10065}  # no way to that computer (and Windows')


def reach_problem(err: BaseException, host: str, port: int) -> str:
    """Why a table could not be reached, in a player's words and with what to try (the system's own words, such as
    "[Errno 111] Connect call failed", go to the log only)."""
    where = f"{host}:{port}"
    number = getattr(err, "errno", None)
    if isinstance(err, ConnectionRefusedError) or number in REFUSED or "Connect call failed" in str(err):
        return f"Nobody is hosting a table at {where}. Is the host's game open on its lobby?"
    if isinstance(err, socket.gaierror):
        return f"No computer called {host} was found: check the address"
    if isinstance(err, TimeoutError):
        return (f"No answer from {where}: check the address, and that the host's firewall (or router, over the "
                "internet) lets the game in")
    if number in UNREACHABLE:
        return f"{host} cannot be reached from this computer: check the address and the network"
    if isinstance(err, InvalidURI):
        return f"{where} is not an address a table can have: type it as 192.168.1.20 or 192.168.1.20:47474"
    if isinstance(err, InvalidHandshake):
        return f"Something at {where} answered, but it is not a Trickhouse table: check the port"
    if isinstance(err, ConnectionClosed):
        return f"The table at {where} closed the connection before letting you in"
    reason = getattr(err, "strerror", None) or "the connection failed"
    return f"The table at {where} could not be reached: {reason[:1].lower()}{reason[1:]}"


@dataclass(frozen=True)
class Link:
    """What happened to the connection itself: connecting, connected, retrying (after a drop) or closed."""
    state: str
    reason: str = ""


class NetClient:
    """Sends its first message (a hello to join or rejoin a table, or a create), then whatever ``send`` asks;
    everything the server says goes to ``inbox`` as dicts, with Link notes about the connection. A dropped
    connection is tried again with the seat's token until ``retry_for`` seconds pass; a "closed" from the server
    ends it."""

    def __init__(self, address: str, port: int, kind: str, fields: dict, retry_for: float = RETRY_FOR):
        self.address, self.port = address, port
        self.uri = f"ws://{address}:{port}"
        self.first = (kind, fields)
        self.name = fields.get("name", "")
        self.code = fields.get("code", "")
        self.retry_for = retry_for
        self.inbox: queue.Queue = queue.Queue()
        self.token: str | None = fields.get("token")
        self.connection = None  # the WebSocket while connected
        self.closing = False
        self.runner = LoopThread("trickhouse-net")
        self.outbox: asyncio.Queue[str | None] = self.runner.start(self._make_outbox)
        self.talking = self.runner.submit(self._connection())

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self.runner.loop

    async def _make_outbox(self) -> asyncio.Queue[str | None]:
        return asyncio.Queue()  # made on the loop's thread, whose queue it is

    def send(self, kind: str, **fields):
        """Queue a message for the server (from any thread)."""
        text = P.write(kind, **fields)
        if self.runner.running:
            self.runner.call_soon(self.outbox.put_nowait, text)

    def close(self):
        """Say goodbye and stop (from any thread): the connection ends, then its loop."""
        if self.closing:
            return
        self.closing = True
        self.send("bye")
        if self.runner.running:
            self.runner.call_soon(self.outbox.put_nowait, None)
        try:
            self.talking.result(2)
        except (concurrent.futures.TimeoutError, concurrent.futures.CancelledError):
            pass
        self.runner.stop(timeout=2)

    async def _connection(self):
        """The connection, tried again after a drop, until the table is over for this client; then its loop stops
        (``close`` closes it)."""
        try:
            await self._connect_and_talk()
        finally:
            asyncio.get_running_loop().stop()

    async def _connect_and_talk(self):
        dropped_at = None
        kind, fields = self.first
        while not self.closing:
            self.inbox.put(Link("connecting" if dropped_at is None else "retrying"))
            try:
                async with connect(self.uri, open_timeout=5, close_timeout=1, max_size=2**22, compression=None) as ws:
                    await ws.send(P.write(kind, **fields))
                    dropped_at = None
                    ended = await self._talk(ws)
                    if ended:
                        return
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as err:
                if self.token is None:  # never got a seat: nothing to come back to
                    log.info("could not reach %s: %s", self.uri, str(err) or type(err).__name__)
                    self.inbox.put(Link("closed", reach_problem(err, self.address, self.port)))
                    return
            loop_time = self.loop.time()
            dropped_at = dropped_at or loop_time
            if loop_time - dropped_at > self.retry_for:
                self.inbox.put(Link("closed", "The table could not be reached again"))
                return
            kind, fields = "hello", {"name": self.name, "code": self.code, "token": self.token}
            await asyncio.sleep(RETRY_SECONDS)
        self.inbox.put(Link("closed", "You left the table"))

    async def _talk(self, ws) -> bool:
        """Messages both ways until the connection drops (False) or the table is over for this client (True)."""
        self.connection = ws
        outgoing = asyncio.ensure_future(self._send_all(ws))
        welcomed = False
        try:
            async for text in ws:
                message = json.loads(text)
                if message.get("type") == "welcome":
                    welcomed = True
                    self.token = message.get("token") or self.token
                    self.code = message["code"]
                    self.inbox.put(Link("connected"))
                self.inbox.put(message)
                # an error before the welcome is a refusal (no such table, the seat is not theirs): asking again
                # would only be refused again
                if message.get("type") == "closed" or (message.get("type") == "error" and not welcomed):
                    self.inbox.put(Link("closed", message.get("reason", "")))
                    return True
            return self.closing
        except ConnectionClosed:
            return self.closing
        finally:
            outgoing.cancel()
            await asyncio.gather(outgoing, return_exceptions=True)  # ended here, not left for the loop's close

    async def _send_all(self, ws):
        while (text := await self.outbox.get()) is not None:
            await ws.send(text)
        await ws.close()


def _event_fields(data: dict[str, Any]) -> dict[str, Any]:
    """An event's fields as the server sent them (``Event.to_json``), its cards a tuple again."""
    return {k: (tuple(v) if k == "cards" else v) for k, v in data.items()}


def welcomed(client: NetClient) -> dict | str | None:
    """A new connection's answer, without waiting: the welcome, the reason it was refused, or None (not yet)."""
    while not client.inbox.empty():
        message = client.inbox.get_nowait()
        if isinstance(message, dict) and message.get("type") == "welcome":
            return message
        if isinstance(message, dict) and message.get("type") in ("error", "closed"):
            client.close()
            return message.get("reason") or "The table refused"
        if isinstance(message, Link) and message.state == "closed":
            return message.reason or "The table could not be reached"
    return None


class RemoteTable:
    """A table whose match runs on a server, as one seat's screen sees it (the members of game/table/local.py:
    LocalTable): the view, names and results the server sent, and decisions sent as action texts."""

    def __init__(self, client: NetClient, welcome: dict):
        self.client = client
        self.viewer = welcome["seat"]
        self.code = welcome["code"]
        self.owner = welcome["owner"]
        self.rules = rules_from_dict(welcome["rules"], "the server's rules")
        self.seats: list[dict] = []
        self._view: SeatView | None = None
        self._results: list[HandResult] = []
        self.hand_number = 1
        self.match_over = False
        self.winners: list[int] = []
        self.started = False
        self.link = "connected"
        self.pending: list = []  # intents from messages read, not yet shown

    # --- the screen's questions ---

    def view(self) -> SeatView:
        if self._view is None:
            raise RuntimeError("no view before the match begins")
        return self._view

    def name(self, seat: int) -> str:
        return "Dummy" if seat == self.rules.dummy_seat else self.seats[seat]["name"]

    def person(self, seat: int) -> bool:
        return seat < len(self.seats) and self.seats[seat]["kind"] == "online" and not self.seats[seat]["away"]

    def at_screen(self, seat: int) -> bool:
        return seat == self.viewer and self.link == "connected"

    def shows_hand(self) -> bool:
        return True  # one seat a screen: its cards are its player's

    def status(self, seat: int) -> str:
        if seat >= len(self.seats):
            return ""
        place = self.seats[seat]
        if place["thinking"]:
            return "thinking"
        if place["kind"] == "online" and place["away"]:
            return "a computer plays for now"
        if place["kind"] == "online" and not place["connected"]:
            return "dropped out"
        return ""

    hot_seat = False

    def can_undo(self) -> bool:
        return False  # never at a table with more than one person

    def claimable(self) -> bool:
        return False

    def results(self) -> list[HandResult]:
        return self._results

    def totals(self) -> list[tuple[int, ...]]:
        return running_totals(self._results, self.rules.players)

    def score_columns(self) -> list[tuple[str, tuple[int, ...]]]:
        return [(" & ".join(self.name(seat) for seat in seats), seats) for seats in score_columns(self.rules)]

    def review_subject(self) -> None:
        """No review here: this screen knows only its own seat's view of the hand, not the deal it was played
        from (the server keeps that)."""
        return None

    def deal_code(self) -> str | None:
        return None  # the deal stays on the server, which sends no one the other seats' cards

    def check(self, action: str) -> str | None:
        return None  # the server judges

    # --- what the screen does ---

    def act(self, action: str):
        self.client.send("act", action=action)

    def take_over(self, seat: int):
        pass

    def next_hand(self):
        self.client.send("next")

    def request_hint(self) -> bool:
        self.client.send("hint")
        return True

    def claim(self):
        self.client.send("claim")

    def undo(self) -> str:
        return "Undo is not offered at a table with more than one person"

    def awaiting(self) -> bool:
        """The server may say something at any moment (another player's card, a player joining or leaving)."""
        return True

    def wait(self, timeout: float):
        """Up to ``timeout`` seconds for a message to arrive, leaving it (and the order of those waiting) as it is:
        tests run frames back to back and must give the network thread the interpreter."""
        deadline = time.monotonic() + timeout
        while self.client.inbox.empty() and time.monotonic() < deadline:
            time.sleep(0.002)

    def close(self):
        self.client.close()

    # --- what the server says, read when the screen is ready ---

    def before_the_match(self) -> list[str]:
        """In the lobby: read what the server says until the match begins (then stop, leaving the rest for the
        table); the lines to show (a refusal, the table closed)."""
        said = []
        while not self.started:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                break
            said += [intent.text if isinstance(intent, Message) else intent.reason for intent in self.read(message)
                     if isinstance(intent, (Message, Closed))]
        return said

    def poll(self, ready: bool = True) -> list:
        """The next thing to show: messages are read until one gives something to show, so that cards played one
        after another are shown one after another."""
        while not self.pending:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return []
            self.pending = self.read(message)
        shown, self.pending = self.pending[:1], self.pending[1:]
        return shown

    def read(self, message) -> list:
        """What a message from the server gives the screen to show. A view the game cannot read ends the table for
        this screen, saying why: it would show a table that is not there."""
        try:
            return self._read(message)
        except ViewError as err:
            return [Closed(f"The server sent a table this game cannot show ({err}). Leave and join again.")]

    def _read(self, message) -> list:
        if isinstance(message, Link):
            self.link = message.state
            return [Closed(message.reason)] if message.state == "closed" else []
        kind = message.get("type")
        if kind == "seats":
            self.seats = message["seats"]
        elif kind == "seated":
            self.viewer = message["seat"]
        elif kind == "state":
            new_hand = self._view is not None and message["hand"] != self.hand_number
            self._view, self.hand_number, self.seats = SeatView.from_json(message["view"]), message["hand"], \
                message["seats"]
            self._results = [HandResult.from_json(r["result"]) for r in message["results"]]
            self.match_over, self.winners, self.started = message["over"], message["winners"], True
            return [NewHand(self.hand_number)] if new_hand else []
        elif kind in ("played", "claimed"):
            self._view = SeatView.from_json(message["view"])
            events = tuple(Event(**_event_fields(e)) for e in message["events"])
            return [Played(message["seat"], "", events) if kind == "played" else Claimed(message["seat"], events)]
        elif kind == "turn":
            return [Turn(self.viewer, message["phase"])]
        elif kind == "refused":
            view = self._view
            again = view is not None and view.to_move == self.viewer and view.phase not in ("play", "done")
            return [Message(message["reason"])] + ([Turn(self.viewer, view.phase)] if view is not None and again
                                                   else [])
        elif kind == "hint":
            try:
                return [Hint(self.viewer, choice_of(message["action"], self.rules.deck))]
            except (ValueError, TypeError):  # the server's hint is no action: nothing to show
                return []
        elif kind == "hand-over":
            self._view = SeatView.from_json(message["view"])
            result = HandResult.from_json(message["result"])
            self._results.append(result)
            self.match_over = message["over"]
            return [HandOver(result)]
        elif kind == "match-over":
            self.match_over, self.winners = True, message["winners"]
            return [MatchOver(Outcome(tuple(self.winners), len(self._results)))]
        elif kind in ("error", "closed"):
            return [Message(message["reason"])]
        return []
