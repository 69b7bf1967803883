"""``python -m bench review``: how long the hand review takes, and whether the costs it reports are honest.

Time: hands played by Normal in every seat on the duplicate deals of ``bench.ai``, each reviewed for every seat
(a bare hand record) and for one seat (a player's own review), one at a time in this process.

Hint: how long a person waits for the Hint, which asks the review's own search (``hint_player``, no time limit), at
every decision of the same hands that the search decides (the others are the Normal rules', at once).

Honesty: the same deals, many more of them, reviewed for every seat on two processes. A Normal seat's decisions
cost, by the review, what Hard's choice would have gained at each of them; summed over a hand they predict what a
Hard seat gains over Normal, which the duplicate-deal table of docs/benchmarks.md measures ("Our levels against each
other", Hard vs Normal: Hard in seats 0 and 2, or 1 and 3, on each deal; the first side's margin,
``HandResult.margin``).
The prediction for a deal, for each of the two seatings, is the margin of the first Hard seat: the costs of the Hard
seats on its side add to it, and a gain of a Hard seat on another side is lost by the other sides alike (in Hearts a
third to each other player; in partnership Rook all of it by the one other side). The two are compared with their
95% intervals. It assumes that one decision's gain does not change another's (a hand's costs simply add up), which
the review cannot check; as a check of the review's worlds themselves, each cost is also measured on the real deal
(the choice made and the best, played out by Normal with the real cards, as the review's fresh worlds do with
sampled ones): if the worlds are honest, the two agree on average. And each seat of each deal is played again by
Hard, the others Normal: what Hard's choices in that seat gained there, against what the review said that seat's
decisions cost (per seat and hand: a player's own review against playing those decisions as Hard would).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time

from game.ai import make_player
from game.ai.search import OmniscientPlayer, SearchPlayer
from game.engine import Hand, load_rules
from game.engine.results import HandResult
from game.review import HandReview, hint_player
from game.review.analysis import MEASURE_WORLDS, WORLDS

from .ai import interval

PRESETS = ("hearts-classic", "rook-classic")
# docs/benchmarks.md "Our levels against each other", Hard vs Normal: first side's advantage per hand and its 95%
# interval
DUPLICATE_TABLE = {"hearts-classic": (2.11, 0.82), "rook-classic": (21.73, 5.34), "rook-500": (49.66, 9.61)}


def normal_hand(preset: str, number: int, hard_seat: int = -1) -> Hand:
    """Deal ``number`` of the duplicate-deal benchmark, played by Normal in every seat (but ``hard_seat``)."""
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=f"{preset}:{number}", dealer=number % rules.players, number=number)
    normal = make_player("normal")
    hard = SearchPlayer(seed=number * 10 + hard_seat, budget=math.inf)
    while not hand.is_done:
        hand.push((hard if hand.to_move == hard_seat else normal).decide(hand))
    return hand


def time_reviews(preset: str, hands: int) -> str:
    every: list[float] = []
    one: list[float] = []
    for number in range(hands):
        record = normal_hand(preset, number).record()
        for seats, times in ((None, every), ([number % 4], one)):
            started = time.perf_counter()
            HandReview(record, seats).run()
            times.append(time.perf_counter() - started)
    return (f"| {preset} | {hands} | {statistics.median(every):.1f} s | {max(every):.1f} s | "
            f"{statistics.median(one):.1f} s | {max(one):.1f} s |")


def time_hints(preset: str, hands: int) -> str:
    hint, times = hint_player(), []
    for number in range(hands):
        for position, _ in normal_hand(preset, number).positions():
            if hint.searches(position):
                started = time.perf_counter()
                hint.decide(position)
                times.append(time.perf_counter() - started)
    times.sort()
    return (f"| {preset} | {len(times)} | {statistics.median(times):.2f} s | {times[int(0.9 * len(times))]:.2f} s | "
            f"{times[-1]:.2f} s |")


def _honesty_deal(args: tuple[str, int, int, int]) -> dict[str, float]:
    """One deal: the seats' review costs, the same costs on the real deal, and the predicted first-side margins."""
    preset, number, worlds, measure_worlds = args
    hand = normal_hand(preset, number)
    record = hand.record()
    review = HandReview(record, worlds=worlds, measure_worlds=measure_worlds, seed=number).run()
    assert review is not None  # only a review given a way to cancel can be cancelled
    real_deal = OmniscientPlayer(seed=number)
    reported = [0.0] * hand.n
    real = [0.0] * hand.n
    decisions = mistakes = 0
    by_index = {decision.index: decision for decision in review.decisions}
    for index, (replay, action) in enumerate(hand.positions()):
        decision = by_index[index]
        if decision.judged:
            decisions += 1
            mistakes += decision.mistake
            reported[decision.seat] += decision.cost
            if decision.best != decision.action:
                best = replay.parse_action(decision.best)
                outcome = next(real_deal.playouts(replay, [best, action]))
                real[decision.seat] += outcome[best].margin(decision.seat) - outcome[action].margin(decision.seat)
    result = hand.final_result()
    # a Hard seat on its own, the others Normal: what playing Hard's choices in that seat gained on this deal
    gains = [normal_hand(preset, number, seat).final_result().margin(seat) - result.margin(seat)
             for seat in range(hand.n)]
    return {"worlds": first_side_margin(reported, result), "real": first_side_margin(real, result),
            "seat cost": statistics.mean(reported), "seat gain": statistics.mean(gains),
            "decisions": decisions, "mistakes": mistakes}


