"""Issue 23: a server that loses nothing. Tables are kept in an SQLite database (game/net/database.py): a table's
creation and every action are committed before any client is told of them; a server killed (SIGKILL) at any
moment and started again brings back everything its players saw; seats brought back wait for their players;
tables an earlier server saved as JSON are imported once; a damaged table or file is kept aside in one log line,
and a newer server's database is refused. ``python -m bench net --kills 100`` runs the kills at length."""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from websockets.asyncio.client import ClientConnection

from bench.net_kills import Person, kill_server, view_problem
from game.engine import Match, load_rules
from game.net import messages as M
from game.net.database import (
    FILE_NAME,
    SCHEMA_VERSION,
    DatabaseUnusable,
    NewerDatabase,
    SavedTable,
    TableDatabase,
    saved_codes,
)
from game.net.host import NetHost
from game.net.lobby import SeatJson, token_hash
from game.net.runner import TableRunner
from game.net.server import TableServer
from game.net.tables import TABLE_FORMAT, Tables
from game.table.session import SeatPlan, Session
from tests.support.net_helpers import (
    FAST,
    LOOPBACK,
    Answer,
    Player,
    ServerThread,
    answer,
    controller_of,
    free_port,
    play_until,
    raw,
    server_process,
    session_of,
    wait_for_port,
    wire,
)

KILLS = 10


def test_a_server_killed_during_play_loses_nothing_a_client_was_told(tmp_path: Path) -> None:
    """Issue 23: kill -9 the server at 10 random moments while tables of hearts-classic and rook-classic play
    (two people, two computers each), start it again on the same data each time: every view any person was told
    is the view of the hand rebuilt from the database cut to that many actions (every action they were told of is
    there, in order), no card a person saw played is back in a hand, the rows never shrink, and a table made
    just before each kill is there with its owner's seat. With saves once a second, kills lost the last plays,
    and a table killed in its first second was gone ("No table has that code")."""
    tally = kill_server(KILLS, seed=23, folder=tmp_path)
    assert tally.failures == 0, tally.examples
    assert tally.kills == KILLS
    assert tally.told_before_kill == KILLS, "each kill fell during play, after people had been told of actions"
    assert tally.views >= KILLS and tally.actions >= KILLS
    assert tally.fresh_tables == KILLS - 1, "each table made just before a kill took its owner back"


def test_the_kill_check_catches_an_action_lost_or_changed() -> None:
    """The check of the kills can fail: a view told after more actions than the database holds, or after other
    actions, is named."""
    match = Match(load_rules("hearts-classic"), seed=5)
    hand = match.hand
    for _ in range(6):
        hand.apply(hand.legal_actions()[0])
    seat = hand.to_move
    told = hand.view(seat)
    assert view_problem([hand], 0, told, seat) == ""
    lost = Match(load_rules("hearts-classic"), seed=5).hand
    for action in hand.record()["actions"][:5]:
        lost.apply(action)
    assert "was told of 6 actions of hand 1; the database has 5" in view_problem([lost], 0, told, seat)
    assert "was told of hand 2" in view_problem([hand], 1, told, seat)
    other = Match(load_rules("hearts-classic"), seed=5).hand
    for _ in range(6):
        other.apply(other.legal_actions()[-1])
    assert "does not give" in view_problem([other], 0, told, seat)
    person = Person("Ann", 0)  # a client that comes back to an older table than it was told of
    person.last_told = (0, 6)
    no_connection = cast(ClientConnection, None)  # a state is read without answering the server
    asyncio.run(person.read(no_connection, {"type": "state", "hand": 1, "over": False,
                                            "view": {**told.to_json(), "moves": 4}}))
    assert "back at hand 1 after 4 actions, but had been told of hand 1 after 6" in person.behind


def test_a_table_killed_right_after_it_was_made_is_there_when_the_server_is_back(tmp_path: Path) -> None:
    """Issue 23: a table is kept before its creator is welcomed, so a kill right after the welcome (well within
    0.1 s) loses nothing: the owner's token takes the seat back (a table killed in its first second was gone)."""
    port = free_port()
    process = server_process(port, tmp_path)
    try:
        wait_for_port(port)
        with raw(port) as ws:
            ws.send(wire("create", name="Ann", preset="rook-classic",
                            seats=["me", "online", "computer", "computer"]))
            welcome = answer(ws)
            process.send_signal(signal.SIGKILL)
            process.wait(10)
        assert saved_codes(tmp_path) == [welcome["code"]]
        process = server_process(port, tmp_path)
        wait_for_port(port)
        with raw(port) as ws:
            ws.send(wire("hello", name="Ann", code=welcome["code"], token=welcome["token"]))
            back = answer(ws)
        assert back["type"] == "welcome" and back["seat"] == welcome["seat"] and back["owner"]
    finally:
        process.kill()
        process.wait(10)


