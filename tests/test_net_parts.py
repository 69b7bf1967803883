"""The table server's parts, each alone, with no sockets and no event loop (issue 24, item 7): the lobby (one
table's seats and the owner's rules: messages in, messages out), the directory of tables (create requests, which
table a hello goes to), and the table runner (the match's flow, the seats kept for dropped players and the score
sheet's wait, stepped with a clock the test sets). A stand-in for the database records what each part asked to
keep, so that a test sees it was kept before the part answered with what to tell."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bench.net import random_decision
from game.ai.worker import AIWorker
from game.engine import Match, load_rules
from game.engine.refusals import Refusal
from game.engine.view import SeatView
from game.net import messages as M
from game.net import protocol as P
from game.net.client import NetClient, RemoteTable
from game.net.database import FILE_NAME, Keeper, TableDatabase, connect
from game.net.lobby import (
    CANNOT_SAVE_NOW,
    LetGo,
    Lobby,
    Moved,
    NoSuchTable,
    Out,
    Say,
    SeatJson,
    SeatRecord,
    TableRecord,
    token_hash,
)
from game.net.logs import AddressLines, escape_lines
from game.net.reasons import NotTaken, paused, said
from game.net.runner import TableRunner
from game.net.tables import Tables
from game.table.controller import NotKept
from game.table.intents import Claimed
from tests.support.deals import audit_position, table_session
from tests.support.kinds import of_kind
from tests.support.net_helpers import LOOPBACK, controller_of, free_port, request, session_of, wire

LIMITS = P.Limits(pause=0.0, keep=30.0, next_seconds=60.0)


Message = TypeVar("Message", bound=M.ClientMessage)


def typed(kind: type[Message], **fields: object) -> Message:
    """A client's message of ``kind`` with ``fields``, written as JSON and read as the transport hands it on (by
    protocol.read)."""
    message = P.read(wire(str(kind.__struct_config__.tag), **fields))
    assert isinstance(message, kind), message
    return message


ServerT = TypeVar("ServerT", bound=M.ServerMessage)


def message_of(kind: type[ServerT], said: Out) -> ServerT:
    """What ``said`` tells its seat, of the kind the test expects there."""
    assert isinstance(said, Say), said
    return of_kind(kind, said.message)


def says(told: Sequence[Out]) -> list[Say]:
    """What a runner answered, each a message for a seat (asserted: nobody moved or was let go)."""
    assert all(isinstance(say, Say) for say in told), told
    return [say for say in told if isinstance(say, Say)]


def stepped(runner: TableRunner, now: float) -> tuple[list[Say], float]:
    """A runner stepped at ``now``: what it says, and how long it may sleep."""
    told, wait = runner.step(now)
    return says(told), wait


class Kept(Keeper):
    """Stands in for the database: every write asked for, in order (what it kept); ``refusing`` makes those kinds of
    write fail as a full disk would."""

    def __init__(self, refusing: Iterable[str] = (), codes_taken: int = 0) -> None:
        super().__init__()
        self.writes: list[tuple[object, ...]] = []
        self.refusing = set(refusing)
        self.codes_asked: list[str] = []
        self.codes_taken = codes_taken  # the first codes asked about are already some table's

    def has(self, code: str) -> bool:
        self.codes_asked.append(code)
        return len(self.codes_asked) <= self.codes_taken

    def create(self, code: str, preset: str, changes: Mapping[str, object], keep: float, owner: int,
               seats: list[SeatJson]) -> bool:
        self.writes.append(("create", code, seats))
        return "create" not in self.refusing

    def seats(self, code: str, seats: list[SeatJson]) -> bool:
        self.writes.append(("seats", code, seats))
        return "seats" not in self.refusing

    def play(self, code: str, seats: list[SeatJson], match: Match, saved: tuple[int, int]) -> tuple[int, int]:
        if "play" in self.refusing:
            raise NotKept("a full disk")
        hands = match.history + [match.hand]
        self.writes.append(("play", code, len(hands), len(hands[-1].actions)))
        return len(hands), len(hands[-1].actions)

    def writable(self) -> bool:
        return "play" not in self.refusing

    def end(self, code: str) -> bool:
        self.writes.append(("end", code))
        return True


def lobby_of(kinds: list[str], keeper: Keeper | None = None, preset: str = "hearts-classic") -> Lobby:
    """A lobby whose owner (seat 0, Ann) is connected; ``kinds``: each seat's, "online" or "computer"."""
    seats = [SeatRecord(kind, name=f"Computer {n + 1}" if kind == "computer" else "") for n, kind in enumerate(kinds)]
    lobby = Lobby(TableRecord("K7QX2M", preset, {}, seats, 30.0), keeper or Kept())
    lobby.give_token(0, "Ann")
    lobby.arrive(0)
    return lobby


def joined(lobby: Lobby, name: str) -> int:
    """A player joins with a hello and connects: their seat."""
    seat, token = lobby.seat_for(typed(M.Hello, name=name, code=lobby.code))
    assert token is not None and lobby.record.seats[seat].token == token_hash(token)
    lobby.arrive(seat)
    return seat


def kinds_and_names(lobby: Lobby) -> list[tuple[str, str, bool]]:
    return [(s.kind, s.name, s.token is not None) for s in lobby.record.seats]


# --- the lobby ---

