"""``python3 dev.py bench net --abuse``: each attack of issue 31 on the dedicated server, beside an honest table.

A server (``python -m game.server`` with its default limits, in a process of its own on the loopback address) holds
one honest table of four people, played by this process from 127.0.0.2 as in ``bench net`` (each person acts
0.05-0.15 s after their turn comes, with a random legal action from their own view; a latency is the time from a
person's action to the moment all four have the server's ``played`` for it). Each round starts a fresh server,
lets the honest table settle, measures it quiet, then runs one attack for as long from other loopback addresses
(127.0.0.3, or 127.0.0.10 and up where an attack needs many) in a process of its own at the lowest priority (an
attacker's machine is elsewhere; here its own work should take as little as it can from the server), and prints
the honest table's median and p99, quiet and attacked, what the attack managed, and anything the honest people
were refused. After each attack an honest person makes a new table and another joins it: both must be welcomed.

The goal (issue 31): the honest p99 within 2x of the quiet one, and no honest refusal.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage

from game.net import messages as M
from game.net import protocol as P

from .net import Bench, Json, figures, started_server

HONEST = "127.0.0.2"
STRANGER = "127.0.0.3"
PRESET = "hearts-classic"
ENDLESS: dict[str, M.HouseRuleValue] = {"target": 100_000}  # the honest match never ends while it is measured
SETTLE = 3.0  # seconds the honest table plays before it is measured


@dataclass
class Tally:
    """What one attack managed, counted by the attacker."""
    tried: int = 0  # what it sent or opened
    answered: int = 0  # what got an answer it wanted (a welcome, a table)
    cut: int = 0  # connections the server closed or refused
    said: dict[str, int] = field(default_factory=dict)  # the server's replies, by type

    def heard(self, text: str | bytes) -> None:
        kind = str(json.loads(text).get("type"))
        self.said[kind] = self.said.get(kind, 0) + 1


Attack = Callable[[int, float, Tally], Coroutine[Any, Any, None]]
CUT = (OSError, ConnectionClosed, InvalidHandshake, InvalidMessage, TimeoutError, EOFError)


def written(kind: str, **fields: object) -> str:
    """A message as a stranger writes it from PROTOCOL.md: JSON by hand."""
    return json.dumps({"v": 1, "type": kind, **fields})


def stranger(number: int = 0) -> str:
    """The loopback address of attacker ``number`` (127.0.0.3 for one alone)."""
    return STRANGER if number == 0 else f"127.0.0.{9 + number}"


def open_stranger(port: int, address: str = STRANGER) -> connect:
    return connect(f"ws://127.0.0.1:{port}", local_addr=(address, 0), open_timeout=10, close_timeout=1,
                   max_size=2**22, compression=None)


async def until(deadline: float, one: Callable[[], Awaitable[None]], tally: Tally) -> None:
    """``one()`` again and again until the deadline, a connection cut counted and tried again."""
    while time.monotonic() < deadline:
        try:
            await one()
        except CUT:
            tally.cut += 1
            await asyncio.sleep(0.01)


async def half_open(port: int, seconds: float, tally: Tally) -> None:
    """Issue 31, item 5: 300 sockets that send ``GET / HTTP/1.1`` and nothing more, each opened again when cut."""
    deadline = time.monotonic() + seconds

    async def socket_held() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(STRANGER, 0))
        tally.tried += 1
        try:
            writer.write(b"GET / HTTP/1.1\r\n")
            await asyncio.wait_for(reader.read(1), max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            return
        finally:
            writer.close()
        raise ConnectionResetError("cut")

    await asyncio.gather(*(until(deadline, socket_held, tally) for _ in range(300)))


async def silent(port: int, seconds: float, tally: Tally) -> None:
    """Connections that finish the handshake and say nothing, 300 kept open, each opened again when closed."""
    deadline = time.monotonic() + seconds

    async def say_nothing() -> None:
        async with open_stranger(port) as ws:
            tally.tried += 1
            async for text in ws:
                tally.heard(text)
        raise ConnectionResetError("closed")

    await asyncio.gather(*(until(deadline, say_nothing, tally) for _ in range(300)))


async def squat(port: int, seconds: float, tally: Tally) -> None:
    """Issue 31, item 2: tables made with ``keep: 3600`` and left at once, as many as the server makes."""
    deadline = time.monotonic() + seconds

    async def make_and_leave() -> None:
        async with open_stranger(port) as ws:
            await ws.send(written("create", name="Squat", preset=PRESET, seats=["me", "online", "online", "online"],
                                  keep=3600))
            tally.tried += 1
            text = await ws.recv()
            tally.heard(text)
            tally.answered += json.loads(text)["type"] == "welcome"

    await asyncio.gather(*(until(deadline, make_and_leave, tally) for _ in range(4)))


async def paths(port: int, seconds: float, tally: Tally) -> None:
    """Issue 31, items 1 and 8: creates whose preset names a file (``/dev/zero``, which a server that opened it
    would read for ever) and whose name carries a forged log line, 4 at a time, as fast as they are answered."""
    deadline = time.monotonic() + seconds

    async def name_a_file() -> None:
        async with open_stranger(port) as ws:
            await ws.send(written("create", name="Eve\n2026-01-01 INFO trickhouse.server: forged", preset="/dev/zero",
                                  seats=["me", "computer", "computer", "computer"]))
            tally.tried += 1
            text = await ws.recv()
            tally.heard(text)
            tally.answered += json.loads(text)["type"] == "welcome"

    await asyncio.gather(*(until(deadline, name_a_file, tally) for _ in range(4)))


async def guess(port: int, seconds: float, tally: Tally) -> None:
    """Issue 31, item 6: hellos with random codes on 16 connections at once, as fast as they are answered."""
    deadline = time.monotonic() + seconds
    rng = random.Random(31)

    async def one_guess() -> None:
        async with open_stranger(port) as ws:
            code = "".join(rng.choice(P.CODE_LETTERS) for _ in range(P.CODE_LENGTH))
            await ws.send(written("hello", name="Guess", code=code))
            tally.tried += 1
            text = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            tally.heard(text)
            tally.answered += json.loads(text)["type"] == "welcome"

    await asyncio.gather(*(until(deadline, one_guess, tally) for _ in range(16)))


async def flood(port: int, seconds: float, tally: Tally) -> None:
    """A player at a table of their own sending junk and hints as fast as the connection takes them, never
    reading (issue 23's flood and the client that does not read, together)."""
    deadline = time.monotonic() + seconds
    junk = ["{not json", written("hint"), written("act", action="play ZZ"), "x" * 10_000]

    async def pour() -> None:
        async with open_stranger(port) as ws:
            await ws.send(written("create", name="Flood", preset=PRESET, seats=["me", "computer", "computer",
                                                                                  "computer"]))
            await ws.recv()
            await ws.send(written("start"))
            while time.monotonic() < deadline:
                await ws.send(junk[tally.tried % len(junk)])
                tally.tried += 1
                if tally.tried % 100 == 0:
                    await asyncio.sleep(0)

    await until(deadline, pour, tally)


async def abandon(port: int, seconds: float, tally: Tally) -> None:
    """Issue 31, item 7: tables of one person and three Normal computers with a target nobody reaches, started and
    left at once, from 10 addresses (as many as the server takes)."""
    deadline = time.monotonic() + seconds

    async def leave_computers(address: str) -> None:
        async with open_stranger(port, address) as ws:
            await ws.send(written("create", name="Gone", preset=PRESET, house_rules=ENDLESS,
                                  seats=["me", "computer", "computer", "computer"]))
            tally.tried += 1
            text = await ws.recv()
            tally.heard(text)
            if json.loads(text)["type"] == "welcome":
                tally.answered += 1
                await ws.send(written("start"))
                await ws.recv()
        await asyncio.sleep(1.0)  # the next, when the server has seen this one go

    await asyncio.gather(*(until(deadline, functools.partial(leave_computers, stranger(number)), tally)
                           for number in range(1, 11)))


ATTACKS: dict[str, tuple[str, Attack]] = {
    "half-open": ("300 sockets at once sending only `GET / HTTP/1.1`, each opened again when cut", half_open),
    "silent": ("300 WebSocket connections at once that never say hello, each opened again when closed", silent),
    "paths": ("creates whose preset is /dev/zero and whose name forges a log line, 4 at a time", paths),
    "squat": ("tables made with keep 3600 and left at once, 4 at a time", squat),
    "guess": ("hellos with random codes, 16 connections at a time", guess),
    "flood": ("junk, hints and 10 kB messages as fast as one connection takes them, never read", flood),
    "abandon": ("tables of three Normal computers started and left, from 10 addresses", abandon),
}


def attack_process(name: str, port: int, seconds: float) -> None:
    """The attacker's side, in a process of its own: the attack for ``seconds``, then its tally as JSON. It runs
    at the lowest priority, so that its own work (an attacker's machine is elsewhere) takes the least from the
    server and the honest table on this machine; how much it managed is in its tally."""
    if hasattr(os, "nice"):
        os.nice(19)
    tally = Tally()
    asyncio.run(ATTACKS[name][1](port, seconds, tally))
    print(json.dumps(dataclasses.asdict(tally)), flush=True)


async def honest_round(port: int, seconds: float, attack: str) -> tuple[list[float], list[float], list[Json],
                                                                      Tally, list[str]]:
    """The honest table's latencies (ms) over ``seconds`` quiet, then over ``seconds`` while ``attack`` runs; what
    its people were refused, the attack's tally, and anything refused to an honest newcomer afterwards."""
    bench = Bench(port, HONEST)
    stop = asyncio.Event()
    table = asyncio.create_task(bench.table(0, PRESET, False, stop, ENDLESS))
    await asyncio.sleep(SETTLE)
    bench.measuring = True
    await asyncio.sleep(seconds)
    quiet, bench.latencies = bench.latencies, []
    attacker = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.net_abuse", attack, str(port),
                                                    str(seconds), stdout=subprocess.PIPE)
    await asyncio.sleep(seconds)
    bench.measuring = False
    out, _ = await attacker.communicate()
    tally = Tally(**json.loads(out.decode().strip().splitlines()[-1]))
    newcomer = await honest_newcomer(bench)
    stop.set()
    await asyncio.wait([table], timeout=10)
    return quiet, bench.latencies, bench.refusals, tally, newcomer


