"""Easy's and Normal's decisions pinned (``tests/golden/rule_decisions.json``), so that making the rules faster
cannot change what they decide: Hard's play-outs are Normal's decisions, so its searches stay the same too.

The file was made at commit b3b4c78 (before the rules were rewritten for speed) by running this module as a
script: for every preset, hands played by a line that takes Normal's action or a random one in turn, each
position's Easy and Normal decisions, as the search asks them (on the whole hand, ``play_in``) and as a seat is
asked them (``decide``, from what the seat sees). It was made again twice, on purpose, when the Rook rules learned
to give points to a partner whose card nothing still out can beat, and to give them without taking the trick over,
then when that became "nothing an opponent still to play may hold can take it", for a partner's trump too (both
times the Hearts entries came out the same, as did the Rook presets whose lines never met the rule); and when the
Hearts rules learned the special queens of Royal Hearts from the engine's ``card_values`` (only the four Royal
presets' entries changed). The tests after it pin what the special queens change, each on a hand-built position.
"""

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai import RulePlayer, SearchPlayer, search
from game.engine import Hand, Rules, load_rules, preset_names
from game.engine import cards as C
from game.engine.hearts import PENALTY_CARDS, HeartsHand
from game.engine.results import HandResult
from tests.support.deals import hand_with, play_all
from tests.support.kinds import of_kind

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


def make() -> dict[str, list[dict[str, object]]]:
    pinned = {}
    for preset in preset_names():
        games: list[dict[str, object]] = []
        for number in range(HANDS):
            start, actions = line(preset, number)
            games.append({"deal": start.deal_text(), "dealer": start.dealer, "number": start.number,
                          "actions": actions, "decisions": decisions(start, actions)})
        pinned[preset] = games
    return pinned


# raw JSON: the golden file as make() wrote it
PINNED: dict[str, list[dict[str, Any]]] = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


@pytest.mark.parametrize("preset", sorted(PINNED))
def test_easy_and_normal_decide_as_pinned(preset: str) -> None:
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


def test_every_preset_is_pinned() -> None:
    assert sorted(PINNED) == sorted(preset_names())


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(make(), separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN}", file=sys.stderr)


# --- the special queens (RULES.md decision 18), which the rules learn from the engine's card values ---

def no_pass(preset: str) -> Rules:
    """A preset without passing, the player left of the dealer leading: play starts from the deal as written."""
    return load_rules(preset).changed({"pass_cycle": ["hold"], "two_clubs_leads": False})


def normal_plays(preset: str, hands: dict[int, str], before: str) -> str:
    """Normal's card in the position reached by ``before`` from a deal with these hands (dealer 3: seat 0 leads)."""
    hand = hand_with(no_pass(preset), hands, dealer=3)
    play_all(hand, before)
    return hand.action_text(RulePlayer(counting=True).decide(hand))


def test_normal_takes_the_queen_of_diamonds_home_when_it_wins_the_trick_last() -> None:
    """Decision 18 (002: the Queen of diamonds is "-10 points" to whoever takes her): the last to play, able to win
    the trick with her, wins it with her and not with a higher card, which keeps her for later."""
    hands = {0: "3D", 1: "5D", 2: "9D", 3: "QD AD 4D"}
    assert normal_plays("hearts-royal", hands, "play 3D, play 5D, play 9D") == "play QD"
    assert normal_plays("hearts-classic", hands, "play 3D, play 5D, play 9D") == "play AD"


def test_normal_never_throws_the_queen_of_diamonds_to_another_player() -> None:
    """Decision 18: the special Queen of diamonds counts for her taker, so a player void in the suit led throws
    another card (Classic Hearts throws the highest)."""
    hands = {0: "3C QS KS AS", 1: "QD 2D 3D 4D 5D 6D 7D 8D 9D TD JD 2S 3S"}
    assert normal_plays("hearts-royal", hands, "play 3C") == "play JD"
    assert normal_plays("hearts-classic", hands, "play 3C") == "play QD"


