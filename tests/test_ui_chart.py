"""The score chart on the score sheet and the game-over screen: one line per side (or player), with the target."""

from __future__ import annotations

import pygame
import pytest

from game.engine import load_rules
from game.ui.app import App
from game.ui.assets import text
from game.ui.chart import LINE_COLOURS, chart_lines, plot_area
from game.ui.scenes.scoring import GameOverScene, ScoreScene
from game.ui.sheet import chart_target
from tests.support.kinds import of_kind
from tests.support.ui_helpers import FAST, played_table, post, step


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("preset, sides", [("rook-classic", 2), ("hearts-classic", 4), ("rook-5p", 5)])
@pytest.mark.parametrize("screen", [ScoreScene, GameOverScene])
def test_the_chart_draws_one_line_per_side_and_the_target(size: tuple[int, int], preset: str, sides: int,
                                                          screen: type[ScoreScene | GameOverScene]) -> None:
    table = played_table(preset, [f"Computer {i + 1}" for i in range(load_rules(preset).players)], 3)  # long names
    app = App(FAST, search_process=False)
    try:
        opened = app.open("score-sheet", table=table, on_next=lambda: None) if screen is ScoreScene else \
            app.open("game-over", table=table)
        scene = of_kind(screen, opened)
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        step(app)
        assert scene.chart_rect is not None  # three hands played: the sheet has its chart
        assert len(scene.series) == len(table.score_columns()) == sides
        assert [len(line) for _, line in scene.series] == [4] * sides  # the start and three hands
        match = table.session.match
        columns = table.score_columns()
        assert [line[-1] for _, line in scene.series] == [match.scores[seats[0]] for _, seats in columns]
        px = scene.px - 6
        lines, y_of = chart_lines(scene.chart_rect, px, scene.series, chart_target(table.rules))
        assert len(lines) == sides
        app.stack.draw(app.screen)
        for index, points in enumerate(lines):  # each line's last marker, in its own colour
            drawn = [tuple(app.screen.get_at(point))[:3] for point in points[1:]]
            assert LINE_COLOURS[index] in drawn, (index, drawn)
        area = plot_area(scene.chart_rect, px, [name for name, _ in scene.series])
        widest = max(text(name, px, (0, 0, 0), bold=True).get_width() for name, _ in scene.series)
        assert area.right + px + widest <= scene.chart_rect.right, "every name at a line's end fits in the chart"
        target = y_of(table.rules.target)
        assert area.top <= target <= area.bottom
        assert tuple(app.screen.get_at((area.x + 3, target)))[:3] == (240, 200, 80)  # the dashed target line
        assert scene.chart_rect.bottom <= app.size[1] and not scene.chart_rect.colliderect(scene.sheet_rect)
        buttons = [scene.next] if isinstance(scene, ScoreScene) else scene.buttons
        assert all(not scene.chart_rect.colliderect(button.rect) for button in buttons)
    finally:
        app.close()
