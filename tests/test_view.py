"""The seat's view as one typed engine value (issue 24): its JSON pairs with it, a malformed view is refused with the
field named, each legal action comes structured, the hand's result is whole, and a hand takes actions back (the view
of every seat at every moment of random play reading back from its JSON: test_conformance.py)."""

from __future__ import annotations

import random

import pytest

from game.engine import Hand, Match, load_rules, preset_names
from game.engine.results import running_totals
from game.engine.rules import preset_families
from game.engine.view import Choice, SeatView, ViewError, choice_of
from tests.support.deals import playout_action, random_positions
from tests.support.kinds import rook_part


@pytest.mark.parametrize("broken, problem", [
    ({"hand": "AS"}, "'hand' is a list of texts"),
    ({"to_move": "0"}, "'to_move' is a whole number"),
    ({"legal": ["fly away"]}, "not an action"),
    ({"trick": [[0, "ZZ"]]}, "not a card"),
    ({"hearts_broken": 1}, "'hearts_broken' is true or false"),
    ({"family": "bridge"}, "'family' is one of"),
])
def test_a_malformed_view_is_refused_naming_the_field(broken: dict[str, object], problem: str) -> None:
    hand = Hand.deal(load_rules("hearts-classic"), seed=1)
    data = {**hand.view(0).to_json(), **broken}
    with pytest.raises(ViewError, match=problem):
        SeatView.from_json(data)
    missing = hand.view(0).to_json()
    del missing["seating"]
    with pytest.raises(ViewError, match="'seating'"):
        SeatView.from_json(missing)


def test_legal_actions_come_structured_with_a_players_label() -> None:
    """No caller takes action text apart: kind, cards, value and word are fields, the label in a player's words."""
    assert choice_of("play TH", "standard") == Choice("play TH", "play", "play 10♥", ("TH",))
    assert choice_of("bid 85", "rook").value == 85 and choice_of("trump none", "rook").word == "none"
    assert choice_of("pass-cards QS 2C AH", "standard").cards == ("2C", "AH", "QS")
    hand = Hand.deal(load_rules("rook-classic"), seed=1)
    view = hand.view(hand.to_move)
    assert sorted(choice.kind for choice in view.legal) == ["bid"] * (len(view.legal) - 1) + ["pass"]
    assert [choice.text for choice in view.legal] == hand.legal_actions()


def test_a_choice_of_several_cards_is_made_by_the_view_in_the_phase_word() -> None:
    hand = Hand.deal(load_rules("hearts-classic"), seed=1)
    view = hand.view(hand.to_move)
    assert view.legal == () and view.cards_to_choose == 3 and view.choosing == "pass-cards"
    assert hand.check(view.choose_cards(view.hand[:3])) is None


def test_the_rook_2p_dummy_is_a_role_not_a_seat_number() -> None:
    """Decision 22: the dummy's seat is a field of the view and of the rules; every other game has none."""
    hand = Hand.deal(load_rules("rook-2p"), seed=1)
    assert hand.view(0).dummy_seat == load_rules("rook-2p").dummy_seat == 2
    assert Hand.deal(load_rules("rook-classic"), seed=1).view(0).dummy_seat == -1 == load_rules("rook-3p").dummy_seat


def test_the_hands_result_carries_trump_order_and_the_called_card() -> None:
    """The score sheet reads trump from the result, not from a view of seat 0 carried beside it."""
    for preset in ("rook-500", "rook-500-5p", "hearts-classic"):
        hand = list(random_positions(preset, 5))[-1]
        result = hand.result()
        assert result is not None
        assert result.trump == (hand.view(0).trump if hand.family == "rook" else None)
        assert result.order == (rook_part(hand.view(0)).order if hand.family == "rook" else "normal")
        if preset == "rook-500-5p" and not result.thrown_in:
            assert result.called == rook_part(hand.view(0)).called is not None
        assert type(result).from_json(result.to_json()) == result


def test_a_matchs_totals_are_its_running_scores() -> None:
    rules = load_rules("hearts-classic").changed({"target": 30})
    match, rng = Match(rules, seed=4), random.Random(4)
    while not match.is_over:
        if match.hand.is_done:
            match.next_hand()
        while not match.hand.is_done:
            match.hand.push(playout_action(match.hand, rng))
    totals = match.totals()
    assert len(totals) == len(match.results()) and list(totals[-1]) == match.scores
    assert totals == running_totals(match.results(), rules.players)


def test_rules_answer_what_screens_asked_of_preset_names() -> None:
    families = preset_families()
    assert set(families) == set(preset_names()) and {families["rook-500"], families["hearts-2p"]} == {"rook", "hearts"}
    assert load_rules("rook-classic").has_auction and not load_rules("rook-beginner").has_auction
    assert not load_rules("hearts-classic").has_auction
    rules = load_rules("rook-500")  # 1s high: the 1 ranks above the 14
    assert rules.natural_rank(rules.parse_card("R1")) > rules.natural_rank(rules.parse_card("R14"))


@pytest.mark.parametrize("preset", ["rook-classic", "rook-2p", "hearts-2p", "rook-500-5p"])
def test_pop_takes_back_exactly_the_last_action(preset: str) -> None:
    """python-chess's push/pop: after pop the hand shows every seat what it showed before the action, and plays on
    the same, whether the action kept a snapshot (apply) or must be replayed (push)."""
    for applied in (True, False):
        hand = Hand.deal(load_rules(preset), seed=9)
        rng = random.Random(9)
        history = []
        while not hand.is_done:
            history.append(([hand.view(seat) for seat in range(hand.n)], hand.record()))
            action = playout_action(hand, rng)
            hand.apply_id(action) if applied else hand.push(action)
        keys = set()
        for views, record in reversed(history):
            hand.pop()
            assert [hand.view(seat) for seat in range(hand.n)] == views and hand.record() == record
            assert hand.position_key not in keys
            keys.add(hand.position_key)
        with pytest.raises(IndexError):
            hand.pop()


def test_positions_walk_the_hand_from_its_deal() -> None:
    hand = list(random_positions("rook-classic", 2))[-1]
    walked = list(hand.positions())
    assert [action for _, action in walked] == hand.actions
    assert all(len(position.actions) == index for index, (position, _) in enumerate(walked))
    assert walked[0][0].record() == {**hand.record(), "actions": []}


def test_take_back_undoes_the_last_actions_of_the_hand_in_play() -> None:
    match = Match(load_rules("hearts-classic"), seed=1)
    rng = random.Random(1)
    for _ in range(12):
        match.hand.apply_id(playout_action(match.hand, rng))
    before = match.hand.record()
    match.take_back(5)
    assert match.hand.record() == {**before, "actions": before["actions"][:7]}
    with pytest.raises(ValueError):
        match.take_back(8)
