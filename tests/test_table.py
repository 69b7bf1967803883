"""The table controller runs whole matches without a window (issue 16): computer seats through the AI worker,
hot-seat humans driven by the test as a player would (a hand-off before each one's turn, then their decision),
statistics and saves at the right moments, the score sheet, the next hand and game over; the controller never
touches pygame."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.ai.worker import AIWorker
from game.engine import Match, load_rules, preset_names
from game.engine.claim import settled
from game.engine.refusals import Refusal
from game.engine.rook import RookHand
from game.engine.rules import DUMMY_SEAT
from game.review import hint_player
from game.store import HistoryStore, StatsAndHistory, StatsStore
from game.table import SeatPlan, Session, TableController
from game.table.intents import Claimed, HandOff, HandOver, Hint, Intent, MatchOver, Message, NewHand, Played, Turn
from tests.support.deals import position_where, table_session
from tests.support.kinds import hearts_part, of_kind


@pytest.fixture(scope="module")
def worker() -> Iterator[AIWorker]:
    worker = AIWorker(search_process=False)
    yield worker
    worker.close()


# options: TableController's own keywords, passed on as they are
def table(preset: str, humans: list[int], worker: AIWorker | None, level: str = "easy", seed: int = 1,
          **options: Any) -> TableController:
    """A table of ``preset`` whose ``humans`` are people, its Hint the hand review's (as the window's and the
    server's are)."""
    rules = load_rules(preset)
    seats = [SeatPlan(f"P{i}", i in humans, level) for i in range(rules.players)]
    return TableController(Session(Match(rules, seed=seed), seats), worker, **{"hint": hint_player, **options})


def kept_in(folder: Path) -> StatsAndHistory:
    """Statistics and match history kept in ``folder``, as the window keeps them in the user's data folder."""
    return StatsAndHistory(StatsStore(folder), HistoryStore(folder))


class Players:
    """The people at the table, played by the test: each decides with the Normal rules from its own view."""

    def __init__(self, controller: TableController) -> None:
        self.controller = controller
        self.player = make_player("normal")
        self.at_screen: int | None = controller.handed_to
        self.log: list[Intent] = []
        self.computer_plays = 0

    def answer(self, intent: Intent) -> None:
        controller = self.controller
        self.log.append(intent)
        if isinstance(intent, HandOff):
            self.at_screen = intent.seat
            controller.take_over(intent.seat)
        elif isinstance(intent, Played):  # from poll: a computer's decision
            self.computer_plays += 1
        elif isinstance(intent, Turn):
            assert intent.seat == self.at_screen == controller.hand.to_move, "a turn for a player not at the screen"
            assert controller.session.is_human(intent.seat)
            hand = controller.hand
            played = controller.act(hand.action_text(self.player.decide(hand)))
            assert isinstance(played, Played), played
            self.log.append(played)


def run_match(controller: TableController, players: Players, most_hands: int = 60) -> MatchOver:
    hands = 0
    while True:
        intents = controller.poll()
        if not intents:
            controller.wait(1.0)
            continue
        for intent in intents:
            players.log.append(intent)
            if isinstance(intent, HandOver):
                hands += 1
                assert hands <= most_hands, "the match went on far too long"
                following = controller.next_hand()
                if isinstance(following, MatchOver):
                    return following
                assert isinstance(following, NewHand)
            else:
                players.answer(intent)


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_is_played_to_game_over_without_a_window(preset: str, worker: AIWorker) -> None:
    """Computers in every seat but two hot-seat humans: the match ends with winners and every hand's points."""
    rules = load_rules(preset)
    humans = [0, 1]
    controller = table(preset, humans, worker, seed=len(preset))
    players = Players(controller)
    over = run_match(controller, players)
    match = controller.session.match
    assert match.is_over and list(over.outcome.winners) == match.winners
    turns = [i for i in players.log if isinstance(i, Turn)]
    assert turns and {t.seat for t in turns} <= set(humans)
    # hot-seat: a hand-off comes before the first decision of each player after another player's
    shown = None
    for intent in players.log:
        if isinstance(intent, HandOff):
            shown = intent.seat
        elif isinstance(intent, Turn):
            assert intent.seat == shown
        elif isinstance(intent, NewHand):
            shown = None
    assert players.computer_plays or rules.players == 2, "the computer seats played through the worker"


