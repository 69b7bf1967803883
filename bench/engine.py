"""Random-playout speed of the engine, per preset, with OpenSpiel's C++ Hearts as the peer in the same run.

Every preset is also measured against hearts-classic, the two played in turns of a few milliseconds so that
load on the machine falls on both. OpenSpiel is driven from Python the same way as our engine: chance outcomes
sampled, uniform legal actions; rounds alternate ours and the peer. The table shows medians over the rounds.
"""

from __future__ import annotations

import platform
import random
import statistics
import time

from game.engine import Hand, load_rules, preset_names
from game.engine.hand import DONE
from game.engine.rules import Rules

Figures = tuple[float, float, float]  # hands per second, µs per card over the whole hand, µs per card in trick play
PAIRED_SLICE = 0.02  # seconds: short beside the swings of a shared machine, long beside one hand (under 1 ms)


class Playouts:
    """Random playouts of one preset, run a slice of time at a time, with their costs added up.

    A playout deals a hand from the generator and plays it to the end choosing uniformly among the legal actions
    (``Hand.random_action``), through the int layer the AI uses.
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.hands = self.cards = 0
        self.elapsed = self.in_play = 0.0

    def run(self, seconds: float) -> None:
        """Play whole hands until ``seconds`` have passed (the last hand is finished)."""
        rules, rng = self.rules, self.rng
        clock = time.perf_counter
        start = clock()
        deadline = start + seconds
        hands = cards = 0
        in_play = 0.0
        while clock() < deadline:
            hand = Hand.deal(rules, seed=rng, dealer=hands % rules.players, number=hands)
            while hand.phase != "play" and hand.phase != DONE:
                hand.push(hand.random_action(rng))
            play_start = clock()
            while hand.phase != DONE:
                hand.push(hand.random_action(rng))
            in_play += clock() - play_start
            hands += 1
            cards += sum(len(trick) for _, trick, _ in hand.tricks)
        self.elapsed += clock() - start
        self.hands += hands
        self.cards += cards
        self.in_play += in_play

    def figures(self) -> Figures:
        """(hands per second, microseconds per card played over the whole hand, microseconds per card in trick
        play).

        The whole-hand figure spreads the deal, the auction, the nest and the passes over the cards played, so a
        game with fewer cards per hand pays more per card for them; the trick-play figure is the cost a search
        pays per card.
        """
        cards = max(self.cards, 1)
        return self.hands / self.elapsed, self.elapsed / cards * 1e6, self.in_play / cards * 1e6


def our_playouts(rules: Rules, seconds: float, seed: int) -> Figures:
    """The figures of random playouts of one preset for ``seconds``."""
    playouts = Playouts(rules, seed)
    playouts.run(seconds)
    return playouts.figures()


def paired_playouts(rules: Rules, reference_rules: Rules, seconds: float, seed: int) -> tuple[Figures, Figures]:
    """The figures of a preset and of the reference preset, played in turns of a few milliseconds for ``seconds``
    each, so that whatever else the machine does falls on both alike."""
    ours, reference = Playouts(rules, seed), Playouts(reference_rules, seed)
    while ours.elapsed < seconds or reference.elapsed < seconds:
        ours.run(PAIRED_SLICE)
        reference.run(PAIRED_SLICE)
    return ours.figures(), reference.figures()


def run(seconds: float, rounds: int, presets: list[str] | None) -> int:
    try:
        from bench import openspiel_hearts
    except ImportError:
        openspiel_hearts = None  # type: ignore[assignment]  # OpenSpiel not installed: its figures are left out
    names = presets or preset_names()
    reference_rules = load_rules("hearts-classic")
    print(f"Engine random playouts: {rounds} rounds x {seconds:g} s per preset, medians "
          f"(Python {platform.python_version()}, {platform.machine()})\n")
    print("| preset | hands/s | µs per card, whole hand | µs per card, trick play | whole hand / hearts-classic "
          "| trick play / hearts-classic | OpenSpiel C++ hands/s | ours / OpenSpiel |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        rules = load_rules(name)
        ours, per_card, per_play_card, vs_hearts, play_vs_hearts, peer = [], [], [], [], [], []
        with_peer = name == "hearts-classic" and openspiel_hearts is not None
        for r in range(rounds):
            if name == "hearts-classic":
                rate, micro, play_micro = our_playouts(rules, seconds, seed=r)
            else:
                (rate, micro, play_micro), (_, ref_micro, ref_play_micro) = paired_playouts(
                    rules, reference_rules, seconds, seed=r)
                vs_hearts.append(micro / ref_micro)
                play_vs_hearts.append(play_micro / ref_play_micro)
            ours.append(rate)
            per_card.append(micro)
            per_play_card.append(play_micro)
            if with_peer:
                peer.append(openspiel_hearts.random_playout_hands_per_second(seconds, seed=r))
        line = (f"| {name} | {statistics.median(ours):,.0f} | {statistics.median(per_card):.2f} "
                f"| {statistics.median(per_play_card):.2f} |")
        if vs_hearts:
            line += f" {statistics.median(vs_hearts):.2f} | {statistics.median(play_vs_hearts):.2f} |"
        else:
            line += " 1.00 | 1.00 |"
        if with_peer:
            ratio = statistics.median(o / p for o, p in zip(ours, peer))
            line += f" {statistics.median(peer):,.0f} | {ratio:.2f} |"
        else:
            line += " | |"
        print(line, flush=True)
    if openspiel_hearts is None:
        print("\n(OpenSpiel is not installed: python3 dev.py bench installs the development tools with it)")
    return 0
