"""``python -m bench net``: how quickly everyone at a network table sees each action, and how many tables one
server process holds.

One dedicated server (``python -m game.server``) runs in a process of its own on the loopback address. This
process plays tables of four: each person (a client of the server, as the game's window is) answers its turn
after a short think with a random legal action from its own view; in "mixed" tables two of the seats are Normal
computers on the server. For every person's action, the time from sending it to the moment the last client at the
table has received the server's "played" for it is one latency. Rounds grow the number of tables until the p99
passes 100 ms (or the most asked for); the figures are printed for docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.engine import Match, load_rules
from game.engine.view import SeatView
from game.net import messages as M
from game.net import protocol as P
from game.net.database import TableDatabase
from game.net.lobby import SeatRecord
from game.net.tables import TABLE_FORMAT
from game.store.files import write_atomic
from game.table.session import SeatPlan, Session

THINK = (0.05, 0.15)  # seconds a person takes to act (short: the load is what is measured)
LIMIT_MS = 100.0
# a message as the server's JSON, read raw: the load stays light, and only a deciding seat parses its view
Json = dict[str, Any]
ActionKey = tuple[int, int, int]  # (table, seat that acted, its action's number)


def random_decision(view: SeatView, rng: random.Random) -> str:
    """A person's decision from nothing but their seat's view: a random legal action, or random cards where the
    view asks for several (a nest discard, a pass: PROTOCOL.md, "Choosing several cards")."""
    if view.cards_to_choose:
        return view.choose_cards(rng.sample(view.hand, view.cards_to_choose))
    legal = [choice.text for choice in view.legal]
    if view.phase == "bid":  # modest bidding, or scores fall for ever and nobody reaches the target
        return "pass" if "pass" in legal and rng.random() < 0.8 else legal[0]
    return rng.choice(legal)


class Seat:
    def __init__(self, bench: Bench, table: int, seed: int) -> None:
        self.bench, self.table = bench, table
        self.rng = random.Random(seed)
        self.view: Json | None = None  # the last view's JSON, read only when this seat decides (load stays light)
        self.seat = -1
        self.played_by: dict[int, int] = {}  # "played" messages seen, per seat that acted

    async def run(self, ws: ClientConnection, stop: asyncio.Event) -> None:
        async for text in ws:
            message: Json = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                self.seat = message["seat"]
            elif kind in ("error", "closed", "refused"):  # never to an honest person acting on their own view
                self.bench.refusals.append(message)
            elif kind in ("state", "played", "claimed", "hand-over"):
                self.view = message.get("view", self.view)
                if kind == "played":
                    actor = message["seat"]
                    number = self.played_by.get(actor, 0)
                    self.played_by[actor] = number + 1
                    self.bench.seen((self.table, actor, number), self)
            elif kind == "turn":
                if stop.is_set():
                    continue
                await asyncio.sleep(self.rng.uniform(*THINK))
                number = self.played_by.get(self.seat, 0)
                self.bench.sending((self.table, self.seat, number))
                assert self.view is not None  # a state comes before any turn
                await ws.send(P.encode(M.Act(action=random_decision(SeatView.from_json(self.view), self.rng))))
            if kind == "hand-over":
                await ws.send(P.encode(M.Next()))


class Bench:
    def __init__(self, port: int, source: str | None = None) -> None:
        """Tables of the server at ``port`` on the loopback address, connecting from ``source`` (a loopback
        address such as 127.0.0.2; None: the system's choice)."""
        self.port = port
        self.source = source
        self.refusals: list[Json] = []  # errors, refusals and closes any person was sent
        self.sent_at: dict[ActionKey, float] = {}
        self.arrivals: dict[ActionKey, list[float]] = {}
        self.people: dict[int, int] = {}  # per table: its clients
        self.latencies: list[float] = []
        self.measuring = False

    def sending(self, key: ActionKey) -> None:
        self.sent_at[key] = time.perf_counter()

    def seen(self, key: ActionKey, seat: Seat) -> None:
        started = self.sent_at.get(key)
        if started is None:
            return  # a computer's action
        arrivals = self.arrivals.setdefault(key, [])
        arrivals.append(time.perf_counter())
        if len(arrivals) == self.people[key[0]]:
            if self.measuring:
                self.latencies.append((arrivals[-1] - started) * 1000)
            del self.arrivals[key], self.sent_at[key]

    def connect(self) -> connect:
        return connect(f"ws://127.0.0.1:{self.port}", max_size=2**22, compression=None,
                       local_addr=(self.source, 0) if self.source is not None else None)

    async def table(self, number: int, preset: str, mixed: bool, stop: asyncio.Event,
                    house_rules: dict[str, M.HouseRuleValue] | None = None) -> None:
        kinds: list[M.SeatKind] = ["me", "online", "computer", "computer"] if mixed else ["me", "online", "online",
                                                                                          "online"]
        self.people[number] = kinds.count("me") + kinds.count("online")
        async with self.connect() as owner_ws:
            owner = Seat(self, number, seed=number * 10)
            await owner_ws.send(P.encode(M.Create(name=f"T{number}", preset=preset, seats=kinds,
                                                  house_rules=house_rules or {})))
            code = json.loads(await owner_ws.recv())["code"]
            others = []
            for i in range(self.people[number] - 1):
                ws = await self.connect()
                await ws.send(P.encode(M.Hello(name=f"P{i}", code=code)))
                others.append((ws, Seat(self, number, seed=number * 10 + i + 1)))
            for ws, seat in others:
                seat.seat = json.loads(await ws.recv())["seat"]
            owner.seat = kinds.index("me")
            await owner_ws.send(P.encode(M.Start()))
            runners = [asyncio.create_task(owner.run(owner_ws, stop))]
            runners += [asyncio.create_task(seat.run(ws, stop)) for ws, seat in others]
            await stop.wait()
            for ws, _ in others:
                await ws.close()
            for runner in runners:
                runner.cancel()


async def measure(port: int, tables: int, preset: str, mixed: bool, seconds: float) -> list[float]:
    """Latencies (ms) with ``tables`` tables playing, over ``seconds`` after they have settled in."""
    bench = Bench(port)
    stop = asyncio.Event()
    players = [asyncio.create_task(bench.table(n, preset, mixed, stop)) for n in range(tables)]
    await asyncio.sleep(2.0)  # every table created and dealt
    bench.measuring = True
    await asyncio.sleep(seconds)
    bench.measuring = False
    stop.set()
    await asyncio.wait(players, timeout=10)
    return bench.latencies


def figures(latencies: list[float]) -> tuple[float, float]:
    ordered = sorted(latencies) or [0.0]
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def no_limits(source: Path | None) -> list[str]:
    """The flags that lift a server's limits out of the way of a load from one address (an earlier commit's server,
    run from ``source``, has only some of them)."""
    flags = ["--tables", "100000", "--per-address", "100000"]
    if source is None:
        flags += ["--tables-per-address", "100000", "--tables-per-hour", "100000", "--connections", "100000"]
    return flags


def started_server(folder: str, source: Path | None = None,
                   limited: bool = False) -> tuple[subprocess.Popen[bytes], int]:
    """A dedicated server in a process of its own, with no limit in the way of the load unless ``limited`` (then
    with its default limits), run from the source tree ``source``, such as an earlier commit's, if given."""
    port = 47000 + random.randrange(2000)
    server = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(port),
                               "--data", folder, "--pause", "0", *([] if limited else no_limits(source)),
                               "--no-search-process", "--no-announce"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=source)
    time.sleep(2.0)
    return server, port


