"""Bad files (issue 8): fuzzed settings, house-rule, preset, save, statistics, match history and hand review files are
refused with a clear message.

Standards checked for the user's files (settings, house rules, the save, statistics, and issue 18's match history
and hand reviews kept in their cache): loading never raises, the defaults (or no match) are used, the problem is ONE
line naming the file, and the file is kept aside as ``<name>.bad`` with its bytes intact; a file that happens to be
valid is used and left in place. For presets, ``load_rules`` raises ``RulesError`` naming the file, and nothing
else. YAML is read only with safe loading, so a tag that would construct an object or run a command is refused;
saves, statistics, the history and reviews are JSON; nothing is unpickled or evaluated. The number of files tried
per kind is printed at the end of the module (for the figures in docs/benchmarks.md).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.ai import choose, make_player
from game.engine import Match, Rules, load_rules
from game.engine.rules import RulesError, config_dir
from game.review import HandReview, Review
from game.review.analysis import DECISION_FIELDS
from game.store import HistoryStore, HouseRulesStore, ReviewCache, SaveStore, Settings, SettingsStore, StatsStore
from game.store.settings import RANGES
from game.store.stats import COUNTS
from game.table.session import SeatPlan, Session

pytestmark = pytest.mark.slow  # thousands of damaged files through every loader

GAME = Path(__file__).resolve().parents[1] / "game"
TRIED: Counter[str] = Counter()
MESSAGE_LIMIT = 1000  # a clear message is short: one line, not a dump of the file
DEEP = 10_000
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- loading one file of each kind, in a fresh folder ---


def load_house_rules(folder: Path) -> tuple[object, str]:
    rules, changes, problem = HouseRulesStore(folder).load("hearts-classic")
    return (rules, changes), problem


REVIEW_KEY = "0123456789abcdef0123456789abcdef"
# each store: where its file is in the folder, how the game loads it, and what the game uses when it is refused
Load = Callable[[Path], tuple[object, str]]  # a store's file read from a folder: (what the game uses, the problem)
STORES: dict[str, tuple[str, Load, object]] = {
    "settings": ("settings.yaml", lambda folder: SettingsStore(folder).load(), Settings()),
    "house rules": ("house-rules/hearts-classic.yaml", load_house_rules, (load_rules("hearts-classic"), {})),
    "save": ("match.json", lambda folder: SaveStore(folder).load(Session.from_json), None),
    "statistics": ("statistics.json", lambda folder: StatsStore(folder).load(), {}),
    "history": ("history.json", lambda folder: HistoryStore(folder).load(Session.from_json), []),
    "review": (f"reviews/{REVIEW_KEY}.json", lambda folder: ReviewCache(folder).get(REVIEW_KEY, Review.from_json),
               None),
}


def try_store(kind: str, content: bytes, must_refuse: bool = False) -> str:
    """Load ``content`` as the store's file and check the standard; returns the problem line ("" if used)."""
    TRIED[kind] += 1
    name, load, defaults = STORES[kind]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        value, problem = load(Path(tmp))
        bad = path.with_name(path.name + ".bad")
        if not problem:
            assert not must_refuse, f"{kind}: accepted {content[:200]!r}"
            assert path.read_bytes() == content and not bad.exists(), "a usable file stays where it is"
            return ""
        assert problem.splitlines() == [problem], f"not one line: {problem!r}"
        assert str(path) in problem and bad.name in problem, problem
        assert len(problem) < MESSAGE_LIMIT, problem[:300]
        assert bad.read_bytes() == content and not path.exists(), "the bad file is kept aside, byte for byte"
        assert value == defaults, f"{kind}: not the defaults after {problem}"
        return problem


def try_preset(content: bytes, must_refuse: bool = False) -> str:
    """Load ``content`` as a preset file: a Rules or a RulesError naming the file; returns the message."""
    TRIED["preset"] += 1
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzzed.yaml"
        path.write_bytes(content)
        try:
            rules = load_rules(path)
        except RulesError as err:
            message = str(err)
            assert str(path) in message and len(message) < MESSAGE_LIMIT, message[:300]
            return message
        assert not must_refuse, f"preset: accepted {content[:200]!r}"
        assert isinstance(rules, Rules)
        return ""


