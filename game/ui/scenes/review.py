"""Review this hand (issue 18): what each decision cost, judged from what its seat could know, decision by decision.

Opened from the score sheet with the finished hand's record and the seats to review. A review worked out before
comes from the cache (``services.reviews``) at once; otherwise it is worked out in a child process
(game/ui/review_work.py) under a progress bar, with Cancel (Escape) going back. Then the scene steps through the
reviewed decisions (Left/Right, Home/End; Up/Down jump between mistakes): every seat's cards face up as they were
just before the decision, the trick, the auction and the piles (game/ui/review_board.py), and beside them who
decided, the choice made, the best, its cost with its standard error and the review's sentence. For a costly
choice, "What would have happened" plays the rest of the hand out both ways with every card known: hindsight,
labelled so, shown as the tricks of each line of play on a board, the better line marked.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.language import N_, gettext, ngettext
from game.engine.view import choice_of
from game.engine.words import capitalised, player_name
from game.review import HandReview, Review, words
from game.review.analysis import MEASURE_WORLDS, WORLDS, Decision, partnered
from game.runtime import in_background

from .. import theme
from ..assets import Colour, font, text, wrapped
from ..review_board import Moment, board_rows, draw_board, draw_tricks, moment
from ..review_work import Hindsight, ReviewWork
from ..scene import AWAIT_SECONDS, Scene
from ..widgets import Button, layout_row, panel, press_any

if TYPE_CHECKING:
    from ..services import Services

HINDSIGHT = N_("Hindsight: every card known")
log = logging.getLogger(__name__)


class ReviewScene(Scene):
    name = "review"

    def __init__(self, services: Services, record: dict[str, Any], seats: list[int], names: list[str], number: int,
                 worlds: int = WORLDS, measure_worlds: int = MEASURE_WORLDS) -> None:
        """``record``: the finished hand's record (JSON, as the engine writes it)."""
        super().__init__(services)
        self.record, self.number = record, number
        self.names = [player_name(name) for name in names]  # as the screen shows them
        self.worlds, self.measure_worlds = worlds, measure_worlds
        self.job = HandReview(record, seats, worlds, measure_worlds)
        self.rules = self.job.hand.rules
        self.review, self.problem = services.reviews.get(self.job.key, Review.from_json)
        self.work: ReviewWork | None = None
        self.keeping: Future[None] | None = None  # the finished review going into the cache
        self.index = 0  # the decision shown, in review.decisions
        self.panel_scroll = 0  # pixels of its panel scrolled past (the wheel): a long list of choices in a small window
        self.shown: Moment | None = None
        self.hindsight: Hindsight | None = None  # the hindsight page, while it is shown
        self.hindsight_for = -1  # the decision it is for
        self.line_shown = 1  # on the hindsight page: the line of play after the choice made (0) or the best (1)
        # the hindsight its lines' buttons were labelled for, and whether it had finished
        self.labelled: tuple[Hindsight, bool] | None = None
        self.art = services.art.for_rules(self.rules)
        self.to_warm: list[str] = []
        self.buttons: list[Button] = []  # made by layout, which comes after enter

    @property
    def shot_name(self) -> str:
        return "review-hindsight" if self.hindsight else "review" if self.review else "review-progress"

    def enter(self) -> None:
        if self.review is None:
            self.work = ReviewWork(self.job, self.record, self.worlds, self.measure_worlds)
        else:
            self.show(0)

    def exit(self) -> None:
        if self.work is not None:
            self.work.cancel()  # the process ends now; nothing is kept of a review not finished
            self.work = None

    # --- geometry ---

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        bh = int(px * 1.8)
        self.cancel_button = Button(gettext("Cancel"), self.leave, key=pygame.K_ESCAPE)
        layout_row([self.cancel_button], (w // 2, int(h * 0.62)), bh, 0, min_width=px * 7)
        self.previous_mistake = Button(gettext("Previous mistake"), lambda: self.jump(-1), key=pygame.K_UP)
        self.previous = Button(gettext("Previous"), lambda: self.go(self.index - 1), key=pygame.K_LEFT)
        self.next = Button(gettext("Next"), lambda: self.go(self.index + 1), key=pygame.K_RIGHT)
        self.next_mistake = Button(gettext("Next mistake"), lambda: self.jump(1), key=pygame.K_DOWN)
        self.back = Button(gettext("Back"), self.leave, key=pygame.K_ESCAPE)
        self.buttons = [self.previous_mistake, self.previous, self.next, self.next_mistake, self.back]
        layout_row(self.buttons, (w // 2, h - bh // 2 - 8), bh, max(6, w // 160))
        self.timeline = pygame.Rect(12, self.buttons[0].rect.top - 18, w - 24, 10)
        top = px + 22
        split = int(w * 0.6)
        self.board_rect = pygame.Rect(12, top, split - 24, self.timeline.top - 10 - top)
        self.panel_rect = pygame.Rect(split, top, w - split - 12, self.timeline.top - 10 - top)
        self.what_if = Button(gettext("What would have happened"), self.open_hindsight, key=pygame.K_w)
        self.what_if.rect = pygame.Rect(self.panel_rect.x + 12, self.panel_rect.bottom - bh - 12,
                                        self.panel_rect.width - 24, bh)
        self.hindsight_back = Button(gettext("Back"), self.close_hindsight, key=pygame.K_ESCAPE)
        self.line_buttons = [Button("", lambda: self.show_line(0)), Button("", lambda: self.show_line(1))]
        self.label_lines()
        layout_row([*self.line_buttons, self.hindsight_back], (w // 2, h - bh // 2 - 8), bh, max(6, w // 160))
        self.card_width = board_rows(self.board_rect, self.job.hand.n, px, theme.card_width(self.size)).card_width
        # the faces at the board's size, drawn ahead while the review is worked out (between its frames, app.py)
        self.to_warm = self.rules.card_names(self.rules.deck_mask)
        self.refresh_buttons()

    # --- stepping through the decisions ---

    @property
    def decisions(self) -> list[Decision]:
        return self.review.decisions if self.review else []

    def show(self, index: int) -> None:
        self.index, self.panel_scroll = index, 0
        if self.decisions:  # the hand just before the decision, as the review replayed it
            before = next(hand for at, hand, *_ in self.job.moments if at == self.decisions[index].index)
            self.shown = moment(before, self.names)
        if self.buttons:
            self.refresh_buttons()

    def go(self, index: int) -> None:
        if 0 <= index < len(self.decisions) and index != self.index:
            self.show(index)

    def mistake_beyond(self, direction: int) -> int | None:
        """The next mistake after the decision shown (``direction`` 1) or the one before it (-1)."""
        order = range(self.index + 1, len(self.decisions)) if direction > 0 else range(self.index - 1, -1, -1)
        return next((i for i in order if self.decisions[i].mistake), None)

    def jump(self, direction: int) -> None:
        found = self.mistake_beyond(direction)
        if found is not None:
            self.show(found)

    def refresh_buttons(self) -> None:
        count = len(self.decisions)
        self.previous.enabled = self.index > 0
        self.next.enabled = self.index < count - 1
        self.previous_mistake.enabled = self.review is not None and self.mistake_beyond(-1) is not None
        self.next_mistake.enabled = self.review is not None and self.mistake_beyond(1) is not None
        decision = self.decisions[self.index] if count else None
        self.what_if.enabled = bool(decision and decision.judged and decision.best != decision.action)

    def leave(self) -> None:
        self.stack.pop(self)

    # --- hindsight ---

    def open_hindsight(self) -> None:
        decision = self.decisions[self.index]
        self.hindsight = Hindsight(self.record, decision.index, [decision.action, decision.best])
        self.hindsight_for = self.index
        self.line_shown = 1
        self.layout()

    def close_hindsight(self) -> None:
        self.hindsight = None  # a thread still playing it out ends by itself; nothing reads it

    def show_line(self, line: int) -> None:
        self.line_shown = line
        self.label_lines()

    def hindsight_choices(self) -> tuple[str, str]:
        """The decision's two choices on the hindsight page: the one made and the best, as a player names them."""
        decision = self.decisions[self.hindsight_for]
        return (words.choice_name(decision.action, self.rules.deck), words.choice_name(decision.best, self.rules.deck))

    def hindsight_results(self) -> tuple[float, float] | None:
        """The reviewed seat's result after each line of play, once both are played out."""
        job = self.hindsight
        if job is None or not job.finished or job.problem:
            return None
        decision = self.decisions[self.hindsight_for]
        made, best = (job.results[action].final_result().margin(decision.seat)
                      for action in (decision.action, decision.best))
        return made, best

    def label_lines(self) -> None:
        """The two lines' buttons: which choice each follows, whose it was, and the better one marked."""
        if self.hindsight is None:
            return
        self.labelled = (self.hindsight, self.hindsight.finished)
        results = self.hindsight_results()
        better = None if results is None or round(results[0], 1) == round(results[1], 1) else \
            int(results[1] > results[0])
        for line, (button, whose) in enumerate(zip(self.line_buttons, (N_("your choice"), self.job.judge.pick_label))):
            button.label = (gettext("After {choice}: better") if line == better else gettext("After {choice}")).format(
                choice=gettext(whose))
            button.chosen = line == self.line_shown

    # --- the loop ---

    def warm(self) -> bool:
        if self.to_warm:
            self.art.prepare(self.to_warm.pop(), self.card_width)
        return bool(self.to_warm)

    def next_frame(self) -> float | None:
        """The review is worked out in a child process (its progress bar), or hindsight on a thread."""
        working = self.work is not None or self.hindsight is not None and not self.hindsight.finished
        return AWAIT_SECONDS if working else None

    def update(self, dt: float) -> None:
        if self.hindsight is not None and self.labelled != (self.hindsight, self.hindsight.finished):
            self.layout()  # the lines played out: their buttons say which was better, and are as wide as that
        work = self.work
        if work is None:
            return
        work.poll()
        if work.review is not None:
            self.review, self.work = work.review, None
            # written (and the oldest cached reviews pruned) off the UI thread; not a daemon: quitting finishes it
            self.keeping = in_background(self.keep, self.review.to_json())
            self.show(0)
        elif work.problem:
            self.problem, self.work = work.problem, None

    def keep(self, review: dict[str, Any]) -> None:
        try:
            self.services.reviews.put(self.job.key, review)
        except OSError as err:  # the cache only saves time: the review is shown all the same
            log.warning("the hand review could not be kept: %s", err)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.work is not None or self.review is None:
            return press_any([self.cancel_button if self.work else self.back], event)
        if self.hindsight is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show_line(int(event.key == pygame.K_RIGHT))
                return True
            return press_any([*self.line_buttons, self.hindsight_back], event)
        if event.type == pygame.MOUSEWHEEL and self.decisions:
            self.scroll_panel(-event.y * 3 * font(self.px).get_linesize())
            return True
        if press_any([*self.buttons, self.what_if], event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.go(0 if event.key == pygame.K_HOME else len(self.decisions) - 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.decisions \
                and self.timeline.inflate(0, 12).collidepoint(event.pos):
            self.go(min(len(self.decisions) - 1, (event.pos[0] - self.timeline.x) * len(self.decisions)
                        // self.timeline.width))
            return True
        return False

    # --- drawing ---

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        px = self.px
        heading = gettext("Review of hand {number}: {game}").format(number=self.number, game=self.rules.player_title)
        if self.review is not None and self.decisions:
            mistakes = len(self.review.mistakes())
            heading += "  ·  " + gettext("decision {number} of {count}").format(number=self.index + 1,
                                                                               count=len(self.decisions)) + \
                "  ·  " + ngettext("{count} mistake", "{count} mistakes", mistakes).format(count=mistakes)
        title = text(heading, px, theme.GOLD, bold=True)
        surface.blit(title, (12, 8))
        if self.work is not None or self.review is None:
            self.draw_progress(surface)
        elif not self.decisions:
            self.draw_centred(surface, gettext("No decisions of the reviewed seats in this hand"), theme.INK_DIM)
            self.back.draw(surface, px - 2)
        elif self.hindsight is not None:
            self.draw_hindsight(surface)
            self.hindsight_back.draw(surface, px - 2)
        else:
            decision = self.decisions[self.index]
            made, best = self.cards_of(decision.action), self.cards_of(decision.best)
            marks = {**{card: theme.SELECTED for card in best}, **{card: theme.LEGAL for card in made}}
            assert self.shown is not None  # shown with the first decision
            draw_board(surface, self.board_rect, self.shown, self.names, self.art, px, self.card_width, marks)
            self.draw_decision(surface, decision)
            self.draw_timeline(surface)
            for button in self.buttons:
                button.draw(surface, px - 2)

    def draw_centred(self, surface: pygame.Surface, line: str, colour: Colour, y: int | None = None) -> None:
        label = text(line, self.px, colour)
        w, h = surface.get_size()
        surface.blit(label, label.get_rect(center=(w // 2, y if y is not None else h // 2)))

    def draw_progress(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.problem and self.work is None:
            self.draw_centred(surface, self.problem, theme.WARN)
            self.back.draw(surface, self.px - 2)
            return
        done, total = (self.work.done, self.work.total) if self.work else (0, 1)
        self.draw_centred(surface, gettext("Judging each decision from what its player could know..."), theme.INK,
                          int(h * 0.4))
        bar = pygame.Rect(0, 0, int(w * 0.5), int(self.px * 1.3))
        bar.center = (w // 2, int(h * 0.48))
        pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=6)
        filled = bar.copy()
        filled.width = int(bar.width * done / max(1, total))
        if filled.width:
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=6)
        pygame.draw.rect(surface, theme.INK_DIM, bar, width=2, border_radius=6)
        self.draw_centred(surface, f"{100 * done // max(1, total)}%", theme.INK, bar.bottom + self.px)
        self.cancel_button.draw(surface, self.px - 2)

    def cards_of(self, action: str) -> set[str]:
        """The cards an action names (none for a bid, trump or a pass in the auction)."""
        if not action:  # a decision the review does not judge has no best choice
            return set()
        assert self.shown is not None  # asked of a decision, shown by then
        shown = {card for cards in self.shown.hands for card in cards}
        return {card for card in choice_of(action, self.rules.deck).cards if card in shown}

    def draw_decision(self, surface: pygame.Surface, decision: Decision) -> None:
        rect = self.panel_rect
        panel(surface, rect)
        if decision.mistake:
            pygame.draw.rect(surface, theme.WARN, rect, width=3, border_radius=14)
        width = rect.width - 24
        top, bottom = self.panel_room()
        lines = self.decision_lines(decision, width)
        labels = [text(line, size, colour, bold=bold) for line, size, colour, bold in lines]
        y = top - self.panel_scroll
        for label in labels:
            if y >= top and y + label.get_height() <= bottom:  # whole lines only
                surface.blit(label, (rect.x + 12, y), pygame.Rect(0, 0, width, label.get_height()))
            y += label.get_height() + 3
        height = y + self.panel_scroll - top
        if height > bottom - top:  # more than the panel holds: where the part shown is (the wheel scrolls it)
            track = pygame.Rect(rect.right - 9, top, 5, bottom - top)
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=2)
            thumb = track.copy()
            thumb.height = max(16, track.height * track.height // height)
            thumb.y = track.y + (track.height - thumb.height) * self.panel_scroll // (height - track.height)
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=2)
        if self.what_if.enabled:
            self.what_if.draw(surface, self.px - 2)

    def panel_room(self) -> tuple[int, int]:
        """Where the decision panel's lines go: their top and bottom."""
        rect = self.panel_rect
        return rect.y + 10, (self.what_if.rect.top if self.what_if.enabled else rect.bottom) - 6

    def scroll_panel(self, pixels: int) -> None:
        """Scroll the decision's panel, within what its lines need."""
        top, bottom = self.panel_room()
        lines = self.decision_lines(self.decisions[self.index], self.panel_rect.width - 24)
        height = sum(text(*line[:3], bold=line[3]).get_height() + 3 for line in lines)  # as draw_decision adds up
        self.panel_scroll = max(0, min(self.panel_scroll + pixels, height - (bottom - top)))

    def decision_lines(self, decision: Decision, width: int) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """The panel beside the board: who decided and, in one plain sentence, how good the choice was; then the
        choice made and the search's (the Hint's), the cost and the sentence with its figures (game/review/words.py
        makes each from the figures), and the list of choices with their figures."""
        px, small = self.px, max(12, self.px - 4)
        where = words.when(decision.trick, decision.phase)
        say, pick = self.rules.action_words, self.job.judge.pick_label
        lines = [(gettext("{name}, {when}").format(name=self.names[decision.seat], when=where), px, theme.GOLD, True)]
        if decision.judged:  # the plain sentence first, the figures after it
            said = words.headline(words.choice_name(decision.action, self.rules.deck),
                                  words.choice_name(decision.best, self.rules.deck), decision.cost, decision.error,
                                  decision.threshold, pick)
            colour = theme.WARN if decision.mistake else theme.INK
            lines += [(line, px - 2, colour, True) for line in wrapped(said, px - 2, width, bold=True)]
        lines.append((gettext("Choice made: {choice}").format(choice=say(decision.action)), px - 2, theme.LEGAL, True))
        if decision.judged and decision.best != decision.action:
            lines.append((gettext("{label}: {choice}").format(
                label=capitalised(gettext(pick)), choice=say(decision.best)),
                          px - 2, theme.SELECTED, True))
            lines.append((words.cost_line(decision.cost, decision.error), px - 2, theme.INK, False))
        if decision.mistake:
            lines.append((words.mistake_line(decision.threshold), px - 2, theme.WARN, True))
        if not decision.judged:
            lines.append((gettext("Not judged"), px - 2, theme.INK_DIM, True))
        lines += [(line, small, theme.INK, False) for line in wrapped(decision.note, small, width)]
        if len(decision.choices) > 1:
            partners = partnered(self.job.hand, decision.seat)
            who = self.names[decision.seat]
            assert self.review is not None  # the decision is the review's
            heading = words.choices_heading(self.review.measure_worlds, partners, pick, who)
            meaning = words.result_meaning(partners, self.rules.lower_is_better, who)
            lines += [(line, small, theme.GOLD, False) for line in wrapped(heading, small, width)]
            lines += [(line, small, theme.INK_DIM, False) for line in wrapped(meaning, small, width)]
            for choice in decision.choices:
                made, picked = choice.action == decision.action, choice.action == decision.best
                row = words.choice_row(words.choice_name(choice.action, self.rules.deck), choice.value, choice.cost,
                                       choice.error, made, picked, pick)
                colour = theme.LEGAL if made else theme.SELECTED if picked else theme.INK
                lines += [(line, small, colour, False) for line in wrapped(row, small, width)]
        return lines

    def draw_timeline(self, surface: pygame.Surface) -> None:
        """Every decision as a mark along a line: mistakes in red, the one shown ringed."""
        count = len(self.decisions)
        for i, decision in enumerate(self.decisions):
            left = self.timeline.x + i * self.timeline.width // count
            right = self.timeline.x + (i + 1) * self.timeline.width // count
            mark = pygame.Rect(left, self.timeline.y, max(2, right - left - 2), self.timeline.height)
            colour = theme.WARN if decision.mistake else theme.INK_DIM if decision.judged else theme.BUTTON_OFF
            pygame.draw.rect(surface, colour, mark)
            if i == self.index:
                pygame.draw.rect(surface, theme.GOLD, mark.inflate(4, 8), width=2)

    def draw_hindsight(self, surface: pygame.Surface) -> None:
        """The rest of the hand played out after the choice made and after the best, every card known: what each
        line came to, and the tricks of the line chosen below the page's buttons, as a board."""
        decision = self.decisions[self.hindsight_for]
        rect = pygame.Rect(self.board_rect.x, self.board_rect.y, self.size[0] - 24,
                           self.hindsight_back.rect.top - 10 - self.board_rect.y)
        panel(surface, rect)
        px, small = self.px, max(12, self.px - 4)
        made, best = self.hindsight_choices()
        pick = self.job.judge.pick_label
        lines = [(gettext(HINDSIGHT), px + 2, theme.GOLD, True),
                 (gettext("Decision {number}: {name} chose {made}; {label} was {best}. The rest of the hand played out "
                          "after each, every seat then played by the Hard computer with every card known, which no one "
                          "had at the time: compare the two lines with each other. Each row is a player, with their "
                          "score for the hand; the card that took each trick is ringed in gold.").format(
                     number=self.hindsight_for + 1, name=self.names[decision.seat], made=made, label=gettext(pick),
                     best=best), small, theme.INK_DIM, False)]
        job, results = self.hindsight, self.hindsight_results()
        assert job is not None  # drawn only while the hindsight page is shown
        if not job.finished:
            lines.append((gettext("Playing the rest of the hand out..."), px - 2, theme.INK, False))
        elif job.problem:
            lines.append((job.problem, px - 2, theme.WARN, False))
        else:
            assert results is not None  # both lines played out
            partners = partnered(self.job.hand, decision.seat)
            said = words.hindsight_words(made, best, results, decision.cost, decision.error, decision.threshold,
                                         partners, pick, self.names[decision.seat])
            lines.append((said, px - 2, theme.GOLD, False))
        y = rect.y + 10
        for line, size, colour, bold in lines:
            for part in wrapped(line, size, rect.width - 24):
                label = text(part, size, colour, bold=bold)
                surface.blit(label, (rect.x + 12, y))
                y += label.get_height() + 3
        if results is not None:
            ended = job.results[(decision.action, decision.best)[self.line_shown]]
            first = decision.trick - 1 if decision.trick else 0
            changes = ended.final_result().score_change
            labels = [f"{name} {change:+d}" for name, change in zip(self.names, changes)]
            colour = theme.SELECTED if self.line_shown else theme.LEGAL  # as the board marks the two choices
            marks = {card: colour for card in self.cards_of((decision.action, decision.best)[self.line_shown])}
            board = pygame.Rect(rect.x + 12, y + 6, rect.width - 24, rect.bottom - 8 - y - 6)
            draw_tricks(surface, board, list(ended.view(decision.seat).tricks[first:]), first + 1, labels, self.art,
                        px, self.card_width, marks)
        for button in self.line_buttons:
            button.draw(surface, px - 2)
