"""New game: the game and preset, and for each seat Human (at this screen), Computer (and its level) or Online (a
player at another computer: the game then hosts the table, or asks a dedicated server for it, and its lobby shows
the join code), and each name. Or a deal code: its preset, house rules and deal, with the seats as set here.

A match that would end for the new one (the saved match, or the table hosted last) ends only if it is over or the
player agrees to end it, asked with its game, hand and scores; otherwise it is kept and nothing starts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ai import LEVELS
from game.engine import DealCodeError, Hand, Match, hand_from_code
from game.engine.guide import summary
from game.engine.language import N_, gettext
from game.engine.rules import Rules, preset_families
from game.engine.words import capitalised, kept_name, player_name, said_of, seat_name
from game.net import messages as M
from game.net.database import DatabaseUnusable
from game.net.messages import clean_name
from game.store.settings import ADDRESS_LENGTH, NAME_LENGTH
from game.table.session import SeatPlan, Session

from .. import theme
from ..assets import fitted, text
from ..game_chooser import GameChooser, family_presets
from ..hosting import create_hosted, create_on_server, port_problem, split_address
from ..scene import Scene
from ..seat_map import draw_seat_map, partnerships
from ..setting_words import choice_words
from ..sheet import match_so_far
from ..text_field import TextEdit, TextField
from ..widgets import Button, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services

FIELD_LENGTH = ADDRESS_LENGTH  # characters of a server's address or a deal code
PLAY_A_CODE = N_("Play a deal code")  # the deal code's field before a code is read (translated where shown)


def seat_kind(plan: SeatPlan) -> str:
    return gettext("Human") if plan.human else gettext("Online") if plan.online else gettext("Computer")


class SetupScene(Scene):
    name = "setup"

    def __init__(self, services: Services, preset: str = "rook-classic") -> None:
        super().__init__(services)
        self.presets = family_presets()  # each family's, its classic game first
        self.preset = preset
        self.seats: list[SeatPlan] = []
        self.given: list[str] = []  # the name this screen gave each seat, before anyone typed one here
        self.editing: int | str | None = None   # the seat whose name is being typed, or "server", or "code"
        self.typing: TextEdit | None = None  # what is being typed there
        self.server = services.settings.last_server  # where a table with online seats is made ("": here)
        self.code = ""  # a deal code, as typed
        self.deal: Hand | None = None  # the deal code's hand, once the code has been read: the first hand to play
        self.error = ""
        self.note = ""  # a line to read that is no error (the match kept)

    def enter(self) -> None:
        self.choose_preset(self.preset)

    @property
    def family(self) -> str:
        return preset_families()[self.preset]

    def choose_preset(self, preset: str, deal: Hand | None = None) -> None:
        """The game to play: a preset under the house rules kept for it, or a deal code's ``deal`` under the code's
        own preset and house rules."""
        self.preset, self.deal = preset, deal
        if deal is None:
            self.code = ""
            self.rules, self.changes, problem = self.services.house_rules.load(preset)
            changes = self.changes
            self.house_note = problem or (gettext("House rules: {rules}").format(
                rules=", ".join(Rules.house_label(k) for k in changes)) if changes else "")
        else:
            self.rules, self.changes = deal.rules, {}  # (a deal code is never hosted, which needs the changes)
        self.first_hand = Hand.deal(self.rules, seed=0)  # where the seats sit (rook-2p: the dummy has one too)
        self.sides = partnerships(self.rules)
        self.seat_count = self.first_hand.n
        settings = self.services.settings
        given = [player_name(seat_name(settings.names[seat], seat, self.rules.players)) if seat < len(settings.names)
                 else gettext("Player {number}").format(number=seat + 1) for seat in range(self.rules.players)]
        old, self.seats = self.seats, []
        for seat, name in enumerate(given):
            if seat < len(old):  # kept as set, but a name given here follows its seat to where it sits now
                if old[seat].name == self.given[seat]:
                    old[seat].name = name
                self.seats.append(old[seat])
            else:
                self.seats.append(SeatPlan(name, seat == 0, settings.default_level))
        self.given = given
        if deal is not None:
            self.house_note = said_of(self.seats[deal.dealer].name, gettext("Deal code: hand {number}, {name} deals"),
                                      gettext("Deal code: hand {number}, you deal"), number=deal.number + 1)
        if hasattr(self, "px"):  # already laid out: the seat rows change with the preset
            self.layout()

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        height = int(px * 1.9)
        chooser = GameChooser(self.preset, self.choose_preset, step_keys=True)
        chooser.layout(w // 2, int(h * 0.17), int(h * 0.27), height, int(w * 0.5), px * 8)
        self.family_buttons, self.previous, self.next = chooser.tabs, chooser.previous, chooser.next
        self.seat_buttons: list[Button] = []
        top = int(h * 0.40)
        rows_x = int(w * 0.4)  # the seat rows, and to their right the map of the table
        for seat, plan in enumerate(self.seats):
            y = top + seat * int(height * 1.25)
            kind = Button(seat_kind(plan), lambda s=seat: self.cycle_kind(s))
            level = Button(choice_words(plan.level), lambda s=seat: self.cycle_level(s),
                           enabled=not (plan.human or plan.online))
            name = TextField(plan.name, lambda s=seat: self.edit_name(s), self.typing if self.editing == seat else None)
            layout_row([name, kind, level], (rows_x, y), height, 12, min_width=px * 9)
            self.seat_buttons += [name, kind, level]
        self.server_button = None
        if any(plan.online for plan in self.seats):  # where the table is: this computer or a dedicated server
            self.server_button = TextField(self.server or gettext("This computer"), self.edit_server,
                                           self.typing if self.editing == "server" else None)
            layout_row([self.server_button], (rows_x + px * 5, top + len(self.seats) * int(height * 1.25)), height,
                       0, min_width=px * 16)
            self.seat_buttons.append(self.server_button)
        self.start = Button(gettext("Start"), self.start_game, key=pygame.K_RETURN)
        self.back = Button(gettext("Back"), lambda: self.stack.pop(self), key=pygame.K_ESCAPE)
        self.code_button = TextField(self.code if self.deal is not None else gettext(PLAY_A_CODE), self.edit_code,
                                     self.typing if self.editing == "code" else None, room_for=gettext(PLAY_A_CODE))
        layout_row([self.back, self.code_button, self.start], (w // 2, h - height), height, 16, min_width=px * 8)
        self.buttons = self.family_buttons + [self.previous, self.next] + self.seat_buttons + [self.back,
                                                                                               self.code_button,
                                                                                               self.start]
        left = max(button.rect.right for button in self.seat_buttons) + px
        self.map_rect = pygame.Rect(left, top - height // 2, w - 8 - left, min(int(h * 0.42), self.start.rect.top - 8
                                                                               - (top - height // 2)))

    def cycle_kind(self, seat: int) -> None:
        """Human, then Computer, then Online, then Human again."""
        plan = self.seats[seat]
        plan.human, plan.online = (False, False) if plan.human else (False, True) if not plan.online else (True, False)
        self.error = ""
        self.layout()

    def cycle_level(self, seat: int) -> None:
        plan = self.seats[seat]
        plan.level = LEVELS[(LEVELS.index(plan.level) + 1) % len(LEVELS)]
        self.layout()

    def edit_name(self, seat: int) -> None:
        """Type a seat's name (its old name all selected, so typing replaces it); a second click ends it."""
        if self.editing == seat:
            self.finish_typing()
        else:
            self.start_typing(seat, TextEdit(self.seats[seat].name, NAME_LENGTH))
        self.layout()

    def edit_server(self) -> None:
        if self.editing == "server":
            self.finish_typing()
        else:
            self.start_typing("server", TextEdit(self.server, FIELD_LENGTH))
        self.layout()

    def edit_code(self) -> None:
        if self.editing == "code":
            self.read_code()
        else:
            self.start_typing("code", TextEdit(self.code, FIELD_LENGTH))
            self.error = ""
        self.layout()

    def start_typing(self, field: int | str, edit: TextEdit) -> None:
        """Type into a seat's name, the server's address or the deal code, ending the field typed in before."""
        if self.editing is not None:
            self.finish_typing()
        self.editing, self.typing = field, edit

    def finish_typing(self) -> None:
        """The field typed in is done (Enter, Tab, Esc or a click elsewhere): a name left empty is the seat's
        default, an address is kept without spaces round it."""
        field, self.editing, self.typing = self.editing, None, None
        if isinstance(field, int) and not self.seats[field].name.strip():
            self.seats[field].name = gettext("Player {number}").format(number=field + 1)
        elif field == "server":
            self.server = self.server.strip()

    def read_code(self) -> bool:
        """The typed deal code's hand becomes the first to play, under its preset and house rules (the seats stay as
        set); a code that cannot be read is refused with the reason. True if it was read."""
        self.editing, self.typing = None, None
        try:
            hand = hand_from_code(self.code)
        except DealCodeError as err:
            reason = str(err)
            self.deal, self.error = None, reason[:1].upper() + reason[1:]
            self.layout()
            return False
        self.error = ""
        self.choose_preset(hand.rules.name, hand)
        return True

    def start_game(self) -> None:
        if (self.editing == "code" or self.code.strip() and self.deal is None) and not self.read_code():
            return  # a code typed is played or refused, never passed over for another deal
        if self.editing is not None:
            self.finish_typing()
        services = self.services
        if any(plan.online for plan in self.seats):
            if self.deal is not None:
                self.error = gettext("A deal code is played at this computer: make no seat Online")
                return
            self.host_table()
            return
        if not services.keep_matches:  # (autoplay) the save is not touched
            self.play(False)
            return
        kept, problem = services.saved_match()
        if problem:  # a save that could not be used was kept aside: said on the menu
            services.notice = problem
        self.unless_kept(kept, gettext("Your match in progress: {match}. End it and start a new match?"),
                         gettext("Continue"), self.play)

    def unless_kept(self, kept: Session | None, question: str, resume: str, go: Callable[[bool], None]) -> None:
        """``go(ending)``: at once when no unfinished match would end (``kept``: the one that would), otherwise only
        once the player, asked with its game, hand and scores, agrees to end it; if they keep it, nothing starts and
        the main menu's ``resume`` button is named as the way back to it."""
        if kept is None or kept.match.is_over:
            go(False)
            return

        def keep() -> None:
            self.note = gettext("Kept: {button} on the main menu takes you back to it").format(button=resume)
            self.layout()

        self.services.scenes.push("confirm", question=question.format(match=match_so_far(kept)),
                                  answers=[(gettext("End it"), lambda: go(True)), (gettext("Keep it"), keep)])

    def play(self, ending: bool) -> None:
        """A match here, its first save over the saved match only if ``ending`` (the player agreed to end it)."""
        services = self.services
        match = Match(self.rules, seed=services.new_seed()) if self.deal is None else \
            Match.starting_with(self.deal, seed=services.new_seed())
        session = Session(match, self.seats, hard_budget=services.settings.hard_budget)
        if services.keep_matches:
            services.saves.save(session.to_json(), session, ending=ending)
        services.scenes.restart("table", session=session)

    def host_table(self) -> None:
        """Open the table to players on other computers: this game hosts it, and this screen's player joins it."""
        services, settings = self.services, self.services.settings
        kinds: list[M.SeatKind] = ["me" if plan.human else "online" if plan.online else "computer"
                                   for plan in self.seats]
        if kinds.count("me") != 1:
            self.error = gettext("With online players, one seat is played at this screen: make exactly one Human")
            return
        # the same request to a dedicated server as to the table server this game hosts
        # "You" is sent as kept, never in this screen's language: each screen says it in its own, of its own seat
        request = M.Create(name=kept_name(clean_name(self.seats[kinds.index("me")].name)), preset=self.preset,
                           house_rules=dict(self.changes), seats=kinds,
                           level=[M.level(plan.level) for plan in self.seats],
                           names=[kept_name(clean_name(plan.name)) for plan in self.seats], keep=settings.keep_seat)
        if self.server.strip():
            try:
                address = split_address(self.server)
            except ValueError as err:
                self.error = str(err)
                return
            settings.last_server = self.server.strip()
            services.settings_store.save(settings)
            create_on_server(services, address, request)
            return
        try:
            hosted = services.hosted_match()
        except DatabaseUnusable as err:  # the hosted table's database (a newer game's, a folder not writable)
            self.error = str(err)
            return
        self.unless_kept(hosted, gettext("The table you hosted last: {match}. End it and host a new table?"),
                         gettext("Host again"),
                         lambda ending: self.host_here(request, ending))

    def host_here(self, request: M.Create, ending: bool) -> None:
        """This game hosts the table, ending the one hosted last (an unfinished match there only if ``ending``), and
        asks its own server for it (``request``) as it would ask a dedicated server."""
        services, settings = self.services, self.services.settings
        try:
            services.start_hosting(ending=ending)
        except DatabaseUnusable as err:  # the hosted table's database (a newer game's, a folder not writable)
            self.error = str(err)
            return
        except OSError as err:
            self.error = port_problem(err, settings.online_port)
            return
        create_hosted(services, request)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.typing is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
                                                              pygame.K_ESCAPE):
                if self.editing == "code" and event.key != pygame.K_ESCAPE:
                    self.read_code()
                else:
                    self.finish_typing()
            elif self.typing.handle(event):
                self.store_typed(self.typing.text)
            self.layout()
            return True  # while typing, no key is a button's shortcut
        return press_any(self.buttons, event)

    def store_typed(self, value: str) -> None:
        """What is typed so far, into the field being typed in."""
        if isinstance(self.editing, int):
            self.seats[self.editing].name = value
        elif self.editing == "server":
            self.server = value
        elif self.editing == "code":
            self.code = value

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        px = self.px
        title = text(gettext("New game"), px * 2, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.07))))
        preset = text(self.rules.player_title, px + 6, theme.INK, bold=True)
        surface.blit(preset, preset.get_rect(center=(w // 2, int(h * 0.27))))
        detail = capitalised(summary(self.rules)) + (f"  ·  {self.house_note}" if self.house_note else "")
        line = text(fitted(detail, px - 2, w - 16), px - 2, theme.INK_DIM)
        surface.blit(line, line.get_rect(center=(w // 2, int(h * 0.27) + px + 10)))
        for button in self.buttons:
            button.draw(surface, px - 2)
        viewer = next((seat for seat, plan in enumerate(self.seats) if plan.human), 0)  # as the table seats them
        names = [plan.name for plan in self.seats] + [gettext("Dummy")] * (self.rules.dummy_seat >= 0)
        draw_seat_map(surface, self.map_rect, names, self.first_hand.seats_clockwise_from(viewer), self.sides,
                      max(12, px - 6))
        if self.sides:
            names = [" & ".join(self.seats[seat].name for seat in side) for side in self.sides]
            line = text(gettext("Partners: {side}  against  {other}").format(
                side=names[0], other="  &  ".join(names[1:])),
                        px - 4, theme.INK, bold=True)
            surface.blit(line, line.get_rect(center=(w // 2, int(h * 0.27) + 2 * px + 14)))
        if self.server_button is not None:
            label = text(gettext("Table on"), px - 2, theme.INK, bold=True)
            surface.blit(label, label.get_rect(midright=(self.server_button.rect.left - 12,
                                                         self.server_button.rect.centery)))
        typing = {"server": gettext("Type a server's address (host or host:port), or leave it empty to host here; "
                                    "then Enter"),
                  "code": gettext("Type or paste (Ctrl+V) a deal code a friend shared, then Enter")}.get(
            str(self.editing), gettext("Type a name, then Enter"))
        note = self.error or (typing if self.editing is not None else self.note)
        if note:
            hint = text(note[:120], px - 4, theme.WARN if self.error else theme.INK_DIM, bold=bool(self.error))
            surface.blit(hint, hint.get_rect(center=(w // 2, h - int(px * 4))))
