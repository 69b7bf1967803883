"""A seat at a table on another computer: the connection (NetClient), on a thread of its own so the window never
waits on the network, and the table as the window shows it (RemoteTable: the ``Table`` surface of
game/table/surface.py, as a table played here has it). The client decides no rule: it sends action texts and shows
the view and the events the server sends for its seat, each message read into its typed class
(game/net/messages.py) as it arrives.

Over ``wss://`` the server's certificate is checked as a browser would; one that no authority vouches for (a
club's self-signed certificate) is trusted only as the player says: its SHA-256 fingerprint is shown to them
(``Link`` "untrusted"), and once trusted it is pinned: a connection whose certificate has another fingerprint is
refused ("changed") before anything is sent on it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import errno
import logging
import queue
import socket
import ssl
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine import score_columns
from game.engine.language import N_, gettext
from game.engine.results import HandResult, Outcome, running_totals
from game.engine.rules import rules_from_dict
from game.engine.view import SeatView, ViewError, choice_of
from game.engine.words import name_seen_by
from game.runtime import LoopThread
from game.table.intents import Claimed, Closed, HandOver, Hint, Intent, MatchOver, Message, NewHand, Played, Turn
from game.table.surface import Table

from . import messages as M
from . import protocol as P
from .protocol import fingerprint
from .reasons import shown

log = logging.getLogger("trickhouse.client")
RETRY_SECONDS = 2.0  # between two tries to reconnect
RETRY_FOR = 300.0  # a dropped connection is tried again this long before giving up
RESUMED = N_("The server can save again: play goes on")
REFUSED = {errno.ECONNREFUSED, 10061}  # nothing listens at the port (10061: Windows' WSAECONNREFUSED)
UNREACHABLE = {errno.ENETUNREACH, errno.EHOSTUNREACH, 10051, 10065}  # no way to that computer (and Windows')


def reach_problem(err: BaseException, host: str, port: int) -> str:
    """Why a table could not be reached, in a player's words and with what to try (the system's own words, such as
    "[Errno 111] Connect call failed", go to the log only)."""
    where = f"{host}:{port}"
    number = getattr(err, "errno", None)
    if isinstance(err, ConnectionRefusedError) or number in REFUSED or "Connect call failed" in str(err):
        return gettext("Nobody is hosting a table at {where}. Is the host's game open on its lobby?").format(
            where=where)
    if isinstance(err, socket.gaierror):
        return gettext("No computer called {host} was found: check the address").format(host=host)
    if isinstance(err, TimeoutError):
        return gettext("No answer from {where}: check the address, and that the host's firewall (or router, over "
                       "the internet) lets the game in").format(where=where)
    if number in UNREACHABLE:
        return gettext("{host} cannot be reached from this computer: check the address and the network").format(
            host=host)
    if isinstance(err, InvalidURI):
        return gettext("{where} is not an address a table can have: type it as 192.168.1.20 or "
                       "192.168.1.20:47474").format(where=where)
    if isinstance(err, ssl.SSLError):
        return gettext("The table at {where} could not be reached securely: check the address (wss:// only for a "
                       "table that serves it)").format(where=where)
    if isinstance(err, InvalidHandshake):
        return gettext("Something at {where} answered, but it is not a Trickhouse table: check the port (a server "
                       "that serves TLS needs wss:// before its address)").format(where=where)
    if isinstance(err, ConnectionClosed):
        return gettext("The table at {where} closed the connection before letting you in").format(where=where)
    reason = getattr(err, "strerror", None) or gettext("the connection failed")
    return gettext("The table at {where} could not be reached: {reason}").format(
        where=where, reason=f"{reason[:1].lower()}{reason[1:]}")


@dataclass(frozen=True)
class Link:
    """What happened to the connection itself: connecting, connected, retrying (after a drop) or closed; over
    wss://, "untrusted" (a certificate no authority vouches for, whose ``fingerprint`` the player may trust) or
    "changed" (not the certificate the player trusted before: refused); both end the connection."""
    state: str
    reason: str = ""
    fingerprint: str = ""  # the server certificate's SHA-256, "AB:CD:..." (untrusted, changed)

    @property
    def ended(self) -> bool:
        return self.state in ("closed", "untrusted", "changed")


def unverified_context() -> ssl.SSLContext:
    """TLS that accepts any certificate: only to read a certificate's fingerprint, or with that fingerprint
    checked by hand at once (a pinned certificate)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class NetClient:
    """Sends its first message (a hello to join or rejoin a table, or a create), then whatever ``send`` asks;
    everything the server says goes to ``inbox`` as typed messages, with Link notes about the connection. A dropped
    connection is tried again with the seat's token until ``retry_for`` seconds pass; a "closed" from the server
    ends it. ``secure``: over wss://, the certificate checked by the system's authorities, or, with ``pinned``, by
    its fingerprint."""

    def __init__(self, address: str, port: int, first: M.Hello | M.Create, retry_for: float = RETRY_FOR,
                 secure: bool = False, pinned: str | None = None) -> None:
        self.address, self.port = address, port
        self.secure, self.pinned = secure or pinned is not None, pinned
        self.uri = f"{'wss' if self.secure else 'ws'}://{address}:{port}"
        self.first = first
        self.name = first.name
        self.code = first.code if isinstance(first, M.Hello) else ""
        self.retry_for = retry_for
        self.inbox: queue.Queue[M.AnyServerMessage | Link] = queue.Queue()
        self.token: str | None = first.token if isinstance(first, M.Hello) else None
        self.connection: ClientConnection | None = None  # the WebSocket while connected
        self.closing = False
        self.runner = LoopThread("trickhouse-net")
        self.outbox: asyncio.Queue[str | None] = self.runner.start(self._make_outbox)
        self.talking = self.runner.submit(self._connection())

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self.runner.loop

    async def _make_outbox(self) -> asyncio.Queue[str | None]:
        return asyncio.Queue()  # made on the loop's thread, whose queue it is

    def again(self, pinned: str) -> NetClient:
        """The same first message to the same server, its certificate pinned to ``pinned`` (the player trusts it)."""
        return NetClient(self.address, self.port, self.first, self.retry_for, secure=True, pinned=pinned)

    def send(self, message: M.ClientMessage) -> None:
        """Queue a message for the server (from any thread)."""
        text = P.encode(message)
        if self.runner.running:
            self.runner.call_soon(self.outbox.put_nowait, text)

    def close(self) -> None:
        """Say goodbye and stop (from any thread): the connection ends, then its loop."""
        if self.closing:
            return
        self.closing = True
        self.send(M.Bye())
        if self.runner.running:
            self.runner.call_soon(self.outbox.put_nowait, None)
        try:
            self.talking.result(2)
        except (concurrent.futures.TimeoutError, concurrent.futures.CancelledError):
            pass
        self.runner.stop(timeout=2)

    async def _connection(self) -> None:
        """The connection, tried again after a drop, until the table is over for this client; then its loop stops
        (``close`` closes it)."""
        try:
            await self._connect_and_talk()
        finally:
            asyncio.get_running_loop().stop()

    async def _connect_and_talk(self) -> None:
        dropped_at = None
        first: M.Hello | M.Create = self.first
        while not self.closing:
            self.inbox.put(Link("connecting" if dropped_at is None else "retrying"))
            try:
                # over wss://, websockets checks the certificate with the system's authorities unless it is pinned
                # (True: its default context; over ws://, none)
                tls: ssl.SSLContext | bool | None = unverified_context() if self.pinned is not None else \
                    True if self.secure else None
                async with connect(self.uri, open_timeout=5, close_timeout=1, max_size=2**22, compression=None,
                                   ssl=tls) as ws:
                    if (problem := self.certificate_problem(ws)) is not None:  # before anything is sent on it
                        self.inbox.put(problem)
                        return
                    await ws.send(P.encode(first))
                    dropped_at = None
                    ended = await self._talk(ws)
                    if ended:
                        return
            except ssl.SSLCertVerificationError as err:  # no authority vouches for it: the player may
                log.info("%s: %s", self.uri, err.verify_message)
                self.inbox.put(await self.untrusted())
                return
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as err:
                if self.token is None:  # never got a seat: nothing to come back to
                    log.info("could not reach %s: %s", self.uri, str(err) or type(err).__name__)
                    self.inbox.put(Link("closed", reach_problem(err, self.address, self.port)))
                    return
            loop_time = self.loop.time()
            dropped_at = dropped_at or loop_time
            if loop_time - dropped_at > self.retry_for:
                self.inbox.put(Link("closed", gettext("The table could not be reached again")))
                return
            first = M.Hello(name=self.name, code=self.code, token=self.token)
            await asyncio.sleep(RETRY_SECONDS)
        self.inbox.put(Link("closed", gettext("You left the table")))

    def certificate_problem(self, ws: ClientConnection) -> Link | None:
        """A pinned certificate that is not the one the player trusted (None: it is, or nothing is pinned)."""
        if self.pinned is None:
            return None
        connection = ws.transport.get_extra_info("ssl_object")
        shown = connection.getpeercert(binary_form=True) if connection is not None else None
        seen = fingerprint(shown) if shown else ""
        if seen == self.pinned:
            return None
        log.warning("%s: certificate %s, not the one trusted (%s): refused", self.uri, seen, self.pinned)
        return Link("changed", gettext(
            "The table at {where} shows a different certificate from the one you trusted before. It may not be the "
            "same server, so this game will not join it. If its host says they changed it, forget the old "
            "certificate and join again.").format(where=f"{self.address}:{self.port}"),
                    seen)

    async def untrusted(self) -> Link:
        """The certificate no authority vouches for, read (and nothing else done on that connection) so that the
        player can compare its fingerprint with the one the host gives them."""
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(self.address, self.port,
                                                                       ssl=unverified_context()), 5)
        except (OSError, TimeoutError) as err:
            return Link("closed", reach_problem(err, self.address, self.port))
        connection = writer.get_extra_info("ssl_object")
        shown = connection.getpeercert(binary_form=True) if connection is not None else None
        writer.close()
        if not shown:
            return Link("closed", gettext("The table at {where} showed no certificate").format(
                where=f"{self.address}:{self.port}"))
        return Link("untrusted", gettext("No certificate authority vouches for the table at {where}.").format(
            where=f"{self.address}:{self.port}"),
                    fingerprint(shown))

    async def _talk(self, ws: ClientConnection) -> bool:
        """Messages both ways until the connection drops (False) or the table is over for this client (True)."""
        self.connection = ws
        outgoing = asyncio.ensure_future(self._send_all(ws))
        welcomed = False
        try:
            async for text in ws:
                try:
                    message = P.read_reply(text)
                except P.ProtocolError as err:  # not a message this game can read: not a table to stay at
                    log.warning("%s sent a message this game cannot read: %s", self.uri, err)
                    self.inbox.put(Link("closed", gettext("The table sent something this game cannot read: it may "
                                                          "be a newer version")))
                    return True
                if isinstance(message, M.Welcome):
                    welcomed = True
                    self.token = message.token or self.token
                    self.code = message.code
                    self.inbox.put(Link("connected"))
                self.inbox.put(message)
                # an error before the welcome is a refusal (no such table, the seat is not theirs): asking again
                # would only be refused again
                if isinstance(message, M.Closed) or (isinstance(message, M.Error) and not welcomed):
                    self.inbox.put(Link("closed", shown(message.why, message.reason)))
                    return True
            return self.closing
        except ConnectionClosed:
            return self.closing
        finally:
            outgoing.cancel()
            await asyncio.gather(outgoing, return_exceptions=True)  # ended here, not left for the loop's close

    async def _send_all(self, ws: ClientConnection) -> None:
        while (text := await self.outbox.get()) is not None:
            await ws.send(text)
        await ws.close()