def test_normal_throws_the_queen_of_hearts_before_a_higher_heart() -> None:
    """Decision 18: the special Queen of hearts "doubles every heart its taker took, itself included", so she is
    the heart to be rid of first (Classic Hearts throws its highest heart)."""
    hands = {0: "3C", 1: "QH AH 2D 3D 4D 5D 6D 7D 8D 9D TD 2S 3S"}
    assert normal_plays("hearts-royal", hands, "play 3C") == "play QH"
    assert normal_plays("hearts-classic", hands, "play 3C") == "play AH"


def test_normal_passes_the_queen_of_hearts_early_and_keeps_the_queen_of_diamonds() -> None:
    """Decision 18 for the pass (002 "Passing 3 Cards"): the special Queen of hearts goes before the ace of hearts,
    the special Queen of diamonds is the last card to give away."""
    cards_held = "QH AH QD 2C 3C 4C 5D 6D 7S 8S 9S TS JS"
    for preset, expected in (("hearts-royal", ["QH", "AH"]), ("hearts-classic", ["AH", "QH"])):
        hand = hand_with(preset, {0: cards_held}, dealer=3)
        ranking = [hand.rules.card_name(card) for card in RulePlayer(counting=True).pass_ranking(hand.seen_by(0))]
        assert [name for name in ranking if name in ("QH", "AH")] == expected
        assert (ranking[-1] == "QD") == (preset == "hearts-royal")


# --- the moon rules of Hard's play-outs (``RulePlayer(moon=True)``) ---

# seat 0 holds every spade and takes the first three tricks, the Queen of spades and nine hearts with them
MOON_HANDS = {0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
              1: "2H 3H 4H 5H AH 2C 3C 4C 5C 6C 7C 8C 9C",
              2: "6H 7H 8H 9H 2D 3D 4D 5D 6D 7D 8D 9D TD",
              3: "TH JH QH KH JD QD KD AD TC JC QC KC AC"}
MOON_START = ("play AS, play 2H, play 6H, play TH, play KS, play 3H, play 7H, play JH, "
              "play QS, play 4H, play 8H, play QH")


def moon_position(before: str = "") -> Hand:
    hand = hand_with(no_pass("hearts-classic"), MOON_HANDS, dealer=3)
    play_all(hand, MOON_START + (", " + before if before else ""))
    return hand


def test_moon_rules_throw_nothing_that_scores_onto_the_trick_of_the_seat_with_every_point() -> None:
    """002 "Quick tip": "Always be aware if someone has taken all the points in a hand - she could be shooting. It is
    worth holding a high card or two until more than one player has taken some points."
    Seat 0 has every point so far (22); seat 1, void in spades, throws a club on its trick, keeping the ace of
    hearts; Normal, which plays as if nobody shoots, throws the ace."""
    hand = moon_position("play JS")
    assert hand.action_text(RulePlayer(counting=True, moon=True).decide(hand)) == "play 9C"
    assert hand.action_text(RulePlayer(counting=True).decide(hand)) == "play AH"


def test_moon_rules_lead_the_seat_with_every_point_on_to_take_every_trick() -> None:
    """002 "Shooting the Moon": the seat that has every point so far goes on taking tricks, leading the highest card
    of its longest suit; Normal leads low."""
    hand = moon_position()
    assert hand.action_text(RulePlayer(counting=True, moon=True).decide(hand)) == "play JS"
    assert hand.action_text(RulePlayer(counting=True).decide(hand)) == "play 2S"


def test_moon_rules_keep_the_highest_heart_against_the_seat_with_every_point() -> None:
    """002 "Quick tip": "Always be aware if someone has taken all the points in a hand - she could be shooting. It is
    worth holding a high card or two until more than one player has taken some points."
    Holding nothing but hearts, seat 1 throws its lowest on the trick of the seat with every point so far and keeps
    the ace; Normal throws the ace."""
    clubs_down = ", ".join(f"play {spade}S, play {club}C, play {diamond}D, play {other}"
                           for spade, club, diamond, other in zip("JT98765", "9876543", "9876543",
                                                                  ("TC", "JC", "QC", "KC", "AC", "JD", "QD")))
    hand = moon_position(clubs_down + ", play 4S, play 2C, play 2D, play KD, play 3S")
    assert hand.to_move == 1 and hand.held[1] == C.parse_cards("5H AH", "standard")
    assert hand.action_text(RulePlayer(counting=True, moon=True).decide(hand)) == "play 5H"
    assert hand.action_text(RulePlayer(counting=True).decide(hand)) == "play AH"


