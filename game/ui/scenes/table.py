"""The table: every seat, the trick, the contract and the scores; cards are played by dragging them to the centre.

The table drives the hand: it asks the engine whose turn it is, hands computer turns to the AI worker, and
pushes a dialog scene (bid, nest, trump, pass, ...) when a human must decide something other than a play.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import pygame

from game.ai.worker import fallback_action
from game.engine import IllegalAction
from game.store import StatsStore, hand_counts, match_counts
from game.store.settings import RANGES
from game.table.session import Session

from .. import table_marks, theme
from ..assets import text
from ..auction import auction_layout, bid_dialog_rect, draw_auction_panel
from ..cards import CARD_RATIO
from ..dealing import Deal, draw_deal
from ..hand_layout import arranged, hand_bottom, spread
from ..scene import Scene
from ..seat_map import seat_angle
from ..widgets import Button, layout_row, panel, press_any

DRAG_THRESHOLD = 6
FLIGHT_SECONDS = 0.28
COLLECT_SECONDS = 0.35
CLAIM_SECONDS_PER_FRAME = 0.003  # the claim check works this long each frame, so it never costs a frame


@dataclass
class Flight:
    """A card gliding across the table; ``seat`` is where it ends up (trick spot, or back in a hand)."""
    card: str
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    elapsed: float = 0.0
    width_scale: float = 1.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def position(self) -> tuple[float, float]:
        t = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        t = 1 - (1 - t) ** 3  # ease out: fast start, gentle landing
        return (self.start[0] + (self.end[0] - self.start[0]) * t, self.start[1] + (self.end[1] - self.start[1]) * t)


@dataclass
class Drag:
    card: str
    grab: tuple[int, int]     # where the card was grabbed, relative to its top-left corner
    pos: tuple[int, int]
    start: tuple[int, int]
    moved: bool = False


class TableScene(Scene):
    name = "table"

    def __init__(self, session: Session, save=None):
        self.session = session
        self.save = save                    # called with the session after every action (or None)
        self.viewer = session.humans[0] if session.humans else 0
        self.handed_to: int | None = None if session.hot_seat else self.viewer
        self.decision = None
        self.decision_started = 0.0
        self.flights: list[Flight] = []
        self.shown_trick: list[tuple[int, str]] = []   # the trick on the table, kept after it is complete
        self.collect_in = 0.0                          # seconds left before a complete trick is gathered
        self.collecting: list[Flight] = []
        self.drag: Drag | None = None
        self.selected: str | None = None
        self.message = ""
        self.message_time = 0.0
        self.dialog_for: tuple | None = None   # (hand, action count) a dialog was opened for
        self.reviewing = False                 # showing the last completed trick
        self.hint: str | None = None
        self.claim_banner = ""
        self.claim_known = False  # has the claim check for this position finished?
        self.last_broken = False
        self.thinking_dots = 0.0
        self.buttons: list[Button] = []
        self.buttons_for: tuple | None = None
        self._view_key: tuple | None = None
        self._view: dict = {}
        self._shown_order: dict[int, list[str]] = {}
        self.pointer: tuple[int, int] | None = None  # where the mouse is, from its events
        self.deal: Deal | None = None  # the deal being shown
        self.dealt_for = None  # the hand whose deal was shown (or skipped)

    @property
    def shot_name(self) -> str:
        hand = self.hand
        if hand.phase == "play" and self.collect_in > 0:
            return "table-trick-complete"
        return f"table-{hand.phase}"

    # --- geometry (all from the window size) ---

    def layout(self):
        size = self.app.size
        self.cw = theme.card_width(size, self.app.settings.card_scale)
        self.ch = round(self.cw * CARD_RATIO)
        self.text_px = theme.text_size(size)
        self.art = self.app.art.with_specials(self.session.rules.royal_queens)
        w, h = size
        self.centre = (w // 2, int(h * 0.42))
        self.hint_button = Button("Hint", self.show_hint, key=pygame.K_h)
        self.undo_button = Button("Undo", self.undo, key=pygame.K_u)
        self.last_button = Button("Last trick", self.toggle_review, key=pygame.K_l)
        self.claim_button = Button("Claim the rest", self.claim)
        self.menu_button = Button("Menu", self.open_menu, key=pygame.K_ESCAPE)
        self.buttons = [self.hint_button, self.undo_button, self.last_button, self.claim_button, self.menu_button]
        self.buttons_for = None
        # every face of the deck at the sizes the table uses, drawn ahead one per frame: drawing a card costs a few
        # milliseconds, and a whole new hand drawn in one frame would stutter
        rules = self.session.rules
        names = rules.card_names(rules.deck_mask)
        self.to_warm = [(name, width) for width in (self.cw, int(self.cw * 0.85), round(self.cw * 0.8))
                        for name in names]
        bh = int(self.text_px * 1.8)
        layout_row(self.buttons, (w - int(w * 0.2), h - bh // 2 - 8), bh, 8)
        right = self.buttons[-1].rect.right
        shift = min(0, w - 8 - right)
        for button in self.buttons:
            button.rect.x += shift

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a seat sits, the viewer at the bottom and the others clockwise (to the viewer's left first), in the
        order the engine seats them (the rook-2p dummy on the dealer's right)."""
        w, h = self.app.size
        angle = seat_angle(seat, self.hand.seats_clockwise_from(self.viewer))
        cx, cy = self.centre
        return (int(cx + w * 0.37 * math.cos(angle)), int(cy + h * 0.36 * math.sin(angle)))

    def trick_spot(self, seat: int) -> tuple[int, int]:
        """The top-left corner of the card a seat plays to the trick."""
        ax, ay = self.seat_anchor(seat)
        cx, cy = self.centre
        dx, dy = ax - cx, ay - cy
        length = math.hypot(dx, dy) or 1
        reach = self.ch * 0.62
        return (int(cx + dx / length * reach - self.cw / 2), int(cy + dy / length * reach - self.ch / 2))

    def table_rect(self) -> pygame.Rect:
        """Drop a dragged card here to play it."""
        return pygame.Rect(0, 0, int(self.cw * 4.6), int(self.ch * 2.6)).move(
            self.centre[0] - int(self.cw * 2.3), self.centre[1] - int(self.ch * 1.3))

    def hand_rects(self, cards: list[str], bottom: int | None = None) -> list[pygame.Rect]:
        """The viewer's cards in a row along the bottom, a comfortable gap apart, overlapping only as needed."""
        w = self.app.size[0]
        margin = self.cw // 2
        top = (bottom if bottom is not None else hand_bottom(self.app.size)) - self.ch
        return [pygame.Rect(margin + x, top, self.cw, self.ch) for x in spread(len(cards), self.cw, w - 2 * margin)]

    def small_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Another seat's cards: a small overlapping fan centred on its anchor."""
        sw, sh = int(self.cw * 0.62), int(self.ch * 0.62)
        step = min(sw * 0.35, self.cw * 3.2 / max(1, count))
        ax, ay = self.seat_anchor(seat)
        left = ax - (step * (count - 1) + sw) / 2
        return [pygame.Rect(int(left + i * step), ay - sh // 2, sw, sh) for i in range(count)]

    # --- who controls what ---

    @property
    def hand(self):
        return self.session.hand

    def playing_seat(self) -> int:
        """The seat whose cards are played now (the dummy's turn in rook-2p is played by its controller)."""
        return self.hand.turn

    def viewer_may_play(self) -> bool:
        """It is the viewer's turn to play a card (their own, or the dummy's)."""
        hand = self.hand
        return (hand.phase == "play" and hand.to_move == self.viewer and self.session.is_human(self.viewer)
                and self.handed_to == self.viewer)

    def viewer_controls_play(self) -> bool:
        """... and no card is moving, so a card may be picked up now."""
        return self.viewer_may_play() and not self.busy()

    def view(self) -> dict:
        """The viewer's view of the hand, made again only when the position or the viewer changes (drawing asks
        for it many times a frame)."""
        hand = self.hand
        key = (hand, len(hand.actions), self.viewer)
        if self._view_key != key:
            self._view_key, self._view = key, hand.view(self.viewer)
            # the order the viewer's cards (and the rook-2p dummy's open cards) are shown in
            self._shown_order = {seat: arranged(self._view[part], hand.rules, self._view.get("trump"))
                                 for seat, part in ((self.viewer, "hand"), (2, "dummy")) if part in self._view}
        return self._view

    def busy(self) -> bool:
        return bool(self.flights or self.collecting or self.collect_in > 0)

    def cards_of(self, seat: int) -> list[str]:
        """The cards of ``seat`` the viewer may see face up ([] if none)."""
        self.view()
        if seat == self.viewer or seat == 2:
            return [c for c in self._shown_order.get(seat, []) if not self.in_flight(c)]
        return []

    def in_flight(self, card: str) -> bool:
        return any(f.card == card for f in self.flights) or (self.drag is not None and self.drag.card == card)

    def draggable_cards(self) -> list[str]:
        if not self.viewer_controls_play():
            return []
        return self.cards_of(self.playing_seat())

    def card_rects(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        cards = self.cards_of(seat)
        if seat == self.viewer:
            return list(zip(cards, self.hand_rects(cards)))
        shown = len(self.view().get("dummy", [])) if seat != self.viewer else len(cards)
        hidden = self.view()["hand_sizes"][seat] - shown
        return list(zip(cards, self.open_hand_rects(seat, len(cards) + max(0, hidden))))

    def open_hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Another seat's face-up cards (the rook-2p dummy): a row at its place, kept inside the window."""
        w, _ = self.app.size
        if not count:
            return []
        width, height = int(self.cw * 0.85), int(self.ch * 0.85)
        step = min(width * 0.62, (w * 0.42 - width) / max(1, count - 1))
        span = int(step * (count - 1) + width)
        ax, ay = self.seat_anchor(seat)
        left = max(8, min(w - 8 - span, ax - span // 2))
        return [pygame.Rect(int(left + i * step), ay - height // 2 - int(self.ch * 0.2), width, height)
                for i in range(count)]

    # --- the game loop ---

    def update(self, dt: float):
        self.app.thinking = self.decision is not None and not self.decision.done
        if self.to_warm:
            self.art.prepare(*self.to_warm.pop())
        self.refresh_buttons()
        speed = self.app.settings.animation_speed
        self.update_deal(dt * speed)
        self.thinking_dots = (self.thinking_dots + dt * 2.5) % 4
        if self.message and time.monotonic() - self.message_time > 4:
            self.message = ""
        for flight in self.flights:
            flight.elapsed += dt * speed
        self.flights = [f for f in self.flights if not f.done]
        if self.collect_in > 0 and not self.flights:
            self.collect_in -= dt
            if self.collect_in <= 0:
                self.start_collecting()
        for flight in self.collecting:
            flight.elapsed += dt * speed
        if self.collecting and all(f.done for f in self.collecting):
            self.collecting = []
            self.shown_trick = []
        if self.busy() or self.stack.top is not self:
            return
        self.step_game()

    def update_deal(self, dt: float):
        """Show the deal of a new hand (not one resumed part-played, and not at the fastest animation speed)."""
        hand = self.hand
        if self.dealt_for is not hand:
            self.dealt_for = hand
            fastest = self.app.settings.animation_speed >= RANGES["animation_speed"][1]
            self.deal = None if hand.actions or fastest else Deal(self.view()["hand_sizes"],
                                                                  hand.next_seat(hand.dealer))
        elif self.deal is not None:
            self.deal.advance(dt)
            if self.deal.done:
                self.deal = None

    def step_game(self):
        hand = self.hand
        if hand.is_done:  # the score sheet is up whenever the table is on top with a finished hand
            session = self.session
            if session.counted_hands < session.finished_hands():
                session.counted_hands = session.finished_hands()
                self.count_statistics()
                self.save_match()
            from .scoring import ScoreScene
            self.app.push(ScoreScene(self.session, self.next_hand))
            return
        seat = hand.to_move
        self.claim_known = self.session.settled_check(CLAIM_SECONDS_PER_FRAME) is not None
        if self.session.play_is_settled() and (not self.session.is_human(seat) or self.app.autoplay is not None):
            self.claim()
            return
        if self.session.is_human(seat):
            if self.deal is not None:  # a player's dialog waits for the cards to land
                return
            if self.handed_to != seat:
                from .dialogs import HandOffScene
                self.app.push(HandOffScene(self.session.name(seat), lambda: self.take_over(seat)))
                return
            self.open_dialog()
            return
        self.computer_turn(seat)

    def save_match(self):
        """Saved after every action (and after counting a finished hand), so Continue resumes it exactly."""
        if self.save is not None:
            self.save(self.session)

    def count_statistics(self):
        """Each human's hand (and, at the end, match) goes into the statistics; never in autoplay."""
        if self.app.autoplay is not None or not self.session.humans:
            return
        store, match = StatsStore(), self.session.match
        for seat in self.session.humans:
            counts = hand_counts(match.hand, seat)
            if match.is_over:
                counts.update(match_counts(match, seat))
            problem = store.add(self.session.rules.name, self.session.name(seat), counts)
            if problem:
                self.say(problem)

    def take_over(self, seat: int):
        self.viewer = seat
        self.handed_to = seat
        self.selected = None
        self.layout()

    def computer_turn(self, seat: int):
        if self.decision is None:
            player = self.session.players[seat]
            self.decision = self.app.worker.request(self.hand.copy(), player, limit=self.session.hard_budget)
            self.decision_started = time.monotonic()
            return
        self.decision.resolve_if_overdue()
        pause = self.app.settings.computer_pause / self.app.settings.animation_speed
        if not self.decision.done or time.monotonic() - self.decision_started < pause or not self.claim_known \
                or self.deal is not None:  # asked at once, applied once the cards have landed
            return
        action = self.decision.wait(0)
        self.decision = None
        if self.hand.check(action) is not None:
            action = fallback_action(self.hand)
        self.act(action)

    def open_dialog(self):
        hand = self.hand
        key = (hand, len(hand.actions))
        if hand.phase == "play" or self.dialog_for == key:
            return
        self.dialog_for = key
        from .dialogs import dialog_for_phase
        scene = dialog_for_phase(self.session, self.act)
        if scene is not None:
            self.app.push(scene)

    def act(self, action: str, drop: tuple[int, int] | None = None):
        """Apply an action for the seat to move (already known to be legal) and start its animation."""
        hand = self.hand
        playing, tricks_before = hand.turn, len(hand.tricks)
        hand.apply(action)
        self.hint = None
        self.selected = None
        self.message = ""
        sounds = self.app.sounds
        if action.startswith("play "):
            card = action.split()[1]
            start = drop or self.hand_origin(playing, card)
            self.flights.append(Flight(card, start, self.trick_spot(playing), FLIGHT_SECONDS))
            self.shown_trick.append((playing, card))
            sounds.play("queen" if card == "QS" and hand.family == "hearts" else "play")
            if len(hand.tricks) > tricks_before:
                self.collect_in = self.app.settings.trick_pause
            broken = bool(self.view().get("hearts_broken"))
            if broken and not self.last_broken:
                sounds.play("hearts-broken")
            self.last_broken = broken
        elif action.startswith(("bid", "pass")) and hand.family == "rook":
            sounds.play("bid")
        self.save_match()

    def hand_origin(self, seat: int, card: str) -> tuple[int, int]:
        for name, rect in self.card_rects(seat):
            if name == card:
                return rect.topleft
        ax, ay = self.seat_anchor(seat)
        return (ax - self.cw // 2, ay - self.ch // 2)

    def start_collecting(self):
        hand = self.hand
        if not hand.tricks:
            self.shown_trick = []
            return
        winner = hand.tricks[-1][2]
        ax, ay = self.seat_anchor(winner)
        self.collecting = [Flight(card, self.trick_spot(seat), (ax - self.cw // 2, ay - self.ch // 2),
                                  COLLECT_SECONDS) for seat, card in self.shown_trick]
        self.app.sounds.play("trick")

    def next_hand(self):
        """From the score sheet: deal the next hand, or end the match."""
        match = self.session.match
        if match.is_over:
            from .scoring import GameOverScene
            self.app.replace(GameOverScene(self.session))
            return
        if self.app.autoplay is not None:
            self.app.autoplay.hands_done += 1
            if self.app.autoplay.hands_done >= self.app.autoplay.hands:
                self.app.quit()
                return
        match.next_hand()
        self.shown_trick = []
        self.last_broken = False
        self.claim_banner = ""
        self.handed_to = None if self.session.hot_seat else self.handed_to
        self.app.sounds.play("shuffle")
        self.save_match()

    # --- player commands ---

    def try_play(self, card: str, drop: tuple[int, int] | None):
        action = f"play {card}"
        reason = self.hand.check(action)
        if reason is not None:
            self.say(reason)
            if drop is not None:  # glide back to the hand
                self.flights.append(Flight(card, drop, self.hand_origin(self.playing_seat(), card), FLIGHT_SECONDS))
            return
        try:
            self.act(action, drop)
        except IllegalAction as err:  # the engine is the judge; say why
            self.say(str(err))

    def say(self, message: str):
        self.message = message
        self.message_time = time.monotonic()

    def show_hint(self):
        if self.session.is_human(self.hand.to_move) and self.handed_to == self.hand.to_move:
            self.hint = self.session.hint()
            if self.hint.startswith("play "):
                self.selected = self.hint.split()[1]
            self.say(f"Hint: {self.hint}")

    def undo(self):
        if self.session.hot_seat:
            self.say("Undo is for games against the computer")
            return
        if self.busy():
            return
        if self.decision is not None:
            self.decision.cancel()
            self.decision = None
        if self.session.undo():
            self.shown_trick = [(seat, card) for seat, card in self.view()["trick"]]
            self.collect_in = 0
            self.say("Your last play was taken back")
            self.save_match()
        else:
            self.say("Nothing to undo")

    def toggle_review(self):
        if self.hand.tricks:
            self.reviewing = not self.reviewing

    def claim(self):
        """The rest of the play cannot change anyone's points: play it out at once."""
        hand = self.hand
        if not (hand.phase == "play" and not hand.trick and self.session.play_is_settled()):
            self.say("The remaining tricks are not certain yet")
            return
        self.claim_banner = f"{self.session.name(hand.to_move)} claimed the rest: no play could change the points"
        if self.decision is not None:
            self.decision.cancel()
            self.decision = None
        while hand.phase == "play":
            hand.apply(fallback_action(hand))
        self.shown_trick = []
        self.collect_in = 0
        self.save_match()

    def open_menu(self):
        from .dialogs import PauseScene
        self.app.push(PauseScene(self))

    # --- input ---

    def refresh_buttons(self):
        """Hint for a human's turn, Undo against the computer only, Claim once nothing can change (worked out
        again only when the position changes: undo replays the hand)."""
        hand = self.hand
        key = (hand, len(hand.actions), self.handed_to, self.busy(), self.session.play_is_settled())
        if key == self.buttons_for:
            return
        self.buttons_for = key
        self.hint_button.enabled = self.session.is_human(self.hand.to_move) and self.handed_to == self.hand.to_move
        self.undo_button.enabled = len(self.session.humans) == 1 and self.session.can_undo()
        self.claim_button.enabled = self.viewer_controls_play() and not self.hand.trick \
            and self.session.play_is_settled()
        self.last_button.enabled = bool(self.hand.tricks)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if press_any(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.reviewing = False
            for card, rect in reversed(list(zip(*self._draggable_with_rects()))):
                if rect.collidepoint(event.pos):
                    grab = (event.pos[0] - rect.x, event.pos[1] - rect.y)
                    self.drag = Drag(card, grab, event.pos, event.pos)
                    return True
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.pos = event.pos
            if math.dist(event.pos, self.drag.start) > DRAG_THRESHOLD:
                self.drag.moved = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            drag.pos = event.pos
            corner = (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1])
            if drag.moved:
                if self.table_rect().collidepoint(event.pos):
                    self.try_play(drag.card, corner)
                else:
                    self.flights.append(Flight(drag.card, corner, self.hand_origin(self.playing_seat(), drag.card),
                                               FLIGHT_SECONDS / 2))
            elif self.selected == drag.card:
                self.try_play(drag.card, None)
            else:
                self.selected = drag.card
            return True
        elif event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
        return False

    def _draggable_with_rects(self) -> tuple[list[str], list[pygame.Rect]]:
        cards = self.draggable_cards()
        rects = dict(self.card_rects(self.playing_seat()))
        return cards, [rects[c] for c in cards]

    def handle_key(self, key: int) -> bool:
        cards = self.draggable_cards()
        if not cards:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            index = cards.index(self.selected) if self.selected in cards else -1
            index = (index + (1 if key == pygame.K_RIGHT else -1)) % len(cards)
            self.selected = cards[index]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.selected in cards:
            self.try_play(self.selected, None)
            return True
        return False

    # --- drawing ---

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        pygame.draw.ellipse(surface, theme.FELT_DARK, pygame.Rect(0, 0, int(w * 0.62), int(h * 0.56)).move(
            self.centre[0] - int(w * 0.31), self.centre[1] - int(h * 0.28)), width=3)
        hand = self.hand
        view = self.view()
        self.draw_info(surface, view)
        seat_areas = [self.draw_seat(surface, seat, view) for seat in range(hand.n)]
        if self.deal is not None:
            draw_deal(surface, self.deal, self.centre, self.art.back(int(self.cw * 0.62)),
                      lambda seat: self.seat_anchor(seat) if seat != self.viewer else self.hand_rects(["x"])[0].midtop)
        if hand.rules.royal_queens:
            table_marks.draw_queen_legend(surface, hand.rules.royal_queens, (w - 8, 8), max(12, self.text_px - 6),
                                          seat_areas)
        if hand.phase == "bid" or (hand.family == "rook" and view.get("bids") and hand.phase in ("nest", "trump")):
            self.draw_auction(surface, view, seat_areas)
        self.draw_trick(surface)
        for flight in self.flights:
            self.blit_card(surface, flight.card, flight.position())
        if self.drag is not None and self.drag.moved:
            x, y = self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1]
            self.blit_card(surface, self.drag.card, (x, y - 6))
        if self.reviewing and hand.tricks:
            self.draw_last_trick(surface, view)
        for button in self.buttons:
            if button.enabled or button in (self.menu_button, self.last_button):
                button.draw(surface, self.text_px - 2)
        line = self.claim_banner or self.message
        if line:
            label = text(line, self.text_px + 2, theme.WARN if line == self.message else theme.GOLD, bold=True)
            y = self.hand_rects(["x"])[0].top - self.text_px - 16
            surface.blit(label, label.get_rect(midbottom=(w // 2, y)))

    def blit_card(self, surface: pygame.Surface, card: str, pos, scale: float = 1.0):
        width = round(self.cw * scale)
        face = self.art.face(card, width) if card else self.art.back(width)
        surface.blit(face, (int(pos[0]), int(pos[1])))

    def draw_trick(self, surface: pygame.Surface):
        landing = {f.card for f in self.flights}
        if self.collecting:
            for flight in self.collecting:
                if not flight.done:
                    self.blit_card(surface, flight.card, flight.position())
            return
        for seat, card in self.shown_trick:
            if card not in landing:
                self.blit_card(surface, card, self.trick_spot(seat))
        if self.collect_in > 0 and not self.flights and self.hand.tricks:  # the trick is complete: who takes it
            winner = self.hand.tricks[-1][2]
            spot = pygame.Rect(self.trick_spot(winner), (self.cw, self.ch))
            table_marks.draw_winner(surface, spot, self.art, self.session.name(winner), self.text_px - 4)

    def lifted_card(self) -> str | None:
        """The viewer's card under the pointer (the top one where cards overlap): drawn lifted."""
        if self.pointer is None or self.drag is not None:
            return None
        hit = [card for card, rect in self.card_rects(self.viewer) if rect.collidepoint(self.pointer)]
        return hit[-1] if hit else None

    def marked_cards(self, seat: int, view: dict) -> set[str]:
        """The viewer's cards that just came to them: received in a Hearts pass (until they first play) and
        the nest's cards during the nest exchange."""
        if seat != self.viewer:
            return set()
        received = [] if self._viewer_has_played() else view.get("received", [])
        return set(received) | set(view.get("from_nest", []))

    def draw_seat(self, surface: pygame.Surface, seat: int, view: dict) -> pygame.Rect:
        """Draw a seat's cards and name plate; return the area they cover."""
        art = self.art
        face_up = self.card_rects(seat)
        count = view["hand_sizes"][seat]
        if self.deal is not None:  # only the cards that have landed
            count = self.deal.arrived(seat)
            face_up = face_up[:count]
        drawn = [rect for _, rect in face_up]
        if face_up or seat == self.viewer:
            mine = self.viewer_may_play() and seat == self.playing_seat()
            legal = {a.split()[1] for a in view["legal"] if a.startswith("play ")} if mine else set()
            marked = self.marked_cards(seat, view)
            lifted = self.lifted_card() if seat == self.viewer else None
            for card, rect in face_up:
                spot = rect.move(0, -10 if card == self.selected else -max(6, self.ch // 12) if card == lifted else 0)
                surface.blit(art.face(card, rect.width), spot)
                if card in legal:
                    surface.blit(art.outline(rect.width, theme.SELECTED if card == self.selected else theme.LEGAL),
                                 spot)
                elif card in marked:
                    surface.blit(art.outline(rect.width, theme.RECEIVED), spot)
            hidden = count - len(self.view().get("dummy", [])) if seat != self.viewer else 0
            if hidden > 0:  # rook-2p: the dummy's face-down half during the auction, in the same row
                for rect in self.open_hand_rects(seat, len(face_up) + hidden)[len(face_up):]:
                    surface.blit(art.back(rect.width), rect)
                    drawn.append(rect)
        else:
            for rect in self.small_rects(seat, count):
                surface.blit(art.back(rect.width), rect)
                drawn.append(rect)
        return self.draw_name_plate(surface, seat, view).unionall(drawn)

    def _viewer_has_played(self) -> bool:
        return any(seat == self.viewer for trick in self.view()["tricks"]
                   for seat, _ in trick["cards"]) or any(seat == self.viewer for seat, _ in self.shown_trick)

    def name_plate(self, seat: int, view: dict) -> tuple[pygame.Surface, pygame.Rect]:
        """A seat's name plate: its text and where the text goes (the plate is that, 8 px wider each way)."""
        hand = self.hand
        ax, ay = self.seat_anchor(seat)
        if seat == self.viewer:
            ay = self.app.size[1] - int(self.text_px * 1.3)
            ax = int(self.app.size[0] * 0.16)
        else:
            ay = ay + int(self.ch * 0.62) // 2 + self.text_px
        parts = [self.session.name(seat)]
        if seat < len(view["tricks_won"]):
            won = view["tricks_won"][seat]
            parts.append(f"{won} trick" + ("" if won == 1 else "s"))
        parts.append(f"{view['points'][seat] if seat < len(view['points']) else 0} pts")
        tags = []
        if seat == view["dealer"]:
            tags.append("dealer")
        if view.get("declarer", -1) == seat:
            tags.append("declarer")
        if view.get("partner", -1) == seat and seat != view.get("declarer"):
            tags.append("partner")
        label = "  ·  ".join(parts) + (f"  [{', '.join(tags)}]" if tags else "")
        to_move = seat == hand.to_move and not hand.is_done
        if to_move and not self.session.is_human(seat) and self.decision is not None:
            label += "  thinking" + "." * int(self.thinking_dots)
        surf = text(label, self.text_px - 2, theme.GOLD if to_move else theme.INK, bold=to_move)
        rect = surf.get_rect(center=(ax, ay))
        rect.clamp_ip(self.app.screen.get_rect().inflate(-16, -8))
        return surf, rect

    def turn_marker(self, view: dict) -> list[tuple[float, float]] | None:
        """The marker beside the name plate of the seat to move (None once the hand is over)."""
        if self.hand.is_done:
            return None
        plate = self.name_plate(self.hand.to_move, view)[1].inflate(16, 8)
        return table_marks.turn_marker(plate, self.centre, self.text_px, self.thinking_dots / 4)

    def draw_name_plate(self, surface: pygame.Surface, seat: int, view: dict) -> pygame.Rect:
        surf, rect = self.name_plate(seat, view)
        back = rect.inflate(16, 8)
        pygame.draw.rect(surface, theme.FELT_DARK, back, border_radius=8)
        surface.blit(surf, rect)
        if seat == self.hand.to_move and not self.hand.is_done:
            pygame.draw.rect(surface, theme.GOLD, back, width=2, border_radius=8)
            return back.union(table_marks.draw_turn_marker(surface, self.turn_marker(view)))
        return back

    def draw_info(self, surface: pygame.Surface, view: dict):
        hand = self.hand
        rules = hand.rules
        session = self.session
        lines = [(f"{rules.title}  ·  hand {len(session.match.history) + 1}", theme.GOLD)]
        if hand.family == "rook":
            if view.get("declarer", -1) >= 0:
                contract = f"Contract: {session.name(view['declarer'])} {view['contract']}"
                lines.append((contract, theme.INK))
            trump = view.get("trump")
            if trump:
                order = "  (reverse order)" if view.get("order") == "reverse" else ""
                lines.append((f"Trump: {trump}{order}", theme.INK))
            if view.get("called"):
                lines.append((f"Called: {view['called']}", theme.INK))
        else:
            lines.append((f"Passing: {view.get('pass_direction', '-')}", theme.INK))
            lines.append(("Hearts broken" if view.get("hearts_broken") else "Hearts not broken",
                          theme.WARN if view.get("hearts_broken") else theme.INK_DIM))
        lines.append(("Scores: " + "  ".join(f"{name} {view['scores'][seats[0]]}"
                                             for name, seats in session.score_columns()), theme.INK))
        y = 10
        for line, colour in lines:
            label = text(line, self.text_px - 2, colour, bold=colour == theme.GOLD)
            surface.blit(label, (12, y))
            y += label.get_height() + 2

    def draw_auction(self, surface: pygame.Surface, view: dict, seat_areas: list[pygame.Rect]) -> pygame.Rect:
        """The bids so far in a panel between the top seat and the bid dialog (see game/ui/auction.py)."""
        bids = [f"{self.session.name(seat)} {action.removeprefix('bid ')}" for seat, action in view.get("bids", [])]
        w = self.app.size[0]
        beside = [area for area in seat_areas if not area.left <= w // 2 <= area.right]  # narrowing clears these
        dialog = bid_dialog_rect(self.app.size, self.app.settings.card_scale, 0)
        rect, title, labels = auction_layout(bids, max(1, self.hand.n), self.app.size, self.text_px - 2, beside,
                                             dialog.top - 8)
        draw_auction_panel(surface, rect, title, labels)
        return rect

    def draw_last_trick(self, surface: pygame.Surface, view: dict):
        last = view["tricks"][-1]
        cards = last["cards"]
        scale = 0.8
        width = round(self.cw * scale)
        rect = pygame.Rect(0, 0, len(cards) * (width + 10) + 30, round(self.ch * scale) + self.text_px * 3)
        rect.center = self.centre
        panel(surface, rect)
        title = text(f"Last trick, won by {self.session.name(last['winner'])}", self.text_px - 2, theme.GOLD,
                     bold=True)
        surface.blit(title, (rect.x + 15, rect.y + 8))
        for i, (seat, card) in enumerate(cards):
            x = rect.x + 15 + i * (width + 10)
            self.blit_card(surface, card, (x, rect.y + 14 + title.get_height()), scale)
            name = text(self.session.name(seat), self.text_px - 6, theme.INK)
            surface.blit(name, name.get_rect(midtop=(x + width // 2, rect.bottom - self.text_px - 4)))
