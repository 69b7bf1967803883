"""The engine benchmark (``python -m bench engine``): a row per preset, each ratio paired with hearts-classic."""

from __future__ import annotations

import pytest

from bench.engine import paired_playouts, run
from game.engine import load_rules


def test_paired_playouts_measure_both_presets_over_the_same_stretch() -> None:
    """Each side plays whole hands for at least its share of the time, in turns, and counts the cards played."""
    (rook_rate, rook_card, rook_play), (hearts_rate, hearts_card, hearts_play) = paired_playouts(
        load_rules("rook-3p"), load_rules("hearts-classic"), 0.1, seed=1)
    for rate, per_card, per_play_card in ((rook_rate, rook_card, rook_play), (hearts_rate, hearts_card, hearts_play)):
        assert rate > 0
        assert 0 < per_play_card < per_card  # trick play is part of the whole hand


def test_the_table_has_a_row_per_preset_with_its_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    run(0.05, 1, ["rook-3p", "rook-classic"])
    rows = [line.split("|")[1:-1] for line in capsys.readouterr().out.splitlines() if line.startswith("| rook")]
    assert [cells[0].strip() for cells in rows] == ["rook-3p", "rook-classic"]
    for cells in rows:
        whole_ratio, play_ratio = float(cells[4]), float(cells[5])
        assert 0.2 < whole_ratio < 5 and 0.2 < play_ratio < 5
