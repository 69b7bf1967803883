"""``python -m bench ai``: how strong the computer levels are, on duplicate deals, using both cores.

Every deal is played twice with the sides' seats swapped, so luck of the cards cancels; figures are means per hand
with 95% confidence intervals over deals.

- Hearts (hearts-classic) against OpenSpiel's C++ ``ISMCTSBot`` (random-rollout evaluator) in the other two seats:
  mean penalty points per hand for each side, and our mean and worst decision times.
- Hearts ladder: Hard, Normal, Easy and random against each other.
- Rook (rook-classic, rook-500): team score difference per hand for Hard vs Normal, Normal vs Easy, and each level
  vs the omniscient reference; the declarers' contract success rate.
- ``--match PRESET A B``: one match, such as a level against its old self (``normal normal@REV``).
"""

from __future__ import annotations

import functools
import importlib.util
import math
import multiprocessing
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]  # no such module here: the figures leave memory out

from game.ai import ComputerPlayer, RulePlayer, make_player
from game.ai.search import OmniscientPlayer, SearchPlayer
from game.engine import Hand, load_rules
from game.engine import actions as A
from game.engine.hearts import pass_direction
from game.engine.rules import Rules
from game.engine.view import choice_of

if TYPE_CHECKING:  # imported where OpenSpiel plays: the other benchmarks run without it
    import pyspiel


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, hand: Hand) -> A.Action:
        return hand.random_action(self.rng)


@functools.cache
def rules_player_at(revision: str) -> type[RulePlayer]:
    """``RulePlayer`` as game/ai/rules_play.py was at a git revision of this checkout, on today's engine: a change
    to the rules measured against the rules before it in one run (the file must still import). The old file is
    imported from a folder of its own, as a module of game.ai, so that its relative imports (``from .player``)
    find today's game.ai."""
    root = Path(__file__).resolve().parents[1]
    source = subprocess.run(["git", "show", f"{revision}:game/ai/rules_play.py"], cwd=root, capture_output=True,
                            text=True, check=True).stdout
    name = f"rules_play_at_{revision.replace('~', '_').replace('^', '_')}"
    path = Path(tempfile.mkdtemp(prefix="trickhouse-bench-")) / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"game.ai.{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    shutil.rmtree(path.parent)  # imported: the copy is no longer needed
    player: type[RulePlayer] = module.RulePlayer  # as it was then: the same constructor and decide
    return player


def make(level: str, seed: int, budget: float) -> ComputerPlayer:
    """A player by level name; ``hard:worlds=400,work=20000`` is Hard with other search settings (to measure them);
    ``normal@REV`` (any level) plays with the rules of git revision REV: Easy and Normal decide by them, Hard plays
    its worlds out by them."""
    if "@" in level:
        name, revision = level.split("@", 1)
        player = make(name, seed, budget)
        old_rules = rules_player_at(revision)
        if isinstance(player, SearchPlayer):
            player.rollout = old_rules(counting=True)
            return player
        assert isinstance(player, RulePlayer), f"{name} plays by no rules of its own"
        return old_rules(counting=player.counting)
    if level.startswith("hard:"):
        settings = {key: int(value) for key, value in (item.split("=") for item in level[5:].split(","))}
        return SearchPlayer(seed=seed, budget=budget, **settings)
    if level == "random":
        return RandomPlayer(seed)
    if level == "omniscient":
        return OmniscientPlayer(seed=seed, budget=budget)
    return make_player(level, seed=seed, budget=budget)


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    return statistics.mean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


# --- Hearts against OpenSpiel's ISMCTS ---

def ismcts_pass(bot: pyspiel.ISMCTSBot, hands: list[list[str]], seat: int, direction: str) -> list[str]:
    """The bot's three cards to pass. OpenSpiel passes seat by seat, and its ISMCTS crashes (segmentation fault)
    when asked to pass after another seat has passed, so the bot passes as player 0 of the same deal turned round
    so that ``seat`` comes first; directions are relative, so nothing else changes."""
    from bench import openspiel_hearts as spiel

    turned = spiel.dealt_state([hands[(seat + k) % 4] for k in range(4)], direction)
    cards = []
    for _ in range(3):
        action = bot.step(turned)
        cards.append(spiel.card_text(action))
        turned.apply_action(action)
    return cards


