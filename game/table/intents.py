"""What a table says comes next, as plain values (intents): a person's turn, a hot-seat hand-off, what an action
did as engine events, a claim, the score sheet, a new hand, game over, a hint, a line to show, the table gone.

The controller (controller.py) makes them for a match played here; a table on another computer reads the same
values from the server's messages (game/net/client.py), so a window, a test or a server branches on one union,
``Intent``, with ``match`` and ``assert_never``, and needs neither the controller nor the network to do it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Event
from game.engine.results import HandResult, Outcome
from game.engine.view import Choice


@dataclass(frozen=True)
class Turn:
    """A person at this table decides now for ``seat`` in ``phase`` (a dialog, or a card to play)."""
    seat: int
    phase: str


@dataclass(frozen=True)
class HandOff:
    """Hot-seat: the next decision is ``seat``'s; every hand stays hidden until that player takes over."""
    seat: int


@dataclass(frozen=True)
class Played:
    """An action was applied: ``seat`` is whose cards or decision it was (the rook-2p dummy's own seat)."""
    seat: int
    action: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Held:
    """A person at another computer decided ahead of their turn where everyone decides at once (a Hearts pass):
    the decision is kept, and applied when the engine comes to their seat."""
    seat: int


@dataclass(frozen=True)
class Claimed:
    """No play could change the hand's result any more, and the rest was played out at once: ``asked``, the person
    of ``seat`` claimed it (Claim the rest); else the program ended play itself on ``seat``'s turn, a computer's.
    A claim says only that the rest is decided: who took each trick is in the ``events`` (trick-won)."""
    seat: int
    events: tuple[Event, ...]
    asked: bool


@dataclass(frozen=True)
class HandOver:
    """The hand is over: the score sheet shows ``result``; ``next_hand()`` goes on."""
    result: HandResult


@dataclass(frozen=True)
class MatchOver:
    outcome: Outcome


@dataclass(frozen=True)
class NewHand:
    number: int  # hands dealt in the match so far, this one included


@dataclass(frozen=True)
class Hint:
    """What the hand review's search would do for ``seat`` (so the review never faults a hinted play), asked by
    ``request_hint``."""
    seat: int
    choice: Choice


@dataclass(frozen=True)
class Message:
    """A line for the player: a problem or a refusal, or (``news``) what happened that they should know."""
    text: str
    news: bool = False


@dataclass(frozen=True)
class Closed:
    """The table is gone for this screen (a network table whose host left, or a server stopping)."""
    reason: str


Intent = Turn | HandOff | Played | Claimed | HandOver | MatchOver | NewHand | Hint | Message | Closed
