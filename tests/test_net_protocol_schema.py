"""Issue 23: PROTOCOL.md and its machine-readable schema (game/net/protocol.schema.json) describe what the server
sends. tests/conftest.py checks every message any test's server sends against the schema; here: the schema is
valid JSON Schema and the suite's fast checker agrees with the jsonschema package on it; every view of every
preset matches it; a table played through the server sends every kind of message, each matching; PROTOCOL.md names
every message and field the schema has."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
from pathlib import Path

import jsonschema
import pytest

from game.engine import Match, load_rules
from game.engine.rules import Rules
from game.net import protocol as P
from game.net import runner as net_runner
from game.net import server as net_server
from game.table.controller import Hint
from tests.net_helpers import Player, ServerThread, play_until
from tests.protocol_schema import SCHEMA, SCHEMA_PATH, SchemaChecker

PRESETS = sorted(path.stem for path in (Path(__file__).parent.parent / "config").glob("*.yaml"))
PROTOCOL_MD = (SCHEMA_PATH.parent / "PROTOCOL.md").read_text(encoding="utf-8")
SERVER_TYPES = sorted(name.removeprefix("server-") for name in SCHEMA["$defs"] if name.startswith("server-"))
CLIENT_TYPES = sorted(name.removeprefix("client-") for name in SCHEMA["$defs"] if name.startswith("client-"))


def reference(definition: str):
    """A jsonschema validator of ``$defs/definition``."""
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]})


def views_of_a_hand(preset: str, seed: int) -> list[dict]:
    """Every seat's view after every action of one hand of random legal play, and the deal's."""
    rules = load_rules(preset)
    hand = Match(rules, seed=seed).hand
    rng = random.Random(seed)
    views = [hand.view(seat).to_json() for seat in range(rules.players)]
    while not hand.is_done:
        hand.apply_id(hand.legal.random(rng))
        views += [hand.view(seat).to_json() for seat in range(rules.players)]
    return views


def as_sent(kind: str, **fields) -> dict:
    return json.loads(P.write(kind, **fields))


def test_the_schema_is_json_schema_and_names_every_server_and_client_message():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SERVER_TYPES == sorted(["welcome", "seats", "seated", "state", "turn", "played", "claimed", "refused",
                                   "hint", "hand-over", "match-over", "error", "closed"])
    assert CLIENT_TYPES == sorted(P.CHECKS)


def test_the_rules_in_the_schema_are_every_rule_field():
    """A rule field added to the engine must be documented (and sent) too."""
    assert list(SCHEMA["$defs"]["rules"]["properties"]) == [f.name for f in dataclasses.fields(Rules)]
    checker = SchemaChecker()
    for preset in PRESETS:
        assert checker.problems("rules", load_rules(preset).to_dict()) == [], preset


@pytest.mark.parametrize("preset", PRESETS)
def test_every_view_of_a_hand_matches_the_schema(preset):
    """Every preset's views, every seat, from the deal to the end of a hand of random play (the dummy, the
    called partner, 2-player Hearts' halves, the nest once the hand is done)."""
    checker = SchemaChecker()
    for seed in (1, 2):
        for view in views_of_a_hand(preset, seed):
            assert checker.problems("view", view) == [], (preset, view)


def spoiled(message: dict) -> list[dict]:
    """The message spoiled in ways the schema must catch: a field missing, a field it does not have, a value of
    the wrong type, a card misnamed."""
    out = []
    for field in [name for name in message if name not in ("v", "type")][:3]:
        missing = copy.deepcopy(message)
        del missing[field]
        wrong = copy.deepcopy(message)
        wrong[field] = {"not": "this"}
        out += [missing, wrong]
    out.append({**copy.deepcopy(message), "surplus": 1})
    out.append({**copy.deepcopy(message), "v": True})
    if "view" in message:
        bad = copy.deepcopy(message)
        bad["view"]["hand"] = ["ZZ"] + bad["view"]["hand"]
        out.append(bad)
        extra = copy.deepcopy(message)
        extra["view"]["secret_cards"] = []
        out.append(extra)
    return out