def refused_everywhere(content: bytes) -> None:
    for kind in STORES:
        try_store(kind, content, must_refuse=True)
    try_preset(content, must_refuse=True)


# --- valid files to truncate and damage ---


def valid_files() -> dict[str, bytes]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        SettingsStore(folder).save(Settings(card_scale=1.2, names=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]))
        HouseRulesStore(folder).save("hearts-classic", {"target": 50, "moon": "add", "royal_queens": ("QS", "QD")})
        rules = load_rules("hearts-classic")
        session = Session(Match(rules, seed=11), [SeatPlan(f"P{i}", i == 0, "easy") for i in range(4)])
        easy = make_player("easy")
        for _ in range(70):  # a hand and a bit: finished hand records and one in progress
            if session.hand.is_done:
                session.match.next_hand()
            session.hand.apply(choose(easy, session.hand))
        SaveStore(folder).save(session.to_json(), session)
        HistoryStore(folder).add(session.to_json(), Session.from_json)
        review = HandReview(session.match.history[0].record(), seats=[0, 2], worlds=2, measure_worlds=2).run()
        assert review is not None
        ReviewCache(folder).put(REVIEW_KEY, {**review.to_json(), "key": REVIEW_KEY})
        stats = StatsStore(folder)
        stats.add("hearts-classic", "Ann", {"matches": 1, "wins": 1, "hands": 9, "points": 40})
        stats.add("rook-classic", "Bo", {"hands": 3, "contracts_made": 2, "contracts_set": 1})
        return {
            "settings": (folder / "settings.yaml").read_bytes(),
            "house rules": (folder / "house-rules" / "hearts-classic.yaml").read_bytes(),
            "save": (folder / "match.json").read_bytes(),
            "statistics": (folder / "statistics.json").read_bytes(),
            "history": (folder / "history.json").read_bytes(),
            "review": (folder / "reviews" / f"{REVIEW_KEY}.json").read_bytes(),
            "preset": (config_dir() / "rook-500.yaml").read_bytes(),
        }


VALID = valid_files()


def test_the_valid_files_are_used() -> None:
    """The files the damage starts from are good: each loads with no problem."""
    for kind in STORES:
        assert try_store(kind, VALID[kind]) == ""
    assert try_preset(VALID["preset"]) == ""


def load(kind: str, content: bytes, must_refuse: bool = False) -> str:
    return try_preset(content, must_refuse) if kind == "preset" else try_store(kind, content, must_refuse)


KINDS = [*STORES, "preset"]


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(data=st.data())
def test_a_truncated_file_is_used_or_refused_never_a_crash(kind: str, data: st.DataObject) -> None:
    """A crash while writing (or a full disk) can leave any prefix of a file."""
    content = VALID[kind]
    load(kind, content[:data.draw(st.integers(0, len(content) - 1), label="cut at")])


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(data=st.data())
def test_a_damaged_file_is_used_or_refused_never_a_crash(kind: str, data: st.DataObject) -> None:
    """Bytes overwritten at random places: bit rot, a bad copy, an editor's slip."""
    content = bytearray(VALID[kind])
    for _ in range(data.draw(st.integers(1, 8), label="damaged bytes")):
        content[data.draw(st.integers(0, len(content) - 1))] = data.draw(st.integers(0, 255))
    load(kind, bytes(content))


@pytest.mark.parametrize("kind", KINDS)
@FUZZ
@given(content=st.binary(max_size=600))
def test_random_bytes_are_used_or_refused_never_a_crash(kind: str, content: bytes) -> None:
    load(kind, content)


# JSON-like values of every type, nested, with the numbers at their edges
SCALARS = (st.none() | st.booleans() | st.integers() | st.sampled_from([10**100, -1, 0, 2**63, -(10**30)])
           | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([1e308, -1e308, 5e-324])
           | st.text(max_size=20))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
SETTING_NAMES = list(Settings.__dataclass_fields__)
RULE_NAMES = list(Rules.__dataclass_fields__)


