"""The table's other ways to play and its helpers, driven by posted events (SDL dummy driver): click to select
and click again, keyboard arrows + Enter, Hint, Undo, claims, resizing, and quitting while the computer thinks."""

from __future__ import annotations

import logging
import random
import re

import pygame
import pytest

from game.engine import Hand, Match, load_rules
from game.engine.claim import settled
from game.engine.rook import RookHand
from game.review import hint_player
from game.store import SaveStore
from game.table.intents import Claimed, Message
from game.table.session import SeatPlan, Session
from game.ui import controls, theme
from game.ui.app import App
from game.ui.scenes.dialogs import BidScene, CardPickScene, ChoiceScene, HandOffScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.table import TableScene
from game.ui.sheet import sheet_rows
from tests.support.deals import (
    AUDIT_NAMES,
    audit_position,
    hand_with,
    play_all,
    playout_action,
    position_where,
    table_session,
)
from tests.support.kinds import hearts_part, of_kind
from tests.support.ui_helpers import (
    FAST,
    FRAME,
    MakeApp,
    OpenWindow,
    choose_cards,
    click,
    drag,
    frames,
    go_on_from_claim,
    idle_table,
    key,
    local_table,
    open_dialog,
    open_table,
    post,
    settle,
    step,
    to_turn,
)
from tests.support.ui_record import Drawn, Recorder


def to_humans_play(app: App, session: Session, table: TableScene) -> None:
    """Run frames (passing cards when asked) until the human may pick up a card."""
    to_turn(app, table.viewer_controls_play)


def test_click_to_select_then_click_again_plays(make_app: MakeApp) -> None:
    app, session, table = make_app("hearts-classic", humans=1)
    to_humans_play(app, session, table)
    card = session.hand.legal_actions()[0].split()[1]
    before = len(session.hand.actions)
    click(app, dict(table.card_rects(0))[card].center)
    assert table.selected == card and len(session.hand.actions) == before
    click(app, dict(table.card_rects(0))[card].move(0, -10).center)  # the selected card is drawn raised
    assert session.hand.actions[before:before + 1] and session.hand.action_text(session.hand.actions[before]) \
        == f"play {card}"


def test_keyboard_arrows_and_enter_play_a_card(make_app: MakeApp) -> None:
    app, session, table = make_app("hearts-classic", humans=1, seed=8)
    to_humans_play(app, session, table)
    before = len(session.hand.actions)
    for _ in range(30):  # walk the selection right until it rests on a legal card
        post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
        step(app)
        if session.hand.check(f"play {table.selected}") is None:
            break
    chosen = table.selected
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    step(app)
    assert session.hand.action_text(session.hand.actions[before]) == f"play {chosen}"


# Hearts, every fourth hand held (no pass): North took the first trick with the king of clubs and led the 2 of
# diamonds, East followed; the person at the screen holds a club at the left end of the row and three diamonds
# after it, the only cards they may play
FOLLOW_DIAMONDS = ("3C 6C 5D QD KD 4S QS 2H 4H 6H 9H KH AH", "play 2C, play KC, play QC, play 3C, play 2D, play 3D")


def lifted(app: App, table: TableScene) -> list[str]:
    """The viewer's cards drawn raised above the row, read from the window: the felt shows just above a card at
    rest, the card's own face just above its place when it is raised."""
    felt = app.screen.get_at((2, table.place.hand_top() - 3))
    return [card for card, rect in table.card_rects(table.viewer)
            if app.screen.get_at((rect.x + 8, rect.top - 3)) != felt]


@pytest.mark.parametrize("key, picks", [(pygame.K_RIGHT, ["5D", "QD", "KD", "5D"]),
                                        (pygame.K_LEFT, ["KD", "QD", "5D", "KD"])])