def test_moon_rules_throw_no_heart_while_the_seat_with_every_point_is_still_to_play() -> None:
    """002 "Quick tip": "Always be aware if someone has taken all the points in a hand - she could be shooting. It is
    worth holding a high card or two until more than one player has taken some points."
    Seat 0 has every point so far; seat 1 leads a club with seat 0 still to play after it: seat 2, void in clubs,
    throws its highest diamond, not the heart that Normal throws."""
    hands = {0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2C",
             1: "2H 3H 4H 5H AH 3C 4C 5C 6C 7C 8C 9C AC",
             2: "6H 7H 8H 9H 2D 3D 4D 5D 6D 7D 8D 9D TD",
             3: "TH JH QH KH JD QD KD AD TC JC QC KC 2S"}
    hand = hand_with(no_pass("hearts-classic"), hands, dealer=3)
    play_all(hand, "play AS, play 2H, play 6H, play 2S, play KS, play 3H, play 7H, play TH, play QS, play 4H, "
                   "play 8H, play JH, play 2C, play AC, play 2D, play TC, play 3C")
    assert hand.to_move == 2 and hand.taken[1] == C.parse_cards("2C AC 2D TC", "standard")
    assert hand.action_text(RulePlayer(counting=True, moon=True).decide(hand)) == "play TD"
    assert hand.action_text(RulePlayer(counting=True).decide(hand)) == "play 9H"


def test_hard_with_its_moon_setting_plays_its_worlds_out_by_the_moon_rules() -> None:
    """``SearchPlayer(moon=1)`` (``python3 dev.py bench xinxin --hard moon=1``) plays out by the moon rules; the
    game's Hard by Normal's."""
    hand = moon_position("play JS")
    assert hand.action_text(SearchPlayer(moon=1).rollout.play_in(hand)) == "play 9C"
    assert SearchPlayer(*SearchPlayer(moon=1).spec).rollout.moon  # the same player in a search process
    assert hand.action_text(SearchPlayer().rollout.play_in(hand)) == "play AH"


def shooter_deal() -> Hand:
    """A deal (hearts-classic, no pass) in which seat 0, played by Normal's rules with the others, takes 14 points."""
    return Hand.deal(load_rules("hearts-classic").changed({"pass_cycle": ["hold"]}, "the test"), seed=7)


def test_a_seat_running_for_the_moon_in_a_play_out_shoots_where_normal_takes_14() -> None:
    """002 "Shooting the Moon": a play-out's shooter (``RulePlayer.play_to_end(hand, shooter)``, Hard's moon plan)
    takes what it can, leading the highest card of its longest suit and following high: in this deal it takes every
    penalty card, where Normal's play leaves it 14 points."""
    normal, running = shooter_deal(), shooter_deal()
    RulePlayer(counting=True).play_to_end(normal)
    RulePlayer(counting=True).play_to_end(running, shooter=0)
    assert normal.points()[0] == 14
    assert running.final_result().moon_shooter == 0 and running.points() == [26, 0, 0, 0]


