"""A table whose match runs here, as one screen sees it: the seat shown (the viewer, who changes at a hot-seat
hand-off), that seat's view of the hand, the names, the score sheet's results, and the flow of the match
(TableController). The window reads and drives only its ``Table`` surface (surface.py), which a table on another
computer has too (game/net/client.py: RemoteTable), so it never holds an engine Hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import DealCodeError, Hand, deal_code
from game.engine.language import gettext, language
from game.engine.refusals import Refusal
from game.engine.results import HandResult
from game.engine.rules import Rules
from game.engine.view import SeatView
from game.engine.words import player_name

from .controller import TableController
from .intents import Claimed, Held, Intent, MatchOver, NewHand, Played
from .session import Session

if TYPE_CHECKING:
    from .surface import Replays, Table


def shared_code(hand: Hand) -> str | None:
    """A hand's deal code, for players to share (None for rules that are not a preset with house rules)."""
    try:
        return deal_code(hand)
    except DealCodeError:
        return None


class LocalTable:
    def __init__(self, controller: TableController) -> None:
        self.controller = controller
        self.session = controller.session
        humans = self.session.humans
        self.viewer = humans[0] if humans else 0
        self._view_key: tuple[Hand, tuple[int, int], int, str] | None = None
        self._view: SeatView | None = None

    # --- what the screen shows ---

    @property
    def rules(self) -> Rules:
        return self.session.rules

    def view(self) -> SeatView:
        """The viewer's view of the hand (the engine's), made again only when the position, the viewer or the
        language changes (its choices' labels are in a player's words)."""
        hand = self.session.hand
        key = (hand, hand.position_key, self.viewer, language())
        if self._view_key != key:
            self._view_key, self._view = key, hand.view(self.viewer)
        assert self._view is not None
        return self._view

    def name(self, seat: int) -> str:
        """A seat's name as the screen shows it, in the language in force ("You", "Dummy")."""
        return gettext("Dummy") if seat == self.rules.dummy_seat else player_name(self.session.name(seat))

    def person(self, seat: int) -> bool:
        """A person decides for this seat (not a computer)."""
        return self.session.is_human(seat)

    def at_screen(self, seat: int) -> bool:
        """The person of this seat is at this screen now, so the window may take their decisions."""
        return self.session.is_human(seat) and self.controller.handed_to == seat

    def shows_hand(self) -> bool:
        """The viewer's own cards may be face up on this screen now (hot-seat: not while a hand-off is due)."""
        return self.controller.may_show_hand(self.viewer)

    # why play waits for the table's store, shown while it lasts (a network table's server that cannot save)
    paused = ""

    def status(self, seat: int) -> str:
        """What the seat's name plate adds: a computer thinking."""
        controller = self.controller
        thinking = seat == self.view().to_move and not self.person(seat) and controller.decision is not None
        return "thinking" if thinking else ""

    @property
    def hot_seat(self) -> bool:
        return self.session.hot_seat

    held: tuple[str, ...] = ()  # cards chosen ahead of the seat's turn: only at a table on another computer

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def claimable(self) -> bool:
        """No play can change the hand's result any more (worked out a little each poll)."""
        return self.session.play_is_settled()

    @property
    def hand_number(self) -> int:
        return len(self.session.match.history) + 1

    def results(self) -> list[HandResult]:
        return self.session.results()

    def totals(self) -> list[tuple[int, ...]]:
        """The match score per seat after each finished hand (for the score sheet and its chart)."""
        return self.session.totals()

    def review_subject(self) -> tuple[dict[str, Any], list[int], list[str]] | None:
        """The finished hand to review (its record), the seats whose decisions to judge (the people's at this
        screen, or every seat when computers played them all, as in autoplay) and every seat's name. None while
        no hand is finished."""
        hand = self.session.hand
        return self.session.review_subject(hand) if hand.is_done else None

    @property
    def match_over(self) -> bool:
        return self.session.match.is_over

    @property
    def winners(self) -> list[int]:
        return self.session.match.winners

    def score_columns(self) -> list[tuple[str, tuple[int, ...]]]:
        """The score columns, named as the screen shows them ("You & North")."""
        return [(" & ".join(self.name(seat) for seat in seats), seats) for _, seats in self.session.score_columns()]

    def deal_code(self) -> str | None:
        """The deal code of the hand in play (see ``shared_code``)."""
        return shared_code(self.session.hand)

    @property
    def replays(self) -> Replays:
        """A match played here can be played again: ``rematch`` and ``deal_again``."""
        return self

    def rematch(self, seed: int) -> Session:
        """A new match with the same players (Session.rematch)."""
        return self.session.rematch(seed)

    def deal_again(self) -> Session:
        """A table of its own to play this hand's deal again (Session.deal_again)."""
        return self.session.deal_again(self.session.hand)

    def check(self, action: str) -> str | None:
        """Why the viewer's action would be refused, or None."""
        return self.session.hand.check(action)

    # --- what the people at the screen do ---

    def poll(self, ready: bool = True) -> list[Intent]:
        return self.controller.poll(ready)

    def act(self, action: str) -> Played | str:
        done = self.controller.act(action)
        assert not isinstance(done, Held)  # only a player at another computer decides ahead of their turn
        return self.session.hand.said(done) if isinstance(done, Refusal) else done

    def take_over(self, seat: int) -> None:
        self.controller.take_over(seat)
        self.viewer = seat

    def next_hand(self) -> MatchOver | NewHand:
        return self.controller.next_hand()

    def gives_hints(self) -> bool:
        return self.controller.gives_hints

    def request_hint(self) -> bool:
        return self.controller.request_hint()

    def claim(self) -> Claimed | str:
        done = self.controller.claim()
        return self.session.hand.said(done) if isinstance(done, Refusal) else done

    def undo(self) -> str:
        return self.controller.undo()

    def awaiting(self) -> bool:
        """Something changes here without the people at this screen (TableController.awaiting)."""
        return self.controller.awaiting()

    def wait(self, timeout: float) -> None:
        """Block up to ``timeout`` seconds for a decision under way (tests and tools; the window polls)."""
        self.controller.wait(timeout)

    def close(self) -> None:
        """Leaving the table: whatever a computer was deciding is dropped."""
        if self.controller.worker is not None:  # None: nothing was ever asked
            self.controller.worker.cancel_all()


if TYPE_CHECKING:  # the type checker holds it to the surface a scene sees
    _a_table: type[Table] = LocalTable
