"""Computer opponents: every level makes a legal decision at every phase of every preset, decides only from what
its seat may see, and the worker thread cancels, survives failures and always answers with a legal move."""

import logging
import random
import time
from multiprocessing import Pipe
from multiprocessing.connection import Connection

import pytest

from bench.worlds import Counted
from game.ai import RulePlayer, make_player, search
from game.ai.player import HandSeen
from game.ai.search import SearchPlayer, shed_evidence
from game.ai.worker import AIWorker, SearchProcess, _search_process_main
from game.engine import Hand, load_rules, preset_names
from game.engine import actions as A
from game.engine import cards as C
from game.engine.hearts import QS, HeartsHand
from game.engine.knowledge import SeenHand
from game.engine.results import HandResult
from game.engine.rook import RookHand
from game.runtime import ChildJob
from tests.support.deals import build_deal
from tests.support.kinds import of_kind
from tests.support.players import Hangs, Illegal, Raises

PRESETS = preset_names()


def small_hard(seed: int = 0) -> SearchPlayer:
    return SearchPlayer(seed=seed, budget=5.0, worlds=3)


def small_halving(seed: int = 0) -> SearchPlayer:
    """Hard's search by sequential halving over a small work allowance (cards played out per decision)."""
    return SearchPlayer(seed=seed, budget=5.0, work=3000)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_level_plays_whole_hands_legally(preset: str) -> None:
    rules = load_rules(preset)
    players = [make_player("easy"), make_player("normal"), small_hard(1), make_player("normal")]
    for number in range(2):
        hand = Hand.deal(rules, seed=f"{preset}:{number}", dealer=number % rules.players, number=number)
        phases = set()
        while not hand.is_done:
            action = players[hand.to_move % len(players)].decide(hand)
            assert hand.refusal(action) is None, f"{hand.phase}: {hand.action_text(action)}"
            phases.add(hand.phase)
            hand.push(action)
        assert "play" in phases or of_kind(RookHand, hand).thrown_in


def decision_points(preset: str, count: int, seed: int) -> list[Hand]:
    """Hands stopped at random decisions along a Normal-played hand."""
    rules = load_rules(preset)
    rng = random.Random(seed)
    normal = make_player("normal")
    points: list[Hand] = []
    while len(points) < count:
        hand = Hand.deal(rules, seed=rng.getrandbits(32), dealer=rng.randrange(rules.players))
        stop = rng.randrange(1, 60)
        steps = 0
        while not hand.is_done and steps < stop:
            hand.push(normal.decide(hand))
            steps += 1
        if not hand.is_done:
            points.append(hand)
    return points


@pytest.mark.parametrize("preset", PRESETS)
def test_decisions_depend_only_on_what_the_seat_may_see(preset: str) -> None:
    """Issue 4: "a test that reshuffles the cards hidden from a seat (consistently with what it knows) and shows the
    decision does not change for the deterministic levels". Hard is included: its worlds are drawn from the pooled
    hidden cards, so with the same seed it searches the same worlds."""
    rng = random.Random(preset)
    changed_worlds = 0
    for hand in decision_points(preset, 6, seed=len(preset)):
        seat = hand.to_move
        for level in ("easy", "normal"):
            expected = make_player(level).decide(hand)
            for _ in range(3):
                world = hand.resample(seat, rng)
                changed_worlds += world.held != hand.held
                assert make_player(level).decide(world) == expected, f"{level} at {hand.phase}"
        if small_hard(5).searches(hand):
            world = hand.resample(seat, rng)
            assert small_hard(5).decide(world) == small_hard(5).decide(hand), f"hard at {hand.phase}"
            assert small_halving(5).decide(world) == small_halving(5).decide(hand), f"halving at {hand.phase}"
    assert changed_worlds, "the reshuffles must actually move hidden cards"


