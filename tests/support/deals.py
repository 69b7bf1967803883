"""Hand-built deals for rule tests: name the cards that matter, the rest are dealt in a fixed order; and random
play, down to a whole match played to its end."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypedDict

from game.ai import make_player
from game.engine import Hand, Match, Rules, load_rules
from game.engine import actions as A
from game.engine import cards as C
from game.engine.claim import settled
from game.engine.hand import DealText, Pile
from game.engine.results import HandResult
from game.table.session import SeatPlan, Session


def build_deal(rules: Rules, hands: dict[int, str], nest: str = "", aside: str = "",
               void: dict[int, str] | None = None, dealer: int = 0, dummy_up: str = "") -> DealText:
    """A full deal where hand i starts with the cards in ``hands[i]`` (space-separated) and every other card
    of the deck fills the hands, the nest and the aside in ascending card order. ``void`` names suits
    (letters, e.g. ``{2: "CH"}``) that the filler must not give a hand. The nest is listed top card first, in the
    order given; with a dummy, ``dummy_up`` names its face-up half (default: its first cards)."""
    void = void or {}
    letters = C.SUIT_LETTERS[rules.deck]
    fixed = [rules.parse_cards(hands.get(i, "")) for i in range(rules.hands_to_deal)]
    piles: dict[Pile, tuple[C.CardSet, int]] = {"nest": (rules.parse_cards(nest), rules.nest_size),
                                                "aside": (rules.parse_cards(aside), rules.aside)}
    used = 0
    for mask in fixed + [mask for mask, _ in piles.values()]:
        assert not used & mask, "a card is named twice"
        used |= mask
    spare = C.card_list(rules.deck_mask & ~used)
    filled = [0] * len(fixed)
    for i in sorted(range(len(fixed)), key=lambda i: i not in void):  # hands with voids choose first
        mask = fixed[i]
        extra = rules.extra_card and i == (dealer + 1) % rules.players  # Original 3-player: one more card
        need = rules.hand_size + extra - mask.bit_count()
        assert need >= 0, "too many cards named for one hand"
        allowed = [c for c in spare if c == C.BIRD or letters[C.suit_of(c)] not in void.get(i, "")]
        assert len(allowed) >= need, f"cannot fill hand {i} without its void suits"
        mask |= C.mask_of(allowed[:need])
        spare = [c for c in spare if not mask >> c & 1]
        filled[i] = mask
    deal = DealText(hands=[rules.card_names(mask) for mask in filled])
    for pile, (mask, size) in piles.items():
        if size:
            need = size - mask.bit_count()
            named = (nest if pile == "nest" else aside).split()
            deal[pile] = named + rules.card_names(C.mask_of(spare[:need]))
            spare = spare[need:]
    assert not spare
    if rules.dummy:
        deal["dummy_up"] = dummy_up.split() or deal["hands"][2][: rules.hand_size // 2]
    return deal


def hand_with(preset_or_rules: str | Rules, hands: dict[int, str], dealer: int = 0, number: int = 0,
              scores: list[int] | None = None, nest: str = "", aside: str = "", void: dict[int, str] | None = None,
              dummy_up: str = "") -> Hand:
    """A hand of ``build_deal``'s deal (``nest``, ``aside``, ``void`` and ``dummy_up`` are its)."""
    rules = load_rules(preset_or_rules) if isinstance(preset_or_rules, str) else preset_or_rules
    deal = build_deal(rules, hands, nest, aside, void, dealer, dummy_up)
    return Hand.from_deal(rules, deal, dealer=dealer, number=number, scores=scores)


def result_of(hand: Hand) -> HandResult:
    """The hand's result (asserted: the hand is over)."""
    result = hand.result()
    assert result is not None, f"the hand is not over: it is at {hand.phase}"
    return result


def play_all(hand: Hand, actions: str) -> None:
    """Apply actions separated by commas, e.g. "play 2C, play 3C"."""
    for text in actions.split(","):
        hand.apply(text.strip())


def win_auction(hand: Hand, declarer: int, bid: int | None = None) -> None:
    """Everyone passes except ``declarer``, who bids ``bid`` (the minimum by default) once."""
    bid = bid or hand.rules.min_bid
    done = False
    while hand.phase == "bid":
        if hand.to_move == declarer and not done:
            hand.apply(f"bid {bid}")
            done = True
        else:
            hand.apply("pass")


def ready_to_play(hand: Hand, declarer: int, trump: str, bid: int | None = None, order: str | None = None,
                  call: str | None = None) -> Hand:
    """Auction to ``declarer``, who lays the nest back as dealt and names trump (and order, and a called card):
    the hand, ready for its first card."""
    win_auction(hand, declarer, bid)
    if hand.phase == "nest":
        hand.apply("discard " + " ".join(hand.rules.card_names(hand.extras["nest"])))
    hand.apply(f"trump {trump}")
    if hand.phase == "order":
        hand.apply(f"order {order or 'normal'}")
    if hand.phase == "call":
        hand.apply(f"call {call}")
    assert hand.phase == "play"
    return hand


def playout_action(hand: Hand, rng: random.Random) -> A.Action:
    """A random legal action, except that auctions bid modestly: with uniformly random bids most contracts are
    set, scores fall for ever and a match never reaches its target."""
    if hand.phase == "bid":
        legal = hand.legal_ids()  # pass first, then the bids from the lowest up
        return legal[0] if rng.random() < 0.8 or len(legal) == 1 else legal[1]
    return hand.random_action(rng)


