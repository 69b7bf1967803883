"""``python -m bench xinxin``: Hard against xinxin, Nathan Sturtevant's Hearts program, in duplicate.

xinxin (nathansttt/hearts, GPL-3.0; PIMC over UCT, 10,000 playouts over 30 worlds a decision in its own setup) is
a test peer only: nothing of it is in this repository, it is never imported by the game and never shipped. The
benchmark talks to a program you build yourself from its source (pinned commit
6ba11548af49d3953f989f50b318ee4f4c1b91f7) around its ``HeartsGameState`` and ``SafeSimpleHeartsPlayer``, as
OpenSpiel's ``open_spiel/bots/xinxin`` does, and name in ``TRICKHOUSE_XINXIN``. Without it the benchmark prints
one line and stops.

The program is started as ``$TRICKHOUSE_XINXIN SIMULATIONS WORLDS 0 EPSILON`` (0: no threads, so that each side
thinks on one core; EPSILON: the share of random cards in its play-outs) and sets up each player as xinxin's own
``main.cpp`` sets up its strongest: ``SafeSimpleHeartsPlayer`` over ``iiMonteCarlo`` (WORLDS worlds) over ``UCT``
(SIMULATIONS / WORLDS play-outs a world, C = 0.4) with ``HeartsPlayout``, model level 2. It speaks in lines, cards
as OpenSpiel's ids (``rank * 4 + suit``, ranks 2..A, suits C D H S), players as OpenSpiel's (our seats):
- ``new SEED DIRECTION C0 ... C51``: a new hand, OpenSpiel's pass direction (0 hold, 1 left, 2 across, 3 right) and
  the deal, the k-th card to player k % 4 (the rules are hearts-classic's: 2 of clubs leads, hearts broken by a
  heart or the queen, points allowed on the first trick); answers ``ok``;
- ``inform CARD``: the player to move passed or played CARD; answers ``ok``;
- ``step``: the player to move decides, and the program applies it; answers
  ``move CARD player P ms TIME legal C C ...`` (whose move it thinks it is, and its legal cards, for the referee).
Passes go one card at a time, players 0 to 3, as in OpenSpiel.

The engine referees: at each of xinxin's plays its player and legal cards must be the engine's. The moon is
scored as xinxin and OpenSpiel score it (the shooter 0, the others 26: our ``moon: add``), so penalty points per
hand compare directly. Two matches, each deal played twice with the sides' seats swapped: ``hold`` (no passing:
card play only) and ``pass`` (hearts-classic's passing cycle).
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import subprocess
import time
from typing import Any

from game.engine import Hand, load_rules
from game.engine import actions as A
from game.engine import cards as C
from game.engine.hearts import pass_direction

from . import openspiel_hearts as spiel
from .ai import interval, make

PINNED_COMMIT = "6ba11548af49d3953f989f50b318ee4f4c1b91f7"
MODES: dict[str, dict[str, Any]] = {"hold": {"pass_cycle": ("hold",), "moon": "add"}, "pass": {"moon": "add"}}


def peer_program() -> str | None:
    program = os.environ.get("TRICKHOUSE_XINXIN")
    return program if program and os.access(program, os.X_OK) else None


class Xinxin:
    def __init__(self, program: str, simulations: int, worlds: int, epsilon: float):
        self.process = subprocess.Popen([program, str(simulations), str(worlds), "0", str(epsilon)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def say(self, line: str) -> list[str]:
        assert self.process.stdin is not None and self.process.stdout is not None  # opened as pipes
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().split()

    def new(self, seed: int, hand: Hand, direction: str) -> None:
        hands = hand.deal_text()["hands"]
        cards = [spiel.spiel_card(hands[k % 4][k // 4]) for k in range(spiel.NUM_CARDS)]
        assert self.say(f"new {seed} {spiel.DIRECTION[direction]} {' '.join(map(str, cards))}") == ["ok"]

    def inform(self, card_text: str) -> None:
        assert self.say(f"inform {spiel.spiel_card(card_text)}") == ["ok"]

    def step(self, seat: int, legal_texts: list[str] | None, times: list[float]) -> str:
        """xinxin's card for ``seat``; at a play, its player and legal cards must be the engine's."""
        words = self.say("step")
        card, player, ms = int(words[1]), int(words[3]), float(words[5])
        legal = sorted(int(w) for w in words[7:])
        if player != seat or (legal_texts is not None and legal != sorted(map(spiel.spiel_card, legal_texts))):
            raise RuntimeError(f"xinxin and the engine disagree: its player {player}, ours {seat}; its legal "
                               f"{[spiel.card_text(c) for c in legal]}, ours {legal_texts}")
        times.append(ms / 1000)
        return spiel.card_text(card)

    def close(self) -> None:
        self.say("quit")
        self.process.wait(10)


_peer: Xinxin | None = None


def _start_peer(program: str, simulations: int, worlds: int, epsilon: float) -> None:
    global _peer
    _peer = Xinxin(program, simulations, worlds, epsilon)


def _card_texts(hand: Hand, mask: C.CardSet) -> list[str]:
    return hand.rules.cards_text(mask).split()


def _deal(args: tuple[int, str, float, str]) -> dict[str, list[float]]:
    number, mode, budget, settings = args
    rules = load_rules("hearts-classic").changed(MODES[mode], "the xinxin benchmark")
    # per playing: each side's average score change, and who shot the moon (0: Hard's side, 1: xinxin's, -1: nobody)
    out: dict[str, list[float]] = {"ours": [], "theirs": [], "ours_times": [], "theirs_times": [], "shooters": []}
    assert _peer is not None  # started in this process
    for ours_first in (True, False):
        our_seats = {0, 2} if ours_first else {1, 3}
        hand = Hand.deal(rules, seed=f"xinxin:{number}", dealer=number % 4, number=number)
        hard = {s: make(f"hard:{settings}" if settings else "hard", number * 10 + s, budget) for s in our_seats}
        direction = pass_direction(rules, number)
        _peer.new(number, hand, direction)
        if hand.phase == "pass":
            # ours choose in the engine's turn order (their worlds need a real turn); the choices are secret until
            # everyone has chosen, so xinxin's seats are given any pass meanwhile and told nothing of ours
            chosen, trial = {}, hand.copy()
            while trial.phase == "pass":
                seat = trial.to_move
                action = hard[seat].decide(trial) if seat in our_seats else trial.legal_ids()[0]
                chosen[seat] = action
                trial.push(action)
            for seat in range(4):  # xinxin passes player by player, a card at a time
                if seat in our_seats:
                    for card in _card_texts(hand, A.payload_of(chosen[seat])):
                        _peer.inform(card)
                else:
                    cards = [_peer.step(seat, None, []) for _ in range(3)]
                    chosen[seat] = hand.parse_action("pass-cards " + " ".join(cards))
            while hand.phase == "pass":
                hand.push(chosen[hand.to_move])
        while hand.phase == "play":
            seat = hand.to_move
            if seat in our_seats:
                started = time.perf_counter()
                action = hard[seat].decide(hand)
                out["ours_times"].append(time.perf_counter() - started)
                _peer.inform(hand.action_text(action).split()[1])
            else:
                action = hand.parse_action("play " + _peer.step(seat, _card_texts(hand, hand.legal_mask()),
                                                                out["theirs_times"]))
            reason = hand.refusal(action)
            if reason is not None:
                raise RuntimeError(f"illegal {hand.action_text(action)} from seat {seat}: {reason}")
            hand.push(action)
        result = hand.final_result()
        change = result.score_change
        out["shooters"].append(-1 if result.moon_shooter < 0 else int(result.moon_shooter not in our_seats))
        out["ours"].append(sum(change[s] for s in our_seats) / 2)
        out["theirs"].append(sum(change[s] for s in range(4) if s not in our_seats) / 2)
    return out


def match(mode: str, deals: range, budget: float, settings: str, peer: tuple[int, int, float], processes: int,
          program: str) -> str:
    started = time.perf_counter()
    with multiprocessing.Pool(processes, initializer=_start_peer, initargs=(program, *peer)) as pool:
        results = pool.map(_deal, [(n, mode, budget, settings) for n in deals], chunksize=1)
    return row(mode, settings, deals, results, time.perf_counter() - started)


def row(mode: str, settings: str, deals: range, results: list[dict[str, list[float]]], seconds: float) -> str:
    """A match's line of the table from each deal's results (``_deal``). The moon is most of what the sides differ
    by, so the gap is also given over the hands nobody shot, a hand each (playings of a deal are not paired)."""
    ours = [statistics.mean(r["ours"]) for r in results]
    theirs = [statistics.mean(r["theirs"]) for r in results]
    gap, gap_ci = interval([t - o for o, t in zip(ours, theirs)])
    mine, mine_ci = interval(ours)
    its, its_ci = interval(theirs)
    ours_t = [t for r in results for t in r["ours_times"]]
    theirs_t = [t for r in results for t in r["theirs_times"]]
    shooters = [shooter for r in results for shooter in r["shooters"]]
    moons = [shooters.count(side) for side in (0, 1)]
    no_moon = [t - o for r in results for o, t, shooter in zip(r["ours"], r["theirs"], r["shooters"]) if shooter < 0]
    calm, calm_ci = interval(no_moon)
    return (f"| {mode} | {settings or 'default'} | {deals.start}-{deals.stop - 1} | {len(deals) * 2} "
            f"| {mine:.2f} ± {mine_ci:.2f} "
            f"| {its:.2f} ± {its_ci:.2f} "
            f"| {gap:+.2f} ± {gap_ci:.2f} | {statistics.mean(ours_t) * 1e3:.0f} / {max(ours_t) * 1e3:.0f} ms "
            f"| {statistics.mean(theirs_t) * 1e3:.0f} / {max(theirs_t) * 1e3:.0f} ms | {moons[0]} / {moons[1]} "
            f"| {calm:+.2f} ± {calm_ci:.2f} over {len(no_moon)} | {seconds:.0f} s |")


def run(deals: int, budget: float, settings: str, simulations: int, xinxin_worlds: int, processes: int,
        modes: list[str], first: int = 0, epsilon: float = 0.1) -> int:
    program = peer_program()
    if program is None:
        print("xinxin: skipped: set TRICKHOUSE_XINXIN to a program built from nathansttt/hearts at "
              f"{PINNED_COMMIT[:12]} that speaks this benchmark's protocol; see bench/xinxin.py")
        return 0
    print(f"Hard against xinxin (nathansttt/hearts {PINNED_COMMIT[:7]}: SafeSimpleHeartsPlayer over iiMonteCarlo over "
          f"UCT with HeartsPlayout, model level 2, epsilon {epsilon:g}, {simulations:,} play-outs over "
          f"{xinxin_worlds} worlds a decision, one thread), hearts-classic, {processes} processes, Hard's budget "
          f"{budget:g} s; penalty points per hand per player\n")
    print("| match | Hard's settings | deals | hands | Hard | xinxin | xinxin minus Hard "
          "| Hard per decision, mean / worst | xinxin per decision, mean / worst | moons: Hard / xinxin "
          "| xinxin minus Hard, hands nobody shot | wall time |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for mode in modes:
        print(match(mode, range(first, first + deals), budget, settings, (simulations, xinxin_worlds, epsilon),
                    processes, program), flush=True)
    return 0
