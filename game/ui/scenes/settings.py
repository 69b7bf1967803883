"""Settings and house rules: rows of toggles, steppers and choice lists, each with a sentence saying what it does.

House rules are changed through the engine (``Rules.changed``), so a combination the rules do not allow is refused
with the engine's reason and nothing changes; they are saved per preset in the user's config folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.engine import load_rules
from game.engine.language import N_, SYSTEM, gettext, languages, system_language
from game.engine.rules import Rules, RulesError, preset_families
from game.engine.words import player_name
from game.store.settings import CARD_BACKS, CARD_FACES, LEVELS, NAME_LENGTH, RANGES, TABLE_COLOURS

from .. import controls, theme
from ..assets import fitted, font, text, wrapped
from ..game_chooser import GameChooser, family_presets
from ..scene import Scene
from ..setting_words import choice_words, language_name
from ..text_field import TextEdit, TextField
from ..widgets import Button, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services

T = TypeVar("T")

VALUE_CLEARANCE = 4  # pixels between a row's value and each of its buttons

SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


@dataclass
class Row:
    label: str
    # typed loosely: a row made in a loop binds its field as a lambda's default argument
    value: Callable[..., str]
    effect: Callable[..., str]
    step: Callable[..., None]   # -1 or +1 (a toggle flips either way)
    typed: Callable[[str], str] | None = None  # a value typed rather than stepped: sets it, or says why not


class FormScene(Scene):
    """A title, rows of controls, and buttons along the bottom. Each row has its name and a sentence saying what it
    does, at readable sizes, the sentence wrapped onto as many lines as it needs (every row as tall as the tallest),
    and its value between its < and > buttons, wrapped within the gap between them where a language's words are
    wider than it: where the window is too small for every row, the rows scroll (the wheel, the Up and Down arrows,
    Page Up and Page Down), with a bar showing where the rows shown are among all of them."""
    title = ""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.rows: list[Row] = []
        self.error = ""
        self.typing: Row | None = None  # the typed row being edited
        self.typed: TextEdit | None = None  # what has been typed into it so far
        self.first = 0  # the first row shown

    def make_rows(self) -> list[Row]:
        raise NotImplementedError

    def bottom_buttons(self) -> list[Button]:
        return [Button(gettext("Back"), self.leave, key=controls.BACK.key)]

    def leave(self) -> None:
        self.stack.pop(self)

    def header(self) -> int:
        """Lay out what goes above the rows (the title); where the rows begin."""
        self.title_y = 10 + font(self.px + 6, True).get_linesize() // 2
        return int(self.px * 3.2)

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.rows = self.make_rows()
        self.buttons = self.bottom_buttons()
        bh = int(self.px * 1.9)
        layout_row(self.buttons, (w // 2, h - bh // 2 - 10), bh, 14, min_width=self.px * 7)
        self.top = self.header()
        bottom = self.buttons[0].rect.top - font(self.px - 4, True).get_linesize() - 8  # above the error line
        label, line = font(self.px - 2, True).get_linesize(), font(self.px - 7).get_linesize()  # their heights
        fill = (bottom - self.top) // max(1, len(self.rows))  # the height that shows every row at once
        one_line = max(label + line + 6, min(int(self.px * 2.2), fill))
        # the controls keep the height they have on rows of one line, so the room left of them is known before the
        # descriptions are wrapped into it
        height = int(one_line * 0.8)
        controls = [self.row_controls(row, height) for row in self.rows]
        left = int(w * 0.05)
        self.room = min((c.rect.left for row in controls for c in row), default=w - left) - 12 - left
        # every row is as tall as the longest description needs: each is wrapped whole, never cut
        self.most_lines = max((len(wrapped(row.effect(), self.px - 7, self.room)) for row in self.rows), default=1)
        # and as tall as the value wrapped onto the most lines, which are centred on the row
        values = max((len(self.value_lines(row)) for row in self.rows), default=1)
        self.row_height = max(label + self.most_lines * line + 6, values * label, min(int(self.px * 2.2), fill))
        self.shown = max(1, min(len(self.rows), (bottom - self.top) // self.row_height))
        if self.shown < len(self.rows):  # the rows shown share the room, as every row does when all fit
            self.row_height = (bottom - self.top) // self.shown
        self.first = max(0, min(self.first, len(self.rows) - self.shown))
        self.controls: list[Button] = []
        for i, row_controls in enumerate(controls[self.first:self.first + self.shown]):
            for control in row_controls:
                control.rect.centery = self.top + i * self.row_height + self.row_height // 2
            self.controls += row_controls

    def row_controls(self, row: Row, height: int) -> list[Button]:
        """A row's controls, ``height`` high at the right place across; the caller puts them on their row."""
        w, _ = self.size
        if row.typed is not None:  # click the value, type, then Enter
            editing = self.typing is not None and self.typing.label == row.label
            field = TextField(row.value(), lambda row=row: self.edit(row), self.typed if editing else None)
            layout_row([field], (int(w * 0.78), 0), height, 0, min_width=self.value_gap() + 2 * height)
            return [field]
        minus = Button("<", lambda row=row: self.change(row, -1))
        plus = Button(">", lambda row=row: self.change(row, 1))
        layout_row([minus, plus], (int(w * 0.78), 0), height, self.value_gap(), min_width=height)
        return [minus, plus]

    def value_gap(self) -> int:
        """The room between a row's < and > buttons, where its value is."""
        return int(self.size[0] * 0.17)

    def value_lines(self, row: Row) -> tuple[str, ...]:
        """A row's value as it is drawn between its buttons, clear of them: on one line, or, where its words are
        wider than the gap ("Links vom Alleinspieler" at 800x500), broken at spaces onto more; none for a typed
        row, whose value is on its field."""
        if row.typed is not None:
            return ()
        return wrapped(row.value(), self.px - 2, self.value_gap() - 2 * VALUE_CLEARANCE, bold=True)

    def scroll(self, rows: int) -> None:
        """Show the rows ``rows`` further down (up, if negative)."""
        first = max(0, min(self.first + rows, len(self.rows) - self.shown))
        if first != self.first:
            self.first = first
            self.layout()

    def change(self, row: Row, delta: int) -> None:
        self.error = ""
        index = self.rows.index(row)
        row.step(delta)
        self.layout()  # the row's sentence says what the new value does, and may need another line
        # taller rows show fewer: the row changed stays in view, under the pointer that changed it or near
        self.scroll(max(0, index - (self.first + self.shown - 1)))

    def edit(self, row: Row) -> None:
        """Start typing a row's value, all selected so that typing replaces it (a click on it again, or Enter,
        sets it). A typed row holds a number (a port): digits only."""
        if self.typing is not None:
            self.finish_typing()
            return
        self.typing, self.typed, self.error = row, TextEdit(row.value(), 5, str.isdigit), ""
        self.layout()

    def finish_typing(self, keep: bool = True) -> None:
        """Set what was typed (nothing typed, the value unchanged, or Esc leave it as it was)."""
        row, typed, self.typing, self.typed = self.typing, self.typed, None, None
        assert row is not None and row.typed is not None and typed is not None  # only ever into a typed row
        if keep and typed.text and typed.text != row.value():
            self.error = row.typed(typed.text)
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.typed is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
                                                              pygame.K_ESCAPE):
                self.finish_typing(keep=event.key != pygame.K_ESCAPE)
            elif self.typed.handle(event):
                self.layout()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            rows = SCROLL_KEYS[event.key]
            self.scroll(rows * max(1, self.shown - 1) if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) else rows)
            return True
        return press_any(self.controls + self.buttons, event)

    def draw_header(self, surface: pygame.Surface) -> None:
        title = text(gettext(self.title), self.px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(surface.get_width() // 2, self.title_y)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, _ = surface.get_size()
        self.draw_header(surface)
        left, room, line_height = int(w * 0.05), self.room, font(self.px - 7).get_linesize()
        for i, row in enumerate(self.rows[self.first:self.first + self.shown]):
            lines = wrapped(row.effect(), self.px - 7, room)
            # a row whose description takes fewer lines than the tallest's is centred on its row, as its controls are
            y = self.top + i * self.row_height + (self.most_lines - len(lines)) * line_height // 2
            label = text(fitted(row.label, self.px - 2, room, bold=True), self.px - 2, theme.INK, bold=True)
            surface.blit(label, (left, y + 2))
            for j, words in enumerate(lines):
                effect = text(words, self.px - 7, theme.INK_DIM)
                surface.blit(effect, (left, y + 4 + label.get_height() + j * line_height))
            values = self.value_lines(row)
            value_height = font(self.px - 2, True).get_height()
            top = self.top + i * self.row_height + self.row_height // 2 - len(values) * value_height // 2
            for j, words in enumerate(values):
                value = text(words, self.px - 2, theme.GOLD, bold=True)
                surface.blit(value, value.get_rect(midtop=(int(w * 0.78), top + j * value_height)))
        if self.shown < len(self.rows):  # where the rows shown are among them all
            track = pygame.Rect(w - 14, self.top, 6, self.shown * self.row_height)
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=3)
            thumb = pygame.Rect(track.x, track.y + track.height * self.first // len(self.rows), track.width,
                                max(12, track.height * self.shown // len(self.rows)))
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=3)
        for button in self.controls + self.buttons:
            button.draw(surface, self.px - 2)
        if self.error:
            line = text(self.error[:140], self.px - 4, theme.WARN, bold=True)
            surface.blit(line, line.get_rect(midbottom=(w // 2, self.buttons[0].rect.top - 6)))


def played_preset(rules: Rules) -> str:
    """The preset a table's rules are played from (house rules keep the preset's name); a game that is none of the
    presets (a lesson's own rules), its family's classic game."""
    return rules.name if rules.name in preset_families() else family_presets()[rules.family][0]


SEARCHED_STEPS = 60  # a number that can be Off looks this many steps on for a value the engine allows


def _cycle(options: tuple[T, ...], current: object, delta: int) -> T:
    return options[(options.index(current) + delta) % len(options)] if current in options else options[0]


class SettingsScene(FormScene):
    name = "settings"
    title = N_("Settings")

    def __init__(self, services: Services, rules: Rules | None = None) -> None:
        """``rules``: those of the table Settings is opened from (its menu), whose game House rules then opens on."""
        super().__init__(services)
        self.table_rules = rules

    def make_rows(self) -> list[Row]:
        s = self.services.settings
        sizes = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))

        def number(name: str, label: str, step: float, unit: str, effect: str) -> Row:
            low, high = RANGES[name]

            def change(delta: int) -> None:
                setattr(s, name, round(min(high, max(low, getattr(s, name) + delta * step)), 2))
                self.apply()
            return Row(label, lambda: f"{getattr(s, name):g}{unit}", lambda: gettext(effect), change)

        def toggle(name: str, label: str, on: str, off: str) -> Row:
            def change(_delta: int) -> None:
                setattr(s, name, not getattr(s, name))
                self.apply()
            return Row(label, lambda: gettext("On") if getattr(s, name) else gettext("Off"),
                       lambda: gettext(on) if getattr(s, name) else gettext(off), change)

        def window_size(delta: int) -> None:
            """The next listed size larger (or smaller) than the window's own, which may be any size."""
            area = s.window_width * s.window_height
            larger, smaller = [size for size in sizes if size[0] * size[1] > area], \
                [size for size in sizes if size[0] * size[1] < area]
            chosen = (larger[:1] or sizes[:1]) if delta > 0 else (smaller[-1:] or sizes[-1:])
            s.window_width, s.window_height = chosen[0]
            self.apply(resize=True)

        def fullscreen(_delta: int) -> None:
            s.fullscreen = not s.fullscreen
            self.apply(resize=True)

        def choice(name: str, options: tuple[str, ...], label: str, effect: str | Callable[[], str]) -> Row:
            def change(delta: int) -> None:
                setattr(s, name, _cycle(options, getattr(s, name), delta))
                self.apply()
            return Row(label, lambda: choice_words(getattr(s, name)),
                       effect if callable(effect) else lambda: gettext(effect), change)

        def faces() -> str:
            return gettext("Printed faces with kings, queens and jacks (Rook cards keep theirs)") \
                if s.card_faces == "classic" else gettext("Plain faces with a large rank and suit (Rook cards keep "
                                                          "theirs)")

        def language(delta: int) -> None:
            s.language = _cycle((SYSTEM, *languages()), s.language, delta)
            self.apply()

        def language_shown() -> str:
            if s.language == SYSTEM:
                return gettext("System: {language}").format(language=language_name(system_language()))
            return language_name(s.language)

        return [
            Row(gettext("Language"), language_shown,
                lambda: gettext("Every screen's words; System follows the computer's language"), language),
            Row(gettext("Window size"), lambda: f"{s.window_width} x {s.window_height}",
                lambda: gettext("Out of full screen; dragging the window's edge changes it too"), window_size),
            Row(gettext("Full screen"), lambda: gettext("On") if s.fullscreen else gettext("Off"),
                lambda: gettext("F11 or Alt+Enter also switches"), fullscreen),
            number("card_scale", gettext("Card size"), 0.1, "x", N_("Bigger or smaller cards at the table")),
            number("animation_speed", gettext("Animation speed"), 0.25, "x",
                   N_("How fast cards glide (2x is twice as fast)")),
            number("computer_pause", gettext("Computer play speed"), 0.1, " s",
                   N_("The least time between a computer's turn and its play, so you can follow it")),
            number("trick_pause", gettext("Finished trick stays"), 0.2, " s",
                   N_("How long a complete trick stays in view")),
            toggle("marks", gettext("Colour-blind marks"), N_("Each colour also carries a shape and its letter"),
                   N_("Colours only")),
            toggle("sound", gettext("Sound effects"),
                   N_("Short sounds for plays, tricks, bids, hearts broken, the Queen"), N_("Silent")),
            number("hard_budget", gettext("Hard thinking time"), 0.1, " s",
                   N_("The most a Hard computer thinks a move")),
            choice("default_level", LEVELS, gettext("Default opponent level"),
                   N_("The level new computer seats start with")),
            choice("table_colour", TABLE_COLOURS, gettext("Table colours"), N_("The felt, the panels and the buttons")),
            choice("card_faces", CARD_FACES, gettext("Card faces"), faces),
            choice("card_back", CARD_BACKS, gettext("Card backs"), N_("The pattern on the backs of the cards")),
            number("keep_seat", gettext("Seat kept for a dropped player"), 10, " s",
                   N_("At a table you host: how long a seat waits for its player, before a computer plays it")),
            Row(gettext("Port for tables you host"), lambda: str(s.online_port),
                lambda: gettext("Others reach your table here (open it in the router for the internet); click to "
                                "type"), lambda _delta: None, typed=self.type_port),
        ]

    def type_port(self, typed: str) -> str:
        """The port typed in, if it is one a table can use (what is wrong with it, if not)."""
        low, high = RANGES["online_port"]
        if not low <= int(typed) <= high:
            return gettext("A port is a number from {low} to {high}").format(low=low, high=high)
        self.services.settings.online_port = int(typed)
        self.apply()
        return ""

    def bottom_buttons(self) -> list[Button]:
        # the tips for new players switch here: the rows above fill the smallest window
        # TRANSLATORS: short
        tips = gettext("Tips: On") if self.services.settings.coach else gettext("Tips: Off")
        return [Button(gettext("Back"), self.leave, key=pygame.K_ESCAPE),
                Button(gettext("House rules"), self.house_rules),
                Button(gettext("Player names"), self.names), Button(tips, self.switch_tips)]

    def switch_tips(self) -> None:
        """Tips for new players on or off (game/ui/coach.py); on again, they start over, for someone new here."""
        settings = self.services.settings
        settings.coach = not settings.coach
        if settings.coach:
            settings.coached = []
        self.apply()
        self.layout()
        self.error = (gettext("Tips for new players are on: a short tip at each new moment the first time you play "
                              "each game") if settings.coach else gettext("Tips for new players are off"))

    def house_rules(self) -> None:
        """The house rules of the game being played, opened from a table; of the first game, from the main menu."""
        if self.table_rules is None:
            self.services.scenes.push("house-rules")
        else:
            self.services.scenes.push("house-rules", preset=played_preset(self.table_rules))

    def names(self) -> None:
        self.services.scenes.push("names")

    def apply(self, resize: bool = False) -> None:
        self.services.window.apply_settings(resize)
        self.services.settings_store.save(self.services.settings)


class HouseRulesScene(FormScene):
    name = "house-rules"

    def __init__(self, services: Services, preset: str = "rook-classic") -> None:
        super().__init__(services)
        self.store = services.house_rules
        self.open_preset(preset)

    def open_preset(self, preset: str) -> None:
        self.preset = preset
        self.first = 0
        self.book = load_rules(preset)
        self.rules, self.changes, problem = self.store.load(preset)
        self.error = problem
        self.title = gettext("House rules: {game}").format(game=self.book.player_title)

    def make_rows(self) -> list[Row]:
        rows: list[Row] = []
        docs = Rules.field_docs()
        for name in self.book.house_fields():
            meta = docs[name]
            label = gettext("{rule} (changed)").format(rule=Rules.house_label(name)) if name in self.changes else \
                Rules.house_label(name)
            rows.append(Row(label, lambda name=name: self.rules.value_words(name),
                            lambda name=name: self.rules.sentence(name),
                            lambda delta, name=name, meta=meta: self.step(name, meta, delta)))
        return rows

    def step(self, name: str, meta: dict[str, Any], delta: int) -> None:
        value = getattr(self.rules, name)
        new: object  # a house rule's value: a number, a word, on or off, or the queens chosen
        if isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            self.step_number(name, meta, value, delta)
            return
        elif isinstance(value, str):
            new = _cycle(self.rules.house_choices(name), value, delta)  # only the choices that change something
        else:  # royal queens: every subset, in a fixed order
            subsets = [tuple(q for i, q in enumerate(meta["choices"]) if mask >> i & 1) for mask in range(16)]
            new = _cycle(tuple(subsets), value, delta)
        self.try_change({**self.changes, name: new})

    def step_number(self, name: str, meta: dict[str, Any], value: int, delta: int) -> None:
        """One step of a number. A number that can be Off (a score cap, a fixed number of hands, the highest bid)
        steps on to the next value the engine allows, up to ``SEARCHED_STEPS`` steps, and down to Off: so Off
        leads to the first allowed value and back (on Classic Rook a cap of 10 is refused, as no side could pass
        it and reach 300, while 180 is allowed). When nothing that way is allowed, the first refusal is said."""
        step, low, high = self.rules.house_step(name), meta["low"], meta["high"]
        new = value + delta * step
        refusal = self.try_change({**self.changes, name: new})
        searched = 0
        while refusal and low in meta["shows"] and low < new < high and searched < SEARCHED_STEPS:
            new, searched = max(low, new + delta * step), searched + 1  # stepping down ends on Off
            if not self.try_change({**self.changes, name: new}):
                return
        self.error = refusal

    def try_change(self, changes: dict[str, Any]) -> str:
        """Take these house rules if the engine allows them; otherwise keep the rules and say why (returned too)."""
        try:
            rules = self.book.changed(changes, where=self.book.title)
        except RulesError as err:
            self.error = gettext("Not allowed: {reason}").format(reason=err.player)
            return self.error
        self.rules, self.error = rules, ""
        self.changes = {k: v for k, v in changes.items() if getattr(self.book, k) != v}
        self.store.save(self.preset, self.changes, self.book)
        self.layout()
        return ""

    def reset(self) -> None:
        self.try_change({})
        self.error = gettext("The book's rules are back")

    def switch(self, preset: str) -> None:
        self.open_preset(preset)
        self.layout()

    def header(self) -> int:
        """The game, chosen by its family first, then < and > through the family's presets; the title between
        them."""
        w, _ = self.size
        px = self.px
        height = int(px * 1.9)
        self.chooser = GameChooser(self.preset, self.switch)
        title_width = font(px + 6, True).size(gettext(self.title))[0]
        tabs_y = 10 + height // 2
        self.title_y = tabs_y + height + 6
        self.chooser.layout(w // 2, tabs_y, self.title_y, height, min(w - 2 * height - 24, title_width + 2 * px),
                            px * 7)
        return self.title_y + height // 2 + px // 2

    def bottom_buttons(self) -> list[Button]:
        return [Button(gettext("Back"), self.leave, key=controls.BACK.key),
                Button(gettext("Reset to preset"), self.reset)]

    def draw_header(self, surface: pygame.Surface) -> None:
        super().draw_header(surface)
        for button in self.chooser.buttons:
            button.draw(surface, self.px - 2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return super().handle_event(event) or press_any(self.chooser.buttons, event)


class NamesScene(Scene):
    """The names new seats get: click one and type."""
    name = "names"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.editing: int | None = None
        self.typing: TextEdit | None = None  # the name being typed

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        names = self.services.settings.names
        height = int(self.px * 1.9)
        self.fields = [TextField(player_name(name), lambda i=i: self.edit(i),
                                 self.typing if i == self.editing else None)
                       for i, name in enumerate(names)]
        for i, button in enumerate(self.fields):
            layout_row([button], (w // 2, int(h * 0.2) + i * int(height * 1.3)), height, 0, min_width=self.px * 12)
        self.back = Button(gettext("Back"), self.leave, key=pygame.K_ESCAPE)
        layout_row([self.back], (w // 2, h - height), height, 0, min_width=self.px * 7)

    def edit(self, index: int) -> None:
        """Type a name, the old one all selected so that typing replaces it."""
        self.finish()
        self.editing = index
        self.typing = TextEdit(player_name(self.services.settings.names[index]), NAME_LENGTH)
        self.layout()

    def finish(self) -> None:
        names = self.services.settings.names
        if self.editing is not None and not names[self.editing].strip():
            names[self.editing] = gettext("Player {number}").format(number=self.editing + 1)
        self.editing, self.typing = None, None
        self.services.settings_store.save(self.services.settings)

    def leave(self) -> None:
        self.finish()
        self.stack.pop(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        names = self.services.settings.names
        if self.editing is not None and self.typing is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.finish()
                self.layout()
                return True
            if self.typing.handle(event):
                names[self.editing] = self.typing.text
                self.layout()
                return True
            if event.type == pygame.TEXTINPUT or event.key != pygame.K_ESCAPE:
                return True  # no other key is a shortcut while a name is typed; Esc leaves (Back)
        return press_any(self.fields + [self.back], event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, _ = surface.get_size()
        title = text(gettext("Player names"), self.px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 10)))
        # a name left as it was given is a place, and names each seat where it sits at the table being played
        note = gettext("Names left as they are say where each seat sits at the table")
        line = text(fitted(note, self.px - 2, w - 20), self.px - 2, theme.INK_DIM)
        surface.blit(line, line.get_rect(midtop=(w // 2, 16 + title.get_height())))
        for button in self.fields + [self.back]:
            button.draw(surface, self.px - 2)