def test_one_human_against_computers_gets_no_hand_offs_and_statistics_count_every_hand(worker: AIWorker,
                                                                                       tmp_path: Path) -> None:
    stats = StatsStore(tmp_path)  # the one kept_in(tmp_path) writes
    saves = []
    controller = table("hearts-classic", [0], worker, records=kept_in(tmp_path),
                       save=lambda s: saves.append(s.finished_hands()))
    players = Players(controller)
    run_match(controller, players)
    assert not any(isinstance(i, HandOff) for i in players.log)
    table_stats, problem = stats.load()
    counts = table_stats["hearts-classic"]["P0"]
    match = controller.session.match
    assert not problem and counts["matches"] == 1 and counts["hands"] == len(match.history) + 1
    assert counts.get("wins", 0) == int(0 in match.winners)
    assert saves and saves[-1] == len(match.history) + 1, "saved after counting the last hand"
    assert len(saves) >= sum(len(h.actions) for h in match.history), "saved after every action"



def test_game_over_keeps_the_match_in_the_history_once(worker: AIWorker, tmp_path: Path) -> None:
    """Issue 18: the finished match goes into the match history (off the caller's thread), with its seats, and
    polling the finished table again does not add it twice."""
    history = HistoryStore(tmp_path)
    controller = table("hearts-classic", [0], worker, records=kept_in(tmp_path), seed=4)
    assert isinstance(run_match(controller, Players(controller)), MatchOver)
    writing = controller.history_writing
    assert writing is not None
    writing.result(60)
    controller.poll()
    assert controller.history_writing is writing and writing.done()
    past, problem = history.load(Session.from_json)
    assert problem == "" and len(past) == 1
    kept = past[0].session
    assert kept.match.winners == controller.session.match.winners and kept.humans == [0]
    assert [h.record() for h in kept.match.history] == [h.record() for h in controller.session.match.history]
    assert kept.hand.record() == controller.session.hand.record()


def test_a_match_not_over_is_not_kept_in_the_history(worker: AIWorker, tmp_path: Path) -> None:
    history = HistoryStore(tmp_path)
    controller = table("hearts-classic", [], worker, records=kept_in(tmp_path))
    while not controller.hand.is_done:
        if not controller.poll():
            controller.wait(1.0)
    controller.poll()
    assert controller.history_writing is None and history.load(Session.from_json) == ([], "")

def test_computers_are_paced_and_a_refused_action_changes_nothing(worker: AIWorker) -> None:
    """A computer's answer waits out the pause (so people can follow it); a person's illegal action is refused
    with the engine's reason."""
    now = [0.0]
    first = Match(load_rules("rook-classic"), seed=3).hand.to_move  # a computer bids first, then the human
    human = (first + 1) % 4
    controller = table("rook-classic", [human], worker, pause=lambda: 2.0, clock=lambda: now[0], seed=3)
    for _ in range(200):
        assert not any(isinstance(i, Played) for i in controller.poll())
        controller.wait(1.0)
        if controller.decision is not None and controller.decision.done:
            break
    assert controller.decision is not None and controller.decision.done
    assert not controller.poll(), "answered, but the pause is not over"
    now[0] = 2.5
    played = controller.poll()
    assert len(played) == 1 and isinstance(played[0], Played) and played[0].seat == first
    turn = controller.poll()
    assert turn == [Turn(human, "bid")]
    before = controller.hand.record()
    for illegal in ("bid 72", "play G14", "trump green"):
        reason = controller.act(illegal)
        assert isinstance(reason, Refusal) and controller.hand.said(reason) == controller.hand.check(illegal)
    assert controller.hand.record() == before


def test_not_ready_asks_the_computer_but_plays_nothing(worker: AIWorker) -> None:
    """While the window's cards still move, the computer is asked at once, but its answer waits."""
    controller = table("hearts-classic", [], worker, seed=2)
    assert controller.poll(ready=False) == [] and controller.decision is not None
    controller.wait(2.0)
    assert controller.poll(ready=False) == []
    assert isinstance(controller.poll(ready=True)[0], Played)


