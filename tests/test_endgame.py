"""The exact ending (game/ai/endgame.py) and Hard's use of it: alpha-beta with its table and its pruning of
equivalent cards gives exactly what plain minimax over every legal play gives, it is offered only where two sides
play, and too big an ending is left to the play-outs."""

from __future__ import annotations

import random

import pytest

from game.ai.endgame import Endgame, two_sided
from game.ai.rules_play import RulePlayer
from game.ai.search import SearchPlayer, distinct_plays
from game.engine import Hand, load_rules
from game.engine import actions as A
from game.engine import cards as C
from game.engine.results import HandResult
from game.engine.rook import RookHand
from tests.support.deals import position_where
from tests.support.kinds import of_kind

NORMAL = RulePlayer(counting=True)


def near_the_end(preset: str, seed: int, left: int) -> Hand:
    """A deal played by the Normal rules until no hand holds more than ``left`` cards, then on to a random place in
    that trick (its lead, or after some of its cards)."""
    hand = Hand.deal(load_rules(preset), seed=f"endgame:{seed}")
    while hand.phase != "play" or max(hand.hand_sizes()) > left:
        hand.push(NORMAL.play_in(hand))
    for _ in range(random.Random(seed).randrange(hand.n)):
        hand.push(NORMAL.play_in(hand))
    return hand


def minimax(position: Hand, seat: int, mine: frozenset[int]) -> float:
    """Every legal play tried, no table, no pruning: the value the search must find."""
    if position.phase != "play":
        return position.final_result().margin(seat)
    values = []
    for card in C.cards_in(position.legal_mask()):
        child = position.copy()
        child.push(card)
        values.append(minimax(child, seat, mine))
    return max(values) if position.turn in mine else min(values)


@pytest.mark.parametrize("preset", ["rook-classic", "rook-500", "rook-3p"])
def test_the_exact_ending_is_what_minimax_over_every_play_gives(preset: str) -> None:
    checked = 0
    for seed in range(12):
        hand = near_the_end(preset, seed, 3)
        seat = hand.to_move
        if not two_sided(hand, seat):
            continue
        found = Endgame(hand, seat, node_limit=10**6).values(hand, hand.legal_ids())
        assert found is not None
        for card, value in found.items():
            child = hand.copy()
            child.push(card)
            assert value == minimax(child, seat, hand.side_of(seat)), (seed, hand.action_text(card))
            checked += 1
    assert checked >= 12, "enough endings were two-sided to check"


def test_the_exact_ending_is_only_for_two_sides_and_gives_up_when_too_big() -> None:
    """Hearts (every player alone) is not two-sided; rook-classic partners are. A search past its limit answers
    None, and Hard then decides by its play-outs, legally."""
    hearts = Hand.deal(load_rules("hearts-classic"), seed=1)
    while hearts.phase != "play":
        hearts.push(NORMAL.play_in(hearts))
    assert not two_sided(hearts, hearts.to_move)
    rook = next(hand for seed in range(20) if len((hand := near_the_end("rook-classic", seed, 3)).legal_ids()) > 1)
    assert two_sided(rook, rook.to_move)
    assert Endgame(rook, rook.to_move, node_limit=5).values(rook, rook.legal_ids()) is None
    player = SearchPlayer(seed=1, exact_nodes=8)
    assert player._exact(rook, rook.legal_ids(), deadline=float("inf")) is None
    assert SearchPlayer(seed=1)._exact(rook, rook.legal_ids(), deadline=float("inf")) in rook.legal_ids()
    assert rook.refusal(player.decide(rook)) is None


