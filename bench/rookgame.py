"""``python -m bench rookgame``: Hard against marvj69/rookGame's strongest computer player, in duplicate.

rookGame (MIT, a web Rook game) is a test peer only: nothing of it is in this repository, it is never imported by
the game and never shipped. To run this benchmark, clone it at the pinned commit and point
``TRICKHOUSE_ROOKGAME_DIR`` at the checkout (``node`` 18 or newer on PATH; rookGame's AI needs no npm packages)::

    git clone https://github.com/marvj69/rookGame && git -C rookGame checkout 7c046a839f61ddd5f9cf907cb7cecf3732a05c6d
    TRICKHOUSE_ROOKGAME_DIR=$PWD/rookGame python -m bench rookgame

Without it the benchmark prints one line and stops. ``rookgame_bridge.mjs`` (ours) loads rookGame's modules and
answers one seat's decisions, seeing that seat's view only; the engine referees every action: at each of
rookGame's plays, its idea of whose turn it is and of the legal cards must be the engine's.

Rules. rookGame plays rook-500 with house rules, which the benchmark sets in the engine (``RULES_CHANGES``): the
1s rank low, bids 100 to 150 by 5, the declarer leads, everyone passing leaves the dealer at 100, a colour is
always named (no no-trump, no reversed order), and the declarer's side scores the nest. Two rules of rookGame's
the engine does not have, and the benchmark plays them as the engine does and counts the hands they change:
- its kitty rule (the declarer lays back non-counters, and counters only of trump when it has too few): rookGame's
  own discards always keep it; ours are checked against it, and the hands where ours break it are counted;
- its doubling of a 180-point sweep (a side that takes every point scores 360): the engine scores 180, and the
  hands with a sweep are counted.

Three matches, each on duplicate deals (every deal played twice with the sides' seats swapped):
- ``play``: card play only. The contract (auction, nest and trump) is rookGame's for all four seats in the first
  playing and the same actions are replayed in the second, so each side plays the same contracts once.
- ``full``: each side bids, takes the nest and names trump itself;
- ``kitty``: as ``full``, but Hard lays back only what rookGame's kitty rule allows (``kitty_nest``), so that the
  rules gap cannot help it.
Figures: the points-per-hand difference (our side's score change minus theirs, with a 95% CI over deals), the
contracts each side made, and both sides' mean and worst time to play a card (rookGame's measured inside node).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.rules_play import RulePlayer
from game.engine import Hand, Rules, load_rules
from game.engine import actions as A
from game.engine import cards as C
from game.engine.rook import RookHand

from .ai import interval, make

PINNED_COMMIT = "7c046a839f61ddd5f9cf907cb7cecf3732a05c6d"
BRIDGE = Path(__file__).with_name("rookgame_bridge.mjs")
RULES_CHANGES = {"ones_high": False, "min_bid": 100, "max_bid": 150, "first_lead": "declarer",
                 "all_pass": "dealer_takes_minimum", "no_trump": False, "reverse_order": False,
                 "nest_to": "declarer"}
#: our colours (black, green, red, yellow) as rookGame's colour index (Red, Green, Black, Yellow)
COLOUR_INDEX = (2, 1, 0, 3)
COLOURS = ("Red", "Green", "Black", "Yellow")
SWEEP = 180
# rookGame's JSON, as its bridge reads and writes it (the peer's shapes, not ours; checked where a reply is used)
Json = dict[str, Any]


def peer_dir() -> str | None:
    """The rookGame checkout, or None (with the line to print) when the benchmark cannot run."""
    root = os.environ.get("TRICKHOUSE_ROOKGAME_DIR")
    if not root or not (Path(root) / "src" / "ai" / "search.js").is_file() or not shutil.which("node"):
        return None
    return root


def rules() -> Rules:
    return load_rules("rook-500").changed(RULES_CHANGES, "rookGame's house rules")


# --- our cards and hands in rookGame's shapes ---

def peer_card(card: C.Card, rules: Rules) -> Json:
    if card == C.BIRD:
        return {"color": "ROOK", "rank": 0, "id": 56, "value": 20}
    suit, rank = card >> 4, card & 15
    return {"color": COLOURS[COLOUR_INDEX[suit]], "rank": rank, "id": COLOUR_INDEX[suit] * 14 + rank - 1,
            "value": rules.card_points[card]}


def our_card(peer_id: int) -> C.Card:
    if peer_id == 56:
        return C.BIRD
    return C.make_card(COLOUR_INDEX.index(peer_id // 14), peer_id % 14 + 1)


def peer_trump(suit: int) -> str:
    return COLOURS[COLOUR_INDEX[suit]]


def peer_state(hand: RookHand, seat: int) -> Json:
    """The hand as ``seat`` sees it, in rookGame's state shape: other hands only as their sizes."""
    rules = hand.rules

    def cards(mask: C.CardSet) -> list[Json]:
        return [peer_card(c, rules) for c in C.cards_in(mask)]

    def plays(leader: int, trick: Sequence[C.Card]) -> list[Json]:
        return [{"pid": hand.play_order[leader][i], "card": peer_card(card, rules)} for i, card in enumerate(trick)]

    taken = hand.points()
    kitty_points = sum(rules.card_points[c] for c in C.cards_in(hand.discards)) if seat == hand.declarer else 0
    return {
        "hands": [cards(hand.held[s]) if s == seat else hand.held[s].bit_count() for s in range(4)],
        "kitty": [], "kittyPoints": kitty_points, "dealer": hand.dealer, "currentTurn": hand.to_move,
        "bidInfo": {"active": hand.phase == "bid", "highBid": hand.high_bid or 95,
                    "bidder": hand.high_bidder if hand.high_bidder >= 0 else None,
                    "passed": list(hand.out), "history": [{"playerId": s, "amount": b} for s, b in hand.bids]},
        "trump": peer_trump(hand.trump) if hand.trump in C.SUITS else None,
        "tricks": [plays(leader, trick) for leader, trick, _ in hand.tricks],
        "currentTrick": plays(hand.leader, hand.trick) if hand.trick else [],
        "pointsTaken": {"us": taken[0] + taken[2], "them": taken[1] + taken[3]},
        "scores": {"us": 0, "them": 0}, "roundsCompleted": hand.number,
        "settings": {"mustWinByBid": False},
    }