@pytest.mark.parametrize("preset", ["hearts-classic", "hearts-2p", "hearts-5p"])
def test_hard_searches_its_pass_among_normals_choice_and_short_suits(preset: str) -> None:
    """Issue 4: Hard searches "Hearts passing": the candidates hold Normal's own pass, every one is a legal pass,
    and a short side suit of the seat's is tried passed whole (a void to discard on)."""
    rules = load_rules(preset)
    hard, normal = small_hard(2), make_player("normal")
    passes = 0
    for number in range(6):
        hand = Hand.deal(rules, seed=f"{preset}:{number}", dealer=number % rules.players, number=number)
        while hand.phase != "play":
            if hand.phase == "pass":
                lines = hard.candidates(hand)
                assert lines is not None  # Hard searches a pass
                assert normal.decide(hand) in lines and all(hand.refusal(a) is None for a in lines)
                held = hand.held[hand.turn]
                for suit in (C.CLUBS, C.DIAMONDS, C.SPADES):
                    short = held & C.SUIT_MASKS[suit]
                    if 0 < short.bit_count() <= rules.pass_count:
                        assert any(A.payload_of(a) & short == short for a in lines), "a short suit is not tried"
                passes += 1
            hand.push(hard.decide(hand))
    assert passes


@pytest.mark.parametrize("preset", ["hearts-classic", "hearts-2p", "rook-classic", "rook-2p", "rook-500-5p",
                                    "rook-original-3p", "rook-beginner"])
def test_sampled_worlds_keep_everything_the_seat_knows(preset: str) -> None:
    rng = random.Random(3)
    for hand in decision_points(preset, 8, seed=11):
        seat = hand.to_move
        hidden = hand.information(seat).unseen
        shown = hand.voids()
        for _ in range(5):
            world = hand.resample(seat, rng)
            assert world.held[seat] == hand.held[seat]
            assert [m.bit_count() for m in world.held] == [m.bit_count() for m in hand.held]
            assert world.played == hand.played and world.tricks == hand.tricks
            moved = 0
            for other in range(hand.n):
                if other != seat:
                    assert not world.held[other] & shown[other] & hidden, "a revealed void was broken"
                    moved |= world.held[other] ^ hand.held[other]
            assert not moved & ~hidden, "only cards hidden from the seat may move"
            if hand.family == "hearts":
                passed = of_kind(HeartsHand, hand).passed
                for other in range(hand.n):
                    kept = passed[seat] & hand.held[other]
                    assert world.held[other] & kept == kept, "cards the seat passed stay where it sent them"
            else:
                assert world.public_cards() == hand.public_cards()
                world_nest, nest = of_kind(RookHand, world).nest, of_kind(RookHand, hand).nest
                assert world_nest & hand.public_cards() == nest & hand.public_cards()


def test_normal_beats_random_play_at_hearts() -> None:
    """A sanity check of strength (the measured tables are python -m bench ai): on the same deals, the two
    Normal seats take fewer penalty points than the two random seats."""
    rules = load_rules("hearts-classic")
    normal = make_player("normal")
    rng = random.Random(1)
    normal_points = random_points = 0
    for number in range(30):
        hand = Hand.deal(rules, seed=number, number=number)
        while not hand.is_done:
            hand.push(normal.decide(hand) if hand.to_move % 2 == 0 else hand.random_action(rng))
        delta = hand.score_delta()
        normal_points += delta[0] + delta[2]
        random_points += delta[1] + delta[3]
    assert normal_points < random_points * 0.7


# --- the worker thread ---

def playing_hand() -> Hand:
    hand = Hand.deal(load_rules("hearts-classic"), seed=4)
    normal = make_player("normal")
    while hand.phase != "play" or len(hand.legal_ids()) < 3:  # a real choice, so that search takes time
        hand.push(normal.decide(hand))
    return hand


