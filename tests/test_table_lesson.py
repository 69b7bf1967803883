"""A lesson at a table without a window (issue 35): the other seats play the script and wait while the lesson's words
are unread, the learner's other choice is answered once with the lesson's choice and its reason and then goes, the
hand goes on as an ordinary one from there, and the Hint is the lesson's own choice while the script lasts."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from game.ai.worker import AIWorker
from game.engine.lessons import HEARTS_LESSON, ROOK_LESSON
from game.table.intents import HandOver, Hint, Intent, Played, Turn
from game.table.lesson import AGAIN, OWN_WAY, BookPlayer, LessonTable, Note, lesson_table


@pytest.fixture(scope="module")
def worker() -> Iterator[AIWorker]:
    worker = AIWorker(search_process=False)
    yield worker
    worker.close()


Ready = Callable[[list[Intent]], bool]


def poll_until(table: LessonTable, ready: Ready, seconds: float = 30.0) -> list[Intent]:
    """Poll as a window does that shows the lesson's words at once, until ``ready(intents so far)``; the intents."""
    seen: list[Intent] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table.mark_read()
        seen += table.poll()
        if ready(seen):
            return seen
        table.wait(0.05)
    raise AssertionError(f"waited in vain; saw {seen}")


def learners_turn(table: LessonTable) -> Ready:
    return lambda seen: any(isinstance(intent, (Turn, HandOver)) for intent in seen)


def test_the_book_is_played_to_its_tally_with_the_learner_as_john(worker: AIWorker) -> None:
    """The others play the book's cards, John plays his, and the hand ends with the book's final tally ("Christen
    scored one point. John scored two points. Lindsay scored six points. Rob scored 13 points."); the book's words
    come with every play it explains."""
    table = lesson_table(ROOK_LESSON, worker, "Sam")
    assert [table.name(seat) for seat in range(4)] == ["John", "Lindsay", "Rob", "Christen"]
    assert table.notes()[0].heading == "Learn Rook" and "Dealing: Christen deals" in table.notes()[0].paragraphs[1]
    said = []
    for _ in range(40):
        seen = poll_until(table, learners_turn(table))
        said += table.notes()
        if any(isinstance(intent, HandOver) for intent in seen):
            break
        step = ROOK_LESSON.next_step(table.session.hand)
        assert step is not None and step.seat == 0
        ask = table.ask()
        assert ask is not None and ask.heading == "Your turn"
        played = table.act(step.action)
        assert isinstance(played, Played)
        said += table.notes()
    hand = table.session.hand
    assert hand.is_done and hand.points() == [2, 6, 13, 1]
    closing = table.notes()[-1]
    assert closing.heading == "Final tally"
    assert closing.paragraphs[-1].endswith("Rob scored 13 points. He wins the hand.")
    assert any("safe card — his Yellow 8" in " ".join(note.paragraphs) for note in said)


def test_the_computers_wait_while_the_lessons_words_are_unread(worker: AIWorker) -> None:
    """The book's words for John's Yellow 8 stay until the window has shown them; only then does Lindsay play."""
    table = lesson_table(ROOK_LESSON, worker, "Sam")
    assert table.unread()  # the opening
    table.mark_read()
    table.act("play Y8")
    assert table.unread() and "his Yellow 8" in table.notes()[-1].paragraphs[0]
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        assert not [intent for intent in table.poll() if isinstance(intent, Played)]
        table.wait(0.05)
    assert len(table.session.hand.actions) == 1 and not table.awaiting()
    table.mark_read()
    seen = poll_until(table, lambda seen: any(isinstance(intent, Played) for intent in seen))
    assert [intent.action for intent in seen if isinstance(intent, Played)][0] == "play Y6"


def test_another_card_is_answered_with_the_books_choice_once_then_played(worker: AIWorker) -> None:
    """Issue 35: "when the player picks a card, the book's choice is named with its reason ("The book's John leads
    the Yellow 8: a safe card"), and any other legal card may still be played, after which the lesson goes on as
    ordinary play"."""
    table = lesson_table(ROOK_LESSON, worker, "Sam")
    table.mark_read()
    answer = table.act("play G5")
    assert answer == "The book's John leads the Yellow 8: a safe card."
    assert not table.session.hand.actions and table.unread()
    ask = table.ask()
    assert table.notes() == [Note("The book's choice", (answer, AGAIN))]
    assert ask is not None and answer in ask.paragraphs
    assert table.act("play Y10") == answer and not table.session.hand.actions  # another card: answered again
    assert table.act("play B5") == answer
    assert isinstance(table.act("play B5"), Played)
    assert table.notes() == [Note("Your own way", (OWN_WAY,))]
    assert not table.following() and table.ask() is None
    poll_until(table, lambda seen: sum(isinstance(intent, Played) for intent in seen) == 3)
    hand = table.session.hand
    assert len(hand.actions) == 4 and ROOK_LESSON.next_step(hand) is None  # the computers played as Normal