def test_others_told_of_a_play_outs_shooter_keep_a_high_heart_from_its_first_card_and_stop_it() -> None:
    """002 "Quick tip": "It is worth holding a high card or two until more than one player has taken some points."
    Seat 0 runs with twelve spades and the king of hearts; seat 1, void in spades, holds the ace. By the moon rules
    alone the others stop a run only once it has ``MOON_THREAT`` points: seat 1 has thrown its ace by then and seat
    0 shoots. Told of the run from its first card (``stop_shooter``, Hard's guard=5), seat 1 throws its clubs and low
    hearts, keeps the ace and takes the king of hearts on the last trick."""
    hands = {0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S KH", 1: "AH 2H 3H 4H 5H 2C 3C 4C 5C 6C 7C 8C 9C",
             2: "6H 7H 8H 9H TH 2D 3D 4D 5D 6D 7D 8D 9D", 3: "JH QH TC JC QC KC AC TD JD QD KD AD 2S"}
    late, told = (hand_with(no_pass("hearts-classic"), hands, dealer=3) for _ in range(2))
    RulePlayer(counting=True, moon=True).play_to_end(late, shooter=0)
    RulePlayer(counting=True, moon=True, stop_shooter=True).play_to_end(told, shooter=0)
    assert late.final_result().moon_shooter == 0
    ace, king = told.rules.parse_cards(["AH"]), told.rules.parse_cards(["KH"])
    assert told.final_result().moon_shooter == -1 and told.taken[1] & ace and told.taken[1] & king


def test_a_play_outs_shooter_plays_by_normals_rules_once_another_seat_takes_a_penalty_card() -> None:
    """Once another seat has a penalty card the moon is gone (the engine's ``may_shoot_moon``),
    so the shooter goes back to taking as few points as it can: from there its play-out is Normal's, card for
    card."""
    hand, normal = of_kind(HeartsHand, shooter_deal()), RulePlayer(counting=True)
    while hand.may_shoot_moon(0):
        hand.push(normal.play_in(hand))
    assert hand.phase == "play" and len(hand.tricks) < 12
    plain, running = hand.copy(), hand.copy()
    normal.play_to_end(plain)
    normal.play_to_end(running, shooter=0)
    assert running.tricks == plain.tricks and running.final_result() == plain.final_result()


def play_outs_ending(monkeypatch: pytest.MonkeyPatch, ends: dict[tuple[int, int], tuple[int, ...]]) -> None:
    """Hard's play-outs made to end with the points each seat takes, by the candidate and the seat running for the
    moon in the play-out (-1: nobody): 26 to one seat is its moon. The candidates are the actions named."""
    candidates = sorted({action for action, _ in ends})

    def play_out(self: SearchPlayer, world: Hand, action: int, shooter: int = -1) -> HandResult:
        points = ends[action, shooter]
        moon = points.index(26) if 26 in points else -1
        change = tuple(0 if seat == moon else 26 for seat in range(4)) if moon >= 0 else points
        return HandResult(points=points, score_change=change, sides=tuple((seat,) for seat in range(4)),
                          moon_shooter=moon, lower_is_better=True)

    monkeypatch.setattr(SearchPlayer, "play_out", play_out)
    monkeypatch.setattr(SearchPlayer, "candidates", lambda self, seen: candidates)
    monkeypatch.setattr(search, "distinct_plays", lambda seen: candidates)


def test_hard_with_its_guard_setting_keeps_its_ace_of_hearts_against_the_seat_with_every_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """002 "Quick tip": "Always be aware if someone has taken all the points in a hand - she could be shooting. It is
    worth holding a high card or two until more than one player has taken some points."
    Seat 0 has every point so far and the trick; seat 1, void in spades, may throw its ace of hearts on it or a club,
    keeping the ace to take a heart from seat 0 later. In the play-outs made up here, by Normal's rules throughout
    the ace costs seat 1 less; with seat 0 running for the moon, throwing the ace lets it shoot. ``SearchPlayer(
    guard=1)`` counts each candidate at the worse of the two (seat 0 chooses its plan) and keeps the ace; so does
    ``guard=2``, which counts the run where it shoots (after the ace) and Normal's play-out elsewhere, and
    ``guard=6``; Hard without a guard throws the ace."""
    hand = moon_position("play JS")
    stop, let = hand.parse_action("play 9C"), hand.parse_action("play AH")
    play_outs_ending(monkeypatch, {(stop, -1): (22, 4, 0, 0), (stop, 0): (22, 4, 0, 0),
                                   (let, -1): (24, 0, 2, 0), (let, 0): (26, 0, 0, 0)})
    assert SearchPlayer(budget=5.0, work=3000, guard=1).decide(hand) == stop
    assert SearchPlayer(*SearchPlayer(budget=5.0, work=3000, guard=1).spec).decide(hand) == stop  # a search process's
    assert SearchPlayer(budget=5.0, work=3000, guard=2).decide(hand) == stop
    assert SearchPlayer(budget=5.0, work=3000, guard=6).decide(hand) == stop
    assert SearchPlayer(budget=5.0, work=3000).decide(hand) == let


