"""Launch Trickhouse.

Until the game window exists this plays one hand in the terminal between computer seats of the chosen level,
printing every action in the notation of RULES.md.
"""

from __future__ import annotations

import argparse
import random
import sys

from game.ai import LEVELS, make_player
from game.engine import Hand, load_rules, preset_names


def play_hand_in_terminal(preset: str, seed: int, level: str) -> int:
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=0)
    players = [make_player(level, seed=seed + seat) for seat in range(rules.players)]
    print(f"{rules.title} ({rules.name}), seed {seed}, dealer seat {hand.dealer}, {level} computer seats")
    for seat in range(rules.players):
        print(f"  seat {seat}: {' '.join(hand.view(seat)['hand']) or '(chooses a hand first)'}")
    while not hand.is_done:
        seat = hand.to_move
        who = "dummy" if rules.dummy and hand.phase == "play" and hand.turn == 2 else f"seat {seat}"
        action = hand.action_text(players[seat].decide(hand))
        hand.apply(action)
        print(f"{who}: {action}")
        if not hand.trick and hand.tricks and hand.phase != "done" and action.startswith("play"):
            print(f"  trick to seat {hand.tricks[-1][2]}")
    print("points taken:", hand.points(), " score change:", hand.score_delta())
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="trickhouse", description="Rook and Hearts")
    parser.add_argument("--preset", default="hearts-classic", choices=preset_names())
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--level", default="normal", choices=LEVELS, help="the computer seats' level")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    return play_hand_in_terminal(args.preset, seed, args.level)


if __name__ == "__main__":
    sys.exit(main())
