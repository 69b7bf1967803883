"""What a finished hand and a finished match come to: one typed answer each (python-chess's ``Board.outcome()``),
so that the score sheet, statistics, the computer players and the benchmarks never work out for themselves who
scored with whom or who won."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class HandResult:
    """A finished hand.

    ``points`` are what each seat captured (Hearts: penalty points; rook-2p: the dummy's seat too);
    ``score_change`` is each player's change to the match score; ``sides`` are the groups of seats that scored
    together this hand (a partnership, the declarer and a called partner, the rook-2p non-bidder and the dummy,
    or one seat alone)."""

    points: tuple[int, ...]
    score_change: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    declarer: int = -1
    contract: int = 0
    made: bool | None = None  # whether the declaring side took its bid (None without a declarer)
    moon_shooter: int = -1
    thrown_in: bool = False  # everyone passed (decision 5): the hand does not count
    lower_is_better: bool = False  # Hearts: points and scores count against the player
    trump: str | None = None  # Rook: the trump named ("none" for no trump; None when none was named)
    order: str = "normal"  # Rook 500: the rank order named
    called: str | None = None  # 5-player 500: the card the declarer called

    def side_of(self, seat: int) -> tuple[int, ...]:
        return next(side for side in self.sides if seat in side)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready values (everything in a finished hand's result is public)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> HandResult:
        """Read back ``to_json``; raise ValueError if it is not a hand's result."""
        try:
            return cls(points=tuple(data["points"]), score_change=tuple(data["score_change"]),
                       sides=tuple(tuple(side) for side in data["sides"]), declarer=data["declarer"],
                       contract=data["contract"], made=data["made"], moon_shooter=data["moon_shooter"],
                       thrown_in=data["thrown_in"], lower_is_better=data["lower_is_better"],
                       trump=data.get("trump"), order=data.get("order", "normal"), called=data.get("called"))
        except (KeyError, TypeError) as err:
            raise ValueError(f"not a hand's result: {err}") from None

    def declaring_side(self) -> tuple[int, ...]:
        return self.side_of(self.declarer) if self.declarer >= 0 else ()

    def side_points(self, seat: int) -> int:
        """The points ``seat``'s side captured together (the rook-2p non-bidder's include the dummy's)."""
        return sum(self.points[s] for s in self.side_of(seat))

    def others_average(self, seat: int) -> float:
        """The average score change of the players not on ``seat``'s side (nought when every player is)."""
        side = self.side_of(seat)
        others = [change for s, change in enumerate(self.score_change) if s not in side]
        return sum(others) / len(others) if others else 0

    def margin(self, seat: int) -> float:
        """The hand's worth to ``seat``: its score change against the average of the players not on its side,
        signed so that more is better (what the computer players maximise)."""
        worth = self.score_change[seat] - self.others_average(seat)
        return -worth if self.lower_is_better else worth


def running_totals(results: list[HandResult], players: int) -> list[tuple[int, ...]]:
    """Each player's match score after each of these hands, the first hand's from nought (a score sheet's running
    totals and a chart's points come from here, never added up again).

    >>> hand = HandResult(points=(20, 100), score_change=(20, -80), sides=((0,), (1,)))
    >>> running_totals([hand, hand], 2)
    [(20, -80), (40, -160)]
    """
    totals, scores = [], (0,) * players
    for result in results:
        scores = tuple(score + change for score, change in zip(scores, result.score_change))
        totals.append(scores)
    return totals


@dataclass(frozen=True)
class Outcome:
    """A finished match: the winning seats (more than one on a shared win) and the hands that counted."""

    winners: tuple[int, ...]
    hands: int