def yaml_text(value: object) -> bytes:
    return yaml.safe_dump(value, allow_unicode=True).encode()


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(SETTING_NAMES) | st.text(max_size=10), VALUES, max_size=5))
def test_settings_of_the_wrong_type_or_size_are_used_or_refused(fields: dict[str, Any]) -> None:  # JSON of any kind
    """Known settings with values of any type and size, and unknown ones: a file is used only if every value is of
    the setting's type and within its range."""
    if try_store("settings", yaml_text(fields)):
        return
    defaults = Settings()
    for name, value in fields.items():
        if name in RANGES:
            assert type(value) in (int, float) and RANGES[name][0] <= value <= RANGES[name][1], (name, value)
        else:
            assert type(value) is type(getattr(defaults, name)), (name, value)


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(RULE_NAMES), VALUES, min_size=1, max_size=4),
       preset=st.sampled_from(["hearts-classic", "rook-classic"]))
@example(fields={"bird_privilege": False}, preset="hearts-classic")  # found by the suite: a Rook rule, let go
def test_rules_of_the_wrong_type_or_size_are_refused_or_valid(fields: dict[str, object], preset: str) -> None:
    """Preset fields with random values: RulesError naming the file, or valid rules; as house rules, only the house
    rules of this game are ever used (one of another game, as an earlier version offered the Rook Bird's rank in
    Hearts, is let go and the others kept; any other field refuses the file)."""
    try_preset(yaml_text({"extends": preset, **fields}))
    content = yaml_text({"extends": "hearts-classic", **fields})
    if try_store("house rules", content):
        return
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "hearts-classic.yaml").write_bytes(content)
        rules, changes, _ = HouseRulesStore(Path(tmp)).load("hearts-classic")
    book = load_rules("hearts-classic")
    used = {name for name in Rules.field_docs() if getattr(rules, name) != getattr(book, name)}
    assert used <= set(changes) <= set(book.house_fields()), fields


JSON_KINDS = ("save", "statistics", "history", "review")


@FUZZ
@given(value=VALUES)
def test_any_json_value_as_a_json_file_is_used_or_refused(value: object) -> None:
    text = json.dumps(value).encode()
    for kind in JSON_KINDS:
        try_store(kind, text)


@FUZZ
@given(match=VALUES, seats=VALUES)
def test_a_save_with_the_right_format_and_wrong_insides_is_refused(match: object, seats: object) -> None:
    text = json.dumps({"format": "trickhouse-save/1", "match": match, "seats": seats}).encode()
    try_store("save", text, must_refuse=True)


@FUZZ
@given(matches=VALUES, saved=VALUES)
def test_a_history_with_the_right_format_and_wrong_insides_is_refused(matches: object, saved: object) -> None:
    """A history lists at most 50 matches, each with when it finished and a saved match that restores."""
    problem = try_store("history", json.dumps({"format": "trickhouse-history/1", "matches": matches}).encode())
    assert problem or matches == []
    entry = {"finished": "2026-11-24T10:00", "saved": saved}
    try_store("history", json.dumps({"format": "trickhouse-history/1", "matches": [entry]}).encode(),
              must_refuse=True)


@FUZZ
@given(decisions=VALUES, field=st.sampled_from(sorted(json.loads(VALID["review"])["decisions"][0])), value=VALUES)
def test_a_review_with_the_right_format_and_wrong_insides_is_refused(decisions: object, field: str,
                                                                     value: object) -> None:
    """A cached review is used only as the review writes it: its decisions, and each field of a decision, of the
    right kind (a review with no decisions is a review of no decisions)."""
    data = json.loads(VALID["review"])
    problem = try_store("review", json.dumps({**data, "decisions": decisions}).encode())
    assert problem or decisions == []
    kind = DECISION_FIELDS[field]
    data["decisions"][0] = {**data["decisions"][0], field: value}
    wrong_kind = type(value) not in ((int, float) if kind is float else (kind,))
    try_store("review", json.dumps(data).encode(), must_refuse=wrong_kind)


def valid_statistics(table: object) -> bool:
    """What StatsStore may use: presets to names to counts, each count a known one and a whole number."""
    return isinstance(table, dict) and all(
        isinstance(names, dict) and all(
            isinstance(counts, dict) and all(key in COUNTS and type(value) is int and abs(value) <= 10**9
                                             for key, value in counts.items())
            for counts in names.values())
        for names in table.values())


