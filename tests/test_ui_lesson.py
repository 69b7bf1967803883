"""Learn Rook and Learn Hearts in the window (issue 35), driven with real pygame events: the menu's buttons open a
lesson's table with its notes; the notes go a page at a time with Next and the other seats wait for them; the
learner plays the book's card by clicking it twice, or another one, which the lesson answers with its own choice
and its reason before it goes; the Hearts lesson passes through its dialog and ends with the moon; and every still
frame keeps its text inside the window, off the cards and off other text, at 800x500 and 1280x720; and each
lesson speaks every language the game ships."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.hearts import HeartsHand
from game.engine.language import gettext
from game.engine.lessons import LESSONS, Step
from game.table.lesson import LessonTable, Note
from game.ui import controls
from game.ui.app import App
from game.ui.scenes.dialogs import CardPickScene, ChoiceScene, ConfirmScene
from game.ui.scenes.lesson import LessonNotes
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoring import GameOverScene, ScoreScene
from game.ui.scenes.table import TableScene
from tests.support.kinds import of_kind
from tests.support.language import TRANSLATED, untranslated
from tests.support.ui_helpers import Size, click, frames, post, settled, step
from tests.support.ui_record import Recorder, grammar_faults, layout_faults

SIZES = [(800, 500), (1280, 720)]


def lesson_at(table: TableScene) -> LessonTable:
    """The lesson a table scene plays at."""
    return of_kind(LessonTable, table.table)


def open_lesson(app: App, label: str) -> tuple[TableScene, LessonNotes]:
    """The main menu's Learn to play, then ``label``: the lesson's table, and its notes on top (the labels in the
    language in force)."""
    menu = of_kind(MenuScene, app.open("menu"))
    step(app)
    click(app, next(button for button in menu.buttons if button.label == gettext("Learn to play")).rect.center)
    choice = app.stack.top
    assert isinstance(choice, ConfirmScene)
    assert [b.label for b in choice.buttons] == [gettext("Learn Rook"), gettext("Learn Hearts"), gettext("Back")]
    click(app, next(button for button in choice.buttons if button.label == label).rect.center)
    notes = app.stack.top
    table = app.stack.scenes[-2]
    assert isinstance(notes, LessonNotes) and isinstance(table, TableScene) and table.table is notes.table
    return table, notes


def play_card(app: App, table: TableScene, card: str) -> None:
    """The card clicked twice in the learner's hand (the first click picks it up, the second plays it)."""
    rect = dict(table.card_rects(table.viewer))[card]
    click(app, rect.center)
    click(app, rect.center)


def lesson_step(table: TableScene) -> Step | None:
    return LESSONS[lesson_at(table).lesson.name].next_step(lesson_at(table).session.hand)


class Lesson:
    """Runs a lesson in the window as a learner would, a frame at a time, looking at every still frame."""

    def __init__(self, app: App, table: TableScene, notes: LessonNotes, recorder: Recorder | None = None):
        self.app, self.table, self.notes, self.recorder = app, table, notes, recorder
        self.faults: dict[str, None] = {}
        self.seen: set[tuple[tuple[str, str, tuple[int, ...]], ...]] = set()
        self.texts: list[str] = []

    def look(self) -> None:
        if self.recorder is None:
            return
        key = tuple((op.kind, op.label, tuple(op.rect)) for op in self.recorder.ops)
        if key in self.seen or self.table.busy():
            return
        self.seen.add(key)
        self.texts += [op.label for op in self.recorder.texts()]
        found = layout_faults(self.recorder.ops, self.app.size) + grammar_faults([op.label for op in
                                                                                    self.recorder.texts()])
        self.faults.update(dict.fromkeys(found))

    def frame(self) -> None:
        step(self.app)
        self.look()

    def act(self, own_card: Callable[[TableScene], str] | None = None) -> bool:
        """One thing a learner does now (or a frame waited); False once the game-over screen is up."""
        app, table, notes = self.app, self.table, self.notes
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return False
        if table.busy():  # cards still moving: a person waits for them to land
            pass
        elif table.showing_claim and top in (notes, table):  # a computer claimed the rest: its cards lie face up
            click(app, table.go_on_button.rect.center)
        elif isinstance(top, (ScoreScene, ConfirmScene)):
            click(app, top.buttons[-1].rect.center)
        elif isinstance(top, CardPickScene):
            step_ = lesson_step(table)
            for card in step_.action.split()[1:] if step_ is not None else top.cards[: top.count]:
                click(app, dict(top.hand_rects())[card].center)
            click(app, top.done.rect.center)
        elif isinstance(top, ChoiceScene):
            step_ = lesson_step(table)
            button = next(b for b in top.buttons if step_ is None or b.label == gettext("Add to everyone else"))
            click(app, button.rect.center)
        elif top is notes and notes.showing():
            click(app, notes.next_button.rect.center)
        elif table.viewer_controls_play() and not lesson_at(table).unread():
            step_ = lesson_step(table)
            card = step_.action.split()[1] if step_ is not None else next(iter(table.view().plays()))
            play_card(app, table, own_card(table) if own_card else card)
        self.frame()
        return True

    def run(self, seconds: float = 120, until: Callable[[], bool] | None = None,
            own_card: Callable[[TableScene], str] | None = None) -> None:
        for _ in frames(seconds):
            if until is not None and until():
                return
            if not self.act(own_card):
                return
        raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("size", SIZES)