def _ismcts_deal(args: tuple[int, int, float]) -> dict[str, list[float]]:
    """One deal, played twice (our Hard in seats 0 and 2, then 1 and 3); penalty points by side and our timings."""
    import pyspiel

    from bench import openspiel_hearts as spiel

    number, simulations, budget = args
    rules = load_rules("hearts-classic")
    result: dict[str, list[float]] = {"ours": [], "theirs": [], "times": []}
    for ours_first in (True, False):
        our_seats = {0, 2} if ours_first else {1, 3}
        hand = Hand.deal(rules, seed=f"ismcts:{number}", dealer=number % 4, number=number)
        direction = pass_direction(rules, number)
        state = spiel.dealt_state(hand.deal_text()["hands"], direction)
        evaluator = pyspiel.RandomRolloutEvaluator(1, number)
        bot = pyspiel.ISMCTSBot(number, evaluator, 2.0, simulations, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        hard = make_player("hard", seed=number, budget=budget)

        def ours_decide(h: Hand, hard: ComputerPlayer = hard) -> str:
            started = time.perf_counter()
            action = h.action_text(hard.decide(h))
            result["times"].append(time.perf_counter() - started)
            return action

        if hand.phase == "pass":
            passes = {seat: ismcts_pass(bot, hand.deal_text()["hands"], seat, direction)
                      for seat in range(4) if seat not in our_seats}
            while hand.phase == "pass":  # ours choose in turn, as in the game (Hard's search needs a real turn)
                seat = hand.to_move
                if seat in our_seats:
                    passes[seat] = list(choice_of(ours_decide(hand), hand.rules.deck).cards)
                hand.apply("pass-cards " + " ".join(passes[seat]))
            for seat in range(4):  # OpenSpiel passes seat by seat from seat 0
                for card in passes[seat]:
                    state.apply_action(spiel.spiel_card(card))
        while hand.phase == "play":
            if hand.to_move in our_seats:
                card = choice_of(ours_decide(hand), hand.rules.deck).card
            else:
                card = spiel.card_text(bot.step(state))
            hand.apply(f"play {card}")
            state.apply_action(spiel.spiel_card(card))
        points = spiel.penalty_points(state)  # OpenSpiel's moon: the shooter 0, the others 26
        result["ours"].append(sum(points[s] for s in our_seats) / 2)
        result["theirs"].append(sum(points[s] for s in range(4) if s not in our_seats) / 2)
    return result


def hearts_vs_ismcts(deals: int, simulations: int, budget: float, processes: int) -> str:
    started = time.perf_counter()
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_ismcts_deal, [(n, simulations, budget) for n in range(deals)], chunksize=1)
    ours = [statistics.mean(r["ours"]) for r in results]
    theirs = [statistics.mean(r["theirs"]) for r in results]
    gap, gap_ci = interval([t - o for o, t in zip(ours, theirs)])
    times = [t for r in results for t in r["times"]]
    mine, mine_ci = interval(ours)
    its, its_ci = interval(theirs)
    return (f"| Hard vs ISMCTS {simulations:,} sims | {deals * 2} | {mine:.2f} ± {mine_ci:.2f} "
            f"| {its:.2f} ± {its_ci:.2f} | {gap:.2f} ± {gap_ci:.2f} | {statistics.mean(times) * 1e3:.0f} ms "
            f"| {max(times) * 1e3:.0f} ms | {time.perf_counter() - started:.0f} s |")


# --- matches between our own levels ---

def bench_rules(preset: str) -> Rules:
    """A preset, or ``rookgame``: rook-500 with the house rules of the rookGame benchmark."""
    if preset == "rookgame":
        from bench.rookgame import rules
        return rules()
    return load_rules(preset)


