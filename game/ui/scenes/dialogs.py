"""Dialogs over the table for the decisions that are not a card played: bids, the nest, trump, the rank order,
the called partner, Hearts passing, the moon, choosing a hand; the hot-seat hand-off and the pause menu; and a
question for the player over any screen.

Every choice offered comes from the engine (the seat's view lists the legal actions; the table checks a choice
before it goes); a dialog never decides a rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.engine.actions import ORDER_MEANINGS
from game.engine.hearts import pass_receiver
from game.engine.language import gettext, ngettext, pgettext
from game.engine.view import Choice
from game.engine.words import DIRECTION_WORDS, capitalised, said_of

from .. import controls, theme
from ..assets import font, text, wrapped
from ..auction import bid_dialog_rect
from ..card_sketch import CARD_RATIO
from ..hand_layout import arranged
from ..scene import Scene
from ..services import Services, Table
from ..widgets import Button, layout_column, layout_row, panel, press_any, shade

Act = Callable[[str], None]


class Dialog(Scene):
    """A panel over the table; the table keeps drawing and animating below it, and its own controls (Menu, Esc,
    Hint, Last trick) keep working: what the dialog does not use goes on to the table."""
    transparent = True
    pass_events = True
    title = ""

    def __init__(self, services: Services, table: Table, act: Act) -> None:
        super().__init__(services)
        self.table = table  # game/table/local.py or game/net/client.py: the seat at this screen decides
        self.act = act
        self.buttons: list[Button] = []
        self.error = ""
        self.hinted: Choice | None = None  # the suggestion asked for with the table's Hint

    def show_hint(self, hint: Choice) -> None:
        """The table's Hint answered for this decision: said in the dialog, and chosen where the dialog can."""
        self.hinted = hint

    @property
    def hint(self) -> str:
        """The hint, in a player's words ("" before one is asked for). It stays, being still the advice for this
        decision, but once the player has chosen otherwise in the dialog it says so: "Hint: pass 8♦, 9♦, K♦" under a
        box holding other cards read as what the box held."""
        if self.hinted is None:
            return ""
        choice = self.table.rules.action_words(self.hinted.text)
        if self.chose_otherwise():
            return gettext("Hint (you chose otherwise): {choice}").format(choice=choice)
        return gettext("Hint: {choice}").format(choice=choice)

    def chose_otherwise(self) -> bool:
        """What the dialog holds now (the cards in its box, the bid shown) is not the hinted choice; False where the
        dialog holds no choice before it is made (a button each)."""
        return False

    def choose(self, action: str) -> None:
        reason = self.table.check(action)
        if reason is not None:
            self.error = reason
            return
        self.stack.pop(self)
        self.act(action)

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        # as wide as the title needs, up to the window's width (then the title takes two lines)
        width = min(w - 16, max(int(w * 0.46), font(self.px + 4, bold=True).size(self.title)[0] + 2 * self.px))
        self.rect = pygame.Rect(0, 0, width, int(h * 0.3))
        self.rect.center = (w // 2, int(h * 0.56))  # below the auction panel, above the player's hand

    def handle_event(self, event: pygame.event.Event) -> bool:
        if press_any(self.buttons, event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def title_lines(self) -> tuple[str, ...]:
        """The title on as many lines as the panel's width needs."""
        return wrapped(self.title, self.px + 4, self.rect.width - 2 * self.px, bold=True)

    def draw_title(self, surface: pygame.Surface) -> None:
        y = self.rect.y + 12
        for line in self.title_lines():
            title = text(line, self.px + 4, theme.GOLD, bold=True)
            surface.blit(title, title.get_rect(midtop=(self.rect.centerx, y)))
            y += title.get_height()

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect)
        self.draw_title(surface)
        for button in self.buttons:
            button.draw(surface, self.px)
        self.draw_note(surface, self.note_spot())

    def note_spot(self) -> tuple[int, int]:
        """Where the line under the choices ends: the middle of its bottom edge."""
        return self.rect.centerx, self.rect.bottom - 8

    def draw_note(self, surface: pygame.Surface, midbottom: tuple[int, int]) -> None:
        """The line under the choices: why a choice was refused, else the hint asked for."""
        if self.error or self.hint:
            line = text(self.error or self.hint, self.px, theme.WARN if self.error else theme.GOLD, bold=True)
            surface.blit(line, line.get_rect(midbottom=midbottom))


class BidScene(Dialog):
    """The auction: step the bid up or down through the legal bids, then Bid or Pass."""
    name = "bidding"

    def __init__(self, services: Services, table: Table, act: Act) -> None:
        super().__init__(services, table, act)
        view = table.view()
        self.bids = [choice for choice in view.legal if choice.kind == "bid"]
        self.passing = next((choice for choice in view.legal if choice.kind == "pass"), None)
        self.index = 0
        high = view.rook.high_bid if view.rook is not None else 0
        self.title = said_of(table.name(view.to_move), gettext("{name}, your bid (high bid {high})"),
                             gettext("Your bid (high bid {high})"), high=high) if high else \
            said_of(table.name(view.to_move), gettext("{name}, your bid"), gettext("Your bid"))

    def layout(self) -> None:
        super().layout()
        # just above the player's hand and below the auction panel, which keeps clear of it (game/ui/auction.py)
        title_width = text(self.title, self.px + 4, theme.GOLD, bold=True).get_width()
        self.rect = bid_dialog_rect(self.size, self.services.settings.card_scale, title_width)
        self.down = Button("-", lambda: self.step(-1), key=controls.BID_DOWN.key)
        self.up = Button("+", lambda: self.step(1), key=controls.BID_UP.key)
        # as wide as its label for the highest bid needs ("Bid 120"; "100 bieten" is longer than "Bid 100")
        self.bid = Button(gettext("Bid"), self.place_bid, enabled=bool(self.bids), key=controls.BID.key,
                          labels=tuple(gettext("Bid {points}").format(points=choice.value) for choice in self.bids))
        self.pass_ = Button(pgettext("bidding", "Pass"), self.place_pass, enabled=self.passing is not None,
                            key=controls.PASS.key)
        height = int(self.px * 1.8)
        layout_row([self.down, self.up], (self.rect.centerx, self.value_y()), height, int(self.px * 5),
                   min_width=height)
        layout_row([self.bid, self.pass_], (self.rect.centerx, self.rect.bottom - height // 2 - self.px // 2),
                   height, int(self.px), min_width=height * 3)
        self.buttons = [self.down, self.up, self.bid, self.pass_]
        self.refresh()

    def step(self, delta: int) -> None:
        if self.bids:
            self.index = max(0, min(len(self.bids) - 1, self.index + delta))
        self.refresh()

    def refresh(self) -> None:
        self.down.enabled = self.index > 0
        self.up.enabled = self.index < len(self.bids) - 1
        if self.bids:
            self.bid.label = gettext("Bid {points}").format(points=self.bids[self.index].value)

    def place_bid(self) -> None:
        if self.bids:
            self.choose(self.bids[self.index].text)

    def place_pass(self) -> None:
        if self.passing is not None:
            self.choose(self.passing.text)

    def show_hint(self, hint: Choice) -> None:
        super().show_hint(hint)
        if hint in self.bids:
            self.index = self.bids.index(hint)
            self.refresh()

    def chose_otherwise(self) -> bool:
        """A bid was hinted and another bid is shown now."""
        return self.hinted in self.bids and self.bids[self.index] != self.hinted

    def value_y(self) -> int:
        """The middle of the row with the bid and its - and + buttons."""
        return self.rect.y + int(self.px * 3.2)

    def note_spot(self) -> tuple[int, int]:
        return self.rect.centerx, self.bid.rect.top - 4  # between the bid and the buttons

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.bids:
            value = text(str(self.bids[self.index].value), int(self.px * 1.6), theme.INK, bold=True)
            surface.blit(value, value.get_rect(center=(self.rect.centerx, self.value_y())))


class ChoiceScene(Dialog):
    """One button per legal action (trump, order, moon, choose-hand)."""

    def __init__(self, services: Services, table: Table, act: Act, name: str, title: str,
                 labels: Callable[[Choice], str]) -> None:
        super().__init__(services, table, act)
        self.name = name
        self.title = title
        self.choices = table.view().legal
        self.labels = labels

    def layout(self) -> None:
        super().layout()
        self.buttons = [Button(self.labels(c), lambda c=c: self.choose(c.text)) for c in self.choices]
        for button, key in zip(self.buttons, controls.CHOOSE.keys):
            button.key = key.code
        self.mark_hinted()
        height = int(self.px * 2)
        w = self.size[0]

        def wide(row: list[Button]) -> int:
            return sum(max(height * 3, button.width_for(height)) for button in row) + 10 * (len(row) - 1)

        def rows_of(per_row: int) -> list[list[Button]]:
            return [self.buttons[i:i + per_row] for i in range(0, len(self.buttons), per_row)]

        # up to four buttons a row, fewer where the window is too narrow for them; the panel as wide as its rows
        per_row = 4
        while per_row > 1 and max(map(wide, rows_of(per_row))) > w - 16 - 2 * self.px:
            per_row -= 1
        rows = rows_of(per_row)
        self.rect.width = min(w - 16, max(self.rect.width, max(map(wide, rows)) + 2 * self.px))
        self.rect.centerx = w // 2
        for r, row in enumerate(rows):
            y = self.rect.centery + (r - (len(rows) - 1) / 2) * (height + 10)
            layout_row(row, (self.rect.centerx, int(y)), height, 10, min_width=height * 3)


    def show_hint(self, hint: Choice) -> None:
        super().show_hint(hint)
        self.mark_hinted()

    def mark_hinted(self) -> None:
        for button, choice in zip(self.buttons, self.choices):
            button.chosen = choice == self.hinted


def _trump_label(choice: Choice) -> str:
    return gettext("No trump") if choice.word == "none" else capitalised(gettext(choice.word))


class TrumpScene(ChoiceScene):
    """Naming trump: a tile of each colour (or suit) offered, its name under it; the keys 1 to 5 choose too. The
    panel is as large as its tiles need."""

    def __init__(self, services: Services, table: Table, act: Act, title: str) -> None:
        super().__init__(services, table, act, "trump", title, _trump_label)

    def layout(self) -> None:
        Dialog.layout(self)
        w, h = self.size
        px = self.px
        deck = self.table.rules.deck
        tile = int(px * 3)
        self.buttons = [Button(self.labels(c), lambda c=c: self.choose(c.text), key=key.code,
                               picture=self.services.art.swatch(deck, c.word, tile))
                        for c, key in zip(self.choices, controls.CHOOSE.keys)]
        self.mark_hinted()
        width = max(int(tile * 1.3), *(font(px, bold=True).size(b.label)[0] + px for b in self.buttons))
        height, gap = tile + int(px * 2.2), px // 2
        row = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        title = font(px + 4, bold=True).size(self.title)[0]
        self.rect = pygame.Rect(0, 0, min(w - 16, max(row, title) + 2 * px), 0)
        # the title above the tiles (on two lines in a narrow window), the line for a hint or reason below
        top = int(px * 2.6) + (len(self.title_lines()) - 1) * font(px + 4, bold=True).get_linesize()
        note = int(px * 2)
        self.rect.height = top + height + note
        self.rect.center = (w // 2, int(h * 0.56))
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(self.rect.centerx - row // 2 + i * (width + gap), self.rect.y + top, width,
                                      height)


class CardPickScene(Dialog):
    """Choose cards from a hand by dragging them into a box (or clicking them): the nest, a pass, a called card,
    the card laid aside. Done is enabled only when the box holds exactly the number the rules ask for; a card more,
    dropped on the full box, goes back with the reason."""

    def __init__(self, services: Services, table: Table, act: Act, name: str, title: str,
                 action: Callable[[list[str]], str], count: int, cards: list[str], box_label: str, full: str,
                 marked: tuple[tuple[str, ...], str] | None = None) -> None:
        """``action``: the decision that chooses these cards, made by the engine's view; ``full``: why a card more
        is refused, in the words of the decision ("You pass 3 cards: take one out first"); ``marked``: (cards, what
        they are) to outline among the cards, such as the nest's cards."""
        super().__init__(services, table, act)
        self.full = full
        self.marked = set(marked[0]) if marked else set()
        self.marked_note = marked[1] if marked else ""
        self.name = name
        self.title = title
        self.action = action
        self.count = count
        self.cards = cards
        self.box_label = box_label
        self.chosen: list[str] = []
        self.drag: tuple[str, tuple[int, int], tuple[int, int], tuple[int, int]] | None = None

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.cw = theme.card_width(self.size, self.services.settings.card_scale)
        self.ch = round(self.cw * CARD_RATIO)
        self.rect = pygame.Rect(int(w * 0.08), int(h * 0.08), int(w * 0.84), int(h * 0.84))
        slots = max(self.count, 1)
        self.box = pygame.Rect(0, 0, slots * (self.cw + 8) + 24, self.ch + 24)
        below_title = (len(self.title_lines()) - 1) * font(self.px + 4, bold=True).get_linesize()
        self.box.center = (w // 2, int(self.rect.y + self.px * 5 + below_title + self.ch / 2 + 12))
        self.done = Button(gettext("Done"), self.finish, key=controls.DONE.key,
                           when=lambda: len(self.chosen) == self.count)
        height = int(self.px * 2)
        layout_row([self.done], (w // 2, self.rect.bottom - height), height, 10, min_width=height * 3)
        self.buttons = [self.done]

    def remaining(self) -> list[str]:
        return [c for c in self.cards if c not in self.chosen]

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The cards to choose from: one row for a hand; a row per suit, smaller, for a long list (a called card
        may be any card of the deck). Each card keeps its place while cards go into the box and back: a chosen card
        leaves a gap (the row used to close up round it, so that a second click where a player had seen a card took
        its neighbour)."""
        cards = self.cards
        if not self.remaining():
            return []
        room = self.rect.width - 40
        if len(cards) > 20:
            rows: dict[int, list[str]] = {}  # by suit
            for card in cards:
                rows.setdefault(self.table.rules.suit_of_name(card), []).append(card)
            row_list = list(rows.values())
            scale = 0.8
        else:
            per_row = max(1, min(len(cards), int((room - self.cw) / (self.cw * 0.55)) + 1))
            row_list = [cards[i:i + per_row] for i in range(0, len(cards), per_row)]
            scale = 1.0
        width, height = int(self.cw * scale), int(self.ch * scale)
        space = self.note_spot()[1] - int(self.px * 1.4) - (self.box.bottom + self.px * 2) - height  # above the note
        row_step = min(height * 0.62, space / max(1, len(row_list) - 1))
        out: list[tuple[str, pygame.Rect]] = []
        top = self.box.bottom + self.px * 2
        for r, row in enumerate(row_list):
            step = min(width + 6, (room - width) / max(1, len(row) - 1))
            left = self.rect.centerx - (step * (len(row) - 1) + width) / 2
            for i, card in enumerate(row):
                if card not in self.chosen:
                    out.append((card, pygame.Rect(int(left + i * step), int(top + r * row_step), width, height)))
        return out

    def box_rects(self) -> list[tuple[str, pygame.Rect]]:
        return [(card, pygame.Rect(self.box.x + 12 + i * (self.cw + 8), self.box.y + 12, self.cw, self.ch))
                for i, card in enumerate(self.chosen)]

    def toggle(self, card: str, into_box: bool | None = None) -> None:
        if card in self.chosen and into_box is not True:
            self.chosen.remove(card)
        elif card not in self.chosen and into_box is not False:
            if len(self.chosen) >= self.count:
                self.error = self.full
                return
            self.chosen.append(card)
        self.error = ""

    def finish(self) -> None:
        if len(self.chosen) != self.count:
            self.error = gettext("Choose exactly {count}").format(count=self.count)
            return
        self.choose(self.action(self.chosen))

    def show_hint(self, hint: Choice) -> None:
        """The hinted cards go into the box, ready for Done."""
        super().show_hint(hint)
        self.chosen = self.hinted_cards()
        self.error = ""

    def hinted_cards(self) -> list[str]:
        return [] if self.hinted is None else [card for card in self.hinted.cards if card in self.cards][: self.count]

    def chose_otherwise(self) -> bool:
        """The box holds a card the hint does not name (only some of the hinted cards is no other choice yet)."""
        return self.hinted is not None and not set(self.chosen) <= set(self.hinted_cards())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.done.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for card, rect in reversed(self.box_rects() + self.hand_rects()):
                if rect.collidepoint(event.pos):
                    self.drag = (card, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pos, event.pos)
                    return True
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            card, grab, start, _ = self.drag
            self.drag = (card, grab, start, event.pos)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            card, grab, start, _ = self.drag
            self.drag = None
            if math.dist(start, event.pos) <= 6:
                self.toggle(card)
            else:
                self.toggle(card, into_box=self.dropped_on_box(card, grab, event.pos))
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def dropped_on_box(self, card: str, grab: tuple[int, int], pos: tuple[int, int]) -> bool:
        """A card dragged by the point ``grab`` of it and let go at ``pos`` lands in the box: the pointer is on the
        box, or the middle of the card as drawn is (a card held by its lower edge covers the box with the pointer
        below it)."""
        zone = self.box.inflate(40, 40)
        rect = dict(self.box_rects() + self.hand_rects()).get(card)
        middle = pos if rect is None else (pos[0] - grab[0] + rect.width // 2, pos[1] - grab[1] + rect.height // 2)
        return zone.collidepoint(pos) or zone.collidepoint(middle)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, self.rect.bottom + 2)  # the table's controls below stay clear: they still work
        panel(surface, self.rect)
        self.draw_title(surface)
        pygame.draw.rect(surface, theme.FELT_DARK, self.box, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD, self.box, width=2, border_radius=10)
        label = text(gettext("{box}: {chosen} of {count}").format(box=self.box_label, chosen=len(self.chosen),
                                                                    count=self.count), self.px, theme.INK)
        surface.blit(label, label.get_rect(midbottom=(self.box.centerx, self.box.y - 4)))
        dragged = self.drag[0] if self.drag is not None and math.dist(self.drag[2], self.drag[3]) > 6 else None
        art = self.services.art.for_rules(self.table.rules)
        for card, rect in self.box_rects() + self.hand_rects():
            if card != dragged:
                surface.blit(art.face(card, rect.width), rect)
                if card in self.marked:
                    surface.blit(art.outline(rect.width, theme.RECEIVED), rect)
        if self.marked_note:
            note = text(self.marked_note, self.px - 2, theme.RECEIVED, bold=True)
            surface.blit(note, note.get_rect(midtop=(self.rect.centerx, self.box.bottom + 4)))
        if dragged is not None and self.drag is not None:
            _, grab, _, pos = self.drag
            width = dict(self.box_rects() + self.hand_rects())[dragged].width
            surface.blit(art.face(dragged, width), (pos[0] - grab[0], pos[1] - grab[1]))
        self.done.draw(surface, self.px)
        self.draw_note(surface, self.note_spot())

    def note_spot(self) -> tuple[int, int]:
        return self.rect.centerx, self.done.rect.y - 6


class HandOffScene(Scene):
    """Hot-seat: every hand is hidden until the next player says they are ready. Esc opens the menu over this
    screen, which stays beneath it, so that no hand shows."""
    name = "hand-off"

    def __init__(self, services: Services, player: str, ready: Callable[[], None], table: Table) -> None:
        super().__init__(services)
        self.player = player
        self.ready = ready
        self.table = table  # the table handed over, for the menu's Main menu
        self.pressed = False  # the mouse button went down on this screen (not on the menu's Resume over it)

    def resume(self) -> None:
        self.pressed = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == controls.MENU.key:
            self.services.scenes.push("pause", table=self.table)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed or \
                event.type == pygame.KEYDOWN and event.key in controls.READY.codes:
            self.stack.pop(self)
            self.ready()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        px = theme.text_size(surface.get_size())
        w, h = surface.get_size()
        line = text(gettext("Pass to {name} — click when ready").format(name=self.player), px * 2, theme.GOLD,
                    bold=True)
        surface.blit(line, line.get_rect(center=(w // 2, h // 2)))
        note = text(gettext("Every hand stays hidden until then"), px, theme.INK_DIM)
        surface.blit(note, note.get_rect(center=(w // 2, h // 2 + px * 3)))


class PauseScene(Scene):
    """The menu over a game, in a panel of its own over whatever the table shows (a dialog included): Resume (Esc),
    How to play (this table's game, under the rules it is played by), Settings (its House rules open on this table's
    game), Main menu and Quit. How to play and Settings open over the table and come back to it. The match is saved
    after every action; a table this game hosts for players elsewhere would end for all of them, so leaving it is
    asked first."""
    name = "pause"
    transparent = True

    def __init__(self, services: Services, table: Table) -> None:
        super().__init__(services)
        self.table = table

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        scenes = self.services.scenes
        self.buttons = [Button(gettext("Resume"), lambda: self.stack.pop(self), key=controls.MENU.key),
                        Button(gettext("How to play"), lambda: scenes.push("how-to-play", rules=self.table.rules)),
                        Button(gettext("Settings"), lambda: scenes.push("settings", rules=self.table.rules)),
                        Button(gettext("Main menu"), lambda: self.leave(self.to_menu, gettext(
                            "You host this table: if you go to the main menu, it ends for everyone playing at it. "
                            "The match is kept, and Host again on the main menu opens it again for the same "
                            "players."))),
                        Button(gettext("Quit"), lambda: self.leave(self.services.scenes.quit, gettext(
                            "You host this table: if you quit, it ends for everyone playing at it. The match is "
                            "kept, and Host again on the main menu opens it again for the same players.")))]
        height, gap = int(px * 2.1), px // 2
        title = font(px + 6, bold=True)
        width = min(w - 16, max(px * 14, title.size(self.title)[0] + 2 * px))
        top = px + title.get_linesize()
        self.rect = pygame.Rect(0, 0, width, top + len(self.buttons) * (height + gap) + px)
        self.rect.center = (w // 2, h // 2)
        layout_column(self.buttons, (w // 2, self.rect.y + top + (len(self.buttons) * (height + gap) - gap) // 2),
                      width - 2 * px, height, gap)

    @property
    def title(self) -> str:
        return self.table.rules.player_title

    def leave(self, go: Callable[[], None], question: str) -> None:
        """Leave the table for the main menu or quit: at once, unless this game hosts the table, whose players would
        all lose it; then only once the host agrees, told what happens."""
        if self.services.host is None:
            self.close_table()
            go()
            return

        def end() -> None:
            self.close_table()
            go()

        self.services.scenes.push("confirm", question=question, answers=[
            (gettext("End the table"), end), (gettext("Stay at the table"), lambda: None)])

    def close_table(self) -> None:
        self.table.close()
        self.services.stop_hosting()

    def to_menu(self) -> None:
        self.services.scenes.restart("menu")

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_any(self.buttons, event)
        return True  # nothing below answers while the menu is open

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        panel(surface, self.rect)
        title = text(self.title, self.px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + self.px // 2)))
        for button in self.buttons:
            button.draw(surface, self.px)


class ConfirmScene(Scene):
    """A question over the screen below, answered with one of its buttons; Esc gives the last answer, the one that
    changes nothing. The answer's action runs once the question is gone."""
    name = "confirm"
    transparent = True

    def __init__(self, services: Services, question: str, answers: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(services)
        self.question = question
        self.answers = answers

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        height = int(px * 2)
        self.buttons = [Button(label, lambda action=action: self.answer(action)) for label, action in self.answers]
        self.buttons[-1].key = pygame.K_ESCAPE
        # the panel as wide as its answers need (Rook lernen, Hearts lernen, Zurück at 800x500), closer together
        # where the window is too narrow for that
        row = sum(max(px * 7, button.width_for(height)) for button in self.buttons) + px * (len(self.buttons) - 1)
        width = min(w - 20, max(int(w * 0.6), px * 30, row + 2 * px))
        gap = px if row + 2 * px <= width else 6
        self.lines = wrapped(self.question, px + 2, width - 2 * px)
        line = font(px + 2).get_linesize()
        self.rect = pygame.Rect(0, 0, width, len(self.lines) * line + height + 3 * px)
        self.rect.center = (w // 2, h // 2)
        layout_row(self.buttons, (self.rect.centerx, self.rect.bottom - px - height // 2), height, gap,
                   min_width=px * 7 if gap == px else 0)

    def answer(self, action: Callable[[], None]) -> None:
        self.stack.pop(self)
        action()

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_any(self.buttons, event)
        return True  # nothing below answers while the question is open

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        panel(surface, self.rect)
        y = self.rect.y + self.px
        for row in self.lines:
            label = text(row, self.px + 2, theme.INK)
            surface.blit(label, label.get_rect(midtop=(self.rect.centerx, y)))
            y += font(self.px + 2).get_linesize()
        for button in self.buttons:
            button.draw(surface, self.px)


def dialog_for_phase(services: Services, table: Table, act: Act) -> Scene | None:
    """The dialog the person at the screen needs for the hand's current decision (None for a card to play)."""
    view = table.view()
    # cards to choose are this seat's own, also where everyone chooses at once ahead of their turn (a pass)
    who = table.name(view.seat if view.cards_to_choose else view.to_move)
    phase = view.phase
    held = arranged(view.hand, table.rules, view.trump)
    count = view.cards_to_choose
    one_card = {choice.card: choice.text for choice in view.legal if choice.cards}  # a call, a card laid aside

    def pick(name: str, title: str, number: int, cards: list[str], box: str, full: str,
             marked: tuple[tuple[str, ...], str] | None = None) -> CardPickScene:
        action: Callable[[list[str]], str] = \
            view.choose_cards if view.choosing else (lambda chosen: one_card[chosen[0]])
        return CardPickScene(services, table, act, name, title, action, number, cards, box, full, marked)

    def choice(name: str, title: str, labels: Callable[[Choice], str]) -> ChoiceScene:
        return ChoiceScene(services, table, act, name, title, labels)

    if phase == "bid":
        return BidScene(services, table, act)
    if phase == "nest" and view.rook is not None:
        return pick("nest-exchange", ngettext("{name}: lay back {count} card", "{name}: lay back {count} cards",
                                              count).format(name=who, count=count), count, held, gettext("Nest"),
                    ngettext("You lay back {count} card: take one out first",
                             "You lay back {count} cards: take one out first", count).format(count=count),
                    marked=(view.rook.from_nest, gettext("Outlined: the cards that were in the nest")))
    if phase == "pass" and view.hearts is not None:
        direction = view.hearts.pass_direction
        receiver = table.name(pass_receiver(direction, view.seat, view.players))
        return pick("passing", ngettext("{name}: pass {count} card to {receiver} ({direction})",
                                        "{name}: pass {count} cards to {receiver} ({direction})", count).format(
            name=who, count=count, receiver=receiver, direction=gettext(DIRECTION_WORDS[direction])),
                    count, held, gettext("To pass"),
                    ngettext("You pass {count} card: take one out first", "You pass {count} cards: take one out first",
                             count).format(count=count))
    if phase == "lay-aside":
        return pick("lay-aside", gettext("{name}: lay one card aside").format(name=who), 1, held, gettext("Aside"),
                    gettext("You lay one card aside: take it out first"))
    if phase == "call":
        return pick("called-partner", gettext("{name}: call a card; its holder is your partner").format(name=who), 1,
                    list(one_card), gettext("Called card"), gettext("You call one card: take it out first"))
    if phase == "trump":
        return TrumpScene(services, table, act, gettext("{name}: name trump").format(name=who))
    if phase == "order":
        return choice("order", gettext("{name}: rank order").format(
            name=who), lambda c: gettext(ORDER_MEANINGS[c.word]))
    if phase == "moon":
        return choice("moon", said_of(who, gettext("{name} shot the moon!"), gettext("You shot the moon!")),
                      lambda c: gettext("Subtract from my score") if c.word == "subtract" else
                      gettext("Add to everyone else"))
    if phase == "choose":
        return choice("choose-hand", gettext("{name}: choose a face-down hand").format(name=who),
                      lambda c: gettext("Hand {number}").format(number=c.value))
    return None
