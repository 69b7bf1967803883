"""Soak: every preset plays complete hands between computer players of all levels, and the engine's invariants are
checked after every action (issue 8, "Soak").

Play goes through the public engine surface only: ``Match(rules, seed)``, the computer's choice as action text
(``game.ai.choose``), ``hand.apply(text)``, ``match.next_hand()``, and a new match when one is over. After each
action the checker looks at what any caller can see (``piles``, ``to_move``, ``legal_ids``, ``view``) and at the
end of each hand at its points and its record. One preset is one task, so two processes keep both cores busy.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai import choose, make_player
from game.engine import Hand, Match, Rules, load_rules, preset_names
from game.engine import cards as C
from game.engine.hearts import HEARTS_MASK, QS_BIT, QUEEN_OF, HeartsHand
from game.engine.rook import RookHand

# Hard searches, so it is slow: a share of the seats with a small budget keeps it in every preset's mix
LEVEL_WEIGHTS = {"easy": 45, "normal": 50, "hard": 5}
HARD_BUDGET = 0.02
EXAMPLES_KEPT = 5  # failure messages kept per preset (the count is exact; the table shows the first)


class Broken(Exception):
    """An engine invariant that does not hold."""


@dataclass
class Tally:
    preset: str
    hands: int = 0
    actions: int = 0
    checks: int = 0
    failures: int = 0
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0


class Checker:
    """The invariants of one preset's hands; ``ok`` counts every check made."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.checks = 0
        self.card_of = {rules.card_name(card): card for card in rules.deck_cards}
        self.points_of = rules.card_points
        self.rng = random.Random(rules.name)

    def ok(self, condition: bool, what: str) -> None:
        self.checks += 1
        if not condition:
            raise Broken(what)

    # --- after every action ---

    def state(self, hand: Hand) -> None:
        rules = self.rules
        seen = 0
        for name, mask in hand.piles().items():
            self.ok(not seen & mask, f"pile {name} holds {rules.cards_text(seen & mask)}, already in another pile")
            seen |= mask
        self.ok(seen == rules.deck_mask, f"the piles miss {rules.cards_text(rules.deck_mask & ~seen)}")
        legal = hand.legal_ids()
        if hand.is_done:
            self.ok(hand.to_move == -1 and not legal, "a finished hand still has a seat to move or legal actions")
        else:
            self.ok(0 <= hand.to_move < rules.players, f"to_move {hand.to_move} is not a seat")
            self.ok(bool(legal), f"no legal action in phase {hand.phase}")
        self.hand_sizes(hand)
        for seat in range(rules.players):
            self.view(hand, seat)
        if not hand.is_done:
            # what the computer players search: a world the seat to move cannot tell from the real hand
            seat = hand.to_move
            self.ok(hand.resample(seat, self.rng).view(seat) == hand.view(seat),
                    f"seat {seat} can tell a resampled hand from the real one")

    def hand_sizes(self, hand: Hand) -> None:
        rules = self.rules
        sizes = [mask.bit_count() for mask in hand.held]
        if hand.phase == "play":
            # every hand holds as many cards as the others, less one for each seat that has played to this trick
            in_trick = set(hand.seats_clockwise_from(hand.leader)[:len(hand.trick)]) if hand.trick else set()
            before = {sizes[s] + (s in in_trick) for s in range(hand.n)}
            self.ok(len(before) == 1, f"hand sizes {sizes} with {len(hand.trick)} cards on the trick")
            return
        if hand.is_done:
            # a hand thrown in after all passed ends with the cards still in hand (decision 5)
            self.ok(hand.final_result().thrown_in or not any(sizes), f"cards left in hand at the end: {sizes}")
            return
        for seat in range(hand.n):
            expected = rules.hand_size
            if hand.phase == "moon":
                expected = 0  # every trick is played; the shooter chooses the reward
            elif isinstance(hand, HeartsHand):
                if hand.phase == "choose" and hand.face_down[seat]:
                    expected = 0  # 2 players: still face down, not chosen yet (decision 19)
                elif hand.chosen[seat]:
                    expected -= rules.pass_count
            elif hand.phase == "lay-aside" and seat == hand.turn:
                expected += 1  # the extra card of Original 3-player (decision 14)
            elif isinstance(hand, RookHand) and hand.phase == "nest" and seat == hand.declarer:
                expected += rules.nest_size
            self.ok(sizes[seat] == expected, f"seat {seat} holds {sizes[seat]} cards in phase {hand.phase}, "
                                             f"not {expected}")

    def hidden_from(self, hand: Hand, seat: int) -> C.CardSet:
        """The cards ``seat`` may not see: the other hands (less what lies face up or the seat passed itself),
        face-down hands, the nest and cards laid aside or out of play."""
        hidden = 0
        for other in range(hand.n):
            if other != seat:
                hidden |= hand.held[other]
        if isinstance(hand, HeartsHand):
            for other in range(hand.n):
                if other != seat:
                    hidden |= hand.chosen[other]
            if hand.two_player:
                hidden |= hand.face_down[0] | hand.face_down[1] | hand.later[0] | hand.later[1]
            return hidden & ~hand.passed[seat]
        assert isinstance(hand, RookHand)  # the other family
        hidden |= hand.aside
        if not hand.is_done or hand.thrown_in:
            hidden |= hand.nest  # shown to everyone once the hand is over, unless it was thrown in (decision 5)
        if seat != hand.declarer:
            hidden |= hand.discards
        if seat != hand.next_seat(hand.dealer):
            hidden |= hand.laid_aside
        return hidden & ~hand.public_cards()

    def view(self, hand: Hand, seat: int) -> None:
        view = hand.view(seat)
        names = self.rules.card_names
        self.ok(list(view.hand) == names(hand.held[seat]), f"seat {seat}'s view shows another hand")
        self.ok(view.to_move == hand.to_move and list(view.hand_sizes) == [m.bit_count() for m in hand.held],
                f"seat {seat}'s view disagrees with the hand on whose turn it is or the hand sizes")
        self.ok(not view.legal or seat == hand.to_move, f"seat {seat}'s view lists actions out of turn")
        self.ok(len(view.tricks) == len(hand.tricks), f"seat {seat}'s view shows {len(view.tricks)} tricks")
        # what the protocol carries is scanned: "legal" may list every card (a call); "called" names the called
        # card for everyone, not who holds it (decision 13); earlier tricks were scanned when they were the latest,
        # which keeps this linear
        carried = view.to_json()
        scanned = {k: v for k, v in carried.items() if k not in ("legal", "called", "tricks")}
        scanned["tricks"] = carried["tricks"][-1:]
        shown, odd = self.cards_named(scanned)
        self.ok(not odd, f"seat {seat}'s view holds a value JSON cannot: {odd!r}")
        leak = shown & self.hidden_from(hand, seat)
        self.ok(not leak, f"seat {seat}'s view shows hidden cards {self.rules.cards_text(leak)}")

    def cards_named(self, value: object) -> tuple[C.CardSet, list[object]]:
        """Every card named anywhere in a view, and any value in it that is not plain JSON."""
        mask, odd, stack = 0, list[object](), [value]
        card_of = self.card_of
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                if item in card_of:  # most strings in a view are one card's name
                    mask |= 1 << card_of[item]
                    continue
                for word in item.split():
                    card = card_of.get(word)
                    if card is not None:
                        mask |= 1 << card
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                odd.extend(k for k in item if not isinstance(k, str))
                stack.extend(item.values())
            elif item is not None and not isinstance(item, (bool, int, float)):
                odd.append(item)
        return mask, odd

    # --- at the end of a hand ---

    def finished(self, hand: Hand) -> None:
        record = hand.record()
        replay = Hand.from_record(record)
        self.ok(replay.record() == record and replay.is_done, "the hand's record does not replay to the same hand")
        self.ok(replay.points() == hand.points() and replay.score_delta() == hand.score_delta(),
                "the replayed hand scores differently")
        self.ok(len(hand.score_delta()) == self.rules.players, "a score change per player")
        if hand.final_result().thrown_in:
            self.ok(not hand.tricks and not any(hand.points()), "a hand thrown in has no tricks and no points")
            return
        halves = 2 if isinstance(hand, HeartsHand) and hand.two_player else 1
        tricks = hand.tricks
        self.ok(len(tricks) == self.rules.hand_size * halves and all(len(t[1]) == hand.n for t in tricks),
                f"{len(tricks)} tricks played; every hand is played out, one card a seat a trick")
        if isinstance(hand, HeartsHand):
            self.ok(sum(hand.points()) == self.hearts_total(hand), f"points {hand.points()} do not add up to the "
                                                                   f"deck's {self.hearts_total(hand)}")
        else:
            assert isinstance(hand, RookHand)  # the engine's two families
            self.rook_points(hand)

    def hearts_total(self, hand: HeartsHand) -> int:
        """The penalty points in the deck, worked out from the deck rather than per seat (book 002, decision 18):
        a point a heart and 13 for the Queen of spades (26 when royal); the royal Queen of hearts doubles the hearts
        of whoever takes it, the royal Queen of clubs cancels the Queen of spades if one seat takes both, and the
        royal Queen of diamonds is worth -10."""
        deck, royal = self.rules.deck_mask, self.rules.royal_queens
        hearts = (deck & HEARTS_MASK).bit_count()
        queen_of_spades = (26 if "QS" in royal else 13) if deck & QS_BIT else 0
        total = hearts + queen_of_spades

        def taker(queen: str) -> C.CardSet:
            return next((t for t in hand.taken if t >> QUEEN_OF[queen] & 1), 0)

        if "QH" in royal:
            total += (taker("QH") & HEARTS_MASK).bit_count()
        if "QC" in royal and taker("QC") & QS_BIT:
            total -= queen_of_spades
        if "QD" in royal and deck >> QUEEN_OF["QD"] & 1:
            total -= 10
        return total

    def rook_points(self, hand: RookHand) -> None:
        """Every card in play is taken by someone; the counters of the deck add up, less the cards out of play
        (the cards aside, and a nest nobody scores, decisions 4 and 22)."""
        rules = self.rules
        taken = 0
        for mask in hand.taken:
            self.ok(not taken & mask, "a card taken twice")
            taken |= mask
        out = hand.aside | hand.nest | hand.discards
        self.ok(taken | out == rules.deck_mask, f"{rules.cards_text(rules.deck_mask & ~(taken | out))} not taken")
        self.ok(not (hand.nest | hand.discards) or rules.nest_to == "nobody", "the nest was not scored")
        out_points = sum(self.points_of[c] for c in C.cards_in(out))
        self.ok(sum(hand.points()) == rules.points_in_deck - out_points,
                f"points {hand.points()} do not add up to the deck's {rules.points_in_deck} less {out_points} "
                f"out of play")

    def match_over(self, match: Match) -> None:
        data = match.to_json()
        self.ok(Match.from_json(data).to_json() == data, "the match does not restore from its saved form")
        self.ok(bool(match.winners), "a match over has winners")


