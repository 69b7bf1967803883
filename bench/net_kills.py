"""``python -m bench net --kills N``: the dedicated server killed (SIGKILL) at random moments while its
tables play, and started again on the same data after each kill (issue 23: nothing a client was told may be lost).

Tables of two people (played here, each over a connection of its own, acting at once with a random legal action
from its own view) and two computers, of hearts-classic and rook-classic. Each person keeps every view it is told
(``state``, ``played``, ``claimed``, ``hand-over``) with the hand it belongs to. After each kill, before the
server starts again, every table is built again from the database as a restart builds it, and:

- every view a person was told is the view of the rebuilt hand cut to that view's number of actions: every action
  any client was told of is there, in order, and nothing else the person saw differs;
- no card a person saw played is back in a hand;
- what the database held at the earlier kills is still there: its rows only ever grow;
- a table made just before the kill (the kill comes within 0.1 s of its welcome) is there, and its owner takes
  its seat back with their token when the server is up again.

Then the server starts again, the people take their seats back with their tokens and play on; a table whose match
is over is replaced by a new one.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.engine import Hand
from game.engine.view import SeatView
from game.net import messages as M
from game.net import protocol as P
from game.net.database import TableDatabase
from game.net.lobby import token_hash
from game.net.runner import restore

from .crash import Tally
from .net import Json, no_limits, random_decision

PRESETS = ("hearts-classic", "rook-classic")
SEATS: list[M.SeatKind] = ["me", "online", "computer", "computer"]
PLAY = (0.0, 1.0)  # seconds of play from the first action told to the kill, drawn at random
THINK = (0.0, 0.02)  # seconds a person takes to act
START_TIMEOUT = 30.0  # seconds for the server to listen, or a person to be welcomed: only stops a hang


@dataclass
class KillTally(Tally):
    kills: int = 0
    views: int = 0  # views told to the people, each checked against the rebuilt hand
    actions: int = 0  # actions played between the kills, found in the database (each counted once)
    told_before_kill: int = 0  # kills after which some person had been told of new actions
    cards_seen: int = 0  # cards seen played, checked not to be back in a hand
    fresh_tables: int = 0  # tables made just before a kill, found again and their seat taken back


class Person:
    """A person at a table over a connection of their own: acts on their turn from their own view, presses Next
    hand, and keeps everything they were told that the database must bear out."""

    def __init__(self, name: str, seed: int):
        self.name = name
        self.rng = random.Random(seed)
        self.code = ""
        self.seat = -1
        self.token: str | None = None
        self.hand = 0  # the index in the match of the hand being told
        self.view: SeatView | None = None
        self.told: list[tuple[int, SeatView]] = []  # (hand index, view) not yet checked
        self.seen: dict[int, set[str]] = {}  # cards seen played, per hand index
        self.over = False
        self.refused = ""  # why the server refused this person's seat, if it did
        self.behind = ""  # the table came back behind what this person had been told
        self.last_told: tuple[int, int] | None = None  # (hand index, actions) of the last view told before a kill
        self.ws: ClientConnection | None = None
        self.welcomed = asyncio.Event()
        self.news: asyncio.Event | None = None  # set when an action is told (the round's, shared by everyone)

    def first_message(self, preset: str | None = None, code: str = "") -> str:
        if preset is not None:
            return P.encode(M.Create(name=self.name, preset=preset, seats=SEATS))
        if self.token is not None:
            return P.encode(M.Hello(name=self.name, code=self.code, token=self.token))
        return P.encode(M.Hello(name=self.name, code=code))

    def start(self, uri: str, first: str) -> asyncio.Task[None]:
        """Connect and play, on a task of its own, until the connection ends (the server killed)."""
        self.welcomed = asyncio.Event()
        self.refused = ""
        self.last_told = (self.hand, self.view.moves) if self.view is not None else None
        return asyncio.create_task(self.play(uri, first))

    async def play(self, uri: str, first: str) -> None:
        try:
            async with connect(uri, max_size=2**22, compression=None, open_timeout=START_TIMEOUT) as ws:
                self.ws = ws
                await ws.send(first)
                async for text in ws:
                    await self.read(ws, json.loads(text))
        except (ConnectionClosed, OSError):
            pass
        finally:
            self.ws = None

    async def read(self, ws: ClientConnection, message: Json) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.code, self.seat = message["code"], message["seat"]
            self.token = message.get("token") or self.token
            self.welcomed.set()
        elif kind in ("error", "closed") and not self.welcomed.is_set():
            self.refused = message["reason"]
            self.welcomed.set()
        elif kind == "state":
            view = SeatView.from_json(message["view"])
            back = (message["hand"] - 1, view.moves)
            if self.last_told is not None and back < self.last_told:  # seen by a client, whatever the server keeps
                self.behind = (f"back at hand {back[0] + 1} after {back[1]} actions, but had been told of hand "
                               f"{self.last_told[0] + 1} after {self.last_told[1]}")
            self.last_told = None
            self.hand = message["hand"] - 1
            self.over = message["over"]
            self.keep(view)
        elif kind in ("played", "claimed", "hand-over"):
            self.keep(SeatView.from_json(message["view"]))
            if self.news is not None:
                self.news.set()
            for event in message.get("events", []):
                if event["kind"] == "card-played":
                    self.seen.setdefault(self.hand, set()).update(event["cards"])
            if kind == "hand-over":
                self.over = message["over"]
                await ws.send(P.encode(M.Next()))
        elif kind == "match-over":
            self.over = True
        elif kind in ("turn", "refused") and self.view is not None and self.view.to_move == self.seat and \
                self.view.phase != "done":
            await asyncio.sleep(self.rng.uniform(*THINK))
            await ws.send(P.encode(M.Act(action=random_decision(self.view, self.rng))))

    def keep(self, view: SeatView) -> None:
        self.view = view
        self.told.append((self.hand, view))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]  # (host, port) for an IPv4 socket
        return port


def start_server(folder: Path, port: int, source: Path | None = None) -> subprocess.Popen[bytes]:
    """``python -m game.server`` keeping its tables in ``folder`` (run from the source tree ``source``, such as
    an earlier commit's, if given), logging to server.log beside it."""
    log = open(folder.parent / "server.log", "ab")  # noqa: SIM115  (the child writes it; closed with the child)
    try:
        return subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(port),
                                 "--data", str(folder), "--pause", "0", "--keep", "30", *no_limits(source),
                                 "--no-search-process", "--no-announce"],
                                stdout=log, stderr=subprocess.STDOUT, cwd=source)
    finally:
        log.close()