def wait_for(server: ServerThread, question: Callable[[Tables], bool], seconds: float = 20.0) -> None:
    """Ask ``question(tables)`` on the server's loop until it answers true; the deadline only stops a hang."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.call(lambda: question(server.server.tables)):
            return
        time.sleep(0.02)
    raise AssertionError("the server did not get there in time")


def test_after_a_restart_a_seat_waits_for_its_player_before_a_computer_plays_it(tmp_path: Path) -> None:
    """Issue 23: a table brought back keeps each seat for its player for the table's seat-keeping time, as for
    a drop-out (PROTOCOL.md, "Dropping out and coming back"); only then does a computer play it. Loading a table
    put every seat with no connection 'away' at once: computers played for people who had not had time to come
    back. (Until someone is back, nothing is played at all: issue 31.)"""
    first = ServerThread(tmp_path)
    owner = Player(first.port, "create", {"name": "Ann", "preset": "hearts-classic", "keep": 30,
                                          "seats": ["me", "online", "computer", "computer"]})
    guest = Player(first.port, "hello", {"name": "Bo", "code": owner.table.code}, seed=1)
    play_until([owner, guest], lambda: len(owner.table.seats) == 4 and owner.table.seats[1].taken)
    owner.client.send(M.Start())
    play_until([owner, guest], lambda: owner.table.started and owner.table.view().moves >= 3)
    code, token = owner.table.code, owner.client.token
    for player in (owner, guest):
        player.client.closing = True
    first.stop()  # as on SIGTERM (a kill leaves the same database)
    second = ServerThread(tmp_path)
    try:
        table = second.server.tables[code]
        moves = second.call(lambda: len(session_of(table).hand.actions))
        time.sleep(0.5)
        assert second.call(lambda: len(session_of(table).hand.actions)) == moves, "nobody is back: nothing is played"
        back = Player(second.port, "hello", {"name": "Ann", "code": code, "token": token})

        def bo_to_move() -> bool:
            session = session_of(table)
            return session.hand.to_move == 1 and not controller_of(table).thinking

        # Ann and the computers play their own seats, and then the table waits for Bo
        play_until([back], lambda: second.call(bo_to_move))
        moves = second.call(lambda: len(session_of(table).hand.actions))
        time.sleep(0.5)  # with the seats 'away', computers played here at once (no pause)
        assert second.call(lambda: (len(session_of(table).hand.actions), session_of(table).away)) == (moves, set())
        assert second.call(lambda: [s.away for s in table.seat_list()]) == [False] * 4
        # the seat-keeping time runs out: a computer plays on for Bo
        def keep_briefly() -> None:
            table.record.keep = 0.2
            second.server.wake(table)

        second.call(keep_briefly)
        wait_for(second, lambda tables: len(session_of(tables[code]).hand.actions) > moves)
        assert second.call(lambda: session_of(table).away) == {1}
        back.close()
    finally:
        second.stop()


def brought_back(folder: Path, question: Callable[[Tables], Answer]) -> Answer:
    """Start a server on ``folder``, ask ``question(tables)`` on its loop, stop it; the answer."""
    server = ServerThread(folder)
    try:
        return server.call(lambda: question(server.server.tables))
    finally:
        server.stop()


def old_json_table(code: str, actions: int) -> dict[str, Any]:
    """A started table as an earlier server saved it (one JSON file a table)."""
    session = Session(Match(load_rules("hearts-classic"), seed=9),
                      [SeatPlan("Ann", False, online=True), SeatPlan("Bo", False, online=True),
                       SeatPlan("Computer 3", False), SeatPlan("Computer 4", False)])
    for _ in range(actions):
        session.hand.apply(session.hand.legal_actions()[0])
    seats = [{"kind": "online", "name": "Ann", "token": token_hash("ann-token"), "level": "normal"},
             {"kind": "online", "name": "Bo", "token": token_hash("bo-token"), "level": "normal"},
             {"kind": "computer", "name": "Computer 3", "token": None, "level": "normal"},
             {"kind": "computer", "name": "Computer 4", "token": None, "level": "normal"}]
    return {"format": TABLE_FORMAT, "code": code, "preset": "hearts-classic", "changes": {}, "keep": 30.0,
            "owner": 0, "started": True, "seats": seats, "session": session.to_json()}


def test_tables_an_earlier_server_saved_as_json_are_imported_once(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """Issue 23: "tables saved in today's JSON format are imported once": each file goes into the database (then
    the file goes), the table plays on from where it was, and a restart finds it in the database; a file that
    is not a table is kept aside as .bad, named in one line."""
    caplog.set_level(logging.INFO)
    saved = old_json_table("K7QX2M", actions=7)
    (tmp_path / "K7QX2M.json").write_text(json.dumps(saved))
    (tmp_path / "ZZZZZZ.json").write_text("{not json")
    for _ in range(2):  # imported, then found in the database
        record, away = brought_back(tmp_path, lambda tables: (session_of(tables["K7QX2M"]).hand.record(),
                                                              session_of(tables["K7QX2M"]).away))
        assert record == saved["session"]["match"]["hands"][0] and away == set()
        assert sorted(path.name for path in tmp_path.iterdir() if "json" in path.name) == ["ZZZZZZ.json.bad"]
    assert caplog.text.count("K7QX2M.json: imported into") == 1
    assert sum("ZZZZZZ.json" in r.getMessage() and "kept as ZZZZZZ.json.bad" in r.getMessage()
               for r in caplog.records) == 1


def keep_table_with_rows(folder: Path, code: str, actions: list[str]) -> Match:
    """A started hearts-classic table written straight into the database, its actions as given."""
    match = Match(load_rules("hearts-classic"), seed=3)
    database = TableDatabase(folder)
    ann: SeatJson = {"kind": "online", "name": "Ann", "token": token_hash("t"), "level": "normal"}
    seats: list[SeatJson] = [ann] + [{"kind": "computer", "name": f"Computer {n}", "token": None, "level": "normal"}
                                     for n in (2, 3, 4)]
    database.create(code, "hearts-classic", {}, 30.0, 0, seats)
    database.save_play(code, seats, match, (0, 0))
    with database.connection:
        database.connection.executemany("INSERT INTO actions (code, hand, number, action) VALUES (?, 0, ?, ?)",
                                        [(code, number, text) for number, text in enumerate(actions)])
    database.close()
    return match


def test_a_table_that_cannot_be_built_again_is_kept_aside_in_one_line(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    """Issue 22/23: a table whose rows the engine does not accept (an action it refuses) is kept aside in the
    database with its problem, named in one log line, and not loaded again; the other tables come back."""
    caplog.set_level(logging.INFO)
    good = keep_table_with_rows(tmp_path, "GOOD22", [])
    keep_table_with_rows(tmp_path, "BAD222", ["play ZZ"])
    for _ in range(2):  # set aside, then left aside
        codes, deal = brought_back(tmp_path, lambda tables: (sorted(tables),
                                                             session_of(tables["GOOD22"]).hand.deal_text()))
        assert codes == ["GOOD22"] and deal == good.hand.deal_text()
    lines = [r.getMessage() for r in caplog.records if "BAD222" in r.getMessage()]
    assert len(lines) == 1 and FILE_NAME in lines[0] and "kept aside" in lines[0] and "ZZ" in lines[0], lines
    connection = sqlite3.connect(tmp_path / FILE_NAME)
    problem = connection.execute("SELECT problem FROM tables WHERE code = 'BAD222'").fetchone()[0]
    connection.close()
    assert "cannot be replayed" in problem


def test_a_fault_in_the_server_is_not_taken_for_a_damaged_table(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: only what damaged data raises keeps a table aside; a bug (here a TypeError) stops the start
    with its traceback, and the table is not marked as damaged."""
    keep_table_with_rows(tmp_path, "GOOD22", [])

    def broken(self: Tables, saved: SavedTable) -> TableRunner:
        raise TypeError("a bug")

    monkeypatch.setattr(Tables, "bring_back", broken)
    server = TableServer(tmp_path, FAST)
    with pytest.raises(TypeError, match="a bug"):
        asyncio.run(server.start(LOOPBACK, 0))
    assert server.database is None, "closed"
    assert saved_codes(tmp_path) == ["GOOD22"]


