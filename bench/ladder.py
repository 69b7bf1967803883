"""``python3 dev.py bench ladder``: Hard against Normal in every preset, on duplicate deals.

Each deal is played once by Normal in every seat (the baseline) and then once for each side that is fixed before
the deal is seen (partners in Rook's partnership games; every other seat alone, the called partner's game
included), that side played by Hard and the others by Normal. Hard's gain on a deal is the mean, over those
playings, of the Hard side's margin (its score change against the average of the players not on its side, signed
so that more is better: ``HandResult.margin``; in Hearts fewer penalty points) less the same seats' margin in the
baseline. So every seat's cards are played once by Hard, the luck of the cards cancels, and the figure means the
same in every preset: how much more a hand is worth to a seat when Hard plays it instead of Normal, among Normal
players. Where partners are fixed the baseline cancels out and this is the usual duplicate match of Hard's side
against Normal's. Positive: Hard ahead.

Figures: the gain per hand with its 95% confidence interval over deals (Hearts in penalty points, Rook in points),
and both levels' mean and worst time a decision (Normal's over the baseline playings).

``--results FILE`` keeps each deal's outcome as a JSON line as soon as it is played; a later run with the same file
and settings plays only the deals not in it, so a preset can be given more deals, or an interrupted run resumed.
"""

from __future__ import annotations

import json
import multiprocessing
import shlex
import statistics
import time
from pathlib import Path
from typing import Any

from game.engine import Hand, load_rules
from game.engine.rules import preset_names

from . import ai


def _play(hand: Hand, players: dict[int, Any], times: dict[int, list[float]]) -> Hand:
    while not hand.is_done:
        seat = hand.to_move
        started = time.perf_counter()
        action = players[seat].decide(hand)
        times[seat].append(time.perf_counter() - started)
        hand.push(action)
    return hand


def _timing(times: list[float]) -> dict[str, float]:
    return {"sum": sum(times), "count": len(times), "worst": max(times, default=0.0)}


def _deal(args: tuple[str, int, float, str, str]) -> dict[str, Any]:
    preset, number, budget, level, base_level = args
    rules = load_rules(preset)

    def dealt() -> Hand:
        return Hand.deal(rules, seed=f"ladder:{preset}:{number}", dealer=number % rules.players, number=number)

    normal = ai.make(base_level, 0, budget)
    times: dict[int, list[float]] = {seat: [] for seat in range(rules.players)}
    base = _play(dealt(), dict.fromkeys(range(rules.players), normal), times).final_result()
    normal_times = [t for seat_times in times.values() for t in seat_times]
    first = dealt()
    sides = sorted({first.side_of(seat) for seat in range(rules.players)}, key=min)
    gains, hard_times = [], []
    for side in sides:
        players = {seat: ai.make(level, number * 10 + seat, budget) if seat in side else normal
                   for seat in range(rules.players)}
        times = {seat: [] for seat in range(rules.players)}
        result = _play(dealt(), players, times).final_result()
        seat = min(side)
        gains.append(result.margin(seat) - base.margin(seat))
        hard_times += [t for s in side for t in times[s]]
    return {"preset": preset, "deal": number, "budget": budget, "level": level, "base": base_level,
            "gain": statistics.mean(gains), "playings": len(sides), "hard": _timing(hard_times),
            "normal": _timing(normal_times)}


def _kept(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    kept = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        try:
            kept.append(json.loads(line))
        except json.JSONDecodeError:
            print(f"ladder: {path}: line {number} is not a deal's result; left out")
    return kept


def row(preset: str, deals: range, budget: float, processes: int, path: Path | None, level: str = "hard",
        base_level: str = "normal") -> str:
    started = time.perf_counter()
    same = {"preset": preset, "budget": budget, "level": level, "base": base_level}
    done = {r["deal"]: r for r in _kept(path) if all(r.get(k) == v for k, v in same.items()) and r["deal"] in deals}
    missing = [n for n in deals if n not in done]
    if missing:
        with multiprocessing.Pool(processes) as pool:
            for result in pool.imap_unordered(_deal, [(preset, n, budget, level, base_level) for n in missing]):
                done[result["deal"]] = result
                if path is not None:
                    with path.open("a") as out:
                        out.write(json.dumps(result) + "\n")
    results = [done[n] for n in deals]
    gain, ci = ai.interval([r["gain"] for r in results])
    hands = sum(r["playings"] for r in results)
    verdict = "ahead" if gain - ci > 0 else ("behind" if gain + ci < 0 else "not shown")

    def timing(key: str) -> str:
        total = sum(r[key]["sum"] for r in results)
        count = sum(r[key]["count"] for r in results) or 1
        return f"{total / count * 1e3:.1f} / {max(r[key]['worst'] for r in results) * 1e3:.0f} ms"

    return (f"| {preset} | {deals.start}-{deals.stop - 1} | {hands} | {gain:+.2f} ± {ci:.2f} | {verdict} "
            f"| {timing('hard')} | {timing('normal')} | {len(missing)} | {time.perf_counter() - started:.0f} s |")


def run(chosen: list[str] | None, deals: int, first: int, budget: float, processes: int,
        results: str | None = None) -> int:
    names = chosen or preset_names()
    unknown = sorted(set(names) - set(preset_names()))
    if unknown:
        print(f"ladder: no such preset: {', '.join(unknown)} (the presets are config/*.yaml)")
        return 2
    command = ["python3", "dev.py", "bench", "ladder", "--deals", str(deals), "--first", str(first), "--budget",
               f"{budget:g}", "--processes", str(processes)] + (["--presets", *chosen] if chosen else [])
    print(f"`{shlex.join(command)}`: Hard against Normal on duplicate deals (seeds ladder:PRESET:N), {processes} "
          f"processes, Hard's budget {budget:g} s a decision. Hard's gain per hand: its side's margin less "
          "Normal's in the same seats on the same deal, positive when Hard is ahead (Hearts: penalty points, "
          "Rook: points); ± a 95% interval over deals\n")
    print("| preset | deals | hands with Hard | Hard's gain / hand | Hard ahead? | Hard per decision, mean / worst "
          "| Normal per decision, mean / worst | deals played now | wall time |")
    print("|---|---|---:|---:|---|---:|---:|---:|---:|")
    for preset in names:
        print(row(preset, range(first, first + deals), budget, processes, Path(results) if results else None),
              flush=True)
    return 0