async def listening_server(folder: Path, source: Path | None) -> tuple[subprocess.Popen[bytes], int]:
    """A server started on a free port, once it listens. Each start takes a port of its own: the one before may
    have gone, since the kill, to another program's connection (the free ports are those connections' too)."""
    for _ in range(3):
        port = free_port()
        server = start_server(folder, port, source)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and server.poll() is None:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                return server, port
            except OSError:
                await asyncio.sleep(0.05)
        server.kill()
        server.wait()
    raise RuntimeError(f"the server did not listen (exit code {server.poll()}; see server.log)")


async def welcomed(person: Person, tally: KillTally) -> None:
    try:
        await asyncio.wait_for(person.welcomed.wait(), START_TIMEOUT)
    except TimeoutError:
        person.refused = "no answer"
    if person.refused:
        tally.fail(f"{person.name} at table {person.code or '?'}: refused: {person.refused}")


async def one_round(uri: str, tables: list[list[Person]], lobbies: list[Person], rng: random.Random,
                    tally: KillTally, serial: list[int]) -> tuple[Person, list[asyncio.Task[None]]]:
    """The people back at their seats, new tables made up to one of each preset, play until someone is told of
    an action and then for a random moment, then a table made at the last moment; returns its owner and the
    people's tasks. The caller kills the server."""
    news = asyncio.Event()
    for people in tables:
        for person in people:
            person.news = news
    tasks = [person.start(uri, person.first_message()) for people in tables for person in people]
    for owner in lobbies:  # the tables made just before the last kill: their owners take their seats back
        tasks.append(owner.start(uri, owner.first_message()))
        await welcomed(owner, tally)
        if owner.ws is not None and not owner.refused:
            tally.fresh_tables += 1
            await owner.ws.close()
    for people in tables:
        for person in people:
            await welcomed(person, tally)
    for preset in PRESETS[len(tables):]:
        serial[0] += 1
        owner, guest = Person(f"Owner {serial[0]}", rng.randrange(10**6)), Person(f"Guest {serial[0]}",
                                                                                   rng.randrange(10**6))
        tasks.append(owner.start(uri, owner.first_message(preset)))
        await welcomed(owner, tally)
        tasks.append(guest.start(uri, guest.first_message(code=owner.code)))
        await welcomed(guest, tally)
        if owner.ws is None or owner.refused or guest.refused:
            break  # named as a failure; the next round tries again
        owner.news = guest.news = news
        await owner.ws.send(P.encode(M.Start()))
        tables.append([owner, guest])
    try:  # the kill falls during play: after an action has been told
        await asyncio.wait_for(news.wait(), START_TIMEOUT)
    except TimeoutError:
        tally.fail(f"no action was told within {START_TIMEOUT:g} s of the server's start")
    await asyncio.sleep(rng.uniform(*PLAY))
    fresh = Person("Fresh", 0)
    tasks.append(fresh.start(uri, fresh.first_message(PRESETS[0])))
    await welcomed(fresh, tally)  # the kill follows at once
    return fresh, tasks