def test_a_database_that_is_not_one_is_kept_aside_and_a_new_one_started(tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    (tmp_path / FILE_NAME).write_bytes(b"this is not a database" * 100)
    server = ServerThread(tmp_path)
    try:
        owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-2p", "seats": ["me", "online"]})
        owner.close()
    finally:
        server.stop()
    [bad] = tmp_path.glob(f"{FILE_NAME}.bad-*")
    assert bad.read_bytes() == b"this is not a database" * 100
    assert saved_codes(tmp_path) == [owner.table.code]
    lines = [r.getMessage() for r in caplog.records if FILE_NAME in r.getMessage() and ".bad" in r.getMessage()]
    assert len(lines) == 1 and "a new one started" in lines[0]


def test_a_newer_servers_database_is_refused_in_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    """A data folder from a newer server: the server does not start (one line naming the file), a game does not
    host there, and the file is untouched."""
    keep_table_with_rows(tmp_path, "GOOD22", [])
    connection = sqlite3.connect(tmp_path / FILE_NAME)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    process = server_process(free_port(), tmp_path)
    output = process.communicate(timeout=30)[0]
    assert process.returncode == 1
    lines = [line for line in output.splitlines() if FILE_NAME in line]
    assert len(lines) == 1 and "newer Trickhouse" in lines[0] and "left as it is" in lines[0], output
    for again in (True, False):
        with pytest.raises(NewerDatabase, match="newer Trickhouse"):
            NetHost(0, 30.0, again=again, folder=tmp_path, address=LOOPBACK)
    assert saved_codes(tmp_path) == [] and (tmp_path / FILE_NAME).read_bytes() == before


def test_a_game_hosting_again_finds_its_table_in_the_database_and_a_new_hosting_forgets_it(tmp_path: Path) -> None:
    """The hosting window keeps its table in the same database: Host again brings it back with its seats; a new
    hosted table ends the last one for good."""
    host = NetHost(0, 30.0, folder=tmp_path, address=LOOPBACK)
    try:
        owner = Player(host.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                             "seats": ["me", "online", "computer", "computer"]})
        code, token = owner.table.code, owner.welcome.token
        owner.close()
    finally:
        host.stop()
    assert saved_codes(tmp_path) == [code]
    again = NetHost(0, 30.0, again=True, folder=tmp_path, address=LOOPBACK)
    try:
        assert again.saved_table() == code
        owner = Player(again.port, "hello", {"name": "Ann", "code": code, "token": token})
        assert owner.welcome.seat == 0 and owner.welcome.owner
        owner.close()
    finally:
        again.stop()
    fresh = NetHost(0, 30.0, again=False, folder=tmp_path, address=LOOPBACK)
    try:
        assert fresh.saved_table() is None
    finally:
        fresh.stop()
    assert saved_codes(tmp_path) == []


