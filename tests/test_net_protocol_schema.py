"""Issue 23 and issue 33 (item 2, "the protocol is written four times"): the protocol has one source, the message
classes of game/net/messages.py; game/net/schema.py makes their strict form (against which tests/conftest.py checks
every message any test's server sends), protocol.schema.json and PROTOCOL.md's tables from them. Here: the committed
files are what the classes make; the schema is valid JSON Schema and the suite's check (msgspec, the same classes)
agrees with the jsonschema package on it; every view of every preset matches it; a table played through the server
sends every kind of message, each matching."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path
from typing import Any, get_args

import jsonschema
import msgspec
import pytest

from game.ai import LEVELS
from game.engine import Event, Match, load_rules
from game.engine.refusals import Refusal
from game.engine.results import HandResult
from game.engine.rules import Rules
from game.net import messages as M
from game.net import protocol as P
from game.net import runner as net_runner
from game.net import schema
from game.net import server as net_server
from game.net.database import Keeper
from game.net.lobby import SeatJson
from game.table.controller import NotKept
from game.table.intents import Hint
from tests.support.net_helpers import Player, ServerThread, play_until

PRESETS = sorted(path.stem for path in (Path(__file__).parent.parent / "config").glob("*.yaml"))
SCHEMA: dict[str, Any] = json.loads(schema.SCHEMA_PATH.read_text(encoding="utf-8"))
PROTOCOL_MD = schema.PROTOCOL_PATH.read_text(encoding="utf-8")
SERVER_TYPES = sorted(name.removeprefix("server-") for name in SCHEMA["$defs"] if name.startswith("server-"))
CLIENT_TYPES = sorted(name.removeprefix("client-") for name in SCHEMA["$defs"] if name.startswith("client-"))


def reference(definition: str) -> jsonschema.Draft202012Validator:
    """A jsonschema validator of ``$defs/definition``."""
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]})


def views_of_a_hand(preset: str, seed: int) -> list[dict[str, Any]]:
    """Every seat's view after every action of one hand of random legal play, and the deal's."""
    rules = load_rules(preset)
    hand = Match(rules, seed=seed).hand
    rng = random.Random(seed)
    views = [hand.view(seat).to_json() for seat in range(rules.players)]
    while not hand.is_done:
        hand.apply_id(hand.legal.random(rng))
        views += [hand.view(seat).to_json() for seat in range(rules.players)]
    return views


def test_the_committed_schema_and_protocol_tables_are_what_the_message_classes_make(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A message class changed without running ``python -m game.net.schema`` fails here, naming the file."""
    assert schema.main(["--check"]) == 0, capsys.readouterr().out
    assert schema.protocol_text(PROTOCOL_MD) == PROTOCOL_MD and schema.schema_text() == \
        schema.SCHEMA_PATH.read_text(encoding="utf-8")


def test_a_stale_protocol_page_is_noticed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The check is real: a table edited by hand (here a field dropped from PROTOCOL.md) is named as stale, and
    writing the files again mends it."""
    page = tmp_path / "PROTOCOL.md"
    page.write_text(PROTOCOL_MD.replace("| `hand_sizes` |", "| `hand_counts` |"), encoding="utf-8")
    copied = tmp_path / "protocol.schema.json"
    copied.write_text(schema.SCHEMA_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(schema, "PROTOCOL_PATH", page)
    monkeypatch.setattr(schema, "SCHEMA_PATH", copied)
    assert schema.main(["--check"]) == 1 and "PROTOCOL.md is not what" in capsys.readouterr().out
    assert schema.main([]) == 0 and page.read_text(encoding="utf-8") == PROTOCOL_MD
    assert schema.main(["--check"]) == 0


def test_the_schema_is_json_schema_and_names_every_server_and_client_message() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SERVER_TYPES == sorted(["welcome", "seats", "seated", "state", "turn", "played", "claimed", "refused",
                                   "hint", "hand-over", "match-over", "error", "closed", "paused", "resumed"])
    assert CLIENT_TYPES == sorted(["hello", "create", "start", "computer", "sit", "act", "hint", "claim", "next",
                                   "bye"])
    for kind in CLIENT_TYPES:
        assert f"| `{kind}` |" in PROTOCOL_MD, f"{kind} has no row in PROTOCOL.md"
    assert "RULES.md" not in PROTOCOL_MD, "the notation is written out here: the repository stands alone"


def test_the_levels_a_create_names_are_the_computers_levels() -> None:
    assert get_args(M.Level) == LEVELS


def test_the_rules_in_the_schema_are_every_rule_field() -> None:
    """A rule field added to the engine is documented (and checked) with it."""
    assert list(SCHEMA["$defs"]["rules"]["properties"]) == [f.name for f in dataclasses.fields(Rules)]
    for preset in PRESETS:
        rules = load_rules(preset).to_dict()
        assert reference("rules").is_valid(rules), preset
        msgspec.convert(rules, schema.rules_struct())


@pytest.mark.parametrize("preset", PRESETS)
def test_every_view_of_a_hand_matches_the_schema(preset: str) -> None:
    """Every preset's views, every seat, from the deal to the end of a hand of random play (the dummy, the
    called partner, 2-player Hearts' halves, the nest once the hand is done): each has exactly the fields of its
    family's strict view (none missing, none more)."""
    for seed in (1, 2):
        for view in views_of_a_hand(preset, seed):
            msgspec.json.decode(msgspec.json.encode(view), type=schema.view_type())
    assert reference("view-rook" if load_rules(preset).family == "rook" else "view-hearts").is_valid(view)


