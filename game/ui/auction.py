"""The auction on the table: the panel of bids so far, and where the bid dialog goes so that it never covers it.

The dialog sits just above the player's hand; the panel keeps above the dialog, showing fewer of the earlier
rounds when they would not fit (the current round always shows).
"""

from __future__ import annotations

import pygame

from game.engine.language import gettext

from . import theme
from .assets import text
from .card_sketch import card_size
from .hand_layout import hand_bottom
from .widgets import panel

ROUNDS = 4  # the most rounds of bids shown


def bid_dialog_rect(size: tuple[int, int], card_scale: float, title_width: int) -> pygame.Rect:
    """The bid dialog: a title, the bid with its - and +, a line for a hint or a refusal, and the Bid and Pass
    buttons, just above the player's hand, as wide as its title."""
    w, h = size
    px = theme.text_size(size)
    card_height = card_size(theme.card_width(size, card_scale))[1]
    rect = pygame.Rect(0, 0, min(w - 16, max(int(w * 0.34), title_width + 3 * px)), int(px * 8))
    rect.midbottom = (w // 2, hand_bottom(size) - card_height - 8)
    return rect


def auction_layout(bids: list[str], n: int, size: tuple[int, int], px: int, beside: list[pygame.Rect],
                   bottom: int) -> tuple[pygame.Rect, pygame.Surface, list[pygame.Surface]]:
    """The panel's rect, title and lines for ``bids`` ("Sam 85", "Alex pass", ...) at a table of ``n``.

    A round a line where that clears the seats ``beside`` it, fewer bids a line where it would not (five and six
    players, long names), and below those seats when even one a line would run into one (a long name plate).
    Rounds are dropped from the start until the panel ends above ``bottom`` (the bid dialog's top)."""
    w, h = size
    title = text(gettext("Auction"), px + 2, theme.GOLD, bold=True)
    rounds = (len(bids) - 1) // n + 1 if bids else 1

    def laid_out(per_line: int, shown: int) -> tuple[pygame.Rect, list[pygame.Surface]]:
        kept = bids[max(0, rounds - shown) * n:]
        lines = ["   ".join(kept[i:i + per_line]) for i in range(0, len(kept), per_line)] or [gettext("No bids yet")]
        labels = [text(line, px, theme.INK) for line in lines]
        width = max([title.get_width()] + [s.get_width() for s in labels]) + 28
        height = title.get_height() + sum(s.get_height() + 2 for s in labels) + 20
        rect = pygame.Rect(0, int(h * 0.19), width, height)
        rect.centerx = w // 2
        return rect, labels

    for shown in range(min(ROUNDS, rounds), 0, -1):
        # from a round a line down to a bid a line: the widest that fits in the window and clears the seats, else
        # the widest that fits, moved below the seats it would run into
        layouts = [laid_out(per_line, shown) for per_line in range(n, 0, -1)]
        fitting = [layout for layout in layouts if layout[0].width <= w - 16] or layouts[-1:]
        clear = [layout for layout in fitting if layout[0].collidelist(beside) < 0]
        rect, labels = (clear or fitting)[0]
        if not clear:
            rect.top = max([rect.top] + [area.bottom + 8 for area in beside if area.colliderect(rect)])
        if rect.bottom <= bottom:
            break
    return rect, title, labels


def draw_auction_panel(surface: pygame.Surface, rect: pygame.Rect, title: pygame.Surface,
                       labels: list[pygame.Surface]) -> None:
    panel(surface, rect)
    surface.blit(title, (rect.x + 14, rect.y + 8))
    y = rect.y + 10 + title.get_height()
    for label in labels:
        surface.blit(label, (rect.x + 14, y))
        y += label.get_height() + 2