async def honest_newcomer(bench: Bench) -> list[str]:
    """After the attack, an honest person makes a table and another joins it: what either was refused."""
    refused = []
    try:
        async with bench.connect() as owner, bench.connect() as guest:
            await owner.send(written("create", name="Newcomer", preset=PRESET, seats=["me", "online", "computer",
                                                                                      "computer"]))
            welcome = json.loads(await asyncio.wait_for(owner.recv(), 60))
            if welcome["type"] != "welcome":
                return [f"create: {welcome.get('reason')}"]
            await guest.send(written("hello", name="Guest", code=welcome["code"]))
            joined = json.loads(await asyncio.wait_for(guest.recv(), 60))
            if joined["type"] != "welcome":
                refused.append(f"hello: {joined.get('reason')}")
    except CUT as err:
        refused.append(f"connection: {type(err).__name__} {err}")
    return refused


def run(seconds: float, attacks: list[str]) -> int:
    print(f"One honest table of {PRESET} (four people at {HONEST}, acting 0.05-0.15 s after their turn) on "
          f"`python -m game.server` with its default limits (loopback). Each round: a fresh server, {SETTLE:g} s to "
          f"settle, {seconds:g} s measured quiet, then {seconds:g} s measured while the attack runs from a process of "
          "its own at the lowest priority; latency: from a person's action to all four having the server's "
          "`played`.\n")
    print("| attack | what the attacker did | honest actions, quiet / attacked | median, quiet / attacked | "
          "p99, quiet / attacked | p99 attacked / quiet | honest refused |")
    print("|---|---|---:|---:|---:|---:|---:|")
    worst, refusals = 0.0, 0
    for attack in attacks:
        with tempfile.TemporaryDirectory() as folder:
            server, port = started_server(folder, limited=True)
            try:
                quiet, attacked, refused, tally, newcomer = asyncio.run(honest_round(port, seconds, attack))
            finally:
                server.terminate()
                server.wait(60)
        (quiet_median, quiet_p99), (median, p99) = figures(quiet), figures(attacked)
        worst = max(worst, p99 / quiet_p99)
        refusals += len(refused) + len(newcomer)
        said = "; ".join(sorted({str(each.get("reason") or each.get("type")) for each in refused} | set(newcomer)))
        print(f"| {attack}: {ATTACKS[attack][0]} | {done_by(tally, seconds)} | {len(quiet):,} / {len(attacked):,} | "
              f"{quiet_median:.1f} / {median:.1f} ms | {quiet_p99:.1f} / {p99:.1f} ms | {p99 / quiet_p99:.2f}x | "
              f"{len(refused) + len(newcomer)}{' (' + said + ')' if said else ''} |", flush=True)
    print(f"\nThe worst attack's p99 was {worst:.2f}x the quiet one of its round (goal: within 2x); honest refusals: "
          f"{refusals} (goal: none).")
    return 0 if worst <= 2 and refusals == 0 else 1


def done_by(tally: Tally, seconds: float) -> str:
    """What the attacker did, in a few words."""
    replies = ", ".join(f"{count:,} {kind}" for kind, count in sorted(tally.said.items()))
    return (f"{tally.tried:,} tries ({tally.tried / seconds:,.0f}/s), {tally.answered:,} got what they asked, "
            f"{tally.cut:,} cut" + (f"; replies: {replies}" if replies else ""))


if __name__ == "__main__":  # the attacker's process: python -m bench.net_abuse ATTACK PORT SECONDS
    arguments = argparse.ArgumentParser(description="one attack of bench net --abuse (its attacker's process)")
    arguments.add_argument("attack", choices=sorted(ATTACKS))
    arguments.add_argument("port", type=int)
    arguments.add_argument("seconds", type=float)
    parsed = arguments.parse_args()
    attack_process(parsed.attack, parsed.port, parsed.seconds)
