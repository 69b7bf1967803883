"""The saved match, settings, house rules, statistics, the match history and the review cache (game/store): atomic
writes, and a file that cannot be read is kept aside with one clear line."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import pytest

from game.engine import Match, load_rules
from game.engine.rook import RookHand
from game.store import (
    HistoryStore,
    HouseRulesStore,
    ReviewCache,
    SaveStore,
    Settings,
    SettingsStore,
    StatsStore,
    hand_counts,
)
from game.store.files import UnfinishedMatch, write_atomic
from game.store.seats import SeatStore
from game.table.session import SeatPlan, Session
from tests.support.deals import finished_session, playout_action
from tests.support.kinds import of_kind


def session_for(preset: str = "hearts-classic") -> Session:
    rules = load_rules(preset)
    return Session(Match(rules, seed=3), [SeatPlan(f"P{i}", i == 0, "easy") for i in range(rules.players)])


def restore(data: object) -> Session:
    return Session.from_json(data)


def resumed_from(store: SaveStore) -> Session:
    """The match in ``store``'s file, resumed (asserted: there is one)."""
    session, problem = store.load(restore)
    assert session is not None, problem
    return session


def test_a_saved_match_resumes_exactly_with_its_seats(tmp_path: Path) -> None:
    session = session_for("rook-classic")
    hand = session.hand
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])  # three bids, each the smallest allowed
    store = SaveStore(tmp_path)
    store.save(session.to_json(), session)
    resumed, problem = store.load(restore)
    assert problem == "" and resumed is not None
    assert resumed.hand.record() == hand.record()
    assert resumed.hand.to_move == hand.to_move
    assert [s.name for s in resumed.seats] == ["P0", "P1", "P2", "P3"] and resumed.humans == [0]


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
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
def test_a_bad_save_is_kept_aside_and_named_in_one_line(tmp_path: Path, content: bytes, words: str) -> None:
    """Standards: a bad file gets one clear line naming the file and the problem, is kept aside, defaults used."""
    store = SaveStore(tmp_path)
    store.path.write_bytes(content)
    session, problem = store.load(restore)
    assert session is None
    assert str(store.path) in problem and words in problem and "\n" not in problem
    assert not store.path.exists()
    assert (tmp_path / "match.json.bad").read_bytes() == content


def test_a_save_with_an_illegal_action_is_refused(tmp_path: Path) -> None:
    session = session_for()
    data = session.to_json()
    data["match"]["hands"][0]["actions"] = ["play QS"]  # hearts starts with passing, and QS may not be held
    store = SaveStore(tmp_path)
    store.save(data, session)
    resumed, problem = store.load(restore)
    assert resumed is None and "match.json" in problem


def test_a_new_match_never_replaces_an_unfinished_one_unless_the_player_agreed(tmp_path: Path) -> None:
    """Issue 22: nothing a player has not chosen to end is deleted. The file takes the saves of the match it holds
    (saved or resumed here); another match is saved over an unfinished one only with ``ending=True``."""
    store = SaveStore(tmp_path)
    first = session_for("rook-classic")
    store.save(first.to_json(), first)
    first.hand.apply(first.hand.legal_actions()[0])
    store.save(first.to_json(), first)  # the same match, played on
    content = store.path.read_bytes()
    second = session_for("hearts-classic")
    with pytest.raises(UnfinishedMatch):
        store.save(second.to_json(), second)
    with pytest.raises(UnfinishedMatch):  # a fresh store (the game started again) knows it no better
        SaveStore(tmp_path).save(second.to_json(), second)
    assert store.path.read_bytes() == content
    resumed = resumed_from(SaveStore(tmp_path))
    assert resumed.hand.record() == first.hand.record()
    store.save(second.to_json(), second, ending=True)  # the player agreed to end the first
    assert resumed_from(store).rules.name == "hearts-classic"
    assert list(tmp_path.iterdir()) == [store.path], "an ended match is not kept aside: the player chose to end it"


