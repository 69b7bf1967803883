"""The match at a table, run without a window: whose turn it is, the computer seats' decisions through the AI
worker and their pace, the hot-seat hand-off, claims, the hint, saving, the next hand and game over.

A window, a test or a network server drives it the same way: ``poll()`` for what comes next, ``act(text)`` for
the decision of a person at the table, ``take_over(seat)`` once a hand-off is done, ``next_hand()`` after the
score sheet. It answers with plain intents (a person's turn, a hand-off, what an action did as engine events, the
score sheet, game over, a line to show: intents.py) and draws nothing: the window only draws them and takes input.

What it does not decide it is handed by whoever makes it (the window, a server, a test), so that the table imports
neither the hand review nor the user's files: what makes the computer player whose decision is the Hint (the
review's own search, ``game.review.hint_player``), and where finished hands and matches are kept (``Records``: the
player's statistics and match history, ``game.store.StatsAndHistory``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any, Protocol

from game.ai import ComputerPlayer
from game.ai.worker import AIWorker, Decision, fallback_action
from game.engine import Event, Hand, Match
from game.engine.language import gettext
from game.engine.refusals import Refusal
from game.engine.view import choice_of
from game.runtime import in_background

from .intents import Claimed, HandOff, HandOver, Held, Hint, Intent, MatchOver, Message, NewHand, Played, Turn
from .session import Session

log = logging.getLogger(__name__)
CLAIM_SECONDS = 0.003  # the claim check works this long a poll, so that it never costs a window a frame


class NotKept(Exception):
    """Raised by a controller's ``save`` when the store could not keep what was just done (a full disk): the
    controller takes it back, so that nothing unsaved is ever told, and passes this on to its caller."""


Position = tuple[Hand, tuple[int, int]]  # a hand and the moment of it (``Hand.position_key``)


class Records(Protocol):
    """Where a table's finished hands and matches are kept for the people who played them (game/store:
    StatsAndHistory, the statistics and the match history)."""

    def count_hand(self, match: Match, people: Mapping[int, str]) -> str:
        """The match's last hand, just finished, into each person's statistics (``people``: their seats and names),
        and the match too once it is over; a line naming a file that could not be used, or ""."""
        ...

    def keep_match(self, saved: dict[str, Any], restore: Callable[[dict[str, Any]], object]) -> str:
        """A finished match, in its saved form (which ``restore`` must read back), kept in the history; a line
        saying why it could not be, or "". Called beside the window (it may take a while)."""
        ...


class TableController:
    """One match at one table. ``pause`` says how long a computer's decision waits before it is played (so that
    people can follow it); ``save`` is called with the session after every action, and may raise NotKept (then
    the action, a claim's play-out or a new deal is taken back and NotKept is raised on: stored, then told);
    ``records`` counts the humans' hands and matches and keeps the match once it is over (None: nothing is counted
    or kept, as in autoplay); ``hint`` makes the player whose decision is the Hint, one for each hint (None: no
    hints at this table). ``worker`` thinks for the computers and the hint; None only at a table where no computer
    is asked (a match already over, tests of a server's parts), and then no hint is given."""

    def __init__(self, session: Session, worker: AIWorker | None, *, pause: Callable[[], float] = lambda: 0.0,
                 save: Callable[[Session], None] | None = None, records: Records | None = None,
                 hint: Callable[[], ComputerPlayer] | None = None, clock: Callable[[], float] = time.monotonic,
                 claim_seconds: float = CLAIM_SECONDS) -> None:
        self.session = session
        self.worker = worker
        self.pause = pause
        self.save = save
        self.records = records
        self.hint = hint
        self.history_writing: Future[None] | None = None
        self.clock = clock
        self.claim_seconds = claim_seconds
        self.handed_to: int | None = None if session.hot_seat or not session.humans else session.humans[0]
        self.decision: Decision | None = None
        self.decision_for: Position | None = None  # the position the decision is for
        self.decision_started = 0.0
        self.hint_decision: Decision | None = None
        self.hint_for: Position | None = None  # the position the hint is for
        self.hint_said: Hint | None = None  # the hint given for it
        self.hint_again = False  # asked again once given: poll says it again
        # the last turn, hand-off or score sheet announced (each only once)
        self.announced: Position | tuple[str, Hand] | None = None
        # where everyone decides at once (a Hearts pass): the decisions made ahead of their turn by players at
        # other computers, and the seats told so far that they may decide now
        self.ahead: dict[int, str] = {}
        self.told_ahead: set[int] = set()

    @property
    def hand(self) -> Hand:
        return self.session.hand

    @property
    def thinking(self) -> bool:
        """A computer seat is deciding."""
        return self.decision is not None and not self.decision.done

    def position(self) -> Position:
        """The position as it stands (an undo can bring an earlier one back)."""
        return self.hand, self.hand.position_key

    # --- what comes next ---

    def poll(self, ready: bool = True) -> list[Intent]:
        """What comes next. While the window is not ``ready`` (cards still moving), computers are asked and claims
        worked out, but nothing is applied or announced."""
        intents: list[Intent] = self._hint_answer()
        hand = self.hand
        if hand.is_done:
            intents += self._count_finished_hand()
            if ready and self.announced != ("over", hand):
                self.announced = ("over", hand)
                intents.append(HandOver(hand.final_result()))
            return intents
        seat = hand.to_move
        session = self.session
        if ready and seat in self.ahead:  # decided ahead of its turn: taken now (kept until then: NotKept)
            intents.append(self._apply(self.ahead[seat]))
            del self.ahead[seat]
            return intents
        if ready:
            intents += self._turns_at_once()
        claim_known = session.settled_check(self.claim_seconds) is not None
        if not session.is_human(seat):
            if ready and session.play_is_settled():
                intents.append(self._play_out(seat, asked=False))
                return intents
            played = self._computer_turn(ready and claim_known)
            return intents + ([played] if played is not None else [])
        if ready and self.announced != self.position():
            self.announced = self.position()
            at_screen = self.handed_to == seat or session.online(seat)  # an online player needs no hand-off
            intents.append(Turn(seat, hand.phase) if at_screen else HandOff(seat))
        return intents

    def _turns_at_once(self) -> list[Intent]:
        """Where everyone decides at once, a turn for each player at another computer still to decide, told once,
        so that nobody waits for the seats the engine takes before theirs (the seat to move is told as always)."""
        at_once = self.hand.deciding_at_once()
        if not at_once:
            self.ahead.clear()
            self.told_ahead.clear()
            return []
        turns: list[Intent] = []
        for seat in at_once[1:]:
            if self.session.online(seat) and self.session.is_human(seat) and seat not in self.ahead and \
                    seat not in self.told_ahead:
                self.told_ahead.add(seat)
                turns.append(Turn(seat, self.hand.phase))
        return turns

    def decision_due(self, seat: int) -> bool:
        """A decision of ``seat``'s person is awaited now: their turn, or (where everyone decides at once) one they
        have not made yet."""
        hand = self.hand
        return not hand.is_done and self.session.is_human(seat) and (
            hand.to_move == seat or seat in hand.deciding_at_once() and seat not in self.ahead)

    def answer_due_in(self) -> float:
        """Seconds until the computer's answer (once it has come) may be played: its pause since it was asked."""
        return self.decision_started + self.pause() - self.clock()

    def _computer_turn(self, may_play: bool) -> Played | None:
        if self.decision is not None and self.decision_for != self.position():
            # asked for another position (a player came back to their seat, or went away): ask again
            self.cancel_decision()
        if self.decision is None:
            player = self.session.players[self.hand.to_move]
            if self.worker is None:
                raise RuntimeError("a computer's turn at a table made without an AI worker")
            self.decision = self.worker.request(self.hand.copy(), player, limit=self.session.hard_budget)
            self.decision_for, self.decision_started = self.position(), self.clock()
        self.decision.resolve_if_overdue()
        if not may_play or not self.decision.done or self.answer_due_in() > 0:
            return None
        action = self.decision.wait(0)
        # no answer, or one for another position (never expected): play on
        if action is None or self.hand.check(action) is not None:
            action = fallback_action(self.hand)
        played = self._apply(action)
        self.decision = None
        return played

    def _apply(self, action: str) -> Played:
        seat = self.hand.turn
        events = self.hand.apply(action)
        self._kept(1)
        return Played(seat, action, tuple(events))

    def _kept(self, actions: int) -> None:
        """Save what was just done (the last ``actions`` actions of the hand); if the store cannot keep it, they
        are taken back and NotKept goes on to the caller."""
        try:
            self._save()
        except NotKept:
            for _ in range(actions):
                self.hand.pop()
            raise

    def _count_finished_hand(self) -> list[Intent]:
        """Each human's finished hand (and at the end, the match) into the statistics, once, then saved."""
        session = self.session
        if session.counted_hands >= session.finished_hands():
            return []
        session.counted_hands = session.finished_hands()
        problem = ""
        if self.records is not None:
            problem = self.records.count_hand(session.match, {seat: session.name(seat) for seat in session.humans})
        self._save()
        if session.match.is_over and self.records is not None:
            self._keep_in_history(self.records)
        return [Message(problem)] if problem else []

    def _keep_in_history(self, records: Records) -> None:
        """The finished match into the match history, beside the window: adding reads the whole history back to
        check it (about 0.6 s with 50 matches kept), which would stall a window's frames; quitting at once still
        finishes the (atomic) write."""
        saved = self.session.to_json()

        def add() -> None:
            problem = records.keep_match(saved, Session.from_history)
            if problem:
                log.warning(problem)

        self.history_writing = in_background(add)

    def _save(self) -> None:
        if self.save is not None:
            self.save(self.session)

    # --- what the people at the table do ---

    def persons_turn(self, seat: int | None = None) -> bool:
        """A person is to move, and it is the one asking: the player at this screen, or a network table's
        ``seat``."""
        to_move = self.hand.to_move
        return self.session.is_human(to_move) and to_move == (self.handed_to if seat is None else seat)

    def act(self, action: str, seat: int | None = None) -> Played | Held | Refusal:
        """A person's decision for the seat to move: what it did, or why it was refused (the hand unchanged; the
        engine's reason, which whoever shows it says in its player's language). A network table names the ``seat``
        the decision came from; a screen's decision is for the player at it. Where everyone decides at once, a
        player at another computer may decide ahead of their turn: checked by the engine, kept (Held) and applied
        at their turn."""
        hand = self.hand
        if seat is not None and seat != hand.to_move and seat in hand.deciding_at_once() and \
                self.session.online(seat) and self.session.is_human(seat):
            if seat in self.ahead:
                return Refusal("choice-made")
            why = hand.why_not_for(seat, action)
            if why is not None:
                return why
            self.ahead[seat] = action
            return Held(seat)
        if not self.persons_turn(seat):
            return Refusal("not-your-turn")
        why = self.hand.why_not_text(action)
        if why is not None:
            return why
        self.cancel_hint()
        return self._apply(action)

    def may_show_hand(self, seat: int) -> bool:
        """Whether this screen may show ``seat``'s own cards face up now. With one person at the screen (or none,
        as in autoplay), yes. Hot-seat, only to the player it was handed to, and only while the engine can tell
        that the next person to decide is that player: as soon as another person is next, or who is next depends
        on what the computers still decide, every hand stays hidden (not left face up while the computers play)."""
        session = self.session
        if not session.hot_seat:
            return True
        people = [person for person in range(len(session.seats)) if session.is_human(person)]
        return seat == self.handed_to and self.hand.first_to_decide(people) == seat

    def take_over(self, seat: int) -> None:
        """Hot-seat: the player of ``seat`` is at the screen now."""
        self.handed_to = seat
        self.announced = None

    def claim(self, seat: int | None = None) -> Claimed | Refusal:
        """A person claims the rest on their turn (``seat`` as for ``act``): allowed once no play can change the
        points; else why not."""
        if not self.persons_turn(seat):
            return Refusal("not-your-turn")
        withheld = self.session.claim_withheld()
        if withheld is not None:
            return withheld
        if self.hand.phase != "play" or self.hand.trick:
            return Refusal("claim-on-lead")
        if not self.may_claim(seat):
            return Refusal("not-settled")
        return self._play_out(self.hand.to_move, asked=True)

    def may_claim(self, seat: int | None = None) -> bool:
        """A claim of the person to move (``seat`` as for ``act``) would be taken now: at the start of a trick, once
        the claim check has found that no play can change the hand's result (False while it is under way). A network
        table offers Claim the rest by this, and ``claim`` takes it by this."""
        hand = self.hand
        return self.persons_turn(seat) and hand.phase == "play" and not hand.trick and self.session.play_is_settled()

    def _play_out(self, seat: int, asked: bool) -> Claimed:
        self.cancel_decision()
        self.cancel_hint()
        events: list[Event] = []
        before = len(self.hand.actions)
        while self.hand.phase == "play":
            events += self.hand.apply(fallback_action(self.hand))
        self._kept(len(self.hand.actions) - before)
        return Claimed(seat, tuple(events), asked)

    def undo(self) -> str:
        """Take back the human's last play in a game against the computer; a line saying what happened."""
        if self.session.hot_seat:
            return gettext("Undo is for games against the computer")
        if not self.session.can_undo():  # asked before anything is cancelled: a computer's or a hint's search
            return gettext("Nothing to undo")
        self.cancel_decision()
        self.cancel_hint()
        self.ahead.clear()
        undone = self.session.undo()
        assert undone  # can_undo() held, and nothing was played since
        self.announced = None
        self._save()
        return gettext("Your last play was taken back")

    def next_hand(self) -> MatchOver | NewHand:
        """After the score sheet: game over, or the next hand dealt."""
        match = self.session.match
        outcome = match.outcome()
        if outcome is not None:
            return MatchOver(outcome)
        match.next_hand()
        try:
            self._save()
        except NotKept:
            match.take_back_deal()
            raise
        if self.session.hot_seat:
            self.handed_to = None
        self.announced = None
        return NewHand(len(match.history) + 1)

    # --- hints ---

    @property
    def gives_hints(self) -> bool:
        """This table gives hints: it was handed a ``hint`` player and a worker to ask it on."""
        return self.hint is not None and self.worker is not None

    def request_hint(self, seat: int | None = None) -> bool:
        """Ask the worker what a ``hint`` player would do for the person to move (the player at the screen, or a
        network table's ``seat``); ``poll`` answers with a Hint. False if it is not that person's turn, or the table
        gives no hints.

        The window and the server hand it the hand review's own search (``game.review.hint_player``: the same
        worlds, drawn from the seat's view, with no time limit), so that the review never marks a hinted play a
        mistake. It takes Hard's search without its time limit (0.1-1 s on this machine; docs/benchmarks.md, "The
        hand review"), in the worker's search process."""
        # ``gives_hints`` spelt out, so that the type checker knows both are there below
        if self.hint is None or self.worker is None or not self.persons_turn(seat):
            return False
        if self.hint_for != self.position():
            self.cancel_hint()
            self.hint_for = self.position()
            self.hint_decision = self.worker.request(self.hand.copy(), self.hint())
        elif self.hint_decision is None:  # answered already: the same answer again, without searching again
            self.hint_again = True
        return True

    def cancel_decision(self) -> None:
        """Call off the computer's decision under way (the position changed, or nobody is at a network table to
        see it played); ``poll`` asks again."""
        if self.decision is not None:
            self.decision.cancel()
            self.decision = None

    def cancel_hint(self) -> None:
        if self.hint_decision is not None:
            self.hint_decision.cancel()
        self.hint_decision, self.hint_for, self.hint_said, self.hint_again = None, None, None, False

    def _hint_answer(self) -> list[Intent]:
        if self.hint_for is not None and self.hint_for != self.position():  # moved on (an undo) before the answer
            self.cancel_hint()
            return []
        if self.hint_again and self.hint_said is not None:
            self.hint_again = False
            return [self.hint_said]
        decision = self.hint_decision
        if decision is None or not decision.done:
            return []
        self.hint_decision = None
        if decision.fell_back:  # the search failed: a fallback move is not the review's choice, so it is no hint
            self.hint_for = None
            return [Message(gettext("No hint this time: the search for one failed"))]
        action = decision.wait(0)
        assert action is not None  # a decision done has its action
        self.hint_said = Hint(self.hand.to_move, choice_of(action, self.hand.rules.deck))
        return [self.hint_said]

    def awaiting(self) -> bool:
        """Whether the table changes without the person at this screen doing anything: a computer's turn (its
        decision, its pause), a turn or hand-off not yet announced, a hint being worked out or asked for again, or
        the claim check under way. A window that polls may sleep while this is False."""
        hand = self.hand
        if self.hint_decision is not None or self.hint_again:
            return True
        if hand.is_done:
            return self.announced != ("over", hand)
        return not self.session.is_human(hand.to_move) or self.announced != self.position() \
            or not self.session.claim_known()

    # --- waiting, for callers without a frame loop (tests, a server) ---

    def wait(self, timeout: float) -> None:
        """Block up to ``timeout`` seconds for the computer or hint decision under way."""
        for decision in (self.decision, self.hint_decision):
            if decision is not None and not decision.done:
                decision.wait(timeout)
                return
