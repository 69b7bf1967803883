"""The review's picture of a hand at one decision: every seat's cards face up (the hand is over, so nothing is
hidden any more), each seat's card in the trick in progress (or the last trick, won by whom), tricks and points
taken, and in text the auction, the contract and trump, the passes and the other piles (the nest, the discards);
and for hindsight, the tricks of the rest of a hand as a grid of cards, a column a trick and a row a seat.

Everything comes from the engine: ``moment(hand)`` reads the hand's views and piles once per decision shown;
``draw_board`` and ``draw_tricks`` only draw. The review scene (game/ui/scenes/review.py) uses them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import Hand
from game.engine.language import N_, gettext, ngettext, pgettext
from game.engine.view import TrickView
from game.engine.words import passing_words
from game.ui.table_painter import last_trick_words, points_words, trump_words

from . import theme
from .assets import text, wrapped
from .card_sketch import CARD_RATIO
from .cards import CardArt
from .hand_layout import arranged, spread

# lines of text kept below the rows, so that the cards keep one size from one decision to the next (each new size
# draws every face again, milliseconds a card)
BOARD_LINES = 4
HIDDEN_PILES = ("held", "taken", "trick")  # drawn as cards or counted on the seat's line, not listed as text
# the engine's other piles (``Hand.piles``) as the board names them: one of its own, or a seat's
PILES = {"nest": N_("Nest"), "discards": N_("Discards"), "aside": N_("Aside"), "laid aside": N_("Laid aside")}
SEAT_PILES = {"passing": N_("{name} passing"), "face down": N_("{name} face down"),
              "second hand": N_("{name} second hand")}


@dataclass(frozen=True)
class Moment:
    """A hand as it stood just before a decision."""
    hands: list[list[str]]  # each seat's cards, in the order a player holds them
    trick: list[tuple[int, str]]  # the trick in progress: (seat, card) in play order
    last: TrickView | None  # the last finished trick when none is in progress
    tricks: int  # tricks finished
    tricks_won: list[int]
    points: list[int]
    to_move: int
    dealer: int
    declarer: int
    lines: list[str]  # the auction, contract and trump, passes and piles, in a player's words


def moment(hand: Hand, names: list[str]) -> Moment:
    """What the board shows of ``hand`` (an engine Hand), seats named by ``names``."""
    rules = hand.rules
    views = [hand.view(seat) for seat in range(hand.n)]
    view = views[0]
    trump, rook, hearts = view.trump, view.rook, view.hearts
    lines: list[str] = []
    if rook is not None and rook.bids:
        lines.append(gettext("Auction: {bids}").format(bids=", ".join(f"{names[seat]} {bid.label}"
                                                                       for seat, bid in rook.bids)))
    if rook is not None and rook.declarer >= 0:
        contract = {"": gettext("Contract: {name} {points}"), "normal": gettext("Contract: {name} {points}, "
                                                                                "trump {trump}"),
                    "reverse": gettext("Contract: {name} {points}, trump {trump}, reverse order")}[
            (rook.order or "normal") if trump else ""]
        lines.append(contract.format(name=names[rook.declarer], points=rook.contract,
                                     trump=trump_words(trump, rules.deck) if trump else ""))
    if hearts is not None:
        passing = [passing_words(hearts.pass_direction)]
        passing += [gettext("{name} passed {cards}").format(name=names[seat],
                                                            cards=rules.player_cards_text(v.hearts.passed))
                    for seat, v in enumerate(views) if v.hearts is not None and v.hearts.passed]
        lines.append("; ".join(passing))
    for pile, mask in hand.piles().items():
        words = pile.split()
        if mask and words[0] not in HIDDEN_PILES:
            # "passing 1" is seat 1's pile: named after its seat
            if words[-1].isdigit():
                label = gettext(SEAT_PILES[" ".join(words[:-1])]).format(name=names[int(words[-1])])
            else:
                label = gettext(PILES[pile]) if pile in PILES else pile.capitalize()
            lines.append(gettext("{pile}: {cards}").format(pile=label, cards=rules.player_cards_text(mask)))
    tricks = view.tricks
    return Moment(hands=[arranged(rules.card_names(hand.held[seat]), rules, trump) for seat in range(hand.n)],
                  trick=list(view.trick), last=tricks[-1] if tricks and not view.trick else None, tricks=len(tricks),
                  tricks_won=list(view.tricks_won), points=list(view.points), to_move=hand.to_move,
                  dealer=hand.dealer, declarer=view.declarer, lines=lines)


SMALLEST_CARD = 40  # pixels wide: below this, a seat's line goes beside its cards rather than above them


@dataclass(frozen=True)
class Rows:
    """Where a board's parts go: the rows of the seats (below the trick's caption, above BOARD_LINES lines of
    text), each row's height, the cards' width and the width of the seats' lines when they sit beside the cards
    (0: above them)."""
    area: pygame.Rect
    height: int
    card_width: int
    beside: int


def board_rows(rect: pygame.Rect, seats: int, px: int, max_width: int) -> Rows:
    """The rows of a board in ``rect`` with cards at most ``max_width`` wide, as tall as a row allows."""
    label_height = px + 2
    area = pygame.Rect(rect.x, rect.y + label_height, rect.width,
                       rect.height - label_height - BOARD_LINES * _line_height(px) - 4)
    height = area.height // max(1, seats)
    width = min(max_width, int((height - label_height - 6) / CARD_RATIO))
    if width >= SMALLEST_CARD:
        return Rows(area, height, width, 0)
    return Rows(area, height, min(max_width, int((height - 6) / CARD_RATIO)), int(rect.width * 0.22))


def _line_height(px: int) -> int:
    return max(12, px - 4) + 4


def draw_board(surface: pygame.Surface, rect: pygame.Rect, shown: Moment, names: list[str], art: CardArt,
               px: int, max_width: int, marks: dict[str, tuple[int, int, int]] | None = None) -> None:
    """The moment inside ``rect``: a row per seat (its line, its cards, its card in the trick at the right) and
    up to BOARD_LINES lines of text below, laid out by ``board_rows``. ``marks`` rings cards in a colour (the
    choice made, the best)."""
    marks = marks or {}
    small = max(12, px - 4)
    lines = [line for text_line in shown.lines for line in wrapped(text_line, small, rect.width)][:BOARD_LINES]
    n = len(shown.hands)
    geometry = board_rows(rect, n, px, max_width)
    rows, width = geometry.area, geometry.card_width
    trick_x = rows.right - width
    in_trick = dict(shown.trick) if shown.trick else dict(shown.last.cards) if shown.last else {}
    if shown.trick:
        caption = gettext("Trick {number}").format(number=shown.tricks + 1)
    else:
        caption = last_trick_words(names[shown.last.winner]) if shown.last else ""
    for seat in range(n):
        top = rows.y + seat * geometry.height
        deciding = seat == shown.to_move
        if deciding:
            pygame.draw.rect(surface, theme.FELT_DARK,
                             pygame.Rect(rows.x - 4, top, rows.width + 8, geometry.height - 2), border_radius=8)
        colour = theme.GOLD if deciding else theme.INK
        if geometry.beside:  # the name, and under it the rest, to the left of the cards
            cards_top, left = top + 3, rows.x + geometry.beside
            name, rest = _seat_line(shown, names, seat)
            surface.blit(text(name, px - 2, colour, bold=deciding), (rows.x + 4, top + 2),
                         pygame.Rect(0, 0, geometry.beside - 8, px + 2))
            surface.blit(text(rest, small, colour), (rows.x + 4, top + px + 2),
                         pygame.Rect(0, 0, geometry.beside - 8, px + 2))
        else:
            cards_top, left = top + px + 4, rows.x
            label = text("  ·  ".join(_seat_line(shown, names, seat)), px - 2, colour, bold=deciding)
            surface.blit(label, (rows.x + 4, top + 2), pygame.Rect(0, 0, trick_x - rows.x - 12, label.get_height()))
        for card, x in zip(shown.hands[seat], spread(len(shown.hands[seat]), width, trick_x - 12 - left)):
            spot = (left + x, cards_top)
            surface.blit(art.face(card, width), spot)
            if card in marks:
                surface.blit(art.outline(width, marks[card]), spot)
        if seat in in_trick:  # the last trick's winner is named in the caption: a ring would look like a choice's
            surface.blit(art.face(in_trick[seat], width), (trick_x, cards_top))
    if caption:
        label = text(caption, px - 2, theme.GOLD, bold=True)
        surface.blit(label, label.get_rect(topright=(rows.right, rect.y)))
    y = rows.bottom + 4
    for line in lines:
        surface.blit(text(line, small, theme.INK), (rect.x + 4, y))
        y += _line_height(px)


def _seat_line(shown: Moment, names: list[str], seat: int) -> tuple[str, str]:
    """A seat's name, and its tricks, points and part in the hand."""
    won = shown.tricks_won[seat] if seat < len(shown.tricks_won) else 0
    points = shown.points[seat] if seat < len(shown.points) else 0
    tags = [pgettext("name plate", tag) for tag, who in (("dealer", shown.dealer), ("declarer", shown.declarer))
            if who == seat]
    tags += [gettext("to decide")] if seat == shown.to_move else []
    parts = [ngettext("{count} trick", "{count} tricks", won).format(count=won),
             points_words(points), *([", ".join(tags)] if tags else [])]
    return names[seat], " · ".join(parts)