def test_every_accepted_action_is_committed_before_anyone_is_told(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23's design: whenever a client is sent news of an action, the database (read from another
    connection, as a restart would) already holds it."""
    import game.net.server as net_server

    behind = []
    original = net_server.Client.send

    told = []

    def send(client: net_server.Client, message: M.AnyServerMessage) -> None:
        if isinstance(message, M.Played | M.Claimed) and client.table is not None:
            hands = session_of(client.table).match.history + [session_of(client.table).match.hand]
            connection = sqlite3.connect(tmp_path / FILE_NAME)
            kept = connection.execute("SELECT COUNT(*) FROM actions WHERE code = ? AND hand = ?",
                                      (client.table.code, len(hands) - 1)).fetchone()[0]
            connection.close()
            told.append(message.view["moves"])
            if kept < message.view["moves"]:
                behind.append((kept, message.view["moves"]))
        return original(client, message)

    monkeypatch.setattr(net_server.Client, "send", send)
    server = ServerThread(tmp_path, limits=FAST)
    try:
        owner = Player(server.port, "create", {"name": "Ann", "preset": "rook-classic",
                                               "seats": ["me", "computer", "computer", "computer"]})
        owner.client.send(M.Start())
        play_until([owner], lambda: owner.table.started and len(owner.table.results()) >= 1)
        owner.close()
    finally:
        server.stop()
    assert told and not behind, behind[:3]  # every action told was kept first (and some were told)


def test_a_data_folder_that_cannot_be_used_is_named_in_one_line(tmp_path: Path) -> None:
    """A --data folder that cannot be made or written (here a file stands where it should be): the server does
    not start, with one line naming the database; a game does not host there; nothing is set aside."""
    (tmp_path / "taken").write_text("a file, not a folder")
    folder = tmp_path / "taken" / "server"
    process = server_process(free_port(), folder)
    output = process.communicate(timeout=30)[0]
    assert process.returncode == 1
    lines = [line for line in output.splitlines() if FILE_NAME in line]
    assert len(lines) == 1 and "cannot be used" in lines[0] and "Traceback" not in output, output
    with pytest.raises(DatabaseUnusable, match="cannot be used"):
        NetHost(0, 30.0, folder=folder, address=LOOPBACK)
    assert (tmp_path / "taken").read_text() == "a file, not a folder"