def test_the_suites_checker_agrees_with_jsonschema_on_good_and_spoiled_messages():
    """The fast checker the suite uses (tests/protocol_schema.py) gives jsonschema's verdict on every kind of
    server message, as sent and spoiled."""
    hearts, rook = Match(load_rules("hearts-2p"), seed=3), Match(load_rules("rook-500-5p"), seed=3)
    result = {"points": [1, 2], "score_change": [0, 3], "sides": [[0], [1]], "declarer": -1, "contract": 0,
              "made": None, "moon_shooter": -1, "thrown_in": False, "lower_is_better": True, "trump": None,
              "order": "normal", "called": None}
    seats = [{"name": "Ann", "kind": "online", "taken": True, "connected": True, "away": False, "thinking": False}]
    events = [{"kind": "card-played", "seat": 1, "cards": ["G14"], "points": 0, "word": "", "secret": False}]
    messages = [
        as_sent("welcome", code="K7QX2M", seat=0, token=None, owner=True, rules=load_rules("rook-500").to_dict(),
                preset="rook-500"),
        as_sent("seats", seats=seats, started=False, code="K7QX2M"), as_sent("seated", seat=2),
        as_sent("state", view=hearts.hand.view(0).to_json(), hand=1, results=[{"result": result, "trump": None}],
                seats=seats, over=False, winners=[]),
        as_sent("turn", phase="bid"), as_sent("played", seat=1, events=events, view=rook.hand.view(2).to_json()),
        as_sent("claimed", seat=1, events=events, view=rook.hand.view(4).to_json()),
        as_sent("refused", action="play G14", reason="You must follow green"), as_sent("hint", action="pass"),
        as_sent("hand-over", result=result, trump="green", view=rook.hand.view(1).to_json(), over=False),
        as_sent("match-over", winners=[0, 2]), as_sent("error", reason="not JSON"), as_sent("closed", reason="Bye"),
    ]
    assert sorted({m["type"] for m in messages}) == SERVER_TYPES
    checker = SchemaChecker()
    verdicts = 0
    for message in messages:
        definition = f"server-{message['type']}"
        for each, good in [(message, True)] + [(bad, False) for bad in spoiled(message)]:
            assert reference(definition).is_valid(each) is good, (good, each)
            assert (checker.problems(definition, each) == []) is good, (good, each)
            verdicts += 1
    assert verdicts >= 6 * len(messages), "each message spoiled several ways"


class Curious(Player):
    """A player who, at their first decision, asks for a hint and decides once it has come (deciding at once would
    call the question off)."""
    asked = answered = False

    def decide(self):
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


def test_a_table_through_the_server_sends_every_kind_of_message_each_as_the_schema_says(monkeypatch):
    """A short match played through a server (seats taken, moved, given to a computer; a bad message; a hint; a
    refused play; claims; the score sheet; game over; the server stopping): every kind of message the protocol
    has is sent, and each matches the schema (checked by tests/conftest.py, as everywhere in the suite)."""
    kinds: set[str] = set()
    original = net_server.Client.send

    def send(client, kind, **fields):
        kinds.add(kind)
        return original(client, kind, **fields)

    monkeypatch.setattr(net_server.Client, "send", send)
    # a fixed deal, so that a computer claims the last tricks of some hand (the suite must see "claimed")
    monkeypatch.setattr(net_runner, "Match", lambda rules: Match(rules, seed=4))
    server = ServerThread()
    try:
        owner = Curious(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                                "house_rules": {"target": 30},
                                                "seats": ["me", "online", "online", "computer"]})
        code = owner.table.code
        guest = Player(server.port, "hello", {"name": "Bo", "code": code}, seed=1)
        guest.client.send("sit", seat=2)
        passer_by = Player(server.port, "hello", {"name": "Cy", "code": code}, seed=2)
        play_until([owner, guest, passer_by], lambda: guest.table.viewer == 2 and owner.table.seats[1]["taken"], 60)
        owner.client.send("computer", seat=1)
        owner.client.send("sit", seat=3)  # the owner sits where they chose: an error
        play_until([owner, guest, passer_by], lambda: "The owner gave your seat to a computer" in passer_by.shown
                   and "the table's owner sits where they chose" in owner.shown, 10)
        owner.client.send("start")
        play_until([owner, guest], lambda: guest.table.started, 60)
        guest.client.send("act", action="pass")  # not Bo's turn, or not a pass of three cards: refused
        play_until([owner, guest], lambda: owner.over and guest.over, 180)
    finally:
        server.stop()
    assert sorted(kinds) == SERVER_TYPES, sorted(kinds)


def test_protocol_md_names_every_message_and_field_of_the_schema():
    """The written protocol and the schema say the same: each message type of the schema has its row in
    PROTOCOL.md, and every field of every message, view, event, result, seat entry and rule is named there."""
    named = set(re.findall(r"`([a-z_-]+)`", PROTOCOL_MD))
    for definition, schema in SCHEMA["$defs"].items():
        kind = definition.split("-", 1)[1] if definition.startswith(("server-", "client-")) else None
        if kind is not None:
            assert re.search(rf"^\| `{kind}` \|", PROTOCOL_MD, re.MULTILINE), f"{kind} has no row in PROTOCOL.md"
        missing = set(schema.get("properties", {})) - named - {"v", "type"}
        assert not missing, f"{definition}: PROTOCOL.md does not name {sorted(missing)}"
    assert "RULES.md" not in PROTOCOL_MD, "the notation is written out here: the repository stands alone"