def test_worker_answers_with_a_legal_action_and_leaves_the_hand_alone() -> None:
    worker = AIWorker()
    hand = playing_hand()
    before = hand.record()
    decision = worker.request(hand, make_player("normal"))
    assert decision.wait(30) in hand.legal_actions()
    assert not decision.fell_back and hand.record() == before
    assert worker.close()


@pytest.mark.parametrize("search_process", [True, False], ids=["search process", "search thread"])
def test_worker_cancels_a_long_search(search_process: bool) -> None:
    """A search with a minute's budget, cancelled, answers with a legal play (the wait's timeout only stops a
    hang, far short of the budget)."""
    worker = AIWorker(search_process=search_process)
    hand = playing_hand()
    decision = worker.request(hand, SearchPlayer(seed=1, budget=60, worlds=10**6))
    time.sleep(0.3)
    assert not decision.done
    decision.cancel()
    assert decision.wait(30) in hand.legal_actions()
    assert worker.close(timeout=30)


def _exits_after_the_question(conn: Connection) -> None:
    conn.recv()


def test_a_search_process_gone_without_an_answer_is_a_failed_search_and_the_next_one_starts_afresh() -> None:
    """Issue 32, item 1, in Hard's worker: the search process read to the end of its pipe (EOFError, read as an
    answer). Now what came before the end would be kept, and an end with nothing before it is said as a failed
    search (the worker then plays a fallback move), the process stopped so the next search starts a new one. The
    exit code may be its own (0) or the stop's (-9): on a busy machine the child, below the window's priority, can
    take over the second that ``ChildJob.kill`` gives it to finish leaving (tests/test_runtime.py pins its own)."""
    search = SearchProcess()
    search._job = ChildJob(_exits_after_the_question, name="test-search")
    hand = playing_hand()
    with pytest.raises(RuntimeError, match=r"the search process stopped \(exit code (0|-9)\)"):
        search.decide(SearchPlayer(seed=1, budget=1).spec, hand.record(), lambda: False, 30)
    assert search._job is None
    assert search.decide(SearchPlayer(seed=1, budget=0.2).spec, hand.record(), lambda: False, 30) \
        in hand.legal_actions()
    search.stop()