def seat_levels(rng: random.Random, seats: int) -> list[str]:
    return rng.choices(list(LEVEL_WEIGHTS), weights=list(LEVEL_WEIGHTS.values()), k=seats)


def soak_preset(task: tuple[str, int, int]) -> Tally:
    """Play ``hands`` complete hands of one preset, checking after every action; a failure is counted and the
    match given up (a new one starts), so one bug does not hide the others."""
    preset, hands, seed = task
    rules = load_rules(preset)
    tally = Tally(preset)
    checker = Checker(rules)
    rng = random.Random(f"{seed}:{preset}")
    started = time.perf_counter()
    matches = 0
    while tally.hands < hands:
        match = Match(rules, seed=f"{seed}:{preset}:{matches}")
        matches += 1
        levels = seat_levels(rng, rules.players)
        players = [make_player(level, seed=rng.randrange(2**31), budget=HARD_BUDGET) for level in levels]
        where = f"{preset} match {match.seed} ({'/'.join(levels)})"
        try:
            while tally.hands < hands:
                hand = match.hand
                checker.state(hand)
                while not hand.is_done:
                    text = choose(players[hand.to_move], hand)
                    checker.ok(hand.check(text) is None, f"the computer chose an illegal {text!r}")
                    hand.apply(text)
                    tally.actions += 1
                    checker.state(hand)
                checker.finished(hand)
                tally.hands += 1
                if match.is_over:
                    checker.match_over(match)
                    break
                match.next_hand()
        except Exception as err:  # any exception is a failure to count and show, never the end of the soak
            tally.failures += 1
            tally.hands += 1  # the hand that failed counts, so a broken preset still ends
            if len(tally.examples) < EXAMPLES_KEPT:
                hand = match.hand
                tally.examples.append(f"{where}, hand {hand.number}, action {len(hand.actions)}: "
                                      f"{type(err).__name__}: {err}")
    tally.checks = checker.checks
    tally.seconds = time.perf_counter() - started
    return tally


