"""``python -m bench endgame``: Hard's exact ending against its play-outs, on the same positions.

Deals are played by the Normal rules until no hand holds more than ``--cards`` cards: the position is that lead. At
each such position Hard decides twice, with the exact ending (the game's Hard) and without it (``exact_nodes=0``:
the play-outs), and each choice is valued by the exact search of the real deal: how much it gives up against the
best play there (which no player can be sure of finding: the real deal is hidden). The difference is paired,
position by position; times are each decision's.
"""

from __future__ import annotations

import multiprocessing
import statistics
import time

from game.ai.endgame import Endgame, two_sided
from game.ai.rules_play import RulePlayer
from game.ai.search import SearchPlayer
from game.engine import Hand, load_rules

from .ai import interval
from .rookgame import rules as rookgame_rules

PRESETS = ("rook-classic", "rookgame")
NORMAL = RulePlayer(counting=True)


def position(preset: str, number: int, cards: int) -> Hand | None:
    """The deal's position near its end, or None when it has no decision there (one legal card, or not two sides)."""
    rules = rookgame_rules() if preset == "rookgame" else load_rules(preset)
    hand = Hand.deal(rules, seed=f"endgame:{number}")
    while not hand.is_done and not (hand.phase == "play" and max(hand.hand_sizes()) <= cards):
        hand.push(NORMAL.play_in(hand))
    if hand.phase != "play" or len(hand.legal_ids()) < 2 or not two_sided(hand, hand.to_move):
        return None
    return hand


def _measure(job: tuple[str, int, int, float]) -> tuple[float, float, float, float] | None:
    """(given up by the play-outs, by the exact ending, their times) at one position."""
    preset, number, cards, budget = job
    hand = position(preset, number, cards)
    if hand is None:
        return None
    truth = Endgame(hand, hand.to_move, node_limit=10**7).values(hand, hand.legal_ids())
    assert truth is not None
    best = max(truth.values())
    started = time.perf_counter()
    playouts = SearchPlayer(seed=number, budget=budget, exact_nodes=0).decide(hand)
    middle = time.perf_counter()
    exact = SearchPlayer(seed=number, budget=budget).decide(hand)
    ended = time.perf_counter()
    return best - truth[playouts], best - truth[exact], middle - started, ended - middle


def run(positions: int, cards: int, budget: float, processes: int) -> int:
    print(f"Hard's exact ending against its play-outs: positions with at most {cards} cards a hand, "
          f"{positions} deals a preset, budget {budget:g} s, {processes} processes\n")
    print("| preset | positions | given up, play-outs | given up, exact | exact better by (95% CI) | "
          "ms play-outs (worst) | ms exact (worst) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    everything: list[tuple[float, float, float, float]] = []
    with multiprocessing.Pool(processes) as pool:
        for preset in PRESETS:
            found = [row for row in pool.map(_measure, [(preset, n, cards, budget) for n in range(positions)])
                     if row is not None]
            everything += found
            _row(preset, found)
    _row("both", everything)
    return 0


def _row(name: str, rows: list[tuple[float, float, float, float]]) -> None:
    mean, half = interval([playouts - exact for playouts, exact, _, _ in rows])
    times = [[row[2] for row in rows], [row[3] for row in rows]]
    print(f"| {name} | {len(rows)} | {statistics.mean(r[0] for r in rows):.2f} | "
          f"{statistics.mean(r[1] for r in rows):.2f} | {mean:+.2f} ± {half:.2f} | "
          f"{statistics.mean(times[0]) * 1000:.0f} ({max(times[0]) * 1000:.0f}) | "
          f"{statistics.mean(times[1]) * 1000:.0f} ({max(times[1]) * 1000:.0f}) |", flush=True)
