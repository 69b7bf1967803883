"""``python -m bench engine``: the benchmarks, each printing a table for docs/benchmarks.md."""

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    sub = parser.add_subparsers(dest="bench", required=True)
    engine = sub.add_parser("engine", help="random-playout full hands per second, per preset, against OpenSpiel")
    engine.add_argument("--seconds", type=float, default=2.0, help="time per preset per round")
    engine.add_argument("--rounds", type=int, default=3, help="rounds, alternating ours and the peer; medians shown")
    engine.add_argument("--presets", nargs="*", help="presets to measure (default: all)")
    ai = sub.add_parser("ai", help="strength of the computer levels on duplicate deals, against OpenSpiel's ISMCTS")
    ai.add_argument("--quick", action="store_true", help="a rough figure in a few minutes")
    ai.add_argument("--deals", type=int, help="deals per match (each is played twice, seats swapped)")
    ai.add_argument("--budget", type=float, default=0.5, help="Hard's time budget per decision, seconds")
    ai.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    ai.add_argument("--only", choices=("ismcts", "ladder"), help="run one part")
    ai.add_argument("--match", nargs=3, metavar=("PRESET", "A", "B"),
                    help="one match of two levels (hard:worlds=N,work=N for Hard's settings; normal@REV for a level "
                         "with the rules of git revision REV; PRESET rookgame: rook-500 with rookGame's house rules)")
    ai.add_argument("--simulations", type=int, action="append",
                    help="an ISMCTS row at this many simulations a move (repeatable; default 2,000 and 10,000)")
    ladder = sub.add_parser("ladder", help="Hard against Normal in every preset on duplicate deals")
    ladder.add_argument("--presets", nargs="*", help="presets (default: all of config/)")
    ladder.add_argument("--deals", type=int, default=100, help="deals a preset")
    ladder.add_argument("--first", type=int, default=0, help="the first deal's number")
    ladder.add_argument("--budget", type=float, default=1.0, help="Hard's time budget per decision, seconds")
    ladder.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    ladder.add_argument("--results", help="a file keeping each deal's result (JSON lines): deals already in it "
                                          "are not played again")
    rookgame = sub.add_parser("rookgame", help="Hard against marvj69/rookGame's AI on duplicate deals (a test peer)")
    rookgame.add_argument("--deals", type=int, default=50, help="deals per match (each is played twice, seats swapped)")
    rookgame.add_argument("--budget", type=float, default=1.0, help="Hard's time budget per decision, seconds")
    rookgame.add_argument("--hard", default="", help="Hard's settings: work=N, taper=N, worlds=N (default: the game's)")
    rookgame.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    rookgame.add_argument("--modes", nargs="*", default=["play", "full", "kitty"], choices=("play", "full", "kitty"),
                          help="play: card play on fixed contracts; full: each side bids, takes the nest, names trump; "
                               "kitty: full, Hard keeping rookGame's kitty rule")
    xinxin = sub.add_parser("xinxin", help="Hard against xinxin (nathansttt/hearts) on duplicate deals (a test peer)")
    xinxin.add_argument("--deals", type=int, default=50, help="deals per match (each is played twice, seats swapped)")
    xinxin.add_argument("--budget", type=float, default=1.0, help="Hard's time budget per decision, seconds")
    xinxin.add_argument("--hard", default="",
                        help="Hard's settings: work=N, taper=N, worlds=N, moon=1, share=1, infer=K, plan=N, guard=N "
                             "(default: the game's)")
    xinxin.add_argument("--simulations", type=int, default=10000, help="xinxin's playouts a decision")
    xinxin.add_argument("--xinxin-worlds", type=int, default=30, help="xinxin's worlds a decision")
    xinxin.add_argument("--epsilon", type=float, default=0.1, help="xinxin's share of random cards in its play-outs")
    xinxin.add_argument("--first", type=int, default=0, help="the first deal's number (tune on one range, report "
                                                             "on another)")
    xinxin.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    xinxin.add_argument("--modes", nargs="*", default=["hold", "pass"], choices=("hold", "pass"),
                        help="hold: card play only; pass: with hearts-classic's passing")
    endgame = sub.add_parser("endgame", help="Hard's exact ending against its play-outs, on the same positions")
    endgame.add_argument("--positions", type=int, default=300, help="deals a preset (each gives one position)")
    endgame.add_argument("--cards", type=int, default=3, help="positions with at most this many cards a hand")
    endgame.add_argument("--budget", type=float, default=1.0, help="Hard's time budget per decision, seconds")
    endgame.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    worlds = sub.add_parser("worlds", help="Hard's choices against a search of many more worlds, by stage of the hand")
    worlds.add_argument("--positions", type=int, default=600, help="deals (each gives at most one decision)")
    worlds.add_argument("--reference", type=int, default=400, help="the reference search's worlds a card")
    worlds.add_argument("--players", nargs="+", default=["hard:work=16000,taper=0", "hard"],
                        help="searches to compare, as bench ai names them (paired against the first)")
    worlds.add_argument("--first", type=int, default=0, help="the first deal's number")
    worlds.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    frames = sub.add_parser("frames", help="frame times of a 60 fps window while the computer thinks")
    frames.add_argument("--seconds", type=float, default=10.0, help="time per case")
    frames.add_argument("--budget", type=float, default=1.0, help="Hard's time budget per decision, seconds")
    build = sub.add_parser("build", help="the one-file executable's size, start-up and memory, against a bare window")
    build.add_argument("--no-build", dest="build", action="store_false",
                       help="reuse dist/trickhouse and the bare window from an earlier run")
    build.add_argument("--runs", type=int, default=5, help="launches timed for start-up; the median is shown")
    soak = sub.add_parser("soak", help="every preset plays complete hands, engine invariants checked after each action")
    soak.add_argument("--hands", type=int, default=2000, help="complete hands per preset")
    soak.add_argument("--seed", type=int, default=1, help="seed of the matches and the seat levels")
    review = sub.add_parser("review", help="time to review a hand and to give a hint, and the review's costs against "
                                          "Hard's gain")
    review.add_argument("--presets", nargs="*", help="presets (default: hearts-classic and rook-classic)")
    review.add_argument("--timing-hands", type=int, default=5, help="hands reviewed per preset for the time")
    review.add_argument("--deals", type=int, default=200, help="deals reviewed per preset for the honesty check")
    review.add_argument("--processes", type=int, default=2, help="worker processes (default: both cores)")
    review.add_argument("--only", choices=("time", "hint", "honesty"), help="run one part")
    crash = sub.add_parser("crash", help="SIGKILL the game at random moments; every save must resume")
    crash.add_argument("--kills", type=int, default=300, help="how many times to kill the game")
    crash.add_argument("--seed", type=int, default=1, help="seed of the kill moments and the matches")
    net = sub.add_parser("net", help="network tables: action-to-everyone latency and tables per server process")
    net.add_argument("--tables", type=int, nargs="*", default=[1, 50, 100, 200, 300, 400],
                     help="table counts, one round each, until the p99 passes 100 ms")
    net.add_argument("--seconds", type=float, default=10.0, help="measuring time per round")
    net.add_argument("--preset", default="hearts-classic")
    net.add_argument("--mixed", action="store_true", help="two people and two Normal computers a table")
    net.add_argument("--kills", type=int, metavar="N",
                     help="instead: SIGKILL the server N times during play; nothing a client was told may be lost")
    net.add_argument("--seed", type=int, default=1, help="seed of the kill moments and the players (--kills)")
    net.add_argument("--abuse", nargs="*", metavar="ATTACK",
                     help="instead: each attack (default: all) beside an honest table on a server with its default "
                          "limits; the honest p99 against its quiet figure (--seconds each)")
    net.add_argument("--server-from", type=Path, metavar="DIR",
                     help="run the server from this source tree (an earlier commit's, unpacked), to compare")
    args = parser.parse_args(argv)
    if args.bench == "endgame":
        from bench.endgame import run as run_endgame
        return run_endgame(args.positions, args.cards, args.budget, args.processes)
    if args.bench == "worlds":
        from bench.worlds import run as run_worlds
        return run_worlds(args.positions, args.reference, args.players, args.first, args.processes)
    if args.bench == "review":
        from bench.review import run as run_review
        return run_review(args.presets, args.timing_hands, args.deals, args.processes, args.only)
    if args.bench == "net" and args.abuse is not None:
        from bench.net_abuse import ATTACKS
        from bench.net_abuse import run as run_net_abuse
        unknown = sorted(set(args.abuse) - set(ATTACKS))
        if unknown:
            parser.error(f"no attack called {unknown[0]}: the attacks are {', '.join(ATTACKS)}")
        return run_net_abuse(args.seconds, args.abuse or list(ATTACKS))
    if args.bench == "net" and args.kills:
        from bench.net_kills import run as run_net_kills
        return run_net_kills(args.kills, args.seed, args.server_from)
    if args.bench == "net":
        from bench.net import run as run_net
        return run_net(args.tables, args.seconds, args.preset, args.mixed, args.server_from)
    if args.bench == "crash":
        from bench.crash import run as run_crash
        return run_crash(args.kills, args.seed)
    if args.bench == "soak":
        from bench.soak import run as run_soak
        return run_soak(args.hands, args.seed)
    if args.bench == "build":
        from bench.build import run as run_build
        return run_build(args.build, args.runs)
    if args.bench == "ladder":
        from bench.ladder import run as run_ladder
        return run_ladder(args.presets, args.deals, args.first, args.budget, args.processes, args.results)
    if args.bench == "rookgame":
        from bench.rookgame import run as run_rookgame
        return run_rookgame(args.deals, args.budget, args.hard, args.processes, args.modes)
    if args.bench == "xinxin":
        from bench.xinxin import run as run_xinxin
        return run_xinxin(args.deals, args.budget, args.hard, args.simulations, args.xinxin_worlds, args.processes,
                          args.modes, args.first, args.epsilon)
    if args.bench == "frames":
        from bench.frames import run as run_frames
        return run_frames(args.seconds, args.budget)
    if args.bench == "ai":
        from bench.ai import run as run_ai
        return run_ai(args.quick, args.deals, args.budget, args.processes, args.only, args.simulations, args.match)
    if args.bench == "engine":
        from bench.engine import run
        return run(args.seconds, args.rounds, args.presets)
    return 2


if __name__ == "__main__":
    sys.exit(main())
