"""The table: every seat, the trick, the contract and the scores; cards are played by dragging them to the centre.

The scene shows one seat's view of a ``Table`` (game/table/surface.py), whose match runs here (LocalTable, on the
table controller) or on another computer (game/net/client.py: RemoteTable); it never holds an engine hand. When no card
is moving it asks what comes next, shows it (a dialog for a person's decision, the hot-seat hand-off, a card
played, the score sheet) and hands on the players' decisions. Drawing is table_painter.py's; where things go,
table_layout.py's.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, assert_never, runtime_checkable

import pygame

from game.engine.language import N_, gettext
from game.engine.refusals import Refusal
from game.engine.results import HandResult
from game.engine.view import Choice, SeatView
from game.engine.words import played_out_words
from game.store.settings import RANGES
from game.table.intents import (
    Claimed,
    Closed,
    HandOff,
    HandOver,
    Hint,
    Intent,
    MatchOver,
    Message,
    NewHand,
    Played,
    Turn,
)
from game.table.lesson import LessonTable
from game.table.session import Session

from .. import controls, theme
from ..card_motion import FLIGHT_SECONDS, CardMotion, Drag
from ..coach import coach
from ..dealing import Deal
from ..hand_layout import arranged
from ..scene import AWAIT_SECONDS, Scene
from ..table_layout import TableLayout
from ..table_painter import TablePainter
from ..widgets import Button, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services, Table

MessageKind = Literal["refusal", "hint", "news"]
DRAG_THRESHOLD = 6
MESSAGE_SECONDS = 4  # a line such as the reason a card was refused stays this long
MARKER_SECONDS = 2.0  # the marker at the seat to move bobs this long when the turn comes, then keeps still
CLAIM_PAUSES = 3  # a claim at a table with nobody at the screen (autoplay) stays this many finished tricks' time
SHORT_LINE = 40  # characters of names that go on one line of a notice
EVENT_SOUNDS = {"card-played": "play", "queen-taken": "queen", "hearts-broken": "hearts-broken", "bid": "bid",
                "passed": "bid"}


def table_scene(services: Services, session: Session | None = None, table: Table | None = None,
                first_time: HandResult | None = None) -> TableScene:
    """The table scene (the scene registry's "table"): at ``table``, whose match runs on another computer, or at
    a table made here for ``session``'s match; with ``first_time`` (how the hand went then), a deal played again."""
    if table is None:
        if session is None:
            raise TypeError("a table scene needs a table, or a session to play here")
        table = services.table_here(session, again=first_time is not None)
    return TableScene(services, table, first_time)


@dataclass(frozen=True)
class Offered:
    """Which of the table's buttons answer now (the others are not drawn, or drawn as off)."""
    hint: bool
    undo: bool
    claim: bool
    last_trick: bool


@runtime_checkable
class DecisionDialog(Protocol):
    """The dialog this table opens for a person's decision (scenes/dialogs.py: ``Dialog``), as the table speaks
    to it: a hint asked for meanwhile is shown there."""

    def show_hint(self, hint: Choice) -> None: ...


class TableScene(Scene):
    name = "table"

    def __init__(self, services: Services, table: Table, first_time: HandResult | None = None) -> None:
        """The scene at ``table``. With ``first_time`` (how the hand went then) the table plays a deal again: one
        hand, not saved, counted or kept in the history."""
        super().__init__(services)
        self.table = table
        self.first_time = first_time
        self.motion = CardMotion()
        self.drag: Drag | None = None
        self.selected: str | None = None
        self.message = ""
        self.message_kind: MessageKind = "refusal"  # how the line is drawn: a refusal, a hint, or news
        # the play the last hint named; its line is the one on show while ``message`` is a hint (``say`` clears it)
        self.hinted: Choice | None = None
        self.message_time = 0.0
        self.reviewing = False  # showing the last completed trick
        self.claim_made: Claimed | None = None  # this hand's claim, named on the score sheet
        self.showing_claim = False  # its cards lie face up on the table until the player goes on
        self.claim_since = 0.0
        # (hand number, the players round the table) as last laid out
        self.seated: tuple[int, tuple[int, ...]] | None = None
        self.seating_notice: tuple[int, list[str]] | None = None  # (hand number, its lines) when players moved
        self.thinking_dots = 0.0
        self.turn_for: tuple[int, int] | None = None  # (hand, seat) whose turn the marker shows, and since when
        self.turn_since = 0.0
        self.buttons: list[Button] = []
        self.buttons_for: tuple[int, int, int, bool, bool, bool] | None = None
        self._offered = Offered(hint=False, undo=False, claim=False, last_trick=False)
        self._drawn_offer: Offered | None = None  # ``offered`` while a frame is drawn (nothing changes meanwhile)
        self._order_for: tuple[int, int, int, str] | None = None
        self._shown_order: dict[int, list[str]] = {}
        self.pointer: tuple[int, int] | None = None  # where the mouse is, from its events
        self.dialog: Scene | None = None  # the dialog open for a person's decision here, if any (it closes itself)
        self.deal: Deal | None = None  # the deal being shown
        self.dealt_for: tuple[int, int, int] | None = None  # the hand whose deal was shown (or skipped)
        self.painter = TablePainter(self)

    @property
    def shot_name(self) -> str:
        phase = self.view().phase
        if phase == "play" and self.motion.collect_in > 0:
            return "table-trick-complete"
        return f"table-{phase}"

    @property
    def viewer(self) -> int:
        return self.table.viewer

    def view(self) -> SeatView:
        """The viewer's view of the hand (the engine's, for this seat)."""
        return self.table.view()

    # --- geometry (all from the window size) ---

    def layout(self) -> None:
        view = self.view()
        self.art = self.services.art.for_rules(self.table.rules)
        self.placed_for = (view.number, view.dealer, self.viewer)  # a new hand seats the rook-2p dummy anew
        w, h = self.size
        # each is enabled as ``offered`` says at the moment it is drawn or pressed, never as it was a frame before
        self.hint_button = Button(gettext("Hint"), self.show_hint, key=controls.HINT.key,
                                  when=lambda: self.offered().hint)
        self.undo_button = Button(gettext("Undo"), self.undo, key=controls.UNDO.key, when=lambda: self.offered().undo)
        self.last_button = Button(gettext("Last trick"), self.toggle_review, key=controls.LAST_TRICK.key,
                                  when=lambda: self.offered().last_trick)
        self.claim_button = Button(gettext("Claim the rest"), self.claim, key=controls.CLAIM.key,
                                   when=lambda: self.offered().claim)
        self.menu_button = Button(gettext("Menu"), lambda: self.services.scenes.push("pause", table=self.table),
                                  key=controls.MENU.key)
        self.buttons = [self.hint_button, self.undo_button, self.last_button, self.claim_button, self.menu_button]
        self.buttons_for = None
        bh = int(theme.text_size(self.size) * 1.8)
        # measured in their own font: the row's width decides the room of the player's own name plate beside it,
        # and another language's labels are longer ("Reclamar el resto")
        layout_row(self.buttons, (w - int(w * 0.2), h - bh // 2 - 8), bh, 8,
                   text_size=theme.text_size(self.size) - 2)
        shift = min(0, w - 8 - self.buttons[-1].rect.right)
        for button in self.buttons:
            button.rect.x += shift
        rules = self.table.rules
        # the lines at the top left: the game; the contract, trump and a called card, or the passing and hearts
        # broken; and one more for a long name that wraps
        info_lines = 4 + (rules.sides == "called") if rules.family == "rook" else 4
        self.place = TableLayout(self.size, self.services.settings.card_scale, view.seating,
                                 buttons_left=self.buttons[0].rect.left, open_seat=view.dummy_seat,
                                 info_lines=info_lines)
        self.note_seating(view)
        # shown only with a claim, so kept out of the row of buttons (a hidden button must not take clicks)
        self.go_on_button = Button(gettext("Score sheet"), self.end_claim, key=controls.GO_ON.key)
        layout_row([self.go_on_button], self.place.centre, int(self.place.text_px * 1.8), 0,
                   min_width=self.place.text_px * 8)
        # every face of the deck at the sizes the table uses, drawn ahead in the time left after a quick frame and
        # while the window is still (app.py), the viewer's cards first (popped from the end): drawing a card costs
        # milliseconds (a court card of the classic faces up to 13 ms), and a whole new hand drawn in one frame
        # would stutter
        cw = self.place.cw
        held = [(name, cw) for name in view.hand]
        self.to_warm = [(name, width) for width in (round(cw * 0.8), int(cw * 0.85), cw)
                        for name in rules.card_names(rules.deck_mask) if (name, width) not in held] + held

    def note_seating(self, view: SeatView) -> None:
        """Players who changed chairs since the hand before (rotating partners) are told so, with who now plays
        with whom, until the hand's first card is played. The rook-2p dummy, who moves with the deal, is no player;
        a hot-seat hand-off only turns the same table round."""
        ring = [seat for seat in view.seating if seat != view.dummy_seat]
        start = ring.index(min(ring))
        round_table = tuple(ring[start:] + ring[:start])
        if self.seated is not None and self.seated[0] != view.number and self.seated[1] != round_table:
            name = self.table.name
            sides = [" & ".join(name(seat) for seat in side)
                     for side in sorted(view.rook.partnerships if view.rook is not None else (),
                                        key=lambda side: self.viewer not in side)]
            lines = [gettext("Players change seats")]
            if sides:  # on one line when the names are short, one side a line when not
                partners = gettext("{side}  against  {other}").format(side=sides[0], other="  &  ".join(sides[1:]))
                lines += [gettext("Partners sit opposite: {partners}").format(partners=partners)] \
                    if len(partners) <= SHORT_LINE else \
                    [gettext("Partners sit opposite:"), sides[0],
                     gettext("against  {others}").format(others="  &  ".join(sides[1:]))]
            self.seating_notice = (view.number, lines)
        self.seated = (view.number, round_table)

    def seating_lines(self) -> list[str]:
        """The notice of new seats, while the hand it is for has not had a card played."""
        view = self.view()
        if self.seating_notice is None or self.seating_notice[0] != view.number or view.tricks or view.trick:
            return []
        return self.seating_notice[1]

    # --- who controls what ---

    def playing_seat(self) -> int:
        """The seat whose cards are played now (the dummy's turn in rook-2p is played by its controller)."""
        return self.view().turn

    def viewer_may_play(self) -> bool:
        """It is the viewer's turn to play a card (their own, or the dummy's)."""
        view = self.view()
        return view.phase == "play" and view.to_move == self.viewer and self.table.at_screen(self.viewer)

    def viewer_controls_play(self) -> bool:
        """... and no card is moving, so a card may be picked up now."""
        return self.viewer_may_play() and not self.busy()

    def busy(self) -> bool:
        return self.motion.busy

    def cards_of(self, seat: int) -> list[str]:
        """The cards of ``seat`` the viewer may see face up, in the order they are shown ([] if none)."""
        view = self.view()
        key = (view.number, view.moves, self.viewer, view.phase)
        if self._order_for != key:
            # the viewer's cards, and the rook-2p dummy's open cards
            self._order_for = key
            self._shown_order = {self.viewer: arranged(view.hand, self.table.rules, view.trump)}
            if view.rook is not None and view.rook.dummy_seat >= 0:
                self._shown_order[view.rook.dummy_seat] = arranged(view.rook.dummy_cards, self.table.rules, view.trump)
        if seat == self.viewer and not self.table.shows_hand():  # hot-seat: hidden until handed over
            return []
        if seat == self.viewer or seat == view.dummy_seat:
            held = self.table.held if seat == self.viewer else ()  # passed ahead of the seat's turn: gone
            return [c for c in self._shown_order.get(seat, []) if not self.in_flight(c) and c not in held]
        return []

    def trick_on_table(self) -> list[tuple[int, str]]:
        """The cards lying in the middle, (seat, card): a finished trick while it is on show, else the trick in
        progress as the view has it (so a table opened afresh shows the same)."""
        return self.motion.finished_trick or list(self.view().trick)

    def in_flight(self, card: str) -> bool:
        return self.motion.in_flight(card) or (self.drag is not None and self.drag.card == card)

    def draggable_cards(self) -> list[str]:
        if not self.viewer_controls_play():
            return []
        return self.cards_of(self.playing_seat())

    def card_rects(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        cards = self.cards_of(seat)
        if seat == self.viewer:
            return list(zip(cards, self.place.hand_rects(len(cards))))
        view = self.view()
        hidden = view.hand_sizes[seat] - len(view.rook.dummy_cards if view.rook is not None else ())
        return list(zip(cards, self.place.open_hand_rects(seat, len(cards) + max(0, hidden))))

    def hand_origin(self, seat: int, card: str) -> tuple[int, int]:
        for name, rect in self.card_rects(seat):
            if name == card:
                return rect.topleft
        ax, ay = self.place.seat_anchor(seat)
        return (ax - self.place.cw // 2, ay - self.place.ch // 2)

    # --- the game loop ---

    def update(self, dt: float) -> None:
        view = self.view()
        if self.placed_for != (view.number, view.dealer, self.viewer):
            self.layout()
        speed = self.services.settings.animation_speed
        self.update_deal(dt * speed)
        self.thinking_dots = (self.thinking_dots + dt * 2.5) % 4
        if (view.number, view.to_move) != self.turn_for:
            self.turn_for, self.turn_since = (view.number, view.to_move), time.monotonic()
        if self.message and time.monotonic() - self.message_time > MESSAGE_SECONDS:
            self.message = ""
        place = self.place
        if self.motion.update(dt, speed, place.trick_spot,
                              lambda seat: (place.seat_anchor(seat)[0] - place.cw // 2,
                                            place.seat_anchor(seat)[1] - place.ch // 2)):
            self.services.sounds.play("trick")
        if self.showing_claim and not self.table.at_screen(self.viewer) and not self.claim_time_left():
            self.end_claim()  # nobody at this screen to go on (autoplay)
        if self.busy() or not self.in_front() or self.showing_claim:
            return  # a computer's turn starts once the cards have landed, so that its pause is seen
        for intent in self.table.poll(ready=self.deal is None):  # during the deal, computers are asked at once
            self.show(intent)

    def warm(self) -> bool:
        if self.to_warm:
            self.art.prepare(*self.to_warm.pop())
        return bool(self.to_warm)

    def marker_bob(self) -> float | None:
        """How far the turn marker is through one bob (0 to 1), while it bobs: for a moment when a turn comes, so
        the eye finds it, and on while a computer thinks; None once it keeps still."""
        to_move = self.view().to_move
        if to_move < 0:
            return None
        if self.table.status(to_move) == "thinking":
            return self.thinking_dots / 4
        since = time.monotonic() - self.turn_since
        return (since * 0.625) % 1 if since < MARKER_SECONDS else None

    def next_frame(self) -> float | None:
        """At the full rate while cards move, the deal is shown or the marker bobs; every AWAIT_SECONDS while the
        table awaits a computer, the network or a hint (the thinking dots move at that pace too); otherwise only
        input changes the table, apart from a line that goes when its time is up (and a claim shown where nobody is at
        the screen to go on)."""
        if self.busy() or self.deal is not None or self.marker_bob() is not None:
            return 0
        if self.showing_claim:  # nothing is asked of the table meanwhile
            return None if self.table.at_screen(self.viewer) else self.claim_time_left()
        if self.in_front() and self.table.awaiting():
            return AWAIT_SECONDS
        if self.message:
            return max(0.0, self.message_time + MESSAGE_SECONDS - time.monotonic())
        return None

    def in_front(self) -> bool:
        """Nothing covers the table but its own decision dialog and scenes that go with it (a lesson's notes): its
        match goes on."""
        above = self.stack.scenes[self.stack.scenes.index(self) + 1:]
        return all(scene is self.open_dialog() or scene.companion for scene in above)

    def open_dialog(self) -> Scene | None:
        """The decision dialog this table opened, while it is still open (a hint or a message still reaches the
        table under it)."""
        return self.dialog if self.dialog is not None and self.dialog in self.stack.scenes else None

    def update_deal(self, dt: float) -> None:
        """Show the deal of a new hand (not one resumed part-played, and not at the fastest animation speed)."""
        view = self.view()
        hand = (view.number, view.dealer, self.table.hand_number)
        if self.dealt_for != hand:
            self.dealt_for = hand
            fastest = self.services.settings.animation_speed >= RANGES["animation_speed"][1]
            seating = view.seating
            left = seating.index(view.dealer) + 1  # the dealer's left is dealt to first
            self.deal = None if view.moves or fastest else Deal(view.hand_sizes, seating[left:] + seating[:left])
        elif self.deal is not None:
            self.deal.advance(dt)
            if self.deal.done:
                self.deal = None

    def show(self, intent: Intent) -> None:
        """What the table says comes next, shown."""
        scenes = self.services.scenes
        match intent:
            case Turn():
                if intent.phase != "play" and self.open_dialog() is None:
                    self.dialog = scenes.push("dialog", table=self.table, act=self.act)
                coach(self.services, self.table.rules, intent.phase)  # the first time: a tip for the moment
            case HandOff():
                scenes.push("hand-off", player=self.table.name(intent.seat),
                            ready=lambda seat=intent.seat: self.take_over(seat), table=self.table)
            case Played():
                self.animate(intent)
            case Claimed():
                self.claim_made, self.showing_claim, self.claim_since = intent, True, time.monotonic()
                self.motion.clear()
            case HandOver():
                scenes.push("score-sheet", table=self.table, on_next=self.leave if self.first_time else self.next_hand,
                            first_time=self.first_time,
                            play_again=self.play_again if self.table.replays is not None else None,
                            claim=self.claim_words(past=True))
            case MatchOver():
                if isinstance(self.table, LessonTable):  # its one hand is over: the lesson again, not a match
                    scenes.replace("game-over", table=self.table, rematch=self.lesson_again, again=N_("Lesson again"))
                else:
                    scenes.replace("game-over", table=self.table,
                                   rematch=self.rematch if self.table.replays is not None else None)
            case NewHand():
                self.motion.clear()
                self.claim_made, self.showing_claim = None, False
                self.services.sounds.play("shuffle")
            case Hint():
                dialog = self.open_dialog()
                if isinstance(dialog, DecisionDialog):  # in a dialog: the hint is shown there, and no longer worked out
                    dialog.show_hint(intent.choice)
                    self.message = ""
                    return
                self.say(gettext("Hint: {choice}").format(choice=self.table.rules.action_words(intent.choice.text)),
                         "hint")
                if intent.choice.kind == "play":
                    self.selected, self.hinted = intent.choice.card, intent.choice
            case Message():
                self.say(intent.text, "news" if intent.news else "refusal")
            case Closed():  # the host left, or the server stopped: back to the menu, saying so
                self.services.notice = intent.reason
                self.services.stop_hosting()
                scenes.restart("menu")
            case _:
                assert_never(intent)

    def animate(self, played: Played, drop: tuple[int, int] | None = None) -> None:
        """Sounds and card flights for what an action did, from its events."""
        self.selected = None
        self.message = ""
        sounds = self.services.sounds
        for event in played.events:
            sound = EVENT_SOUNDS.get(event.kind)
            if sound is not None:
                sounds.play(sound)
            if event.kind == "card-played":
                card = event.cards[0]
                start = drop or self.hand_origin(event.seat, card)
                self.motion.glide(card, start, self.place.trick_spot(event.seat))
            elif event.kind == "trick-won":  # the view now holds it among the tricks taken: shown here a moment
                finished = list(self.view().tricks[-1].cards)
                self.motion.trick_won(event.seat, finished, self.services.settings.trick_pause)

    def act(self, action: str, drop: tuple[int, int] | None = None) -> None:
        """A person's decision (from a dialog): what it did, or the reason it was refused. A table elsewhere answers
        later, through ``poll``."""
        done = self.table.act(action)
        if isinstance(done, str):
            self.say(done)
        elif done is not None:
            self.animate(done, drop)

    def takes_drop(self, pos: tuple[int, int]) -> bool:
        """Whether a card let go at ``pos`` is played: on the table's drop zone, but not on another seat's name plate
        as drawn (a plate grown to a third line reaches below the room the layout keeps for its seat)."""
        point = pygame.Rect(pos, (1, 1))
        if point.collidelist(self.place.drop_zone()) < 0:
            return False
        view = self.view()
        return not any(point.colliderect(self.painter.name_plate(seat, view)[1].inflate(16, 8))
                       for seat in self.place.around[1:])

    def play(self, card: str, drop: tuple[int, int] | None = None) -> None:
        """The viewer plays a card (dropped at ``drop``, or clicked): refused, a dropped card glides back."""
        done = self.table.act(self.view().play(card))
        if isinstance(done, str):
            self.say(done)
            if drop is not None:
                self.motion.glide(card, drop, self.hand_origin(self.playing_seat(), card))
        elif done is not None:
            self.animate(done, drop)

    # --- a claim ---

    def claim_words(self, past: bool = False) -> str:
        """How a claim ended this hand, in a player's words: who claimed (nobody, when the program ended play because
        nothing could change the result) and who takes each remaining trick, as the engine's trick-won events say
        ("The rest is decided: you take all 3 tricks"; "took", for the score sheet); "" without one."""
        claim = self.claim_made
        if claim is None:
            return ""
        winners = [self.table.name(event.seat) for event in claim.events if event.kind == "trick-won"]
        return played_out_words(winners, self.table.name(claim.seat) if claim.asked else None, past)

    def claimed_cards(self, seat: int) -> list[str]:
        """The cards ``seat`` held when the claim was made (played out with it), in hand order, while they are shown on
        the table."""
        if self.claim_made is None or not self.showing_claim:
            return []
        cards = [event.cards[0] for event in self.claim_made.events
                 if event.kind == "card-played" and event.seat == seat]
        return arranged(cards, self.table.rules, self.view().trump)

    def claim_time_left(self) -> float:
        """At a table with nobody at the screen, how much longer the claim stays."""
        pause = self.services.settings.trick_pause * CLAIM_PAUSES
        return max(0.0, self.claim_since + pause - time.monotonic())

    def end_claim(self) -> None:
        """The claim has been seen: the table goes on to the score sheet, which names it."""
        self.showing_claim = False

    def take_over(self, seat: int) -> None:
        self.table.take_over(seat)
        self.selected = None
        self.layout()

    def next_hand(self) -> None:
        """From the score sheet: deal the next hand, or end the match (a table elsewhere answers through ``poll``)."""
        shown = self.table.next_hand()
        if shown is not None:
            self.show(shown)

    def play_again(self) -> None:
        """This hand's deal again, at a table of its own over this one (a try gives way to the next)."""
        replays = self.table.replays
        assert replays is not None  # offered only at a table played here
        session, first = replays.deal_again(), self.first_time or self.table.results()[-1]
        if self.first_time is not None:
            self.leave()
        self.services.scenes.push("table", session=session, first_time=first)

    def rematch(self) -> None:
        """From the game-over screen: the same players in the same seats, under the same rules, play a new match (the
        one finished is over, so there is nothing to ask)."""
        replays = self.table.replays
        assert replays is not None  # offered only at a table played here
        self.services.scenes.restart("table", session=replays.rematch(self.services.new_seed()))

    def lesson_again(self) -> None:
        """From the game-over screen of a lesson: the same lesson from its start."""
        assert isinstance(self.table, LessonTable)
        self.services.scenes.restart("lesson", lesson=self.table.lesson.name)

    def leave(self) -> None:
        """A deal played again is over: back to the score sheet or history it was opened from."""
        self.table.close()
        self.stack.pop(self)

    # --- player commands ---

    def say(self, message: str, kind: MessageKind = "refusal") -> None:
        """Show ``message`` on the line above the hand for a while, drawn as its ``kind`` is: a refusal (why an input
        was not taken), a hint, or news (what the player's own command did)."""
        self.message = message
        self.message_kind = kind
        self.message_time = time.monotonic()
        self.hinted = None

    def show_hint(self) -> None:
        if self.table.request_hint():  # the search takes a moment (up to about a second)
            self.say(gettext("Working out a hint..."), "hint")

    def undo(self) -> None:
        """Take back the player's last play, also while cards still move (the play just made, whose card is still
        landing, or a trick shown a moment before it is gathered): whoever presses Undo at once after a mistaken play
        wants that play back, so it is taken back at once and the moving cards stop where the view now has them."""
        if not self.table.can_undo():  # the table says why not, and nothing on the table changes
            self.say(self.table.undo())
            return
        self.say(self.table.undo(), "news")
        self.motion.clear()  # the trick is drawn from the view as it now stands
        self.claim_made, self.showing_claim = None, False  # a claim after the play taken back is undone with it
        self._order_for = self.buttons_for = None  # a moment with as many moves as one before is another

    def toggle_review(self) -> None:
        if self.view().tricks:
            self.reviewing = not self.reviewing

    def claim(self) -> None:
        done = self.table.claim()
        if isinstance(done, str):
            self.say(done)
        elif done is not None:
            self.show(done)

    def say_not_offered(self, button: Button) -> None:
        """Why a button is not offered now, said when its key is pressed (the key did nothing before). Undo and
        Claim ask the table, which says why not (the engine's words for a claim; a network table's server answers
        it); a Hint is for the turn of a player at this screen at a table that gives hints, and Last trick for once a
        trick is done."""
        if button is self.undo_button or button is self.claim_button:
            button.action()
        elif button is self.last_button:
            self.say(gettext("No trick has been played yet"))
        elif button is self.hint_button:
            reason = "hand-over" if self.view().to_move < 0 else "not-your-turn"
            why = Refusal(reason if self.table.gives_hints() else "no-hints")
            self.say(why.words(self.table.rules.deck) or "")  # the engine's reasons all have words

    # --- input ---

    def offered(self) -> Offered:
        """Which buttons answer now: Hint for a person's turn at this screen (at a table that gives hints), Undo
        against the computer only (also while cards still move: ``undo``), Claim once nothing can change, Last trick
        once a trick is done. Asked each time a button is drawn or pressed, so that a button is never drawn enabled
        when a press would do nothing (as Undo was beside a claim, drawn before the claim came and not again until the
        player did something); worked out again only when the position changes (undo replays the hand). While a frame
        is drawn, which changes nothing, the answer is the one the frame began with: its buttons asked six to ten
        times a frame."""
        if self._drawn_offer is not None:
            return self._drawn_offer
        view, table = self.view(), self.table
        to_move = view.to_move
        key = (view.number, view.moves, to_move, table.at_screen(to_move), self.busy(), table.claimable())
        if key != self.buttons_for:
            self.buttons_for = key
            self._offered = Offered(hint=to_move >= 0 and table.at_screen(to_move) and table.gives_hints(),
                                    undo=table.can_undo(),
                                    claim=self.viewer_controls_play() and not view.trick and table.claimable(),
                                    last_trick=bool(view.tricks))
        return self._offered

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.showing_claim and self.go_on_button.handle_event(event):
            return True
        if press_any(self.buttons, event):
            return True
        # not under a decision dialog, which would cover the line, nor while cards move (a moment more)
        if event.type == pygame.KEYDOWN and not self.busy() and self.open_dialog() is None:
            hidden = next((b for b in self.buttons if b.key == event.key and not b.enabled), None)
            if hidden is not None:  # its key answers all the same: why the button is not there now
                self.say_not_offered(hidden)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.reviewing = False
            rects = dict(self.card_rects(self.playing_seat()))
            for card in reversed(self.draggable_cards()):
                rect = rects[card]
                if rect.collidepoint(event.pos):
                    self.drag = Drag(card, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pos, event.pos)
                    return True
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.pos = event.pos
            if math.dist(event.pos, self.drag.start) > DRAG_THRESHOLD:
                self.drag.moved = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            corner = (event.pos[0] - drag.grab[0], event.pos[1] - drag.grab[1])
            if drag.moved:
                if self.takes_drop(event.pos):
                    self.play(drag.card, corner)
                else:
                    self.motion.glide(drag.card, corner, self.hand_origin(self.playing_seat(), drag.card),
                                      FLIGHT_SECONDS / 2)
            elif self.selected == drag.card:
                self.play(drag.card)
            else:
                self.select(drag.card)
            return True
        elif event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
        return False

    def handle_key(self, key: int) -> bool:
        cards = self.draggable_cards()
        if not cards:
            return False
        if key in controls.PICK.codes:
            self.select(self.picked(cards, 1 if key == pygame.K_RIGHT else -1))
            return True
        if key in controls.PLAY.codes and self.selected in cards:
            self.play(self.selected)
            return True
        return False

    def select(self, card: str) -> None:
        """Raise ``card``, the one to play. A play hint on show stays, being still the advice, but says "Hint (you
        chose otherwise): ..." while another card is raised, as the pass dialog's does, and "Hint: ..." again with
        the hinted card raised."""
        self.selected = card
        hinted = self.hinted
        if hinted is not None and self.message and self.message_kind == "hint":
            words = self.table.rules.action_words(hinted.text)
            self.message = (gettext("Hint: {choice}") if card == hinted.card else
                            gettext("Hint (you chose otherwise): {choice}")).format(choice=words)

    def picked(self, cards: list[str], step: int) -> str:
        """The card an arrow key picks among ``cards`` (as shown, left to right), ``step`` +1 for Right and -1 for
        Left: the nearest one the engine lets the player play, that way from the card picked before, round the end of
        the row; with none picked, the first from the end the arrow starts at (Right: the leftmost). Every card when
        the engine allows none of them (no card can be played: nothing to skip)."""
        plays = self.view().plays()
        playable = [card for card in cards if card in plays] or cards
        if self.selected not in cards:
            return playable[0] if step > 0 else playable[-1]
        at = cards.index(self.selected)
        ahead = [card for card in playable if (cards.index(card) - at) * step > 0]
        if ahead:
            return ahead[0] if step > 0 else ahead[-1]
        return playable[0] if step > 0 else playable[-1]  # round the end of the row

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn_offer = self.offered()  # the position as the frame is drawn: asked once, not by every button
        try:
            self.painter.draw(surface)
        finally:
            self._drawn_offer = None