@pytest.mark.parametrize("player", [Raises(), Illegal()], ids=["raises", "illegal"])
def test_worker_answers_a_failing_ai_with_a_logged_legal_fallback(player: Raises | Illegal,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    worker = AIWorker()
    hand = playing_hand()
    with caplog.at_level(logging.WARNING, logger="trickhouse.ai"):
        decision = worker.request(hand, player)
        action = decision.wait(30)
    assert action in hand.legal_actions() and decision.fell_back
    assert any(record.name == "trickhouse.ai" for record in caplog.records)
    assert worker.close()


def test_an_ai_past_its_limit_is_answered_with_the_fallback() -> None:
    worker = AIWorker(search_process=False)  # in the thread the search keeps its own minute's budget
    hand = playing_hand()
    decision = worker.request(hand, SearchPlayer(seed=1, budget=60, worlds=10**6), limit=0.2)
    assert not decision.resolve_if_overdue()
    time.sleep(0.3)
    assert decision.resolve_if_overdue()
    assert decision.action in hand.legal_actions() and decision.fell_back
    assert worker.close()


def test_a_search_in_the_process_ends_within_the_decisions_limit() -> None:
    """The search process is told the time left of the decision's limit (issue 26: autoplay printed "AI overran
    its 1.00 s budget"): a search with a minute's budget and a million worlds answers by itself, without a fallback.
    The wait's timeout only stops a hang, far short of the minute."""
    worker = AIWorker(search_process=True)
    hand = playing_hand()
    decision = worker.request(hand, SearchPlayer(seed=1, budget=60, worlds=10**6), limit=1.0)
    assert decision.wait(30) in hand.legal_actions() and not decision.fell_back
    assert worker.close()


def test_halving_is_reproducible_and_legal() -> None:
    """The halving's worlds come from the seed and the seat's view alone: the same player decides the same, and a
    player of another seed may search other worlds but still plays legally."""
    for preset in ("hearts-classic", "rook-500"):
        for hand in decision_points(preset, 4, seed=3):
            if not small_halving().searches(hand):
                continue
            action = small_halving(2).decide(hand)
            assert hand.refusal(action) is None
            assert small_halving(2).decide(hand.copy()) == action


def cards_played_out(hand: Hand, work: int) -> int:
    player = SearchPlayer(seed=1, budget=60.0, work=work, exact_nodes=0)
    counted = Counted(player)
    player.decide(hand)
    return counted.cards


def test_hearts_search_spends_its_work_on_the_first_tricks() -> None:
    """More worlds changed the choices of a Hearts hand's first tricks most, hardly ever those of its last four
    (docs/benchmarks.md, "Where Hard's work goes"): Hard's work in Hearts follows the cards still to play, twice its
    allowance in the first trick and a fraction of it at the end; in Rook every card gets the same."""
    work = 20000
    for preset, first_share, last_share in (("hearts-classic", (1.6, 2.2), (0.1, 0.6)), ("rook-classic", (0.8, 1.2),
                                                                                        (0.8, 1.2))):
        rules = load_rules(preset)
        normal = make_player("normal")
        first = last = None
        for number in range(20):
            hand = Hand.deal(rules, seed=f"work:{number}", dealer=number % rules.players, number=number)
            while not hand.is_done and (first is None or last is None):
                if hand.phase == "play" and SearchPlayer(exact_nodes=0).searches(hand):
                    left = sum(hand.hand_sizes())
                    # (a decision whose cards all take the same tricks plays none out)
                    if first is None and left > (rules.hand_size - 1) * rules.players:  # the first trick
                        first = cards_played_out(hand, work) or None
                    elif last is None and 2 * rules.players < left <= 3 * rules.players:
                        last = cards_played_out(hand, work) or None
                hand.push(normal.decide(hand))
        assert first is not None and last is not None, preset
        assert first_share[0] * work <= first <= first_share[1] * work, (preset, first)
        assert last_share[0] * work <= last <= last_share[1] * work, (preset, last)



def test_an_ai_that_hangs_gets_a_fallback_and_later_decisions_do_not_wait_behind_it(
        caplog: pytest.LogCaptureFixture) -> None:
    worker, hung = AIWorker(search_process=False), Hangs()
    hand = playing_hand()
    try:
        decision = worker.request(hand, hung, limit=0.2)
        time.sleep(0.3)
        assert decision.resolve_if_overdue() and decision.action in hand.legal_actions()
        with caplog.at_level(logging.WARNING, logger="trickhouse.ai"):  # the hung AI holds its thread for 60 s
            following = [worker.request(hand, make_player("easy")) for _ in range(3)]
            assert all(later.wait(30) in hand.legal_actions() for later in following)
        assert not any(later.fell_back for later in following)
        assert "still running after its fallback move" in caplog.text
    finally:
        hung.release.set()
    assert worker.close()


def test_closing_while_the_computer_thinks_ends_the_thread() -> None:
    """Closing cancels a search with a minute's budget: the thread ends (the timeout only stops a hang)."""
    worker = AIWorker()
    worker.request(playing_hand(), SearchPlayer(seed=1, budget=60, worlds=10**6))
    time.sleep(0.2)
    assert worker.close(timeout=30)


def test_hard_in_the_search_process_decides_as_it_does_in_the_thread() -> None:
    """Reproducible from a seed wherever the search runs: the process builds the same player from its spec."""
    hand = playing_hand()
    expected = hand.action_text(SearchPlayer(seed=9, budget=30, worlds=4).decide(hand))
    worker = AIWorker(search_process=True)
    decision = worker.request(hand, SearchPlayer(seed=9, budget=30, worlds=4))
    assert decision.wait(30) == expected and not decision.fell_back
    assert worker.close()


@pytest.mark.parametrize("preset", ["rook-classic", "rook-2p", "hearts-classic"])
def test_every_level_decides_from_the_hand_as_its_seat_sees_it(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: "Computer players receive the seat's information set, never the live hand": what Easy's and
    Normal's rules and Hard's search are handed is the engine's SeenHand of the seat to move."""
    given: list[object] = []
    rules_play_in, search_candidates = RulePlayer.play_in, SearchPlayer.candidates

    def play_in(self: RulePlayer, hand: Hand) -> A.Action:
        given.append(hand)
        return rules_play_in(self, hand)

    def candidates(self: SearchPlayer, hand: HandSeen) -> list[A.Action] | None:
        given.append(hand)
        return search_candidates(self, hand)

    monkeypatch.setattr(RulePlayer, "play_in", play_in)
    monkeypatch.setattr(SearchPlayer, "candidates", candidates)
    for hand in decision_points(preset, 4, seed=3):
        for player in (make_player("easy"), make_player("normal"), small_hard(2)):
            given.clear()
            player.decide(hand)
            assert isinstance(given[0], SeenHand) and given[0].seat == hand.to_move, type(given[0])


def test_hard_with_the_share_setting_would_rather_take_20_points_than_let_another_shoot_the_moon(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's share setting (``SearchPlayer(share=1)``) counts each play-out at the engine's ``Hand.worth``: a moon
    another seat shoots costs it all 26 (``HeartsHand.worth``), more than 20 points of its own. The game's Hard
    counts the margin, which shares the moon's 26 out among the others, who took 26 each too, and lets the moon
    come rather than take 20."""
    hand = Hand.deal(load_rules("hearts-classic").changed({"pass_cycle": ["hold"]}, "the test"), seed=3)
    normal = RulePlayer(counting=True)
    while len(hand.legal) < 2:
        hand.push(normal.decide(hand))
    seat = hand.to_move
    moon_card, own_card = hand.legal_ids()[:2]
    sides = tuple((s,) for s in range(4))
    other = (seat + 1) % 4
    moon = HandResult(points=tuple(26 if s == other else 0 for s in range(4)),
                      score_change=tuple(0 if s == other else 26 for s in range(4)), sides=sides,
                      moon_shooter=other, lower_is_better=True)
    own = HandResult(points=tuple(20 if s == seat else 2 for s in range(4)),
                     score_change=tuple(20 if s == seat else 2 for s in range(4)), sides=sides, lower_is_better=True)
    outcomes = {moon_card: moon, own_card: own}
    monkeypatch.setattr(SearchPlayer, "play_out", lambda self, world, action: outcomes[action])
    monkeypatch.setattr(SearchPlayer, "candidates", lambda self, seen: [moon_card, own_card])
    monkeypatch.setattr(search, "distinct_plays", lambda seen: [moon_card, own_card])
    for fixed_worlds in (0, 3):  # the halving, and a fixed number of worlds
        assert SearchPlayer(budget=5.0, worlds=fixed_worlds, work=3000, share=1).decide(hand) == own_card
        assert SearchPlayer(budget=5.0, worlds=fixed_worlds, work=3000).decide(hand) == moon_card


def test_the_search_process_ends_quietly_when_the_window_is_gone() -> None:
    """Seen when the game's display was lost: the window died without telling its search process, whose read of the
    pipe then raised EOFError and printed a traceback. The search process's loop ends quietly instead."""
    window_end, search_end = Pipe()
    window_end.close()
    _search_process_main(search_end)  # returns: nothing to answer, nothing raised


def shedding_hand(plays: str) -> Hand:
    """A hand of hearts-classic (no pass) played through ``plays``: South leads the 2♣; West holds no diamond and
    the Q♠ is East's."""
    rules = load_rules("hearts-classic").changed({"pass_cycle": ["hold"]}, "the test")
    hand = Hand.from_deal(rules, build_deal(rules, {0: "2C 3D", 1: "3C 5H 5C", 2: "4C 4D AS 3S", 3: "AC 2D QS 2S"},
                                            void={1: "D"}), dealer=3)
    for card in plays.split():
        hand.push(hand.parse_action(f"play {card}"))
    return hand


def test_a_seat_that_sheds_another_card_while_void_most_likely_has_no_queen_of_spades() -> None:
    """RULES.md, Hearts: a player who cannot follow suit may play any card (points too, unless a house rule forbids
    them on the first trick). A holder of the Q♠ usually sheds it then, on another's trick, so West's 5♥ on the
    diamond trick says West has none: the evidence ``infer`` weighs worlds by. South, who only followed suit, says
    nothing."""
    hand = shedding_hand("2C 3C 4C AC 2D 3D 5H 4D")
    seen = hand.seen_by(hand.to_move)
    assert shed_evidence(seen, hand.to_move) == (QS, [1])


def test_following_under_a_spade_that_beats_the_queen_says_the_seat_has_none() -> None:
    """A holder of the Q♠ who must follow a spade trick won by the A♠ of another gives the queen away: East's 2♠
    under North's A♠ says East has none. South reads the same once it has played to the trick itself (the hand
    review asks for seats not to move)."""
    hand = shedding_hand("2C 3C 4C AC 2D 3D 5H 4D AS 2S")
    assert shed_evidence(hand.seen_by(0), 0) == (QS, [1, 3])
    hand.push(hand.parse_action("play 5D"))
    assert shed_evidence(hand.seen_by(0), 0) == (QS, [1, 3])


def test_no_shedding_evidence_on_the_first_trick_or_once_the_queen_is_placed() -> None:
    """RULES.md, Hearts: a house rule may forbid points on the first trick, so a seat void there says nothing of the
    queen; and once the Q♠ is played, or the seat knows where it is (East holds it), there is nothing to infer."""
    rules = load_rules("hearts-classic").changed({"pass_cycle": ["hold"], "penalty_on_first_trick": False}, "the test")
    hand = Hand.from_deal(rules, build_deal(rules, {0: "2C", 1: "3D", 2: "4C", 3: "QS"}, void={1: "C"}), dealer=3)
    for card in "2C 3D 4C".split():
        hand.push(hand.parse_action(f"play {card}"))
    assert shed_evidence(hand.seen_by(3), 3) == (QS, [])
    played = shedding_hand("2C 3C 4C AC 2D 3D 5H 4D AS 2S 3C QS")
    assert shed_evidence(played.seen_by(0), 0)[1] == []
    assert shed_evidence(shedding_hand("2C 3C 4C AC 2D 3D 5H 4D").seen_by(3), 3)[1] == []
    rook = decision_points("rook-classic", 1, seed=3)[0]  # points count for their taker: nothing to shed
    assert shed_evidence(rook.seen_by(rook.to_move), rook.to_move) == (-1, [])


def test_worlds_with_infer_seldom_give_the_queen_to_a_seat_whose_play_said_it_has_none() -> None:
    """``SearchPlayer(infer=K)`` keeps a world against the shedding evidence with chance K per cent: South's worlds
    give West the Q♠ in about a third of them without it and hardly ever with ``infer=1``."""
    hand = shedding_hand("2C 3C 4C AC 2D 3D 5H 4D 3S")
    seen = hand.seen_by(0)
    assert hand.to_move == 3 and shed_evidence(seen, 0) == (QS, [1])

    def west_has_queen(player: SearchPlayer) -> int:
        rng = random.Random(5)
        return sum(player.world(seen, 0, rng).held[1] >> QS & 1 for _ in range(300))

    assert west_has_queen(SearchPlayer()) > 90
    assert west_has_queen(SearchPlayer(infer=1)) < 10