def soak(hands_per_preset: int, seed: int, presets: list[str] | None = None, processes: int = 2,
         report: Callable[[str], object] = print) -> list[Tally]:
    """Every preset's tally, in preset order; ``report`` gets each table row as it is done."""
    tasks = [(name, hands_per_preset, seed) for name in presets or preset_names()]
    tallies = []
    with multiprocessing.Pool(processes) as pool:
        for tally in pool.imap(soak_preset, tasks):
            tallies.append(tally)
            report(row(tally))
    return tallies


def row(tally: Tally) -> str:
    return (f"| {tally.preset} | {tally.hands:,} | {tally.actions:,} | {tally.checks:,} | {tally.failures} "
            f"| {tally.seconds:.0f} |")


def run(hands_per_preset: int, seed: int) -> int:
    started = time.perf_counter()
    print(f"Soak: {hands_per_preset:,} complete hands per preset, seed {seed}, computer seats "
          f"{', '.join(f'{level} {w}%' for level, w in LEVEL_WEIGHTS.items())} (Hard budget {HARD_BUDGET:g} s), "
          f"invariants checked after every action, 2 processes\n")
    print("| preset | hands | actions | invariant checks | failures | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    tallies = soak(hands_per_preset, seed, report=lambda line: print(line, flush=True))
    total = Tally("**all**", *(sum(getattr(t, name) for t in tallies)
                               for name in ("hands", "actions", "checks", "failures")))
    total.seconds = time.perf_counter() - started
    print(row(total) + "  (seconds: wall time)")
    for tally in tallies:
        for example in tally.examples:
            print(f"FAILED {example}")
    return 1 if total.failures else 0
