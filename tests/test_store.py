"""The saved match (game/store): atomic writes, and a file that cannot be read is kept aside with one clear line."""

from __future__ import annotations

import json

import pytest

from game.engine import Match, load_rules
from game.store import SaveStore
from game.store.files import write_atomic
from game.ui.session import SeatPlan, Session


def session_for(preset: str = "hearts-classic") -> Session:
    rules = load_rules(preset)
    return Session(Match(rules, seed=3), [SeatPlan(f"P{i}", i == 0, "easy") for i in range(rules.players)])


def restore(data):
    return Session.from_json(data)


def test_a_saved_match_resumes_exactly_with_its_seats(tmp_path):
    session = session_for("rook-classic")
    hand = session.hand
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])  # three bids, each the smallest allowed
    store = SaveStore(tmp_path)
    store.save(session.to_json())
    resumed, problem = store.load(restore)
    assert problem == ""
    assert resumed.hand.record() == hand.record()
    assert resumed.hand.to_move == hand.to_move
    assert [s.name for s in resumed.seats] == ["P0", "P1", "P2", "P3"] and resumed.humans == [0]


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    write_atomic(tmp_path / "match.json", {"a": 1})
    write_atomic(tmp_path / "match.json", {"a": 2})
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]
    assert json.loads((tmp_path / "match.json").read_text()) == {"a": 2}


@pytest.mark.parametrize("content, words", [
    (b"{not json", "Expecting"),
    (b"\xff\xfe\x00garbage", "decode"),
    (b'{"format": "trickhouse-save/1", "match": {}, "seats": []}', "not a match"),
    (b'["a list"]', "not a Trickhouse save"),
    (b'{"format": "trickhouse-save/1", "match": null, "seats": [{"name": 5}]}', "not a match"),
])
def test_a_bad_save_is_kept_aside_and_named_in_one_line(tmp_path, content, words):
    """Standards: a bad file gets one clear line naming the file and the problem, is kept aside, defaults used."""
    store = SaveStore(tmp_path)
    store.path.write_bytes(content)
    session, problem = store.load(restore)
    assert session is None
    assert str(store.path) in problem and words in problem and "\n" not in problem
    assert not store.path.exists()
    assert (tmp_path / "match.json.bad").read_bytes() == content


def test_a_save_with_an_illegal_action_is_refused(tmp_path):
    session = session_for()
    data = session.to_json()
    data["match"]["hands"][0]["actions"] = ["play QS"]  # hearts starts with passing, and QS may not be held
    store = SaveStore(tmp_path)
    store.save(data)
    resumed, problem = store.load(restore)
    assert resumed is None and "match.json" in problem
