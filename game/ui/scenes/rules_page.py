"""The rules in force, written out from the rule fields (so a changed house rule shows here at once)."""

from __future__ import annotations

from dataclasses import fields

import pygame

from game.engine import preset_names

from .. import theme
from ..assets import fitted, text, wrapped
from ..scene import Scene
from ..widgets import Button, layout_row, press_any

SKIPPED = {"name", "title", "source", "family"}


def rule_lines(rules) -> list[tuple[str, bool]]:
    """One line per rule field that matters to this game: its meaning and its value; True marks a house rule."""
    lines = []
    relevant = set(rules.family_fields())
    for spec in fields(rules):
        if spec.name in SKIPPED or spec.name not in relevant:
            continue
        value = getattr(rules, spec.name)
        if isinstance(value, tuple):
            value = ", ".join(" ".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value) or "none"
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        doc = spec.metadata["doc"].removeprefix("(house) ")
        lines.append((f"{doc[0].upper()}{doc[1:]}: {value}", spec.metadata["house"]))
    return lines


class RulesScene(Scene):
    name = "rules"

    def __init__(self, services, preset: str = "rook-classic"):
        super().__init__(services)
        self.names = preset_names()
        self.preset = preset
        self.scroll = 0

    def enter(self):
        self.rules = self.in_force(self.preset)

    def in_force(self, preset: str):
        """The preset with the player's house rules applied (a house rule changed a moment ago shows at once)."""
        return self.services.house_rules.load(preset)[0]

    def layout(self):
        w, h = self.size
        self.px = theme.text_size(self.size)
        height = int(self.px * 1.9)
        self.buttons = [Button("<", lambda: self.step(-1), key=pygame.K_LEFT),
                        Button("Back", lambda: self.stack.pop(self), key=pygame.K_ESCAPE),
                        Button(">", lambda: self.step(1), key=pygame.K_RIGHT)]
        layout_row(self.buttons, (w // 2, h - height), height, 16, min_width=height * 2)

    def step(self, delta: int):
        self.preset = self.names[(self.names.index(self.preset) + delta) % len(self.names)]
        self.rules = self.in_force(self.preset)
        self.scroll = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return True
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        rules = self.rules
        title = text(f"{rules.title} — the rules in force", self.px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 12)))
        source = text(fitted(rules.source, self.px - 6, w - 16), self.px - 6, theme.INK_DIM)
        surface.blit(source, source.get_rect(midtop=(w // 2, 16 + title.get_height())))
        y = 30 + title.get_height() + source.get_height()
        size = self.px - 5
        for line, house in rule_lines(rules)[self.scroll:]:
            for part in wrapped(("House rule: " if house else "") + line, size, int(w * 0.9)):
                if y > h - self.px * 4:
                    break
                label = text(part, size, theme.GOLD if house else theme.INK)
                surface.blit(label, (int(w * 0.05), y))
                y += label.get_height() + 1
            y += 2
        for button in self.buttons:
            button.draw(surface, self.px)
