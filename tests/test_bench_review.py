"""The review benchmark's honesty check: how a hand's review costs become a predicted duplicate-deal margin, and one
deal of it end to end."""

from __future__ import annotations

import pytest

from bench.review import _honesty_deal, first_side_margin, time_hints
from game.engine.results import HandResult

pytestmark = pytest.mark.slow  # reviews whole hands for every seat


def result(sides: tuple[tuple[int, ...], ...]) -> HandResult:
    return HandResult(points=(0,) * 4, score_change=(0,) * 4, sides=sides)


def test_hard_seats_on_the_first_side_add_and_others_are_shared_by_the_other_sides() -> None:
    hearts = result(((0,), (1,), (2,), (3,)))
    # seats 0 and 2 Hard: seat 0 gains 3, seat 2's 3 is lost by the three others alike; seats 1 and 3: nothing
    assert first_side_margin([3, 0, 3, 0], hearts) == pytest.approx((3 - 1 + 0) / 2)
    partners = result(((0, 2), (1, 3)))
    assert first_side_margin([3, 1, 5, 2], partners) == pytest.approx(((3 + 5) + (1 + 2)) / 2)


def test_one_deal_of_the_honesty_check() -> None:
    deal = _honesty_deal(("rook-classic", 1, 4, 4))
    assert deal["decisions"] > 10 and 0 <= deal["mistakes"] <= deal["decisions"]
    assert all(isinstance(deal[key], float) for key in ("worlds", "real", "seat cost", "seat gain"))


def test_the_hints_time_is_measured_at_every_searched_decision() -> None:
    row = time_hints("rook-classic", 1)
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[0] == "rook-classic" and int(cells[1]) > 10 and all(cell.endswith(" s") for cell in cells[2:])
