"""Cards moving on the table: a card gliding to the trick (or back to the hand), the finished trick shown for a
moment with its winner, then gathered to the winner's place. Driven by the engine's events; the table asks
``busy`` before it lets the match go on.

The trick in progress is not kept here: the table draws it from the seat's view, so a table opened afresh (a
match resumed, a player back at a network table) draws exactly what the uninterrupted one did. Only a finished
trick, which the view no longer holds as the trick on the table, is kept for the moment it lies there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

FLIGHT_SECONDS = 0.28
COLLECT_SECONDS = 0.35

Point = tuple[float, float]


@dataclass
class Flight:
    """A card gliding from ``start`` to ``end`` (top-left corners) over ``duration`` seconds."""
    card: str
    start: Point
    end: Point
    duration: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def position(self) -> Point:
        t = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        t = 1 - (1 - t) ** 3  # ease out: fast start, gentle landing
        return (self.start[0] + (self.end[0] - self.start[0]) * t, self.start[1] + (self.end[1] - self.start[1]) * t)


@dataclass
class Drag:
    card: str
    grab: tuple[int, int]  # where the card was grabbed, relative to its top-left corner
    pos: tuple[int, int]
    start: tuple[int, int]
    moved: bool = False


class CardMotion:
    def __init__(self) -> None:
        self.flights: list[Flight] = []  # cards on their way to the trick or back to a hand
        self.finished_trick: list[tuple[int, str]] = []  # a complete trick on show, (seat, card), until gathered
        self.collect_in = 0.0  # seconds left before a complete trick is gathered
        self.collecting: list[Flight] = []
        self.winner = -1  # the seat taking the complete trick on show

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.collecting or self.collect_in > 0)

    def glide(self, card: str, start: Point, end: Point, duration: float = FLIGHT_SECONDS) -> None:
        self.flights.append(Flight(card, start, end, duration))

    def trick_won(self, winner: int, trick: list[tuple[int, str]], pause: float) -> None:
        """The trick just played, (seat, card) in play order, is complete: it stays ``pause`` seconds, then goes to
        ``winner``."""
        self.winner = winner
        self.finished_trick = list(trick)
        self.collect_in = pause

    def clear(self) -> None:
        self.flights, self.finished_trick, self.collecting, self.collect_in, self.winner = [], [], [], 0.0, -1

    def update(self, dt: float, speed: float, spot: Callable[[int], Point], gather_to: Callable[[int], Point]) -> bool:
        """Advance by ``dt`` seconds at the animation ``speed``; True when a trick begins to be gathered."""
        for flight in self.flights:
            flight.elapsed += dt * speed
        self.flights = [f for f in self.flights if not f.done]
        started = False
        if self.collect_in > 0 and not self.flights:
            self.collect_in -= dt
            if self.collect_in <= 0:
                target = gather_to(self.winner)
                self.collecting = [Flight(card, spot(seat), target, COLLECT_SECONDS)
                                   for seat, card in self.finished_trick]
                started = bool(self.collecting)
        for flight in self.collecting:
            flight.elapsed += dt * speed
        if self.collecting and all(f.done for f in self.collecting):
            self.collecting = []
            self.finished_trick = []
        return started

    def in_flight(self, card: str) -> bool:
        return any(f.card == card for f in self.flights)

    @property
    def showing_winner(self) -> bool:
        """A complete trick lies on the table, every card landed: its winner is ringed."""
        return self.collect_in > 0 and not self.flights and self.winner >= 0