def test_a_hint_comes_from_the_worker_and_undo_takes_back_the_last_play(worker: AIWorker) -> None:
    controller = table("hearts-classic", [0], worker, seed=4)
    players = Players(controller)
    while controller.hand.phase != "play" or controller.hand.to_move != 0 or not controller.hand.tricks:
        for intent in controller.poll():
            players.answer(intent)
        controller.wait(1.0)
    assert controller.request_hint()
    for _ in range(100):
        hints = [i for i in controller.poll() if isinstance(i, Hint)]
        if hints:
            break
        controller.wait(0.2)
    assert hints and controller.hand.check(hints[0].choice.text) is None and hints[0].seat == 0
    assert controller.request_hint() and controller.poll()[:1] == hints  # asked again: said again, at once
    before = controller.hand.record()
    assert isinstance(controller.act(hints[0].choice.text), Played)
    assert controller.undo() == "Your last play was taken back"
    assert controller.hand.record() == before


def test_undo_with_nothing_to_undo_leaves_the_hint_being_worked_out(worker: AIWorker) -> None:
    """Undo before the player has played a card this hand says there is nothing to undo and changes nothing: it
    cancelled the searches under way (a Hint asked for, a computer's decision) before it found that out, now that
    U answers also when the Undo button is not drawn."""
    controller = table("hearts-classic", [0], worker, seed=4)
    players = Players(controller)
    for _ in range(200):  # to the person's first card of the hand, not played
        intents = controller.poll()
        if controller.hand.phase == "play" and any(isinstance(intent, Turn) for intent in intents):
            break
        for intent in intents:
            players.answer(intent)
        controller.wait(1.0)
    assert controller.persons_turn() and controller.hand.phase == "play"
    assert controller.request_hint() and controller.hint_decision is not None
    asked = controller.hint_decision
    assert controller.undo() == "Nothing to undo"
    assert controller.hint_decision is asked and not asked.cancelled, "the hint is still being worked out"


def test_a_table_handed_no_hint_gives_none(worker: AIWorker) -> None:
    """The hint is what the table's maker hands it (the hand review's search): without one, asking for a hint on the
    person's turn is refused and nothing is searched."""
    controller = table("hearts-classic", [0], worker, hint=None, seed=4)
    while not controller.decision_due(0):
        controller.poll()
        controller.wait(1.0)
    assert controller.persons_turn() and not controller.request_hint()
    assert controller.hint_decision is None and not any(isinstance(i, Hint) for i in controller.poll())


def test_a_table_made_without_a_worker_gives_no_hint_and_says_so_at_a_computers_turn() -> None:
    """A table made without an AI worker (a match already over, tests of a server's parts) has nothing to think
    with: a hint is refused, and a computer's turn there is a plain error rather than a crash inside the worker."""
    people = table("hearts-classic", [0, 1, 2, 3], None, seed=4)
    seat = people.hand.to_move
    assert people.persons_turn(seat) and not people.request_hint(seat) and people.hint_decision is None
    computers = table("hearts-classic", [], None, seed=4)
    with pytest.raises(RuntimeError, match="without an AI worker"):
        computers.poll()


def test_a_hint_is_a_legal_action_for_every_decision(worker: AIWorker) -> None:
    """Hint (H) at every kind of decision of rook-500-5p (bid, nest, trump, order, call, play): the worker's answer
    is one the engine accepts. (Hints for the first plays only: each is a whole search.)"""
    controller = table("rook-500-5p", [0, 1, 2, 3, 4], worker)
    hand = controller.hand
    rng = random.Random(5)
    phases = set()
    while not hand.is_done:
        controller.take_over(hand.to_move)
        if hand.phase == "play" and hand.tricks:  # the first trick's plays are hinted
            controller.act(hand.action_text(hand.random_action(rng)))
            continue
        assert controller.request_hint()
        hints = []
        for _ in range(100):
            hints = [i for i in controller.poll() if isinstance(i, Hint)]
            if hints:
                break
            controller.wait(0.2)
        assert hints and hand.check(hints[0].choice.text) is None, (hand.phase, hints)
        phases.add(hand.phase)
        action = hand.action_text(hand.random_action(rng)) if hand.phase == "play" else hints[0].choice.text
        assert isinstance(controller.act(action), Played)
    assert {"bid", "nest", "trump", "order", "call", "play"} <= phases