def test_the_arrow_keys_pick_only_cards_that_may_be_played_and_one_card_is_lifted(
        window: OpenWindow, key: int, picks: list[str]) -> None:
    """Seen by a player: with diamonds led, the first Right picked the 6 of clubs at the left end, which may not be
    played, and the card under the mouse stayed raised beside the one picked. An arrow picks the nearest card the
    engine lets the player play (the table's legal cards, ``SeatView.plays``) that way, round the end of the row;
    only the card picked is raised (RULES.md: a player must follow the suit led)."""
    hand = hand_with(load_rules("hearts-classic").changed({"hold_hand": True}), {
        0: FOLLOW_DIAMONDS[0], 1: "2C 4D", 2: "KC 2D", 3: "QC 3D"}, number=3)
    play_all(hand, FOLLOW_DIAMONDS[1])
    assert sorted(hand.view(0).plays()) == ["5D", "KD", "QD"]
    app, table, _ = window(table_session(hand))
    for _ in frames(10):
        if table.viewer_controls_play():
            break
        step(app)
    cards = [card for card, _ in table.card_rects(0)]
    assert cards[0] == "6C" and table.selected is None
    post(pygame.MOUSEMOTION, pos=dict(table.card_rects(0))["6C"].center, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert lifted(app, table) == ["6C"]  # the card under the pointer, while none is picked
    for pick in picks:
        post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        step(app)
        assert table.selected == pick
        assert lifted(app, table) == [pick]
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    step(app)
    view = table.view()
    assert picks[-1] not in view.hand and (0, picks[-1]) in [*view.trick, *view.tricks[-1].cards]


def test_an_arrow_from_a_card_that_may_not_be_played_goes_to_the_nearest_that_may(window: OpenWindow) -> None:
    """A click picks any card (a second click says why it may not be played); an arrow from there goes on to the
    nearest card that may be played that way, round the end of the row."""
    hand = hand_with(load_rules("hearts-classic").changed({"hold_hand": True}), {
        0: FOLLOW_DIAMONDS[0], 1: "2C 4D", 2: "KC 2D", 3: "QC 3D"}, number=3)
    play_all(hand, FOLLOW_DIAMONDS[1])
    app, table, _ = window(table_session(hand))
    for _ in frames(10):
        if table.viewer_controls_play():
            break
        step(app)
    for arrow, pick in ((pygame.K_RIGHT, "5D"), (pygame.K_LEFT, "KD")):
        click(app, dict(table.card_rects(0))["QS"].center)
        assert table.selected == "QS"
        post(pygame.KEYDOWN, key=arrow, mod=0, unicode="", scancode=0)
        step(app)
        assert table.selected == pick


def test_hint_selects_the_reviews_choice_and_undo_takes_the_play_back(make_app: MakeApp) -> None:
    app, session, table = make_app("rook-classic", humans=1, seed=3)
    hand_before_bid = session.hand
    for _ in frames():  # the human passes in the auction; the computers finish it
        top = app.stack.top
        if table.viewer_controls_play():
            break
        if isinstance(top, BidScene):
            click(app, top.pass_.rect.center)
        else:
            step(app)
    hand = session.hand
    assert hand is hand_before_bid and hand.phase == "play"
    click(app, table.hint_button.rect.center)
    for _ in frames(30):  # the search's answer comes from the worker, some frames later (a timeout only stops a hang)
        if table.selected is not None:
            break
        step(app)
    assert table.selected is not None and hand.check(f"play {table.selected}") is None
    # the review's own choice (game/review: the same search on the same position), in a player's words
    assert f"play {table.selected}" == hand.action_text(hint_player().decide(hand))
    assert table.message == f"Hint: {hand.rules.action_words('play ' + table.selected)}"
    assert re.fullmatch(r"Hint: play ((Black|Green|Red|Yellow) \d+|the Rook Bird)", table.message)
    record = hand.record()
    drag(app, dict(table.card_rects(0))[table.selected].center, table.place.centre)
    assert len(session.hand.actions) == len(record["actions"]) + 1
    settle(app, 5)
    click(app, table.undo_button.rect.center)
    assert session.hand.record()["actions"] == record["actions"]
    assert table.message == "Your last play was taken back"


def test_claim_button_ends_a_settled_hand() -> None:
    """When no play can change the result, the human on lead may claim; the rest is played out at once, and the
    table names the claimer and who took the trick, as the engine's trick-won event says. The settled lead comes
    from random legal play, not from the computers' choices."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and not h.trick and h.to_move == 0
                          and len(h.tricks) >= 8 and settled(h))
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    try:
        session = table_session(hand)
        table = of_kind(TableScene, app.open("table", session=session))
        for _ in frames(60):  # the claim check runs a few milliseconds a frame
            step(app)
            if table.claim_button.enabled:
                break
        assert table.viewer_controls_play() and session.play_is_settled()
        click(app, table.claim_button.rect.center)
        assert session.hand.phase in ("done", "moon") and table.showing_claim
        # the first settled lead is the last trick's; its taker is whoever the engine says, P0 or not
        [won] = [event for event in of_kind(Claimed, table.claim_made).events if event.kind == "trick-won"]
        assert table.claim_words() == f"P0 claims the rest: P{won.seat} takes the last trick"
        assert len(session.hand.tricks) == 13
    finally:
        app.close()


def claimed_tricks(table: TableScene) -> list[int]:
    """Who took each trick the claim played out, as the engine's trick-won events say."""
    return [event.seat for event in of_kind(Claimed, table.claim_made).events if event.kind == "trick-won"]


def claim_said(app: App, table: TableScene, recorder: Recorder) -> tuple[str, str]:
    """What the table says of the claim shown on it, and then, once the player goes on (Enter), the score sheet;
    each asserted drawn."""
    shown = table.claim_words()
    assert shown in [op.label for op in recorder.texts()]
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    for _ in frames(30):
        step(app)
        if isinstance(app.stack.top, ScoreScene):
            break
    step(app)
    sheet = of_kind(ScoreScene, app.stack.top)
    assert sheet.claim in [op.label for op in recorder.texts()]
    return shown, sheet.claim


def test_a_hand_ended_because_it_is_decided_says_who_takes_the_tricks_not_whose_turn_it_was(
        window: OpenWindow) -> None:
    """The audit: "West claims the last 3 tricks" on the table and "West claimed the last 3 tricks" on the score
    sheet, when West was only the computer on lead and You took all three and the nest. RULES.md, decisions of the
    program: a claim "is allowed only when every way to play the rest of the hand comes to the same result", and
    the program ends play itself once it is so; nobody claimed, and the words say what happens, from the engine's
    trick-won events."""
    app, table, recorder = window(table_session(audit_position(player_leads=False), names=AUDIT_NAMES))
    for _ in frames(30):
        step(app)
        if table.showing_claim:
            break
    step(app)
    assert claimed_tricks(table) == [0, 0, 0]
    assert claim_said(app, table, recorder) == ("The rest is decided: you take all 3 tricks",
                                                "The rest was decided: you took all 3 tricks")


def test_a_players_claim_names_them_and_who_takes_each_trick(window: OpenWindow) -> None:
    """Claim the rest (its key, C) is a claim that the rest is decided, not that the claimer takes it (RULES.md,
    decisions of the program): on lead with three yellows against West's three trumps, You may claim, and West
    takes every trick; the words say both."""
    app, table, recorder = window(table_session(audit_position(player_leads=True), names=AUDIT_NAMES))
    for _ in frames(60):  # the claim check runs a few milliseconds a frame
        step(app)
        if table.claim_button.enabled:
            break
    assert table.claim_button.key == controls.CLAIM.key == pygame.K_c  # as How to play's Controls page says
    post(pygame.KEYDOWN, key=controls.CLAIM.key, mod=0, unicode="c", scancode=0)
    step(app)
    assert table.showing_claim and claimed_tricks(table) == [1, 1, 1]
    assert claim_said(app, table, recorder) == ("You claim the rest: West takes all 3 tricks",
                                                "You claimed the rest: West took all 3 tricks")


def test_the_table_lays_out_again_when_the_window_is_resized(make_app: MakeApp) -> None:
    app, session, table = make_app("rook-classic", humans=1)
    width_before = table.place.cw
    post(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))
    step(app)
    assert app.size == (1600, 900) and table.place.cw > width_before
    post(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))
    step(app)
    assert app.size == (800, 500)  # never smaller than the smallest playable window