def spoiled(message: dict[str, Any]) -> list[dict[str, Any]]:  # raw JSON, as sent
    """The message spoiled in ways the schema must catch: a field missing (one it must have), a field it does not
    have, a value of the wrong type, a card misnamed, a reason spoiled."""
    out = []
    required = SCHEMA["$defs"][f"server-{message['type']}"].get("required", [])
    for field in [name for name in message if name not in ("v", "type")][:3]:
        if field in required:
            missing = copy.deepcopy(message)
            del missing[field]
            out.append(missing)
        wrong = copy.deepcopy(message)
        wrong[field] = {"not": "this"}
        out.append(wrong)
    if message.get("why"):
        for spoil in ({"cards": ["ZZ"]}, {"number": -1}, {"word": "sideways"}, {"detail": "x" * 201}):
            out.append({**copy.deepcopy(message), "why": {**message["why"], **spoil}})
    out.append({**copy.deepcopy(message), "surplus": 1})
    out.append({**copy.deepcopy(message), "v": True})
    without = copy.deepcopy(message)
    del without["v"]
    out.append(without)
    if "view" in message:
        bad = copy.deepcopy(message)
        bad["view"]["hand"] = ["ZZ"] + bad["view"]["hand"]
        out.append(bad)
        extra = copy.deepcopy(message)
        extra["view"]["secret_cards"] = []
        out.append(extra)
        seat = copy.deepcopy(message)
        seat["view"]["seat"] = 6
        out.append(seat)
    return out


def test_the_suites_check_agrees_with_jsonschema_on_good_and_spoiled_messages() -> None:
    """The check the suite runs on every message (game/net/schema.py's strict form of the message classes, decoded
    by msgspec) gives jsonschema's verdict on the generated schema for every kind of server message, as sent and
    spoiled."""
    hearts, rook = Match(load_rules("hearts-2p"), seed=3), Match(load_rules("rook-500-5p"), seed=3)
    result = HandResult(points=(1, 2), score_change=(0, 3), sides=((0,), (1,)), lower_is_better=True)
    seats = [M.SeatEntry(name="Ann", kind="online", taken=True, connected=True, away=False, thinking=False)]
    events = [Event("card-played", seat=1, cards=("G14",))]
    messages = [
        M.Welcome(code="K7QX2M", seat=0, token=None, owner=True, rules=load_rules("rook-500").to_dict(),
                  preset="rook-500"),
        M.Seats(seats=seats, started=False, code="K7QX2M"), M.Seated(seat=2),
        M.State(view=hearts.hand.view(0).to_json(), hand=1, results=[M.PastHand(result=result, trump=None)],
                seats=seats, over=False, winners=[]),
        M.Turn(phase="bid"), M.Played(seat=1, events=events, view=rook.hand.view(2).to_json()),
        M.Claimed(seat=1, events=events, view=rook.hand.view(4).to_json()),
        M.Refused(action="play G14", reason="You must follow green", why=Refusal("follow-suit", word="green")),
        M.Hint(action="pass"),
        M.HandOver(result=result, trump="green", view=rook.hand.view(1).to_json(), over=False),
        M.MatchOver(winners=[0, 2]), M.Error(reason="not JSON", why=Refusal("bad-message", detail="not JSON")),
        M.Closed(reason="The server stopped", why=Refusal("server-stopped")),
        M.Paused(reason="The server cannot save the game: play is paused until it can", why=Refusal("cannot-save")),
        M.Resumed(),
    ]
    as_sent = [json.loads(P.encode(message)) for message in messages]
    assert sorted({m["type"] for m in as_sent}) == SERVER_TYPES
    verdicts = 0
    for message in as_sent:
        definition = f"server-{message['type']}"
        for each, good in [(message, True)] + [(bad, False) for bad in spoiled(message)]:
            assert reference(definition).is_valid(each) is good, (good, each)
            assert (schema.problems(json.dumps(each)) == []) is good, (good, each)
            verdicts += 1
    assert verdicts >= 6 * len(messages), "each message spoiled several ways"


