"""The main menu."""

from __future__ import annotations

import pygame

from game.engine.language import gettext
from game.engine.rules import preset_rules
from game.net.database import DatabaseUnusable
from game.net.host import hosted_tables

from .. import theme
from ..assets import font, text, wrapped
from ..card_sketch import card_size
from ..hosting import join_hosted, port_problem
from ..scene import Scene
from ..widgets import Button, layout_column, press_any

MIN_CARD_WIDTH = 30  # the sample cards' width in the smallest window with a long message


class MenuScene(Scene):
    name = "menu"

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        scenes = self.services.scenes
        self.buttons = [
            Button(gettext("New game"), lambda: scenes.push("setup"), key=pygame.K_n),
            Button(gettext("Continue"), self.continue_match, enabled=self.services.saves.exists(), key=pygame.K_c),
            Button(gettext("Join game"), lambda: scenes.push("join"), key=pygame.K_j),
        ]
        ending = self.services.stopping is not None and not self.services.stopping.done()  # saved as it ends
        if ending or hosted_tables():
            self.buttons.append(Button(gettext("Host again"), self.host_again, key=pygame.K_h))
        self.buttons += [
            Button(gettext("Learn to play"), self.learn, key=pygame.K_l),
            Button(gettext("How to play"), lambda: scenes.push("how-to-play"), key=pygame.K_r),
            Button(gettext("Settings"), lambda: scenes.push("settings"), key=pygame.K_s),
            Button(gettext("Statistics"), lambda: scenes.push("statistics"), key=pygame.K_t),
            Button(gettext("History"), lambda: scenes.push("history"), key=pygame.K_i),
            Button(gettext("Quit"), scenes.quit, key=pygame.K_q),
        ]
        # title, subtitle, the four sample cards, then the buttons in the room left above the message line
        self.title_y = int(h * 0.16)
        self.cards_top = self.title_y + self.px * 4
        self.card_width = theme.card_width(self.size)
        # the Rook Bird and Green 14 marked as Classic Rook counts them; the window's art changes with the settings
        self.art = self.services.art.for_rules(preset_rules("rook-classic"))
        notice = self.services.notice
        rows = len(wrapped(notice, self.px - 2, w - 20)) if notice else 1
        bottom = h - 10 - rows * font(self.px - 2).get_linesize() - self.px // 2  # the buttons end above the message
        count = len(self.buttons)
        # buttons at least half as high again as the text, so a mouse hits them easily: smaller sample cards where
        # the room is short, and the buttons closer together
        while True:
            top = self.cards_top + card_size(self.card_width)[1] + self.px * 4 // 5
            room = bottom - top
            roomy = room - 10 * (count - 1) >= count * self.px * 1.5
            gap = 10 if h >= 600 and roomy else 6 if roomy else 4
            if (room - gap * (count - 1)) // count >= self.px * 1.5 or self.card_width <= MIN_CARD_WIDTH:
                break
            self.card_width -= 2
        height = min(int(self.px * 2.1), (room - gap * (count - 1)) // count)
        column = count * height + gap * (count - 1)
        # as wide as the longest label needs ("Rejoindre une partie"), never less than the English column's width
        width = min(w - 20, max(int(self.px * 12), *(button.width_for(height) for button in self.buttons)))
        layout_column(self.buttons, (w // 2, top + column // 2), width, height, gap)

    def learn(self) -> None:
        """Learn Rook or Learn Hearts: a hand played and explained as it goes (game/engine/lessons.py)."""
        scenes = self.services.scenes
        scenes.push("confirm", question=gettext("Learn a game from one hand, explained as it is played: the Rook rule "
                                                "book's own example hand, or a short hand of Hearts."),
                    answers=[(gettext("Learn Rook"), lambda: scenes.push("lesson", lesson="rook")),
                             (gettext("Learn Hearts"), lambda: scenes.push("lesson", lesson="hearts")),
                             (gettext("Back"), lambda: None)])

    def continue_match(self) -> None:
        services = self.services
        session, problem = services.saved_match()
        if session is None:
            services.notice = problem or gettext("There is no saved game")
            self.layout()
            return
        services.scenes.push("table", session=session)

    def host_again(self) -> None:
        """The table this game hosted last, open again: its players take their seats back with their tokens."""
        services, settings = self.services, self.services.settings
        try:
            host = services.start_hosting(again=True)
        except DatabaseUnusable as err:  # the hosted table's database (a newer game's, a folder not writable)
            services.notice = str(err)
            self.layout()
            return
        except OSError as err:
            services.notice = port_problem(err, settings.online_port)
            self.layout()
            return
        code = host.saved_table()
        token = services.seats.token("hosted", code) if code else None
        if code is None or token is None:
            services.stop_hosting()
            services.notice = gettext("The hosted table could not be found again")
            self.layout()
            return
        join_hosted(services, code, token, settings.names[0])

    def resume(self) -> None:
        """Back from a scene above: a game may have been saved since (Continue)."""
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        title = text("Trickhouse", self.px * 4, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, self.title_y)))
        sub = text(gettext("Rook and Hearts, every variant in the rule books"), self.px, theme.INK_DIM)
        surface.blit(sub, sub.get_rect(center=(w // 2, self.title_y + self.px * 3)))
        art, cw = self.art, self.card_width
        for i, card in enumerate(["ROOK", "G14", "QS", "AH"]):
            face = art.face(card, cw)
            surface.blit(face, (w // 2 - 2 * cw - 30 + i * (cw + 20), self.cards_top))
        for button in self.buttons:
            button.draw(surface, self.px)
        if self.services.notice:  # one message, on as many rows as a narrow window needs, from the bottom up
            size = self.px - 2
            bottom = h - 10
            for row in reversed(wrapped(self.services.notice, size, w - 20)):
                line = text(row, size, theme.WARN)
                surface.blit(line, line.get_rect(midbottom=(w // 2, bottom)))
                bottom -= line.get_height()
