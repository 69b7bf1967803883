"""One table's match, with no sockets and no event loop (the table runner): the flow (the TableController polled),
the seats kept for dropped players and handed to a computer after the table's ``keep``, the computers' pace, the
score sheet's wait for everyone before the next hand, and what each seat is told: only its own view and the events
it may see. Messages in, messages out (``Say``, ``Moved``, ``LetGo``: game/net/lobby.py); every action is kept
(``keeper``, game/net/database.py) before it is handed back to be told. An action the store cannot keep is taken
back, and the table pauses: every player is told, nothing is played, and the store is asked again every little
while until it writes, when play resumes. While nobody is connected the computers rest, and once the table has
stood empty for its ``keep`` it is done.

Whoever drives the table (the transport, or a test) calls ``step(now)`` and waits at most the time it answers, or
until ``wake`` is called: from any thread, when a computer's decision or a hint has come.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Callable, Collection
from typing import assert_never

from game.ai import ComputerPlayer
from game.ai.worker import AIWorker, Decision
from game.engine import Match
from game.engine.refusals import Refusal
from game.table.controller import NotKept, Position, TableController
from game.table.intents import (
    Claimed,
    Closed,
    HandOff,
    HandOver,
    Held,
    Hint,
    Intent,
    MatchOver,
    Message,
    NewHand,
    Played,
    Turn,
)
from game.table.session import Session

from . import messages as M
from . import protocol as P
from .database import Keeper, SavedTable
from .lobby import CANNOT_SAVE_NOW, Lobby, Out, Say, TableRecord, seats_from_json
from .reasons import error, paused, refused

log = logging.getLogger("trickhouse.server")
AFTER_THE_MATCH = 60.0  # seconds between steps once the match is over (nothing more happens there)
CANNOT_SAVE = Refusal("cannot-save")


class TableRunner:
    def __init__(self, lobby: Lobby, keeper: Keeper, worker: AIWorker | None, limits: P.Limits,
                 session: Session | None = None, saved: tuple[int, int] = (0, 0),
                 hint: Callable[[], ComputerPlayer] | None = None) -> None:
        """``lobby``: the table's seats; ``worker``: the AI worker its computers think on; ``limits``: the server's,
        for the computers' ``pause`` and the score sheet's ``next_seconds``; ``session``: a match under way (a table
        brought back), kept in the database as far as ``saved`` (hands, actions of the last of them); ``hint``: what
        makes the player whose decision is a Hint (None: no hints at this table)."""
        self.lobby = lobby
        self.keeper = keeper
        self.worker = worker
        self.limits = limits
        self.hint = hint
        self.session = session
        self.controller: TableController | None = None
        self.saved = saved
        self.over_since: float | None = None  # the score sheet is up
        self.end_told = False  # a player has been told that the match is over (a table brought back: not known)
        self.watching: Decision | None = None  # the computer decision whose answer wakes the table
        self.paused = False  # the store could not keep an action: nothing is played until it can
        self.claim_offered: Position | None = None  # the position whose player to move was told they may claim
        self.wake: Callable[[], object] = lambda: None  # set by whoever drives the table; called from any thread
        if session is not None:
            self.make_controller()

    @property
    def code(self) -> str:
        return self.lobby.code

    @property
    def record(self) -> TableRecord:
        return self.lobby.record

    @property
    def started(self) -> bool:
        return self.record.started

    # --- players coming and going ---

    def arrive(self, seat: int, token: str | None) -> list[Out]:
        """The player of ``seat`` connected (``token``: a new seat's, None when they come back with theirs): the
        welcome, the seats, and once the match has begun the table as it is (their turn announced again)."""
        self.lobby.arrive(seat)
        if self.session is not None:
            self.session.away.discard(seat)
        out = [self.lobby.welcome(seat, token), *self.tell_seats()]
        if self.started:
            out.append(self.state(seat))
            if self.paused:
                out.append(Say(seat, paused()))
            elif self._under_way()[1].decision_due(seat):  # their turn, announced to them again (to them only)
                out.append(self.turn(seat))
        return out

    def left(self, seat: int, now: float) -> list[Out]:
        """The player of ``seat`` dropped out (or said bye): their seat waits for them."""
        self.lobby.left(seat, now)
        return self.tell_seats()

    def receive(self, seat: int, message: M.Start | M.Computer | M.Sit | M.Act | M.AskHint | M.Claim | M.Next
                ) -> list[Out]:
        """A message from the player of ``seat`` (``bye`` is the transport's). Raises ProtocolError for one that
        is not theirs to send now, changing nothing."""
        match message:
            case M.Start():
                try:
                    self.start(seat)
                except NotKept:
                    return [Say(seat, error(CANNOT_SAVE_NOW))]
                return [self.state(number) for number in self.lobby.here()] + self.tell_seats()
            case M.Computer() | M.Sit():
                return self.lobby.receive(seat, message) + self.tell_seats()
            case M.Act() | M.AskHint() | M.Claim() | M.Next():
                return self.during_the_match(seat, message)
            case _:
                assert_never(message)

    def during_the_match(self, seat: int, message: M.Act | M.AskHint | M.Claim | M.Next) -> list[Out]:
        if not self.started:
            raise P.ProtocolError("the match has not begun", Refusal("match-not-begun"))
        _, controller = self._under_way()
        deck = self.record.rules.deck
        done: Played | Held | Claimed | Refusal
        match message:
            case M.Act(action=action):
                if self.paused:
                    return [Say(seat, refused(action, CANNOT_SAVE, deck))]
                try:
                    done = controller.act(action, seat)
                except NotKept:
                    return [Say(seat, refused(action, CANNOT_SAVE, deck)), *self.pause()]
                if isinstance(done, Refusal):
                    return [Say(seat, refused(action, done, deck))]
                if isinstance(done, Held):  # decided ahead of its turn: nothing happened yet that anyone sees
                    return []
                return self.played(done)
            case M.AskHint():
                if not controller.request_hint(seat):
                    why = Refusal("not-your-turn" if controller.gives_hints else "no-hints")
                    return [Say(seat, refused("hint", why, deck))]
                if controller.hint_decision is not None:  # a search under way: its answer wakes the table
                    controller.hint_decision.then(lambda: self.wake())
                return []
            case M.Claim():
                if self.paused:
                    return [Say(seat, refused("claim", CANNOT_SAVE, deck))]
                try:
                    done = controller.claim(seat)
                except NotKept:
                    return [Say(seat, refused("claim", CANNOT_SAVE, deck)), *self.pause()]
                if isinstance(done, Refusal):
                    return [Say(seat, refused("claim", done, deck))]
                return self.played(done)
            case M.Next():
                self.lobby.presence[seat].ready = True
                return []
            case _:
                assert_never(message)

    # --- the match ---

    def start(self, seat: int) -> None:
        """The owner deals: computers take the seats nobody took, and the match is kept before anyone is told
        (NotKept, with the table as it was, if it cannot be)."""
        record = self.record
        seats = [dataclasses.replace(place) for place in record.seats]
        self.lobby.seat_for_the_match(seat)
        self.session = Session(Match(record.rules), record.plans())
        self.make_controller()
        record.started = True
        try:
            self.save_play()
        except NotKept:
            record.seats, record.started, self.session, self.controller = seats, False, None, None
            raise
        log.info("table %s started", self.code)

    def make_controller(self) -> None:
        """The match's flow; every action it applies is kept (``save_play``) before it hands it back to be told. A
        seat whose player is not connected waits for them as a dropped seat does (``step``)."""
        assert self.session is not None  # made with the match
        self.controller = TableController(self.session, self.worker, pause=lambda: self.limits.pause,
                                          save=lambda session: self.save_play(), hint=self.hint)

    def save_play(self) -> None:
        """What the match did since it was last kept, in one transaction, before anyone is told of it (NotKept if
        it cannot be: the controller takes it back)."""
        self.saved = self.keeper.play(self.code, self.record.seats_json(), self._under_way()[0].match, self.saved)

    def pause(self) -> list[Out]:
        """The store could not keep what was just done (taken back already): every player here is told that play
        is paused; ``step`` asks the store again until it writes."""
        if self.paused:
            return []
        self.paused = True
        log.warning("table %s pauses: the server cannot save", self.code)
        return [Say(seat, paused()) for seat in self.lobby.here()]

    def _under_way(self) -> tuple[Session, TableController]:
        """The match's session and flow, asked for only once it has begun (``started``: both are made then)."""
        assert self.session is not None and self.controller is not None
        return self.session, self.controller

    def step(self, now: float) -> tuple[list[Out], float]:
        """Poll the table once: what to tell, and how long it may wait for news before it is stepped again."""
        session, controller = self._under_way()
        lobby = self.lobby
        if not lobby.here():  # nobody to play for: the computers rest until someone is back, or the table ends
            controller.cancel_decision()
            since = lobby.empty_since if lobby.empty_since is not None else now
            return [], max(0.05, since + self.record.keep - now)
        out: list[Out] = []
        if self.paused:
            if not self.keeper.writable():
                return [], self.limits.store_retry_seconds
            self.paused = False
            log.info("table %s goes on: the server can save again", self.code)
            out += [Say(seat, M.Resumed()) for seat in lobby.here()]
        for seat in lobby.dropped_too_long(now, session.away):  # kept long enough: a computer plays it
            session.away.add(seat)
            log.info("table %s seat %d: a computer plays for %s until they are back", self.code, seat,
                     self.record.seats[seat].name)
            out += self.tell_seats()
        try:
            intents = controller.poll(ready=True)
            for intent in intents:
                out += self.route(intent, now)
        except NotKept:  # a computer's action, or the next deal: taken back, and nothing more is played
            return out + self.pause() + self.tell_seats(), self.limits.store_retry_seconds
        out += self.tell_seats()  # a computer began or ended thinking, a player's turn came
        if intents:
            return out, 0
        hand = session.hand
        if hand.is_done:
            try:
                more, wait = self.after_hand(now)
            except NotKept:
                return out + self.pause(), self.limits.store_retry_seconds
            return out + more, wait
        if session.is_human(hand.to_move):  # wait for the player, or for a kept seat's time to run out
            if not session.claim_known():  # the claim check goes on while the player thinks, a few ms a step
                return out, 0
            out += self.offer_claim()
            waiting = [wait for _, wait in self.lobby.keeping(now, session.away)]
            return out, (max(0.05, min(waiting)) if waiting else 5.0)
        decision = controller.decision  # a computer is to move: poll has asked it
        assert decision is not None
        if not decision.done:
            if self.watching is not decision:
                self.watching = decision
                decision.then(lambda: self.wake())
            return out, 5.0
        return out, max(0.001, controller.answer_due_in())

    def route(self, intent: Intent, now: float) -> list[Out]:
        here = self.lobby.here()
        match intent:
            case Turn():
                return [self.turn(intent.seat)] if intent.seat in here else []
            case Played() | Claimed():
                return self.played(intent)
            case Hint():
                return [Say(intent.seat, M.Hint(action=intent.choice.text))] if intent.seat in here else []
            case HandOver():
                session = self._under_way()[0]
                hand, over = session.hand, session.match.is_over
                out: list[Out] = [Say(seat, M.HandOver(result=intent.result, trump=intent.result.trump,
                                                       view=hand.view(seat).to_json(), over=over))
                                  for seat in here]
                for presence in self.lobby.presence:
                    presence.ready = False
                self.over_since = now
                self.end_told |= over and bool(here)
                return out
            # no hot-seat at a server; the match's end and the next hand are told after the score sheet
            # (after_hand); the controller's lines (a statistics file, a failed hint search) stay here
            case HandOff() | MatchOver() | NewHand() | Message() | Closed():
                return []
            case _:
                assert_never(intent)

    def turn(self, seat: int) -> Say:
        """``turn`` for ``seat``, with whether it may claim the rest now (noted, so that ``offer_claim`` does not
        say it again for this position; while the claim check is under way it says no)."""
        controller = self._under_way()[1]
        claim = controller.may_claim(seat)
        if claim:
            self.claim_offered = controller.position()
        return Say(seat, M.Turn(phase=controller.hand.phase, claim=claim))

    def offer_claim(self) -> list[Out]:
        """Once the claim check finds that no play can change the hand's result, the player to move (at the start
        of a trick) is told they may claim the rest: ``turn`` again, with ``claim`` (once a position)."""
        controller = self._under_way()[1]
        seat = controller.hand.to_move
        if self.claim_offered == controller.position() or seat not in self.lobby.here() or \
                not controller.may_claim(seat):
            return []
        return [self.turn(seat)]

    def after_hand(self, now: float) -> tuple[list[Out], float]:
        """The score sheet is up: the next hand once every player still connected pressed Next hand (or after a
        while, so that one player cannot hold up the others)."""
        session, controller = self._under_way()
        if session.match.is_over and self.over_since is None:  # match-over was said: nothing more to do
            return [], AFTER_THE_MATCH
        lobby, seats = self.lobby, self.record.seats
        waiting_for = [seat for seat in lobby.here() if seats[seat].kind == "online" and not lobby.presence[seat].ready]
        since = self.over_since if self.over_since is not None else now
        if waiting_for and now - since < self.limits.next_seconds:
            return [], max(0.05, since + self.limits.next_seconds - now)
        following = controller.next_hand()  # NotKept: the score sheet stays up, and this is tried again
        self.over_since = None
        if isinstance(following, MatchOver):
            self.end_told |= bool(lobby.here())
            return [Say(seat, M.MatchOver(winners=list(following.outcome.winners))) for seat in lobby.here()], \
                AFTER_THE_MATCH
        assert isinstance(following, NewHand)
        return [self.state(seat) for seat in lobby.here()], 0

    def is_done(self, now: float) -> bool:
        """Nobody is at the table, and either its match is over and a player was told so, or it has stood empty
        for its ``keep`` (issue 31: a stranger's empty tables must not hold the server; the computers rest while
        nobody is there, so a match under way waits as long for its players, and no longer). A match that ended
        unseen (its last action kept, the server killed before anyone was told) waits as long for its players to
        come back to the final score."""
        lobby = self.lobby
        if lobby.here() or lobby.empty_since is None:
            return False
        if self.started and self.end_told and self._under_way()[0].match.is_over:
            return True
        return now - lobby.empty_since >= self.record.keep

    # --- what each seat is told ---

    def away(self) -> Collection[int]:
        return self.session.away if self.session is not None else frozenset()

    def thinking(self) -> int:
        """The seat a computer is deciding for, or -1."""
        session, controller = self.session, self.controller
        return session.hand.to_move if session is not None and controller is not None and controller.thinking else -1

    def seat_list(self) -> list[M.SeatEntry]:
        return self.lobby.seat_list(self.away(), self.thinking())

    def tell_seats(self) -> list[Out]:
        return self.lobby.tell_seats(self.away(), self.thinking())

    def state(self, seat: int) -> Say:
        """Everything a seat needs to show the table: its view, the names, the finished hands' results."""
        session = self._under_way()[0]
        match = session.match
        self.end_told |= match.is_over
        return Say(seat, M.State(
            view=session.hand.view(seat).to_json(), hand=len(match.history) + 1,
            results=[M.PastHand(result=result, trump=result.trump) for result in session.results()],
            seats=self.seat_list(), over=match.is_over, winners=match.winners))

    def played(self, done: Played | Claimed) -> list[Out]:
        """An action (or a claim's play-out), to every player connected: the events as their seat may see them,
        and their view after it."""
        hand = self._under_way()[0].hand
        out: list[Out] = []
        for seat in self.lobby.here():
            events, view = [event.for_seat(seat) for event in done.events], hand.view(seat).to_json()
            out.append(Say(seat, M.Claimed(seat=done.seat, events=events, view=view, asked=done.asked)
                           if isinstance(done, Claimed) else M.Played(seat=done.seat, events=events, view=view)))
        return out


def restore(saved: SavedTable) -> tuple[TableRecord, Session | None]:
    """A table as its rows hold it, its match (if it has begun) replayed and judged again by the engine (ValueError
    naming what is wrong if they do not make one); nothing runs it yet."""
    seats, changes = seats_from_json(json.loads(saved.seats)), json.loads(saved.changes)
    if type(saved.owner) is not int or not 0 <= saved.owner < len(seats):
        raise ValueError(f"the owner's seat {saved.owner!r} is not one of the table's {len(seats)}")
    if not isinstance(saved.preset, str) or not isinstance(changes, dict) or \
            not isinstance(saved.keep, int | float):
        raise ValueError("a table has a preset, house rule changes and a seat-keeping time")
    record = TableRecord(saved.code, saved.preset, changes, seats, float(saved.keep), owner=saved.owner,
                         started=saved.seed is not None)
    rules = record.rules  # the preset and house rules must still be good
    if not record.started:
        return record, None
    session = Session(Match.from_json(saved.match_json(rules.to_dict())), record.plans())
    session.counted_hands = session.finished_hands()  # a server keeps no statistics
    return record, session