def test_a_player_who_joined_moves_to_a_waiting_seat_kept_before_they_are_told() -> None:
    """Issue 17 ("Pick a free seat"): ``sit`` moves the player, name, token and connection, to a waiting seat; the
    seat they left waits again; the move is kept before the "seated" answer; everyone connected is told the seats."""
    keeper = Kept()
    lobby = lobby_of(["online", "online", "online", "computer"], keeper)
    bo = joined(lobby, "Bo")
    assert bo == 1
    token = lobby.record.seats[1].token
    keeper.writes.clear()
    told = lobby.receive(bo, typed(M.Sit, seat=2))
    assert told == [Moved(1, 2), Say(2, M.Seated(seat=2))]
    assert keeper.writes == [("seats", "K7QX2M", lobby.record.seats_json())], "kept, as it is told"
    assert (lobby.record.seats[2].name, lobby.record.seats[2].token) == ("Bo", token)
    assert lobby.record.free_seats() == [1] and lobby.here() == [0, 2]
    seats = lobby.tell_seats()
    assert [say.seat for say in seats] == [0, 2] and all(isinstance(say, Say) and say.kind == "seats" for say in seats)
    assert [s.name for s in message_of(M.Seats, seats[0]).seats] == ["Ann", "", "Bo", "Computer 4"]
    assert joined(lobby, "Cy") == 1, "the seat Bo left is free again"


@pytest.mark.parametrize(("asker", "message", "reason"), [
    (1, typed(M.Sit, seat=2), "that seat is not free"),  # Cy sits there
    (1, typed(M.Sit, seat=3), "that seat is not free"),  # a computer's
    (1, typed(M.Sit, seat=5), "this table has 4 seats"),
    (0, typed(M.Sit, seat=1), "the table's owner sits where they chose"),
    (1, typed(M.Computer, seat=2), "only the table's owner may do that"),
    (0, typed(M.Computer, seat=0), "only another online seat can be given to a computer"),
    (0, typed(M.Computer, seat=3), "only another online seat can be given to a computer"),
    (0, typed(M.Computer, seat=4), "this table has 4 seats"),
])
def test_what_is_not_a_players_to_ask_gets_one_reason_and_changes_nothing(asker: int, message: M.Computer | M.Sit,
                                                                          reason: str) -> None:
    """PROTOCOL.md: a seat the table does not have, something that is not the sender's to ask (``computer`` from
    anyone but the owner, ``sit`` from the owner) or a seat that is not free: an error, nothing changed or kept."""
    keeper = Kept()
    lobby = lobby_of(["online", "online", "online", "computer"], keeper)
    joined(lobby, "Bo")
    joined(lobby, "Cy")
    before, writes = kinds_and_names(lobby), list(keeper.writes)
    with pytest.raises(P.ProtocolError, match=reason):
        lobby.receive(asker, message)
    assert kinds_and_names(lobby) == before and keeper.writes == writes


def test_too_late_once_the_match_has_begun() -> None:
    lobby = lobby_of(["online", "online", "computer", "computer"])
    joined(lobby, "Bo")
    lobby.seat_for_the_match(0)
    lobby.record.started = True
    for asker, message in ((1, typed(M.Sit, seat=2)), (0, typed(M.Computer, seat=1))):
        with pytest.raises(P.ProtocolError, match="the match has begun"):
            lobby.receive(asker, message)
    with pytest.raises(NoSuchTable, match="table K7QX2M: the match has begun, and no seat's token") as refused:
        lobby.seat_for(typed(M.Hello, name="Eve", code=lobby.code))
    assert refused.value.why == Refusal("no-table")  # the same as for a code of no table: nothing to guess from


def test_the_owner_gives_a_players_seat_to_a_computer_and_the_player_is_let_go() -> None:
    """The owner's ``computer``: the seat's player is told and let go (their connection closes, so it cannot act
    here again); the computer plays at the seat's level and is named for the seat; the seats are kept."""
    keeper = Kept()
    lobby = lobby_of(["online", "online", "computer", "computer"], keeper)
    lobby.record.seats[1].level = "hard"
    joined(lobby, "Bo")
    told = lobby.receive(0, typed(M.Computer, seat=1))
    assert told == [Say(1, M.Closed(reason="The owner gave your seat to a computer", why=Refusal("given-to-computer"))),
                    LetGo(1)]
    seat = lobby.record.seats[1]
    assert (seat.kind, seat.name, seat.token, seat.level) == ("computer", "Computer 2", None, "hard")
    assert lobby.here() == [0] and keeper.writes[-1] == ("seats", "K7QX2M", lobby.record.seats_json())
    with pytest.raises(P.ProtocolError, match="only another online seat"):
        lobby.receive(0, typed(M.Computer, seat=1))


def test_a_seat_that_cannot_be_kept_stays_free_and_the_player_is_told_why() -> None:
    """Issue 23: a seat is kept before its player is given its token; if the database cannot keep it (a full
    disk) the hello is refused in a player's words and the seat stays free."""
    lobby = lobby_of(["online", "online", "computer", "computer"], Kept(refusing={"seats"}))
    with pytest.raises(NotTaken) as refused:
        lobby.seat_for(typed(M.Hello, name="Bo", code=lobby.code))
    assert refused.value.why == CANNOT_SAVE_NOW and said(CANNOT_SAVE_NOW) == \
        "The server cannot save just now: try again in a moment"
    assert lobby.record.free_seats() == [1] and lobby.record.seats[1].name == ""