def test_two_player_hearts_is_searched_exactly_only_where_the_hand_ends_in_trick_play() -> None:
    """The reader's finding: 2-player Hearts is two-sided, but its first half ends in a trade and a moon ends in a
    choice; the search raised ValueError there. Such an ending is too big (None) and Hard decides by its
    play-outs; where the hand does end in the tricks, the values are plain minimax's."""
    rules = load_rules("hearts-2p")
    checked = given_up = 0
    for seed in range(12):
        hand = Hand.deal(rules, seed=f"two:{seed}")
        rng = random.Random(seed)
        while not hand.is_done:
            if hand.phase == "play" and max(hand.hand_sizes()) <= 3 and len(hand.legal_ids()) > 1:
                seat = hand.to_move
                assert two_sided(hand, seat)
                found = Endgame(hand, seat, node_limit=10**6).values(hand, hand.legal_ids())
                if found is None:
                    given_up += 1
                    if given_up <= 3:  # a few: each is a whole search
                        assert hand.refusal(SearchPlayer(seed=seed).decide(hand)) is None  # it raised here
                else:
                    for card, value in found.items():
                        child = hand.copy()
                        child.push(card)
                        assert value == minimax(child, seat, frozenset((seat,)))  # two players, each alone
                    checked += 1
            hand.push(NORMAL.play_in(hand) if rng.random() < 0.8 else hand.random_action(rng))
    assert checked and given_up, (checked, given_up)


def test_hard_with_no_time_left_plays_normals_choice_not_the_lowest_card() -> None:
    """The reader's finding: with the deadline passed during the first world, every total was 0 and the tie went to
    the lowest card. With no world whole, Normal's choice stands."""
    for seed in range(6):
        hand = Hand.deal(load_rules("rook-classic"), seed=f"late:{seed}")
        while hand.phase != "play" or len(hand.legal_ids()) < 3:
            hand.push(NORMAL.play_in(hand))
        assert SearchPlayer(seed=seed, budget=1e-9).decide(hand) == NORMAL.decide(hand)


@pytest.mark.parametrize("preset", ["rook-classic", "rook-500"])
def test_hard_with_the_exact_ending_decides_legally_and_the_same_way_twice(preset: str) -> None:
    for seed in range(4):
        hand = near_the_end(preset, seed, 3)
        if len(hand.legal_ids()) < 2:
            continue
        player = SearchPlayer(seed=seed, exact_nodes=12000, budget=60)
        seen = hand.seen_by(hand.to_move)
        chosen = player._exact(seen, distinct_plays(seen), deadline=float("inf"))
        assert chosen in hand.legal_ids()
        assert SearchPlayer(seed=seed, exact_nodes=12000, budget=60).decide(hand) == chosen


def test_the_endgame_benchmark_values_each_choice_against_the_real_deals_best() -> None:
    """``python -m bench endgame``: at a position near the end, what each of Hard's two ways gives up is the
    real deal's best value less its choice's (here by plain minimax), and each decision is timed."""
    from bench.endgame import _measure, position

    number = next(n for n in range(20) if position("rook-classic", n, 3) is not None)
    hand = position("rook-classic", number, 3)
    assert hand is not None and max(hand.hand_sizes()) <= 3 and len(hand.legal_ids()) >= 2
    seat = hand.to_move
    truth = {}
    for card in hand.legal_ids():
        child = hand.copy()
        child.push(card)
        truth[card] = minimax(child, seat, hand.side_of(seat))
    given_up = []
    for exact_nodes in (0, 12000):  # the play-outs, then the exact ending
        choice = SearchPlayer(seed=number, budget=60.0, exact_nodes=exact_nodes).decide(hand)
        given_up.append(max(truth.values()) - truth[choice])
    row = _measure(("rook-classic", number, 3, 60.0))
    assert row is not None and list(row[:2]) == given_up and min(row[2:]) > 0



