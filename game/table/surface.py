"""The table a scene plays at, whichever computer its match runs on: ``Table``, the one surface the window sees,
as python-chess's engine ``Protocol`` behind ``SimpleEngine`` and OpenSpiel's ``Bot``. A match played here is a
``LocalTable`` (local.py, on the table controller); one on another computer is the network client's
``RemoteTable`` (game/net/client.py), which shows what the server sends and sends the seat's decisions.

Where the two differ, the surface says so in its types: a decision made here is answered at once (what it did, or
why it was refused), while one sent to a server is answered later through ``poll`` (None now); and only a match
played here can be played again (``replays``: None elsewhere).
"""

from __future__ import annotations

from typing import Any, Protocol

from game.engine.results import HandResult
from game.engine.rules import Rules
from game.engine.view import SeatView

from .intents import Claimed, Intent, MatchOver, NewHand, Played
from .session import Session


class Replays(Protocol):
    """What a table whose match runs here offers after a hand or a match: play on from a fresh start."""

    def rematch(self, seed: int) -> Session:
        """A new match with the same players in the same seats, under the same rules."""
        ...

    def deal_again(self) -> Session:
        """A table of its own to play this hand's deal again."""
        ...


class Table(Protocol):
    """One screen's table: the seat shown (``viewer``, who changes at a hot-seat hand-off), that seat's view of the
    hand, the names, the score sheet's results and the flow of the match. A scene reads and drives only this."""

    # --- what the screen shows ---

    @property
    def viewer(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    def view(self) -> SeatView:
        """The viewer's view of the hand (the engine's)."""
        ...

    def name(self, seat: int) -> str: ...

    def at_screen(self, seat: int) -> bool:
        """The person of this seat is at this screen now, so the window may take their decisions."""
        ...

    def shows_hand(self) -> bool:
        """The viewer's own cards may be face up on this screen now (hot-seat: not while a hand-off is due)."""
        ...

    def status(self, seat: int) -> str:
        """What the seat's name plate adds ("thinking", a player away), or ""."""
        ...

    @property
    def paused(self) -> str:
        """Why play waits for the table's store, shown while it lasts (a server that cannot save), or ""."""
        ...

    @property
    def held(self) -> tuple[str, ...]:
        """Cards the viewer chose ahead of their turn (a Hearts pass sent to a server), shown gone from the hand."""
        ...

    def can_undo(self) -> bool: ...

    def claimable(self) -> bool:
        """No play can change the hand's result any more."""
        ...

    @property
    def hand_number(self) -> int: ...

    def results(self) -> list[HandResult]:
        """Each finished hand's result, for the score sheet."""
        ...

    def totals(self) -> list[tuple[int, ...]]:
        """The match score per seat after each finished hand (for the score sheet and its chart)."""
        ...

    def score_columns(self) -> list[tuple[str, tuple[int, ...]]]:
        """The score columns the match keeps (a partnership, or a player), named: (names, seats)."""
        ...

    def review_subject(self) -> tuple[dict[str, Any], list[int], list[str]] | None:
        """The finished hand to review (its record), the seats whose decisions to judge and every seat's name;
        None while no hand is finished, or where this screen does not know the deal."""
        ...

    @property
    def match_over(self) -> bool: ...

    @property
    def winners(self) -> list[int]: ...

    def deal_code(self) -> str | None:
        """The deal code of the hand in play, for players to share (None where there is none to give)."""
        ...

    def check(self, action: str) -> str | None:
        """Why the viewer's action would be refused, or None (where a server judges: None)."""
        ...

    @property
    def replays(self) -> Replays | None:
        """Playing on from a fresh start, where the match runs here; None at a table on another computer."""
        ...

    # --- what the people at the screen do ---

    def poll(self, ready: bool = True) -> list[Intent]:
        """What comes next. While the window is not ``ready`` (cards still moving), nothing is applied or shown."""
        ...

    def act(self, action: str) -> Played | str | None:
        """The viewer's decision: what it did, or why it was refused; None when it is answered later, through
        ``poll`` (a server's table)."""
        ...

    def take_over(self, seat: int) -> None:
        """Hot-seat: the player of ``seat`` is at the screen now."""
        ...

    def next_hand(self) -> MatchOver | NewHand | None:
        """After the score sheet: game over, or the next hand dealt (None: answered later, through ``poll``)."""
        ...

    def gives_hints(self) -> bool:
        """This table gives hints at all (a table whose server decides: asked, it answers a hint or why not)."""
        ...

    def request_hint(self) -> bool:
        """Ask for a hint for the viewer's decision, answered by a Hint through ``poll``; False if none is coming."""
        ...

    def claim(self) -> Claimed | str | None:
        """The viewer claims the rest: the claim played out, or why not (None: answered later, through ``poll``)."""
        ...

    def undo(self) -> str:
        """Take back the viewer's last play; a line saying what happened."""
        ...

    def awaiting(self) -> bool:
        """Something changes here without the people at this screen (a window that polls may sleep while not)."""
        ...

    def wait(self, timeout: float) -> None:
        """Block up to ``timeout`` seconds for something to change (tests and tools; the window polls)."""
        ...

    def close(self) -> None:
        """Leaving the table."""
        ...
