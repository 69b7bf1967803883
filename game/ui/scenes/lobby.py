"""The table before its match begins, for players on other computers: its join code and where to reach it, who
has taken a seat, and (for the table's owner) Start, with computers in the seats still empty, and a button to give
a waiting seat to a computer; any other player has a button to sit in a waiting seat instead. The match's first
deal opens the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.language import gettext
from game.engine.words import is_you
from game.net.client import RemoteTable
from game.net.messages import SeatEntry

from .. import theme
from ..assets import text
from ..scene import AWAIT_SECONDS, Scene
from ..widgets import Button, layout_column, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services

NOBODY = SeatEntry(name="", kind="online", taken=False, connected=False, away=False, thinking=False)  # not told yet


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, services: Services, table: RemoteTable, addresses: list[str] | None = None) -> None:
        """``table``: a RemoteTable just welcomed; ``addresses``: where others reach this computer (when hosting)."""
        super().__init__(services)
        self.table = table
        self.addresses = addresses or []
        self.said = ""

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        height = int(self.px * 1.9)
        self.leave_button = Button(gettext("Leave"), self.leave, key=pygame.K_ESCAPE)
        self.start_button = Button(gettext("Start"), self.table.start, key=pygame.K_RETURN, enabled=self.table.owner)
        layout_row([self.leave_button, self.start_button], (w // 2, h - height), height, 16, min_width=self.px * 8)
        # the owner sits where they chose on New game; the others may move
        label, ask = (gettext("Computer"), self.table.give_to_computer) if self.table.owner else \
            (gettext("Sit here"), self.table.sit)
        rows = [Button(label, lambda seat=seat: ask(seat)) for seat in range(self.table.rules.players)]
        layout_column(rows, (int(w * 0.72), int(h * 0.42) + (len(rows) - 1) * int(height * 0.6)), self.px * 7,
                      int(height * 0.9), int(height * 0.3))
        self.seat_buttons = rows
        self.refresh()

    def refresh(self) -> None:
        """Only a waiting seat (online, nobody took it) has its button: the owner's gives it to a computer, another
        player's moves them there."""
        for seat, button in enumerate(self.seat_buttons):
            place = self.table.seats[seat] if seat < len(self.table.seats) else None
            button.enabled = bool(place and place.kind == "online" and not place.taken)

    def leave(self) -> None:
        self.table.close()
        self.services.stop_hosting()
        self.services.scenes.restart("menu")

    def update(self, dt: float) -> None:
        for line in self.table.before_the_match():
            self.said = line
        if self.table.link == "closed":
            self.services.notice = self.said or gettext("The table closed")
            self.leave()
        elif self.table.started:
            self.services.scenes.replace("table", table=self.table)
        else:
            self.refresh()

    def next_frame(self) -> float | None:
        """Players join and leave, and the match starts, whenever the server says so."""
        return AWAIT_SECONDS

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any([self.leave_button, self.start_button] + [b for b in self.seat_buttons if b.enabled],
                         event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        px = self.px
        title = text(gettext("{game}: waiting for players").format(game=self.table.rules.player_title), px + 6,
                     theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.05))))
        code = text(gettext("Join code: {code}").format(code=self.table.code), px * 2, theme.INK, bold=True)
        surface.blit(code, code.get_rect(midtop=(w // 2, int(h * 0.13))))
        if self.addresses:
            where = gettext("Address: {addresses}").format(addresses=gettext("  or  ").join(self.addresses))
            line = text(where, px, theme.INK)
            surface.blit(line, line.get_rect(midtop=(w // 2, int(h * 0.13) + px * 2 + 14)))
        height = int(px * 1.9)
        top = int(h * 0.42)
        for seat in range(self.table.rules.players):
            place = self.table.seats[seat] if seat < len(self.table.seats) else NOBODY
            if place.kind == "computer":
                state = gettext("computer")
            elif not place.taken:
                state = gettext("waiting for a player")
            else:
                state = gettext("here") if place.connected else gettext("dropped out")
            mine = seat == self.table.viewer
            said = gettext("Seat {number}: {name}  (you)  ·  {state}") if mine and not is_you(place.name) else \
                gettext("Seat {number}: {name}  ·  {state}")  # "You (you)" says it twice
            line = text(said.format(number=seat + 1, name=self.table.name(seat) if place.name else "—", state=state),
                        px, theme.INK, bold=mine)
            surface.blit(line, (int(w * 0.12), top + seat * int(height * 1.2) - line.get_height() // 2))
        for button in [self.leave_button, self.start_button] + [b for b in self.seat_buttons if b.enabled]:
            button.draw(surface, px - 2)
        if self.table.owner:
            note = gettext("Start when everyone is here: computers take the empty seats")
        elif any(button.enabled for button in self.seat_buttons):
            note = gettext("The table's owner starts the match; Sit here moves you to a waiting seat")
        else:
            note = gettext("The table's owner starts the match")
        note = self.said or note
        line = text(note, px - 2, theme.WARN if self.said else theme.INK_DIM)
        surface.blit(line, line.get_rect(midbottom=(w // 2, self.start_button.rect.top - 10)))