def draw_tricks(surface: pygame.Surface, rect: pygame.Rect, tricks: list[TrickView], first: int, labels: list[str],
                art: CardArt, px: int, max_width: int, marks: dict[str, tuple[int, int, int]] | None = None) -> None:
    """Tricks as a grid inside ``rect``: a column a trick (numbered from ``first``), a row a seat (``labels``: its
    name and what it scored), each seat's card in each trick, the card that took the trick ringed in gold and
    ``marks`` in their colours. Too many tricks for one band go on in another band below; the cards are as large as
    the bands allow."""
    marks = marks or {}
    seats, count = len(labels), len(tricks)
    small = max(12, px - 4)
    label_width = min(int(rect.width * 0.24), max(text(label, small, theme.INK).get_width() for label in labels) + 12)
    header = small + 6
    gap = 4
    width = max_width
    while width > 16:  # the largest cards whose bands fit
        per_band = max(1, min(count, (rect.width - label_width) // (width + gap)))
        bands = -(-count // per_band)
        if bands * (header + seats * (round(width * CARD_RATIO) + gap)) <= rect.height:
            break
        width -= 2
    height = round(width * CARD_RATIO)
    band_height = header + seats * (height + gap)
    for band in range(bands):
        top = rect.y + band * band_height
        shown = tricks[band * per_band:(band + 1) * per_band]
        label = text(gettext("Trick"), small, theme.GOLD, bold=True)
        surface.blit(label, (rect.x, top))
        for seat, name in enumerate(labels):
            line = text(name, small, theme.INK)
            y = top + header + seat * (height + gap) + (height - line.get_height()) // 2
            surface.blit(line, (rect.x, y), pygame.Rect(0, 0, label_width - 8, line.get_height()))
        for column, trick in enumerate(shown):
            x = rect.x + label_width + column * (width + gap)
            number = text(str(first + band * per_band + column), small, theme.GOLD, bold=True)
            surface.blit(number, number.get_rect(midtop=(x + width // 2, top)))
            for seat, card in trick.cards:
                spot = (x, top + header + seat * (height + gap))
                surface.blit(art.face(card, width), spot)
                ring = theme.GOLD if seat == trick.winner else marks.get(card)
                if ring is not None:
                    surface.blit(art.outline(width, ring), spot)
