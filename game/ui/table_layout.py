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

    def _trick_reach(self) -> float:
        """How far from the middle each card of a trick lies: well apart, but drawn in when large cards would
        otherwise reach a seat's cards or name plate."""
        boxes = [self.seat_box(seat) for seat in self.around[1:]]
        reach = self.ch * 0.62
        while reach > self.ch * 0.3:
            self.reach = reach
            spots = [pygame.Rect(self.trick_spot(seat), (self.cw, self.ch)) for seat in self.around]
            if not any(spot.collidelist(boxes) >= 0 for spot in spots):
                break
            reach *= 0.92
        return reach

    def trick_spot(self, seat: int) -> tuple[int, int]:
        """The top-left corner of the card a seat plays to the trick."""
        ax, ay = self.seat_anchor(seat)
        cx, cy = self.centre
        dx, dy = ax - cx, ay - cy
        length = math.hypot(dx, dy) or 1
        return (int(cx + dx / length * self.reach - self.cw / 2), int(cy + dy / length * self.reach - self.ch / 2))

    def table_rect(self) -> pygame.Rect:
        """Drop a dragged card here to play it."""
        return pygame.Rect(0, 0, int(self.cw * 4.6), int(self.ch * 2.6)).move(
            self.centre[0] - int(self.cw * 2.3), self.centre[1] - int(self.ch * 1.3))

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
        w, _ = self.size
        if not count:
            return []
        width, height = int(self.cw * 0.85), int(self.ch * 0.85)
        step = min(width * 0.62, (w * 0.42 - width) / max(1, count - 1))
        span = int(step * (count - 1) + width)
        ax, ay = self.seat_anchor(seat)
        left = max(8, min(w - 8 - span, ax - span // 2))
        return [pygame.Rect(int(left + i * step), ay - height // 2 - int(self.ch * 0.2), width, height)
                for i in range(count)]

    def plate_centre(self, seat: int, viewer: int) -> tuple[int, int]:
        """The middle of a seat's name plate (two lines): the viewer's at the bottom left, the others' below their
        cards."""
        if seat == viewer:  # as far left as it may be, so that it keeps clear of the buttons
            return min(int(self.size[0] * 0.16), 8 + (self.plate_room(seat, viewer) + 16) // 2), \
                self.size[1] - int(self.text_px * 1.3)
        ax, ay = self.seat_anchor(seat)
        return ax, ay + int(self.ch * 0.62) // 2 + int(self.text_px * 1.4)

    def plate_room(self, seat: int, viewer: int) -> int:
        """How wide a seat's name plate may be: clear of the trick in the middle and, for the viewer, of the buttons
        at the bottom right. A seat beside the window's edge has as much as the others: its plate is moved in from
        the edge rather than cut (``plate_span``), so that its tricks fit at 800x500 too."""
        w = self.size[0]
        if seat == viewer:  # from the window's edge to the buttons, with room for the turn marker between
            return max(40, min(2 * int(w * 0.16) - 32, self.buttons_left - 2 * self.text_px - 40, int(w * 0.28)))
        return max(40, min(w - 32, int(w * 0.28)))

    def plate_span(self, seat: int, viewer: int) -> tuple[int, int]:
        """From where to where a seat's name plate's text may reach across the window: ``plate_room`` round its
        middle, moved in from the window's edge so that the plate (8 px wider each way) keeps 8 px from it."""
        w, room = self.size[0], self.plate_room(seat, viewer)
        left = max(16, min(self.plate_centre(seat, viewer)[0] - room // 2, w - 16 - room))
        return left, left + room

    def trick_area(self) -> pygame.Rect:
        """Where the cards of a trick lie, every seat's card included."""
        spots = [pygame.Rect(self.trick_spot(seat), (self.cw, self.ch)) for seat in self.around]
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
