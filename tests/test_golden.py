"""Pins made before the engine was reshaped around one legal set per phase (issue 15), so the new design is
checked against the old behaviour:

- perft counts (as python-chess's ``examples/perft``): the number of legal action sequences to a few plies from
  fixed positions of every preset, reached by replaying a recorded script of action texts;
- hand records and saved matches in the formats of that time, which must keep loading, replaying to the same
  points, score changes and match scores, and continuing.

The files in ``tests/golden/`` were made with the engine of commit 3c80664 (a Normal player and random actions
choosing the scripts). Where a later rule fix changed what is legal, the pin says so: the rook-2p game dealt by
seat 1 was pinned again (``repinned``) once the dummy sat on the dealer's right (decision 22); only the position in
the middle of a trick changed its count. ``rotating_saves.json`` holds matches with rotating partners saved by
commit c0f942d, when new partners kept their chairs and sat side by side (decision 9).
"""

import json
from typing import Any

import pytest

from game.ai import make_player
from game.engine import Hand, load_rules
from game.table.session import Session
from tests.support.golden import GOLDEN, SAVES

PERFT = json.loads((GOLDEN / "perft.json").read_text())
RECORDS = json.loads((GOLDEN / "records.json").read_text())
# raw JSON: each moment's save as the game wrote it, with what it must load to
ROTATING: dict[str, dict[str, Any]] = {
    moment: pinned for moment, pinned in json.loads((GOLDEN / "rotating_saves.json").read_text()).items()
    if moment != "made_with"}


def perft(hand: Hand, depth: int) -> int:
    """Legal action sequences of ``depth`` plies from ``hand`` (a finished hand ends a sequence early)."""
    if hand.is_done or depth == 0:
        return 1
    legal = hand.legal_ids()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = hand.copy()
        child.push(action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("preset", sorted(PERFT))
def test_perft_counts_from_fixed_positions(preset: str) -> None:
    rules = load_rules(preset)
    for game in PERFT[preset]:
        for done, depth, count in game["positions"]:
            hand = Hand.from_deal(rules, game["deal"], dealer=game["dealer"])
            for text in game["actions"][:done]:
                hand.apply(text)
            assert perft(hand, depth) == count, f"{preset}, dealer {game['dealer']}, after {done} actions"


@pytest.mark.parametrize("preset", sorted(RECORDS))
def test_hand_records_of_the_old_format_replay_to_the_same_results(preset: str) -> None:
    pinned = RECORDS[preset]
    hand = Hand.from_record(pinned["record"])
    assert hand.is_done
    assert hand.points() == pinned["points"]
    assert hand.score_delta() == pinned["score_delta"]
    if not hand.rules.dummy:  # rook-2p dealt by seat 1: the plays of each trick now come dummy, dealer, non-dealer
        assert hand.record()["actions"] == pinned["record"]["actions"]
    again = Hand.from_record(hand.record())  # and in today's format
    assert again.record() == hand.record() and again.score_delta() == hand.score_delta()


@pytest.mark.parametrize("preset", sorted(SAVES))
def test_saved_matches_of_the_old_format_load_and_continue(preset: str) -> None:
    pinned = SAVES[preset]
    session = Session.from_json(pinned["save"])
    match = session.match
    assert match.scores == pinned["scores"]
    assert [hand.dealer for hand in match.history + [match.hand]] == pinned["dealers"]
    assert match.hands_played == pinned["hands_played"]
    player = make_player("normal")
    while not match.hand.is_done:
        match.hand.push(player.decide(match.hand))
    match.next_hand()  # none of the pinned matches was near its end
    assert match.hand.phase != "done"


@pytest.mark.parametrize("moment", sorted(ROTATING))
def test_rotating_partner_matches_saved_with_partners_side_by_side_load_and_go_on_with_partners_opposite(
        moment: str) -> None:
    """RULES.md decision 9 and 000 "Partners sit opposite each other": a match saved while new partners still sat
    side by side loads with its scores and dealers, the hands played then replay at the table they were played at
    (the hand in play goes on there), and every hand dealt after it seats partners opposite; saved again, it loads
    again to the same scores."""
    pinned = ROTATING[moment]
    session = Session.from_json(pinned["save"])
    match = session.match
    assert match.scores_before() == pinned["scores"]
    assert [hand.dealer for hand in match.history + [match.hand]] == pinned["dealers"]
    assert match.hands_played == pinned["hands_played"]
    assert match.hand.number >= 4 and match.hand.seats_clockwise_from(0) == (0, 1, 2, 3)
    player = make_player("normal")
    while True:
        while not match.hand.is_done:
            match.hand.push(player.decide(match.hand))
        if match.is_over:
            break
        match.next_hand()
        for seat in range(4):
            assert match.hand.side_of(seat) == {seat, match.hand.seats_clockwise_from(seat)[2]}
    outcome = match.outcome()
    assert outcome is not None and outcome.hands == 12
    again = Session.from_json(session.to_json()).match
    assert again.scores == match.scores and again.is_over