def test_a_hello_takes_the_seat_its_token_belongs_to_or_a_free_one_or_is_refused() -> None:
    lobby = lobby_of(["online", "online", "online", "computer"])
    _, token = lobby.seat_for(typed(M.Hello, name="Bo", code=lobby.code, seat=2))
    assert lobby.record.seats[2].name == "Bo"
    assert lobby.seat_for(typed(M.Hello, name="Bo", code=lobby.code, token=token)) == (2, None)
    for hello, reason in (({"token": "A" * 22}, "no-table"), ({"seat": 2}, "seat-taken"), ({"seat": 3}, "seat-taken")):
        with pytest.raises(NotTaken) as refused:
            lobby.seat_for(typed(M.Hello, name="Eve", code=lobby.code, **hello))
        assert refused.value.why == Refusal(reason)
    assert lobby.seat_for(typed(M.Hello, name="Cy", code=lobby.code))[0] == 1
    with pytest.raises(NotTaken) as refused:
        lobby.seat_for(typed(M.Hello, name="Eve", code=lobby.code))
    assert refused.value.why == Refusal("table-full") and said(refused.value.why) == "The table is full"


def test_the_seats_are_told_to_those_connected_once_each_change() -> None:
    """Each "seats" goes to every connected player only when something in it changed (the server told every seat
    every poll before); a player who connects is told them again; the hook (a hosting game's announcement) hears
    each change once."""
    heard: list[Lobby] = []
    lobby = lobby_of(["online", "online", "computer", "computer"])
    lobby.told_hook = heard.append
    assert [say.seat for say in lobby.tell_seats()] == [0] and lobby.tell_seats() == []
    seat = joined(lobby, "Bo")
    told = lobby.tell_seats()
    assert [say.seat for say in told] == [0, 1] and message_of(M.Seats, told[0]).seats[seat].connected
    assert lobby.tell_seats() == [] and len(heard) == 2
    lobby.left(seat, now=100.0)
    told = lobby.tell_seats(away={1})
    assert [say.seat for say in told] == [0]
    assert message_of(M.Seats, told[0]).seats[1] == M.SeatEntry(name="Bo", kind="online", taken=True, connected=False,
                                                                 away=True, thinking=False)


def test_a_dropped_seat_waits_the_tables_keep() -> None:
    lobby = lobby_of(["online", "online", "computer", "computer"])
    joined(lobby, "Bo")
    lobby.left(1, now=100.0)
    assert lobby.keeping(110.0, away=set()) == [(1, 20.0)]
    assert lobby.dropped_too_long(129.0, away=set()) == [] and lobby.dropped_too_long(130.0, away=set()) == [1]
    assert lobby.dropped_too_long(130.0, away={1}) == [], "a computer plays it already"
    lobby.left(0, now=105.0)
    assert lobby.empty_since == 105.0
    lobby.arrive(1)
    assert lobby.empty_since is None and lobby.keeping(200.0, away=set()) == [(0, -65.0)]


# --- the directory of tables ---

def create(**fields: object) -> M.Create:
    """A create message as the transport hands it on (read by protocol.read)."""
    return typed(M.Create, **{"name": "Ann", "preset": "hearts-classic",
                               "seats": ["me", "online", "computer", "computer"], **fields})


def test_a_table_is_made_with_a_code_no_other_table_has_and_kept_before_its_creator_is_told() -> None:
    """Issue 23: a table is kept before its creator is welcomed; its code is one the database does not hold
    either (a table kept aside, or one not brought back, keeps its code)."""
    keeper = Kept(codes_taken=2)
    tables = Tables(LIMITS, keeper)
    table, token = tables.create(create(level=["normal", "easy", "hard", "easy"], names=["", "", "Cat", ""], keep=5))
    assert table.code == keeper.codes_asked[2] and list(tables) == [table.code]
    assert keeper.writes == [("create", table.code, table.record.seats_json())]
    record = table.record
    assert [(s.kind, s.name, s.level) for s in record.seats] == [
        ("online", "Ann", "normal"), ("online", "", "easy"), ("computer", "Cat", "hard"),
        ("computer", "Computer 4", "easy")]
    assert record.seats[0].token == token_hash(token) and record.owner == 0 and record.keep == 5
    found, seat, bo = tables.join(typed(M.Hello, name="Bo", code=table.code.lower()))
    assert found is table and seat == 1 and bo is not None
    with pytest.raises(NoSuchTable, match="no table has the code ZZZZZZ"):
        tables.join(typed(M.Hello, name="Bo", code="ZZZZZZ"))
    tables.end(table)
    assert len(tables) == 0 and keeper.writes[-1] == ("end", table.code)


def test_a_table_that_cannot_be_kept_or_is_one_too_many_is_not_made() -> None:
    tables = Tables(LIMITS, Kept(refusing={"create"}))
    with pytest.raises(NotTaken) as refused:
        tables.create(create())
    assert refused.value.why == CANNOT_SAVE_NOW
    assert len(tables) == 0
    tables = Tables(P.Limits(tables=1), Kept())
    tables.create(create())
    with pytest.raises(NotTaken) as refused:
        tables.create(create())
    assert refused.value.why == Refusal("server-full", number=1) and \
        said(refused.value.why) == "This server holds at most 1 table"
    assert tables[next(iter(tables))].record.keep == P.Limits.keep, "the server's seat-keeping time by default"


