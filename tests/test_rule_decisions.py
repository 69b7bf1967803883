"""Easy's and Normal's decisions pinned (``tests/golden/rule_decisions.json``), so that making the rules faster
cannot change what they decide: Hard's play-outs are Normal's decisions, so its searches stay the same too.

The file was made at commit b3b4c78 (before the rules were rewritten for speed) by running this module as a
script: for every preset, hands played by a line that takes Normal's action or a random one in turn, each
position's Easy and Normal decisions, as the search asks them (on the whole hand, ``play_in``) and as a seat is
asked them (``decide``, from what the seat sees). It was made again twice, on purpose, when the Rook rules learned
to give points to a partner whose card nothing still out can beat, and to give them without taking the trick over,
then when that became "nothing an opponent still to play may hold can take it", for a partner's trump too (both
times the Hearts entries came out the same, as did the Rook presets whose lines never met the rule).
"""

import json
import random
import sys
from pathlib import Path

import pytest

from game.ai import RulePlayer
from game.engine import Hand, load_rules, preset_names

GOLDEN = Path(__file__).parent / "golden" / "rule_decisions.json"
HANDS = 12  # hands a preset


def line(preset: str, number: int) -> tuple[Hand, list[str]]:
    """Hand ``number`` of a preset's pinned line: its deal, and the action texts taken (Normal's or random)."""
    rules = load_rules(preset)
    rng = random.Random(f"{preset}:{number}")
    hand = Hand.deal(rules, seed=rng.randrange(2**32), dealer=number % rules.players, number=number)
    start = hand.copy()
    normal = RulePlayer(counting=True)
    taken = []
    while not hand.is_done:
        action = normal.play_in(hand) if rng.random() < 0.5 else hand.random_action(rng)
        taken.append(hand.action_text(action))
        hand.push(action)
    return start, taken


def decisions(hand: Hand, actions: list[str]) -> list[list[str]]:
    """At each position of the line: Easy's and Normal's decisions (the same whether asked on the whole hand or
    from the seat's view, which the test checks)."""
    easy, normal = RulePlayer(counting=False), RulePlayer(counting=True)
    out = []
    hand = hand.copy()
    for text in actions:
        out.append([hand.action_text(easy.play_in(hand)), hand.action_text(normal.play_in(hand))])
        hand.apply(text)
    return out


def make() -> dict:
    pinned = {}
    for preset in preset_names():
        games = []
        for number in range(HANDS):
            start, actions = line(preset, number)
            games.append({"deal": start.deal_text(), "dealer": start.dealer, "number": start.number,
                          "actions": actions, "decisions": decisions(start, actions)})
        pinned[preset] = games
    return pinned


PINNED = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


@pytest.mark.parametrize("preset", sorted(PINNED))
def test_easy_and_normal_decide_as_pinned(preset):
    rules = load_rules(preset)
    easy, normal = RulePlayer(counting=False), RulePlayer(counting=True)
    for game in PINNED[preset]:
        hand = Hand.from_deal(rules, game["deal"], dealer=game["dealer"], number=game["number"])
        for text, (easy_pinned, normal_pinned) in zip(game["actions"], game["decisions"], strict=True):
            assert hand.action_text(easy.play_in(hand)) == easy_pinned
            assert hand.action_text(normal.play_in(hand)) == normal_pinned
            assert hand.action_text(normal.decide(hand)) == normal_pinned  # from what the seat sees
            assert hand.action_text(easy.decide(hand)) == easy_pinned
            hand.apply(text)


def test_every_preset_is_pinned():
    assert sorted(PINNED) == sorted(preset_names())


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(make(), separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN}", file=sys.stderr)
