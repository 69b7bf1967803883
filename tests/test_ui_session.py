"""The table's model (game/ui/session.py, no pygame) and the scene stack, tested without a window."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pygame

from game.ai.search import SearchPlayer
from game.engine import Match, load_rules
from game.table.session import SeatPlan, Session
from game.ui.scene import Scene, SceneStack
from tests.support.kinds import of_kind


def session_with(preset: str, humans: list[int], seed: int = 4) -> Session:
    rules = load_rules(preset)
    return Session(Match(rules, seed=seed), [SeatPlan(f"P{i}", i in humans, "easy") for i in range(rules.players)])


def advance_to_play(session: Session) -> None:
    hand = session.hand
    rng = random.Random(1)
    while hand.phase != "play":
        hand.push(hand.random_action(rng))


def test_undo_takes_back_the_humans_last_play_and_what_followed() -> None:
    """Issue: Undo of one's last play in games against the computer."""
    session = session_with("hearts-classic", humans=[0])
    advance_to_play(session)
    hand = session.hand
    rng = random.Random(2)
    while hand.to_move != 0:
        hand.push(hand.random_action(rng))
    before = hand.record()
    hand.apply(hand.legal_actions()[0])
    for _ in range(2):
        hand.push(hand.random_action(rng))
    assert session.can_undo()
    assert session.undo()
    assert session.hand.record() == before
    assert session.hand.to_move == 0


def test_no_undo_in_hot_seat_or_before_a_play() -> None:
    """Issue: never in hot-seat."""
    hot = session_with("hearts-classic", humans=[0, 1])
    advance_to_play(hot)
    hand = hot.hand
    rng = random.Random(3)
    while not any(s in (0, 1) for trick in hand.view(0).tricks for s, _ in trick.cards):
        hand.push(hand.random_action(rng))
    assert not hot.can_undo() and not hot.undo()
    solo = session_with("rook-classic", humans=[0])
    assert not solo.can_undo()


def test_rook_2p_names_the_dummy() -> None:
    session = session_with("rook-2p", humans=[0])
    assert session.hand.n == 3 and session.name(2) == "Dummy" and not session.is_human(2)


FRAME = pygame.Surface((1, 1))  # what the probes are given to draw on and to handle: they only count the calls
EVENT = pygame.event.Event(pygame.USEREVENT)


class Probe(Scene):
    def __init__(self, name: str, transparent: bool = False, consume: bool = True, passes: bool = False) -> None:
        self.name = name
        self.transparent = transparent
        self.pass_events = passes
        self.consume = consume
        self.calls: list[str] = []

    def enter(self) -> None:
        self.calls.append("enter")

    def exit(self) -> None:
        self.calls.append("exit")

    def pause(self) -> None:
        self.calls.append("pause")

    def resume(self) -> None:
        self.calls.append("resume")

    def layout(self) -> None:
        self.calls.append("layout")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.calls.append("event")
        return self.consume

    def update(self, dt: float) -> None:
        self.calls.append("update")

    def draw(self, surface: pygame.Surface) -> None:
        self.calls.append("draw")


def test_scene_stack_lifecycle_and_overlays() -> None:
    stack = SceneStack()
    table, dialog = Probe("table"), Probe("dialog", transparent=True, consume=False, passes=True)
    stack.push(table)
    stack.push(dialog)
    assert table.calls == ["enter", "layout", "pause"] and dialog.calls == ["enter", "layout"]
    stack.update(0.1)
    stack.draw(FRAME)
    assert table.calls[-2:] == ["update", "draw"] and dialog.calls[-2:] == ["update", "draw"]
    stack.handle_event(EVENT)
    assert dialog.calls[-1] == "event" and table.calls[-1] == "event"  # not consumed: passed down
    opaque = Probe("hand-off")
    stack.push(opaque)
    table.calls.clear()
    stack.draw(FRAME)
    stack.handle_event(EVENT)
    assert table.calls == [] and opaque.calls[-1] == "event"
    stack.pop(opaque)
    stack.pop(dialog)
    assert table.calls[-1] == "resume" and dialog.calls[-1] == "exit"


def play_decisions(session: Session, count: int) -> list[str]:
    """The next ``count`` actions the computer seats choose (every seat a computer), applied as they come."""
    chosen = []
    for _ in range(count):
        hand = session.hand
        text = hand.action_text(session.players[hand.to_move].decide(hand))
        hand.apply(text)
        chosen.append(text)
    return chosen


def test_a_resumed_match_makes_the_same_computer_decisions_as_one_played_without_a_break() -> None:
    """Issue 15: a computer seat's seed comes from the match seed and its seat the same way in every run (never
    Python's salted hash() of text), and Hard's worlds come from that seed and the position alone, so a match
    saved and resumed in another process plays on exactly as it would have."""
    rules = load_rules("rook-2p")
    seats = [SeatPlan(f"P{i}", False, "hard") for i in range(rules.players)]
    unbroken = Session(Match(rules, seed="club night"), seats, hard_budget=30)
    first = play_decisions(unbroken, 12)
    saved = json.loads(json.dumps(unbroken.to_json()))
    later = play_decisions(unbroken, 10)
    resumed = Session.from_json(saved, hard_budget=30)
    assert play_decisions(resumed, 10) == later and len(first) == 12
    # and in another process, whose hash() of text differs
    script = ("import json, sys; from game.table.session import Session; "
              "s = Session.from_json(json.loads(sys.stdin.read()), hard_budget=30); "
              "print(json.dumps({i: p.seed for i, p in s.players.items()}))")
    seeds = {str(i): of_kind(SearchPlayer, p).seed for i, p in resumed.players.items()}  # every seat Hard
    for hash_seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", script], input=json.dumps(saved), capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": hash_seed}, timeout=300, check=True)
        assert json.loads(out.stdout) == seeds
