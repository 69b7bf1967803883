"""The ladder benchmark (``bench ladder``): Hard against Normal on duplicate deals in every preset, each side that
is fixed before the deal played once by the level measured, against a baseline of Normal in every seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ladder import _deal, row


@pytest.mark.parametrize("preset, sides", [("hearts-classic", 4), ("rook-classic", 2), ("rook-5p", 5)])
def test_each_fixed_side_plays_the_deal_once_and_normal_against_itself_gains_nothing(preset: str, sides: int) -> None:
    """Partners fixed before the deal (rook-classic) make two sides; in Hearts and with a called partner (rook-5p)
    every seat is its own side. Normal decides the same on the same deal, so against its own baseline it gains
    exactly nothing: the luck of the cards cancels."""
    result = _deal((preset, 1, 0.05, "normal", "normal"))
    assert result["playings"] == sides
    assert result["gain"] == 0
    assert result["normal"]["count"] > 0 and result["hard"]["count"] > 0


def test_a_results_file_keeps_each_deal_and_a_later_run_plays_only_the_new_ones(tmp_path: Path) -> None:
    path = tmp_path / "ladder.jsonl"
    first = row("hearts-2p", range(0, 2), 0.05, 1, path, level="normal")
    assert first.split("|")[8].strip() == "2"  # deals played now
    more = row("hearts-2p", range(0, 3), 0.05, 1, path, level="normal")
    assert more.split("|")[8].strip() == "1"
    kept = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(r["deal"] for r in kept) == [0, 1, 2]
    assert more.split("|")[3].strip() == "6"  # hands with the measured level: 3 deals x 2 seats
    other_budget = row("hearts-2p", range(0, 1), 0.1, 1, path, level="normal")
    assert other_budget.split("|")[8].strip() == "1"  # another budget is another measurement