@FUZZ
@given(presets=VALUES | st.dictionaries(st.text(max_size=5), st.dictionaries(
    st.text(max_size=5), st.dictionaries(st.sampled_from(COUNTS) | st.text(max_size=5), SCALARS, max_size=3),
    max_size=2), max_size=2))
def test_statistics_with_the_right_format_and_wrong_insides_are_refused(presets: object) -> None:
    """Counts are known names with whole numbers within a billion; anything else is refused."""
    problem = try_store("statistics", json.dumps({"format": "trickhouse-statistics/1", "presets": presets}).encode())
    assert bool(problem) != valid_statistics(presets), presets


# --- hand-written cases that must be refused ---


def test_huge_and_negative_numbers_are_refused() -> None:
    """10**100, 1e308 and -1 where a setting, a rule, a count or a seat wants a small number, infinities, NaN, and
    whole numbers too long to read at all (more than 4,300 digits)."""
    for number in ("1" + "0" * 100, "1.0e+308", "-1", ".inf", ".nan"):
        assert "window_width" in try_store("settings", f"window_width: {number}\n".encode(), must_refuse=True)
        assert "target" in try_store("house rules", f"extends: hearts-classic\ntarget: {number}\n".encode(),
                                     must_refuse=True)
        assert "players" in try_preset(f"extends: rook-classic\nplayers: {number}\n".encode(), must_refuse=True)
    too_long = "9" * 5000  # refused by yaml itself, before any field is looked at
    try_store("settings", f"window_width: {too_long}\n".encode(), must_refuse=True)
    try_store("house rules", f"extends: hearts-classic\ntarget: {too_long}\n".encode(), must_refuse=True)
    assert "cannot be read" in try_preset(f"players: {too_long}\n".encode(), must_refuse=True)
    save_text = VALID["save"].decode()
    assert '"dealer":' in save_text
    for number in ("1" + "0" * 100, "1e308", "1e999", "NaN", "9" * 5000):  # points may be below 0 (royal queens)
        try_store("statistics", f'{{"format": "trickhouse-statistics/1", "presets": {{"rook-classic": '
                                f'{{"Ann": {{"wins": {number}}}}}}}}}'.encode(), must_refuse=True)
    for number in ("1" + "0" * 100, "1e308", "-1", "1e999", "NaN", "9" * 5000):
        try_store("save", re.sub(r'"dealer":\d+', f'"dealer":{number}', save_text, count=1).encode(),
                  must_refuse=True)


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a: ", "}")])
def test_deep_nesting_in_yaml_is_refused(opening: str, closing: str) -> None:
    """10,000 nested lists or mappings: yaml's recursive parser gives up (RecursionError), which must become the
    usual refusal, not a crash."""
    content = (opening * DEEP + closing * DEEP).encode()
    for kind in ("settings", "house rules"):
        try_store(kind, content, must_refuse=True)
    assert "nested too deeply" in try_preset(content, must_refuse=True)


@pytest.mark.parametrize("opening, closing", [("[", "]"), ('{"a": ', "}")])
def test_deep_nesting_in_json_is_refused(opening: str, closing: str) -> None:
    content = (opening * DEEP + closing * DEEP).encode()
    for kind in JSON_KINDS:
        try_store(kind, content, must_refuse=True)