class RookGamePeer:
    """rookGame's player behind the bridge, in a node process of its own."""

    def __init__(self, root: str) -> None:
        self.process = subprocess.Popen(["node", str(BRIDGE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env={**os.environ, "TRICKHOUSE_ROOKGAME_DIR": root})

    def ask(self, request: Json) -> Json:
        assert self.process.stdin is not None and self.process.stdout is not None  # opened as pipes
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply: Json = json.loads(self.process.stdout.readline())
        if "error" in reply:
            raise RuntimeError(f"rookGame failed: {reply['error']}")
        return reply

    def decide(self, hand: RookHand, seed: int, times: list[float]) -> A.Action:
        """rookGame's action for the seat to move, refereed: at a play its turn and legal cards must be ours."""
        seat = hand.to_move
        state = peer_state(hand, seat)
        if hand.phase == "bid":
            amount = self.ask({"op": "bid", "state": state, "seat": seat})["bid"]
            return A.PASS_ACTION if amount == 0 else A.bid(amount)
        if hand.phase == "nest":
            reply = self.ask({"op": "kitty", "state": state, "seat": seat})
            self.trump = reply["trump"]
            return A.make(A.DISCARD, C.mask_of(our_card(i) for i in reply["discards"]))
        if hand.phase == "trump":
            return A.trump(COLOUR_INDEX.index(COLOURS.index(self.trump)))
        reply = self.ask({"op": "play", "state": state, "seat": seat, "seed": seed})
        legal = C.mask_of(our_card(i) for i in reply["legal"])
        if reply["turn"] != seat or legal != hand.legal_mask():
            raise RuntimeError(f"rookGame and the engine disagree: its turn {reply['turn']}, ours {seat}; its legal "
                               f"{hand.rules.cards_text(legal)}, ours {hand.rules.cards_text(hand.legal_mask())}")
        times.append(reply["ms"] / 1000)
        return our_card(reply["card"])

    def kitty_rule_kept(self, hand: RookHand, discards: C.CardSet) -> bool:
        """Whether the declarer's discards keep rookGame's kitty rule (the hand as it was with the nest taken)."""
        rules = hand.rules
        held = hand.held[hand.declarer] | discards
        return bool(self.ask({"op": "check-kitty", "hand": [peer_card(c, rules) for c in C.cards_in(held)],
                         "discards": [peer_card(c, rules) for c in C.cards_in(discards)],
                         "trump": peer_trump(hand.trump)})["valid"])

    def close(self) -> None:
        assert self.process.stdin is not None  # opened as a pipe
        self.process.stdin.close()
        self.process.wait(10)


_peer: RookGamePeer | None = None


def _start_peer(root: str) -> None:
    global _peer
    _peer = RookGamePeer(root)


def _deal(args: tuple[int, str, float, str]) -> dict[str, Any]:
    """One deal played twice, our side in seats 0 and 2 then in 1 and 3."""
    number, mode, budget, settings = args
    table_rules = rules()
    out: dict[str, Any] = {"diff": [], "ours_made": [], "theirs_made": [], "ours_times": [], "theirs_times": [],
                           "sweeps": 0, "kitty_broken": 0}
    assert _peer is not None  # started in this process (_start_peer)
    contract: list[A.Action] | None = None
    for ours_first in (True, False):
        hand = Hand.deal(table_rules, seed=f"rookgame:{number}", dealer=number % 4, number=number)
        assert isinstance(hand, RookHand)
        our_seats = {0, 2} if ours_first else {1, 3}
        hard = {s: make(f"hard:{settings}" if settings else "hard", number * 10 + s, budget) for s in our_seats}
        replay = list(contract) if contract is not None else None
        decisions = 0
        while not hand.is_done:
            seat = hand.to_move
            if hand.phase != "play" and replay is not None:
                action = replay.pop(0)
            elif seat in our_seats and hand.phase == "nest" and mode == "kitty":
                action = kitty_nest(hand)
            elif seat in our_seats and (hand.phase == "play" or mode != "play"):
                started = time.perf_counter()
                action = hard[seat].decide(hand)
                if hand.phase == "play":
                    out["ours_times"].append(time.perf_counter() - started)
            else:
                action = _peer.decide(hand, number * 1000 + decisions, out["theirs_times"])
            if hand.phase == "nest" and seat in our_seats and mode != "play":
                nest = A.payload_of(action)
                hand.push(action)
                hand.push(hard[seat].decide(hand))  # trump, then check the discards against rookGame's kitty rule
                out["kitty_broken"] += not _peer.kitty_rule_kept(hand, nest)
                continue
            reason = hand.refusal(action)
            if reason is not None:
                raise RuntimeError(f"illegal {hand.action_text(action)} from seat {seat}: {reason}")
            hand.push(action)
            decisions += 1
        if mode == "play" and contract is None:
            contract = [a for a in hand.actions if A.kind_of(a) != A.PLAY]
        result = hand.final_result()
        ours, theirs = min(our_seats), min(set(range(4)) - our_seats)
        out["diff"].append(result.score_change[ours] - result.score_change[theirs])
        (out["ours_made"] if result.declarer in our_seats else out["theirs_made"]).append(result.made)
        out["sweeps"] += max(result.side_points(0), result.side_points(1)) == SWEEP
    return out


def kitty_nest(hand: RookHand) -> A.Action:
    """Hard's discards kept to rookGame's kitty rule: the first cards of its own order of laying back (Normal's,
    ``nest_ranking``) that are no counters. With fewer non-counters than the nest (the rule would want trump
    counters), Hard's own discards, which the table then counts as breaking the rule."""
    seen = hand.seen_by(hand.to_move)
    ranking = RulePlayer(counting=True).nest_ranking(seen)
    plain = [card for card in ranking if not hand.rules.card_points[card]]
    size = hand.rules.nest_size
    return A.make(A.DISCARD, C.mask_of(plain[:size] if len(plain) >= size else ranking[:size]))


def match(mode: str, deals: int, budget: float, settings: str, processes: int, root: str) -> str:
    started = time.perf_counter()
    with multiprocessing.Pool(processes, initializer=_start_peer, initargs=(root,)) as pool:
        results = pool.map(_deal, [(n, mode, budget, settings) for n in range(deals)], chunksize=1)
    diff, ci = interval([statistics.mean(r["diff"]) for r in results])
    ours_made = [m for r in results for m in r["ours_made"]]
    theirs_made = [m for r in results for m in r["theirs_made"]]
    ours_t = [t for r in results for t in r["ours_times"]]
    theirs_t = [t for r in results for t in r["theirs_times"]]

    def made(values: list[bool]) -> str:
        return f"{100 * sum(values) / len(values):.0f}% of {len(values)}" if values else "-"

    return (f"| {mode} | {settings or 'default'} | {deals * 2} | {diff:+.1f} ± {ci:.1f} | {made(ours_made)} "
            f"| {made(theirs_made)} "
            f"| {statistics.mean(ours_t) * 1e3:.0f} / {max(ours_t) * 1e3:.0f} ms "
            f"| {statistics.mean(theirs_t) * 1e3:.0f} / {max(theirs_t) * 1e3:.0f} ms "
            f"| {sum(r['sweeps'] for r in results)} | {sum(r['kitty_broken'] for r in results)} "
            f"| {time.perf_counter() - started:.0f} s |")


def run(deals: int, budget: float, settings: str, processes: int, modes: list[str]) -> int:
    root = peer_dir()
    if root is None:
        print("rookgame: skipped: set TRICKHOUSE_ROOKGAME_DIR to a checkout of marvj69/rookGame at "
              f"{PINNED_COMMIT[:12]} (and put node on PATH); see bench/rookgame.py")
        return 0
    print(f"Hard against rookGame (live-challenger-v6), rook-500 with rookGame's house rules, {processes} processes, "
          f"Hard's budget {budget:g} s\n")
    print("| match | Hard's settings | hands | Hard's side minus rookGame's, points / hand | Hard's contracts made "
          "| rookGame's contracts made | Hard per card, mean / worst | rookGame per card, mean / worst | sweeps "
          "(rookGame: 360) | Hard's nests breaking rookGame's kitty rule | wall time |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for mode in modes:
        print(match(mode, deals, budget, settings, processes, root), flush=True)
    return 0
