"""One source of legality: each phase's legal set answers ``in``, ``len``, iteration and a random member alike,
and ``check``, ``apply``, ``refusal``, ``legal_actions`` and random playouts agree with it for every action,
legal or not (python-chess's ``legal_moves``: ``in`` is ``is_legal``). Here on hand-built sets; at every moment of
random play of every preset in test_conformance.py."""

import random

from game.engine import actions as A
from game.engine import cards as C
from game.engine import preset_names
from game.engine.legal import Bids, CardSubsets, Listed, OneCard

PRESETS = preset_names()



def test_a_nest_discard_is_judged_without_listing_the_discards() -> None:
    """python-chess: "legal_moves is a lazy view". Testing one 5-card discard from 14 cards must not build the 2,002
    of them: the set answers from the hand and the size."""
    discards = CardSubsets(A.DISCARD, C.mask_of(range(1, 15)), 5)
    assert len(discards) == 2002
    assert A.make(A.DISCARD, C.mask_of([1, 3, 5, 7, 9])) in discards
    assert A.make(A.DISCARD, C.mask_of([1, 3, 5, 7, 20])) not in discards  # a card not held
    assert A.make(A.DISCARD, C.mask_of([1, 3, 5, 7])) not in discards  # too few
    assert A.make(A.PASS_CARDS, C.mask_of([1, 3, 5, 7, 9])) not in discards  # another kind of action


def test_each_kind_of_legal_set_counts_what_it_lists() -> None:
    rng = random.Random(1)
    sets = [Listed((A.trump(0), A.trump(2))), OneCard(A.CALL, C.mask_of([3, 17, 40])),
            OneCard(A.PLAY, C.mask_of([2, 5])), CardSubsets(A.PASS_CARDS, C.mask_of(range(18, 26)), 3),
            Bids(True, 70, 11, 5), Bids(False, 1, 24, 5), Bids(True, 125, 0, 5)]
    for legal in sets:
        listed = list(legal)
        assert len(listed) == len(legal) == len(set(listed))
        assert {legal.random(rng) for _ in range(400)} == set(listed)
    assert A.bid(75) in sets[4] and A.bid(72) not in sets[4] and A.bid(125) not in sets[4]
    assert A.PASS_ACTION not in sets[5] and A.bid(6) in sets[5] and A.bid(2) not in sets[5]
    assert list(sets[6]) == [A.PASS_ACTION]
