"""One table's seats, with no sockets and no event loop: who sits where (a player's name and the hash of their
seat's token, or a computer and its level), the owner's rules (only the owner gives a waiting seat to a computer or
starts the match; any other player may move to a waiting seat before it begins) and who is connected now.

Messages in, messages out: a seat's message (a typed message, game/net/messages.py, checked at the edge) goes in,
and what comes out is a list of ``Say`` (a message for the player at one seat), ``Moved`` (that player's
connection goes with them to another seat) and ``LetGo`` (their connection closes: the seat is no longer theirs),
for the transport to carry out in order. Every change to the seats is kept (``keeper``, game/net/database.py)
before anyone is told of it.

What is kept of a table (``TableRecord``, its row in the database) is apart from what only lives while the server
runs (``Presence``: connected, dropped since when, done with the score sheet).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TypedDict, assert_never

from game.ai import LEVELS
from game.engine import Rules, preset_rules
from game.engine.refusals import Refusal
from game.table.session import SeatPlan

from . import messages as M
from . import protocol as P
from .database import Keeper
from .reasons import NotTaken, closed, error

log = logging.getLogger("trickhouse.server")
CANNOT_SAVE_NOW = Refusal("cannot-save-now")
MATCH_BEGUN = Refusal("match-begun")


class NoSuchTable(NotTaken):
    """A hello that names no table open to its sender: an unknown code, a match begun and no seat's token, a token
    of no seat there. Each gets the same reason, so that a guesser cannot tell which codes exist; the text says
    which, for the log only."""

    def __init__(self, which: str):
        super().__init__(Refusal("no-table"), which)


def computer_name(seat: int) -> str:
    """What a computer is called at a seat nobody named."""
    return f"Computer {seat + 1}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SeatJson(TypedDict):
    """A seat as its table's row keeps it (``SeatRecord.to_json``)."""
    kind: str
    name: str
    token: str | None
    level: str


@dataclass
class SeatRecord:
    """A seat as it is kept: who sits there (the hash of their token only), never whether they are connected."""
    kind: str  # "online" or "computer"
    name: str = ""
    token: str | None = None  # the hash of the seat's secret token, once a player has it
    level: str = "normal"

    def to_json(self) -> SeatJson:
        return {"kind": self.kind, "name": self.name, "token": self.token, "level": self.level}


def seats_from_json(data: object) -> list[SeatRecord]:
    """A table's kept seats (ValueError if they are not a list of 2-6 seats of the right kinds)."""
    if not isinstance(data, list) or not 2 <= len(data) <= 6:
        raise ValueError("a table has a list of 2 to 6 seats")
    seats = []
    for seat in data:
        if not (isinstance(seat, dict) and seat.get("kind") in ("online", "computer")
                and isinstance(seat.get("name"), str) and isinstance(seat.get("token"), str | None)
                and seat.get("level", "normal") in LEVELS):
            raise ValueError("a seat is {kind: online/computer, name: text, token: text or null, level}")
        seats.append(SeatRecord(seat["kind"], seat["name"], seat["token"], seat.get("level", "normal")))
    return seats


@dataclass
class TableRecord:
    """A table as it is kept (its row in the database; its match has rows of its own): nothing about who is
    connected."""
    code: str
    preset: str
    changes: dict[str, object]  # house rules by field, judged by the engine (``rules``)
    seats: list[SeatRecord]
    keep: float  # seconds a dropped player's seat waits for them before a computer plays it
    owner: int = 0
    started: bool = False

    @functools.cached_property
    def rules(self) -> Rules:
        """The table's game: one of the presets the server read at its start (never a file a client named), with
        its house rules."""
        return preset_rules(self.preset).changed(self.changes)

    def free_seats(self) -> list[int]:
        """The online seats nobody took (none once the match has begun: computers took them)."""
        return [seat for seat, place in enumerate(self.seats) if place.kind == "online" and place.token is None]

    def seats_json(self) -> list[SeatJson]:
        return [seat.to_json() for seat in self.seats]

    def plans(self) -> list[SeatPlan]:
        """The match's seats: each a person at another computer or a computer player."""
        return [SeatPlan(s.name, False, s.level, online=s.kind == "online") for s in self.seats]


@dataclass(frozen=True)
class Say:
    """A message for the player at ``seat`` (if they are connected)."""
    seat: int
    message: M.AnyServerMessage

    @property
    def kind(self) -> str:
        """The message's type, as it is written."""
        return str(self.message.__struct_config__.tag)


@dataclass(frozen=True)
class Moved:
    """The player at ``seat`` moved to ``to``: their connection goes with them."""
    seat: int
    to: int


@dataclass(frozen=True)
class LetGo:
    """The player at ``seat`` is no longer at the table: their connection closes once it has sent what they were
    told, so that it cannot act here again."""
    seat: int


Out = Say | Moved | LetGo


