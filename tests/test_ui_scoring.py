"""The score sheet fits its panel: every column as wide as its text, smaller text or shorter cells for big tables,
and no text running into the next column (seen: rook-3p's cells overlapped, "10 pts +20 = 2010 pts ...")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pygame
import pytest

from game.table.local import LocalTable
from game.ui.app import App
from game.ui.assets import font
from game.ui.scenes.dialogs import PauseScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.table import TableScene
from game.ui.services import Services
from game.ui.sheet import SMALLEST_SHEET_TEXT, sheet_layout, sheet_rows
from tests.support.deals import first_hand_over
from tests.support.kinds import of_kind
from tests.support.ui_helpers import FAST, click, frames, key, played_table, step


def sheet_width(table: LocalTable, window_width: int) -> int:
    """The width ScoreScene gives the sheet in a window this wide (16:9, or the smallest window's 8:5)."""
    size = (window_width, window_width * 9 // 16 if window_width > 800 else 500)
    services = SimpleNamespace(window=SimpleNamespace(size=size))  # all the sheet's layout reads of its services
    scene = ScoreScene(cast(Services, services), table, lambda: None)
    scene.layout()
    return scene.sheet_rect.width


def check_columns_apart(size: int, lefts: list[int], widths: list[int], width: int) -> None:
    for left, column_width, next_left in zip(lefts, widths, lefts[1:]):
        assert left + column_width <= next_left
    assert lefts[-1] + widths[-1] - size <= width


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_three_player_rook_sheet_shows_whole_cells_each_inside_its_column() -> None:
    """The case that overlapped: rook-3p in a 1280-wide window."""
    table = played_table("rook-3p", ["You", "West", "North"], 3)
    header, rows, short_rows = sheet_rows(table)
    width = sheet_width(table, 1280)
    size, shown, lefts, widths = sheet_layout(header, rows, width, 18, short_rows)
    assert shown == rows and size >= SMALLEST_SHEET_TEXT
    check_columns_apart(size, lefts, widths, width)
    for row in [header] + shown:
        for value, column_width in zip(row, widths):
            assert font(size, bold=row is header).size(value)[0] <= column_width - size // 2, value


def test_a_four_player_sheet_keeps_the_text_size_asked_for() -> None:
    table = played_table("hearts-classic", ["You", "West", "North", "East"], 2)
    header, rows, short_rows = sheet_rows(table)
    size, shown, _, _ = sheet_layout(header, rows, sheet_width(table, 1280), 18, short_rows)
    assert size == 18 and shown == rows


@pytest.mark.parametrize("window_width", [800, 1280])
def test_six_players_with_long_names_stay_inside_the_panel(window_width: int) -> None:
    """Names may be 24 characters: the cells shorten to the change and the total, the text shrinks, and at the
    smallest window the columns narrow (each text cut at its column's edge) rather than run into each other."""
    names = [f"{n} Longname-the-Player"[:24] for n in ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")]
    table = played_table("rook-6p", names, 3)
    header, rows, short_rows = sheet_rows(table)
    width = sheet_width(table, window_width)
    size, shown, lefts, widths = sheet_layout(header, rows, width, 18, short_rows)
    assert shown == short_rows and size == SMALLEST_SHEET_TEXT
    check_columns_apart(size, lefts, widths, width)


def test_short_cells_are_the_change_and_total_of_the_whole_ones() -> None:
    header, rows, short_rows = sheet_rows(played_table("rook-3p", ["You", "West", "North"], 2))
    players = len(header) - 4  # Hand, Bidder, Bid, Trump
    for row, short in zip(rows, short_rows):
        assert short[:4] == row[:4]
        for cell, short_cell in zip(row[4:], short[4:]):
            points, change, total = cell.split("  ")
            assert short_cell == f"{change} {total}" and points.endswith(" pts")
        assert len(short) == 4 + players


def test_the_score_sheet_has_a_way_out_with_esc_and_its_menu_button() -> None:
    """Issue 32, item 5: on the score sheet Esc did nothing and Menu looked greyed out (the table's, shaded under the
    sheet). Esc opens the menu over the game, Resume comes back to the sheet, and the sheet's own Menu button, drawn
    enabled, opens it too; Main menu from there leaves the table."""
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    try:
        table = of_kind(TableScene, app.open("table", session=first_hand_over()))
        for _ in frames(60):
            if isinstance(app.stack.top, ScoreScene):
                break
            step(app)
        sheet = app.stack.top
        assert isinstance(sheet, ScoreScene) and sheet.menu in sheet.buttons and sheet.menu.enabled
        key(app, pygame.K_ESCAPE)
        menu = app.stack.top
        assert isinstance(menu, PauseScene) and app.stack.scenes[-2] is sheet
        key(app, pygame.K_ESCAPE)  # Resume
        assert app.stack.top is sheet
        click(app, sheet.menu.rect.center)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        click(app, next(b for b in pause.buttons if b.label == "Main menu").rect.center)
        assert app.stack.top.name == "menu" and table not in app.stack.scenes
    finally:
        app.close()
