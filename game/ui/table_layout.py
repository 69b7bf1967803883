"""Where things go on the table, all worked out from the window's size, the card size and where the viewer sits:
each seat round the table (in the engine's clockwise order), the cards played to the trick, the drop zone, the
viewer's hand along the bottom and the other seats' cards."""

from __future__ import annotations

import math

import pygame

from . import theme
from .assets import font
from .card_sketch import CARD_RATIO
from .hand_layout import hand_bottom, spread
from .seat_map import seat_angle


class TableLayout:
    def __init__(self, size: tuple[int, int], card_scale: float, around: tuple[int, ...],
                 buttons_left: int | None = None, open_seat: int = -1, info_lines: int = 4) -> None:
        """``around``: every seat clockwise from the viewer's (``Hand.seats_clockwise_from(viewer)``);
        ``buttons_left``: where the table's buttons begin, along the bottom right (the viewer's name plate keeps
        clear of them); ``open_seat``: a seat whose cards lie face up in a row (the rook-2p dummy);
        ``info_lines``: the most lines the top left may show (the game, the contract, trump ...)."""
        self.size = size
        self.info_lines = info_lines
        self.buttons_left = size[0] if buttons_left is None else buttons_left
        self.open_seat = open_seat
        self.around = around
        self.cw = theme.card_width(size, card_scale)
        self.ch = round(self.cw * CARD_RATIO)
        self.text_px = theme.text_size(size)
        w, h = size
        self.centre = (w // 2, int(h * 0.42))
        self.reach = self._trick_reach()

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a seat sits: the viewer at the bottom, the others clockwise (to the viewer's left first). A seat
        at the top keeps its cards inside the window (large cards), one on the left below the lines at the top
        left (the game, the contract, trump), and one low on the table high enough that its name plate clears the
        viewer's hand."""
        w, h = self.size
        angle = seat_angle(seat, self.around)
        cx, cy = self.centre
        x, y = int(cx + w * 0.37 * math.cos(angle)), int(cy + h * 0.36 * math.sin(angle))
        if seat != self.around[0]:
            above = self._above_anchor(seat)
            y = max(y, 8 + above)
            if x - self._half_width(seat) < 12 + self.info_room():  # under the lines at the top left
                y = max(y, self.info_bottom() + above)
            y = min(y, self.hand_top() - 4 - self._below_anchor())
        return x, y

    def info_bottom(self) -> int:
        """The most the lines at the top left take (``info_lines``)."""
        return 14 + self.info_lines * (font(self.text_px - 2, True).get_linesize() + 2)

    def _above_anchor(self, seat: int) -> int:
        """How far a seat's cards reach above its anchor: a small fan, or a row of open cards."""
        return int(self.ch * 0.625) if seat == self.open_seat else int(self.ch * 0.62) // 2

    def _half_width(self, seat: int) -> int:
        """How far a seat's cards or name plate reach to either side of its anchor, at most."""
        w = self.size[0]
        return int(w * 0.21) if seat == self.open_seat else max(int(self.cw * 1.6), int(w * 0.14) + 8)

    def hand_top(self) -> int:
        return hand_bottom(self.size) - self.ch

    def _below_anchor(self) -> int:
        """How far a seat's cards and name plate reach below its anchor."""
        return int(self.ch * 0.62) // 2 + int(self.text_px * 1.4) + int(self.text_px * 1.2) + 4

    def seat_box(self, seat: int) -> pygame.Rect:
        """Roughly the area a seat other than the viewer takes: its fan of cards and its name plate below."""
        ax, ay = self.seat_anchor(seat)
        fan = int(self.cw * 3.8)
        left, right = self.plate_span(seat, self.around[0])
        left, right = min(ax - fan // 2, left - 8), max(ax + fan // 2, right + 8)  # the plate's back, 8 px round
        top = ay - int(self.ch * 0.62) // 2
        return pygame.Rect(left, top, right - left, ay + self._below_anchor() - top)

    def _seats_and_hand(self) -> list[pygame.Rect]:
        """What the trick keeps clear of: every other seat's ``seat_box``, and the viewer's hand with the line over
        it that says who takes the trick, down to the window's bottom (the viewer's name plate)."""
        w, h = self.size
        top = self.hand_top() - int(self.text_px * 1.4) - 10
        hand = pygame.Rect(0, top, w, h - top)
        return [self.seat_box(seat) for seat in self.around[1:]] + [hand]

    def _trick_reach(self) -> tuple[float, float]:
        """How far from the middle the cards of a trick lie, across and down. Up to four seats: 0.62 card heights
        toward each seat. Five and six seats, 72 or 60 degrees apart, whose cards would lie one over another at that
        distance: on the smallest oval on which no card covers another, so that each card can be read whoever played
        first (two cards lie apart when they are a card's width apart across or its height apart down). Either way
        clear of every seat's cards and name plate, and of the player's hand with the line under the trick that says
        who takes it: another oval that is, or drawn in until it is (down to 0.3 card heights). With large cards
        (Card size 1.25 and up at five and six seats) no readable oval is clear: the cards then overlap."""
        boxes = self._seats_and_hand()

        def clear(reach: tuple[float, float]) -> bool:
            self.reach = reach
            return not any(spot.collidelist(boxes) >= 0 for spot in self.trick_cards())

        base = self.ch * 0.62
        ovals = [(base, base)] if len(self.around) <= 4 else self._ovals_apart(base)
        reach = next((oval for oval in ovals if clear(oval)), ovals[0])
        while reach[1] > self.ch * 0.3 and not clear(reach):
            reach = (reach[0] * 0.92, reach[1] * 0.92)
        return reach

    def _ovals_apart(self, least: float) -> list[tuple[float, float]]:
        """The ovals (across, down; each at least ``least``) on which no two cards of a trick, each in its seat's
        direction round the table, overlap, with a few pixels between them: for each height the narrowest, the
        smallest first."""
        gap = max(2, self.cw // 20)
        points = [(math.cos(angle), math.sin(angle)) for angle in (seat_angle(seat, self.around)
                                                                    for seat in self.around)]
        pairs = [(abs(x - u), abs(y - v)) for i, (x, y) in enumerate(points) for u, v in points[i + 1:]]
        downs = sorted({max(least, (self.ch + gap) / dy) for _, dy in pairs if dy > 1e-6} | {least})
        ovals = []
        for down in downs:  # the pairs not a card's height apart at this height must be a card's width apart
            across = max([least, *((self.cw + gap) / dx if dx > 1e-6 else math.inf
                                   for dx, dy in pairs if dy * down < self.ch + gap - 1e-6)])
            if across < math.inf:
                ovals.append((across, down))
        return sorted(ovals, key=lambda oval: oval[0] * oval[1])

    def trick_spot(self, seat: int) -> tuple[int, int]:
        """The top-left corner of the card a seat plays to the trick: toward the seat's anchor (up to four seats),
        or on the oval ``reach`` in the seat's direction round the table (five and six, evenly spaced as the seats
        are: their anchors are pressed toward the window's top and sides, which would bring two cards together)."""
        cx, cy = self.centre
        if len(self.around) <= 4:
            ax, ay = self.seat_anchor(seat)
            length = math.hypot(ax - cx, ay - cy) or 1
            dx, dy = (ax - cx) / length, (ay - cy) / length
        else:
            angle = seat_angle(seat, self.around)
            dx, dy = math.cos(angle), math.sin(angle)
        across, down = self.reach
        return int(cx + dx * across - self.cw / 2), int(cy + dy * down - self.ch / 2)

    def drop_zone(self) -> list[pygame.Rect]:
        """Drop a dragged card here to play it: where the cards of a trick lie, a little round each card, and across
        the middle of the table between them (up to four seats all of the middle, 4.6 by 2.6 cards, easy to hit);
        never over another seat's cards or name plate, the lines at the top left, the player's own hand (down to
        the window's bottom, where the player's name plate is), nor over a row of open cards (the rook-2p dummy's,
        at its widest): a card let go there glides back. A plate grown to a third line reaches below the room kept
        for its seat; the table scene leaves out the plates as drawn (``TableScene.takes_drop``)."""
        blocks = [*self._seats_and_hand(), pygame.Rect(0, 0, 12 + self.info_room(), self.info_bottom())]
        if self.open_seat in self.around[1:]:
            blocks.append(self._open_row(self.open_seat, int(self._open_row_most())))
        margin = (int(self.cw * 0.8), int(self.ch * 0.5))  # in all: 0.4 card widths each side, 0.25 heights
        middle = self.trick_area().inflate(margin)
        if len(self.around) <= 4:
            middle.union_ip(pygame.Rect(0, 0, int(self.cw * 4.6), int(self.ch * 2.6)).move(
                self.centre[0] - int(self.cw * 2.3), self.centre[1] - int(self.ch * 1.3)))
        centre = pygame.Rect(self.centre, (1, 1))
        return [_stretched(centre, middle, blocks, across_first) for across_first in (False, True)] + \
            [_stretched(card, card.inflate(margin), blocks) for card in self.trick_cards()]

    def hand_rects(self, count: int, bottom: int | None = None) -> list[pygame.Rect]:
        """The viewer's cards in a row along the bottom, a comfortable gap apart, overlapping only as needed."""
        w = self.size[0]
        margin = self.cw // 2
        top = (bottom if bottom is not None else hand_bottom(self.size)) - self.ch
        return [pygame.Rect(margin + x, top, self.cw, self.ch) for x in spread(count, self.cw, w - 2 * margin)]

    def small_rects(self, seat: int, count: int, face_up: bool = False) -> list[pygame.Rect]:
        """Another seat's cards: a small overlapping fan centred on its anchor, inside the window; ``face_up`` (cards
        laid open, as with a claim), spread out enough to read each card's corner, within the room the widest fan
        takes."""
        sw, sh = int(self.cw * 0.62), int(self.ch * 0.62)
        step = min(sw * (0.62 if face_up else 0.35), self.cw * 3.2 / max(1, count))
        ax, ay = self.seat_anchor(seat)
        span = step * (count - 1) + sw
        left = max(8, min(self.size[0] - 8 - span, ax - span / 2))
        return [pygame.Rect(int(left + i * step), ay - sh // 2, sw, sh) for i in range(count)]

    def open_hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Another seat's face-up cards (the rook-2p dummy): a row at its place, kept inside the window."""
        if not count:
            return []
        width = int(self.cw * 0.85)
        step = min(width * 0.62, (self._open_row_most() - width) / max(1, count - 1))
        row = self._open_row(seat, int(step * (count - 1) + width))
        return [pygame.Rect(int(row.left + i * step), row.top, width, row.height) for i in range(count)]

    def _open_row_most(self) -> float:
        """The widest a row of open cards may be."""
        return self.size[0] * 0.42

    def _open_row(self, seat: int, span: int) -> pygame.Rect:
        """Where a seat's row of open cards ``span`` wide lies: at its place, inside the window."""
        height = int(self.ch * 0.85)
        ax, ay = self.seat_anchor(seat)
        return pygame.Rect(max(8, min(self.size[0] - 8 - span, ax - span // 2)),
                           ay - height // 2 - int(self.ch * 0.2), span, height)

    def plate_centre(self, seat: int, viewer: int) -> tuple[int, int]:
        """The middle of a seat's name plate (two lines; a third makes it grow down): the viewer's at the bottom
        left, the others' below their cards."""
        if seat == viewer:  # where a plate as wide as the others' keeps 16 px from the left: a wider one grows right
            return 16 + min(int(self.size[0] * 0.14), self.plate_room(seat, viewer) // 2), \
                self.size[1] - int(self.text_px * 1.3)
        ax, ay = self.seat_anchor(seat)
        return ax, ay + int(self.ch * 0.62) // 2 + int(self.text_px * 1.4)

    def plate_room(self, seat: int, viewer: int) -> int:
        """How wide a seat's name plate may be: clear of the trick in the middle and, for the viewer, of the buttons
        at the bottom right (up to a little more than the others', so that "Stand 285 · 120 Pkt. · 13 Stiche"
        fits at 800x500). A seat beside the window's edge has as much as the others: its plate is moved in from the
        edge rather than cut (``plate_span``), so that its tricks fit at 800x500 too."""
        w = self.size[0]
        if seat == viewer:  # from the window's edge toward the buttons, with room for the turn marker between
            return max(40, min(self.buttons_left - 36 - self.text_px * 5 // 4, int(w * 0.32)))
        return max(40, min(w - 32, int(w * 0.28)))

    def plate_span(self, seat: int, viewer: int) -> tuple[int, int]:
        """From where to where a seat's name plate's text may reach across the window: ``plate_room`` round its
        middle, moved in from the window's edge so that the plate (8 px wider each way) keeps 8 px from it."""
        w, room = self.size[0], self.plate_room(seat, viewer)
        left = max(16, min(self.plate_centre(seat, viewer)[0] - room // 2, w - 16 - room))
        return left, left + room

    def clear_of_trick(self, plate: pygame.Rect) -> pygame.Rect:
        """``plate`` (a name plate's back) moved across, away from the middle, as far as it must to clear the trick's
        cards: a plate grown to a third line reaches below the room its seat keeps (``seat_box``), which the trick
        keeps clear of (at five seats at 800x500, the north-west plate reached the card of the seat to its left)."""
        cards = [card for card in self.trick_cards() if card.colliderect(plate)]
        if not cards:
            return plate
        if plate.centerx < self.centre[0]:
            return plate.move(min(card.left for card in cards) - plate.right, 0)
        return plate.move(max(card.right for card in cards) - plate.left, 0)

    def trick_cards(self) -> list[pygame.Rect]:
        """Each seat's card of a trick, in the order of ``around``."""
        return [pygame.Rect(self.trick_spot(seat), (self.cw, self.ch)) for seat in self.around]

    def trick_area(self) -> pygame.Rect:
        """Where the cards of a trick lie, every seat's card included (at five and six seats a ring of cards: the
        corners of this area are empty)."""
        spots = self.trick_cards()
        return spots[0].unionall(spots[1:])

    def clear_spot(self, size: tuple[int, int], avoid: list[pygame.Rect]) -> pygame.Rect | None:
        """A place for a panel of ``size`` above the viewer's hand and clear of the trick in the middle and of the
        ``avoid`` areas (the seats, the lines at the top): down the left side first, then down the right side;
        None if there is none."""
        w, _ = self.size
        width, height = size
        margin = 8
        bottom = self.hand_top() - margin
        blocked = [self.trick_area().inflate(12, 12), *avoid]
        for x in (margin, w - margin - width):
            for y in range(margin, bottom - height + 1, 4):
                spot = pygame.Rect(x, y, width, height)
                if spot.collidelist(blocked) < 0:
                    return spot
        return None

    def message_room(self) -> int:
        """How wide the message line above the viewer's hand may be: between the name plates of the seats in the
        lower half of the table, if any."""
        w = self.size[0]
        room = int(w * 0.6)
        for seat in self.around[1:]:
            if math.sin(seat_angle(seat, self.around)) > 0.2:  # a seat beside the viewer, low on the table
                left, right = self.plate_span(seat, self.around[0])
                room = min(room, 2 * (w // 2 - right if left < w // 2 else left - w // 2) - 24)
        return max(120, room)

    def info_room(self) -> int:
        """How wide the lines at the top left may be: clear of the seat at the top of the table."""
        return max(80, int(self.size[0] * 0.5 - self.size[0] * 0.14 - 28))


def _stretched(core: pygame.Rect, limit: pygame.Rect, blocks: list[pygame.Rect],
               across_first: bool = False) -> pygame.Rect:
    """``core`` stretched out to ``limit`` one side after another (up and down, then left and right; or across
    first), each side only as far as no block is in the way. A block ``core`` already touches is not in the way."""
    free = [block for block in blocks if not block.colliderect(core)]
    left, top, right, bottom = core.left, core.top, core.right, core.bottom
    for side in ("left", "right", "top", "bottom") if across_first else ("top", "bottom", "left", "right"):
        if side == "left":
            left = min(left, limit.left)
        elif side == "right":
            right = max(right, limit.right)
        elif side == "top":
            top = min(top, limit.top)
        else:
            bottom = max(bottom, limit.bottom)
        in_way = [block for block in free if block.colliderect(pygame.Rect(left, top, right - left, bottom - top))]
        if in_way:  # back to the nearest block's edge
            if side == "left":
                left = max(block.right for block in in_way)
            elif side == "right":
                right = min(block.left for block in in_way)
            elif side == "top":
                top = max(block.bottom for block in in_way)
            else:
                bottom = min(block.top for block in in_way)
    return pygame.Rect(left, top, right - left, bottom - top)
