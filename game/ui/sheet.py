"""The score sheet as a table of text (like the books': hand, bidder, bid, trump, points, running totals), laid out
to fit its room; the score sheet, the game-over screen and the statistics page draw it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import pygame

from game.engine import Rules
from game.engine.language import gettext, ngettext
from game.engine.results import HandResult
from game.table.session import Session

from . import theme
from .assets import SMALLEST_TEXT, Colour, fitted, font, text
from .table_painter import trump_words


class ScoredMatch(Protocol):
    """What the score sheet and the chart read of a match: a table's (local or remote) or a finished one's
    (``Session``)."""

    @property
    def rules(self) -> Rules: ...

    def name(self, seat: int) -> str: ...

    def results(self) -> list[HandResult]: ...

    def totals(self) -> list[tuple[int, ...]]: ...

    def score_columns(self) -> list[tuple[str, tuple[int, ...]]]: ...


def sheet_rows(table: ScoredMatch) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """The header and one row per finished hand of a table's match, as text; and the same rows with each player's
    cell cut to the change and the total, for a table too wide for the whole cells (many players, long names, a
    small window)."""
    owners = table.score_columns()
    auction = table.rules.has_auction  # the bidder, bid and trump get columns of their own
    header = [gettext("Hand")] + ([gettext("Bidder"), gettext("Bid"), gettext("Trump")] if auction else []) + \
        [name for name, _ in owners]
    rows: list[list[str]] = []
    short_rows: list[list[str]] = []
    for number, (result, totals) in enumerate(zip(table.results(), table.totals()), 1):
        delta = result.score_change
        row = [str(number)]
        if auction:
            if result.thrown_in:
                row += [gettext("all passed"), "-", "-"]
            else:
                declarer = result.declarer
                made = gettext("{points} made") if result.made else gettext("{points} set")
                row += [table.name(declarer) if declarer >= 0 else "-",
                        made.format(points=result.contract) if declarer >= 0 else "-",
                        trump_words(result.trump, table.rules.deck) if result.trump else "-"]
        short_row = list(row)
        for _, seats in owners:
            seat = seats[0]
            points = result.side_points(seat)
            row.append(ngettext("{points} pt  {change:+d}  = {total}", "{points} pts  {change:+d}  = {total}",
                                points).format(points=points, change=delta[seat], total=totals[seat]))
            short_row.append(f"{delta[seat]:+d} = {totals[seat]}")
        rows.append(row)
        short_rows.append(short_row)
    return header, rows, short_rows


NO_BREAK = "\u00a0"  # a space a line is not broken at (game/ui/assets.py: wrapped)


def match_scores(session: Session, between: str = ",  ", within: str = " ") -> str:
    """Each score column of a match with its names and total, as a player reads them (You & North 120,  West &
    East 85); ``within`` joins the words of one column (a no-break space keeps it on one line)."""
    scores = session.match.scores
    return between.join(f"{names} {scores[seats[0]]}".replace(" ", within) for names, seats in session.score_columns())


def match_so_far(session: Session) -> str:
    """An unfinished match in a few words, to name it when asking whether to end it (Rook, hand 3, You & North 120,
    West & East 85)."""
    return gettext("{game}, hand {number}, {scores}").format(game=session.rules.player_title,
                                                             number=len(session.match.history) + 1,
                                                             scores=match_scores(session, ', ', NO_BREAK))


def bid_cell(table: ScoredMatch, result: HandResult) -> str:
    """A Rook hand's auction in one cell: who bid what and how it went."""
    if result.thrown_in:
        return gettext("all passed")
    if result.declarer < 0:
        return "-"
    return (gettext("{name} {points} made") if result.made else gettext("{name} {points} set")).format(
        name=table.name(result.declarer), points=result.contract)


def comparison_rows(table: ScoredMatch, first: HandResult) -> tuple[list[str], list[list[str]]]:
    """A deal played again: the header and three rows, how the hand went ``first`` (a HandResult), this try (each
    score column's points and score change; Rook: and the contract), and what this try changed in each score."""
    owners = table.score_columns()
    auction = table.rules.has_auction
    header = [""] + ([gettext("Bid")] if auction else []) + [name for name, _ in owners]

    def row(label: str, result: HandResult) -> list[str]:
        delta = result.score_change
        return [label] + ([bid_cell(table, result)] if auction else []) + \
            [ngettext("{points} pt  {change:+d}", "{points} pts  {change:+d}", result.side_points(seats[0])).format(
                points=result.side_points(seats[0]), change=delta[seats[0]]) for _, seats in owners]

    this_try = table.results()[-1]
    gained = [gettext("Difference")] + ([""] if auction else []) + \
        [f"{this_try.score_change[seats[0]] - first.score_change[seats[0]]:+d}" for _, seats in owners]
    return header, [row(gettext("The first time"), first), row(gettext("This try"), this_try), gained]


CHART_GAP = 10  # pixels between the sheet and the chart under it


def sheet_height(rows: int, px: int) -> int:
    """The height the header and the last ``rows`` hands (at most SHEET_ROWS) take at text size ``px``."""
    return (min(rows, SHEET_ROWS) + 1) * int(px * 1.5)


def stacked(room: int, rows: int, px: int, chart_most: int | None) -> tuple[int, int]:
    """The heights of a sheet of ``rows`` hands at text size ``px`` and of the chart under it (``chart_most`` at
    most; None: no chart), in ``room`` pixels: the sheet as tall as its rows need, so that no empty band lies
    between them, and the chart the rest up to its most; when that leaves the chart less than 45% of the room,
    it takes 45% and the sheet shows its last hands in the rest."""
    if chart_most is None:
        return min(room, sheet_height(rows, px)), 0
    sheet = sheet_height(rows, px)
    chart = min(chart_most, room - sheet - CHART_GAP)
    if chart < room * 0.45:
        chart = min(chart_most, int(room * 0.45))
        sheet = min(sheet, room - chart - CHART_GAP)
    return sheet, chart