def test_the_tables_an_address_made_an_hour_ago_are_forgotten_so_that_many_addresses_fill_no_memory() -> None:
    """Issue 31: each address's tables of the last hour are counted (``tables_per_hour``); addresses that made a
    table and never came back are forgotten once an hour has passed, however many there were."""
    tables = Tables(P.Limits(tables=2), Kept())
    for number in range(20):
        table, _ = tables.create(create(), f"198.51.100.{number}", now=float(number))
        tables.end(table)
    assert len(tables.made_at) == 20
    tables.create(create(), "203.0.113.1", now=3600.0 + 20)
    assert list(tables.made_at) == ["203.0.113.1"]


# --- the table runner ---

class People:
    """Every person at a runner's table, played by the test from what they are told only: each answers their turn
    with a random legal action from the last view they were sent, and keeps every message."""

    def __init__(self, runner: TableRunner, keeper: Kept, seed: int = 0) -> None:
        self.runner, self.keeper = runner, keeper
        self.rng = random.Random(seed)
        self.told: dict[int, list[Say]] = {}
        self.views: dict[int, dict[str, Any]] = {}  # each seat's view as it was sent (JSON)

    def hear(self, told: Sequence[Out]) -> list[Say]:
        heard: list[Say] = []
        for say in told:
            assert isinstance(say, Say) and say.seat in self.runner.lobby.here(), say
            heard.append(say)
            self.told.setdefault(say.seat, []).append(say)
            view = getattr(say.message, "view", None)
            if view is not None:
                assert view["seat"] == say.seat, "each seat is sent its own view"
                self.views[say.seat] = view
            if say.kind == "played":  # the action told is kept already
                match = session_of(self.runner).match
                assert view is not None and self.keeper.writes[-1][2:] == (len(match.history) + 1, view["moves"])
        return heard

    def answer_turns(self, told: list[Say]) -> None:
        for say in told:
            if say.kind == "turn":
                action = random_decision(SeatView.from_json(self.views[say.seat]), self.rng)
                self.answer(say.seat, action)

    def answer(self, seat: int, action: str) -> list[Say]:
        told = self.hear(self.runner.receive(seat, typed(M.Act, action=action)))
        self.answer_turns(told)
        return told


def runner_of(kinds: list[str], keeper: Keeper, worker: AIWorker | None = None,
              preset: str = "hearts-classic") -> TableRunner:
    """A runner whose every online seat has a connected player (the owner, seat 0, among them)."""
    lobby = lobby_of(kinds, keeper, preset)
    for _ in lobby.record.free_seats():
        joined(lobby, "Guest")
    return TableRunner(lobby, keeper, worker, LIMITS)


def test_a_hand_at_a_runner_tells_each_seat_its_own_view_after_the_action_is_kept() -> None:
    """Four people play a hand of hearts-classic through the runner alone: the owner's start deals and everyone
    gets "state"; each action is kept before the runner answers with "played" to every seat, each with that
    seat's view; the hand ends with "hand-over" to all, and once everyone pressed Next hand the next is dealt."""
    keeper = Kept()
    runner = runner_of(["online"] * 4, keeper)
    people = People(runner, keeper)
    with pytest.raises(P.ProtocolError, match="the match has not begun"):
        runner.receive(1, typed(M.Act, action="pass"))
    with pytest.raises(P.ProtocolError, match="only the table's owner may do that"):
        runner.receive(1, typed(M.Start))
    told = people.hear(runner.receive(0, typed(M.Start)))
    assert [(say.seat, say.kind) for say in told] == [(seat, "state") for seat in range(4)] + \
        [(seat, "seats") for seat in range(4)]
    assert keeper.writes[-1] == ("play", "K7QX2M", 1, 0), "the match is kept as it begins"
    now = 1000.0
    for _ in range(400):
        told, wait = stepped(runner, now)
        people.hear(told)
        people.answer_turns(told)
        if session_of(runner).hand.is_done and any(say.kind == "hand-over" for say in told):
            break
        assert wait == 0 or session_of(runner).is_human(session_of(runner).hand.to_move)
    else:
        raise AssertionError("the hand did not end")
    played = [say for say in people.told[2] if say.kind == "played"]
    assert len(played) == len(session_of(runner).hand.actions) == keeper.writes[-1][3]
    assert all(message_of(M.Played, say).view["moves"] == number for number, say in enumerate(played, 1))
    assert {say.seat for say in told if say.kind == "hand-over"} == {0, 1, 2, 3}
    told, wait = stepped(runner, now + 1)
    assert told == [] and wait == LIMITS.next_seconds - 1, "the score sheet waits for everyone"
    for seat in range(3):
        runner.receive(seat, typed(M.Next))
    assert runner.step(now + 2) == ([], LIMITS.next_seconds - 2), "and for the last of them"
    runner.receive(3, typed(M.Next))
    told, wait = stepped(runner, now + 3)
    assert [(say.seat, say.kind, message_of(M.State, say).hand) for say in told] == \
        [(seat, "state", 2) for seat in range(4)]
    assert keeper.writes[-1] == ("play", "K7QX2M", 2, 0), "the new hand is kept before it is told"


