"""The soak (issue 8): every preset plays complete hands between computer players of all levels with the engine's
invariants checked after every action. ``python -m bench soak`` runs thousands of hands; here a few per preset,
and checks that the checker really catches a broken engine."""

from __future__ import annotations

import dataclasses

import pytest

from bench.soak import Broken, Checker, soak, soak_preset
from game.engine import Hand, Match, Rules, load_rules, preset_names
from game.engine.hearts import HeartsHand
from game.engine.rook import RookHand
from game.engine.view import SeatView

pytestmark = pytest.mark.slow  # plays complete hands of every preset with every invariant checked after each action

HANDS_PER_PRESET = 4


def test_every_preset_plays_complete_hands_with_every_invariant_holding() -> None:
    """Issue 8, Soak: no exception and every invariant holds after each action, in every preset."""
    tallies = soak(HANDS_PER_PRESET, seed=2024, report=lambda line: None)
    assert [t.preset for t in tallies] == preset_names()
    for tally in tallies:
        assert tally.failures == 0, tally.examples
        assert tally.hands == HANDS_PER_PRESET
        # a hand is dozens of actions, and each is checked many ways (piles, turn, sizes, every seat's view)
        assert tally.actions >= 10 * HANDS_PER_PRESET and tally.checks > 10 * tally.actions


def started_hand(preset: str) -> tuple[Rules, Hand]:
    match = Match(load_rules(preset), seed=5)
    return match.rules, match.hand


def test_the_checker_catches_a_view_showing_another_seats_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view must never show a card the seat may not see (here a hint naming the next seat's hand)."""
    rules, hand = started_hand("hearts-classic")
    checker = Checker(rules)
    checker.state(hand)  # the real engine passes
    real_view = HeartsHand.view

    def leaking_view(self: HeartsHand, seat: int) -> SeatView:  # the next seat's hand shown as cards it received
        view = real_view(self, seat)
        assert view.hearts is not None
        leaked = tuple(rules.card_names(self.held[(seat + 1) % self.n]))
        return dataclasses.replace(view, hearts=dataclasses.replace(view.hearts, received=leaked))

    monkeypatch.setattr(HeartsHand, "view", leaking_view)
    with pytest.raises(Broken, match="shows hidden cards"):
        checker.state(hand)


def test_the_checker_catches_a_card_in_two_piles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The piles partition the deck: a card in two places at once is a broken engine."""
    rules, hand = started_hand("rook-classic")
    doubled = {**hand.piles(), "trick": hand.held[0] & -hand.held[0]}  # seat 0's lowest card, also on the table
    monkeypatch.setattr(RookHand, "piles", lambda self: doubled)
    with pytest.raises(Broken, match="already in another pile"):
        Checker(rules).state(hand)


def test_a_failing_preset_is_counted_and_named_and_the_soak_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Points that do not add up to the deck's are a failure; each is counted, the first few are shown with the
    match, the hand and the action, and play goes on with a new match."""
    monkeypatch.setattr(HeartsHand, "points", lambda self: [0] * self.rules.players)
    tally = soak_preset(("hearts-classic", 3, 1))
    assert tally.hands == 3 and tally.failures == 3
    assert all("hearts-classic match" in example and "do not add up" in example for example in tally.examples)