def welcomed(client: NetClient) -> M.Welcome | Link | None:
    """A new connection's answer, without waiting: the welcome, why it ended (a Link: closed with the reason it was
    refused, or a certificate to ask the player about), or None (not yet)."""
    while not client.inbox.empty():
        message = client.inbox.get_nowait()
        if isinstance(message, M.Welcome):
            return message
        if isinstance(message, M.Error | M.Closed):
            client.close()
            return Link("closed", shown(message.why, message.reason))
        if isinstance(message, Link) and message.ended:
            return message if message.reason else Link(message.state, gettext("The table could not be reached"))
    return None


class RemoteTable:
    """A table whose match runs on a server, as one seat's screen sees it (the ``Table`` surface of
    game/table/surface.py): the view, names and results the server sent, and decisions sent as action texts, answered
    through ``poll``."""

    def __init__(self, client: NetClient, welcome: M.Welcome) -> None:
        self.client = client
        self.viewer = welcome.seat
        self.code = welcome.code
        self.owner = welcome.owner
        self.rules = rules_from_dict(welcome.rules, "the server's rules")
        self.seats: list[M.SeatEntry] = []
        self._view: SeatView | None = None
        self._results: list[HandResult] = []
        self.hand_number = 1
        self.match_over = False
        self.winners: list[int] = []
        self.started = False
        self.link = "connected"
        self.pause: M.Paused | None = None  # the server cannot save: why play waits, shown while it lasts
        self.pending: list[Intent] = []  # intents from messages read, not yet shown
        # cards this seat chose ahead of its turn where everyone chooses at once (a Hearts pass): the server keeps
        # them until the engine comes to this seat, and the screen shows them gone from the hand meanwhile
        self.held: tuple[str, ...] = ()
        # positions (the hand's number, its actions so far) of the last turn told, and of the last one the server
        # found decided (``turn`` with ``claim``): Claim the rest is offered while the view is still there
        self.turn_at: tuple[int, int] | None = None
        self.claim_at: tuple[int, int] | None = None

    # --- the screen's questions ---

    def view(self) -> SeatView:
        if self._view is None:
            raise RuntimeError("no view before the match begins")
        return self._view

    def name(self, seat: int) -> str:
        """A seat's name as the screen shows it, in the language in force ("You" only for this screen's own seat,
        "Dummy")."""
        return gettext("Dummy") if seat == self.rules.dummy_seat else \
            name_seen_by(self.viewer, seat, self.seats[seat].name)

    def person(self, seat: int) -> bool:
        return seat < len(self.seats) and self.seats[seat].kind == "online" and not self.seats[seat].away

    def at_screen(self, seat: int) -> bool:
        return seat == self.viewer and self.link == "connected"

    def shows_hand(self) -> bool:
        return True  # one seat a screen: its cards are its player's

    @property
    def paused(self) -> str:
        """Why play waits while the server cannot save, in the language in force (it may change meanwhile)."""
        return "" if self.pause is None else shown(self.pause.why, self.pause.reason, self.rules.deck)

    def status(self, seat: int) -> str:
        if seat >= len(self.seats):
            return ""
        place = self.seats[seat]
        if place.thinking:
            return "thinking"  # a key: the table shows it as dots, never as the word
        if place.kind == "online" and place.away:
            return gettext("a computer plays for now")
        if place.kind == "online" and not place.connected:
            return gettext("dropped out")
        return ""

    hot_seat = False
    replays = None  # the match is the server's: it cannot be played again from here

    def can_undo(self) -> bool:
        return False  # never at a table with more than one person

    def claimable(self) -> bool:
        """The server said this seat may claim the rest, nothing was played since, and play is not paused (a claim
        would be refused until the server can save)."""
        view = self._view
        return view is not None and self.claim_at == (view.number, view.moves) and self.pause is None

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

    def act(self, action: str) -> None:
        view = self._view
        if view is not None and view.to_move != self.viewer and view.cards_to_choose:  # ahead of this seat's turn
            self.held = choice_of(action, self.rules.deck).cards
        self.client.send(M.Act(action=action))

    def take_over(self, seat: int) -> None:
        pass

    def next_hand(self) -> None:
        self.client.send(M.Next())

    def gives_hints(self) -> bool:
        return True  # the server answers: a hint, or why none comes

    def request_hint(self) -> bool:
        self.client.send(M.AskHint())
        return True

    def claim(self) -> None:
        self.client.send(M.Claim())

    # --- the lobby, before the match ---

    def start(self) -> None:
        """The owner starts the match."""
        self.client.send(M.Start())

    def give_to_computer(self, seat: int) -> None:
        """The owner gives a waiting seat to a computer."""
        self.client.send(M.Computer(seat=seat))

    def sit(self, seat: int) -> None:
        """This player moves to a waiting seat."""
        self.client.send(M.Sit(seat=seat))

    def undo(self) -> str:
        return gettext("Undo is not offered at a table with more than one person")

    def awaiting(self) -> bool:
        """The server may say something at any moment (another player's card, a player joining or leaving)."""
        return True

    def wait(self, timeout: float) -> None:
        """Up to ``timeout`` seconds for a message to arrive, leaving it (and the order of those waiting) as it is:
        tests run frames back to back and must give the network thread the interpreter."""
        deadline = time.monotonic() + timeout
        while self.client.inbox.empty() and time.monotonic() < deadline:
            time.sleep(0.002)

    def close(self) -> None:
        self.client.close()

    # --- what the server says, read when the screen is ready ---

    def before_the_match(self) -> list[str]:
        """In the lobby: read what the server says until the match begins (then stop, leaving the rest for the
        table); the lines to show (a refusal, the table closed)."""
        said: list[str] = []
        while not self.started:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                break
            said += [intent.text if isinstance(intent, Message) else intent.reason for intent in self.read(message)
                     if isinstance(intent, (Message, Closed))]
        return said

    def poll(self, ready: bool = True) -> list[Intent]:
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

    def read(self, message: M.AnyServerMessage | Link) -> list[Intent]:
        """What a message from the server gives the screen to show. A view the game cannot read ends the table for
        this screen, saying why: it would show a table that is not there."""
        try:
            return self._read(message)
        except ViewError as err:
            return [Closed(gettext("The server sent a table this game cannot show ({problem}). Leave and join "
                                   "again.").format(problem=err))]

    def _took_view(self, view: M.ViewJson) -> None:
        """The view after an action: the cards held ahead of this seat's turn are gone once it no longer chooses
        (the table took them)."""
        self._view = SeatView.from_json(view)
        if not self._view.cards_to_choose:
            self.held = ()

    def _read(self, message: M.AnyServerMessage | Link) -> list[Intent]:
        view: SeatView | None
        match message:
            case Link(state=state, reason=reason):
                self.link = "closed" if message.ended else state
                return [Closed(reason)] if message.ended else []
            case M.Seats(seats=seats):
                self.seats = seats
            case M.Seated(seat=seat):
                self.viewer = seat
            case M.State():
                new_hand = self._view is not None and message.hand != self.hand_number
                self._view, self.hand_number, self.seats = SeatView.from_json(message.view), message.hand, \
                    message.seats
                self._results = [past.result for past in message.results]
                self.match_over, self.winners, self.started = message.over, message.winners, True
                return [NewHand(self.hand_number)] if new_hand else []
            case M.Played(seat=seat, events=events):
                self._took_view(message.view)
                return [Played(seat, "", tuple(events))]
            case M.Claimed(seat=seat, events=events, asked=asked):
                self._took_view(message.view)
                return [Claimed(seat, tuple(events), asked)]
            case M.Turn(phase=phase, claim=claim):
                self.held = ()  # asked to choose: nothing is held for this seat any more (a server started again)
                view = self._view
                at = (view.number, view.moves) if view is not None else None
                self.claim_at = at if claim else None
                if claim and self.turn_at == at:  # the same turn, now with the rest decided: nothing new to say
                    return []
                self.turn_at = at
                return [Turn(self.viewer, phase)]
            case M.Refused(reason=reason, why=why):
                view = self._view
                again = view is not None and (view.to_move == self.viewer or bool(self.held)) and \
                    view.phase not in ("play", "done")
                self.held = ()
                said: list[Intent] = [Message(shown(why, reason, self.rules.deck))]
                return said + [Turn(self.viewer, view.phase)] if view is not None and again else said
            case M.Hint(action=action):
                try:
                    return [Hint(self.viewer, choice_of(action, self.rules.deck))]
                except ValueError:  # the server's hint is no action: nothing to show
                    return []
            case M.HandOver(result=result, over=over):
                self._view = SeatView.from_json(message.view)
                self._results.append(result)
                self.match_over = over
                return [HandOver(result)]
            case M.MatchOver(winners=winners):
                self.match_over, self.winners = True, winners
                return [MatchOver(Outcome(tuple(self.winners), len(self._results)))]
            case M.Error(reason=reason, why=why) | M.Closed(reason=reason, why=why):
                return [Message(shown(why, reason, self.rules.deck))]
            case M.Paused():
                self.pause = message
            case M.Resumed():
                self.pause = None
                return [Message(gettext(RESUMED), news=True)]
            case M.Welcome():
                pass
            case _:
                assert_never(message)
        return []


if TYPE_CHECKING:  # the type checker holds it to the surface a scene sees
    _a_table: type[Table] = RemoteTable