def test_learn_rook_plays_the_books_hand_to_its_tally(
        blank_window: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: Size) -> None:
    """Issue 35: ""Learn Rook" on the main menu (under Learn to play): the player sits as John; the others play
    the book's cards; each of the book's explanations appears at its moment". The whole hand through the window with
    the book's cards: the book's words drawn ("Rob takes the trick, worth two points.", its final tally), the score
    sheet with Christen 1, John 2, Lindsay 6 and Rob 13, the game-over screen; every still frame's text inside the
    window, off the cards and off other text."""
    app = blank_window(size)
    recorder = Recorder(monkeypatch, app)
    table, notes = open_lesson(app, "Learn Rook")
    lesson = Lesson(app, table, notes, recorder)
    assert lesson_at(table).name(table.viewer) == "John"
    lesson.run()
    hand = lesson_at(table).session.hand
    assert hand.is_done and hand.points() == [2, 6, 13, 1] and LESSONS["rook"].followed(hand)
    drawn = " ".join(lesson.texts)
    for words in ("Trick 1: Lindsay", "Rob takes the trick, worth two", "Final tally", "Rob scored 13 points.",
                  "13 pts  +13  = 13", "Rob wins!"):
        assert words in drawn, words
    assert list(lesson.faults) == []
    assert len(lesson.seen) > 40


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", list(LESSONS))
def test_each_lesson_speaks_the_players_language(
        blank_window: Callable[..., App], monkeypatch: pytest.MonkeyPatch, name: str, language: str) -> None:
    """Issue 35: every text a player reads goes through gettext, "no untranslated text". Each lesson played to its
    end at 800x500 with the system's language set to each the game ships: no line drawn holds an English word that
    the language's catalog never uses (the book's words are translated too; the seats' names stay), and every still
    frame's text stays inside the window, off the cards and off other text."""
    monkeypatch.setenv("LANGUAGE", language)
    app = blank_window((800, 500))
    recorder = Recorder(monkeypatch, app)
    table, notes = open_lesson(app, gettext(LESSONS[name].title))
    lesson = Lesson(app, table, notes, recorder)
    lesson.run()
    assert lesson_at(table).session.hand.is_done and LESSONS[name].followed(lesson_at(table).session.hand)
    assert sorted(set(untranslated(lesson.texts, language))) == []
    assert list(lesson.faults) == []


def test_the_other_seats_wait_for_next(blank_window: Callable[..., App]) -> None:
    """After the learner's Yellow 8 the book's words for it are up with Next, and Lindsay plays only after Next."""
    app = blank_window()
    table, notes = open_lesson(app, "Learn Rook")
    click(app, notes.next_button.rect.center)
    click(app, notes.next_button.rect.center)
    assert not notes.showing() and notes.pages[0].heading == "Your turn"
    play_card(app, table, "Y8")
    for _ in range(30):
        step(app)
    assert len(table.view().trick) == 1 and notes.showing() and notes.pages[0].heading == "Trick 1: John"
    for _ in frames(10):  # once the turn marker has had its moment, the window keeps still while the learner reads
        step(app)
        if app.stack.next_frame() is None:
            break
    else:
        raise AssertionError("the window kept drawing while the lesson waited for Next")
    assert len(table.view().trick) == 1
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    for _ in frames(20):
        step(app)
        if len(table.view().trick) == 2:
            break
    else:
        raise AssertionError("Lindsay did not play after Next")
    assert notes.pages[0].heading == "Trick 1: Lindsay"


