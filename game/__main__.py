"""Launch Trickhouse: the game window, or ``--autoplay`` (every seat a computer) for checks and screenshots, or
``--terminal`` to play one hand between computer seats in the terminal."""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import random
import re
import sys
from pathlib import Path

from game.ai import LEVELS, make_player
from game.engine import Hand, load_rules, preset_names
from game.engine.language import language
from game.runtime import leave_objects_to_the_os
from game.store.settings import LANGUAGE_CODE


def language_code(text: str) -> str:
    """A --language value: a language code as the Language setting keeps it."""
    if not re.fullmatch(LANGUAGE_CODE, text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a language code such as de or pt_BR")
    return text


def play_hand_in_terminal(preset: str, seed: int, level: str) -> int:
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=0)
    players = [make_player(level, seed=seed + seat) for seat in range(rules.players)]
    print(f"{rules.title} ({rules.name}), seed {seed}, dealer seat {hand.dealer}, {level} computer seats")
    for seat in range(rules.players):
        print(f"  seat {seat}: {' '.join(hand.view(seat).hand) or '(chooses a hand first)'}")
    while not hand.is_done:
        seat = hand.to_move
        who = "dummy" if hand.turn == rules.dummy_seat else f"seat {seat}"
        action = hand.action_text(players[seat].decide(hand))
        events = hand.apply(action)
        print(f"{who}: {action}")
        for event in events:
            if event.kind == "trick-won" and not hand.is_done:
                print(f"  trick to seat {event.seat}")
    print("points taken:", hand.points(), " score change:", hand.score_delta())
    return 0


def run_window(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "trickhouse")
    from game.store import Settings, SettingsStore
    from game.ui.app import App
    from game.ui.autoplay import Autoplay

    autoplay = None
    if args.autoplay:
        autoplay = Autoplay(args.autoplay, args.hands, args.level, args.screenshots,
                            args.seed if args.seed is not None else 1, save=args.save)
    settings, problem = SettingsStore().load() if autoplay is None else (Settings(), "")
    if args.language is not None:  # as if chosen in Settings (autoplay saves no settings)
        settings.language = args.language
    if autoplay is not None:  # readable but brisk, and the same on every machine
        settings.trick_pause, settings.computer_pause, settings.animation_speed = 0.5, 0.25, 1.5
        if args.fast:  # as fast as the settings allow: many actions (and saves) a second, for crash tests
            settings.trick_pause, settings.computer_pause, settings.animation_speed = 0.2, 0.0, 4.0
    app = App(settings, autoplay=autoplay)
    app.services.notice = problem
    status = app.run("menu")
    if autoplay is not None:
        width, height = app.final_size
        print(f"autoplay {args.autoplay}: {autoplay.hands_done} hands, {autoplay.level} computers, "
              f"window {width}x{height}, language {language()}")
        print(app.frame_report())
        if autoplay.screenshots is not None:
            print(f"screenshots: {len(autoplay.shot_names)} in {autoplay.screenshots}")
    return status


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()  # a frozen build's search process must not start another game
    parser = argparse.ArgumentParser(prog="trickhouse", description="Rook and Hearts")
    parser.add_argument("--autoplay", choices=preset_names(), metavar="PRESET",
                        help="play with every seat a computer and exit (for checks and screenshots)")
    parser.add_argument("--hands", type=int, default=1, help="with --autoplay: how many hands")
    parser.add_argument("--screenshots", type=Path, help="with --autoplay: save a PNG of each scene here")
    parser.add_argument("--save", action="store_true",
                        help="with --autoplay: save the match after every action, as a real game does")
    parser.add_argument("--fast", action="store_true",
                        help="with --autoplay: no pauses beyond the shortest the settings allow")
    parser.add_argument("--terminal", choices=preset_names(), metavar="PRESET",
                        help="play one hand between computer seats in the terminal")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--level", default="hard", choices=LEVELS,
                        help="the computer seats' level (autoplay, terminal)")
    parser.add_argument("--language", type=language_code, metavar="CODE",
                        help="the game's language (de, fr, en, ...), as if chosen in Settings; '' for the system's")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.terminal:
        seed = args.seed if args.seed is not None else random.randrange(10**6)
        return play_hand_in_terminal(args.terminal, seed, args.level)
    return run_window(args)


if __name__ == "__main__":
    status = main()
    leave_objects_to_the_os()
    sys.exit(status)
