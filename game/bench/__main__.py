"""``python -m game.bench engine``: the benchmarks, each printing a table for the README."""

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__)
    sub = parser.add_subparsers(dest="bench", required=True)
    engine = sub.add_parser("engine", help="random-playout full hands per second, per preset, against OpenSpiel")
    engine.add_argument("--seconds", type=float, default=2.0, help="time per preset per round")
    engine.add_argument("--rounds", type=int, default=3, help="rounds, alternating ours and the peer; medians shown")
    engine.add_argument("--presets", nargs="*", help="presets to measure (default: all)")
    args = parser.parse_args(argv)
    if args.bench == "engine":
        from game.bench.engine import run
        return run(args.seconds, args.rounds, args.presets)
    return 2


if __name__ == "__main__":
    sys.exit(main())
