"""What every preset satisfies at every moment of random legal play (OpenSpiel's generic random-simulation test,
python-chess's ``legal_moves``): cards are conserved, hand sizes are right, points add up as the rules say, records
replay exactly, views never show another seat's hidden cards and read back from their JSON as themselves; one
source of legality (``check``, ``apply``, ``refusal``, ``legal_actions`` and random playouts agree with the legal set
for every action, legal or not, house rules included); what a seat knows (a hand resampled for a seat shows it the
same view, the voids kept with a position are those its tricks show); the winner of a trick is the card no other
card of it beats; every action reports itself. The rules of one preset, on hand-built deals, are in that family's
module (test_rook, test_hearts, ...); here is what holds for all of them."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Event, Hand, IllegalAction, Match, load_rules, preset_names
from game.engine import actions as A
from game.engine import cards as C
from game.engine.hearts import HEARTS_MASK, QUEEN_OF, HeartsHand
from game.engine.refusals import REASONS
from game.engine.rook import RookHand
from game.engine.view import SeatView
from tests.support.deals import playout_action, random_positions
from tests.support.notation import notation_faults

PRESETS = preset_names()


def words_in(value: object) -> set[str]:
    """Every space-separated word of every string in a JSON-ready value."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, dict):
        return set().union(*(words_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(words_in(v) for v in value)) if value else set()
    return set()


def check_conservation(hand: Hand) -> None:
    seen = 0
    for name, mask in hand.piles().items():
        assert not seen & mask, f"{hand.rules.cards_text(seen & mask)} is in two piles (one is {name})"
        seen |= mask
    assert seen == hand.rules.deck_mask, "cards went missing or appeared"


def known_to(hand: Hand, seat: int) -> C.CardSet:
    """Cards of other seats that ``seat`` legitimately knows about: cards it passed them (Hearts), cards lying face
    up (the rook-2p dummy, Beginner's trump card)."""
    known: C.CardSet = getattr(hand, "passed", [0] * hand.n)[seat] | getattr(hand, "chosen", [0] * hand.n)[seat]
    if isinstance(hand, RookHand):
        known |= hand.public_cards()
        if hand.called >= 0:
            known |= 1 << hand.called  # the called card is announced; who holds it stays secret
    return known


def hidden_from(hand: Hand, seat: int) -> C.CardSet:
    """Cards ``seat`` must not see: other seats' hands, and in Rook the nest, the discards (but for the declarer),
    the cards set aside and another player's laid-aside card, until the hand is over."""
    hidden = 0
    for other in range(hand.n):
        if other != seat:
            hidden |= hand.held[other] | getattr(hand, "chosen", [0] * hand.n)[other]
            hidden |= getattr(hand, "later", [0] * hand.n)[other]
    if isinstance(hand, HeartsHand) and hand.two_player:
        hidden |= hand.later[seat] | hand.face_down[seat]  # one's own face-down second hand is unknown too
    if isinstance(hand, RookHand) and not hand.is_done:
        hidden |= hand.nest | hand.aside
        if seat != hand.declarer:
            hidden |= hand.discards
        if seat != hand.next_seat(hand.dealer):
            hidden |= hand.laid_aside
    return hidden & ~known_to(hand, seat)


def check_views_hide_hidden_cards(hand: Hand) -> None:
    for seat in range(hand.rules.players):
        view = hand.view(seat).to_json()  # every card the seat is shown, as the protocol carries it
        # the legal list may name any card of the deck (500's call): it is checked to be the engine's own list
        legal = view.pop("legal")
        choosing_cards = hand.phase in ("nest", "pass")  # their legal set is every combination: not listed
        assert legal == (hand.legal_actions() if hand.to_move == seat and not choosing_cards else [])
        leaked = words_in(view) & set(hand.rules.card_names(hidden_from(hand, seat)))
        assert not leaked, f"seat {seat} sees {leaked}"
        if isinstance(hand, RookHand) and hand.rules.sides == "called" and hand.partner >= 0:
            # decision 13: the secret partner is known to itself, and to all once the called card is played
            played = any(hand.called in cards for _, cards, _ in hand.tricks) or hand.called in hand.trick
            assert view["partner"] == (hand.partner if seat == hand.partner or played else -1)


def check_hand_sizes(hand: Hand) -> None:
    rules = hand.rules
    if isinstance(hand, HeartsHand) and hand.phase == "play" and not hand.trick:
        played = hand.tricks_in_sub_hand
        assert [m.bit_count() for m in hand.held] == [rules.hand_size - played] * hand.n
    if isinstance(hand, RookHand) and hand.phase == "play" and not hand.trick:
        assert [m.bit_count() for m in hand.held] == [rules.hand_size - len(hand.tricks)] * hand.n


def check_points_total(hand: Hand) -> None:
    rules = hand.rules
    points = hand.points()
    if isinstance(hand, RookHand) and hand.thrown_in:
        assert sum(points) == 0 and not hand.tricks
        return
    if isinstance(hand, RookHand):
        # every counter is captured except those left out of play: the cards aside, and a nest nobody takes
        out_of_play = hand.nest | hand.discards | hand.aside
        assert sum(points) + sum(rules.card_points[c] for c in C.cards_in(out_of_play)) == rules.points_in_deck
        assert not (hand.nest | hand.discards) or rules.nest_to == "nobody"
        return
    if not rules.royal_queens:
        assert sum(points) == 26
        return
    # Royal, every queen in play: 13 hearts, the QH taker's hearts again, QS 26 unless its taker has QC, QD -10
    assert set(rules.royal_queens) == {"QS", "QC", "QH", "QD"}
    owner = {name: next(s for s in range(hand.n) if hand.taken[s] >> card & 1) for name, card in QUEEN_OF.items()}
    expected = 13 + (hand.taken[owner["QH"]] & HEARTS_MASK).bit_count() - 10
    expected += 0 if owner["QS"] == owner["QC"] else 26
    assert sum(points) == expected


def check_refusals_agree_with_legal_actions(hand: Hand, rng: random.Random) -> None:
    legal = set(hand.legal_ids())
    if hand.phase == "play":
        for card in C.card_list(hand.rules.deck_mask):
            assert (hand.refusal(card) is None) == (card in legal)
    before = hand.record()
    wrong = rng.choice(C.card_list(hand.rules.deck_mask))
    if wrong not in legal:
        with pytest.raises(IllegalAction):
            hand.apply_id(wrong)
        assert hand.record() == before


def check_replay(hand: Hand) -> None:
    record = json.loads(json.dumps(hand.record()))
    twin = Hand.from_record(record)
    assert twin.record() == record
    assert twin.phase == hand.phase and twin.to_move == hand.to_move
    assert twin.points() == hand.points()
    assert [twin.view(s) for s in range(hand.n)] == [hand.view(s) for s in range(hand.n)]


def random_playout(preset: str, seed: int) -> Hand:
    rules = load_rules(preset)
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players, number=seed % 5)
    replay_at = rng.randrange(10, 40)
    steps = 0
    while not hand.is_done:
        check_conservation(hand)
        check_hand_sizes(hand)
        check_views_hide_hidden_cards(hand)
        check_refusals_agree_with_legal_actions(hand, rng)
        action = hand.random_action(rng)
        assert action in hand.legal_ids()
        hand.apply(hand.action_text(action))
        steps += 1
        if steps == replay_at:
            check_replay(hand)
    check_conservation(hand)
    check_points_total(hand)
    check_replay(hand)
    assert hand.legal_ids() == [] and hand.to_move == -1
    return hand


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_playouts_keep_every_invariant(preset: str, seed: int) -> None:
    random_playout(preset, seed)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_full_matches_through_the_public_surface(preset: str) -> None:
    rules = load_rules(preset)
    rng = random.Random(preset)
    match = Match(rules, seed=preset)
    while True:
        hand = match.hand
        while not hand.is_done:
            match.apply(hand.action_text(playout_action(hand, rng)))
        if match.is_over:
            break
        match.next_hand()
    assert match.winners
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.scores == match.scores and restored.winners == match.winners and restored.is_over


