"""New game shows who sits where and, for partnership presets, who plays with whom (from the engine's sides)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.chart import LINE_COLOURS
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.seat_map import seat_points
from tests.support.kinds import of_kind
from tests.support.ui_helpers import FAST, click, post, step


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