def test_quit_while_a_hard_computer_thinks_stops_its_search() -> None:
    """The window keeps answering while the computer thinks: Quit closes everything at once, the match saved."""
    app = App(FAST, search_process=True)
    rules = load_rules("hearts-classic")
    session = Session(Match(rules, seed=1), [SeatPlan(f"C{i}", False, "hard") for i in range(4)], hard_budget=60.0)
    table = of_kind(TableScene, app.open("table", session=session))
    for _ in frames(120):
        step(app)
        if session.hand.phase == "play" and local_table(table).controller.thinking:
            break
    assert local_table(table).controller.thinking  # a Hard search is under way
    post(pygame.QUIT)
    app.frame(FRAME)
    assert not app.running
    app.close()
    assert app.worker.stopped(timeout=30)  # the timeout only stops a hang: a search of 60 s is cancelled, not awaited
    saved, problem = SaveStore().load(Session.from_json)  # saved after every action: nothing to do at the end
    assert not problem and saved is not None and saved.hand.record() == session.hand.record() and session.hand.actions


def test_computers_that_raise_hang_or_cheat_never_stall_the_hand(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 8, faults: seats whose AI raises, hangs past its budget or returns an illegal action get logged legal
    fallback moves, and the hand is played to its score sheet."""
    from tests.support.players import Hangs, Illegal, Raises
    app, session, table = open_table("hearts-classic", humans=0, seed=6)
    hung = Hangs()
    session.players[1], session.players[2], session.players[3] = Raises(), hung, Illegal()
    session.hard_budget = 0.2
    try:
        with caplog.at_level(logging.WARNING, logger="trickhouse.ai"):
            for _ in frames(120):
                if isinstance(app.stack.top, ScoreScene):
                    break
                step(app)
            else:
                raise AssertionError(f"the hand stalled in {session.hand.phase}")
        assert session.hand.is_done and len(session.hand.tricks) == 13
        logged = caplog.text
        assert "AI failed" in logged and "overran" in logged and "illegal action" in logged
    finally:
        hung.release.set()
        app.close()



@pytest.mark.parametrize("preset, name_length", [("rook-6p", 18), ("rook-3p", 24)])
def test_the_auction_panel_clears_the_seats_beside_it(make_app: MakeApp, preset: str, name_length: int) -> None:
    """A round of bids a line ran over the name plates of the seats to either side (seen in rook-6p and rook-3p
    screenshots): the panel takes fewer bids a line, or goes below those seats, until it clears them."""
    app, session, table = make_app(preset, humans=0)
    for i, seat in enumerate(session.seats):
        seat.name = f"Player {i} with a long name"[:name_length]
    hand = of_kind(RookHand, session.hand)
    while len(hand.bids) < 2 * hand.n - 1:
        hand.apply(f"bid {hand.lowest_bid()}")
    assert hand.phase == "bid"
    surface = app.screen
    view = table.view()
    areas = [table.painter.draw_seat(surface, seat, view) for seat in range(hand.n)]
    panel = table.painter.draw_auction(surface, view, areas)
    beside = [area for area in areas if not area.left <= panel.centerx <= area.right]
    assert len(beside) >= 2 and panel.collidelist(beside) == -1
    assert panel.height < app.size[1] * 0.3  # a few lines, not a bid a line


def test_the_rook_2p_dummy_is_drawn_where_it_sits() -> None:
    """001 "a dummy hand that is to your right" (RULES.md decision 22): the table draws the seats in the engine's
    clockwise order, so the dummy sits on the dealer's right whichever player deals: with the viewer (seat 0) dealing
    the dummy is the seat before the viewer (upper right), with seat 1 dealing it comes next (upper left)."""
    rules = load_rules("rook-2p")
    for dealer in (0, 1):
        seed = next(s for s in range(100) if Match(rules, seed=s).first_dealer == dealer)
        app, session, table = open_table("rook-2p", 1, seed=seed)
        width = app.size[0]
        dummy_x, dealer_x = table.place.seat_anchor(2)[0], table.place.seat_anchor(dealer)[0]
        app.close()
        assert (dummy_x > width // 2) == (dealer == 0), f"dealer {dealer}: the dummy is drawn at x={dummy_x}"
        if dealer == 1:
            assert dealer_x > width // 2 > dummy_x, "clockwise from the viewer: the dummy, then the dealer"


def rotating_match_after(hands: int, seed: int = 2) -> Match:
    """A rook-classic match with rotating partners whose first ``hands`` hands are played (at random, bidding low)."""
    match = Match(load_rules("rook-classic").changed({"rotating_partners": True}), seed=seed)
    rng = random.Random(seed)
    while True:
        while not match.hand.is_done:
            match.hand.push(playout_action(match.hand, rng))
        result = match.hand.result()
        assert result is not None
        if match.hands_played + (not result.thrown_in) == hands:
            return match
        match.next_hand()


def test_rotating_partners_change_chairs_so_that_partners_sit_opposite() -> None:
    """000 "Partners sit opposite each other"; 001 "change partners after every four hands" (RULES.md decision 9):
    at the start of hand 5 the table shows the players at their new places, the new partner across the table, and
    says so until the first card is played; each player keeps their own cards, name and score column."""
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    session = Session(rotating_match_after(4), [SeatPlan(name, i == 0, "easy")
                                                for i, name in enumerate(["Ann", "Ben", "Cat", "Dan"])])
    try:
        table = of_kind(TableScene, app.open("table", session=session))
        for _ in frames(30):
            if isinstance(top := app.stack.top, ScoreScene):
                break
            if not go_on_from_claim(app):
                step(app)
        else:
            raise AssertionError("no score sheet after hand 4")
        centre_x, centre_y = table.place.centre
        assert table.place.seat_anchor(2)[1] < centre_y, "hands 1-4: Cat, Ann's partner, sits across"
        assert table.seating_lines() == []
        click(app, top.next.rect.center)
        view = table.view()
        assert view.number == 4 and not view.trick
        assert table.place.seat_anchor(1)[1] < centre_y, "hand 5: Ben, Ann's partner now, sits across"
        assert table.place.seat_anchor(2)[0] < centre_x < table.place.seat_anchor(3)[0], \
            "Cat on Ann's left, Dan on her right"
        assert table.seating_lines() == ["Players change seats", "Partners sit opposite: Ann & Ben  against  Cat & Dan"]
        assert list(view.hand) == session.rules.card_names(session.hand.held[0])  # Ann's own cards
        assert [name for name, _ in session.score_columns()] == ["Ann", "Ben", "Cat", "Dan"]
        for _ in frames(60):  # the notice stays until the first card is played
            if table.view().trick or table.view().tricks:
                break
            assert table.seating_lines()
            top = app.stack.top
            if isinstance(top, CardPickScene):
                choose_cards(app, top, top.cards[: top.count])
            elif isinstance(top, BidScene):  # Ann passes where she may
                click(app, (top.pass_ if top.pass_.enabled else top.bid).rect.center)
            elif isinstance(top, ChoiceScene):  # and names the first trump offered
                click(app, top.buttons[0].rect.center)
            elif top is not table:
                step(app)
            elif table.viewer_controls_play():
                click(app, dict(table.card_rects(0))[session.hand.legal_actions()[0].split()[1]].center)
                click(app, dict(table.card_rects(0))[session.hand.legal_actions()[0].split()[1]].center)
            else:
                step(app)
        assert table.seating_lines() == []
    finally:
        app.close()


def test_hot_seat_players_keep_their_own_seats_when_rotating_partners_change_chairs() -> None:
    """RULES.md decision 9 at one screen (000 "Partners sit opposite each other"): at hand 5 Ann and Ben, now
    partners, take their turns through the hand-off as before, each sees their own cards, and each sees the other
    across the table, with the notice of new seats still up."""
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    session = Session(rotating_match_after(4), [SeatPlan(name, i < 2, "easy")
                                                for i, name in enumerate(["Ann", "Ben", "Cat", "Dan"])])
    try:
        table = of_kind(TableScene, app.open("table", session=session))
        seen = set()
        for _ in frames(60):
            top = app.stack.top
            if isinstance(top, ScoreScene):
                if session.hand.number == 4:
                    break
                click(app, top.next.rect.center)
            elif isinstance(top, HandOffScene):
                click(app, (640, 360))
                viewer, view = table.viewer, table.view()
                if view.number == 4 and not view.tricks and not view.trick:
                    seen.add(viewer)
                    assert view.seat == viewer and list(view.hand) == session.rules.card_names(
                        session.hand.held[viewer])
                    partner = 1 - viewer
                    assert table.place.seat_anchor(partner)[1] < table.place.centre[1], "the partner sits across"
                    assert table.seating_lines()[1] == "Partners sit opposite: " + (
                        "Ann & Ben  against  Cat & Dan")
            elif isinstance(top, BidScene):
                click(app, (top.pass_ if top.pass_.enabled else top.bid).rect.center)
            elif isinstance(top, CardPickScene):
                choose_cards(app, top, top.cards[: top.count])
            elif isinstance(top, ChoiceScene):
                click(app, top.buttons[0].rect.center)
            elif table.view().number == 4 and (table.view().tricks or table.view().trick):
                break
            elif go_on_from_claim(app):
                pass
            elif table.viewer_controls_play():
                card = session.hand.legal_actions()[0].split()[1]
                drag(app, dict(table.card_rects(table.viewer))[card].center, table.place.centre)
            else:
                step(app)
        assert seen == {0, 1}, "both people took a turn at hand 5 before its first card"
    finally:
        app.close()


def test_rotating_partners_keep_one_score_column_per_player(make_app: MakeApp) -> None:
    """RULES.md decision 9 (book 001 individual scoring): "the score sheet and table show one column per player"."""
    app, session, table = make_app("rook-classic", 1)
    rules = session.rules.changed({"rotating_partners": True})
    rotating = Session(Match(rules, seed=2), [SeatPlan(f"P{i}", i == 0, "easy") for i in range(4)])
    assert [seats for _, seats in rotating.score_columns()] == [(0,), (1,), (2,), (3,)]
    assert [name for name, _ in session.score_columns()] == ["P0 & P2", "P1 & P3"]
    header, _, _ = sheet_rows(idle_table(rotating))
    assert header[-4:] == ["P0", "P1", "P2", "P3"]


# --- every control drawn enabled answers; a refused input says why (the player's-eye audit) ---

def the_line(recorder: Recorder, starting: str) -> Drawn:
    """The one line of text drawn in the last frame that starts with ``starting``."""
    lines = [op for op in recorder.texts() if op.label.startswith(starting)]
    assert len(lines) == 1, [op.label for op in recorder.texts()]
    return lines[0]


@pytest.mark.parametrize("how", ["click", "key"])
@pytest.mark.parametrize("moment", ["the card landing", "the trick on show"])
def test_undo_takes_back_a_play_while_its_cards_still_move(window: OpenWindow, how: str, moment: str) -> None:
    """Audit: "Undo looks clickable but does nothing while a trick finishes": within a moment of a play, while the
    card lands or "East takes the trick" shows, Undo was drawn enabled and did nothing. Decision: a player who
    presses Undo at once after a mistaken play wants it back, so Undo answers then as at any other moment: the play
    (and the computers' after it) is taken back at once, the moving cards stop, and the line says so, in plain ink
    (news, not a refusal)."""
    last_card = moment == "the trick on show"
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0 and len(h.tricks) >= 1
                          and len(h.trick) == (3 if last_card else 0))
    app, table, recorder = window(table_session(hand), animation_speed=1.0, trick_pause=2.0)
    session = local_table(table).controller.session
    to_turn(app, table.viewer_controls_play)
    before = session.hand.record()["actions"]
    card = session.hand.legal_actions()[0].split()[1]
    drag(app, dict(table.card_rects(0))[card].center, table.place.centre)
    assert len(session.hand.actions) > len(before)
    if last_card:  # the trick is complete: its cards lie there with the winner named for a while
        for _ in frames(10):
            if table.motion.showing_winner:
                break
            step(app)
        assert table.motion.showing_winner and any(op.label.endswith("the trick") for op in recorder.texts())
    assert table.busy() and "Undo" in [op.label for op in recorder.live_buttons()]
    if how == "click":
        click(app, table.undo_button.rect.center)
    else:
        key(app, pygame.K_u)
    assert session.hand.record()["actions"] == before
    assert not table.busy() and table.viewer_controls_play()
    assert table.message == "Your last play was taken back"
    assert the_line(recorder, "Your last play").colour == theme.INK
    assert {op.label for op in recorder.cards()} >= set(table.view().hand) | {c for _, c in table.view().trick}


def test_undo_is_not_drawn_beside_a_claim(window: OpenWindow) -> None:
    """Audit: "Undo is still shown enabled on the claim screen, and clicking it does nothing; the button just
    disappears". The hand is over once a claim is played out, and a play of a finished hand is never taken back
    (Session.can_undo), so from the first frame the claim shows, Undo is not drawn: the buttons are drawn as they
    answer at that moment, not as they did before the computer claimed (the window then draws nothing new until the
    player does something)."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and not h.trick and h.to_move == 1
                          and 7 <= len(h.tricks) <= 11 and settled(h))
    session = table_session(hand)
    assert session.can_undo()  # the player has played cards this hand: Undo is offered until the claim
    app, table, recorder = window(session)
    for _ in frames(30):
        if table.showing_claim:
            break
        step(app)
    assert table.showing_claim and session.hand.is_done
    live = [op.label for op in recorder.live_buttons()]
    assert "Score sheet" in live and "Undo" not in live
    assert not table.undo_button.enabled
    table.undo()  # a press that reaches it all the same is refused, and the claim stays on show (a second reader)
    assert table.showing_claim and table.claim_made is not None and table.message


def test_the_play_hint_looks_like_the_pass_hint_and_a_refusal_like_an_error(window: OpenWindow) -> None:
    """Audit: the play Hint ("Hint: play the Rook Bird") was drawn in the salmon of errors such as "You must follow
    green", while the pass dialog's Hint is gold. A hint (and "Working out a hint...") is drawn in the dialogs' hint
    gold, a refused card's reason in the dialogs' error colour."""
    hand = position_where("rook-classic", lambda h: h.phase == "play" and h.to_move == 0 and h.trick
                          and any(f"play {c}" not in h.legal_actions() for c in h.view(0).hand))
    app, table, recorder = window(table_session(hand))
    to_turn(app, table.viewer_controls_play)
    illegal = next(c for c in table.view().hand if hand.check(f"play {c}") is not None)
    drag(app, dict(table.card_rects(0))[illegal].center, table.place.centre)
    reason = the_line(recorder, "You must")
    assert reason.label == hand.check(f"play {illegal}") and reason.colour == theme.WARN
    click(app, table.hint_button.rect.center)
    assert the_line(recorder, "Working out a hint").colour == theme.GOLD
    for _ in frames(30):
        if table.message.startswith("Hint: "):
            break
        step(app)
    step(app)
    assert the_line(recorder, "Hint: play ").colour == theme.GOLD


def test_the_play_hint_says_so_once_the_player_raises_another_card(window: OpenWindow,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit: "Hint: play 10♥" stayed its 4 seconds beside another card the player raised, and read as naming it.
    As in the pass dialog (decision below), the hint stays, being still the advice, and says "Hint (you chose
    otherwise): ..." in the same gold while another card is raised, by a click or an arrow key; with the hinted
    card raised again it is "Hint: ..." again. Another line shown after it is left as it is."""
    monkeypatch.setattr("game.ui.scenes.table.MESSAGE_SECONDS", 3600)  # the hint's line stays on a slow machine
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0
                          and len(h.legal_actions()) >= 3)
    app, table, recorder = window(table_session(hand))
    to_turn(app, table.viewer_controls_play)
    click(app, table.hint_button.rect.center)
    for _ in frames(30):
        if table.message.startswith("Hint: "):
            break
        step(app)
    else:
        raise AssertionError("no hint came")
    step(app)
    advice = the_line(recorder, "Hint: ").label.removeprefix("Hint: ")
    hinted = table.selected
    assert hinted is not None and advice == hand.rules.action_words(f"play {hinted}")
    other = next(action.split()[1] for action in hand.legal_actions() if action != f"play {hinted}")
    click(app, dict(table.card_rects(0))[other].center)
    assert table.selected == other and other in table.view().hand  # raised, not played
    line = the_line(recorder, "Hint (")
    assert line.label == f"Hint (you chose otherwise): {advice}" and line.colour == theme.GOLD
    click(app, dict(table.card_rects(0))[hinted].center)
    assert the_line(recorder, "Hint: ").label == f"Hint: {advice}"
    key(app, pygame.K_RIGHT)
    assert table.selected != hinted
    assert the_line(recorder, "Hint (").label == f"Hint (you chose otherwise): {advice}"
    table.say("Nothing to undo")
    click(app, dict(table.card_rects(0))[hinted].center)
    assert table.selected == hinted and table.message == "Nothing to undo"


def test_the_pass_hint_says_so_once_the_player_chose_other_cards(window: OpenWindow) -> None:
    """Audit: after the player changes the cards in the pass box, "Hint: pass 8♦, 9♦, K♦" stayed under the box and
    read as what the box held. Decision: the hint stays (it is still the advice for this hand), and while the box
    holds a card it does not name it says "Hint (you chose otherwise): pass ...", in the same gold; with the hinted
    cards back it is "Hint: ..." again."""
    app, table, recorder, opened = open_dialog(window, "pass")
    dialog = of_kind(CardPickScene, opened)
    click(app, table.hint_button.rect.center)
    for _ in frames(30):
        step(app)
        if dialog.hint:
            break
    hinted = list(dialog.chosen)
    advice = dialog.hint.removeprefix("Hint: ")
    assert len(hinted) == 3 and dialog.hint == f"Hint: {advice}" and the_line(recorder, "Hint: ").label == dialog.hint
    click(app, dict(dialog.box_rects())[hinted[-1]].center)  # out of the box: some of the hint is no other choice
    assert the_line(recorder, "Hint: ").label == f"Hint: {advice}"
    other = next(card for card in dialog.remaining() if card not in hinted)
    drag(app, dict(dialog.hand_rects())[other].center, dialog.box.center)
    assert sorted(dialog.chosen) == sorted(hinted[:2] + [other])
    line = the_line(recorder, "Hint (")
    assert line.label == f"Hint (you chose otherwise): {advice}" and line.colour == theme.GOLD
    assert not [op for op in recorder.texts() if op.label.startswith("Hint: ")]
    click(app, dict(dialog.box_rects())[other].center)
    drag(app, dict(dialog.hand_rects())[hinted[-1]].center, dialog.box.center)
    assert the_line(recorder, "Hint: ").label == f"Hint: {advice}"


def test_the_cards_to_pass_keep_their_places_while_the_player_picks(window: OpenWindow) -> None:
    """Seen playing at 1280x720: after each card clicked into the pass box, the row closed up and moved half a card,
    so clicking the next card where the player saw it took its neighbour. Each card keeps its place (the chosen one
    leaves a gap), so three clicks where three cards were seen pass those three, and a card taken back out of the
    box returns to its own place."""
    app, table, recorder, opened = open_dialog(window, "pass")
    dialog = of_kind(CardPickScene, opened)
    seen = dict(dialog.hand_rects())
    picks = [dialog.cards[1], dialog.cards[5], dialog.cards[-2]]
    for card in picks:
        click(app, seen[card].center)
    assert dialog.chosen == picks
    assert dict(dialog.hand_rects()) == {card: rect for card, rect in seen.items() if card not in picks}
    click(app, dict(dialog.box_rects())[picks[1]].center)
    assert dict(dialog.hand_rects())[picks[1]] == seen[picks[1]] and dialog.chosen == [picks[0], picks[2]]


@pytest.mark.parametrize("held_by", ["its middle", "its lower edge"])
def test_a_card_more_dropped_on_the_full_pass_box_goes_back_with_the_reason(window: OpenWindow, held_by: str) -> None:
    """Audit: "A fourth card dropped on a full pass box is refused with no message." A card let go over the box
    (the pointer on it, or the card as drawn on it while the pointer is below it: a card held by its lower edge)
    counts as dropped on it; on a full box it goes back, and the dialog says why in the words of the pass."""
    app, table, recorder, opened = open_dialog(window, "pass")
    dialog = of_kind(CardPickScene, opened)
    for card in dialog.cards[:3]:
        drag(app, dict(dialog.hand_rects())[card].center, dialog.box.center)
    chosen = list(dialog.chosen)
    assert len(chosen) == 3
    card = dialog.remaining()[0]
    rect = dict(dialog.hand_rects())[card]
    grab = rect.center if held_by == "its middle" else (rect.centerx, rect.bottom - 4)
    middle = dialog.box.center if held_by == "its middle" else (dialog.box.centerx, dialog.box.bottom + 10)
    drop = (middle[0], middle[1] + grab[1] - rect.centery)  # the card's middle let go at ``middle``
    assert held_by == "its middle" or not dialog.box.inflate(40, 40).collidepoint(drop)  # the pointer is below it
    drag(app, grab, drop)
    assert dialog.chosen == chosen and card in dialog.remaining()
    line = the_line(recorder, "You pass")
    assert line.label == "You pass 3 cards: take one out first" and line.colour == theme.WARN


def winning_card(hand: Hand) -> str | None:
    """A legal card that makes seat 0, last to play to the trick, its winner (None if none does)."""
    for action in hand.legal_actions():
        after = hand.copy()
        after.apply(action)
        if after.tricks[-1][2] == 0:
            return action.split()[1]
    return None


def test_hint_and_last_trick_answer_while_the_trick_is_on_show(window: OpenWindow) -> None:
    """Audit, on the other buttons while cards move: every button drawn enabled then answers. The player takes the
    trick with the last card: while "You take the trick" shows, Hint (the player leads next) says it is working and
    gives its hint once the cards are gathered, Last trick shows the trick, and Claim the rest is not drawn (a claim
    is made on the player's turn with no card moving)."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0 and len(h.trick) == 3
                          and len(h.tricks) >= 1 and winning_card(h) is not None)
    app, table, recorder = window(table_session(hand), animation_speed=1.0, trick_pause=2.0)
    to_turn(app, table.viewer_controls_play)
    card = winning_card(hand)
    assert card is not None
    drag(app, dict(table.card_rects(0))[card].center, table.place.centre)
    for _ in frames(10):
        if table.motion.showing_winner:
            break
        step(app)
    assert table.motion.showing_winner and table.view().to_move == 0
    live = {op.label for op in recorder.live_buttons()}
    assert {"Hint", "Undo", "Last trick"} <= live and "Claim the rest" not in live
    click(app, table.last_button.rect.center)
    assert table.reviewing and table.busy()
    click(app, table.hint_button.rect.center)
    assert table.message == "Working out a hint..."
    for _ in frames(30):
        if table.message.startswith("Hint: "):
            break
        step(app)
    assert table.message.startswith("Hint: play ") and table.selected in table.view().hand


def test_hearts_broken_is_drawn_as_news_not_in_the_error_colour(window: OpenWindow) -> None:
    """The info line "Hearts broken" (decision: hearts may be led once a heart has been played) was drawn in the
    error colour of a refusal; it is the table's news, in plain ink, and "Hearts not broken" dimmer."""
    def turn_with(broken: bool) -> Hand:
        return position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0 and
                              hearts_part(h.view(0)).hearts_broken == broken)

    for broken, line, colour in ((False, "Hearts not broken", theme.INK_DIM), (True, "Hearts broken", theme.INK)):
        app, table, recorder = window(table_session(turn_with(broken)))
        to_turn(app, table.viewer_controls_play)
        step(app)
        assert the_line(recorder, line).colour == colour