def test_the_score_sheet_does_not_wait_for_ever_for_one_player() -> None:
    """``next``: the next hand is dealt when every connected player is done with the score sheet, or after 60 s."""
    keeper = Kept()
    runner = runner_of(["online"] * 4, keeper)
    runner.receive(0, typed(M.Start))
    hand = session_of(runner).hand
    rng = random.Random(3)
    while not hand.is_done:  # the hand played out under the runner, as a table brought back after it ended
        hand.apply_id(hand.legal.random(rng))
    told, _ = stepped(runner, 500.0)
    assert {say.seat for say in told if say.kind == "hand-over"} == {0, 1, 2, 3}
    assert runner.step(500.0 + LIMITS.next_seconds - 0.5) == ([], 0.5)
    told, wait = stepped(runner, 500.0 + LIMITS.next_seconds)
    assert [say.kind for say in told] == ["state"] * 4 and wait == 0


def test_a_seat_whose_player_stays_away_for_the_tables_keep_is_played_by_a_computer() -> None:
    """Issue 17: the table waits for a dropped player for its ``keep`` (the runner says how long it may sleep
    until then), then a computer plays the seat, and everyone is told the seat is "away"; back, the player is told
    the table as it is and it is theirs again."""
    keeper = Kept()
    worker = AIWorker(search_process=False)
    try:
        runner = runner_of(["online"] * 4, keeper, worker)
        runner.receive(0, typed(M.Start))
        runner.step(0.0)
        gone = session_of(runner).hand.to_move  # the player whose turn it is drops out
        told = says(runner.left(gone, now=10.0))
        assert [(say.seat, message_of(M.Seats, say).seats[gone].connected) for say in told] == \
            [(seat, False) for seat in range(4) if seat != gone]
        told, wait = stepped(runner, 12.0)
        assert wait == pytest.approx(LIMITS.keep - 2) and session_of(runner).away == set()
        told, _ = stepped(runner, 10.0 + LIMITS.keep)
        assert session_of(runner).away == {gone}
        assert [message_of(M.Seats, say).seats[gone].away for say in told if say.kind == "seats"][:1] == [True]
        for _ in range(50):  # a computer decides for the seat (the worker's answer is waited for)
            controller_of(runner).wait(10)
            told, _ = stepped(runner, 10.0 + LIMITS.keep)
            if session_of(runner).hand.actions:
                break
        assert len(session_of(runner).hand.actions) == 1, "a computer acted for the seat whose player stayed away"
        told = says(runner.arrive(gone, None))
        assert [say.kind for say in told][:2] == ["welcome", "seats"] and message_of(M.Welcome, told[0]).token is None
        assert session_of(runner).away == set() and any(say.kind == "state" for say in told)
    finally:
        worker.close()


def test_a_table_nobody_is_at_ends_once_nothing_more_will_happen_there() -> None:
    """A lobby left empty for the table's ``keep`` is done, and so is a match under way (issue 31: a stranger's
    abandoned tables must not hold the server; the computers rest meanwhile); a finished match is done once a
    player was told so and has left."""
    runner = runner_of(["online", "online", "computer", "computer"], Kept())
    assert not runner.is_done(0.0)
    runner.left(1, now=0.0)
    runner.left(0, now=1.0)
    assert not runner.is_done(1.0 + LIMITS.keep - 0.1) and runner.is_done(1.0 + LIMITS.keep)
    runner.arrive(0, None)
    runner.receive(0, typed(M.Start))
    runner.left(0, now=2.0)
    assert not runner.is_done(2.0 + LIMITS.keep - 0.1) and runner.is_done(2.0 + LIMITS.keep)
    runner.arrive(0, None)
    match, rng = session_of(runner).match, random.Random(1)
    while not match.is_over:  # played to its end
        if match.hand.is_done:
            match.next_hand()
        else:
            match.hand.apply_id(match.hand.legal.random(rng))
    runner.state(0)  # the final score, told
    runner.left(0, now=3.0)
    assert runner.is_done(3.0)


def test_the_computers_rest_while_nobody_is_at_the_table() -> None:
    """Issue 31, item 7: 45 tables of computers left by their creators played on for hours, slowing an honest
    table. With no person connected, a computer's decision under way is called off and none is asked for; once
    someone is back, they play on."""
    keeper = Kept()
    worker = AIWorker(search_process=False)
    try:
        runner = runner_of(["online", "computer", "computer", "computer"], keeper, worker)
        people = People(runner, keeper)
        people.hear(runner.receive(0, typed(M.Start)))
        for _ in range(100):  # on to a computer's turn, its decision asked for
            told, _ = stepped(runner, 0.0)
            people.answer_turns(people.hear(told))
            if controller_of(runner).decision is not None:
                break
            controller_of(runner).wait(10)
        else:
            raise AssertionError("no computer's turn came")
        actions = len(session_of(runner).hand.actions)
        runner.left(0, now=1.0)
        for moment in (1.0, 2.0, 1.0 + LIMITS.keep - 0.1):
            controller_of(runner).wait(1)
            told, wait = stepped(runner, moment)
            assert told == [] and controller_of(runner).decision is None, "nobody is there: no computer thinks"
            assert wait == pytest.approx(1.0 + LIMITS.keep - moment), "stepped again when the table is done"
        assert len(session_of(runner).hand.actions) == actions
        runner.arrive(0, None)
        for _ in range(100):
            controller_of(runner).wait(10)
            people.answer_turns(people.hear(runner.step(200.0)[0]))
            if len(session_of(runner).hand.actions) > actions:
                break
        assert len(session_of(runner).hand.actions) > actions, "back at the table, the computers play on"
    finally:
        worker.close()


