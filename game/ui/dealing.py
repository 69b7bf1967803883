"""The deal at the start of each hand: cards fly face down from the middle of the table to each seat in turn.

Only a picture: the hand is already dealt in the engine. The table asks the computer seats for their decisions
while it plays, and waits for it only before applying a decision or opening a player's dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

SECONDS = 1.2  # the whole deal at animation speed 1
FLIGHT = 0.25  # each card's flight, at most


class Deal:
    """Cards go round the table, one at a time to each seat of ``clockwise`` (the seats in the order they are dealt
    to, the dealer's left first), until each seat has its ``counts``."""

    def __init__(self, counts: Sequence[int], clockwise: Sequence[int], seconds: float = SECONDS):
        left = list(counts)
        self.order: list[int] = []
        while any(left):
            for seat in clockwise:
                if left[seat]:
                    self.order.append(seat)
                    left[seat] -= 1
        self.flight = min(FLIGHT, seconds * 0.3)
        self.gap = (seconds - self.flight) / max(1, len(self.order) - 1)
        self.elapsed = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def done(self) -> bool:
        return self.elapsed >= self.gap * (len(self.order) - 1) + self.flight

    def arrived(self, seat: int) -> int:
        """How many of ``seat``'s cards have landed."""
        return sum(1 for i, s in enumerate(self.order) if s == seat and self.elapsed >= i * self.gap + self.flight)

    def in_air(self) -> list[tuple[int, float]]:
        """The cards flying now: (the seat each goes to, how far along, 0 to 1)."""
        flying = []
        for i, seat in enumerate(self.order):
            t = (self.elapsed - i * self.gap) / self.flight
            if 0 <= t < 1:
                flying.append((seat, t))
        return flying


def draw_deal(surface: pygame.Surface, deal: Deal, start: tuple[int, int], back: pygame.Surface,
              target: Callable[[int], tuple[int, int]]) -> None:
    """The cards in the air, face down, from ``start`` (the middle of the table) to ``target(seat)``."""
    for seat, t in deal.in_air():
        tx, ty = target(seat)
        t = 1 - (1 - t) ** 2  # fast out of the deck, slowing as it lands
        centre = (start[0] + (tx - start[0]) * t, start[1] + (ty - start[1]) * t)
        surface.blit(back, back.get_rect(center=(round(centre[0]), round(centre[1]))))