@pytest.mark.parametrize("preset, held, distinct", [
    # following clubs: 3C and 4C take the same tricks whichever is played (the 2 is on the table), and so do 6C and
    # 7C, but the 5 and the 8 are still out between the runs, so three cards are played out
    ("hearts-classic", "3C 4C 6C 7C TC 2D 3D 4D 5D 6D 7D 8D 9D", "4C 7C TC"),
    # void in clubs: the diamonds are alike, and so are 2S-4S and 8S-JS (the 5, 6 and 7 are out between), and so
    # are the hearts, each worth a point (the engine's card values); the Queen of spades, worth 13, stays apart
    ("hearts-classic", "2D 3D 2H 3H 4H 8S 9S TS JS QS 2S 3S 4S", "3D 4H 4S JS QS"),
    # Royal Hearts (decision 18): the Queen of hearts counts 2 and doubles her taker's hearts, so she stays apart
    # from the hearts beside her, and the Queen of diamonds (-10) from the diamonds beside her
    ("hearts-royal", "2D 3D JD QD KD JH QH KH 9S TS JS QS 2S", "3D JD QD KD JH QH KH 2S JS QS"),
])
def test_hard_plays_out_one_card_of_each_run_of_equivalent_cards(monkeypatch: pytest.MonkeyPatch, preset: str,
                                                                 held: str, distinct: str) -> None:
    from tests.support.deals import build_deal

    rules = load_rules(preset).changed({"pass_cycle": ["hold"]}, "the test")
    hand = Hand.from_deal(rules, build_deal(rules, {0: held, 1: "5C 8C", 3: "2C"}))
    hand.apply("play 2C")  # seat 3 holds the 2 of clubs and leads it; seat 0 plays next
    assert hand.to_move == 0
    assert rules.cards_text(C.mask_of(distinct_plays(hand.seen_by(0)))) == rules.cards_text(rules.parse_cards(
        distinct.split()))
    played_out: set[A.Action] = set()
    real_play_out = SearchPlayer.play_out

    def play_out(self: SearchPlayer, world: Hand, action: A.Action) -> HandResult:
        played_out.add(action)
        return real_play_out(self, world, action)

    monkeypatch.setattr(SearchPlayer, "play_out", play_out)
    SearchPlayer(seed=1, budget=60, work=3000).decide(hand)
    assert played_out == set(distinct_plays(hand.seen_by(0)))


def test_the_called_card_and_a_bird_played_at_any_time_are_played_out_on_their_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md decision 13: the called card's play shows the secret partner, so no card beside it of the same
    worth stands in for it (the search would never try hiding the partnership); decision 1: a Rook Bird that may be
    played at any time leaves other choices than the trump beside it, so that trump is not merged into the Bird.
    ``Hand.telling_cards`` names them."""
    def kept_if_telling_nothing(hand: Hand) -> list[int]:
        with monkeypatch.context() as telling_nothing:
            telling_nothing.setattr(type(hand), "telling_cards", lambda _: 0)
            return distinct_plays(hand.seen_by(hand.to_move))

    def calling(h: Hand) -> bool:
        """The called card may be played, and would not be played out if it told nothing."""
        called = of_kind(RookHand, h).called
        return h.phase == "play" and called >= 0 and bool(h.legal_mask() >> called & 1) and \
            called not in kept_if_telling_nothing(h)

    hand = of_kind(RookHand, position_where("rook-500-5p", calling))
    assert hand.telling_cards() >> hand.called & 1
    assert hand.called in distinct_plays(hand.seen_by(hand.to_move))

    def merged_into_the_bird(h: Hand) -> list[int]:
        """The trumps that would be played out only as the Bird: those between the Bird and the next card kept."""
        if h.phase != "play" or not h.legal_mask() >> C.BIRD & 1:
            return []
        kept = kept_if_telling_nothing(h)
        trumps = sorted((c for c in C.cards_in(h.legal_mask()) if h.suit_led_by[c] == h.suit_led_by[C.BIRD]),
                        key=h.strength.__getitem__, reverse=True)
        merged = []
        for card in trumps[trumps.index(C.BIRD) + 1:]:
            if card in kept:
                break
            merged.append(card)
        return merged

    worth_a_fourteen = load_rules("rook-classic").changed({"bird_points": 10}, "the test")
    hand = of_kind(RookHand, position_where(worth_a_fourteen, merged_into_the_bird))
    assert hand.telling_cards() == 1 << C.BIRD
    played_out = distinct_plays(hand.seen_by(hand.to_move))
    assert C.BIRD in played_out and merged_into_the_bird(hand)[0] in played_out
    assert Hand.deal(load_rules("hearts-classic"), seed=1).telling_cards() == 0