def check(folder: Path, tables: list[list[Person]], fresh: Person, found: dict[str, list[list[str]]],
          tally: KillTally) -> None:
    """What the database holds after a kill against what every person was told (see the module's text)."""
    database = TableDatabase(folder)
    try:
        saved = {table.code: table for table in database.saved_tables()}
    finally:
        database.close()
    told_new = False
    for people in tables:
        code = people[0].code
        if code not in saved:
            tally.fail(f"table {code}: not in the database after the kill")
            continue
        try:
            _, session = restore(saved[code])  # built as a restart builds it, and not run
        except ValueError as err:
            tally.fail(f"table {code}: cannot be built again: {err}")
            continue
        match = session.match if session is not None else None
        hands = match.history + [match.hand] if match is not None else []
        texts = [[hand.action_text(action) for action in hand.actions] for hand in hands]
        before = found.get(code, [])
        tally.actions += sum(map(len, texts)) - sum(map(len, before))
        if len(texts) < len(before) or any(now[:len(was)] != was for now, was in zip(texts, before)):
            tally.fail(f"table {code}: the database lost actions it held at an earlier kill")
        found[code] = texts
        for person in people:
            if person.behind:
                tally.fail(f"table {code} seat {person.seat}: {person.behind}")
                person.behind = ""
            told_new |= bool(person.told)
            for index, view in person.told:
                tally.views += 1
                problem = view_problem(hands, index, view, person.seat)
                if problem:
                    tally.fail(f"table {code} seat {person.seat}: {problem}")
            person.told.clear()
            for index, cards in person.seen.items():
                tally.cards_seen += len(cards)
                if index < len(hands):
                    hand = hands[index]
                    back = cards & {card for mask in hand.held for card in hand.rules.card_names(mask)}
                    if back:
                        tally.fail(f"table {code}: {' '.join(sorted(back))} seen played in hand {index + 1} "
                                   "are back in a hand")
    tally.told_before_kill += told_new
    place = saved.get(fresh.code)
    if fresh.refused or place is None:
        tally.fail(f"the table made just before the kill ({fresh.code or fresh.refused}) is not in the database")
    elif fresh.token is None or json.loads(place.seats)[0]["token"] != token_hash(fresh.token):
        tally.fail(f"the table made just before the kill ({fresh.code}) has lost its owner's seat")


def view_problem(hands: list[Hand], index: int, view: SeatView, seat: int) -> str:
    """Why ``view``, told to ``seat`` in the hand ``index`` of the match, is not borne out by ``hands`` ("" if
    it is)."""
    if index >= len(hands):
        return f"was told of hand {index + 1}; the database has {len(hands)}"
    hand = hands[index]
    if view.moves > len(hand.actions):
        return f"was told of {view.moves} actions of hand {index + 1}; the database has {len(hand.actions)}"
    record = hand.record()
    record["actions"] = record["actions"][:view.moves]
    if Hand.from_record(record).view(seat) != view:
        return f"was told a view of hand {index + 1} after {view.moves} actions that the database does not give"
    return ""


async def kill_run(kills: int, seed: int, folder: Path, source: Path | None = None) -> KillTally:
    rng = random.Random(seed)
    tally = KillTally()
    started = time.perf_counter()
    tables: list[list[Person]] = []
    lobbies: list[Person] = []
    found: dict[str, list[list[str]]] = {}
    serial = [0]
    for _ in range(kills):
        server, port = await listening_server(folder, source)
        tasks: list[asyncio.Task[None]] = []
        try:
            fresh, tasks = await one_round(f"ws://127.0.0.1:{port}", tables, lobbies, rng, tally, serial)
        finally:
            server.kill()  # SIGKILL: nothing is flushed, closed or said
            server.wait()
        await asyncio.wait(tasks, timeout=START_TIMEOUT)
        tally.kills += 1
        check(folder, tables, fresh, found, tally)
        lobbies = [fresh]
        tables = [people for people in tables if not any(person.over for person in people)]
    tally.seconds = time.perf_counter() - started
    return tally


def kill_server(kills: int, seed: int, folder: Path, source: Path | None = None) -> KillTally:
    """``kills`` kills of a server keeping its tables in ``folder``/data (its log beside it, server.log)."""
    (folder / "data").mkdir(parents=True, exist_ok=True)
    return asyncio.run(kill_run(kills, seed, folder / "data", source))


def run(kills: int, seed: int, source: Path | None = None) -> int:
    import tempfile

    print(f"Server kills: {kills} SIGKILLs of `python -m game.server` {PLAY[0]:g}-{PLAY[1]:g} s into play, "
          f"tables of {' and '.join(PRESETS)} (two people here, two Normal computers there) playing, seed {seed}\n")
    with tempfile.TemporaryDirectory(prefix="trickhouse-server-kills-") as tmp:
        tally = kill_server(kills, seed, Path(tmp), source)
    print("| kills | kills after new actions were told | views checked | actions kept | cards seen played, "
          "checked | tables made just before a kill, back | failures | seconds |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {tally.kills} | {tally.told_before_kill} | {tally.views:,} | {tally.actions:,} | "
          f"{tally.cards_seen:,} | {tally.fresh_tables} | {tally.failures} | {tally.seconds:.0f} |")
    for example in tally.examples:
        print(f"FAILED {example}")
    return 1 if tally.failures else 0