def keeping_costs(preset: str, tables: int = 200, actions: int = 20_000, seed: int = 1) -> dict[str, list[float]]:
    """What keeping tables costs the server's thread, in ms: the database's commit of each action (as the server
    makes it, game/net/database.py) while ``tables`` matches play random legal actions in turn; and, for
    comparison, writing one whole table as the earlier servers saved it (a JSON file a table, written atomically
    with an fsync, each changed table once a second, on a thread of their own), once for each table at the end."""
    rules = load_rules(preset)
    rng = random.Random(seed)
    seats = [SeatRecord("online", f"P{n}", token="0" * 64).to_json() for n in range(rules.players)]
    plans = [SeatPlan(seat["name"], False, online=True) for seat in seats]
    costs: dict[str, list[float]] = {"commit": [], "json": []}
    with tempfile.TemporaryDirectory() as folder:
        database = TableDatabase(Path(folder))
        playing: list[list[Any]] = []  # each table's code, match and what is kept of it
        for number in range(tables):
            match = Match(rules, seed=f"{seed}:{number}")
            database.create(f"T{number:05d}", preset, {}, 120.0, 0, seats)
            playing.append([f"T{number:05d}", match, database.save_play(f"T{number:05d}", seats, match, (0, 0))])
        for _ in range(actions):
            table = rng.choice(playing)
            code, match, saved = table
            if match.hand.is_done:
                if match.is_over:
                    continue
                match.next_hand()
            else:
                match.hand.apply_id(match.hand.legal.random(rng))
            started = time.perf_counter()
            table[2] = database.save_play(code, seats, match, saved)
            costs["commit"].append((time.perf_counter() - started) * 1000)
        database.close()
        for code, match, _ in playing:
            saved = {"format": TABLE_FORMAT, "code": code, "preset": preset, "changes": {}, "keep": 120.0, "owner": 0,
                     "started": True, "seats": seats, "session": Session(match, plans).to_json()}
            started = time.perf_counter()
            write_atomic(Path(folder) / f"{code}.json", saved)
            costs["json"].append((time.perf_counter() - started) * 1000)
    return costs


def run(counts: list[int], seconds: float, preset: str, mixed: bool, source: Path | None = None) -> int:
    kind = "two people and two Normal computers" if mixed else "four people"
    print(f"Network tables of {preset}, {kind} each, on one server process (loopback); people act after "
          f"{THINK[0]:g}-{THINK[1]:g} s; latency: from a person's action to every client at the table "
          f"having the server's 'played' for it\n")
    print("| tables | actions measured | median | p99 |")
    print("|---:|---:|---:|---:|")
    held = 0
    for count in counts:
        # a fresh server each round: the tables of the round before (their players gone) must not add to the load
        with tempfile.TemporaryDirectory() as folder:
            server, port = started_server(folder, source)
            try:
                latencies = asyncio.run(measure(port, count, preset, mixed, seconds))
            finally:
                server.terminate()
                server.wait(10)
        median, p99 = figures(latencies)
        print(f"| {count} | {len(latencies):,} | {median:.1f} ms | {p99:.1f} ms |", flush=True)
        if p99 < LIMIT_MS:
            held = count
        else:
            break
    print(f"\nThe most tables measured with a p99 under {LIMIT_MS:g} ms: {held}")
    if source is None:
        costs = keeping_costs(preset)
        print("\nKeeping the tables (200 of them playing), per write on the server's thread:\n")
        print("| write | writes | median | p99 | p99.9 | worst |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, label in (("commit", "SQLite commit of one action"), ("json", "JSON save of one whole table")):
            ordered = sorted(costs[name])
            print(f"| {label} | {len(ordered):,} | {statistics.median(ordered):.3f} ms | "
                  f"{ordered[int(len(ordered) * 0.99)]:.3f} ms | {ordered[int(len(ordered) * 0.999)]:.3f} ms | "
                  f"{ordered[-1]:.3f} ms |")
    return 0