def test_a_match_that_ended_unseen_waits_for_its_players_to_see_the_final_score() -> None:
    """CI's kill test (issue 23: nothing a client was told is lost): the server was killed after a match's last
    action was kept and before anyone was told; started again, it ended the finished table at once, and its players
    coming back were refused "No table has that code", never to see the end. Such a table waits the table's
    ``keep`` for them; a player who comes back is told the match is over and who won, and then it may end."""
    keeper = Kept()
    runner = runner_of(["online", "online", "computer", "computer"], keeper)
    runner.receive(0, typed(M.Start))
    match, rng = session_of(runner).match, random.Random(5)
    while not match.is_over:  # kept, and the server killed before anyone was told
        if match.hand.is_done:
            match.next_hand()
        else:
            match.hand.apply_id(match.hand.legal.random(rng))
    for seat in runner.lobby.here():
        runner.left(seat, now=0.0)
    runner.lobby.brought_back(100.0)
    restarted = TableRunner(runner.lobby, keeper, None, LIMITS, session=runner.session)
    assert not restarted.is_done(100.0 + LIMITS.keep - 0.1), "its players may still come back to the end"
    told = says(restarted.arrive(1, None))
    state = next(say for say in told if say.kind == "state")
    final = message_of(M.State, state)
    assert state.seat == 1 and final.over is True and final.winners == match.winners
    restarted.left(1, now=120.0)
    assert restarted.is_done(120.0), "told of the end, nobody is waited for"
    unseen = TableRunner(runner.lobby, keeper, None, LIMITS, session=runner.session)
    runner.lobby.brought_back(200.0)
    assert not unseen.is_done(200.0) and unseen.is_done(200.0 + LIMITS.keep)