class Curious(Player):
    """A player who, at their first decision, asks for a hint and decides once it has come (deciding at once would
    call the question off)."""
    asked = answered = False

    def decide(self) -> None:
        if not self.asked:
            self.asked = True
            self.table.request_hint()
            return
        super().decide()

    def step(self) -> bool:
        stepped = super().step()
        if self.asked and not self.answered and any(isinstance(intent, Hint) for intent in self.shown):
            self.answered = True
            super().decide()
        return stepped


def test_a_table_through_the_server_sends_every_kind_of_message_each_as_the_schema_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A short match played through a server (seats taken, moved, given to a computer; a bad message; a hint; a
    refused play; claims; the score sheet; a write the store cannot make, and play paused until it can; game over;
    the server stopping): every kind of message the protocol has is sent, and each matches the schema (checked by
    tests/conftest.py, as everywhere in the suite)."""
    kinds: set[str] = set()
    original = net_server.Client.send

    def send(client: net_server.Client, message: M.AnyServerMessage) -> None:
        kinds.add(str(message.__struct_config__.tag))  # each tag is text, as the protocol names it
        return original(client, message)

    monkeypatch.setattr(net_server.Client, "send", send)
    # a fixed deal, so that a computer claims the last tricks of some hand (the suite must see "claimed")
    monkeypatch.setattr(net_runner, "Match", lambda rules: Match(rules, seed=4))
    writes = []
    keep_play = Keeper.play

    # the store cannot keep the 10th write of play (once): the table pauses, then resumes
    def play(keeper: Keeper, code: str, seats: list[SeatJson], match: Match,
             saved: tuple[int, int]) -> tuple[int, int]:
        writes.append(code)
        if len(writes) == 10:
            raise NotKept("a full disk")
        return keep_play(keeper, code, seats, match, saved)

    monkeypatch.setattr(Keeper, "play", play)
    server = ServerThread()
    try:
        owner = Curious(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                                "house_rules": {"target": 30},
                                                "seats": ["me", "online", "online", "computer"]})
        code = owner.table.code
        guest = Player(server.port, "hello", {"name": "Bo", "code": code}, seed=1)
        guest.client.send(M.Sit(seat=2))
        passer_by = Player(server.port, "hello", {"name": "Cy", "code": code}, seed=2)
        play_until([owner, guest, passer_by], lambda: guest.table.viewer == 2 and owner.table.seats[1].taken)
        owner.client.send(M.Computer(seat=1))
        owner.client.send(M.Sit(seat=3))  # the owner sits where they chose: an error
        play_until([owner, guest, passer_by], lambda: "The owner gave your seat to a computer" in passer_by.shown
                   and "The table's owner sits where they chose" in owner.shown)
        owner.client.send(M.Start())
        play_until([owner, guest], lambda: guest.table.started)
        guest.client.send(M.Act(action="pass"))  # not Bo's turn, or not a pass of three cards: refused
        play_until([owner, guest], lambda: owner.over and guest.over)
    finally:
        server.stop()
    assert sorted(kinds) == SERVER_TYPES, sorted(kinds)
