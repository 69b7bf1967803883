"""The strength benchmark's match against OpenSpiel's ISMCTS plays whole hands, passes included (a searched pass
needs a real turn in the pass phase: the benchmark once asked from a hand whose other seats had not passed)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from bench.ai import _ismcts_deal  # noqa: E402
from game.engine import load_rules  # noqa: E402
from game.engine.hearts import pass_direction  # noqa: E402

pytestmark = pytest.mark.slow  # plays duplicate matches between the levels


@pytest.mark.parametrize("number", [0, 1])
def test_a_duplicate_deal_against_ismcts_is_played_both_ways_to_the_end(number: int) -> None:
    assert pass_direction(load_rules("hearts-classic"), number) != "hold"
    result = _ismcts_deal((number, 20, 0.05))
    assert len(result["ours"]) == len(result["theirs"]) == 2
    for ours, theirs in zip(result["ours"], result["theirs"]):
        assert 2 * (ours + theirs) in (26, 78)  # every penalty point taken, or OpenSpiel's moon: 0 and 3 x 26
    # two seats of ours pass once and play 13 cards in each of the two plays of the deal
    assert len(result["times"]) == 2 * 2 * (1 + 13)


@pytest.mark.parametrize("level", ["normal@HEAD", "hard@HEAD"])
def test_a_level_with_the_rules_of_a_git_revision_plays_whole_duplicate_deals(level: str) -> None:
    """``bench ai --match PRESET normal normal@REV`` measures a change to the rules against the rules before it:
    the old rules come from git (here HEAD, which any clone has) and play on today's engine."""
    from bench.ai import _duplicate_deal, make, rules_player_at
    from game.ai.search import SearchPlayer

    player = make(level, seed=1, budget=0.05)
    old_rules = rules_player_at("HEAD")
    assert isinstance(player.rollout if isinstance(player, SearchPlayer) else player, old_rules)
    result = _duplicate_deal(("hearts-royal", 3, "normal", level, 0.05))
    assert len(result["diff"]) == 2 and all(abs(diff) <= 2 * 52 for diff in result["diff"])  # 52: a Royal moon
