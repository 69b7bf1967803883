"""Crash safety (issue 8): the game is killed (SIGKILL) at random moments while it plays and saves after every
action; Continue must always resume a valid match, and no save may ever be unreadable or set aside.
``python -m bench crash`` does the same with hundreds of kills."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.crash import check_save, crash
from game.engine import Match, load_rules
from game.store import SaveStore
from game.table.session import SeatPlan, Session

pytestmark = pytest.mark.slow  # kills the real game at random moments while it saves

KILLS = 25


def test_every_kill_leaves_a_save_that_continue_resumes(tmp_path: Path) -> None:
    """Atomic saves: whenever the process dies, the save is the old file or the new one, never a broken one, and
    leftover temporary files do not get in the way."""
    tally = crash(KILLS, seed=8, folder=tmp_path)
    assert tally.failures == 0, tally.examples
    assert tally.kills == tally.saves_checked == tally.resumed == KILLS
    # the kills fell during play, not only before the first action (a hand is 56 actions, the first save has none),
    # and some inside a write, where a non-atomic save would be torn
    assert tally.actions_saved > KILLS
    assert tally.mid_save > 0


def saved_session(folder: Path) -> Path:
    rules = load_rules("hearts-classic")
    session = Session(Match(rules, seed=4), [SeatPlan(f"P{i}", False, "easy") for i in range(4)])
    SaveStore(folder).save(session.to_json(), session)
    return folder / "match.json"


def test_the_check_resumes_a_good_save_and_ignores_temporary_files(tmp_path: Path) -> None:
    path = saved_session(tmp_path)
    (tmp_path / "match.json8f2k.tmp").write_text('{"format": "trickhouse-sa')  # a kill in the middle of a write
    assert check_save(tmp_path) == ([], 0)  # the first save comes before any action
    assert json.loads(path.read_text())["match"]["hands"][0]["actions"], "the check played on and saved again"


def test_the_check_catches_a_torn_save(tmp_path: Path) -> None:
    """What a non-atomic write would leave after a kill: the first half of the file."""
    path = saved_session(tmp_path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    problems, actions = check_save(tmp_path)
    assert actions == 0 and problems and "unreadable" in problems[0]
