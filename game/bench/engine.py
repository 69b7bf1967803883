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


def our_playouts(rules, seconds: float, seed: int) -> tuple[float, float, float]:
    """(hands per second, microseconds per card played over the whole hand, microseconds per card in trick play).

    The whole-hand figure spreads the deal, the auction, the nest and the passes over the cards played, so a game
    with fewer cards per hand pays more per card for them; the trick-play figure is the cost a search pays per card.
    """
    rng = random.Random(seed)
    hands = cards = 0
    in_play = 0.0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
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
    elapsed = clock() - start
    return hands / elapsed, elapsed / max(cards, 1) * 1e6, in_play / max(cards, 1) * 1e6


def run(seconds: float, rounds: int, presets: list[str] | None) -> int:
    try:
        from game.bench import openspiel_hearts
    except ImportError:
        openspiel_hearts = None
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
            rate, micro, play_micro = our_playouts(rules, seconds, seed=r)
            ours.append(rate)
            per_card.append(micro)
            per_play_card.append(play_micro)
            if name != "hearts-classic":
                # hearts-classic right after, so that both see the same load on the machine
                _, ref_micro, ref_play_micro = our_playouts(reference_rules, seconds, seed=r)
                vs_hearts.append(micro / ref_micro)
                play_vs_hearts.append(play_micro / ref_play_micro)
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
