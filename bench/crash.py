"""``python -m bench crash``: kill the game (SIGKILL) at random moments while it plays and saves after every
action, then check that Continue resumes a valid match and that no save is ever unreadable (issue 8, crash safety).

Each kill starts the real game (``--autoplay ... --save``, SDL's dummy drivers, its own user folders), waits for
its first save, lets it play on for a random moment, and kills it without warning. The save it leaves must load
with no problem line, nothing may have been set aside as ``.bad``, and the loaded match must play on and save again.
Temporary files a kill leaves behind (``match.json*.tmp``) stay in the folder for the next kills: they must never
get in the way.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from game.ai import choose, make_player
from game.store import SaveStore
from game.table.session import Session

PRESET = "hearts-classic"
FIRST_SAVE_TIMEOUT = 60.0  # seconds; the window starts in about 2 s on a busy machine
EXTRA_PLAY = (0.0, 1.5)  # seconds of play after the first save before the kill, drawn at random
MID_SAVE_SHARE = 0.5  # the share of kills aimed inside a write rather than at a random moment
EXAMPLES_KEPT = 5


@dataclass
class Tally:
    """What a run of kills found: its failures (the first few kept as examples) and how long it took."""
    failures: int = 0
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def fail(self, message: str) -> None:
        self.failures += 1
        if len(self.examples) < EXAMPLES_KEPT:
            self.examples.append(message)


@dataclass
class CrashTally(Tally):
    kills: int = 0
    saves_checked: int = 0
    resumed: int = 0
    actions_saved: int = 0  # actions in the saves the kills left: the kills fell during play, not only at its start
    leftovers: int = 0  # temporary files left by kills mid-save
    mid_save: int = 0  # kills that fell inside a write: a new temporary file was there when the game died


def game_command(seed: int) -> list[str]:
    return [sys.executable, "-m", "game", "--autoplay", PRESET, "--hands", "200", "--level", "easy", "--save",
            "--fast", "--seed", str(seed)]


def game_env(data: Path, config: Path) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "TRICKHOUSE_DATA_DIR": str(data), "TRICKHOUSE_CONFIG_DIR": str(config)}


def check_save(data: Path) -> tuple[list[str], int]:
    """What is wrong with the save a kill left in ``data`` (nothing, if all is well), and how many actions the
    resumed match holds (0 if it did not resume)."""
    problems = []
    bad = sorted(p.name for p in data.glob("*.bad"))
    if bad:
        problems.append(f"set aside before loading: {', '.join(bad)}")
    save = data / "match.json"
    try:
        json.loads(save.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return problems + [f"match.json is unreadable: {err}"], 0
    store = SaveStore(data)
    session, problem = store.load(Session.from_json)
    if problem or session is None:
        return problems + [f"Continue fails: {problem}"], 0
    match = session.match
    actions = sum(len(hand.actions) for hand in match.history + [match.hand])
    # Continue, then play on: the resumed match takes its next action and saves it like the game does
    if match.hand.is_done and not match.is_over:
        match.next_hand()
    if not match.hand.is_done:
        match.hand.apply(choose(make_player("easy"), match.hand))
    store.save(session.to_json(), session)
    again, problem = store.load(Session.from_json)
    if problem or again is None or again.hand.record() != session.hand.record():
        problems.append(f"the resumed match does not save and load again: {problem}")
    return problems, 0 if problems else actions


def wait_for_a_write(data: Path, deadline: float) -> None:
    """Poll until the game is writing a save (a temporary file not there before), so the kill falls inside the
    write: a save takes about 3 ms here (most of it fsync) among 100-200 ms of play, and random moments alone
    would seldom land in one."""
    before = {entry.name for entry in os.scandir(data)}
    while time.monotonic() < deadline:
        for entry in os.scandir(data):
            if entry.name.endswith(".tmp") and entry.name not in before:
                return


def kill_once(data: Path, config: Path, rng: random.Random, tally: CrashTally) -> None:
    """Start the game, wait for its first save, let it play a random moment, SIGKILL it, and check what it left."""
    (data / "match.json").unlink(missing_ok=True)  # the last kill's save is checked; this one must make its own
    log = data.parent / "stderr.txt"
    leftovers_before = set(data.glob("match.json*.tmp"))
    with open(log, "wb") as errors:
        game = subprocess.Popen(game_command(rng.randrange(10**6)), env=game_env(data, config),
                                stdout=subprocess.DEVNULL, stderr=errors, start_new_session=True)
    try:
        deadline = time.monotonic() + FIRST_SAVE_TIMEOUT
        while not (data / "match.json").exists() and game.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.uniform(*EXTRA_PLAY))
        if rng.random() < MID_SAVE_SHARE:
            wait_for_a_write(data, deadline=time.monotonic() + 2.0)
        exited = game.poll()
    finally:
        game.kill()  # SIGKILL: no handler runs, nothing is flushed or closed
        game.wait()
        written = set(data.glob("match.json*.tmp")) - leftovers_before
        try:
            os.killpg(game.pid, signal.SIGKILL)  # its search process, which would only notice the end of its pipe
        except ProcessLookupError:
            pass
    tally.kills += 1
    tally.mid_save += bool(written)
    if exited is not None:
        tail = log.read_text(errors="replace").strip().splitlines()[-1:]
        tally.fail(f"the game exited by itself (code {exited}) before the kill: {' '.join(tail)}")
        return
    if not (data / "match.json").exists():
        tally.fail(f"no save within {FIRST_SAVE_TIMEOUT:.0f} s")
        return
    tally.saves_checked += 1
    problems, actions = check_save(data)
    tally.resumed += not problems
    tally.actions_saved += actions
    for problem in problems:
        tally.fail(problem)
    for bad in data.glob("*.bad"):  # seen and counted; the next kill starts clean of it
        bad.unlink()
    tally.leftovers = len(list(data.glob("match.json*.tmp")))


def crash(kills: int, seed: int, folder: Path, parallel: int = 2) -> CrashTally:
    """``kills`` kills, ``parallel`` games at a time, each game in its own folders under ``folder``."""
    started = time.perf_counter()
    tallies = [CrashTally() for _ in range(parallel)]

    def worker(index: int) -> None:
        rng = random.Random(f"{seed}:{index}")
        data, config = folder / f"game-{index}" / "data", folder / f"game-{index}" / "config"
        data.mkdir(parents=True, exist_ok=True)
        config.mkdir(parents=True, exist_ok=True)
        for _ in range(index, kills, parallel):
            kill_once(data, config, rng, tallies[index])

    with ThreadPoolExecutor(parallel) as pool:
        list(pool.map(worker, range(parallel)))
    total = CrashTally()
    for tally in tallies:
        for name in ("kills", "saves_checked", "resumed", "actions_saved", "leftovers", "mid_save", "failures"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.examples += tally.examples
    total.seconds = time.perf_counter() - started
    return total


def run(kills: int, seed: int) -> int:
    print(f"Crash safety: {kills} SIGKILLs of `{' '.join(game_command(0)[1:-2])}` between 0 and "
          f"{EXTRA_PLAY[1]:g} s after its first save ({MID_SAVE_SHARE:.0%} of them then aimed at the next write), "
          f"2 games at a time, seed {seed}\n")
    with tempfile.TemporaryDirectory(prefix="trickhouse-crash-") as tmp:
        tally = crash(kills, seed, Path(tmp))
    print("| kills | inside a write | saves checked | resumed and saved again | actions per save, mean "
          "| temporary files left | failures | seconds |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    mean = tally.actions_saved / max(tally.resumed, 1)
    print(f"| {tally.kills} | {tally.mid_save} | {tally.saves_checked} | {tally.resumed} | {mean:.1f} "
          f"| {tally.leftovers} | {tally.failures} | {tally.seconds:.0f} |")
    for example in tally.examples:
        print(f"FAILED {example}")
    return 1 if tally.failures else 0