def finished_session(seed: int, preset: str = "hearts-classic", target: int = 10) -> Session:
    """A short match (to ``target``) played to its end at random, seats named after the seed; seat 0 was a
    person."""
    rules = load_rules(preset).changed({"target": target})
    session = Session(Match(rules, seed=seed), [SeatPlan(f"S{seed}-{i}", i == 0) for i in range(rules.players)])
    rng = random.Random(seed)
    while not session.match.is_over:
        if session.hand.is_done:
            session.match.next_hand()
        while not session.hand.is_done:
            session.hand.push(playout_action(session.hand, rng))
    return session


def position_where(preset_or_rules: str | Rules, wanted: Callable[[Hand], object], seeds: Iterable[int] = range(300),
                   dealer: int = 0) -> Hand:
    """The first position of random legal play (``playout_action``, from each seed in turn) where ``wanted(hand)``
    holds: a moment to test (a person's dialog, a settled lead) found by the engine alone, the same every run, so
    no test waits on a computer player happening to choose it."""
    rules = load_rules(preset_or_rules) if isinstance(preset_or_rules, str) else preset_or_rules
    for seed in seeds:
        hand = Hand.deal(rules, seed=seed, dealer=dealer)
        rng = random.Random(seed)
        while not hand.is_done:
            if wanted(hand):
                return hand
            hand.push(playout_action(hand, rng))
        if wanted(hand):
            return hand
    raise AssertionError("no position of random play was the one wanted")


def table_session(hand: Hand, humans: int = 1, level: str = "easy", names: Sequence[str] | None = None) -> Session:
    """A match that starts at ``hand`` as it stands, the first ``humans`` seats people, the rest computers."""
    seats = [SeatPlan(names[i] if names else f"P{i}", i < humans, level) for i in range(hand.rules.players)]
    record = hand.record()
    match = Match.starting_with(Hand.from_record({**record, "actions": []}), seed=7)
    for action in record["actions"]:
        match.hand.apply(action)
    return Session(match, seats)


def audit_position(player_leads: bool) -> Hand:
    """The audit's hand of Classic partnership Rook, built card by card, with 3 tricks left: Black is trump (85 bid
    by the seat holding the trumps), and the seat on lead, You (``player_leads``) or West, holds three yellows
    (Y5 Y10 Y13), which the other of the two trumps trick after trick with B8 B10 B13: North can follow yellow only
    once and East has neither yellow nor trump. The first six tricks all go to the seat that leads the rest."""
    lead, trumps = (0, 1) if player_leads else (1, 0)
    hands = {lead: "G14 G13 R14 Y14 B14 ROOK Y5 Y10 Y13", trumps: "G7 G11 R7 Y8 B7 B12 B8 B10 B13",
             2: "G5 G9 R5 Y6 B5 B9 G8 R12 Y11", 3: "G6 G10 R6 Y7 B6 B11 R10 R11 R13"}
    hand = ready_to_play(hand_with("rook-classic", hands, dealer=1, nest="G12 R8 R9 Y9 Y12"), trumps, "black", 85)
    played = {seat: cards.split()[:6] for seat, cards in hands.items()}  # in the order of the tricks
    while len(hand.tricks) < 6:
        hand.apply(f"play {played[hand.to_move].pop(0)}")
    assert hand.to_move == lead and not hand.trick and settled(hand)
    return hand


AUDIT_NAMES = ["You", "West", "North", "East"]  # the seats' names in the audit

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def normal_hand(preset: str, seed: int = 1) -> Hand:
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=f"review:{seed}", dealer=seed % rules.players, number=seed)
    normal = make_player("normal")
    while not hand.is_done:
        hand.push(normal.decide(hand))
    return hand


def first_hand_over(preset: str = "hearts-classic",
                    names: tuple[str, ...] = ("You", "West", "North", "East")) -> Session:
    """A match whose first hand is over (played at random; seat 0 is the person)."""
    rules = load_rules(preset)
    session = Session(Match(rules, seed=4), [SeatPlan(name, i == 0) for i, name in enumerate(names)])
    rng = random.Random(4)
    hand = session.match.hand
    while not hand.is_done:
        hand.push(hand.random_action(rng))
    return session


def random_positions(preset: str, seed: int) -> Iterator[Hand]:
    """Every position of one hand of random legal play."""
    hand = Hand.deal(load_rules(preset), seed=seed)
    rng = random.Random(seed)
    while True:
        yield hand
        if hand.is_done:
            return
        hand.push(playout_action(hand, rng))


# the Rook book's worked example (000 BEGINNER GAMEPLAY EXAMPLE): tests/test_rook.py plays it, tests/test_lessons.py
# checks the lesson's deal against it
class Example(TypedDict):
    hands: list[str]  # each seat's cards
    nest: str
    tricks: list[str]  # each trick's cards in play order


BEGINNER_EXAMPLE: Example = {
    # Christen deals (seat 0); John 1, Lindsay 2, Rob 3. Hands reconstructed from the book's nine tricks.
    "hands": [
        "Y12 R13 R9 G6 B7 B12 G12 B9 G10",   # Christen
        "Y8 R8 R11 G14 R5 B5 Y9 Y10 G5",     # John
        "Y6 R6 R10 G11 B6 B14 Y7 B11 B13",   # Lindsay
        "Y14 R7 B10 G13 G9 ROOK Y13 Y5 Y11",  # Rob
    ],
    "nest": "B8 R12 R14 G7 G8",
    "tricks": [
        "Y8 Y6 Y14 Y12", "R7 R13 R8 R6", "R9 R11 R10 B10", "G13 G6 G14 G11", "R5 B6 G9 B7", "B12 B5 B14 ROOK",
        "Y13 G12 Y9 Y7", "Y5 B9 Y10 B11", "B13 Y11 G10 G5",
    ],
}