def test_the_match_resumed_saves_on_and_another_does_not(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = session_for()
    SaveStore(tmp_path).save(first.to_json(), first)  # saved by the game run before
    resumed = resumed_from(store)
    resumed.hand.apply(resumed.hand.legal_actions()[0])
    store.save(resumed.to_json(), resumed)
    assert resumed_from(store).hand.record() == resumed.hand.record()
    with pytest.raises(UnfinishedMatch):  # the object that was resumed before is not the one resumed last
        store.save(resumed.to_json(), resumed)


def test_a_new_match_is_saved_over_a_finished_one_and_a_damaged_one_is_kept_aside_first(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    over = finished_session(2)
    SaveStore(tmp_path).save(over.to_json(), over)
    new = session_for()
    store.save(new.to_json(), new)
    assert resumed_from(store).hand.record() == new.hand.record()
    store.path.write_text("{damaged")
    newer = session_for("rook-classic")
    SaveStore(tmp_path).save(newer.to_json(), newer)
    assert (tmp_path / "match.json.bad").read_text() == "{damaged"
    assert resumed_from(store).rules.name == "rook-classic"


def test_the_store_has_no_way_to_delete_a_save() -> None:
    assert not any(name in dir(SaveStore) for name in ("clear", "delete", "remove", "unlink"))


# --- settings ---

def test_settings_round_trip(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    settings = Settings(card_scale=1.2, sound=False, names=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], default_level="hard",
                        table_colour="wine", card_back="tartan")
    store.save(settings)
    loaded, problem = store.load()
    assert problem == "" and loaded == settings


def test_older_settings_keep_typed_names_and_read_untouched_old_defaults_as_todays(tmp_path: Path) -> None:
    """Settings saved before each seat was named where it sits hold the old default names (You, West, North, East,
    Sam, Alex) among those typed: each old default still in its place is read as today's default there, which a
    table replaces with where the seat sits (game/engine/words.py, seat_name); what a person typed stays as typed,
    and the file keeps its form (six names)."""
    store = SettingsStore(tmp_path)
    store.path.write_text("sound: false\nnames: [You, West, Ann, East, Sam, North]\n")
    settings, problem = store.load()
    assert problem == "" and not settings.sound
    assert settings.names == ["You", "South-west", "Ann", "North", "North-east", "North"]
    assert Settings().names == ["You", "South-west", "North-west", "North", "North-east", "South-east"]
    store.save(settings)
    assert store.load() == (settings, "")


@pytest.mark.parametrize("content, words", [
    ("sound: [unclosed", "while parsing"),
    ("colour: blue\n", "unknown setting 'colour'"),
    ("sound: loud\n", "sound: 'loud' is not allowed; use true or false"),
    ("card_scale: 900\n", "card_scale: 900 is not allowed; use 0.7 to 1.5"),
    ("names: [a, b]\n", "names: use a list of 6 names"),
    ("table_colour: purple\n", "table_colour: 'purple' is not allowed; use one of green, blue, wine, slate"),
    ("card_back: [lattice]\n", "card_back: ['lattice'] is not allowed; use one of lattice, circles, tartan"),
    ("!!python/object/apply:os.system ['echo unsafe']\n", "could not determine a constructor"),
    ("- just\n- a list\n", "expected a mapping of settings"),
])
def test_bad_settings_are_kept_aside_and_the_defaults_used(tmp_path: Path, content: str, words: str) -> None:
    """Issue 6: not valid YAML, unknown fields, wrong types, impossible values, object-constructing tags."""
    store = SettingsStore(tmp_path)
    store.path.write_text(content)
    settings, problem = store.load()
    assert settings == Settings()
    assert words in problem and str(store.path) in problem and "\n" not in problem
    assert (tmp_path / "settings.yaml.bad").read_text() == content and not store.path.exists()


# --- house rules ---

def test_house_rules_are_saved_per_preset_and_loaded_through_the_engine(tmp_path: Path) -> None:
    store = HouseRulesStore(tmp_path)
    store.save("rook-classic", {"min_bid": 80, "bird_rank": "low", "target": 300})  # 300 is the book's: dropped
    text = store.path("rook-classic").read_text()
    assert text.startswith("extends: rook-classic") and "target" not in text
    rules, changes, problem = store.load("rook-classic")
    assert problem == "" and rules.min_bid == 80 and rules.bird_rank == "low" and rules.name == "rook-classic"
    assert changes == {"min_bid": 80, "bird_rank": "low"}
    assert store.load("rook-500")[1] == {}  # other presets keep the book's rules


def test_royal_queens_house_rule_round_trips_as_a_list(tmp_path: Path) -> None:
    store = HouseRulesStore(tmp_path)
    store.save("hearts-royal", {"royal_queens": ("QS", "QD")})
    rules, changes, problem = store.load("hearts-royal")
    assert problem == "" and rules.royal_queens == ("QS", "QD")


def test_a_house_rule_that_changes_nothing_in_the_game_is_let_go_and_the_others_kept(tmp_path: Path) -> None:
    """An earlier version offered the Rook Bird's rank on Original Rook, which has no Bird: such a file still gives
    its other house rules, and the Bird's rank, which changes nothing there, is no longer among the changes."""
    store = HouseRulesStore(tmp_path)
    store.folder.mkdir(parents=True)
    store.path("rook-original-4p").write_text("extends: rook-original-4p\nbird_rank: low\ntarget: 200\n")
    rules, changes, problem = store.load("rook-original-4p")
    assert problem == "" and changes == {"target": 200}
    assert rules == load_rules("rook-original-4p").changed({"target": 200})
    assert store.path("rook-original-4p").exists()


def test_reset_to_preset_removes_the_file(tmp_path: Path) -> None:
    store = HouseRulesStore(tmp_path)
    store.save("hearts-classic", {"hold_hand": True})
    store.save("hearts-classic", {})
    assert not store.path("hearts-classic").exists()
    assert store.load("hearts-classic") == (load_rules("hearts-classic"), {}, "")


@pytest.mark.parametrize("content, words", [
    ("extends: rook-classic\nmin_bid: many\n", "min_bid: 'many' is not allowed"),
    ("extends: rook-classic\nplayers: 5\n", "players is not a house rule of Classic partnership Rook"),
    ("extends: hearts-classic\nmin_bid: 5\n", "must start with 'extends: rook-classic'"),
    ("extends: rook-classic\nmin_bid: 100000000000000000000\n", "min_bid"),
    ("extends: rook-classic\nmin_bid: 73\n", "min_bid: 73 is not a multiple of the bid step"),
    ("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
     "must start with"),
    ("\x00\x01\x02", "special characters"),
])
def test_bad_house_rule_files_are_kept_aside_and_the_book_used(tmp_path: Path, content: str, words: str) -> None:
    store = HouseRulesStore(tmp_path)
    store.folder.mkdir(parents=True)
    store.path("rook-classic").write_text(content)
    rules, changes, problem = store.load("rook-classic")
    assert rules == load_rules("rook-classic") and changes == {}
    assert words in problem and "rook-classic.yaml" in problem and "\n" not in problem
    assert (store.folder / "rook-classic.yaml.bad").exists()


# --- statistics ---

def test_statistics_add_up_per_preset_and_name(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.add("hearts-classic", "Ann", {"hands": 1, "points": 5})
    store.add("hearts-classic", "Ann", {"hands": 1, "points": 3, "moons": 1})
    store.add("rook-classic", "Ann", {"hands": 1, "contracts_made": 1})
    table, problem = store.load()
    assert problem == ""
    assert table["hearts-classic"]["Ann"] == {"hands": 2, "points": 8, "moons": 1}
    assert table["rook-classic"]["Ann"] == {"hands": 1, "contracts_made": 1}


def test_hand_counts_name_contracts_and_moons() -> None:
    rules = load_rules("rook-classic")
    hand = of_kind(RookHand, Match(rules, seed=2).hand)
    rng = random.Random(1)
    while not hand.is_done:
        hand.push(playout_action(hand, rng))
    if hand.declarer >= 0:
        key = "contracts_made" if hand.contract_made() else "contracts_set"
        assert hand_counts(hand, hand.declarer)[key] == 1
        assert key not in hand_counts(hand, (hand.declarer + 1) % 4)
    assert hand_counts(hand, 0)["hands"] == 1


def test_bad_statistics_are_kept_aside(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.path.write_text('{"format": "trickhouse-statistics/1", "presets": {"x": {"Ann": {"wins": "lots"}}}}')
    table, problem = store.load()
    assert table == {} and "statistics.json" in problem and (tmp_path / "statistics.json.bad").exists()


# --- the match history and the review cache (issue 18) ---


def test_the_history_keeps_the_last_50_matches_newest_first_with_their_scores(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    assert store.load(restore) == ([], "")
    sessions = [finished_session(seed) for seed in range(3)]
    for i, session in enumerate(sessions):
        assert store.add(session.to_json(), restore, finished=f"2026-11-2{i}T10:00") == ""
    past, problem = store.load(restore)
    assert problem == "" and [p.finished for p in past] == ["2026-11-22T10:00", "2026-11-21T10:00", "2026-11-20T10:00"]
    for entry, session in zip(past, reversed(sessions)):
        assert entry.session.match.scores == session.match.scores and entry.session.match.winners
        assert [h.record() for h in entry.session.match.history] == [h.record() for h in session.match.history]
        assert entry.session.score_columns() == session.score_columns() and entry.session.humans == [0]
    data = json.loads(store.path.read_text())
    hands = [hand for entry in data["matches"] for hand in entry["saved"]["match"]["hands"]]
    assert hands and all("rules" not in hand for hand in hands), "each match's rules are written once"
    for seed in range(3, 52):
        store.add(past[seed % 3].saved, restore, finished=f"match {seed}")
    past, _ = store.load(restore)
    assert len(past) == 50 and past[0].finished == "match 51" and past[-1].finished == "2026-11-22T10:00"


def test_the_history_refuses_a_match_that_does_not_restore(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    with pytest.raises(ValueError):
        store.add({"match": {}, "seats": []}, restore)
    assert not store.path.exists()


@pytest.mark.parametrize("content, words", [
    (b"{not json", "Expecting"),
    (b'{"format": "trickhouse-history/1"}', "'matches' must list"),
    (b'{"format": "trickhouse-history/1", "matches": [{"finished": "x", "saved": {}}]}', "cannot be used"),
    (b'{"format": "trickhouse-save/1", "matches": []}', "not a Trickhouse match history"),
])
def test_a_bad_history_is_kept_aside_and_a_new_one_begins(tmp_path: Path, content: bytes, words: str) -> None:
    store = HistoryStore(tmp_path)
    store.path.write_bytes(content)
    past, problem = store.load(restore)
    assert past == [] and str(store.path) in problem and words in problem and "\n" not in problem
    assert store.path.with_name("history.json.bad").read_bytes() == content and not store.path.exists()
    store.path.write_bytes(content)
    assert words in store.add(finished_session(1).to_json(), restore)  # the match is kept all the same
    assert len(store.load(restore)[0]) == 1


def test_the_review_cache_keeps_reviews_by_key_and_sets_a_damaged_one_aside(tmp_path: Path) -> None:
    cache = ReviewCache(tmp_path)
    key = "0123456789abcdef0123456789abcdef"
    cache.put(key, {"key": key, "n": 1})
    assert cache.get(key, lambda data: data["n"]) == (1, "")
    cache.path(key).write_text("{damaged")
    value, problem = cache.get(key, lambda data: data["n"])
    assert value is None and str(cache.path(key)) in problem and "worked out again" in problem
    assert cache.path(key).with_name(f"{key}.json.bad").exists() and not cache.path(key).exists()
    cache.put(key, {"key": "another", "n": 1})
    assert cache.get(key, lambda data: data["n"])[0] is None
    for bad in ("../x", "ABC", "", 5):
        with pytest.raises(ValueError):
            cache.path(bad)  # type: ignore[arg-type]  # 5: not text, as a damaged file may hold


# --- only a damaged file is set aside, one history match at a time, and .bad files never overwrite (issue 22) ---

# how the game loads a store's file (with a restore of its own, for the kinds that take one): what it read, and
# last the problem ("" for none)
Load = Callable[..., tuple[object, ...]]


def written_store(kind: str, folder: Path) -> tuple[Path, Load]:
    """A store of ``kind`` with a good file in ``folder``, and how the game loads it: (path, load)."""
    if kind == "save":
        saves = SaveStore(folder)
        session = session_for()
        saves.save(session.to_json(), session)
        return saves.path, lambda restore=restore: saves.load(restore)
    if kind == "history":
        history = HistoryStore(folder)
        history.add(finished_session(1).to_json(), restore)
        return history.path, lambda restore=restore: history.load(restore)
    if kind == "review":
        cache, key = ReviewCache(folder), "0123456789abcdef0123456789abcdef"
        cache.put(key, {"key": key})
        return cache.path(key), lambda restore=dict: cache.get(key, restore)
    if kind == "settings":
        settings = SettingsStore(folder)
        settings.save(Settings(sound=False))
        return settings.path, lambda restore=None: settings.load()
    if kind == "house rules":
        house = HouseRulesStore(folder)
        house.save("rook-classic", {"min_bid": 80})
        return house.path("rook-classic"), lambda restore=None: house.load("rook-classic")
    if kind == "statistics":
        stats = StatsStore(folder)
        stats.add("rook-classic", "Ann", {"hands": 1})
        return stats.path, lambda restore=None: stats.load()
    seats = SeatStore(folder)
    seats.keep("hosted", "ABC123", "secret", 0)
    return seats.path, lambda restore=None: seats.load()


STORE_KINDS = ["save", "history", "review", "settings", "house rules", "statistics", "seats"]


@pytest.mark.parametrize("kind", STORE_KINDS)
def test_a_bug_while_loading_is_not_taken_for_a_damaged_file(tmp_path: Path, kind: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: only what a damaged file raises (the system's refusal, text that is not JSON or YAML, the checks'
    ValueError) sets a file aside; a bug in the game (here a TypeError while reading) is raised as itself, and the
    good file stays where it is."""
    path, load = written_store(kind, tmp_path)
    content = path.read_bytes()

    def bug(*args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a bug in the game, not in the file")

    read_text = type(path).read_text

    # reading this file, and only this one, meets the bug
    def read_with_a_bug(self: Path, encoding: str | None = None, errors: str | None = None) -> str:
        return bug() if self == path else read_text(self, encoding, errors)

    with monkeypatch.context() as patched:
        patched.setattr(type(path), "read_text", read_with_a_bug)
        with pytest.raises(TypeError, match="a bug in the game"):
            load()
    assert path.read_bytes() == content and not list(tmp_path.rglob("*.bad"))
    if kind in ("save", "history", "review"):  # a restore with a bug in it
        with pytest.raises(TypeError, match="a bug in the game"):
            load(bug)
        assert path.read_bytes() == content and not list(tmp_path.rglob("*.bad"))


@pytest.mark.parametrize("kind", STORE_KINDS)
def test_two_bad_files_one_after_the_other_are_both_kept(tmp_path: Path, kind: str) -> None:
    """Issue 22: a .bad file never overwrites an earlier one: the first is <name>.bad, the next <name>.1.bad."""
    path, load = written_store(kind, tmp_path)
    for n, damage in enumerate([b"{first damage", b"{second damage", b"{third damage"]):
        path.write_bytes(damage)
        problem = load()[-1]
        assert isinstance(problem, str)
        bad = path.with_name(path.name + (".bad" if n == 0 else f".{n}.bad"))
        assert bad.name in problem and bad.read_bytes() == damage
    assert path.with_name(path.name + ".bad").read_bytes() == b"{first damage"


def test_one_bad_match_in_the_history_is_set_aside_alone_and_the_others_kept(tmp_path: Path) -> None:
    """Issue 22: a match of the history that no longer restores is kept in a .bad file of its own (nothing is lost),
    the player is told in one line naming the file and the problem, and every other match stays in the history."""
    store = HistoryStore(tmp_path)
    sessions = [finished_session(seed) for seed in range(4)]
    for i, session in enumerate(sessions):
        store.add(session.to_json(), restore, finished=f"2026-11-2{i}T10:00")
    data = json.loads(store.path.read_text())
    broken = data["matches"][1]
    broken["saved"]["match"]["hands"][0]["actions"][0] = "play QS"  # hearts starts with passing
    store.path.write_text(json.dumps(data))
    past, problem = store.load(restore)
    assert [p.finished for p in past] == ["2026-11-23T10:00", "2026-11-21T10:00", "2026-11-20T10:00"]
    assert problem.splitlines() == [problem] and str(store.path) in problem and "history.json.bad" in problem
    assert "2026-11-22 10:00" in problem and "QS" in problem
    kept = json.loads(store.path.with_name("history.json.bad").read_text())
    assert kept["matches"] == [broken], "the bad match is kept as it was"
    assert [p.finished for p in store.load(restore)[0]] == [p.finished for p in past] and \
        store.load(restore)[1] == "", "the history now holds the good matches only"
    store.add(sessions[0].to_json(), restore, finished="2026-11-25T10:00")
    assert len(store.load(restore)[0]) == 4
