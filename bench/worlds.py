"""``python -m bench worlds``: where Hard's work changes its choice, against a search of many more worlds.

Each deal of hearts-classic (seed ``worlds:N``, dealt with no pass, as the xinxin benchmark's card play) is played
by the Normal rules to one of its decisions, drawn from the deal's seed; a decision whose cards all take the same
tricks is skipped. There a reference search values every card the seat may play over ``--reference`` worlds (the
same play-outs as Hard's, far more worlds than Hard can afford), and each player compared (``hard:work=N,taper=N``,
as ``bench ai`` names them) decides: its regret is the reference's best value less that of its card (points of the
seat's margin a decision). Players are paired position by position against the first; the figures per third of the
hand show where more work changes the choice. The cards each player played out and its time are its own.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from typing import Any

from game.ai.rules_play import RulePlayer
from game.ai.search import SearchPlayer, distinct_plays
from game.engine import Hand, load_rules
from game.engine import actions as A
from game.engine.results import HandResult

from .ai import interval, make

NORMAL = RulePlayer(counting=True)
STAGES = ("tricks 1-3", "tricks 4-6", "tricks 7-9", "tricks 10-13")


def position(number: int) -> Hand | None:
    """The deal's decision to measure, or None when all its cards take the same tricks."""
    rules = load_rules("hearts-classic").changed({"pass_cycle": ("hold",)}, "the worlds benchmark")
    hand = Hand.deal(rules, seed=f"worlds:{number}")
    stop = random.Random(f"worlds:{number}").randrange(1, 50)
    while not hand.is_done and (len(hand.actions) < stop or hand.phase != "play"):
        hand.push(NORMAL.play_in(hand))
    if hand.is_done or len(distinct_plays(hand.seen_by(hand.to_move))) < 2:
        return None
    return hand


class Counted:
    """A player's search, counting the cards it plays out."""

    def __init__(self, player: SearchPlayer) -> None:
        self.cards = 0
        play_out = player.play_out

        def counting(world: Hand, action: A.Action, shooter: int = -1) -> HandResult:
            self.cards += sum(world.hand_sizes())
            return play_out(world, action, shooter)

        player.play_out = counting  # type: ignore[method-assign]  # the same search, its play-outs counted


def _measure(job: tuple[int, int, list[str]]) -> dict[str, Any] | None:
    number, reference, players = job
    hand = position(number)
    if hand is None:
        return None
    seen = hand.seen_by(hand.to_move)
    candidates = distinct_plays(seen)
    totals = dict.fromkeys(candidates, 0.0)
    # a seed no player's (the deal's number) can be, so that no player searches the reference's own worlds
    judge = SearchPlayer(seed=-1, worlds=reference)
    for results in judge.playouts(seen, candidates, worlds=reference):
        judge.tally(totals, results, seen, hand.to_move)
    best = max(totals.values()) / reference
    row: dict[str, Any] = {"stage": min(len(hand.tricks) // 3, 3), "regret": [], "cards": [], "seconds": []}
    for name in players:
        player = make(name, number, 60.0)
        # the halving plays one card of each run of equivalent ones, so its choice is one the reference valued
        assert isinstance(player, SearchPlayer) and not player.worlds, f"{name} is no halving search"
        counted = Counted(player)
        started = time.perf_counter()
        choice = player.decide(hand)
        row["seconds"].append(time.perf_counter() - started)
        row["cards"].append(counted.cards)
        row["regret"].append(best - totals[choice] / reference)
    return row


def run(positions: int, reference: int, players: list[str], first: int, processes: int) -> int:
    print(f"Regret against a search of {reference} worlds a card, hearts-classic card play (no pass), deals "
          f"{first}-{first + positions - 1} (one decision each, decisions whose cards all take the same tricks "
          f"left out), {processes} processes; regret in points of the seat's margin a decision\n")
    with multiprocessing.Pool(processes) as pool:
        rows = [row for row in pool.map(_measure, [(n, reference, players) for n in range(first, first + positions)])
                if row is not None]
    if not rows:
        print("No decision to measure in these deals: give more --positions.")
        return 1
    print("| player | positions | regret | less than the first's | " + " | ".join(STAGES)
          + " | cards played out, mean | ms, mean / worst |")
    print("|---|---:|---:|---:|" + "---:|" * len(STAGES) + "---:|---:|")
    for index, name in enumerate(players):
        regret, half = interval([row["regret"][index] for row in rows])
        paired = "" if not index else "{:+.3f} ± {:.3f}".format(
            *interval([row["regret"][0] - row["regret"][index] for row in rows]))
        stages = [statistics.mean(row["regret"][index] for row in rows if row["stage"] == stage)
                  if any(row["stage"] == stage for row in rows) else float("nan") for stage in range(len(STAGES))]
        seconds = [row["seconds"][index] for row in rows]
        print(f"| {name} | {len(rows)} | {regret:.3f} ± {half:.3f} | {paired} | "
              + " | ".join(f"{value:.3f}" for value in stages)
              + f" | {statistics.mean(row['cards'][index] for row in rows):,.0f} | "
              f"{statistics.mean(seconds) * 1000:.0f} / {max(seconds) * 1000:.0f} |", flush=True)
    return 0