def test_a_write_that_fails_is_refused_and_the_log_says_so_once(tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    """Issue 31, item 3: a database that cannot write (here, closed under the keeper; a full disk alike) had each
    failure logged (204 lines in one match) while play went on. Each part is answered with what was not kept (False
    for the seats, the table's end and its empty time; NotKept for the match's actions, which its caller takes
    back); the log has one line for the whole outage, naming the file, and one when it writes again."""
    caplog.set_level(logging.INFO)
    database = TableDatabase(tmp_path)
    keeper = Keeper(database)
    match = Match(load_rules("hearts-classic"), seed=1)
    seats: list[SeatJson] = [{"kind": "online", "name": "Ann", "token": None, "level": "normal"}] * 4
    assert keeper.create("K7QX2M", "hearts-classic", {}, 30.0, 0, seats) and keeper.has("K7QX2M")
    assert keeper.play("K7QX2M", seats, match, (0, 0)) == (1, 0)
    database.connection.close()
    match.hand.apply(match.hand.legal_actions()[0])
    with pytest.raises(NotKept):
        keeper.play("K7QX2M", seats, match, (1, 0))
    assert keeper.seats("K7QX2M", seats) is False and keeper.end("K7QX2M") is False
    assert keeper.empty_since("K7QX2M", 5.0) is False and keeper.writable() is False
    database.connection = connect(tmp_path / FILE_NAME)
    assert keeper.writable() and keeper.play("K7QX2M", seats, match, (1, 0)) == (1, 1)
    lines = [record.getMessage() for record in caplog.records if record.name == "trickhouse.server"]
    assert len(lines) == 2 and all(str(tmp_path / FILE_NAME) in line for line in lines), lines
    assert "cannot write" in lines[0] and "writes again" in lines[1]
    assert Keeper().play("K7QX2M", seats, match, (0, 0)) == (0, 0) and Keeper().seats("K7QX2M", seats)


def test_an_action_the_store_cannot_keep_is_taken_back_and_the_table_pauses_until_it_can() -> None:
    """Issue 31, item 3 (stored, then told), at the runner alone: the action is refused and taken back, every
    player is told the table is paused (nobody is told of the action), an action meanwhile is refused, nothing is
    played; once the store writes again everyone is told play resumes and the player to move is told again."""
    keeper = Kept()
    runner = runner_of(["online", "online", "computer", "computer"], keeper, preset="rook-classic")
    people = People(runner, keeper)
    people.hear(runner.receive(0, typed(M.Start)))
    session = session_of(runner)
    while not session.is_human(session.hand.to_move):  # the computers' bids, as the worker would choose
        session.hand.apply(session.hand.legal_actions()[-1])
    seat, before = session.hand.to_move, session.hand.record()
    keeper.refusing.add("play")
    told = people.hear(runner.receive(seat, typed(M.Act, action="pass")))
    paused = [say for say in told if say.kind == "paused"]
    assert [say.seat for say in paused] == [0, 1] and "cannot save" in message_of(M.Paused, paused[0]).reason
    assert [(say.seat, say.kind) for say in told if say.kind != "paused"] == [(seat, "refused")]
    assert session.hand.record() == before, "taken back"
    told = says(runner.receive(seat, typed(M.Act, action="pass")))
    assert [(say.seat, say.kind, message_of(M.Refused, say).reason) for say in told] == \
        [(seat, "refused", message_of(M.Paused, paused[0]).reason)]
    assert runner.step(10.0) == ([], LIMITS.store_retry_seconds) and session.hand.record() == before
    keeper.refusing.discard("play")
    told, _ = stepped(runner, 11.0)
    assert [(say.seat, say.kind) for say in told if say.kind in ("resumed", "turn")] == \
        [(0, "resumed"), (1, "resumed"), (seat, "turn")]
    people.hear(runner.receive(seat, typed(M.Act, action="pass")))
    assert len(session.hand.actions) == len(before["actions"]) + 1


# --- what the log says of strangers ---

def test_every_value_in_a_server_log_line_is_shown_escaped(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 31, item 8: a client's text in a line (here a preset name and an exception's message) is written with
    its newlines and escape sequences shown, so that it cannot forge a line of its own or drive the terminal."""
    caplog.set_level(logging.INFO)
    log = logging.getLogger("trickhouse.server")
    escape_lines(log)
    log.warning("refused: %s", "rook\n1999-12-31 INFO forged \x1b[2J\u202e")
    try:
        raise ValueError("bad\nforged")
    except ValueError:
        log.exception("%s: could not be handled", "x")
    said = caplog.text
    assert "rook\\n1999-12-31 INFO forged \\x1b[2J\\u202e" in said and "bad\\nforged" in said
    assert not [line for line in said.splitlines() if line.startswith(("1999", "forged"))]


def test_log_lines_about_one_address_are_a_burst_then_a_rate_then_one_summary_line(
        caplog: pytest.LogCaptureFixture) -> None:
    """Issue 31 ("Logs: lines per address rate-limited with one summary line"), with a clock the test sets."""
    caplog.set_level(logging.INFO)
    now = [0.0]
    lines = AddressLines(logging.getLogger("trickhouse.test"), burst=3, per_second=1.0, clock=lambda: now[0])
    for number in range(10):
        lines.log("203.0.113.9", logging.INFO, "line %d", number)
    lines.log("198.51.100.7", logging.INFO, "another address")
    said = [record.getMessage() for record in caplog.records]
    assert said[:4] == ["line 0", "line 1", "line 2",
                        "203.0.113.9: more than 3 log lines at once and 1 a second; the rest are counted"]
    assert said[4:] == ["another address"]
    now[0] = 1.0
    lines.log("203.0.113.9", logging.INFO, "line %d", 10)  # a second later: one more line is allowed
    now[0] = 10.0
    lines.log("198.51.100.7", logging.INFO, "later")  # quiet long enough: the summary, once
    lines.flush()
    said = [record.getMessage() for record in caplog.records][5:]
    assert said == ["line 10", "203.0.113.9: 7 log lines about it were not written", "later"]


def test_a_pass_decided_ahead_of_its_turn_is_held_until_the_store_keeps_it() -> None:
    """Issue 31, item 3, with everyone passing at once (a Hearts pass): a pass decided ahead of its turn is taken at
    its turn; if the store cannot keep it then, it is taken back and still held, and taken once the store writes
    again (it was dropped from the held ones before it was kept, and the player's pass was lost)."""
    keeper = Kept()
    runner = runner_of(["online", "online", "computer", "computer"], keeper, preset="hearts-classic")
    runner.receive(0, typed(M.Start))
    hand = session_of(runner).hand
    while not session_of(runner).is_human(hand.to_move):  # the computers' passes, as the worker would choose
        hand.apply(hand.legal_actions()[0])
    first, later = hand.to_move, 1 - hand.to_move
    ahead = f"pass-cards {' '.join(hand.view(later).hand[:3])}"
    assert runner.receive(later, typed(M.Act, action=ahead)) == [], "held: nothing to tell yet"
    runner.receive(first, typed(M.Act, action=f"pass-cards {' '.join(hand.view(first).hand[:3])}"))
    while hand.to_move != later:
        hand.apply(hand.legal_actions()[0])
    keeper.refusing.add("play")
    told, _ = stepped(runner, 1.0)
    assert [say.kind for say in told if say.kind == "paused"] == ["paused", "paused"]
    assert hand.to_move == later and controller_of(runner).ahead == {later: ahead}, "taken back, and still held"
    keeper.refusing.discard("play")
    actions = len(hand.actions)
    runner.step(2.0)
    assert later not in controller_of(runner).ahead and len(hand.actions) == actions + 1, "kept, and played"


@pytest.mark.parametrize("player_leads", [False, True])
def test_claimed_says_whether_a_player_claimed_and_a_window_elsewhere_reads_it(player_leads: bool) -> None:
    """The audit, at a network table: ``claimed`` named only a seat, "who claimed, or the computer whose turn it
    was", so a window could not tell a claim from a hand the server ended because it was decided, and named West
    as claimer when West was only on lead. Now ``asked`` says which: false when West, a computer, is on lead with the
    rest decided; true when the player on lead claims. It crosses the wire, and the other computer's window reads
    the same intent as a table here would make (Claimed, with who took each trick in its trick-won events)."""
    lobby = lobby_of(["online", "computer", "computer", "computer"], preset="rook-classic")
    lobby.record.started = True
    worker = AIWorker(search_process=False)  # a computer's turn asks it while the claim check is under way
    client = NetClient(LOOPBACK, free_port(), request("hello", {"name": "Bo", "code": lobby.code}), retry_for=0)
    try:
        runner = TableRunner(lobby, Kept(), worker, LIMITS, session=table_session(audit_position(player_leads)))
        told: list[Say] = []
        for _ in range(200):  # the claim check is worked out a few milliseconds a step
            if player_leads and session_of(runner).play_is_settled():
                told = says(runner.receive(0, typed(M.Claim)))
                break
            told, _ = stepped(runner, 1000.0)
            if any(say.kind == "claimed" for say in told):
                break
        [say] = [say for say in told if say.kind == "claimed"]
        claimed = message_of(M.Claimed, say)
        assert (claimed.seat, claimed.asked) == ((0, True) if player_leads else (1, False))
        assert [event.seat for event in claimed.events if event.kind == "trick-won"] == [int(player_leads)] * 3
        sent = P.read_reply(P.encode(claimed))
        assert isinstance(sent, M.Claimed) and sent.asked == player_leads
        table = RemoteTable(client, message_of(M.Welcome, lobby.welcome(0, None)))
        assert table.read(sent) == [Claimed(claimed.seat, tuple(claimed.events), player_leads)]
    finally:
        client.close()
        worker.close()


def test_a_player_at_a_network_table_is_told_the_rest_is_decided_and_their_window_offers_the_claim() -> None:
    """Claim the rest at a network table (RULES.md's claim: "allowed only when every way to play the rest of the
    hand" comes to the same result): the window's Claim button asks its table whether the rest is decided, and a
    network table always answered no, though the server takes ``claim``. Now the server works the claim check out
    while the player on lead thinks and then tells them, once: ``turn`` again with ``claim``; a player coming back
    is told at once. Their window offers the claim from then until something is played, and the second ``turn``
    announces nothing new."""
    lobby = lobby_of(["online", "computer", "computer", "computer"], preset="rook-classic")
    lobby.record.started = True
    worker = AIWorker(search_process=False)  # the computers' turns after the player's card
    client = NetClient(LOOPBACK, free_port(), request("hello", {"name": "Bo", "code": lobby.code}), retry_for=0)
    try:
        runner = TableRunner(lobby, Kept(), worker, LIMITS, session=table_session(audit_position(True)))
        turns: list[M.Turn] = []
        waits = []
        for _ in range(500):  # the claim check is worked out a few milliseconds a step
            told, wait = stepped(runner, 1000.0)
            turns += [message_of(M.Turn, say) for say in told if say.kind == "turn"]
            if any(turn.claim for turn in turns):
                break
            waits.append(wait)
        assert [turn.claim for turn in turns] in ([False, True], [True]), "told it is decided, once"
        assert all(wait == 0 for wait in waits[1:]), "stepped again at once while the check is under way"
        for _ in range(5):
            told, wait = stepped(runner, 1000.0)
            assert told == [] and wait > 0, "told once a position; then the player is waited for"
        back = says(runner.arrive(0, None))
        assert [message_of(M.Turn, say).claim for say in back if say.kind == "turn"] == [True], "coming back"

        table = RemoteTable(client, message_of(M.Welcome, lobby.welcome(0, None)))
        table.read(P.read_reply(P.encode(message_of(M.State, runner.state(0)))))
        assert len(table.read(P.read_reply(P.encode(M.Turn(phase="play"))))) == 1
        assert not table.claimable(), "a turn without claim offers none"
        assert table.read(P.read_reply(P.encode(M.Turn(phase="play", claim=True)))) == [], "the same turn"
        assert table.claimable()
        table.read(P.read_reply(P.encode(paused())))
        assert not table.claimable(), "a claim would be refused while the server cannot save"
        table.read(P.read_reply(P.encode(M.Resumed())))
        assert table.claimable()
        [played] = says(runner.receive(0, typed(M.Act, action="play Y5")))
        table.read(P.read_reply(P.encode(message_of(M.Played, played))))
        assert not table.claimable(), "not once a card is played"
        assert session_of(runner).hand.trick, "the card is on the table"
        told, _ = stepped(runner, 1000.0)
        assert not any(say.kind == "turn" and message_of(M.Turn, say).claim for say in told), "no claim mid-trick"
    finally:
        client.close()
        worker.close()


def test_a_turn_at_a_network_table_says_no_claim_while_play_can_still_change_the_result() -> None:
    """The other side of the claim: on the first lead of a hand of hearts the claim check answers no, and the
    player is told their turn without ``claim`` and nothing more, however long they think."""
    runner = runner_of(["online"] * 4, Kept(), preset="hearts-classic")
    runner.receive(0, typed(M.Start))
    hand = session_of(runner).hand
    while hand.phase != "play":  # the passes
        hand.apply(hand.legal_actions()[0])
    turns, waits = [], []
    for _ in range(20):
        told, wait = stepped(runner, 1000.0)
        turns += [message_of(M.Turn, say) for say in told if say.kind == "turn" and say.seat == hand.to_move]
        waits.append(wait)
    assert [turn.claim for turn in turns] == [False]
    assert session_of(runner).claim_known() and all(wait > 0 for wait in waits[1:]), \
        "the check has its answer: the server waits for the player instead of stepping again at once"


def test_a_hint_asked_at_a_table_that_gives_none_is_refused_as_such() -> None:
    """A runner made without a hint player (``hint`` None: no hints at this table) answered a hint asked on the
    player's own turn with "It is not your turn"; it says the table gives no hints."""
    lobby = lobby_of(["online", "computer", "computer", "computer"], preset="rook-classic")
    lobby.record.started = True
    runner = TableRunner(lobby, Kept(), None, LIMITS, session=table_session(audit_position(True)))
    assert session_of(runner).hand.to_move == 0
    [said] = says(runner.receive(0, typed(M.AskHint)))
    refused = message_of(M.Refused, said)
    assert (refused.action, refused.why, refused.reason) == ("hint", Refusal("no-hints"), "This table gives no hints")
