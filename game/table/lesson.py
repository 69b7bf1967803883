"""A lesson at a table (game/engine/lessons.py): the learner plays their seat, the other seats play the script, and
the table says what the lesson says at each moment, still without a window.

``LessonTable`` is the table a window shows (a LocalTable, so the window drives it as any other). Beside the usual
members it gives the lesson's words for the moment (``notes``) and for the learner's turn (``ask``), holds the
computers' plays and the next announcement while the window has not shown those words (``mark_read``), gives the
lesson's own choice as the Hint while the hand follows the script, and names that choice once, with its reason,
before the learner's other choice goes (``act`` answers it as it answers a refused action, and the turn is
announced again once the words are read, so a dialog opens again; made again, the choice is played). From the
learner's own choice on, the hand is an ordinary one: the computers play as Normal from the position reached and
Hint is the review's search again; an undo back to the script takes the lesson up again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai import ComputerPlayer, make_player
from game.ai.worker import AIWorker
from game.engine import Hand, Match
from game.engine import actions as A
from game.engine.language import N_, gettext
from game.engine.lessons import Lesson, heading_for
from game.engine.refusals import Refusal
from game.engine.view import choice_of

from .controller import TableController
from .intents import Hint, Intent, Played
from .local import LocalTable
from .session import SeatPlan, Session

LESSON_SEED = 35  # the computers' seeds once the hand leaves the script (issue 35)
AGAIN = N_("To go on with your own choice instead, make it again.")
OWN_WAY = N_("You chose your own way: from here the hand is an ordinary one. The others play as the computer would, "
             "and Hint suggests a play whenever you ask.")


class BookPlayer:
    """A computer seat in a lesson: the script's action while the hand follows the script, Normal's from the position
    reached once it does not. It reads the actions so far only to know whether the hand still follows the script
    (the script is the lesson's, decided before the deal); Normal decides from what the seat may see."""

    def __init__(self, lesson: Lesson, seed: int) -> None:
        self.lesson = lesson
        self.normal = make_player("normal", seed=seed)

    def decide(self, hand: Hand) -> A.Action:
        step = self.lesson.next_step(hand)
        if step is not None and step.seat == hand.to_move:
            return self.lesson.action_of(step)
        action: A.Action = self.normal.decide(hand)
        return action


class LessonSession(Session):
    """The lesson's match: its one hand, the learner at their seat and the script's players at the others. While
    the next action is the script's, no claim is offered and no computer plays the rest out at once: the lesson
    goes card by card."""

    def __init__(self, lesson: Lesson, learner_name: str) -> None:
        seats = [SeatPlan(lesson.name_of(seat, learner_name), seat == lesson.learner)
                 for seat in range(lesson.rules.players)]
        super().__init__(Match.starting_with(lesson.hand(), seed=LESSON_SEED), seats)
        self.lesson = lesson
        for seat in range(lesson.rules.players):
            if seat != lesson.learner:
                self.players[seat] = BookPlayer(lesson, seed=LESSON_SEED + seat)

    def scripted(self) -> bool:
        return self.lesson.next_step(self.hand) is not None

    def settled_check(self, seconds: float) -> bool | None:
        return False if self.scripted() else super().settled_check(seconds)

    def claim_known(self) -> bool:
        return self.scripted() or super().claim_known()

    def claim_withheld(self) -> Refusal | None:
        """While the script goes on, a claim is not the rest being undecided: the lesson shows every card."""
        return Refusal("lesson-card-by-card") if self.scripted() else super().claim_withheld()


@dataclass(frozen=True)
class Note:
    """What the lesson says at one moment: a heading and its paragraphs, in a player's words."""
    heading: str
    paragraphs: tuple[str, ...]


class LessonTable(LocalTable):
    def __init__(self, controller: TableController, lesson: Lesson, learner_name: str) -> None:
        super().__init__(controller)
        self.lesson = lesson
        self.learner_name = learner_name
        self.notes_open = False  # the window shows the lesson's notes (the hand's end waits for them to close)
        self._read: tuple[int, int, int] | None = None  # the last moment whose notes the window has shown whole
        self._offers = 0  # how many times the lesson has answered the learner's other choice
        self._offered: tuple[Hand, tuple[int, int], A.Action] | None = None  # the learner's other choice, answered
        self._hinted: tuple[Hand, tuple[int, int]] | None = None  # the position the lesson's Hint was given for
        self._hint_due: Hint | None = None  # to go out with the next poll

    @property
    def title(self) -> str:
        return gettext(self.lesson.title)

    def _hand(self) -> Hand:
        return self.session.hand

    def _position(self) -> tuple[Hand, tuple[int, int]]:
        hand = self._hand()
        return hand, hand.position_key

    # --- what the lesson says ---

    def moment(self) -> tuple[int, int, int]:
        """Which moment of the lesson it is: of the hand, and of the lesson's answers to the learner's choices (a
        moment's notes, once read, stay read)."""
        return (*self._hand().position_key, self._offers)

    def unread(self) -> bool:
        """The lesson says something at this moment that the window has not shown whole yet."""
        return self._read != self.moment() and bool(self.notes())

    def mark_read(self) -> None:
        """The window has shown what the lesson says at this moment: the hand goes on."""
        self._read = self.moment()

    def _answered(self) -> bool:
        """The lesson answered the learner's other choice at this position."""
        return self._offered is not None and self._offered[:2] == self._position()

    def notes(self) -> list[Note]:
        """What the lesson says now about what just happened: its answer to the learner's other choice, its opening
        before the first action, the words of the action just made (and the trick's end), its closing once the hand
        is over, or that the learner has left the script; [] when it says nothing."""
        hand, lesson = self._hand(), self.lesson
        text = lesson.text
        step = lesson.next_step(hand)
        if self._answered() and step is not None:
            return [Note(gettext(lesson.choice_heading), (lesson.choice_text(step), gettext(AGAIN)))]
        if not hand.actions:
            return [Note(gettext(lesson.title), tuple(map(text, lesson.opening)))]
        notes = []
        if lesson.left_at(hand) == len(hand.actions):
            notes.append(Note(gettext("Your own way"), (gettext(OWN_WAY),)))
        step = lesson.last_step(hand)
        if step is not None and step.said:
            notes.append(Note(heading_for(lesson, hand, step, self.learner_name), tuple(map(text, step.said))))
        if hand.is_done and lesson.followed(hand):
            notes.append(Note(gettext(lesson.closing_heading), tuple(map(text, lesson.closing))))
        return notes

    def ask(self) -> Note | None:
        """What the lesson says when the learner's turn comes while the hand follows the script: the turn, and once
        the learner chose otherwise or asked for a Hint, the lesson's choice with its reason."""
        hand = self._hand()
        step = self.lesson.next_step(hand)
        if step is None or step.seat != self.lesson.learner or hand.to_move != self.viewer:
            return None
        paragraphs = [self.lesson.text(step.ask)] if step.ask else []
        if self._answered() or self._hinted == self._position():
            paragraphs.append(self.lesson.choice_text(step))
        if self._answered():
            paragraphs.append(gettext(AGAIN))
        return Note(gettext("Your turn"), tuple(paragraphs))

    def following(self) -> bool:
        """The hand follows the lesson's script (its words go on)."""
        return self.lesson.followed(self._hand())

    # --- the window's pace ---

    def waiting_for_reader(self) -> bool:
        """Nothing is applied or announced now: the lesson's words of this moment are unread, or the hand is over and
        the notes are still open (the score sheet comes once they close)."""
        return self.unread() or (self.notes_open and self._hand().is_done)

    def poll(self, ready: bool = True) -> list[Intent]:
        """As a table's, but nothing is applied or announced while ``waiting_for_reader``; the lesson's own Hint goes
        out too."""
        intents = super().poll(ready and not self.waiting_for_reader())
        if self._hint_due is not None:
            intents.insert(0, self._hint_due)
            self._hint_due = None
        return intents

    def status(self, seat: int) -> str:
        """A computer waiting for the lesson's words to be read is not thinking (and the window keeps still)."""
        return "" if self.waiting_for_reader() else super().status(seat)

    def awaiting(self) -> bool:
        return self._hint_due is not None or (not self.waiting_for_reader() and super().awaiting())

    # --- the learner's choices ---

    def _lesson_choice(self, action: str) -> str | None:
        """The lesson's choice with its reason, when the learner makes another legal choice while the hand follows the
        script, the first time they make it at this moment (made again, it goes). The turn is announced again once
        the answer is read, so that a dialog closed by the choice opens again."""
        hand = self._hand()
        step = self.lesson.next_step(hand)
        if step is None or step.seat != hand.to_move or not self.controller.persons_turn():
            return None
        try:
            chosen = hand.parse_action(action)
        except A.ActionTextError:
            return None  # the engine's refusal says why
        if chosen == self.lesson.action_of(step) or hand.refusal(chosen) is not None:
            return None
        offered = (*self._position(), chosen)
        if self._offered == offered:
            return None
        self._offered = offered
        self._offers += 1
        self.controller.announced = None
        return self.lesson.choice_text(step)

    def act(self, action: str) -> Played | str:
        return self._lesson_choice(action) or super().act(action)

    def gives_hints(self) -> bool:
        """The lesson's own choice while the script goes on; afterwards, as the table does."""
        return self.lesson.next_step(self._hand()) is not None or super().gives_hints()

    def request_hint(self) -> bool:
        """While the hand follows the script, the Hint is the lesson's own choice (said with its reason in
        ``ask``); afterwards the review's search, as at any table."""
        hand = self._hand()
        step = self.lesson.next_step(hand)
        if step is None or step.seat != hand.to_move:
            return super().request_hint()
        if not self.controller.persons_turn():
            return False
        self._hinted = self._position()
        self._hint_due = Hint(hand.to_move, choice_of(step.action, self.rules.deck))
        return True


def lesson_table(lesson: Lesson, worker: AIWorker, learner_name: str, pause: Callable[[], float] = lambda: 0.0,
                 hint: Callable[[], ComputerPlayer] | None = None) -> LessonTable:
    """A table for the lesson, its hand dealt: not saved, counted or kept in the history (a lesson is no match of
    the player's). ``hint``: the player whose choice is the Hint once the hand leaves the script (the window hands
    it the review's search, as at any table)."""
    session = LessonSession(lesson, learner_name)
    return LessonTable(TableController(session, worker, pause=pause, hint=hint), lesson, learner_name)