def test_news_from_the_table_is_drawn_in_ink_and_a_problem_as_an_error(window: OpenWindow) -> None:
    """A second reader's finding: every line the table sent was drawn in the error colour, also the network's
    "The server can save again: play goes on" (``Message(news=True)``), which is news, not a refusal."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0)
    app, table, recorder = window(table_session(hand))
    to_turn(app, table.viewer_controls_play)
    table.show(Message("The server can save again: play goes on", news=True))
    step(app)
    assert the_line(recorder, "The server can save again").colour == theme.INK
    table.show(Message("No hint this time: the search for one failed"))
    step(app)
    assert the_line(recorder, "No hint this time").colour == theme.WARN


def test_a_frame_works_out_its_buttons_once(window: OpenWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Which buttons answer (``TableScene.offered``) was worked out by every button each time it was drawn: six to
    ten times a frame, each asking the table whether the rest may be claimed (a step of the claim check while it
    runs). A frame now asks once, and draws the buttons as they answer at that moment; once the position changes
    (the player plays a card), the next frame draws them as they answer then."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0 and not h.trick
                          and 1 <= len(h.tricks) <= 8)
    app, table, recorder = window(table_session(hand))
    to_turn(app, table.viewer_controls_play)
    asked: list[bool] = []
    claimable = table.table.claimable

    def counted() -> bool:
        asked.append(claimable())
        return asked[-1]

    monkeypatch.setattr(table.table, "claimable", counted)
    step(app)
    assert len(asked) == 1
    live = {op.label for op in recorder.live_buttons()}
    assert {"Hint", "Undo", "Last trick"} <= live and ("Claim the rest" in live) == asked[0]
    table.play(next(iter(table.view().plays())))
    asked.clear()
    step(app)
    assert len(asked) == 1 and "Hint" not in {op.label for op in recorder.live_buttons()}  # a computer's turn now
