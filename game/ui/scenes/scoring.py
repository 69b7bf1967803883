"""The score sheet after each hand (like the books': hand, bidder, bid, trump, points, running totals) and the
end of the match."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import Hand

from .. import theme
from ..assets import text
from ..scene import Scene
from ..session import Session
from ..widgets import Button, layout_row, panel, press_any, shade

AUTOPLAY_SECONDS = 1.5


def score_owners(session: Session) -> list[tuple[str, list[int]]]:
    """The columns of the sheet: one per side in partnership games, else one per player."""
    rules = session.rules
    if rules.family == "rook" and rules.sides == "partners" and rules.players == 4:
        return [(f"{session.name(0)} & {session.name(2)}", [0, 2]), (f"{session.name(1)} & {session.name(3)}", [1, 3])]
    return [(session.name(seat), [seat]) for seat in range(rules.players)]


def sheet_rows(session: Session) -> tuple[list[str], list[list[str]]]:
    """The header and one row per finished hand, as text."""
    match = session.match
    owners = score_owners(session)
    rook = match.rules.family == "rook"
    header = ["Hand"] + (["Bidder", "Bid", "Trump"] if rook else []) + [name for name, _ in owners]
    hands: list[Hand] = match.history + ([match.hand] if match.hand.is_done else [])
    totals = [0] * match.rules.players
    rows = []
    for number, hand in enumerate(hands, 1):
        view = hand.view(0)
        delta = hand.score_delta()
        totals = [t + d for t, d in zip(totals, delta)]
        row = [str(number)]
        if rook:
            if view.get("thrown_in"):
                row += ["all passed", "-", "-"]
            else:
                declarer = view.get("declarer", -1)
                made = " made" if hand.contract_made() else " set"
                row += [session.name(declarer) if declarer >= 0 else "-", f"{view.get('contract', '-')}{made}",
                        (view.get("trump") or "-")]
        for _, seats in owners:
            seat = seats[0]
            points = sum(hand.points()[s] for s in seats) if len(hand.points()) > seat else 0
            row.append(f"{points} pts  {delta[seat]:+d}  = {totals[seat]}")
        rows.append(row)
    return header, rows


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, header: list[str], rows: list[list[str]], px: int,
               first_share: float = 0.08):
    columns = len(header)
    first = rect.width * first_share
    widths = [first] + [(rect.width - first) / (columns - 1)] * (columns - 1)
    y = rect.y
    for r, row in enumerate([header] + rows[-12:]):
        x = rect.x
        for value, width in zip(row, widths):
            label = text(value, px, theme.GOLD if r == 0 else theme.INK, bold=r == 0)
            surface.blit(label, (int(x), y))
            x += width
        y += int(px * 1.5)
        if r == 0:
            pygame.draw.line(surface, theme.GOLD, (rect.x, y - 4), (rect.right, y - 4), 1)


class ScoreScene(Scene):
    name = "score-sheet"
    transparent = True

    def __init__(self, session: Session, on_next: Callable[[], None]):
        self.session = session
        self.on_next = on_next
        self.shown_for = 0.0
        self.sheet = sheet_rows(session)

    def layout(self):
        w, h = self.app.size
        self.px = theme.text_size(self.app.size)
        self.rect = pygame.Rect(int(w * 0.08), int(h * 0.08), int(w * 0.84), int(h * 0.8))
        label = "See the result" if self.session.match.is_over else "Next hand"
        self.next = Button(label, self.go_on, key=pygame.K_RETURN)
        height = int(self.px * 2)
        layout_row([self.next], (w // 2, self.rect.bottom - height), height, 10, min_width=height * 4)

    def go_on(self):
        self.stack.pop(self)
        self.on_next()

    def update(self, dt: float):
        self.shown_for += dt
        if self.app.autoplay is not None and self.shown_for > AUTOPLAY_SECONDS and self.stack.top is self:
            self.go_on()

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.next.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface):
        shade(surface)
        panel(surface, self.rect)
        hand = self.session.hand
        title = "Score sheet"
        if hand.family == "rook" and hand.declarer >= 0:
            made = "made" if hand.contract_made() else "set"
            title = f"{self.session.name(hand.declarer)} bid {hand.contract}: {made}"
        elif hand.family == "hearts" and hand.moon_shooter() is not None:
            title = f"{self.session.name(hand.moon_shooter())} shot the moon!"
        heading = text(title, self.px + 6, theme.GOLD, bold=True)
        surface.blit(heading, heading.get_rect(midtop=(self.rect.centerx, self.rect.y + 14)))
        draw_sheet(surface, self.rect.inflate(-40, -120).move(0, 20), *self.sheet, self.px - 2)
        self.next.draw(surface, self.px)


class GameOverScene(Scene):
    name = "game-over"

    def __init__(self, session: Session):
        self.session = session
        self.shown_for = 0.0
        self.sheet = sheet_rows(session)

    def layout(self):
        w, h = self.app.size
        self.px = theme.text_size(self.app.size)
        self.buttons = [Button("New game", self.new_game, key=pygame.K_RETURN), Button("Main menu", self.to_menu)]
        layout_row(self.buttons, (w // 2, int(h * 0.85)), int(self.px * 2), 16, min_width=int(self.px * 8))

    def new_game(self):
        from .setup import SetupScene
        self.app.replace(SetupScene(self.session.rules.name))

    def to_menu(self):
        from .menu import MenuScene
        self.app.replace(MenuScene())

    def update(self, dt: float):
        self.shown_for += dt
        if self.app.autoplay is not None and self.shown_for > AUTOPLAY_SECONDS:
            self.app.quit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        match = self.session.match
        names = [self.session.name(s) for s in match.winners]
        line = " and ".join(dict.fromkeys(names)) + (" win!" if len(names) > 1 else " wins!")
        title = text(line, self.px * 2, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.12))))
        draw_sheet(surface, pygame.Rect(int(w * 0.1), int(h * 0.22), int(w * 0.8), int(h * 0.55)), *self.sheet,
                   self.px - 2)
        for button in self.buttons:
            button.draw(surface, self.px)
