"""Random-playout speed of the engine, per preset, with OpenSpiel's C++ Hearts as the peer in the same run.

A playout deals a hand from a fresh seed and plays it to the end choosing uniformly among the legal actions
(``Hand.random_action``), through the int layer the AI uses. OpenSpiel is driven from Python the same way:
chance outcomes sampled, uniform legal actions. Rounds alternate ours and the peer so that load on the
machine falls on both; the table shows medians.
"""

from __future__ import annotations

import platform
import random
import statistics
import time

from game.engine import Hand, load_rules, preset_names
from game.engine.hand import DONE


def our_playouts(rules, seconds: float, seed: int) -> tuple[float, float]:
    """(hands per second, microseconds per card played)."""
    rng = random.Random(seed)
    hands = cards = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        hand = Hand.deal(rules, seed=rng.getrandbits(64), dealer=hands % rules.players, number=hands)
        while hand.phase != DONE:
            hand.push(hand.random_action(rng))
        hands += 1
        cards += len(hand.tricks) * len(hand.tricks[0][1]) if hand.tricks else 0
    elapsed = time.perf_counter() - start
    return hands / elapsed, elapsed / max(cards, 1) * 1e6


def run(seconds: float, rounds: int, presets: list[str] | None) -> int:
    try:
        from game.bench import openspiel_hearts
    except ImportError:
        openspiel_hearts = None
    names = presets or preset_names()
    print(f"Engine random playouts: {rounds} rounds x {seconds:g} s per preset, medians "
          f"(Python {platform.python_version()}, {platform.machine()})\n")
    print("| preset | hands/s | µs per card played | OpenSpiel C++ hands/s | ours / OpenSpiel |")
    print("|---|---:|---:|---:|---:|")
    for name in names:
        rules = load_rules(name)
        ours, per_card, peer = [], [], []
        with_peer = name == "hearts-classic" and openspiel_hearts is not None
        for r in range(rounds):
            rate, micro = our_playouts(rules, seconds, seed=r)
            ours.append(rate)
            per_card.append(micro)
            if with_peer:
                peer.append(openspiel_hearts.random_playout_hands_per_second(seconds, seed=r))
        line = f"| {name} | {statistics.median(ours):,.0f} | {statistics.median(per_card):.1f} |"
        if with_peer:
            ratio = statistics.median(o / p for o, p in zip(ours, peer))
            line += f" {statistics.median(peer):,.0f} | {ratio:.2f} |"
        else:
            line += " | |"
        print(line, flush=True)
    if openspiel_hearts is None:
        print("\n(OpenSpiel is not installed: python3 dev.py bench installs the development tools with it)")
    return 0