def test_a_dialogs_other_choice_is_answered_and_the_dialog_comes_again(worker: AIWorker) -> None:
    """The pass chosen otherwise closes its dialog with the lesson's answer; once the answer is read the turn is
    announced again (the dialog opens again), and the same pass made again goes."""
    table = lesson_table(HEARTS_LESSON, worker, "Sam")
    assert [intent for intent in poll_until(table, learners_turn(table)) if isinstance(intent, Turn)] == \
        [Turn(0, "pass")]
    answer = table.act("pass-cards 5H 6H 7H")
    assert isinstance(answer, str) and answer.startswith("The lesson passes A♠, K♠ and J♥: ")
    assert not table.poll() and table.unread()  # held: the answer is read first
    assert Turn(0, "pass") in poll_until(table, learners_turn(table))
    assert isinstance(table.act("pass-cards 5H 6H 7H"), Played)
    assert not table.following()


def test_a_refused_card_gets_the_engines_reason_not_the_lessons(worker: AIWorker) -> None:
    """A card the rules refuse is refused as at any table ("You must follow ..."): the lesson names its choice only
    against another legal one."""
    table = lesson_table(ROOK_LESSON, worker, "Sam")
    assert table.act("play R14") == "Red 14 is not in your hand"
    table.act("play Y8")
    poll_until(table, learners_turn(table))  # Lindsay, Rob and Christen, then Rob leads and Christen follows
    assert table.session.hand.trick and table.session.hand.to_move == 0
    reason = table.act("play Y9")
    assert isinstance(reason, str) and reason == table.session.hand.check("play Y9") and "book" not in reason


def test_the_hint_is_the_lessons_choice_while_the_script_lasts(worker: AIWorker) -> None:
    table = lesson_table(HEARTS_LESSON, worker, "Sam")
    assert table.request_hint()
    hint = next(intent for intent in table.poll() if isinstance(intent, Hint))
    assert hint.choice.kind == "pass-cards" and set(hint.choice.cards) == {"AS", "KS", "JH"}
    ask = table.ask()
    assert ask is not None
    assert "The lesson passes J♥, K♠ and A♠" not in ask.paragraphs[-1]  # the lesson's own order of them
    assert ask.paragraphs[-1].startswith("The lesson passes A♠, K♠ and J♥: high spades can be made to take "
                                                 "the Queen of spades")


def test_the_script_offers_no_claim_and_the_hearts_lesson_ends_with_the_moon(worker: AIWorker) -> None:
    """While the script lasts nothing is played out at once (the lesson goes card by card); after its last trick the
    learner plays on, shoots the moon and takes the lesson's reward."""
    table = lesson_table(HEARTS_LESSON, worker, "Sam")
    for _ in range(80):
        seen = poll_until(table, learners_turn(table))
        hand = table.session.hand
        if any(isinstance(intent, HandOver) for intent in seen):
            break
        step = HEARTS_LESSON.next_step(hand)
        if step is not None:
            assert not table.claimable()
            assert isinstance(table.act(step.action), Played)
        else:
            assert HEARTS_LESSON.followed(hand) and hand.phase == "play"
            assert isinstance(table.act(hand.legal_actions()[0]), Played)
    hand = table.session.hand
    assert hand.is_done and hand.score_delta() == [0, 26, 26, 26] and table.following()
    assert table.notes()[-1].heading == "The end of the hand"
    assert table.match_over and table.winners == [0]


def test_a_claim_in_the_script_is_refused_as_the_lessons_way_and_after_it_as_at_any_table(worker: AIWorker) -> None:
    """While the script lasts no claim is offered because the lesson plays every card (not because the rest is
    undecided, which nobody has asked); once the learner goes their own way, a claim is judged as at any table
    (RULES.md, the claim: on your lead, once every way to play the rest comes to the same result)."""
    table = lesson_table(ROOK_LESSON, worker, "Sam")
    table.mark_read()
    hand = table.session.hand
    assert hand.to_move == 0 and hand.phase == "play" and not hand.trick  # John's lead, the script's Yellow 8
    assert table.claim() == "The lesson plays this hand one card at a time" and not hand.actions
    table.act("play B5")  # answered with the book's choice, then played
    assert isinstance(table.act("play B5"), Played) and not table.following()
    for _ in range(12):
        poll_until(table, learners_turn(table))
        if not hand.trick:
            break
        table.act(hand.legal_actions()[-1])  # the highest card: the learner takes a trick and leads
    assert hand.to_move == 0 and not hand.trick and not hand.is_done, "the learner's own lead"
    table.session.settled_check(60.0)  # the claim check done, as the window does over frames
    assert table.claim() == "The remaining tricks are not certain yet"


def test_a_book_player_plays_the_script_then_as_normal() -> None:
    hand = ROOK_LESSON.hand()
    hand.apply("play Y8")
    player = BookPlayer(ROOK_LESSON, seed=1)
    assert hand.action_text(player.decide(hand)) == "play Y6"
    hand.pop()
    hand.apply("play Y9")
    assert hand.refusal(player.decide(hand)) is None


def test_a_computer_waiting_for_the_reader_is_not_shown_thinking(worker: AIWorker) -> None:
    """While the words are unread nothing changes by itself: the seat to move is not "thinking" (its dots would
    keep the window drawing frames while the learner reads) and the table awaits nothing."""
    table = lesson_table(ROOK_LESSON, worker, "Sam")
    table.mark_read()
    table.act("play Y8")
    for _ in range(5):
        table.poll()
        table.wait(0.05)
    assert table.unread() and table.status(1) == "" and not table.awaiting()
    table.mark_read()
    assert table.awaiting()