def billion_laughs(field: str, levels: int = 9) -> bytes:
    """Nine aliases of nine aliases of ... nine strings: 9**9 strings if anything expands it (a repr, a copy)."""
    lines = [f"{field}:", "  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, levels):
        lines.append(f"  - &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.timeout(60)
def test_a_billion_laughs_is_refused_without_expanding_it() -> None:
    """Aliases keep the loaded data small, but a message that shows the value would expand it to 9**9 strings."""
    assert "fullscreen" in try_store("settings", billion_laughs("fullscreen"), must_refuse=True)
    try_store("settings", billion_laughs("default_level"), must_refuse=True)
    try_store("house rules", b"extends: hearts-classic\n" + billion_laughs("target"), must_refuse=True)
    assert "players" in try_preset(b"extends: rook-classic\n" + billion_laughs("players"), must_refuse=True)
    assert "pass_cycle" in try_preset(b"extends: hearts-classic\n" + billion_laughs("pass_cycle"), must_refuse=True)
    laughing_base = billion_laughs("title") + b"extends: *a8\n"
    assert "extends" in try_preset(laughing_base, must_refuse=True)
    try_store("house rules", laughing_base, must_refuse=True)


def test_yaml_tags_that_would_construct_objects_are_refused(tmp_path: Path) -> None:
    """Safe loading knows no python/* tags, so nothing is imported, constructed or run; the other standard tags
    (binary, set, timestamp) give values of the wrong type; a self-referring alias is refused too."""
    marker = tmp_path / "ran"
    tags = [
        f"!!python/object/apply:os.system ['touch {marker}']",
        f"!!python/object/apply:subprocess.check_call [['touch', '{marker}']]",
        "!!python/object/new:os.system ['echo hi']",
        "!!python/name:os.system",
        "!!python/module:os",
        "!!python/object:game.store.Settings {fullscreen: true}",
        "!!binary aGVsbG8=",
        "!!set {a, b}",
        "!!timestamp 2001-12-14",
        "!!timestamp 2001-99-99",
        "!!int abc",
        "!!float abc",
        "&loop [*loop]",
    ]
    for tag in tags:
        try_store("settings", f"window_width: {tag}\n".encode(), must_refuse=True)
        try_store("settings", f"{tag}\n".encode(), must_refuse=True)
        try_store("house rules", f"extends: hearts-classic\nmoon: {tag}\n".encode(), must_refuse=True)
        try_preset(f"extends: rook-classic\nbird_points: {tag}\n".encode(), must_refuse=True)
        try_preset(f"{tag}\n".encode(), must_refuse=True)
    assert not marker.exists(), "a YAML tag ran a command"


def test_files_that_are_not_text_or_not_there_as_expected_are_refused() -> None:
    """Empty files, NUL bytes, text that is not UTF-8, a byte-order mark before JSON, wrong top-level types."""
    cases = [b"", b"   \n", b"\x00\x00\x00", b"\xff\xfe\xfd", b"[1, 2, 3]", b'"text"', b"42", b"null", b"- a\n- b\n",
             "é: ü\n".encode("latin-1")]
    for content in cases:
        refused_everywhere(content)
    # JSON does not allow a byte-order mark; YAML skips it, and an empty mapping is all defaults there
    for kind in JSON_KINDS:
        try_store(kind, b"\xef\xbb\xbf{}", must_refuse=True)


def test_a_preset_that_extends_itself_by_another_path_is_refused() -> None:
    """``extends: ../<folder>/<same file>`` names the same file by a longer path each time round."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "loop.yaml"
        path.write_text(f"extends: ../{Path(tmp).name}/loop.yaml\n")
        TRIED["preset"] += 1
        with pytest.raises(RulesError, match="extends itself"):
            load_rules(path)


# --- how the game reads its files ---

UNSAFE = re.compile(r"yaml\.load\(|yaml\.unsafe_load|yaml\.full_load|yaml\.Loader|\bpickle\b|\bmarshal\b|"
                    r"\bshelve\b|(?<![\w.])eval\(|(?<![\w.])exec\(")


def test_the_game_reads_yaml_only_safely_and_never_unpickles_or_evaluates() -> None:
    """Issue 8: YAML is read only with safe loading, saves are JSON, nothing is unpickled or evaluated."""
    sources = sorted(GAME.rglob("*.py"))
    assert len(sources) > 30
    found = [f"{path.relative_to(GAME.parent)}:{number}: {line.strip()}"
             for path in sources for number, line in enumerate(path.read_text().splitlines(), 1)
             if UNSAFE.search(line)]
    assert found == []
    yaml_calls = {call for path in sources for call in re.findall(r"yaml\.(\w+)\(", path.read_text())}
    assert yaml_calls <= {"safe_load", "safe_dump"}, yaml_calls


@pytest.fixture(scope="module", autouse=True)
def report_files_tried(pytestconfig: pytest.Config) -> Iterator[None]:
    """Print how many files of each kind were tried (figures for docs/benchmarks.md)."""
    yield
    counts = ", ".join(f"{kind} {count:,}" for kind, count in sorted(TRIED.items()))
    # shown past pytest's capture, so that a plain run prints the figures
    with pytestconfig.pluginmanager.getplugin("capturemanager").global_and_fixture_disabled():
        print(f"\nbad files tried: {sum(TRIED.values()):,} ({counts})")