@pytest.mark.parametrize("size", SIZES)
def test_a_card_other_than_the_books_is_answered_then_the_hand_goes_on_as_ordinary_play(
        blank_window: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: Size) -> None:
    """Issue 35: "when the player picks a card, the book's choice is named with its reason ... and any other legal
    card may still be played, after which the lesson goes on as ordinary play with the hints available (the
    computers then play as Normal from the position reached)"."""
    app = blank_window(size)
    recorder = Recorder(monkeypatch, app)
    table, notes = open_lesson(app, "Learn Rook")
    lesson = Lesson(app, table, notes, recorder)
    lesson.run(until=lambda: table.viewer_controls_play() and len(table.view().tricks) == 1
               and not lesson_at(table).unread())
    play_card(app, table, "R11")  # the book's John plays the Red 8 here
    lesson.frame()
    assert len(table.view().trick) == 2 and "R11" in table.view().hand
    assert table.message == "The book's John plays the Red 8: it protects his Red 5."
    assert notes.showing() and notes.pages[0].heading == "The book's choice"
    assert "To go on with your own choice instead, make it again." in " ".join(notes.pages[0].lines)
    play_card(app, table, "R11")
    lesson.frame()
    assert ("R11" not in table.view().hand) and not lesson_at(table).following()
    assert notes.pages[0].heading == "Your own way"
    click(app, notes.next_button.rect.center)
    lesson.run(until=lambda: table.viewer_controls_play() and table.hint_button.enabled)
    click(app, table.hint_button.rect.center)  # the review's search, as at any table
    for _ in frames(30):
        if table.message.startswith("Hint: play "):
            break
        lesson.frame()
    else:
        raise AssertionError("no hint came")
    lesson.run()
    assert isinstance(app.stack.top, GameOverScene) and lesson_at(table).session.hand.is_done
    assert list(lesson.faults) == []


def test_the_hint_names_the_books_choice_while_the_lesson_lasts(blank_window: Callable[..., App]) -> None:
    app = blank_window()
    table, notes = open_lesson(app, "Learn Rook")
    click(app, notes.next_button.rect.center)
    click(app, notes.next_button.rect.center)
    click(app, table.hint_button.rect.center)
    for _ in range(5):
        step(app)
    assert table.selected == "Y8" and table.message == "Hint: play Yellow 8"
    assert notes.pages[-1].lines
    assert "The book's John leads the Yellow 8: a safe card." in " ".join(notes.pages[-1].lines)


def test_c_in_a_lessons_scripted_part_says_the_lesson_plays_card_by_card(blank_window: Callable[..., App]) -> None:
    """Learn Rook, the learner's first lead (John leads the Yellow 8): while the lesson plays its script, no claim is
    offered because the lesson plays every card, not because the rest is undecided. C (and the Claim button, drawn
    off) says so, where it said "The remaining tricks are not certain yet"."""
    app = blank_window()
    table, notes = open_lesson(app, "Learn Rook")
    for _ in frames(10):  # the lesson's opening read, to the learner's turn
        if not notes.showing() and table.viewer_controls_play() and settled(table):
            break
        if notes.showing():
            click(app, notes.next_button.rect.center)
        else:
            step(app)
    hand = lesson_at(table).session.hand
    assert hand.to_move == table.viewer and hand.phase == "play" and not hand.trick, "John's lead"
    assert not table.claim_button.enabled
    post(pygame.KEYDOWN, key=controls.CLAIM.key, mod=0, unicode="c", scancode=0)
    step(app)
    assert table.message == "The lesson plays this hand one card at a time"
    click(app, table.claim_button.rect.center)  # drawn off: a click does nothing
    assert not hand.is_done and not table.showing_claim


def test_a_paragraph_longer_than_a_page_shares_its_lines_evenly(blank_window: Callable[..., App]) -> None:
    """Seen under Xvfb at 800x500: the book's words at trick 6 ("Lindsay takes a chance ... it could be in the
    nest.)") filled a page and left "could be in the nest.)" alone on the next. A paragraph over several pages
    shares its lines among them evenly."""
    app = blank_window((800, 500))
    _, notes = open_lesson(app, "Learn Rook")
    step(app)
    said = next(step_.said for step_ in LESSONS["rook"].steps if step_.action == "play B14")
    pages = notes.paginate([Note("Trick 6: Lindsay", said)])
    lengths = [len(page.lines) for page in pages]
    assert len(pages) > 1 and max(lengths) - min(lengths) <= 1, lengths