def test_the_engine_says_which_person_decides_first_when_that_is_certain() -> None:
    """Issue 32, item 6: hot-seat hides a hand as soon as another person is next (the engine says who, from the
    order of play); while that depends on cards not yet played (who takes the trick) it cannot say."""
    led = position_where("hearts-classic", lambda h: h.phase == "play" and len(h.trick) == 1 and h.leader == 0)
    assert led.first_to_decide([0, 2]) == 2 and led.first_to_decide([0]) is None
    last = position_where("hearts-classic", lambda h: h.phase == "play" and len(h.trick) == 3 and h.to_move == 3)
    assert last.first_to_decide([0, 2]) is None and last.first_to_decide([3, 2]) == 3
    leading = position_where("hearts-classic", lambda h: h.phase == "play" and not h.trick and h.to_move == 1)
    assert leading.first_to_decide([0, 2]) == 2 and leading.first_to_decide([3, 0]) == 3
    auction = position_where("rook-classic", lambda h: h.phase == "bid" and h.to_move == 1)
    assert auction.first_to_decide([1]) == 1 and auction.first_to_decide([0, 2]) is None
    # decision 22: the non-bidder decides the dummy's plays, so the dummy's turn is theirs
    dummy = of_kind(RookHand, position_where("rook-2p", lambda h: h.phase == "play" and len(h.trick) == 1 and
                                             h.turn == DUMMY_SEAT))
    defender = 1 - dummy.declarer
    assert dummy.to_move == defender and dummy.first_to_decide([defender]) == defender
    ahead = of_kind(RookHand, position_where("rook-2p", lambda h: h.phase == "play" and not h.trick and
                                             h.turn == of_kind(RookHand, h).declarer and
                                             h.play_order[of_kind(RookHand, h).declarer][1] == DUMMY_SEAT))
    assert ahead.first_to_decide([1 - ahead.declarer]) == 1 - ahead.declarer


