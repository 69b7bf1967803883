"""New game shows who sits where and, for partnership presets, who plays with whom (from the engine's sides)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest

from game.ui.app import App
from game.ui.chart import LINE_COLOURS
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.seat_map import seat_points
from tests.support.kinds import of_kind
from tests.support.ui_helpers import FAST, click, key, post, step, type_text


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("preset, sides", [("rook-classic", [(0, 2), (1, 3)]), ("rook-500", [(0, 2), (1, 3)]),
                                           ("rook-5p", []), ("rook-3p", []), ("hearts-classic", [])])
def test_setup_shows_the_seats_and_the_partnerships(size: tuple[int, int], preset: str, sides: list[tuple[int,
                                                    int]]) -> None:
    app = App(FAST, search_process=False)
    try:
        scene = of_kind(SetupScene, app.open("setup", preset=preset))
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        step(app)
        assert scene.sides == sides
        assert app.screen.get_rect().contains(scene.map_rect)
        assert scene.map_rect.collidelist([button.rect for button in scene.buttons]) == -1
        points = seat_points(scene.map_rect, scene.first_hand.seats_clockwise_from(0))
        assert len({point for point in points}) == scene.seat_count
        (x0, y0), (x2, y2) = points[0], points[2]
        between = (round(x0 + (x2 - x0) * 0.3), round(y0 + (y2 - y0) * 0.3))  # on the line from seat 0 to seat 2
        colour = tuple(app.screen.get_at(between))[:3]
        assert (colour == LINE_COLOURS[0]) == bool(sides)
    finally:
        app.close()


@pytest.mark.parametrize("preset", ["hearts-2p", "rook-3p", "hearts-classic", "hearts-royal-5p", "rook-6p"])
def test_each_seat_has_the_same_name_and_place_on_the_map_and_at_the_table(preset: str) -> None:
    """Seen by a player: on 5-player Royal Hearts' map "East" sits top right and "Sam" at the right; in 2-player
    Hearts "West" sits at the top. The names are the default player names (Settings, Player names), given to seats
    in order; the map and the table both seat the players clockwise from the person at the screen (the engine's
    ``seats_clockwise_from``, at the same angles), so each seat shows the same name in the same place on both."""
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    try:
        setup = of_kind(SetupScene, app.open("setup", preset=preset))
        step(app)
        around = setup.first_hand.seats_clockwise_from(0)
        named = [setup.seats[seat].name for seat in around]
        click(app, setup.start.rect.center)
        table = of_kind(TableScene, app.stack.scenes[0])  # a dialog for the first decision may be over it
        view = table.view()
        assert view.seating == around and [table.table.name(seat) for seat in view.seating] == named
    finally:
        app.close()


# where each place name says a seat sits, as a step on a map: east and south are positive, as on the screen
COMPASS = {"You": (0, 1), "North": (0, -1), "North-east": (1, -1), "East": (1, 0), "South-east": (1, 1),
           "South-west": (-1, 1), "West": (-1, 0), "North-west": (-1, -1)}


def started(app: App, preset: str) -> tuple[SetupScene, TableScene]:
    """New game for ``preset``, its seats as the settings name them, started: the table under any dialog."""
    setup = of_kind(SetupScene, app.open("setup", preset=preset))
    step(app)
    click(app, setup.start.rect.center)
    return setup, of_kind(TableScene, app.stack.scenes[0])


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("preset, names", [
    ("hearts-5p", ["You", "West", "North-west", "North-east", "East"]),
    ("rook-3p", ["You", "North-west", "North-east"]),
    ("hearts-2p", ["You", "North"]),
    ("rook-2p", ["You", "North", "Dummy"]),
    ("rook-classic", ["You", "West", "North", "East"]),
    ("rook-6p", ["You", "South-west", "North-west", "North", "North-east", "South-east"]),
])
def test_a_seat_nobody_named_is_named_where_it_sits(size: tuple[int, int], preset: str, names: list[str]) -> None:
    """Seen by a player: at 5-player Hearts "East" sat top right and "Sam" at the right; at 3-player Rook "North"
    sat top right. Each seat whose name in the settings is untouched is named where it sits at this table, the
    person at the screen at the bottom (south), and the names agree with the seats as a map is read: of any two
    seats, the one whose name lies further west sits plainly further left, the one further north plainly higher (the
    spot each seat's cards are drawn round, TableLayout.seat_anchor). The rook-2p dummy is named Dummy; it sits on the
    dealer's right (decision 22), so the opponent is top left or top right as the deal goes, North either way."""
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    try:
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        _, table = started(app, preset)
        assert [table.table.name(seat) for seat in range(len(names))] == names
        placed = [(COMPASS[name], table.place.seat_anchor(seat)) for seat, name in enumerate(names) if name != "Dummy"]
        apart = table.place.cw  # plainly further: by a card's width at least
        for (way, spot), (other_way, other_spot) in itertools.combinations(placed, 2):
            for axis in (0, 1):  # across, then up and down
                if way[axis] != other_way[axis]:
                    assert (way[axis] < other_way[axis]) == (spot[axis] < other_spot[axis]) and \
                        abs(spot[axis] - other_spot[axis]) >= apart, f"{names} sit at {[spot for _, spot in placed]}"
    finally:
        app.close()


def test_names_typed_in_the_settings_stay_and_the_others_follow_their_seats() -> None:
    """"Names a player typed in the settings stay as they typed them: only untouched defaults change", at every
    table size; and on New game a name this screen gave follows its seat to where it sits in the next preset
    chosen, while a name typed there stays."""
    app = App(replace(FAST, names=["You", "South-west", "Ann", "North", "North-east", "Bo"]), search_process=False)
    app.services.keep_matches = False
    try:
        setup, _ = started(app, "hearts-5p")
        assert [plan.name for plan in setup.seats] == ["You", "West", "Ann", "North-east", "East"]
        setup = of_kind(SetupScene, app.open("setup", preset="rook-6p"))
        step(app)
        assert [plan.name for plan in setup.seats] == ["You", "South-west", "Ann", "North", "North-east", "Bo"]
        setup = of_kind(SetupScene, app.open("setup", preset="hearts-classic"))
        step(app)
        assert [plan.name for plan in setup.seats] == ["You", "West", "Ann", "East"]
        click(app, setup.seat_buttons[9].rect.center)  # seat 3's name
        type_text(app, "Cy")
        key(app, pygame.K_RETURN)
        click(app, setup.previous.rect.center)  # round to the last Hearts preset: 5-player Royal Hearts
        assert setup.preset == "hearts-royal-5p"
        assert [plan.name for plan in setup.seats] == ["You", "West", "Ann", "Cy", "East"]
    finally:
        app.close()
