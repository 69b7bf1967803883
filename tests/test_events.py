"""Engine events: applying an action reports what happened in the game's words, on hand-built deals; secret
cards reach only their own seat. That every action of random play of every preset reports itself:
test_conformance.py."""

import random

from game.ai import make_player
from game.engine import Event, Hand, load_rules
from game.engine.rook import RookHand
from tests.support.deals import hand_with
from tests.support.kinds import of_kind

HOLD = load_rules("hearts-classic").changed({"hold_hand": True})


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def test_a_card_played_and_the_trick_won_with_its_points() -> None:
    """002: "players are penalized 1 point for every heart they take and 13 points for taking the Queen of
    spades": the trick's points are what its taker gains."""
    hand = hand_with(HOLD, {0: "2C", 1: "QS", 2: "AC", 3: "3C"}, dealer=3, number=3, void={1: "C"})
    assert hand.phase == "play", "the fourth hand is the hold hand: no passing"
    assert hand.apply("play 2C") == [Event("card-played", 0, ("2C",))]
    events = hand.apply("play QS")
    assert kinds(events) == ["card-played", "hearts-broken"], "the Queen of spades breaks hearts (decision 16)"
    hand.apply("play AC")
    events = hand.apply("play 3C")
    assert events[0] == Event("card-played", 3, ("3C",))
    assert events[1] == Event("trick-won", 2, ("2C", "QS", "AC", "3C"), points=13)
    assert events[2] == Event("queen-taken", 2, ("QS",))


def test_passed_cards_are_secret_and_the_exchange_says_who_received_what() -> None:
    """002 "Passing 3 Cards": each player sees only the cards passed to them."""
    hand = hand_with("hearts-classic", {0: "2S 3S 4S"}, dealer=3)
    assert hand.to_move == 0
    passed = hand.apply("pass-cards 2S 3S 4S")
    assert passed == [Event("cards-passed", 0, ("2S", "3S", "4S"), secret=True)]
    assert passed[0].for_seat(1).cards == () and passed[0].for_seat(0).cards == ("2S", "3S", "4S")
    rng = random.Random(1)
    events = []
    while hand.phase == "pass":
        events = hand.apply(hand.action_text(hand.random_action(rng)))
    received = [event for event in events if event.kind == "cards-received"]
    assert [event.seat for event in received] == [0, 1, 2, 3]
    assert received[1].cards == ("2S", "3S", "4S") and all(event.secret for event in received)


def test_the_auction_the_nest_and_trump_are_reported() -> None:
    """001: the highest bidder "takes the bid", takes up the nest and lays back five cards, then names trump."""
    hand = hand_with("rook-classic", {}, dealer=3)
    assert kinds(hand.apply("bid 70")) == ["bid"]
    assert hand.apply("pass") == [Event("passed", 1)]
    hand.apply("pass")
    events = hand.apply("pass")
    assert kinds(events) == ["passed", "auction-won", "nest-taken"]
    assert events[1] == Event("auction-won", 0, points=70)
    assert events[2].secret and len(events[2].cards) == 5 and events[2].for_seat(1).cards == ()
    nest = " ".join(hand.rules.card_names(hand.extras["nest"]))
    assert hand.apply(f"discard {nest}")[0].kind == "nest-laid"
    assert hand.apply("trump green") == [Event("trump-named", 0, word="green")]


def test_everyone_passing_throws_the_hand_in() -> None:
    """RULES.md decision 5: "Everyone passes: the hand is thrown in"."""
    hand = hand_with("rook-classic", {}, dealer=3)
    for _ in range(3):
        hand.apply("pass")
    assert kinds(hand.apply("pass")) == ["passed", "thrown-in", "hand-over"]


def test_the_called_partner_is_revealed_when_the_called_card_is_played() -> None:
    """004 5 players: the partner "does not reveal themselves, except through playing the called card"."""
    hand = hand_with("rook-500-5p", {3: "Y1 Y2"}, dealer=0, void={2: "Y"})
    while hand.phase == "bid":
        hand.apply("bid 75" if hand.to_move == 1 else "pass")
    hand.apply("discard " + " ".join(hand.rules.card_names(hand.extras["nest"])))
    hand.apply("trump green")
    hand.apply("order normal")
    assert hand.apply("call Y1") == [Event("card-called", 1, ("Y1",))]
    revealed: list[Event] = []
    while not revealed:
        seat = hand.to_move
        legal = hand.legal_actions()
        text = "play Y1" if seat == 3 and "play Y1" in legal else next(a for a in legal if a != "play Y1")
        revealed = [event for event in hand.apply(text) if event.kind == "partner-revealed"]
    assert revealed == [Event("partner-revealed", 3)]


def test_the_contract_is_made_or_set_at_the_end_of_the_hand() -> None:
    """001 "If the bidding partnership makes their bid ... If they do not, the bid amount is subtracted": the last
    play reports the contract, the hand over, and the last trick."""
    player = make_player("normal")  # bids what its hand is worth: contracts are made and set
    seen = set()
    for seed in range(12):
        hand = of_kind(RookHand, Hand.deal(load_rules("rook-classic"), seed=seed, dealer=0))
        events = []
        while not hand.is_done:
            events = hand.apply(hand.action_text(player.decide(hand)))
        if hand.thrown_in:
            continue
        end = kinds(events)
        assert end[-1] == "hand-over" and "trick-won" in end
        result = hand.result()
        assert result is not None
        made = "contract-made" if result.made else "contract-set"
        assert made in end and next(e for e in events if e.kind == made).seat == hand.declarer
        seen.add(made)
    assert seen == {"contract-made", "contract-set"}