def test_hot_seat_shows_a_hand_only_while_its_player_is_sure_to_decide_next(worker: AIWorker) -> None:
    """Issue 32, item 6, at the table: people in seats 0 and 2, computers between them. Seat 0's hand shows on its
    turn, and is hidden once it has led (seat 2 plays in this trick before seat 0 decides again)."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and not h.trick and h.to_move == 0)
    session = table_session(hand, humans=1)
    session.seats[2].human = True
    controller = TableController(session, worker)
    controller.take_over(0)
    assert controller.may_show_hand(0) and not controller.may_show_hand(2)
    assert isinstance(controller.act(hand.legal_actions()[0]), Played)
    assert session.hand.to_move == 1 and not controller.may_show_hand(0) and not controller.may_show_hand(2)


def test_a_claim_plays_out_the_rest_when_nothing_can_change(worker: AIWorker) -> None:
    """Computers claim by themselves once no play can change the result; the claim reports every card played. The
    position, a computer on lead with the rest settled, comes from random legal play, not from a computer's
    choices."""
    hand = position_where("rook-classic", lambda h: h.phase == "play" and not h.trick and len(h.tricks) >= 4
                          and settled(h))
    controller = TableController(table_session(hand, humans=0), worker)
    claims: list[Claimed] = []
    deadline = time.monotonic() + 60  # only stops a hang: the claim is worked out a few milliseconds a poll
    while not claims and time.monotonic() < deadline:
        claims += [intent for intent in controller.poll() if isinstance(intent, Claimed)]
    assert claims and controller.hand.phase != "play"
    played = [e for e in claims[0].events if e.kind == "card-played"]
    assert len(played) == sum(held.bit_count() for held in hand.held) and claims[0].events[-1].kind == "hand-over"


def test_asking_whether_the_rest_is_settled_does_no_work_on_it() -> None:
    """``play_is_settled`` gives the claim check's answer so far and takes no step of it: the window asks it for its
    buttons, and only ``settled_check`` may spend its few milliseconds a frame; it took a step on every question."""
    hand = position_where("rook-classic", lambda h: h.phase == "play" and not h.trick and len(h.tricks) >= 4
                          and settled(h))
    session = table_session(hand)
    for _ in range(10000):  # far more questions than the check has steps
        assert not session.play_is_settled()
    assert not session.claim_known(), "asking alone worked the check out"
    assert session.settled_check(60.0) is True and session.play_is_settled()


def test_a_statistics_file_that_cannot_be_read_is_named_in_a_message(worker: AIWorker, tmp_path: Path) -> None:
    (tmp_path / "statistics.json").write_text("{not json")
    controller = table("rook-beginner", [0], worker, records=kept_in(tmp_path))
    players = Players(controller)
    while not controller.hand.is_done:
        for intent in controller.poll():
            players.answer(intent)
        controller.wait(1.0)
    messages = [i for i in controller.poll() if isinstance(i, Message)]
    assert messages and "statistics.json" in messages[0].text and ".bad" in messages[0].text


def test_the_table_package_runs_without_pygame() -> None:
    """game/table is plain Python: it imports and plays a hand with pygame made unimportable."""
    script = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'pygame':
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
from game.ai.worker import AIWorker
from game.engine import Match, load_rules
from game.table import SeatPlan, Session, TableController
worker = AIWorker(search_process=False)
rules = load_rules('rook-2p')
controller = TableController(Session(Match(rules, seed=1), [SeatPlan('A', False), SeatPlan('B', False)]), worker)
while not controller.hand.is_done:
    controller.poll()
    controller.wait(1.0)
print('ok', 'pygame' in sys.modules)
worker.close()
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok False"


def test_saved_matches_from_before_the_controller_load_and_play_on(worker: AIWorker) -> None:
    """A match.json of the earlier format (tests/golden/saves.json) resumes and plays to its next hand."""
    from tests.support.golden import SAVES
    for pinned in SAVES.values():
        session = Session.from_json(json.loads(json.dumps(pinned["save"])))
        for plan in session.seats:
            plan.human = False
        controller = TableController(Session(session.match, session.seats), worker)
        number = len(controller.session.match.history)
        while len(controller.session.match.history) == number:
            for intent in controller.poll():
                if isinstance(intent, HandOver):
                    assert isinstance(controller.next_hand(), NewHand)
            controller.wait(1.0)
        assert controller.hand.phase != "done" and not controller.hand.actions


def test_players_elsewhere_pass_at_once_and_a_pass_ahead_waits_for_its_turn(worker: AIWorker) -> None:
    """Issue 32, item 17: "in a Hearts pass the host got no pass dialog until the other player had passed (at a
    table everyone passes at once)". Book 002: each player chooses before any cards change hands. With two players
    at other computers, both are told at once; the one the engine takes second may choose first: the engine checks
    it, the table keeps it (Held), refuses a second choice, and applies it at that seat's turn, so the hand's
    record is the one the engine's own order makes."""
    from game.table.intents import Held
    match = Match(load_rules("hearts-classic"), seed=5)
    hand = match.hand
    first = hand.to_move
    second = hand.next_seat(first)
    seats = [SeatPlan(f"P{seat}", False, "easy", online=seat in (first, second)) for seat in range(4)]
    session = Session(match, seats)
    controller = TableController(session, worker)
    assert set(controller.poll()) == {Turn(first, "pass"), Turn(second, "pass")}
    not_held = hand.view(second).choose_cards([*hand.view(second).hand[:2], hand.view(first).hand[0]])
    refused = controller.act(not_held, second)
    assert isinstance(refused, Refusal) and refused == hand.why_not_for(second, not_held)
    assert hand.said(refused) == f"{hand.rules.player_card_name(hand.view(first).hand[0])} is not in your hand"
    ahead = hand.view(second).choose_cards(hand.view(second).hand[:3])
    assert controller.act(ahead, second) == Held(second)
    refused = controller.act(ahead, second)
    assert isinstance(refused, Refusal) and \
        hand.said(refused) == "Your choice is made: it counts once the others have chosen"
    assert controller.poll() == [] and hand.to_move == first and hand.view(second).cards_to_choose == 3
    mine = hand.view(first).choose_cards(hand.view(first).hand[:3])
    assert isinstance(controller.act(mine, first), Played)
    applied = controller.poll()
    assert applied == [Played(second, ahead, of_kind(Played, applied[0]).events)]
    assert hearts_part(hand.view(second)).passing
    assert hand.record()["actions"][:2] == [mine, ahead]