def first_side_margin(costs: list[float], result: HandResult) -> float:
    """The first Hard seat's predicted margin, averaged over the two seatings of the duplicate benchmark."""
    predictions = []
    for first in (0, 1):
        hard = [seat for seat in range(len(costs)) if seat % 2 == first]
        side = result.side_of(min(hard))
        predictions.append(sum(costs[seat] if seat in side else -costs[seat] / (len(result.sides) - 1)
                               for seat in hard))
    return statistics.mean(predictions)


def honesty(preset: str, deals: int, processes: int) -> str:
    started = time.perf_counter()
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_honesty_deal, [(preset, number, WORLDS, MEASURE_WORLDS) for number in range(deals)],
                           chunksize=1)
    worlds, worlds_ci = interval([r["worlds"] for r in results])
    real, real_ci = interval([r["real"] for r in results])
    table, table_ci = DUPLICATE_TABLE[preset]
    gap = worlds - table
    gap_ci = math.hypot(worlds_ci, table_ci)
    agrees = "yes" if abs(gap) <= gap_ci else "no"
    decisions = sum(r["decisions"] for r in results)
    seat_cost, seat_cost_ci = interval([r["seat cost"] for r in results])
    seat_gain, seat_gain_ci = interval([r["seat gain"] for r in results])
    return (f"| {preset} | {deals} | {decisions:,} | {worlds:+.2f} ± {worlds_ci:.2f} | {real:+.2f} ± {real_ci:.2f} | "
            f"{table:+.2f} ± {table_ci:.2f} | {gap:+.2f} ± {gap_ci:.2f} | {agrees} | "
            f"{seat_cost:+.2f} ± {seat_cost_ci:.2f} | {seat_gain:+.2f} ± {seat_gain_ci:.2f} | "
            f"{time.perf_counter() - started:.0f} s |")


def run(presets: list[str] | None, timing_hands: int, deals: int, processes: int, only: str | None) -> int:
    presets = presets or list(PRESETS)
    unknown = [preset for preset in presets if preset not in DUPLICATE_TABLE]
    if unknown:
        print(f"no duplicate-deal figure for {unknown[0]}: use {', '.join(DUPLICATE_TABLE)}")
        return 2
    if only in (None, "time"):
        print(f"Review time per hand, Normal's hands, {timing_hands} deals each, one process\n")
        print("| preset | hands | every seat, median | every seat, worst | one seat, median | one seat, worst |")
        print("|---|---:|---:|---:|---:|---:|")
        for preset in presets:
            print(time_reviews(preset, timing_hands), flush=True)
        print()
    if only in (None, "hint"):
        print(f"The Hint's search (the review's, no time limit), every decision it searches of {timing_hands} hands "
              "each, one process\n")
        print("| preset | decisions | median | 90th percentile | worst |")
        print("|---|---:|---:|---:|---:|")
        for preset in presets:
            print(time_hints(preset, timing_hands), flush=True)
        print()
    if only in (None, "honesty"):
        print(f"Honesty: the review's costs of Normal's decisions against Hard's gain over Normal, {deals} deals, "
              f"{processes} processes\n")
        print("| preset | deals | decisions judged | predicted first-side advantage, review's worlds | the same "
              "costs on the real deal | duplicate table | review minus table | agrees | one seat's review "
              "cost / hand | Hard in that seat instead: gain / hand | wall time |")
        print("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|")
        for preset in presets:
            print(honesty(preset, deals, processes), flush=True)
    return 0