def test_hard_with_its_second_guard_setting_lets_go_of_its_ace_when_the_run_fails_anyway(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same trick as above, but with seat 0 running for the moon after the ace, the run fails and seat 1 takes
    6 points. ``guard=1`` counts that failed run (the worse of the two plans) and keeps the ace; ``guard=2`` counts
    a run only where it shoots (seat 0 knows its own hand: it would not run there), so it throws the ace as Normal's
    play-outs say; so does ``guard=3``, whose play-outs' others stop the run by the moon rules."""
    hand = moon_position("play JS")
    stop, let = hand.parse_action("play 9C"), hand.parse_action("play AH")
    play_outs_ending(monkeypatch, {(stop, -1): (22, 4, 0, 0), (stop, 0): (22, 4, 0, 0),
                                   (let, -1): (24, 0, 2, 0), (let, 0): (20, 6, 0, 0)})
    assert SearchPlayer(budget=5.0, work=3000, guard=1).decide(hand) == stop
    assert SearchPlayer(budget=5.0, work=3000, guard=2).decide(hand) == let
    assert SearchPlayer(budget=5.0, work=3000, guard=3).decide(hand) == let
    assert SearchPlayer(*SearchPlayer(guard=3).spec).shoot_rollout.moon and not SearchPlayer(guard=2).shoot_rollout.moon


def test_hard_with_its_fourth_guard_setting_keeps_its_ace_off_the_trick_of_a_seat_before_anyone_has_a_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """002 "Quick tip" again, one trick earlier: nobody has taken a point, seat 0 leads the ace of spades, and seat
    1, void in spades, may throw its ace of hearts on it, which would make seat 0 the one seat with points. In the
    play-outs made up here, throwing the ace costs seat 1 less by Normal's rules throughout and lets seat 0 shoot
    when it runs. ``guard=3`` (and ``guard=6``) plays out no run while nobody has a point and throws the ace;
    ``guard=4`` plays out the run of the seat winning the trick on the table, and keeps the ace; so does
    ``guard=5``."""
    hand = hand_with(no_pass("hearts-classic"), MOON_HANDS, dealer=3)
    play_all(hand, "play AS")
    stop, let = hand.parse_action("play 2C"), hand.parse_action("play AH")
    play_outs_ending(monkeypatch, {(stop, -1): (22, 4, 0, 0), (stop, 0): (22, 4, 0, 0),
                                   (let, -1): (24, 0, 2, 0), (let, 0): (26, 0, 0, 0)})
    assert SearchPlayer(budget=5.0, work=3000, guard=3).decide(hand) == let
    assert SearchPlayer(budget=5.0, work=3000, guard=6).decide(hand) == let
    assert SearchPlayer(budget=5.0, work=3000, guard=4).decide(hand) == stop
    assert SearchPlayer(budget=5.0, work=3000, guard=5).decide(hand) == stop
    assert SearchPlayer(guard=4).shoot_rollout.moon and not SearchPlayer(guard=4).shoot_rollout.stop_shooter
    assert all(SearchPlayer(*SearchPlayer(guard=guard).spec).shoot_rollout.stop_shooter for guard in (5, 6))


# every club to seats 0 to 2, seat 3 void in them; the tricks played below: 0:2C 1:3C 2:AC 3:3D | 2:QC 3:2H 0:5C
# 1:6C | 2:4C 3:4D 0:KC 1:7C | 0:9C 1:JC
WINNER_HANDS = {0: "2C 5C KC 9C", 1: "3C 6C 7C JC", 2: "AC QC 4C TC 8C", 3: "3D 4D 2H"}


def test_hard_with_its_fourth_guard_setting_plays_out_the_run_of_the_trick_winner_not_the_leader(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat whose run ``guard=4`` plays out is the one winning the trick on the table: seat 0 led the two of
    clubs and seat 2 took it over with the ace. The play-outs made up here have an answer only for seat 2's run
    (another seat's would be a KeyError); throwing the three of diamonds lets it shoot, so ``guard=4`` throws the
    four, where ``guard=3``, playing out no run, throws the three."""
    hand = hand_with(no_pass("hearts-classic"), WINNER_HANDS, dealer=3, void={3: "C"})
    play_all(hand, "play 2C, play 3C, play AC")
    three, four = hand.parse_action("play 3D"), hand.parse_action("play 4D")
    play_outs_ending(monkeypatch, {(three, -1): (0, 0, 0, 0), (three, 2): (0, 0, 26, 0),
                                   (four, -1): (0, 0, 0, 1), (four, 2): (0, 0, 0, 1)})
    assert SearchPlayer(budget=5.0, work=3000, guard=3).decide(hand) == three
    assert SearchPlayer(budget=5.0, work=3000, guard=4).decide(hand) == four


def test_hard_with_its_fourth_guard_setting_plays_out_no_run_once_the_seat_to_move_has_the_only_points(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 2 has taken the only heart so far and seat 1 is winning the trick on the table: nobody else may shoot
    the moon, so ``guard=4`` plays out no run (the play-outs made up here have no answer for one)."""
    hand = hand_with(no_pass("hearts-classic"), WINNER_HANDS, dealer=3, void={3: "C"})
    play_all(hand, "play 2C, play 3C, play AC, play 3D, play QC, play 2H, play 5C, play 6C, "
                   "play 4C, play 4D, play KC, play 7C, play 9C, play JC")
    assert of_kind(HeartsHand, hand).moon_takers() == [2] and hand.to_move == 2
    ten, eight = hand.parse_action("play TC"), hand.parse_action("play 8C")
    play_outs_ending(monkeypatch, {(ten, -1): (0, 0, 1, 0), (eight, -1): (0, 0, 0, 0)})
    assert SearchPlayer(budget=5.0, work=3000, guard=4).decide(hand) == eight


def test_hard_with_its_plan_setting_runs_for_the_moon_when_it_has_every_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """002 "Shooting the Moon". Seat 0 has every point so far (22) and leads. In the play-outs made up here, by
    Normal's rules leading the jack of spades costs it two points more than leading the two; with seat 0 running
    for the moon, the jack shoots it. ``SearchPlayer(plan=3)`` counts each candidate at the better of the two (the
    seat's own plan) and leads the jack; Hard without it leads the two."""
    hand = moon_position()
    run, duck = hand.parse_action("play JS"), hand.parse_action("play 2S")
    play_outs_ending(monkeypatch, {(run, -1): (24, 2, 0, 0), (run, 0): (26, 0, 0, 0),
                                   (duck, -1): (22, 4, 0, 0), (duck, 0): (22, 4, 0, 0)})
    assert SearchPlayer(budget=5.0, work=3000, plan=3).decide(hand) == run
    assert SearchPlayer(budget=5.0, work=3000).decide(hand) == duck


def test_moon_rules_carry_the_first_half_into_the_second_in_two_player_hearts() -> None:
    """Decision 19: two-player Hearts plays a second half with the later hands, and a moon takes both halves. A seat
    that took every point of the first half (18 here) is still the one to stop, and still goes for it, before any
    penalty card of the second half is played: it leads its ace of clubs, where Normal leads low."""
    rules = load_rules("hearts-2p")
    hand = Hand.deal(rules, seed=6, dealer=0, number=0)
    normal = RulePlayer(counting=True)
    while not (len(hand.tricks) == 15 and hand.phase == "play"):  # two tricks into the second half
        hand.push(normal.play_in(hand))
    assert hand.points() == [0, 18] and hand.to_move == 1 and not hand.played & PENALTY_CARDS
    assert hand.action_text(RulePlayer(counting=True, moon=True).decide(hand)) == "play AC"
    assert hand.action_text(normal.decide(hand)) == "play 5S"
