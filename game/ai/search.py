"""Hard: search over sampled worlds (perfect-information Monte Carlo with imperfect-information playouts).

Each candidate is tried in the same worlds, each dealt at random consistently with what the seat knows (the
engine's ``Hand.resample`` of the seat's information set), and each world is played out by the Normal rules, which
decide only from what their seat could see; the candidate with the best average result for the seat's side wins.
The candidates are every card the seat may play and, in Hearts, the passes made of Normal's most dangerous cards
and one more, or of a short side suit passed whole (a void to discard on) made up with Normal's most dangerous
cards: searched passes saved 0.61 ± 0.97 points a hand against Normal's pass (400 hands).

Rook's bids, nest, trump, rank order and called card are Normal's rules: searched versions (trump and the nest
per colour over the same worlds; bids judged by declaring at once in each world) did not beat them,
-3.2 ± 3.5 points a hand over 1,200 hands of rook-classic. Choosing a face-down hand and the moon choice are
Normal's too: nothing hidden bears on them.

The worlds are shared out by sequential halving over a fixed allowance of work (``work``: cards played out, over
all candidates and worlds, per decision): each round gives every candidate still in the same new worlds, then the
better half goes on, so the close candidates get most of the worlds, and a late decision (few cards to play out)
gets more worlds than the first lead. Against the 40 worlds a candidate that Hard searched before (issue 26), on
rook-500 with rookGame's house rules: +13.8 ± 18.6 points a hand over 80 hands. A player given ``worlds``
searches that many for every candidate instead (the hand review and the tests use it).

In Hearts the allowance follows the cards still to play (``HARD_TAPER``): twice the family's work in the first
trick, falling evenly to a tenth of it at the last. More worlds changed the choices of the first tricks most,
and hardly ever those of the last four (docs/benchmarks.md, "Where Hard's work goes").

Once no hand holds more than three cards of a hand played by two sides (Rook's partnerships, the declarer's side
against the rest, two players), each candidate is valued exactly instead in each of 30 worlds: both sides then play
their best there (``endgame.Endgame``, alpha-beta; rookGame's strongest AI ends its hands the same way). Measured on
positions with three cards left (``python -m bench endgame``), against the best play of the real deal: it gives
up 2.34 ± 1.27 points a decision fewer than the play-outs (1,800 positions of rook-classic and rook-500 with
rookGame's house rules) in 72% of their time.

Cards that take the same tricks whichever is played (one suit, worth the same, no card still out between them:
``endgame.distinct_cards``) are played out once (``distinct_plays``); the hand review and the Hint, which list every
choice, try them all.

Both the allowance and the worlds of a decision are fixed by the position and the player's seed and the seat's
view alone, so a decision is reproducible (also in a match resumed from its save); the time budget only cuts a
search short on a slow machine.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Callable, Iterator

from game.engine import actions as A
from game.engine import cards as C
from game.engine.hand import Hand
from game.engine.results import HandResult

from .endgame import Endgame, distinct_cards, two_sided
from .player import HandSeen, HeartsSeen
from .rules_play import RulePlayer

# the same Hard player in a search process: seed, budget, worlds, work, most_worlds, exact_nodes, taper, moon, share,
# infer, plan, guard
SearchSpec = tuple[int, float, int, int, int, int, int, int, int, int, int, int]

# cards played out a decision, by family: no longer a decision on average than the best outside program of the
# family takes on the same machine (docs/benchmarks.md, "Against outside programs", 2026-11-27): in Hearts 54 ms
# against xinxin's 58 ms, in Rook 256 ms a card against rookGame's 650 ms; both well within the game's 1 s budget
HARD_WORK = {"hearts": 13000, "rook": 100000}
# per cent of a decision's work that follows the cards still to play (``SearchPlayer._work``): at 100 the first trick
# gets twice the family's work (so does a pass) and the last card a tenth; Rook's searches were measured flat
HARD_TAPER = {"hearts": 100, "rook": 0}
FEWEST_WORLDS = 8  # a round of the halving plays at least this many worlds, however little work is left
EXACT_CARDS = 3  # the exact ending is tried once no hand holds more cards than this (at 4 it rarely fits)
EXACT_NODES = 12000  # positions it may search a decision: about 0.35 s on a quiet 2-core machine
EXACT_WORLDS = 30  # worlds searched exactly at the end of a hand (rookGame's strongest AI samples 32)
UNLIKELY_TRIES = 20  # worlds dealt at most to find one the play does not speak against (``infer``)


class SearchPlayer:
    def __init__(self, seed: int = 0, budget: float = 1.0, worlds: int = 0, work: int = 0, most_worlds: int = 1000,
                 exact_nodes: int = EXACT_NODES, taper: int = -1, moon: int = 0, share: int = 0,
                 infer: int = 0, plan: int = 0, guard: int = 0) -> None:
        self.spec: SearchSpec = (seed, budget, worlds, work, most_worlds, exact_nodes, taper, moon, share, infer,
                                 plan, guard)
        self.seed = seed
        self.budget = budget
        self.worlds = worlds  # a fixed number of worlds for every candidate; 0: the halving
        self.work = work  # cards played out a decision (0: the family's HARD_WORK)
        self.most_worlds = most_worlds
        self.exact_nodes = exact_nodes  # positions the exact ending may search a decision (0: never)
        self.taper = taper  # per cent of the work that follows the cards still to play (-1: HARD_TAPER's)
        # moon=1: play-outs by Normal's rules with the moon rules (``RulePlayer(moon=True)``); measured against xinxin,
        # worse (docs/benchmarks.md, "Against outside programs": the moon rules), so not the game's Hard
        self.rollout = RulePlayer(counting=True, moon=bool(moon))
        # share=1: each play-out counted at the engine's ``Hand.worth`` (Hearts: the seat's share of the points left
        # to it, a moon counted whole) instead of its margin; measured against xinxin, xinxin shot fewer moons but
        # the gain's interval does not exclude 0 (docs/benchmarks.md, "Against outside programs": the share), so not
        # the game's Hard
        self.share = bool(share)
        # infer=K: in Hearts, a world that puts the heaviest penalty card in the hand of a seat whose play said it had
        # none (``shed_evidence``) is kept with chance K per cent only (0: every world is kept); measured against
        # xinxin, no gain the intervals show (docs/benchmarks.md, "Against outside programs": weighted worlds), so
        # not the game's Hard
        self.infer = infer
        # plan=1: in Hearts, while the seat may still shoot the moon, each candidate is also played out with the seat
        # running for it (``RulePlayer.play_to_end``'s shooter), and counts at the better of its two plans over all
        # the worlds (a plan the seat keeps without knowing the world); plan=2 as well, the others stopping a shot
        # by the moon rules in those play-outs; plan=3 only once the seat has every penalty card taken so far. A
        # candidate then gets half the worlds for the same work
        self.plan = plan
        # guard=1: in Hearts, while another seat has taken every penalty card taken so far, each candidate is also
        # played out with that seat running for the moon, and counts at the worse of the two for the seat (the
        # other chooses its plan); guard=2 the same play-outs, the run counting in each world where it shoots (the
        # other knows its own hand), Normal's play-out in the others; guard=3 as 2, the others stopping the run by
        # the moon rules in those play-outs; guard=4 as 3, and while nobody has taken a penalty card, the other seat
        # winning the trick on the table is the one that may run (a heart dropped on its trick would start the run);
        # guard=5 as 4 and guard=6 as 3, the others stopping the run from its first card, not once it has
        # MOON_THREAT points
        self.guard = guard
        # the play-outs with a seat running for the moon: by the moon rules with plan=2 or guard=3 to 6 (with both
        # plan and guard set, plan's play-outs get them too)
        self.shoot_rollout = RulePlayer(counting=True, moon=plan == 2 or guard >= 3, stop_shooter=guard >= 5)
        self._evidence: tuple[object, C.Card, list[int]] | None = None  # shed_evidence's, for one position
        self.cancelled: Callable[[], bool] = lambda: False  # the worker's, while it decides for the worker

    def searches(self, hand: Hand) -> bool:
        """Whether this decision is searched (rather than Normal's rule), so worth a search process."""
        candidates = self.candidates(hand)
        return candidates is not None and len(candidates) > 1

    def candidates(self, hand: HandSeen) -> list[A.Action] | None:
        """The actions the search compares for the decision now (None: the decision is Normal's)."""
        if hand.phase == "play":
            return hand.legal_ids()
        if hand.phase == "pass":
            return [A.make(A.PASS_CARDS, cards) for cards in self._passes(hand)]
        return None

    def _passes(self, hand: HandSeen) -> list[C.CardSet]:
        """Passes worth trying: the ways of choosing among Normal's most dangerous cards and one more, and each
        short side suit passed whole (a void to discard on) with Normal's most dangerous cards to make up the
        number."""
        ranked = self.rollout.pass_ranking(hand)
        count = hand.rules.pass_count
        held = hand.held[hand.turn]
        passes = {C.mask_of(cards) for cards in itertools.combinations(ranked[: count + 1], count)}
        for suit in (C.CLUBS, C.DIAMONDS, C.SPADES):
            short = held & C.SUIT_MASKS[suit]
            if 0 < short.bit_count() <= count:
                fill = [card for card in ranked if not short >> card & 1][: count - short.bit_count()]
                passes.add(short | C.mask_of(fill))
        return sorted(passes)

    def decide(self, hand: Hand) -> A.Action:
        return self._decide(self.seen(hand))

    def _decide(self, hand: HandSeen) -> A.Action:
        candidates = self.candidates(hand)
        if candidates is None or len(candidates) == 1:
            return self.rollout.play_in(hand)
        seat = hand.to_move
        deadline = time.perf_counter() + self.budget * 0.9
        if not self.worlds:
            if hand.phase == "play":
                candidates = distinct_plays(hand)
                if len(candidates) == 1:
                    return candidates[0]
            exact = self._exact(hand, candidates, deadline) if self.exact_nodes else None
            return exact if exact is not None else self._halving(hand, candidates, deadline)
        totals = dict.fromkeys(candidates, 0.0)
        for results in self.playouts(hand, candidates):
            self.tally(totals, results, hand, seat)
            if time.perf_counter() > deadline or self.cancelled():
                break
        return ranked(totals)[0]

    def _halving(self, hand: HandSeen, candidates: list[A.Action], deadline: float) -> A.Action:
        """Sequential halving over the same worlds: the ``work`` (cards played out) is shared equally between
        rounds; each round plays the candidates still in in new worlds (at least ``FEWEST_WORLDS``), then keeps
        the better half by their total over every world so far; the last one left wins. Most of the work so goes to
        the few candidates that are close, where more worlds decide."""
        seat = hand.to_move
        rng = self.worlds_for(hand)
        left = sum(hand.hand_sizes()) or 1
        work = self._work(hand, left)
        rounds = max(1, (len(candidates) - 1).bit_length())
        totals = dict.fromkeys(candidates, 0.0)
        # the same with one seat running for the moon (``plan``, ``guard``), while that may still matter
        shooter = self._moon_plan(hand, seat)
        # guard=2 and up: the other seat runs in the worlds where its run shoots, and the run counts there
        runs_where_it_shoots = shooter >= 0 and shooter != seat and self.guard >= 2
        shooting = dict.fromkeys(candidates, 0.0) if shooter >= 0 and not runs_where_it_shoots else None
        chooses = max if shooter == seat else min  # the shooter chooses between its two plans
        alive = list(candidates)
        played = 0

        def best() -> dict[A.Action, float]:
            if shooting is None:
                return {action: totals[action] for action in alive}
            return {action: chooses(totals[action], shooting[action]) for action in alive}

        while True:
            plans = 2 if shooting is not None or runs_where_it_shoots else 1
            count = max(FEWEST_WORLDS, min(self.most_worlds - played, work // (rounds * len(alive) * left * plans)))
            for number in range(count):
                world = self.world(hand, seat, rng)
                values = []  # this world's value of each candidate still in (``value``), and running for the moon
                for action in alive:
                    result = self.play_out(world, action)
                    if runs_where_it_shoots:
                        run = self.play_out(world, action, shooter)
                        result = run if run.moon_shooter == shooter else result
                    values.append(self.value(world, result, seat))
                    if shooting is not None:
                        values.append(self.value(world, self.play_out(world, action, shooter), seat))
                    # looked at after every play-out, not every world: a world of many candidates takes a while
                    # on a busy machine; a world cut short is left out, so that all are judged in the same worlds,
                    # and with no world whole Normal's choice stands
                    if time.perf_counter() > deadline or self.cancelled():
                        if not played + number:
                            return self.rollout.play_in(hand)
                        return ranked(best())[0]
                width = 2 if shooting is not None else 1
                for index, action in enumerate(alive):
                    totals[action] += values[index * width]
                    if shooting is not None:
                        shooting[action] += values[index * width + 1]
            played += count
            if shooting is not None and all(chooses(shooting[action], totals[action]) == totals[action]
                                            for action in alive):
                shooting = None  # running for the moon is not the shooter's choice after any candidate: no more
            alive = ranked(best())
            if len(alive) <= 2 or played >= self.most_worlds:
                return alive[0]
            alive = alive[: (len(alive) + 1) // 2]

    def _moon_plan(self, hand: HandSeen, seat: int) -> int:
        """The seat whose run for the moon this decision also plays out (-1: none): with ``plan`` the seat's own
        while it may still shoot (with plan=3 once it has every penalty card taken so far), with ``guard`` the one
        other seat that has every penalty card taken so far (guard=4 and 5: or, before anyone has one, the other seat
        winning the trick on the table)."""
        if hand.phase != "play" or not isinstance(hand, HeartsSeen):
            return -1
        takers = hand.moon_takers()
        if self.plan and hand.may_shoot_moon(seat) and (self.plan < 3 or takers):
            return seat
        if self.guard and len(takers) == 1 and takers[0] != seat:
            return takers[0]
        if self.guard in (4, 5) and not takers and hand.trick:
            return hand.trick_winner()[1]  # the seat to move has not played to this trick
        return -1

    def _work(self, hand: HandSeen, left: int) -> int:
        """The cards the decision may play out: the family's (or the player's) work, from (100 + taper)% of it with
        every card still to play to (100 - taper)% with none, and never under a tenth of it."""
        work = self.work or HARD_WORK[hand.family]
        taper = HARD_TAPER[hand.family] if self.taper < 0 else self.taper
        full = hand.rules.hand_size * hand.n
        return max(work // 10, work * (100 * full - taper * full + 2 * taper * left) // (100 * full))

    def _exact(self, hand: HandSeen, candidates: list[A.Action], deadline: float) -> A.Action | None:
        """Near the end of a hand played by two sides: each candidate's exact value in each of ``EXACT_WORLDS``
        worlds (both sides playing their best there), the best total wins. None when the ending is too big for
        ``exact_nodes`` positions over at least ``FEWEST_WORLDS`` worlds (the halving decides then)."""
        if hand.phase != "play" or max(hand.hand_sizes()) > EXACT_CARDS:
            return None
        seat = hand.to_move
        rng = self.worlds_for(hand)
        totals = dict.fromkeys(candidates, 0.0)
        searched = nodes = 0
        while searched < EXACT_WORLDS and time.perf_counter() < deadline and not self.cancelled():
            world = self.world(hand, seat, rng)
            if not searched and not two_sided(world, seat):
                return None
            # each world may take its share of what is left of the positions, so that enough worlds fit
            share = (self.exact_nodes - nodes) // max(1, FEWEST_WORLDS - searched)
            endgame = Endgame(world, seat, node_limit=share)
            values = endgame.values(world, candidates)
            if values is None:
                break
            nodes += endgame.nodes
            searched += 1
            for action, value in values.items():
                totals[action] += value
        return ranked(totals)[0] if searched >= FEWEST_WORLDS else None

    def value(self, hand: HandSeen | Hand, result: HandResult, seat: int) -> float:
        """What a play-out's result counts for ``seat`` in the search: its margin, or with the share setting what
        the hand is worth to it under ``hand``'s rules (the engine's ``worth``)."""
        return hand.worth(result, seat) if self.share else result.margin(seat)

    def tally(self, totals: dict[A.Action, float], results: dict[A.Action, HandResult], hand: HandSeen | Hand,
              seat: int) -> None:
        """Add what one world's result after each candidate counts for ``seat`` (``value``) to the candidate's
        total."""
        for action, result in results.items():
            totals[action] += self.value(hand, result, seat)

    def play_out(self, world: Hand, action: A.Action, shooter: int = -1) -> HandResult:
        """The hand in ``world`` played to its end after ``action``, every seat then playing by the Normal rules
        (a ``shooter`` running for the moon while it may, ``plan`` and ``guard``)."""
        playout = world.copy()
        playout.push(action)
        if shooter < 0:
            self.rollout.play_to_end(playout)
        else:
            self.shoot_rollout.play_to_end(playout, shooter)
        return playout.final_result()

    def playouts(self, hand: HandSeen, candidates: list[A.Action],
                 worlds: int | None = None) -> Iterator[dict[A.Action, HandResult]]:
        """For each of the decision's worlds in turn (``worlds`` of them, or the player's number), how the hand ends
        after each candidate, every seat then playing by the Normal rules: the search's evidence (the hand review
        reads it world by world too)."""
        seat = hand.to_move
        rng = self.worlds_for(hand)
        for _ in range(worlds or self.worlds):
            world = self.world(hand, seat, rng)
            yield {action: self.play_out(world, action) for action in candidates}

    def seen(self, hand: Hand) -> HandSeen:
        """The hand as the seat to move may see it: all a computer player is given."""
        return hand.seen_by(hand.to_move)

    def world(self, hand: HandSeen, seat: int, rng: random.Random) -> Hand:
        """A world the seat cannot tell from the real one; with ``infer``, mostly one the play does not speak
        against."""
        world = hand.resample(seat, rng)
        if not self.infer:
            return world
        # worked out once a decision: the position is the seat's and its tricks
        position = (hand, seat, tuple(hand.tricks), tuple(hand.trick))
        if self._evidence is None or self._evidence[0] != position:
            self._evidence = (position, *shed_evidence(hand, seat))
        _, card, unlikely = self._evidence
        for _ in range(UNLIKELY_TRIES):
            if not any(world.held[other] >> card & 1 for other in unlikely) or rng.random() * 100 < self.infer:
                return world
            world = hand.resample(seat, rng)
        return world

    def worlds_for(self, hand: HandSeen) -> random.Random:
        """The generator of a decision's worlds: from the seed and what the seat to move sees (its view), never
        from earlier decisions, so that a match resumed from its save decides as the same match played without a
        break, and the hidden cards cannot change the worlds either."""
        return random.Random(f"{self.seed}:{json.dumps(hand.view(hand.to_move).to_json(), sort_keys=True)}")


def distinct_plays(hand: HandSeen) -> list[A.Action]:
    """The cards the seat to move may play, one of each run of equivalent cards (``endgame.distinct_cards``: no card
    still out between them, worth the same), in code order: the search plays out one of each."""
    contested = hand.rules.deck_mask & ~hand.played & ~hand.held[hand.turn]
    for card in hand.trick:
        contested |= 1 << card
    return sorted(distinct_cards(hand, hand.legal_mask(), contested, hand.card_values(hand.rules),
                                  hand.scoring_cards(), hand.telling_cards()))


def shed_evidence(hand: HandSeen, seat: int) -> tuple[C.Card, list[int]]:
    """In Hearts, the heaviest penalty card while it is still out, and the other seats whose play said they did not
    hold it: its holder usually sheds it on another's trick, so a seat that did not follow suit, or followed the
    card's suit under a card that beats it, and played something else instead, most likely has none. No seat when
    the card is played or its place is known, or when every seat that may hold it would be named (no world could
    then avoid the evidence); the first trick of the hands in play says nothing (house rules may forbid points
    there). Nothing where points count for their taker (Rook): shedding a card there says nothing of it."""
    if not hand.rules.lower_is_better:
        return -1, []
    values = hand.card_values(hand.rules)
    card = max(range(len(values)), key=values.__getitem__)
    if hand.played >> card & 1 or any(held >> card & 1 for held in hand.held):
        return card, []
    bit, suit = 1 << card, hand.suit_led_by[card]
    follows, beaters, unlikely = hand.follow_masks, hand.beaters, list[int]()
    tricks = [(leader, cards) for leader, cards, _ in hand.tricks[hand.first_trick_of_these_hands():]]
    if hand.trick:
        tricks.append((hand.leader, tuple(hand.trick)))
    for leader, cards in tricks[1:]:
        led = hand.suit_led_by[cards[0]]
        order = hand.play_order[leader]
        best = cards[0]
        for place in range(1, len(cards)):
            other, played = order[place], cards[place]
            if other != seat and other not in unlikely:
                shed = not (follows[led] | hand.privilege) >> played & 1
                # the card would have lost to the trick's best: its holder would have given it away
                under = led == suit and follows[suit] >> played & 1 and not bit & beaters[led][best]
                if shed or under:
                    unlikely.append(other)
            if beaters[led][best] >> played & 1:
                best = played
    voids, sizes = hand.voids(), hand.hand_sizes()
    if all(other in unlikely for other in range(hand.n)
           if other != seat and sizes[other] and not voids[other] >> card & 1):
        return card, []
    return card, unlikely


def ranked(totals: dict[A.Action, float]) -> list[A.Action]:
    """The candidates best first: the highest total, equal totals the lower action first. The search plays the
    first, and the hand review's best is the same choice (game/review/analysis.py tallies its worlds with the
    search's ``tally`` and ranks them with this)."""
    return sorted(totals, key=lambda action: (-totals[action], action))


class OmniscientPlayer(SearchPlayer):
    """Hard's search run on the real deal instead of sampled worlds. It sees every hand, so it is never offered as
    a level: the benchmarks measure against it how much the real levels lose to not seeing the cards, and the hand
    review plays a hand out with it in hindsight ("what would have happened")."""

    def __init__(self, seed: int = 0, budget: float = 1.0):
        super().__init__(seed=seed, budget=budget, worlds=1)  # one world: the real one; rollouts are deterministic

    def seen(self, hand: Hand) -> Hand:
        return hand

    def world(self, hand: HandSeen, seat: int, rng: random.Random) -> Hand:
        assert isinstance(hand, Hand)  # seen() hands this player the whole hand
        return hand.copy()
