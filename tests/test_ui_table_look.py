"""What the table shows a player (issue 19), driven by posted events with the SDL dummy driver: the special
queens and their legend, the nest's cards marked, the hand's spacing and order, the card under the pointer,
the marker at the seat to move, the trick's winner, and the bid dialog beside the auction."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, Protocol

import pygame
import pytest

from game.engine import Match, load_rules
from game.engine.language import gettext, ngettext
from game.engine.rook import RookHand
from game.engine.view import RookPart, SeatView
from game.engine.words import SEAT_NAMES
from game.table.session import SeatPlan, Session
from game.ui import assets, table_painter, theme
from game.ui.app import App
from game.ui.hand_layout import GAP, arranged
from game.ui.scenes.dialogs import BidScene, CardPickScene
from game.ui.scenes.table import TableScene
from game.ui.table_layout import TableLayout
from game.ui.table_marks import queen_legend
from tests.support.deals import position_where, table_session
from tests.support.kinds import of_kind
from tests.support.ui_helpers import (
    FAST,
    OpenWindow,
    Size,
    choose_cards,
    click,
    drag,
    frames,
    local_table,
    post,
    settle,
    step,
    to_turn,
    top_scene,
)

SIZES = [(1280, 720), (800, 500)]


# settings: any of Settings' fields, each a value of its own type
def open_at(size: Size, preset: str, humans: int, seed: int = 5, names: Sequence[str] | None = None,
            **settings: Any) -> tuple[App, Session, TableScene]:
    app = App(FAST if not settings else type(FAST)(**{**FAST.__dict__, **settings}), search_process=False)
    rules = load_rules(preset)
    seats = [SeatPlan(names[i] if names else f"P{i}", i < humans, "easy") for i in range(rules.players)]
    session = Session(Match(rules, seed=seed), seats)
    table = of_kind(TableScene, app.open("table", session=session))
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    step(app)
    assert app.size == size
    return app, session, table


class OpenAt(Protocol):
    """The ``opened`` fixture: ``open_at``, the window closed after the test."""
    def __call__(self, size: Size, preset: str, humans: int, seed: int = 5, names: Sequence[str] | None = None,
                 **settings: Any) -> tuple[App, Session, TableScene]: ...


@pytest.fixture
def opened() -> Iterator[OpenAt]:
    apps = []

    def make(size: Size, preset: str, humans: int, seed: int = 5, names: Sequence[str] | None = None,
             **settings: Any) -> tuple[App, Session, TableScene]:
        result = open_at(size, preset, humans, seed, names, **settings)
        apps.append(result[0])
        return result

    yield make
    for app in apps:
        app.close()


def is_gold_paper(colour: pygame.Color) -> bool:
    return colour.r > 200 and colour.b < colour.r - 40  # the special queens' paper; a plain card's is white


def test_special_queens_are_drawn_special_in_the_hand_and_listed_in_a_legend(opened: OpenAt) -> None:
    seed = next(s for s in range(100) if {"QS", "QH"} <= set(Match(load_rules("hearts-royal"), seed=s).hand
                                                              .view(0).hand))
    app, session, table = opened((1280, 720), "hearts-royal", humans=1, seed=seed)
    for _ in frames(30):
        if isinstance(app.stack.top, CardPickScene):
            break
        step(app)
    scene = top_scene(app, CardPickScene)
    rects = dict(scene.hand_rects())
    plain = next(card for card in rects if card not in session.rules.royal_queens)
    for card in ("QS", "QH", plain):
        rect = rects[card]
        colour = app.screen.get_at((rect.x + 8, rect.centery))
        assert is_gold_paper(colour) == (card != plain), card
    assert [line.get_width() > 0 for line in queen_legend(session.rules.royal_queens, 14)] == [True] * 4


def test_a_house_rule_subset_of_queens_is_the_only_one_special(opened: OpenAt) -> None:
    rules = load_rules("hearts-classic").changed({"royal_queens": ("QD",)})
    app, session, table = opened((1280, 720), "hearts-classic", humans=1)
    assert not table.art.specials  # Classic: plain queens, no legend
    session.match = Match(rules, seed=1)
    table.layout()
    assert table.art.specials == {"QD"} and len(queen_legend(rules.royal_queens, 14)) == 1


def human_declarer(opened: OpenAt, size: Size = (1280, 720)) -> tuple[App, Session, TableScene, CardPickScene]:
    """A rook-classic table where the human (seat 0) won the auction and is laying back the nest."""
    for seed in range(1, 40):
        app, session, table = opened(size, "rook-classic", humans=1, seed=seed)
        for _ in frames(60):
            top = app.stack.top
            if session.hand.phase != "bid" and not isinstance(top, BidScene):
                break
            if isinstance(top, BidScene):
                click(app, (top.bid if top.bids else top.pass_).rect.center)
            else:
                step(app)
        settle(app, 3)
        if session.hand.phase == "nest" and isinstance(top := app.stack.top, CardPickScene):
            return app, session, table, top
    raise AssertionError("the human never won an auction")


def test_the_nests_cards_are_marked_until_the_exchange_ends(opened: OpenAt) -> None:
    app, session, table, scene = human_declarer(opened)
    nest = set(session.rules.card_names(session.hand.extras["nest"]))
    assert scene.marked == nest and table.painter.marked_cards(0, table.view()) == nest
    step(app)
    for card, rect in scene.hand_rects():
        ring = app.screen.get_at((rect.x + 1, rect.centery))
        assert (tuple(ring)[:3] == theme.RECEIVED) == (card in nest), card
    choose_cards(app, scene, scene.cards[:5])
    assert session.hand.phase != "nest"
    assert table.painter.marked_cards(0, table.view()) == set()


@pytest.mark.parametrize("count", [9, 13])
def test_at_1280x720_the_hand_is_spread_a_comfortable_gap_apart(opened: OpenAt, count: int) -> None:
    app, session, table = opened((1280, 720), "rook-classic", humans=1)
    rects = table.place.hand_rects(count)
    gaps = [b.left - a.right for a, b in zip(rects, rects[1:])]
    assert all(abs(gap - table.place.cw * GAP) <= 1 for gap in gaps), gaps  # no overlap: every card shows whole
    assert rects[0].left >= 0 and rects[-1].right <= 1280
    assert abs((rects[0].left + rects[-1].right) / 2 - 640) <= 1


def test_in_the_smallest_window_a_long_hand_overlaps_evenly_and_stays_inside(opened: OpenAt) -> None:
    """17 cards (Hearts for 3) just fit the smallest window side by side; with the largest cards they overlap."""
    app, session, table = opened((800, 500), "hearts-3p", humans=1)
    rects = table.place.hand_rects(17)
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:])) and rects[-1].right <= 800
    app.settings.card_scale = 1.5
    app.window.apply_settings()
    rects = table.place.hand_rects(17)
    steps = {b.left - a.left for a, b in zip(rects, rects[1:])}
    assert max(steps) - min(steps) <= 1 and max(steps) < table.place.cw  # overlapping, evenly
    assert rects[0].left >= 0 and rects[-1].right <= 800


def test_the_trump_suit_goes_to_one_end_and_hearts_suits_keep_a_fixed_order() -> None:
    rook = load_rules("rook-classic")
    hand = ["ROOK", "B5", "G14", "G5", "R10", "Y7", "B14"]
    assert arranged(hand, rook, "green") == ["B5", "B14", "R10", "Y7", "G5", "G14", "ROOK"]
    assert arranged(hand, rook, None) == ["B5", "B14", "G5", "G14", "R10", "Y7", "ROOK"]
    assert arranged(["B1", "B14"], load_rules("rook-500"), "black") == ["B14", "B1"]  # 1s high
    hearts = load_rules("hearts-classic")
    assert arranged(["AH", "2C", "QS", "3D", "KC"], hearts) == ["2C", "KC", "3D", "QS", "AH"]


def test_the_card_under_the_pointer_is_lifted_and_the_hand_is_in_suit_order(opened: OpenAt) -> None:
    app, session, table = opened((1280, 720), "hearts-classic", humans=1)
    to_turn(app, table.viewer_controls_play)
    cards = table.cards_of(0)
    assert cards == arranged(cards, session.rules)
    card, rect = table.card_rects(0)[4]
    felt_above = app.screen.get_at((rect.centerx, rect.top - 3))
    post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert table.painter.lifted_card() == card
    assert app.screen.get_at((rect.centerx, rect.top - 3)) != felt_above  # the card now shows above the row
    post(pygame.MOUSEMOTION, pos=(rect.centerx, rect.top - 60), rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert table.painter.lifted_card() is None


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each line of text the table's painter draws, in order (a name plate's are its last ones)."""
    lines: list[str] = []

    def text(line: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        lines.append(line)
        return assets.text(line, *args, **kwargs)

    monkeypatch.setattr(table_painter, "text", text)
    return lines


def late_in_a_long_match(view: SeatView) -> SeatView:
    """``view`` with three figures and a sign for the scores, 120 points and 13 tricks for every seat."""
    return replace(view, scores=tuple(-120 if i % 2 else 285 for i in range(len(view.scores))),
                   points=tuple(120 for _ in view.points), tricks_won=tuple(13 for _ in view.tricks_won))


@pytest.mark.parametrize("preset", ["hearts-2p", "rook-2p", "hearts-3p", "hearts-classic", "rook-classic", "hearts-5p",
                                    "rook-6p"])
def test_every_name_plate_keeps_its_tricks_at_the_smallest_window(opened: OpenAt, drawn: list[str],
                                                                   preset: str) -> None:
    """At 800x500 the plates of the seats at the window's sides dropped the tricks taken (their room was cut by the
    window's edge), which larger windows show. Every seat's plate, at every table size, now says its score, its
    points and its tricks, late in a long match (three figures and a sign for the score, 120 points, 13 tricks),
    clear of every seat's cards, of the trick's cards in the middle and of the other plates, inside the window."""
    app, session, table = opened((800, 500), preset, humans=1)
    view = late_in_a_long_match(table.view())
    place, window = table.place, pygame.Rect((0, 0), app.size)
    cards = table.painter.cards_lying(view)
    plates = []
    for seat in range(view.players):
        drawn.clear()
        words = table.painter.name_plate(seat, view)[1]
        plate = words.inflate(16, 8)  # its back (the viewer's reaches under the foot of their cards, as before)
        assert "13 tricks" in drawn[-1], f"{preset}: seat {seat}'s plate says {drawn}"
        assert window.contains(plate) and words.collidelist(cards) < 0 and plate.collidelist(place.trick_cards()) < 0
        plates.append(plate)
    assert all(a.collidelist(plates[i + 1:]) < 0 for i, a in enumerate(plates))


@pytest.mark.parametrize("size", SIZES)
def test_a_marker_points_at_the_seat_to_move(opened: OpenAt, size: Size) -> None:
    app, session, table = opened(size, "hearts-classic", humans=1, computer_pause=5.0)
    to_turn(app, lambda: session.hand.phase == "play" and session.hand.to_move != 0)  # a computer thinks 5 s
    step(app)
    view = table.view()
    points = table.painter.turn_marker(view)
    assert points is not None
    x, y = (sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3)
    table.draw(app.screen)  # as the last frame drew it: the marker bobs from frame to frame
    assert tuple(app.screen.get_at((round(x), round(y))))[:3] == theme.GOLD
    plate = table.painter.name_plate(session.hand.to_move, view)[1]
    assert abs(y - plate.centery) <= 2 and not plate.collidepoint(x, y)
    others = [table.painter.name_plate(seat, view)[1] for seat in range(4) if seat != session.hand.to_move]
    assert all(not plate.inflate(60, 0).colliderect(other) for other in others)


def test_a_frame_lays_out_each_name_plate_once(opened: OpenAt, monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn marker keeps clear of every plate, and each plate's words were measured again for it: a frame laid
    out each plate twice (a sixth of the table's drawing). Now once a frame, and a plate asked between frames (a
    drop on the table, the tests) is laid out as it is then."""
    app, session, table = opened((1280, 720), "hearts-5p", humans=1, computer_pause=5.0)
    to_turn(app, lambda: session.hand.phase == "play" and session.hand.to_move != 0)  # a computer thinks 5 s
    painter = table.painter
    laid: list[int] = []
    real = painter._lay_out_plate

    def lay_out(seat: int, view: SeatView) -> table_painter.Plate:
        laid.append(seat)
        return real(seat, view)

    monkeypatch.setattr(painter, "_lay_out_plate", lay_out)
    table.draw(app.screen)
    assert sorted(laid) == list(range(5))
    laid.clear()
    view = table.view()
    assert painter.name_plate(1, view) == painter.name_plate(1, view) and laid == [1, 1]


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("preset", ["hearts-2p", "rook-2p", "hearts-3p", "rook-classic", "hearts-5p", "rook-5p",
                                    "rook-500-5p", "rook-6p"])
def test_the_marker_covers_no_card_nor_another_plate(opened: OpenAt, monkeypatch: pytest.MonkeyPatch, preset: str,
                                                     scale: float) -> None:
    """Seen at five seats at 800x500: the marker beside the north-west seat's plate, late in a match (the plate at
    its widest), lay over the top left card of the trick, over the corner that says what it is. For every seat to
    move, at every table size, over the marker's whole bob: it covers no card of the trick, no seat's cards (the
    player's hand included) and no other plate, stays inside the window, and points at the plate from beside it."""
    app, session, table = opened((800, 500), preset, humans=1, card_scale=scale)
    for size in [(800, 500), (1280, 720), (1920, 1080)]:
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        step(app)
        view = late_in_a_long_match(table.view())
        place, window = table.place, pygame.Rect((0, 0), size)
        cards = [*place.trick_cards(), *table.painter.cards_lying(view)]
        plates = [table.painter.name_plate(seat, view)[1].inflate(16, 8) for seat in range(view.players)]
        for seat in range(view.players):
            to_move = replace(view, to_move=seat)
            plate = plates[seat]
            for bob in [i / 12 for i in range(12)]:
                monkeypatch.setattr(table, "marker_bob", lambda bob=bob: bob)
                points = table.painter.turn_marker(to_move)
                assert points is not None
                xs, ys = [x for x, _ in points], [y for _, y in points]
                marker = pygame.Rect(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 5, max(ys) - min(ys) + 5)
                where = (preset, size, seat, bob, tuple(marker))
                assert marker.collidelist(cards) < 0 and window.contains(marker), where
                assert marker.collidelist(plates[:seat] + plates[seat + 1:]) < 0, where
                tip_x, tip_y = points[0]  # from a side of the plate, level with its middle; or from below or above
                away = min(abs(tip_x - plate.left), abs(tip_x - plate.right)) if abs(tip_y - plate.centery) <= 1 \
                    else min(abs(tip_y - plate.top), abs(tip_y - plate.bottom)) if abs(tip_x - plate.centerx) <= 1 \
                    else math.inf
                assert 0 < away <= 4 + place.text_px * 0.25 + 1, where  # its bob away from the plate, at most


def test_the_tricks_winner_is_ringed_before_the_cards_are_gathered(opened: OpenAt) -> None:
    app, session, table = opened((1280, 720), "hearts-classic", humans=0, trick_pause=30.0)
    for _ in frames(60):
        if table.motion.collect_in > 0 and not table.motion.flights:
            break
        step(app)
    else:
        raise AssertionError("no trick was completed")
    winner = session.hand.tricks[-1][2]
    step(app)
    spot = table.place.trick_spot(winner)
    assert tuple(app.screen.get_at((spot[0] + 1, spot[1] + table.place.ch // 2)))[:3] == theme.GOLD
    losers = [seat for seat, _ in table.motion.finished_trick if seat != winner]
    for seat in losers:
        x, y = table.place.trick_spot(seat)
        assert tuple(app.screen.get_at((x + 1, y + table.place.ch // 2)))[:3] != theme.GOLD


# the part of a card at its top left that says what it is, its rank and suit as drawn (game/ui/cards.py: the number or
# rank 7.5% in from the corner, the colour's letter or the suit's pip under it), as parts of its width and height
INDEX = (0.5, 0.36)


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("preset", ["hearts-classic", "rook-500-5p", "hearts-5p", "rook-6p"])
def test_the_trick_and_who_takes_it_stay_above_the_players_hand(opened: OpenAt, preset: str, scale: float) -> None:
    """With larger cards (the Card size setting) the taller trick of five seats reached down over the player's own
    hand at 1280x720, and the line saying who takes the trick under it: both stay above the hand."""
    app, session, table = opened((1280, 720), preset, humans=1, card_scale=scale)
    place = table.place
    line = assets.font(place.text_px - 4, True).get_linesize()
    assert place.trick_area().bottom + 6 + line + 4 <= place.hand_top(), f"{preset} at card size {scale}"


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("preset", ["rook-500-5p", "hearts-5p", "rook-6p"])
def test_at_five_and_six_seats_every_card_of_a_trick_can_be_read(size: Size, preset: str) -> None:
    """At 5 and 6 players a trick's cards lay one over another (in Rook 500 at 1280x720 West's Green 1 lay almost
    wholly under North's Green 6): whoever leads and wherever the viewer sits, no card covers the index (rank and
    suit) of a card played before it in the engine's order, nor more than a quarter of its face; no card reaches a
    seat's cards or name plate; and a card dropped on any card of the trick is played, the hand kept out of it."""
    pygame.font.init()  # the layout measures the lines at the top left
    hand = Match(load_rules(preset), seed=3).hand
    for viewer in range(hand.n):
        place = TableLayout(size, 1.0, hand.seats_clockwise_from(viewer))
        spots = dict(zip(place.around, place.trick_cards()))
        boxes = [place.seat_box(seat) for seat in place.around[1:]]
        for leader in range(hand.n):
            order = hand.play_order[leader]
            for i, seat in enumerate(order):
                card = spots[seat]
                index = pygame.Rect(card.topleft, (round(place.cw * INDEX[0]), round(place.ch * INDEX[1])))
                later = [spots[other] for other in order[i + 1:]]
                assert index.collidelist(later) < 0, f"{seat}'s index covered, led by {leader}, at {size}"
                hidden = sum(card.clip(other).width * card.clip(other).height for other in later)
                assert hidden <= card.width * card.height // 4
        assert all(spot.collidelist(boxes) < 0 for spot in spots.values())
        zone = place.drop_zone()
        assert all(any(piece.contains(spot) for piece in zone) for spot in spots.values())
        assert all(piece.bottom < place.hand_top() for piece in zone)


LONG = ["Bartholomew Longname", "Maximiliana Longname", "Christopherson Long", "Alexandrina Longname",
        "Wilhelmina Longname", "Konstantinos Long"]


def in_zone(zone: list[pygame.Rect], point: tuple[int, int]) -> bool:
    return any(piece.collidepoint(point) for piece in zone)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("preset", "scale"), [("hearts-2p", 1.0), ("hearts-3p", 1.0), ("rook-2p", 1.0),
                                               ("hearts-classic", 1.0), ("rook-500-5p", 1.0), ("hearts-5p", 1.0),
                                               ("hearts-5p", 1.25), ("rook-6p", 1.0), ("rook-6p", 1.25)])
def test_the_drop_zone_keeps_clear_of_the_seats_and_the_hand(opened: OpenAt, size: Size, preset: str,
                                                             scale: float) -> None:
    """A card let go over another seat's cards or name plate, the lines at the top left or the player's own hand
    glides back: the drop zone (where a card let go is played) is the trick's cards with a margin and the middle of
    the table between them, and covers none of those, at every number of seats (at five it reached up over the
    plates of the seats at the top, at six with larger cards). Up to four seats all of the middle of the table, 4.6
    by 2.6 cards, still takes a drop wherever it covers nothing else (the rook-2p dummy's row of open cards, at its
    widest, cuts a corner)."""
    app, session, table = opened(size, preset, humans=1, names=LONG, card_scale=scale)
    place, view = table.place, table.view()
    zone = place.drop_zone()
    others = [place.seat_box(seat) for seat in place.around[1:]]  # each seat's fan of cards and name plate
    plates = [table.painter.name_plate(seat, view)[1].inflate(16, 8) for seat in range(session.hand.n)]
    face_up = [rect for seat in range(session.hand.n) for _, rect in table.card_rects(seat)]  # the hand, the dummy
    info = pygame.Rect(0, 0, 12 + place.info_room(), place.info_bottom())
    for piece in zone:
        assert piece.collidelist([*others, *plates, *face_up, info]) < 0, f"{piece} at {preset}, {size}"
    assert all(any(piece.contains(card) for piece in zone) for card in place.trick_cards())
    assert in_zone(zone, place.centre)
    if len(place.around) <= 4:
        cw, ch = place.cw, place.ch
        middle = pygame.Rect(0, 0, int(cw * 4.6), int(ch * 2.6))
        middle.center = place.centre
        points = [(x, y) for x in range(middle.left, middle.right, 8) for y in range(middle.top, middle.bottom, 8)]
        missed = [point for point in points if not in_zone(zone, point)]
        dummy = [rect for _, rect in table.card_rects(view.dummy_seat)] if view.dummy_seat >= 0 else []
        beside = pygame.Rect(0, 0, size[0], max((rect.bottom for rect in dummy), default=0))  # the dummy's row
        assert len(missed) <= len(points) // 20 and all(beside.collidepoint(point) for point in missed), missed


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("preset", "scale"), [("rook-500-5p", 1.0), ("hearts-5p", 1.0), ("rook-6p", 1.25)])
def test_a_card_dropped_on_an_upper_seats_name_plate_glides_back(window: OpenWindow, preset: str, scale: float,
                                                                  size: Size) -> None:
    """At five seats, and six with larger cards (Card size 1.25), the drop zone, a fixed 4.6 by 2.6 cards round
    the middle, reached up over the name plates of the seats at the top: a card let go on an opponent's plate was
    played. Let go on the plate where it
    is nearest the middle of the table, the card glides back to the hand unplayed; let go in the trick's middle,
    it is played."""
    hand = position_where(preset, lambda h: h.phase == "play" and h.to_move == 0)
    app, table, _ = window(table_session(hand, names=LONG), size, animation_speed=1.0, card_scale=scale)
    session = local_table(table).controller.session
    to_turn(app, table.viewer_controls_play)
    card = session.hand.legal_actions()[0].split()[1]
    place, view = table.place, table.view()
    cx, cy = place.centre
    for seat in place.around[1:]:
        plate = table.painter.name_plate(seat, view)[1].inflate(16, 8)
        if plate.centery > cy:
            continue  # a seat low on the table
        before = len(session.hand.actions)
        spot = (min(max(cx, plate.left), plate.right - 1), min(max(cy, plate.top), plate.bottom - 1))
        drag(app, dict(table.card_rects(0))[card].center, spot)
        assert len(session.hand.actions) == before, f"dropped on seat {seat}'s name plate at {spot}"
        assert table.motion.in_flight(card)  # on its way back to the hand
        settle(app, 10)
        assert card in dict(table.card_rects(0)) and not table.motion.in_flight(card)
    drag(app, dict(table.card_rects(0))[card].center, place.centre)
    assert card not in session.hand.view(0).hand  # played


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", ["rook-classic", "rook-5p", "rook-6p"])
def test_the_bid_dialog_never_covers_the_auction(opened: OpenAt, size: Size, preset: str) -> None:
    app, session, table = opened(size, preset, humans=1, names=LONG)
    hand = of_kind(RookHand, session.hand)
    for _ in frames(30):  # two rounds of bids, then the human's turn, with the dialog up
        if isinstance(app.stack.top, BidScene) and len(hand.bids) >= 2 * hand.n:
            break
        if hand.to_move != 0 or len(hand.bids) < 2 * hand.n:
            local_table(table).controller.decision = None
            hand.apply(f"bid {hand.lowest_bid()}")
        step(app)
    dialog = app.stack.top
    assert isinstance(dialog, BidScene)
    surface = app.screen
    view = table.view()
    areas = [table.painter.draw_seat(surface, seat, view) for seat in range(hand.n)]
    auction = table.painter.draw_auction(surface, view, areas)
    assert not auction.colliderect(dialog.rect)
    assert dialog.rect.bottom <= table.place.hand_rects(1)[0].top  # nor the player's hand
    assert all(surface.get_rect().contains(button.rect) for button in dialog.buttons)


@pytest.mark.parametrize("names", ["default", "long"])
@pytest.mark.parametrize("language", ["en", "de", "es", "fr"])
@pytest.mark.parametrize(("preset", "part"), [("rook-classic", "declarer"), ("rook-3p", "declarer"),
                                              ("rook-6p", "declarer"), ("rook-500-5p", "declarer"),
                                              ("rook-500-5p", "partner")])
def test_a_name_plate_keeps_its_tricks_beside_its_part_in_the_hand(opened: OpenAt, drawn: list[str], preset: str,
                                                                    part: str, language: str, names: str) -> None:
    """At 800x500 a plate with two parts in the hand ("dealer, declarer"; "dealer, partner" in 500 for five) put
    them first on the line under the name, which then dropped the seat's tricks: for long names in English, for
    every such seat in French and Spanish, and on the player's own plate in German. Whichever seat has them, to
    move or not, its plate still says its score, its points and its tricks late in a long match, inside the window
    and clear of every seat's cards, of the trick, of the lines at the top left and of the other plates."""
    players = load_rules(preset).players
    app, session, table = opened((800, 500), preset, humans=1, language=language,
                                 names=SEAT_NAMES[players] if names == "default" else LONG[:players])
    place, window = table.place, pygame.Rect((0, 0), app.size)
    view = late_in_a_long_match(table.view())
    cards = table.painter.cards_lying(view)
    tricks = ngettext("{count} trick", "{count} tricks", 13).format(count=13)
    for seat in range(players):
        rook = of_kind(RookPart, view.rook)
        rook = replace(rook, declarer=seat, partner=-1) if part == "declarer" else \
            replace(rook, declarer=(seat + 1) % players, partner=seat)
        for to_move in (seat, (seat + 1) % players):
            seen = replace(view, dealer=seat, to_move=to_move, rook=rook)
            info = table.painter.draw_info(app.screen, seen)
            plates = [table.painter.name_plate(other, seen)[1].inflate(16, 8) for other in range(players)
                      if other != seat]
            drawn.clear()
            words = table.painter.name_plate(seat, seen)[1]
            plate = words.inflate(16, 8)
            score = gettext("score {score}").format(score=seen.scores[seat])
            assert tricks in drawn[-1] and score in drawn[-1], f"seat {seat}'s plate says {drawn}"
            assert window.contains(plate) and words.collidelist(cards) < 0, f"seat {seat}: {plate}"
            assert plate.collidelist([*place.trick_cards(), info, *plates]) < 0, f"seat {seat}: {plate}"


def test_a_card_dropped_on_a_plate_grown_to_a_third_line_glides_back(window: OpenWindow) -> None:
    """A plate whose part in the hand takes a line of its own grows down below the room the layout keeps for its
    seat, into the drop zone round the trick (rook-6p at 800x500 in Spanish: the top seat as dealer and declarer, with
    a long name). A card let go on that line glides back, as on any other seat's plate; let go on the trick, it is
    played."""
    hand = position_where("rook-6p", lambda h: h.phase == "play" and h.to_move == 0 and of_kind(RookHand, h)
                          .declarer == 3, dealer=3)
    app, table, _ = window(table_session(hand, names=LONG), (800, 500), animation_speed=1.0, language="es")
    session = local_table(table).controller.session
    to_turn(app, table.viewer_controls_play)
    lines, words = table.painter.name_plate(3, table.view())
    plate = words.inflate(16, 8)
    on_zone = [(x, y) for x in range(plate.left, plate.right) for y in range(plate.top, plate.bottom)
               if any(piece.collidepoint((x, y)) for piece in table.place.drop_zone())]
    assert len(lines) == 3 and on_zone, "the top seat's plate has a line of its own for its part, in the zone"
    card = session.hand.legal_actions()[0].split()[1]
    before = len(session.hand.actions)
    drag(app, dict(table.card_rects(0))[card].center, on_zone[len(on_zone) // 2])
    assert len(session.hand.actions) == before and table.motion.in_flight(card)  # on its way back
    settle(app, 10)
    drag(app, dict(table.card_rects(0))[card].center, table.place.centre)
    assert card not in session.hand.view(0).hand  # played