def probes(hand: Hand, rng: random.Random) -> list[A.Action]:
    """Actions worth asking about now, most of them illegal: every kind with payloads near the legal ones."""
    rules = hand.rules
    held = hand.held[hand.turn] if hand.turn >= 0 else 0
    deck = C.card_list(rules.deck_mask)
    out = [rng.choice(deck) for _ in range(4)]  # plays
    out += [A.make(kind, rng.choice(deck)) for kind in (A.CALL, A.LAY_ASIDE)]
    for kind in (A.DISCARD, A.PASS_CARDS):
        for size in {rules.nest_size, rules.pass_count, 1, 3}:
            out.append(A.make(kind, C.random_subset(held or rules.deck_mask, min(size, max(1, held.bit_count())),
                                                    rng)))
        out.append(A.make(kind, C.random_subset(rules.deck_mask, rules.nest_size or 2, rng)))
    out += [A.bid(value) for value in rng.sample(range(0, rules.highest_bid + 12), 8)]
    out += [A.PASS_ACTION, A.trump(rng.randrange(5)), A.make(A.ORDER, rng.randrange(2)),
            A.make(A.CHOOSE_HAND, rng.randrange(1, 3)), A.make(A.MOON, rng.randrange(2))]
    return out


def check_the_legal_set(hand: Hand, rng: random.Random) -> None:
    legal = hand.legal
    listed = list(itertools.islice(legal, 400))  # a pass from 17 cards has 2,380 members: a sample of them will do
    assert len(listed) == len(set(listed)) and len(listed) == min(400, len(legal)), "iteration and count disagree"
    assert all(action in legal for action in listed)
    if listed:
        assert legal.random(rng) in legal
        assert hand.random_action(rng) in legal
    if len(legal) <= 400:
        assert hand.legal_actions() == [hand.action_text(a) for a in sorted(listed)]
    before = hand.record()
    for action in probes(hand, rng) + listed[:3]:
        legal_now = action in legal
        reason = hand.refusal(action)
        assert (reason is None) == legal_now, (hand.phase, hand.action_text(action), reason)
        assert (hand.check(hand.action_text(action)) is None) == legal_now
        if not legal_now:
            assert reason and not reason[0].islower(), "a refusal is a sentence for the player"
            why = hand.why_not(action)  # a reason the network carries, said by the engine's words for it
            assert why is not None and why.reason in REASONS and why.words(hand.rules.deck) == reason
            with pytest.raises(IllegalAction):
                hand.apply(hand.action_text(action))
    assert hand.record() == before, "a refused action changes nothing"


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_check_apply_legal_actions_and_playouts_agree_with_the_legal_set(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    while not hand.is_done:
        check_the_legal_set(hand, rng)
        hand.push(hand.random_action(rng))
    assert len(hand.legal) == 0 and hand.refusal(A.PASS_ACTION) == "The hand is over"


def test_house_rules_change_the_legal_sets_too() -> None:
    """The house options that shape legality (a bid step, the first bidder bound to bid, the extra card kept, no
    nest scoring) keep every query agreeing."""
    rng = random.Random(5)
    for preset, changes in (("rook-intermediate", {"bid_step": 5}), ("rook-intermediate", {"first_bid_required": True}),
                            ("rook-classic", {"first_bid_required": True, "bid_step": 10, "min_bid": 80}),
                            ("rook-original-3p", {"extra_card_kept": True}), ("rook-500", {"nest_to": "nobody"})):
        rules = load_rules(preset).changed(changes)
        for seed in range(4):
            hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
            while not hand.is_done:
                check_the_legal_set(hand, rng)
                hand.push(hand.random_action(rng))


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_resampled_hand_shows_the_seat_the_same_view(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    moved = 0
    while not hand.is_done:
        seat = rng.randrange(rules.players)
        info = hand.information(seat)
        world = hand.resample(seat, rng)
        assert world.view(seat) == hand.view(seat), f"seat {seat} can tell the world apart at {hand.phase}"
        assert world.held[seat] == hand.held[seat] and world.record()["actions"] == hand.record()["actions"]
        for other in range(hand.n):
            changed = world.held[other] ^ hand.held[other]
            assert not changed & ~info.unseen, "only cards hidden from the seat may move"
            if other != seat:
                assert not world.held[other] & info.voids[other] & info.unseen, "a revealed void was broken"
            moved |= changed
        hand.push(hand.random_action(rng))
    assert moved or rules.players == 2, "the resamples must actually move hidden cards"


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_voids_kept_with_a_position_are_those_its_tricks_show(preset: str, seed: int) -> None:
    """``voids()`` keeps what the finished tricks showed with the position and adds the tricks since: through copies,
    take-backs, worlds dealt for a seat and 2-player Hearts' new hands it must answer what going over every trick of
    the hand answers."""
    rng = random.Random(seed)
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    left_behind: list[tuple[Hand, list[int]]] = []  # positions copied from, with their voids then
    while not hand.is_done:
        if not left_behind or rng.random() < 0.3:  # the first position always: a hand may be thrown in at once
            left_behind.append((hand, hand.voids()))
            hand = hand.copy()
        hand.apply_id(hand.random_action(rng))
        if len(hand.actions) > 2 and rng.random() < 0.1:
            hand.pop()
        hand.voids()  # kept with the position, then checked against a look at every trick
        afresh = hand.copy()
        afresh._voids_memo = None
        assert hand.voids() == afresh.voids(), f"{preset} after {len(hand.actions)} actions"
        world = hand.resample(rng.randrange(rules.players), rng)
        if not world.is_done:
            world.push(world.random_action(rng))
        afresh = world.copy()
        afresh._voids_memo = None
        assert world.voids() == afresh.voids(), f"{preset}: a world dealt after {len(hand.actions)} actions"
    assert left_behind
    for earlier, voids in left_behind:  # positions left behind are not changed by the play of their copies
        afresh = earlier.copy()
        afresh._voids_memo = None
        assert earlier.voids() == voids == afresh.voids()



@pytest.mark.parametrize("preset", preset_names())
def test_every_view_reads_back_from_its_json_as_itself(preset: str) -> None:
    """SeatView.to_json is the protocol's form of the view; from_json reads it back to the same value, for every
    seat at every moment of a hand of every preset."""
    for hand in random_positions(preset, 3):
        for seat in range(hand.n):
            view = hand.view(seat)
            assert SeatView.from_json(view.to_json()) == view
            assert (view.rook is None) == (view.family == "hearts") and (view.hearts is None) == (view.family == "rook")


@pytest.mark.parametrize("preset", preset_names())
def test_the_card_winning_each_trick_is_the_one_no_other_card_of_it_beats(preset: str) -> None:
    """At every moment of random play, the engine's winner of the trick on the table is beaten by none of the
    trick's other cards, and beats each of them."""
    for seed in range(3):
        hand = Hand.deal(load_rules(preset), seed=seed)
        rng = random.Random(seed)
        while not hand.is_done:
            if hand.trick:
                best, _ = hand.trick_winner()
                beaters = hand.beaters[hand.led_suit]
                trick = C.mask_of(hand.trick)
                assert not beaters[best] & trick
                assert all(beaters[card] >> best & 1 for card in hand.trick if card != best)
            hand.push(playout_action(hand, rng))


@pytest.mark.parametrize("preset", preset_names())
def test_every_action_reports_itself_and_a_hand_ends_with_hand_over(preset: str) -> None:
    rules = load_rules(preset)
    rng = random.Random(preset)
    hand = Hand.deal(rules, seed=preset, dealer=0)
    tricks_won = 0
    while not hand.is_done:
        seat = hand.turn
        text = hand.action_text(hand.random_action(rng))
        events = hand.apply(text)
        assert events[0].seat == seat and events[0].kind != "hand-over"
        if text.startswith("play "):
            assert events[0] == Event("card-played", seat, (text.split()[1],))
        tricks_won += [event.kind for event in events].count("trick-won")
    assert events[-1].kind == "hand-over"
    assert tricks_won == len(hand.tricks)
    said = [event.describe([f"P{i}" for i in range(rules.players)], rules.deck) for event in events]
    assert all(said) and not notation_faults(said), said
