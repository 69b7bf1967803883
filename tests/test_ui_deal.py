"""The deal animation at the start of each hand: cards land seat by seat, the computer seats are asked at once,
nothing is played until the cards are down, and the fastest animation speed skips it."""

from __future__ import annotations

from game.engine import Match, load_rules
from game.store import Settings
from game.store.settings import RANGES
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.dealing import Deal
from game.ui.scenes.table import TableScene
from tests.support.kinds import of_kind
from tests.support.ui_helpers import local_table, step


def open_rook(speed: float) -> tuple[App, Session, TableScene]:
    app = App(Settings(sound=False, computer_pause=0.0, animation_speed=speed, coach=False), search_process=False)
    rules = load_rules("rook-classic")
    session = Session(Match(rules, seed=2), [SeatPlan(f"P{i}", False, "easy") for i in range(4)])
    table = of_kind(TableScene, app.open("table", session=session))
    return app, session, table


def test_a_deal_goes_round_the_table_until_every_seat_has_its_cards() -> None:
    deal = Deal([3, 3, 2], [1, 2, 0], seconds=1.0)
    assert deal.order == [1, 2, 0, 1, 2, 0, 1, 0]
    assert Deal([2, 2, 2, 2], [1, 3, 2, 0]).order == [1, 3, 2, 0] * 2  # the chairs' order, not the seat numbers'

    assert [deal.arrived(s) for s in range(3)] == [0, 0, 0] and not deal.done
    deal.advance(0.5)
    assert 0 < sum(deal.arrived(s) for s in range(3)) < 8 and deal.in_air()
    deal.advance(0.5)
    assert deal.done and [deal.arrived(s) for s in range(3)] == [3, 3, 2] and not deal.in_air()


def test_the_deal_is_shown_while_the_computer_already_thinks() -> None:
    app, session, table = open_rook(speed=1.0)
    try:
        step(app)
        assert table.deal is not None
        hand = session.hand
        assert local_table(table).controller.decision is not None  # the first bidder is asked at once
        view = table.view()
        step(app)
        assert table.deal.arrived(0) < view.hand_sizes[0]
        drawn_cards = [rect for _, rect in table.card_rects(0)][: table.deal.arrived(0)]
        assert len(drawn_cards) < len(view.hand)
        for _ in range(200):  # 1.2 s of frames at most (plus the computers' answers)
            if table.deal is None:
                break
            assert not hand.actions and app.stack.top is table  # nothing is played, no dialog, before it lands
            step(app)
        assert table.deal is None
        for _ in range(300):
            if hand.actions or app.stack.top is not table:
                break
            step(app)
        assert hand.actions  # then the hand goes on
    finally:
        app.close()


def test_the_fastest_animation_speed_skips_the_deal() -> None:
    app, session, table = open_rook(speed=RANGES["animation_speed"][1])
    try:
        step(app)
        assert table.deal is None
    finally:
        app.close()


def test_a_resumed_hand_is_not_dealt_again() -> None:
    app, session, table = open_rook(speed=1.0)
    try:
        hand = session.hand
        hand.apply(hand.legal_actions()[0])
        step(app)
        assert table.deal is None
    finally:
        app.close()