@dataclass
class Presence:
    """A seat's player while the server runs (never kept): connected or not, since when they have been gone."""
    here: bool = False
    dropped_at: float | None = None  # when their connection dropped (or the table was brought back)
    ready: bool = False  # pressed Next hand on the score sheet


class Lobby:
    """One table's seats and who is at them. ``told`` is called with the lobby whenever the seats as told to the
    players change (a hosting game keeps its announcement on the local network current with it)."""

    def __init__(self, record: TableRecord, keeper: Keeper, told: Callable[[Lobby], None] | None = None) -> None:
        self.record = record
        self.keeper = keeper
        self.told_hook = told
        self.presence = [Presence() for _ in record.seats]
        self.empty_since: float | None = None  # nobody has been connected since then
        self.told: M.Seats | None = None  # the last "seats" message sent to the players

    @property
    def code(self) -> str:
        return self.record.code

    # --- who is here ---

    def here(self) -> list[int]:
        """The seats whose player is connected."""
        return [seat for seat, presence in enumerate(self.presence) if presence.here]

    def arrive(self, seat: int) -> None:
        """The seat's player is connected (new, back, or from another connection): they are told everything again."""
        presence = self.presence[seat]
        presence.here, presence.dropped_at = True, None
        if self.empty_since is not None:
            self.keeper.empty_since(self.code, None)
        self.empty_since = None
        self.told = None

    def left(self, seat: int, now: float) -> None:
        presence = self.presence[seat]
        presence.here, presence.dropped_at = False, now
        if not self.here():
            self.empty_since = now
            # kept with the table (as the wall clock), so that a restart goes on with the time it has stood empty
            self.keeper.empty_since(self.code, time.time())
        log.info("%s at table %s seat %d dropped out", self.record.seats[seat].name, self.code, seat)

    def brought_back(self, now: float, empty_for: float = 0.0) -> None:
        """A table brought back from the database, empty for ``empty_for`` seconds before ``now`` (as it was kept):
        everyone must come back, and each seat is kept for its player as for a drop-out (a computer plays it only
        once the table's ``keep`` has passed)."""
        for presence in self.presence:
            presence.dropped_at = now
        self.empty_since = now - empty_for

    def dropped_too_long(self, now: float, away: Collection[int]) -> list[int]:
        """Online seats whose player has been gone for the table's ``keep`` and that no computer plays yet."""
        return [seat for seat, wait in self.keeping(now, away) if wait <= 0]

    def keeping(self, now: float, away: Collection[int]) -> list[tuple[int, float]]:
        """Each online seat waiting for its dropped player (not yet ``away``), with the seconds it still waits."""
        return [(seat, presence.dropped_at + self.record.keep - now) for seat, presence in enumerate(self.presence)
                if self.record.seats[seat].kind == "online" and not presence.here and presence.dropped_at is not None
                and seat not in away]

    # --- taking a seat ---

    def give_token(self, seat: int, name: str) -> str:
        """The seat is this player's: their name, and a new token (only its hash is kept); the token."""
        token = secrets.token_urlsafe(P.TOKEN_BYTES)
        place = self.record.seats[seat]
        place.token, place.name = token_hash(token), P.clean_name(name) or f"Player {seat + 1}"
        return token

    def take_seat(self, seat: int, name: str) -> str:
        """A player who joined sits at ``seat``; the seat is kept before they are given its token. Raises NotTaken
        if it cannot be kept (the seat stays free)."""
        place = self.record.seats[seat]
        before = place.token, place.name
        token = self.give_token(seat, name)
        if not self.keeper.seats(self.code, self.record.seats_json()):
            place.token, place.name = before
            raise NotTaken(CANNOT_SAVE_NOW)
        return token

    def seat_for(self, hello: M.Hello) -> tuple[int, str | None]:
        """The seat a hello asks for: the one its token belongs to (no new token), or a free seat before the match
        (the one asked for, or the first) with its new token. NotTaken saying why not."""
        token = hello.token
        if token is not None:
            hashed = token_hash(token)
            for seat, place in enumerate(self.record.seats):
                if place.token is not None and secrets.compare_digest(place.token, hashed):
                    return seat, None
            raise NoSuchTable(f"table {self.code}: a token of no seat there")
        if self.record.started:
            raise NoSuchTable(f"table {self.code}: the match has begun, and no seat's token")
        free = self.record.free_seats()
        wanted = hello.seat
        if wanted is not None and wanted not in free:
            raise NotTaken(Refusal("seat-taken"))
        if not free:
            raise NotTaken(Refusal("table-full"))
        seat = wanted if wanted is not None else free[0]
        return seat, self.take_seat(seat, hello.name)

    def welcome(self, seat: int, token: str | None) -> Say:
        record = self.record
        return Say(seat, M.Welcome(code=record.code, seat=seat, token=token, owner=seat == record.owner,
                                   rules=record.rules.to_dict(), preset=record.preset))

    # --- before the match: the owner's rules, and moving ---

    def receive(self, seat: int, message: M.Computer | M.Sit) -> list[Out]:
        """``computer`` (the owner gives a waiting seat to a computer) or ``sit`` (a player who joined moves to a
        waiting seat). Raises ProtocolError for what is not theirs to ask, or too late."""
        match message:
            case M.Computer(seat=wanted):
                return self.give_to_computer(seat, wanted)
            case M.Sit(seat=wanted):
                return self.sit(seat, wanted)
            case _:
                assert_never(message)

    def owners_turn(self, seat: int) -> None:
        """Only the owner may ask, and only before the match (ProtocolError otherwise)."""
        if seat != self.record.owner:
            raise P.ProtocolError("only the table's owner may do that", Refusal("owner-only"))
        if self.record.started:
            raise P.ProtocolError("the match has begun", MATCH_BEGUN)

    def give_to_computer(self, seat: int, wanted: int) -> list[Out]:
        """The owner gives the online seat ``wanted`` to a computer (at the seat's level); its player, if any, is told
        and let go."""
        self.owners_turn(seat)
        place = self.seat_at(wanted)
        if wanted == self.record.owner or place.kind != "online":
            raise P.ProtocolError("only another online seat can be given to a computer", Refusal("not-for-a-computer"))
        self.record.seats[wanted] = SeatRecord("computer", name=computer_name(wanted), level=place.level)
        if not self.keeper.seats(self.code, self.record.seats_json()):
            self.record.seats[wanted] = place
            return [Say(seat, error(CANNOT_SAVE_NOW))]
        out: list[Out] = []
        if self.presence[wanted].here:
            out += [Say(wanted, closed(Refusal("given-to-computer"))), LetGo(wanted)]
        self.presence[wanted] = Presence()
        return out

    def sit(self, seat: int, wanted: int) -> list[Out]:
        """A player who joined moves to another free online seat before the match begins: their name, token and
        connection go with them, and the seat they leave is free again."""
        record = self.record
        if record.started:
            raise P.ProtocolError("the match has begun", MATCH_BEGUN)
        if seat == record.owner:
            raise P.ProtocolError("the table's owner sits where they chose", Refusal("owner-sits"))
        place = self.seat_at(wanted)
        if wanted not in record.free_seats():
            raise P.ProtocolError("that seat is not free", Refusal("seat-taken"))
        left = record.seats[seat]
        record.seats[wanted] = dataclasses.replace(place, name=left.name, token=left.token)
        record.seats[seat] = SeatRecord("online", level=left.level)  # the level belongs to the seat
        if not self.keeper.seats(self.code, record.seats_json()):
            record.seats[wanted], record.seats[seat] = place, left
            return [Say(seat, error(CANNOT_SAVE_NOW))]
        self.presence[wanted].here = True  # the player who asked
        self.presence[seat] = Presence()
        log.info("%s at table %s moves from seat %d to seat %d", left.name, self.code, seat, wanted)
        return [Moved(seat, wanted), Say(wanted, M.Seated(seat=wanted))]

    def seat_for_the_match(self, seat: int) -> None:
        """The owner starts the match: every online seat nobody took is played by a computer."""
        self.owners_turn(seat)
        record = self.record
        for number in record.free_seats():
            record.seats[number].kind = "computer"
        for number, place in enumerate(record.seats):
            if place.kind == "computer" and not place.name:
                place.name = computer_name(number)

    def seat_at(self, seat: int) -> SeatRecord:
        """The seat a message names; the protocol allows six, a table may have fewer."""
        if seat >= len(self.record.seats):
            raise P.ProtocolError(f"this table has {len(self.record.seats)} seats",
                                  Refusal("no-such-seat", number=len(self.record.seats)))
        return self.record.seats[seat]

    # --- what everyone is told ---

    def seat_list(self, away: Collection[int] = frozenset(), thinking: int = -1) -> list[M.SeatEntry]:
        """Each seat as the players see it; ``away``: online seats a computer plays for now; ``thinking``: the seat
        a computer is deciding for (-1: none)."""
        return [M.SeatEntry(name=s.name, kind="online" if s.kind == "online" else "computer",
                            taken=s.token is not None, connected=self.presence[n].here, away=n in away,
                            thinking=n == thinking) for n, s in enumerate(self.record.seats)]

    def tell_seats(self, away: Collection[int] = frozenset(), thinking: int = -1) -> list[Out]:
        """The seats as they are now, to every player connected, when anything in them changed."""
        told = M.Seats(seats=self.seat_list(away, thinking), started=self.record.started, code=self.code)
        if told == self.told:
            return []
        self.told = told
        if self.told_hook is not None:
            self.told_hook(self)
        return [Say(seat, told) for seat in self.here()]