def _duplicate_deal(args: tuple[str, int, str, str, float]) -> dict[str, Any]:
    preset, number, a_level, b_level, budget = args
    rules = bench_rules(preset)
    out: dict[str, Any] = {"diff": [], "made": [], "times": {a_level: [], b_level: []}}
    for a_first in (True, False):
        hand = Hand.deal(rules, seed=f"{preset}:{number}", dealer=number % rules.players, number=number)
        a_seats = {s for s in range(rules.players) if (s % 2 == 0) == a_first}
        players = {s: make(a_level if s in a_seats else b_level, number * 10 + s, budget)
                   for s in range(rules.players)}
        while not hand.is_done:
            seat = hand.to_move
            started = time.perf_counter()
            action = players[seat].decide(hand)
            out["times"][a_level if seat in a_seats else b_level].append(time.perf_counter() - started)
            hand.push(action)
        result = hand.final_result()
        out["diff"].append(result.margin(min(a_seats)))
        if result.declarer >= 0:
            out["made"].append(result.made)
    return out


def duplicate_match(preset: str, a_level: str, b_level: str, deals: int, budget: float, processes: int) -> str:
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_duplicate_deal, [(preset, n, a_level, b_level, budget) for n in range(deals)],
                           chunksize=1)
    diffs = [statistics.mean(r["diff"]) for r in results]
    mean, ci = interval(diffs)
    made = [m for r in results for m in r["made"]]
    made_text = f"{100 * sum(made) / len(made):.0f}%" if made else "-"
    a_times = [t for r in results for t in r["times"][a_level]]
    worst = max(a_times) * 1e3 if a_times else 0
    return (f"| {preset} | {a_level} vs {b_level} | {deals * 2} | {mean:+.2f} ± {ci:.2f} | {made_text} | "
            f"{statistics.mean(a_times) * 1e3:.1f} ms | {worst:.0f} ms |")


def run(quick: bool, deals: int | None, budget: float, processes: int, only: str | None,
        simulations: list[int] | None = None, match: list[str] | None = None) -> int:
    print(f"AI strength on duplicate deals, {processes} processes, Hard budget {budget:g} s a decision\n")
    if match:
        preset, a, b = match
        started = time.perf_counter()
        print("| preset | match | hands | first side's advantage / hand | contracts made | first side's mean "
              "decision | worst |")
        print("|---|---|---:|---:|---:|---:|---:|")
        print(duplicate_match(preset, a, b, deals or 100, budget, processes), flush=True)
        print(f"\nwall time {time.perf_counter() - started:.0f} s")
        return 0
    if only in (None, "ismcts"):
        print("| match | hands | our penalty points / hand | ISMCTS points / hand | ISMCTS minus ours | "
              "our mean decision | our worst decision | wall time |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        default_deals = {2000: 10 if quick else 200, 10000: 50}
        for count in simulations or ([2000] if quick else [2000, 10000]):
            print(hearts_vs_ismcts(deals or default_deals.get(count, 50), count, budget, processes), flush=True)
        print()
    if only in (None, "ladder"):
        print("| preset | match | hands | first side's advantage / hand | contracts made | first side's mean "
              "decision | worst |")
        print("|---|---|---:|---:|---:|---:|---:|")
        count = deals or (20 if quick else 200)
        for a, b in [("hard", "normal"), ("normal", "easy"), ("easy", "random")]:
            print(duplicate_match("hearts-classic", a, b, count, budget, processes), flush=True)
        for preset in ("rook-classic", "rook-500"):
            for a, b in [("hard", "normal"), ("normal", "easy"), ("omniscient", "hard"), ("omniscient", "normal"),
                         ("omniscient", "easy")]:
                print(duplicate_match(preset, a, b, count, budget, processes), flush=True)
    if resource is not None:  # Unix: ru_maxrss in kilobytes
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"\nPeak memory of one worker process: {peak:.0f} MB")
    return 0
