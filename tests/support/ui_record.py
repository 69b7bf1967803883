"""What a frame drew, as a player would read it: every text and card the scenes put on the window, with its
rectangle, in drawing order, and the panels and shades that cover what lies below them.

The window's text comes from one helper (``game.ui.assets.text``, through ``assets.font``) and its cards from the
card art (``CardArt.face`` and ``back``); ``Recorder`` wraps those to know each surface drawn, and the frame is drawn
onto a ``pygame.Surface`` subclass whose ``blit`` writes down every known surface and where it went. Nothing here
reads pixels, so the checks hold at every size and theme.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ParamSpec

import pygame
import pytest
from pygame.typing import ColorLike, Point, RectLike

from game.ui import assets, widgets
from game.ui.cards import CardArt
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

Made = ParamSpec("Made")


@dataclass(frozen=True)
class Drawn:
    kind: str  # "text", "card" (a face or a back), "button", "cover" (a panel or fill: hides what is below) or
    # "veil" (a shade: what is below shows, dimmed, as the background of the scene over it)
    label: str  # the text, the card's name ("" for a back), a button's label, or nothing for a cover
    rect: pygame.Rect
    scene: str  # the scene that drew it
    button: Button | None = field(default=None, compare=False)  # the button drawn, enabled as drawn
    enabled: bool = False
    height: int = 0  # text: its font's height in pixels
    colour: tuple[int, int, int] | None = field(default=None, compare=False)  # text: its ink


class _Canvas(pygame.Surface):
    """The frame's drawing target: a surface that also lists what was blitted onto it."""
    ops: list[Drawn]
    scene = ""

    def blit(self, source: pygame.Surface, dest: Point | RectLike = (0, 0), area: RectLike | None = None,
             special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        known = _KNOWN.get(source)
        if known is not None:
            kind, label, height, colour = known
            corner = pygame.Rect(dest).topleft if not isinstance(dest, tuple) or len(dest) == 4 else dest
            if kind == "text":  # only the inked pixels: a line's padding is not text
                rect = source.get_bounding_rect().move(int(corner[0]), int(corner[1]))
            else:
                rect = pygame.Rect((int(corner[0]), int(corner[1])), source.get_size())
            if area is not None:
                rect = rect.clip(pygame.Rect(corner, pygame.Rect(area).size))
            if rect.width and rect.height:
                self.ops.append(Drawn(kind, label, rect, self.scene, height=height, colour=colour))
        return done

    def fill(self, colour: ColorLike, rect: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(colour, rect, special_flags)
        covered = self.get_rect() if rect is None else pygame.Rect(rect)
        self.ops.append(Drawn("cover", "", covered, self.scene))
        return done


# each surface made by the text helper, the card art or the panels: (kind, label, a text's height, a text's ink)
_KNOWN: weakref.WeakKeyDictionary[pygame.Surface, tuple[str, str, int, tuple[int, int, int] | None]] = \
    weakref.WeakKeyDictionary()


def _install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Know every surface the text helper, the card art and the panels make (once per test)."""
    if getattr(assets.font, "recording", False):
        return
    real_font = assets.font

    class Font:
        """A font whose rendered lines are known as text."""
        recording = True
        cache_clear = real_font.cache_clear  # the app clears the fonts' cache when it closes

        def __init__(self, size: int, bold: bool = False) -> None:
            self.real = real_font(size, bold)

        def render(self, string: str, antialias: bool, colour: ColorLike, background: ColorLike | None = None,
                   wraplength: int = 0) -> pygame.Surface:
            surface = self.real.render(string, antialias, colour, background, wraplength)
            ink = pygame.Color(colour)
            _KNOWN[surface] = ("text", string, self.real.get_height(), (ink.r, ink.g, ink.b))
            return surface

        def __getattr__(self, name: str) -> Any:  # whatever the real font has
            return getattr(self.real, name)

    def known_as(kind: str, make: Callable[Made, pygame.Surface],
                 label: Callable[[tuple[object, ...]], str]) -> Callable[Made, pygame.Surface]:
        def made(*args: Made.args, **kwargs: Made.kwargs) -> pygame.Surface:
            surface = make(*args, **kwargs)
            _KNOWN[surface] = (kind, label(args), 0, None)
            return surface
        return made

    monkeypatch.setattr(assets, "font", Font)
    assets.text.cache_clear()  # lines cached before the recorder would not be known
    monkeypatch.setattr(CardArt, "face", known_as("card", CardArt.face, lambda args: str(args[1])))
    monkeypatch.setattr(CardArt, "back", known_as("card", CardArt.back, lambda args: ""))
    monkeypatch.setattr(widgets, "_panel_layer", known_as("cover", widgets._panel_layer, lambda args: ""))
    monkeypatch.setattr(widgets, "_shade_layer", known_as("veil", widgets._shade_layer, lambda args: ""))
    real_button_draw = Button.draw

    def button_draw(button: Button, surface: pygame.Surface, size: int) -> None:
        if isinstance(surface, _Canvas):
            surface.ops.append(Drawn("button", button.label, pygame.Rect(button.rect), surface.scene, button,
                                     button.enabled))
        real_button_draw(button, surface, size)

    monkeypatch.setattr(Button, "draw", button_draw)


class Recorder:
    """Install with ``Recorder(monkeypatch, app)``; after each frame, ``ops`` is what that frame drew."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, app: App) -> None:
        _install(monkeypatch)
        self.ops: list[Drawn] = []
        stack = app.stack

        def draw(screen: pygame.Surface) -> None:
            canvas = _Canvas(screen.get_size())
            canvas.ops = []
            for scene in stack._shown():
                canvas.scene = scene.name
                scene.draw(canvas)
            screen.blit(canvas, (0, 0))
            self.ops = canvas.ops

        monkeypatch.setattr(stack, "draw", draw)

    def texts(self) -> list[Drawn]:
        return [op for op in self.ops if op.kind == "text"]

    def cards(self) -> list[Drawn]:
        return [op for op in self.ops if op.kind == "card"]

    def live_buttons(self) -> list[Drawn]:
        """The buttons drawn enabled that nothing drawn later covers or shades: what a player sees as a control to
        use."""
        return [op for i, op in enumerate(self.ops) if op.kind == "button" and op.enabled
                and not _covered(self.ops, i, op.rect, ("cover", "veil"))]


def _covered(ops: list[Drawn], after: int, rect: pygame.Rect, kinds: tuple[str, ...] = ("cover",)) -> bool:
    """Something drawn after ``ops[after]`` covers all of ``rect`` (a panel or a fill; with "veil", a shade)."""
    return any(i > after and op.kind in kinds and op.rect.contains(rect) for i, op in enumerate(ops))


def readable_height() -> int:
    """The height of the font of the smallest text a player reads (issue 32: "at 800x500 the name plates' text
    is about 8 px")."""
    pygame.font.init()  # (a check on hand-made frames has no window)
    return assets.typeface(assets.SMALLEST_TEXT).get_height()


def layout_faults(ops: list[Drawn], size: tuple[int, int]) -> list[str]:
    """Text a player cannot read: outside the window or its button, too small (a font smaller than the smallest
    text's), or over a card or over other text where nothing covers the place they meet (a panel or shade drawn
    later hides both); and a card that runs out of the window."""
    window = pygame.Rect((0, 0), size)
    faults = []
    tall = readable_height()
    for i, op in enumerate(ops):
        if op.kind == "button":  # its label, drawn next (issue 35: a longer word in another language)
            label = next((later for later in ops[i + 1:i + 3] if later.kind == "text" and later.label == op.label),
                         None)
            if label is not None and not op.rect.contains(label.rect):
                faults.append(f"{op.scene}: {label.label!r} at {tuple(label.rect)} runs out of its button at "
                              f"{tuple(op.rect)}")
        if op.kind == "card" and not window.contains(op.rect) and not _covered(ops, i, op.rect):
            faults.append(f"{op.scene}: card {op.label or '(back)'} at {tuple(op.rect)} runs out of the window")
        if op.kind != "text" or _covered(ops, i, op.rect):
            continue
        if not window.contains(op.rect):
            faults.append(f"{op.scene}: {op.label!r} at {tuple(op.rect)} runs out of the {size[0]}x{size[1]} window")
        if op.height and op.height < tall:
            faults.append(f"{op.scene}: {op.label!r} at {tuple(op.rect)} is too small to read (a font {op.height} px "
                          f"high; the smallest text's is {tall} px)")
        for j, other in enumerate(ops):
            if j == i or other.kind not in ("text", "card") or other.kind == "text" and j < i:
                continue
            meet = op.rect.clip(other.rect)
            if meet.width and meet.height and not _covered(ops, min(i, j), meet):
                what = f"text {other.label!r}" if other.kind == "text" else f"card {other.label or '(back)'}"
                faults.append(f"{op.scene}: {op.label!r} at {tuple(op.rect)} meets {other.scene}'s {what} at "
                              f"{tuple(other.rect)}")
    return faults


# sentences about a person or a count that read wrongly (the name "You" with a verb for others, one with a plural)
GRAMMAR = [
    (re.compile(r"\bYou (takes|has|is|wins|was|plays|passes|bids|leads|shoots|chooses|claims)\b"), "You takes"),
    (re.compile(r"\bYou's\b"), "You's"),
    (re.compile(r"\bYou \(you\)"), "You (you)"),
    (re.compile(r"\b1 (hands|cards|tricks|points|players|seats|bids|matches|deals)\b"), "1 with a plural"),
]


def grammar_faults(texts: list[str]) -> list[str]:
    return [f"{what}: {line!r}" for line in texts for pattern, what in GRAMMAR if pattern.search(line)]