def below(rect: pygame.Rect, top: int, sheet: int, chart: int) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The sheet's and the chart's rectangles in ``rect``'s width, from ``top`` down (no chart: None)."""
    return (pygame.Rect(rect.x, top, rect.width, sheet),
            pygame.Rect(rect.x, top + sheet + CHART_GAP, rect.width, chart) if chart else None)


def chart_target(rules: Rules) -> int | None:
    """The score that ends the match, drawn across the chart (none when a fixed number of hands is played)."""
    return None if rules.match_hands else rules.target


SHEET_ROWS = 12  # the last hands shown; earlier ones scroll off the top
SMALLEST_SHEET_TEXT = SMALLEST_TEXT  # pixels: the text is not made smaller than this to fit


def _fitted_columns(shown: list[list[str]], width: int, px: int) -> tuple[int, list[int]]:
    """The text size, at most ``px``, at which columns as wide as their widest text plus a gap fit ``width``
    pixels (or the smallest size, if none does), and those widths."""
    size = px
    while True:
        widths = [max(font(size, bold=r == 0).size(row[c])[0] for r, row in enumerate(shown)) + size
                  for c in range(len(shown[0]))]
        if sum(widths) - size <= width or size <= SMALLEST_SHEET_TEXT:
            return size, widths
        size -= 1


def _least(cell: str, size: int, bold: bool) -> int:
    """The least room a cell of a sheet is given before every column is narrowed alike: a score or a count whole
    (it starts with a digit or a sign), other text its first two letters and an ellipsis."""
    measure = font(size, bold).size
    return measure(cell if cell[:1].isdigit() or cell[:1] in ("+", "-") else cell[:2].rstrip() + "…")[0]


def draw_cell(surface: pygame.Surface, value: str, at: tuple[int, int], size: int, width: int, colour: Colour,
              bold: bool = False) -> None:
    """A cell of a sheet drawn at ``at`` in ``width`` pixels: whole, or cut short with an ellipsis that says so, and
    never past its edge (in a column narrower than the ellipsis itself)."""
    label = text(fitted(value, size, max(0, width), bold), size, colour, bold)
    surface.blit(label, at, pygame.Rect(0, 0, max(0, width), label.get_height()))


def sheet_layout(header: list[str], rows: list[list[str]], width: int, px: int,
                 short_rows: list[list[str]] | None = None, last: int = SHEET_ROWS,
                 first_whole: bool = False) -> tuple[int, list[list[str]], list[int], list[int]]:
    """How a sheet fits ``width`` pixels: (text size, the rows shown, each column's left edge and width).

    The text is made smaller until the table fits; if it does not fit even at the smallest size, the short rows
    are used; a table that still does not fit narrows the columns of names and words (``draw_cell`` ends a text cut
    short with an ellipsis) down to a letter or two, keeping the scores whole (and the first column, if
    ``first_whole``: the score sheet's hand), and only if that is not enough every column in proportion from there.
    Texts never run into each other. Room left over is shared between the columns."""
    shown = [header, *rows[-last:]]
    widths: Sequence[float]  # narrowed in proportion below, if need be
    size, widths = _fitted_columns(shown, width, px)
    if sum(widths) - size > width and short_rows is not None:
        shown = [header, *short_rows[-last:]]
        size, widths = _fitted_columns(shown, width, px)
    needed = sum(widths) - size  # no gap after the last column
    if needed > width:
        least = [max(_least(row[c], size, bold=r == 0) for r, row in enumerate(shown)) + size
                 for c in range(len(widths))]
        slack = [0.0 if c == 0 and first_whole else max(0.0, w - floor)
                 for c, (w, floor) in enumerate(zip(widths, least))]
        if sum(slack) >= needed - width:
            widths = [w - s * (needed - width) / sum(slack) for w, s in zip(widths, slack)]
        else:  # every name and word at its least, then all narrowed alike
            widths = [w - s for w, s in zip(widths, slack)]
            widths = [w * width / (sum(widths) - size) for w in widths]
        needed = width
    spare = max(0, width - needed) / len(widths)
    lefts, x = [], 0.0
    for w in widths:
        lefts.append(int(x))
        x += w + spare
    return size, shown[1:], lefts, [int(w) for w in widths]


# measuring every cell at each text size takes milliseconds for a big table: once per sheet and size, not a frame
_remembered_sheet_layout = lru_cache(maxsize=16)(sheet_layout)


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, header: list[str], rows: list[list[str]], px: int,
               short_rows: list[list[str]] | None = None, first_whole: bool = False) -> None:
    """The header and the last hands as a table that fits ``rect`` (see sheet_layout): as many of the last hands
    as its height holds, at most SHEET_ROWS (the chart shows every hand)."""
    last = max(1, min(SHEET_ROWS, rect.height // int(px * 1.5) - 1))

    def frozen(table: list[list[str]]) -> tuple[tuple[str, ...], ...]:
        return tuple(map(tuple, table[-last:]))

    size, shown, lefts, widths = _remembered_sheet_layout(
        tuple(header), frozen(rows), rect.width, px, None if short_rows is None else frozen(short_rows), last,
        first_whole)
    y = rect.y
    for r, row in enumerate([header] + shown):
        for value, left, width in zip(row, lefts, widths):
            draw_cell(surface, value, (rect.x + left, y), size, width - size // 2, theme.GOLD if r == 0 else theme.INK,
                      bold=r == 0)
        y += int(size * 1.5)
        if r == 0:
            pygame.draw.line(surface, theme.GOLD, (rect.x, y - 4), (rect.right, y - 4), 1)