@pytest.mark.parametrize("size", SIZES)
def test_learn_hearts_passes_follows_breaks_hearts_takes_the_queen_and_shoots_the_moon(
        blank_window: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: Size) -> None:
    """The Hearts lesson to its end through the window: its pass in the pass dialog, the four tricks of clubs, the
    hearts led out, the moon and its reward, the score sheet and the game-over screen, with the lesson's words drawn
    at their moments; every still frame's text inside the window and clear of cards and other text."""
    app = blank_window(size)
    recorder = Recorder(monkeypatch, app)
    table, notes = open_lesson(app, "Learn Hearts")
    lesson = Lesson(app, table, notes, recorder)
    lesson.run()
    hand = lesson_at(table).session.hand
    assert hand.is_done and of_kind(HeartsHand, hand).moon_shooter() == 0 and hand.score_delta() == [0, 26, 26, 26]
    assert LESSONS["hearts"].followed(hand)
    drawn = " ".join(lesson.texts)
    for words in ("The pass", "Trick 1: Andrea", "hearts are broken", "The end of the hand", "You win!"):
        assert words in drawn, words
    assert list(lesson.faults) == []


def test_the_lessons_game_over_offers_the_lesson_again(blank_window: Callable[..., App]) -> None:
    """Seen under Xvfb: Rematch after a lesson dealt a new one-hand match of Classic Hearts with no lesson in it.
    The lesson's game-over screen offers the lesson again instead, from its start, with its notes."""
    app = blank_window()
    table, notes = open_lesson(app, "Learn Hearts")
    Lesson(app, table, notes).run()
    over = app.stack.top
    assert isinstance(over, GameOverScene) and over.buttons[0].label == "Lesson again"
    assert "Rematch" not in [button.label for button in over.buttons]
    click(app, over.buttons[0].rect.center)
    step(app)
    again = app.stack.top
    assert isinstance(again, LessonNotes) and again.table is not table.table
    assert again.table.lesson.name == "hearts" and not again.table.session.hand.actions


def test_a_pass_other_than_the_lessons_is_answered_and_the_dialog_comes_back(blank_window: Callable[..., App]) -> None:
    app = blank_window()
    table, notes = open_lesson(app, "Learn Hearts")
    for _ in frames(10):
        if isinstance(app.stack.top, CardPickScene):
            break
        if notes.showing():  # the opening, a page at a time
            click(app, notes.next_button.rect.center)
        step(app)
    dialog = of_kind(CardPickScene, app.stack.top)
    for card in ("5H", "6H", "7H"):
        click(app, dict(dialog.hand_rects())[card].center)
    click(app, dialog.done.rect.center)
    step(app)
    assert app.stack.top is notes and notes.pages[0].heading == "The lesson's choice"
    assert " ".join(notes.pages[0].lines).startswith("The lesson passes A♠, K♠ and J♥:")
    assert len(lesson_at(table).session.hand.actions) == 0
    while notes.showing():
        click(app, notes.next_button.rect.center)
    for _ in range(5):
        step(app)
    again = app.stack.top
    assert isinstance(again, CardPickScene), "the pass dialog opens again once the answer is read"
    for card in ("5H", "6H", "7H"):
        click(app, dict(again.hand_rects())[card].center)
    click(app, again.done.rect.center)
    step(app)
    assert lesson_at(table).session.hand.actions and not lesson_at(table).following()


@pytest.mark.parametrize("size,language",
                         [(size, "en") for size in SIZES] + [((800, 500), code) for code in TRANSLATED])
def test_learn_to_play_offers_both_lessons_in_a_clear_question(
        blank_window: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: Size, language: str) -> None:
    """The main menu's Learn to play: Learn Rook, Learn Hearts and Back, its text inside the window and clear, in
    each language its answers inside its panel (seen under Xvfb at 800x500: Rook lernen and Zurück ran past both
    sides); Back (or Esc) leaves the menu as it was."""
    monkeypatch.setenv("LANGUAGE", language)
    app = blank_window(size)
    recorder = Recorder(monkeypatch, app)
    menu = of_kind(MenuScene, app.open("menu"))
    step(app)
    click(app, next(button for button in menu.buttons if button.label == gettext("Learn to play")).rect.center)
    step(app)
    question = of_kind(ConfirmScene, app.stack.top)
    texts = [op.label for op in recorder.texts()]
    assert language != "en" or "the Rook rule book's own example hand" in " ".join(texts)
    assert layout_faults(recorder.ops, size) + grammar_faults(texts) + untranslated(texts, language) == []
    assert [button.label for button in question.buttons if not question.rect.contains(button.rect)] == []
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    step(app)
    assert app.stack.top is menu
