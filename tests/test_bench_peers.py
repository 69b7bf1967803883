"""The benchmarks against outside programs (rookGame, xinxin) without the programs: they skip with one line when
the peer is missing, rookGame's bridge is shown one seat's view only, and cards cross to it and back unchanged."""

from __future__ import annotations

import pytest

from bench import rookgame, xinxin
from game.engine import Hand
from game.engine import cards as C
from game.engine.rook import RookHand
from tests.support.kinds import of_kind


def test_each_peer_benchmark_skips_with_one_line_when_its_program_is_missing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("TRICKHOUSE_ROOKGAME_DIR", raising=False)
    monkeypatch.delenv("TRICKHOUSE_XINXIN", raising=False)
    assert rookgame.run(1, 1.0, "", 1, ["play"]) == 0
    assert xinxin.run(1, 1.0, "", 100, 2, 1, ["hold"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("rookgame: skipped") and "TRICKHOUSE_ROOKGAME_DIR" in lines[0]
    assert lines[1].startswith("xinxin: skipped") and "TRICKHOUSE_XINXIN" in lines[1]


def test_rookgame_cards_cross_the_bridge_and_back_unchanged() -> None:
    rules = rookgame.rules()
    ids = set()
    for card in C.cards_in(rules.deck_mask):
        peer = rookgame.peer_card(card, rules)
        assert rookgame.our_card(peer["id"]) == card
        assert peer["value"] == rules.card_points[card]
        ids.add(peer["id"])
    assert ids == set(range(57))  # rookGame's deck: four colours of 1-14 and the Rook


def test_rookgame_house_rules_are_the_engines_own_fields() -> None:
    """rookGame's rules (1s low, bids 100-150, the declarer leads, the dealer stuck at 100, the declarer's side
    scores the nest) are set as the engine's rule fields, not worked out by the benchmark."""
    rules = rookgame.rules()
    assert (rules.min_bid, rules.max_bid, rules.bid_step) == (100, 150, 5)
    assert not rules.ones_high and rules.bird_rank == "low" and rules.points_in_deck == 180
    assert (rules.first_lead, rules.all_pass, rules.nest_to) == ("declarer", "dealer_takes_minimum", "declarer")


def test_rookgame_is_shown_one_seats_view_only() -> None:
    hand = of_kind(RookHand, Hand.deal(rookgame.rules(), seed=3, dealer=1))
    while hand.phase != "play" or len(hand.tricks) < 2:
        hand.push(hand.legal_ids()[0])
    seat = hand.to_move
    state = rookgame.peer_state(hand, seat)
    assert [card["id"] for card in state["hands"][seat]] == \
        [rookgame.peer_card(c, hand.rules)["id"] for c in C.cards_in(hand.held[seat])]
    for other in range(4):
        if other != seat:
            assert state["hands"][other] == hand.held[other].bit_count()  # only how many cards it holds
    assert state["kitty"] == []
    laid_back = sum(hand.rules.card_points[c] for c in C.cards_in(hand.discards))
    assert state["kittyPoints"] == (laid_back if seat == hand.declarer else 0)  # only the declarer saw the nest
    declarer_view = rookgame.peer_state(hand, hand.declarer)
    assert declarer_view["kittyPoints"] == laid_back
    assert len(state["tricks"]) == 2 and all(len(trick) == 4 for trick in state["tricks"])


def test_in_the_kitty_match_hard_lays_back_its_own_first_choices_that_are_no_counters() -> None:
    """``--modes kitty``: Hard keeps rookGame's kitty rule (no counters in the nest) by laying back the first
    cards of its own order that are no counters; as the game plays, it buries counters when its order says so."""
    from game.ai.rules_play import RulePlayer
    from game.engine import actions as A

    buried = 0
    for seed in range(30):
        hand = of_kind(RookHand, Hand.deal(rookgame.rules(), seed=seed))
        normal = RulePlayer(counting=True)
        while hand.phase != "nest":
            hand.push(normal.decide(hand))
        points = hand.rules.card_points
        ranking = normal.nest_ranking(hand.seen_by(hand.to_move))
        laid = C.card_list(A.payload_of(rookgame.kitty_nest(hand)))
        size = hand.rules.nest_size
        assert laid == sorted([card for card in ranking if not points[card]][:size])
        buried += any(points[card] for card in ranking[:size])  # what the game's Hard would lay back
    assert buried, "Hard's own order buries counters in some of these hands"


def test_the_xinxin_table_gives_the_gap_over_the_hands_nobody_shot() -> None:
    """The moon is most of what the sides differ by (docs/benchmarks.md), so a match's line gives the moons each
    side shot and xinxin's lead over the hands nobody shot, a hand each, beside the gap over every deal."""
    results: list[dict[str, list[float]]] = [  # two deals, each played twice: each side's change, who shot
        {"ours": [13.0, 3.0], "theirs": [0.0, 10.0], "ours_times": [0.05], "theirs_times": [0.06],
         "shooters": [1, -1]},
        {"ours": [4.0, 26.0], "theirs": [9.0, 13.0], "ours_times": [0.07], "theirs_times": [0.04],
         "shooters": [-1, 1]},
    ]
    line = xinxin.row("pass", "", range(7, 9), results, 12.0)
    cells = [cell.strip() for cell in line.strip("|").split("|")]
    assert cells[:4] == ["pass", "default", "7-8", "4"]
    assert cells[6] == "-3.50 ± 0.98"  # per deal, each side's two playings averaged: 5 - 8 and 11 - 15
    assert cells[9] == "0 / 2"
    assert cells[10] == "+6.00 ± 1.96 over 2"  # the hands nobody shot: 10 - 3 and 9 - 4
    assert cells[11] == "12 s"
