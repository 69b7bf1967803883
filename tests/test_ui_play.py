"""The game window driven only by posted mouse events (SDL dummy driver): whole hot-seat hands of rook-classic and
hearts-classic, each card dragged from the hand to the table, and the engine state checked afterwards."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import Hand, Match, load_rules, preset_names
from game.engine.rook import RookHand
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.cards import CardArt
from game.ui.scenes.dialogs import CardPickScene, HandOffScene, PauseScene
from game.ui.scenes.table import TableScene
from tests.support.deals import position_where
from tests.support.kinds import hearts_part, of_kind, rook_part
from tests.support.ui_helpers import (
    FAST,
    MakeApp,
    choose_cards,
    click,
    drag,
    frames,
    key,
    play_by_mouse,
    settle,
    step,
    to_game_over,
)


def test_hot_seat_rook_classic_hand_played_by_mouse(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole hand of rook-classic with four humans at one screen: bidding, the nest exchange, trump and every
    card of the 9 tricks are done by clicking and dragging."""
    app, session, table = make_app("rook-classic", humans=4)
    first_bidder = session.hand.to_move
    result = play_by_mouse(monkeypatch, app, session, table, pick_bid=lambda hand: hand.to_move == first_bidder)
    hand = of_kind(RookHand, session.hand)
    assert hand.is_done and hand.declarer == first_bidder and hand.contract == 70
    assert result["drags"] == 36 and len(hand.tricks) == 9
    assert sum(hand.points()) == 120  # every counter, the nest included, was taken by someone
    assert result["handoffs"] >= 27  # hot-seat: every change of human turn went through the hand-off screen
    assert rook_part(hand.view(0)).discarded or hand.declarer != 0


def test_hot_seat_hearts_classic_hand_played_by_mouse(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole hand of hearts-classic with four humans: each picks 3 cards to pass by dragging them, then all 52
    cards are dragged to the table."""
    app, session, table = make_app("hearts-classic", humans=4)
    result = play_by_mouse(monkeypatch, app, session, table, pick_bid=lambda hand: False)
    hand = session.hand
    assert hand.is_done and len(hand.tricks) == 13
    assert result["drags"] == 52 and result["dialogs"] >= 4
    assert sum(hand.points()) == 26
    assert all(len(hearts_part(hand.view(s)).received) == 3 for s in range(4))


def test_illegal_drop_glides_back_with_the_engines_reason(make_app: MakeApp) -> None:
    """Dropping a card that does not follow suit is refused with the engine's reason and changes nothing."""
    app, session, table = make_app("hearts-classic", humans=1, seed=11)
    for _ in frames():
        hand = session.hand
        if table.viewer_controls_play() and hand.trick:
            illegal = [c for c in hand.view(0).hand if f"play {c}" not in hand.legal_actions()]
            if illegal:
                break
        top = app.stack.top
        if isinstance(top, CardPickScene):
            choose_cards(app, top, top.cards[: top.count])
        elif table.viewer_controls_play():
            legal = hand.legal_actions()[0].split()[1]
            drag(app, dict(table.card_rects(0))[legal].center, table.place.centre)
        else:
            step(app)
    else:
        raise AssertionError("no position with an illegal card came up")
    before = list(hand.actions)
    drag(app, dict(table.card_rects(0))[illegal[0]].center, table.place.centre)
    assert hand.actions == before
    assert table.message.startswith("You must follow")
    settle(app, 10)
    assert illegal[0] in dict(table.card_rects(0))  # back in the hand


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_plays_a_hand_with_the_mouse_against_the_computer(make_app: MakeApp, preset: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every preset's decisions have a dialog or a drag: a human in seat 0 (bidding whenever allowed) against Easy
    computers plays a whole hand by mouse, and never sees a card it should not."""
    app, session, table = make_app(preset, humans=1, seed=2)
    result = play_by_mouse(monkeypatch, app, session, table, pick_bid=lambda hand: True)
    hand = session.hand
    assert hand.is_done
    view = hand.view(0)
    assert result["drags"] > 0 or rook_part(view).thrown_in


def test_a_short_match_ends_on_the_game_over_screen(make_app: MakeApp, tmp_path: Path) -> None:
    """A whole match in the window: score sheets after each hand, then the winner."""
    short = tmp_path / "short.yaml"
    short.write_text("extends: hearts-classic\nname: short\ntarget: 20\n")
    app, session, table = make_app("hearts-classic", humans=0)
    session.match = Match(load_rules(str(short)), seed=4)
    to_game_over(app)
    match = session.match
    assert match.is_over and max(match.scores) >= 20 and match.winners
    settle(app, 3)


def test_a_hot_seat_hand_is_hidden_once_another_person_plays_next_and_esc_on_the_hand_off_shows_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32, item 6: after a person played, their hand stayed face up while the computers played, until the next
    hand-off. With people in seats 0 and 2 and computers between them, the hand of the person who just played is
    face down as soon as the other person still has to play in the trick. Esc on the hand-off screen opens the menu
    over it, drawing no card face; Resume (clicked: its button's release must not count as "ready" beneath) goes
    back to the hand-off screen."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and not h.trick and h.to_move == 0)
    seats = [SeatPlan(name, name in ("Ann", "Bob"), "easy") for name in ("Ann", "West", "Bob", "East")]
    match = Match.starting_with(Hand.from_record({**hand.record(), "actions": []}), seed=7)
    for action in hand.record()["actions"]:
        match.hand.apply(action)
    session = Session(match, seats)
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    drawn: list[str] = []  # the card faces drawn since the last look
    art_face = CardArt.face

    def face(art: CardArt, name: str, width: int) -> pygame.Surface:
        drawn.append(name)
        return art_face(art, name, width)

    monkeypatch.setattr(CardArt, "face", face)
    try:
        table = of_kind(TableScene, app.open("table", session=session))
        hidden_checks = menus = 0
        for _ in frames():
            if len(session.hand.tricks) >= len(hand.tricks) + 4:
                break
            top = app.stack.top
            if isinstance(top, HandOffScene):
                if not menus:
                    drawn.clear()
                    key(app, pygame.K_ESCAPE)
                    pause = app.stack.top
                    assert isinstance(pause, PauseScene) and app.stack.scenes[-2] is top and drawn == []
                    click(app, next(b for b in pause.buttons if b.label == "Resume").rect.center)
                    assert app.stack.top is top and drawn == []
                    menus += 1
                click(app, (640, 360))
                continue
            if table.viewer_controls_play():  # the card clicked twice: the frame that plays it is the one looked at
                cards = [a.split()[1] for a in session.hand.legal_actions()]
                click(app, dict(table.card_rects(table.viewer))[cards[0]].center)
                drawn.clear()
                click(app, dict(table.card_rects(table.viewer))[cards[0]].center)
            else:
                drawn.clear()
                step(app)
            now = session.hand
            other = 2 - table.viewer
            played = {seat for seat, _ in now.view(table.viewer).trick}
            if table.viewer in played and other not in played and now.to_move != other:
                held = set(now.view(table.viewer).hand)
                assert not table.table.shows_hand() and not held & set(drawn), (now.trick, held & set(drawn))
                hidden_checks += 1
        else:
            raise AssertionError("four tricks were not played")
        assert hidden_checks >= 3 and menus == 1
    finally:
        app.close()
