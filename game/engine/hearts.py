"""Hearts and Royal Hearts for 2 to 5 players (rule book 002, RULES.md decisions 7 and 15-19).

Phases: ``choose`` (2 players: each picks one of their two face-down hands),
``pass``, ``play``, ``moon`` (the shooter's choice of reward), ``done``.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import cards as C
from .events import Event
from .hand import DONE, Hand, Phase, register_family
from .knowledge import SeenHeartsHand
from .language import N_
from .legal import CardSubsets, LegalSet, Listed
from .refusals import Refusal, unreadable
from .results import HandResult
from .rules import Rules
from .view import HeartsPart, SeatView

TWO_CLUBS = C.make_card(C.CLUBS, 2)
QUEEN_OF = {name: C.make_card("CDHS".index(name[1]), 12) for name in ("QS", "QC", "QH", "QD")}
QS = QUEEN_OF["QS"]
QS_BIT = 1 << QS
CLUBS_MASK = C.SUIT_MASKS[C.CLUBS]
HEARTS_MASK = C.SUIT_MASKS[C.HEARTS]
PENALTY_CARDS = HEARTS_MASK | QS_BIT
# book 002: "These look different than the standard Queens and have special names": each special queen's name and
# what taking it does (decision 18), for whatever shows the cards
SPECIAL_QUEENS = {"QS": (N_("Most Evil"), N_("26 points")), "QC": (N_("Most Kind"), N_("cancels the Queen of spades")),
                  "QH": (N_("Broken Hearted"), N_("doubles your hearts")), "QD": (N_("Best Friend"), N_("-10 points"))}
DIRECTION_OFFSET = {"left": 1, "across": 2, "right": -1, "left2": 2, "right2": -2, "trade": 1, "hold": 0}


CHOOSE_HANDS = Listed((A.make(A.CHOOSE_HAND, 1), A.make(A.CHOOSE_HAND, 2)))
MOON_REWARDS = Listed((A.make(A.MOON, 0), A.make(A.MOON, 1)))


def pass_direction(rules: Rules, number: int) -> str:
    """The passing direction of hand ``number`` of a match (decision 15; the house hold hand ends each cycle)."""
    cycle = list(rules.pass_cycle)
    if rules.hold_hand and "hold" not in cycle:
        cycle.append("hold")
    return cycle[number % len(cycle)]


def pass_receiver(direction: str, seat: int, players: int) -> int:
    """The seat that receives ``seat``'s passed cards when ``players`` pass ``direction`` (book 002: "pass their three
    cards to the person on their left", and so on; -1 in a hold hand). A seat's view has all three, so a window names
    the player a pass goes to from it."""
    return -1 if direction == "hold" else (seat + DIRECTION_OFFSET[direction]) % players


def pass_giver(direction: str, seat: int, players: int) -> int:
    """The seat whose passed cards ``seat`` receives (the other way round from ``pass_receiver``; -1 in a hold
    hand), so a window says who passed a player their cards.

    >>> pass_giver("left", 0, 4), pass_receiver("left", 3, 4), pass_giver("across", 1, 4), pass_giver("trade", 1, 2)
    (3, 0, 3, 0)
    """
    return -1 if direction == "hold" else (seat - DIRECTION_OFFSET[direction]) % players


def penalty_points(rules: Rules, taken: C.CardSet) -> int:
    """The points of the cards one player took (book 002 scoring; decision 18 for the Royal queens)."""
    royal = rules.royal_queens
    hearts = (taken & HEARTS_MASK).bit_count()
    points = hearts * 2 if "QH" in royal and taken >> QUEEN_OF["QH"] & 1 else hearts
    if taken & QS_BIT:
        cancelled = "QC" in royal and taken >> QUEEN_OF["QC"] & 1
        if not cancelled:
            points += 26 if "QS" in royal else 13
    if "QD" in royal and taken >> QUEEN_OF["QD"] & 1:
        points -= 10
    return points


@register_family
class HeartsHand(Hand):
    __slots__ = ("two_player", "breakers", "sub_hand", "tricks_in_sub_hand", "chosen", "passed", "received",
                 "moon_choice", "direction", "pairs", "face_down", "later")
    family = "hearts"

    def _start(self) -> None:
        rules = self.rules
        self.two_player = rules.players == 2
        # hearts are broken once one of these has been played (decision 16)
        self.breakers = HEARTS_MASK | (QS_BIT if rules.qs_breaks_hearts else 0)
        self.sub_hand = 0  # 2 players: which of the two 13-trick halves is being played
        self.tricks_in_sub_hand = 0
        self.chosen = [0] * self.n  # cards each seat has put face down to pass, before the exchange
        self.passed = [0] * self.n  # cards each seat passed in the last exchange
        self.received = [0] * self.n
        self.moon_choice = -1
        self.direction = pass_direction(rules, self.number)
        self.pairs: list[tuple[C.CardSet, C.CardSet]] = []  # 2 players: the two hands each seat chooses from
        self.face_down = [0] * self.n
        self.later = [0] * self.n  # 2 players: each seat's hand for the second half
        if self.two_player:
            # decision 19: seats 0 and 1 take hands (0, 2) and (1, 3) and choose one blind
            self.pairs = [(self.dealt[0], self.dealt[2]), (self.dealt[1], self.dealt[3])]
            self.face_down = [first | second for first, second in self.pairs]  # until the seat chooses
            self.later = [0, 0]
            self.held = [0, 0]
            self.phase = "choose"
            self.turn = self.next_seat(self.dealer)
        else:
            self._begin_passing()

    # --- choosing a hand (2 players) ---

    def _choose_choices(self) -> LegalSet:
        return CHOOSE_HANDS

    def _choose_refusal(self, action: A.Action) -> Refusal:
        return Refusal("choose-a-hand")

    def _push_choose(self, action: A.Action) -> None:
        seat = self.turn
        first, second = self.pairs[seat]
        if A.payload_of(action) == 2:
            first, second = second, first
        self.held[seat], self.later[seat] = first, second
        self.face_down[seat] = 0
        self.turn = self.next_seat(seat)
        if self.turn == self.next_seat(self.dealer):
            self._begin_passing()

    # --- passing ---

    def _begin_passing(self) -> None:
        self.chosen = [0] * self.n
        if not self._cards_pass():
            self._begin_play()
            return
        self.phase = "pass"
        self.turn = self.next_seat(self.dealer)

    def _pass_choices(self) -> LegalSet:
        return CardSubsets(A.PASS_CARDS, self.held[self.turn], self.rules.pass_count)

    def _pass_refusal(self, action: A.Action, seat: int | None = None) -> Refusal:
        """Why a pass is refused: the seat to move's, or ``seat``'s ahead of its turn."""
        count = self.rules.pass_count
        if A.kind_of(action) != A.PASS_CARDS:
            return Refusal("pass-first", number=count, word=self.direction)
        stray = A.payload_of(action) & ~self.held[self.turn if seat is None else seat]
        if stray:
            return self._not_held(stray)
        return Refusal("pass-exactly", number=count)

    def _push_pass(self, action: A.Action) -> None:
        seat = self.turn
        cards = A.payload_of(action)
        self.chosen[seat] = cards
        self.held[seat] ^= cards
        self.turn = self.next_seat(seat)
        if self.turn != self.next_seat(self.dealer):
            return
        # everyone has chosen: the cards change hands at once (book 002, "Passing 3 Cards")
        for giver in range(self.n):
            taker = self.pass_receiver(giver)
            self.held[taker] |= self.chosen[giver]
            self.received[taker] = self.chosen[giver]
            self.passed[giver] = self.chosen[giver]
        self.chosen = [0] * self.n
        self._begin_play()

    def deciding_at_once(self) -> tuple[int, ...]:
        """In the pass, the seats still to choose their cards (book 002, "Passing 3 Cards": everyone chooses before
        the cards change hands, so a seat may choose before the engine takes its turn).

        >>> from game.engine import load_rules
        >>> hand = Hand.deal(load_rules("hearts-classic"), seed=1, dealer=3)
        >>> hand.deciding_at_once()
        (0, 1, 2, 3)
        >>> hand.apply(hand.view(0).choose_cards(hand.view(0).hand[:3])) and hand.deciding_at_once()
        (1, 2, 3)
        """
        if self.phase != "pass":
            return ()
        seats, seat, first = [], self.turn, self.next_seat(self.dealer)
        while True:
            seats.append(seat)
            seat = self.next_seat(seat)
            if seat == first:
                return tuple(seats)

    def why_not_for(self, seat: int, text: str) -> Refusal | None:
        if seat == self.to_move or seat not in self.deciding_at_once():
            return super().why_not_for(seat, text)
        try:
            action = self.parse_action(text)
        except A.ActionTextError as err:
            return unreadable(str(err))
        if action in CardSubsets(A.PASS_CARDS, self.held[seat], self.rules.pass_count):
            return None
        return self._pass_refusal(action, seat)

    def _cards_pass(self) -> bool:
        """This hand has a pass (not a hold hand, nor rules without passing)."""
        return self.direction != "hold" and self.rules.pass_count > 0

    def pass_receiver(self, seat: int) -> int:
        """The seat that receives ``seat``'s passed cards this hand (-1 in a hand without passing)."""
        return pass_receiver(self.direction, seat, self.n) if self._cards_pass() else -1

    # --- play ---

    def _begin_play(self) -> None:
        self.phase = "play"
        self.tricks_in_sub_hand = 0
        held = self.held
        if self.two_player:
            # decision 19: the holder of the lower club leads; the non-dealer if neither has a club
            low = [(mask & CLUBS_MASK) & -(mask & CLUBS_MASK) for mask in held]
            if low[0] and (not low[1] or low[0] < low[1]):
                self.turn = 0
            elif low[1]:
                self.turn = 1
            else:
                self.turn = self.next_seat(self.dealer)
        elif self._two_clubs_leads():
            self.turn = next(s for s in range(self.n) if held[s] >> TWO_CLUBS & 1)
        else:
            self.turn = self.next_seat(self.dealer)

    def _two_clubs_leads(self) -> bool:
        return self.rules.two_clubs_leads and self.rules.two_of_clubs_may_lead

    @property
    def broken(self) -> bool:
        """Whether hearts are broken (in 2-player Hearts, in the half being played)."""
        return bool(self.played & self.breakers)

    def legal_mask(self) -> C.CardSet:
        rules = self.rules
        held = self.held[self.turn]
        first = self.tricks_in_sub_hand == 0
        if self.trick:
            options = held & C.SUIT_MASKS[self.led_suit] or held
            if first and self.two_player and held & CLUBS_MASK:
                clubs = held & CLUBS_MASK
                options = clubs & -clubs
        elif first and self.two_player:
            clubs = held & CLUBS_MASK
            options = clubs & -clubs or held
        elif first and self._two_clubs_leads():
            options = 1 << TWO_CLUBS
        else:
            options = held
            if not self.broken:
                if rules.hearts_must_be_broken:
                    options = held & ~HEARTS_MASK or held
                if not rules.qs_leads_any_time:
                    options = options & ~QS_BIT or options
        if first and not rules.penalty_on_first_trick:
            options = options & ~PENALTY_CARDS or options
        return options

    def _play_reason(self, card: C.Card) -> Refusal:
        rules = self.rules
        held = self.held[self.turn]
        first = self.tricks_in_sub_hand == 0
        if first and self.two_player and held & CLUBS_MASK:
            clubs = held & CLUBS_MASK
            return Refusal("lowest-club", cards=(rules.card_name((clubs & -clubs).bit_length() - 1),))
        if self.trick:
            if card >> 4 != self.led_suit and held & C.SUIT_MASKS[self.led_suit]:
                return Refusal("follow-suit", word=C.SUIT_NAMES[rules.deck][self.led_suit])
        elif first and self._two_clubs_leads():
            return Refusal("two-of-clubs-leads")
        elif card >> 4 == C.HEARTS and not self.broken:
            return Refusal("hearts-not-broken")
        elif card == QS and not self.broken:
            return Refusal("queen-not-led")
        if first and not rules.penalty_on_first_trick and (1 << card) & PENALTY_CARDS:
            return Refusal("no-points-first-trick")
        return Refusal("cannot-play-now", cards=(rules.card_name(card),))

    def _moment(self) -> dict[str, Any]:
        return {**super()._moment(), "broken": self.broken}

    def _family_events(self, before: dict[str, Any]) -> list[Event]:
        events = []
        if self.broken and not before["broken"]:
            events.append(Event("hearts-broken"))
        if len(self.tricks) > before["tricks"] and QS in self.tricks[-1][1]:
            events.append(Event("queen-taken", self.tricks[-1][2], ("QS",)))
        if before["phase"] == "pass" and self.phase != "pass":  # the cards changed hands (book 002, "Passing")
            names = self.rules.card_names
            events += [Event("cards-received", seat, tuple(names(self.received[seat])), secret=True)
                       for seat in range(self.n)]
        shooter = self.moon_shooter() if before["phase"] == "play" and self.phase in ("moon", DONE) else None
        if shooter is not None:
            events.append(Event("moon-shot", shooter))
        return events

    def beats(self, card: C.Card, best: C.Card) -> bool:
        return card >> 4 == self.led_suit and card > best

    def _winning_index(self) -> int:
        # no trump in Hearts: the highest card of the suit led wins, the highest bit of the trick's cards of that suit
        return self.trick.index(((self.played ^ self.played_before_trick) & C.SUIT_MASKS[self.led_suit]).bit_length()
                                - 1)

    def _after_trick(self, winner: int) -> None:
        self.tricks_in_sub_hand += 1
        if self.tricks_in_sub_hand < self.rules.hand_size:
            return
        if self.two_player and self.sub_hand == 0:
            # decision 19: the second half is played with the other hand; hearts must be broken again
            self.sub_hand = 1
            self.held = list(self.later)
            self.later = [0, 0]
            self.played = 0
            self._begin_passing()
            return
        shooter = self.moon_shooter()
        if shooter is not None and self.rules.moon == "choice":
            self.phase = "moon"
            self.turn = shooter
        else:
            self.phase = DONE
            self.turn = -1

    # --- shooting the moon ---

    def moon_shooter(self) -> int | None:
        """The seat that took every heart and the Queen of spades (both halves in 2-player), if any."""
        need = self.rules.deck_mask & PENALTY_CARDS
        for seat, taken in enumerate(self.taken):
            if taken & need == need:
                return seat
        return None

    def moon_takers(self) -> list[int]:
        """The seats that have taken a card the moon needs (a heart or the Queen of spades) so far: while there is
        one, only it may still shoot the moon."""
        return [seat for seat, taken in enumerate(self.taken) if taken & PENALTY_CARDS]

    def may_shoot_moon(self, seat: int) -> bool:
        """Whether ``seat`` may still shoot the moon: no other seat has taken a card the moon needs."""
        return all(taker == seat for taker in self.moon_takers())

    def _moon_choices(self) -> LegalSet:
        return MOON_REWARDS

    def _moon_refusal(self, action: A.Action) -> Refusal:
        return Refusal("moon-reward")

    def _push_moon(self, action: A.Action) -> None:
        self.moon_choice = A.payload_of(action)
        self.phase = DONE
        self.turn = -1

    PHASES = {  # each phase's legal actions, the reason for refusing others, and how a legal one is applied
        "choose": Phase(_choose_choices, _choose_refusal, _push_choose),
        "pass": Phase(_pass_choices, _pass_refusal, _push_pass),
        "play": Phase(Hand._play_choices, Hand._play_refusal, Hand._push_play),
        "moon": Phase(_moon_choices, _moon_refusal, _push_moon),
    }

    # --- results ---

    @classmethod
    def match_outcome(cls, rules: Rules, scores: list[int], hands_played: int, last: HandResult) -> list[int] | None:
        """Decision 7: the match ends when someone has the target or more at the end of a hand (or after the
        house rule's fixed number of hands); the lowest score wins and equal lowest scores share the win."""
        if rules.fixed_hands:
            if hands_played < rules.fixed_hands:
                return None
        elif max(scores) < rules.target:
            return None
        best = min(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def points(self) -> list[int]:
        return [penalty_points(self.rules, taken) for taken in self.taken]

    @classmethod
    def counters(cls, rules: Rules) -> C.CardSet:
        """The hearts, the Queen of spades and the special queens in play: who takes any other card changes neither
        the points (``penalty_points``) nor the moon.

        >>> from .rules import load_rules
        >>> royal = load_rules("hearts-royal").changed({"royal_queens": ["QD", "QC"]})
        >>> royal.cards_text(HeartsHand.counters(royal) & ~HEARTS_MASK)
        'QC QD QS'
        """
        royal = 0
        for name in rules.royal_queens:
            royal |= 1 << QUEEN_OF[name]
        return (PENALTY_CARDS | royal) & rules.deck_mask

    @classmethod
    def _card_values(cls, rules: Rules) -> tuple[int, ...]:
        """Each card's penalty points taken alone (decision 18): a heart 1, the Queen of spades 13 (26 when special),
        the Queen of diamonds -10 and the Queen of hearts 2 (she doubles herself) when special, every other card 0,
        the special Queen of clubs too (what she cancels, and the hearts the Queen of hearts doubles, count in
        ``penalty_points`` of what a player took together).

        >>> from .rules import load_rules
        >>> values = HeartsHand.card_values(load_rules("hearts-royal"))
        >>> [values[QUEEN_OF[name]] for name in ("QS", "QH", "QD", "QC")], values[C.make_card(C.HEARTS, 14)]
        ([26, 2, -10, 0], 1)
        >>> values = HeartsHand.card_values(load_rules("hearts-classic"))
        >>> [values[QUEEN_OF[name]] for name in ("QS", "QH", "QD", "QC")], values[C.make_card(C.HEARTS, 14)]
        ([13, 1, 0, 0], 1)
        """
        return tuple(penalty_points(rules, 1 << card) if rules.deck_mask >> card & 1 else 0 for card in range(64))

    @classmethod
    def most_points(cls, rules: Rules) -> int:
        """The most penalty points one player can take in a hand: every card that scores, but a special Queen of
        diamonds or of clubs where leaving her out counts more (worked out once per rules).

        >>> from .rules import load_rules
        >>> HeartsHand.most_points(load_rules("hearts-classic")), HeartsHand.most_points(load_rules("hearts-royal"))
        (26, 52)
        """
        most = rules.tables.most_points
        if not most:
            counters = cls.counters(rules)
            spared = (0, 1 << QUEEN_OF["QD"], 1 << QUEEN_OF["QC"], 1 << QUEEN_OF["QD"] | 1 << QUEEN_OF["QC"])
            most = rules.tables.most_points = max(penalty_points(rules, counters & ~queens) for queens in spared)
        return most

    def worth(self, result: HandResult, seat: int) -> float:
        """A finished hand's worth to ``seat`` for Hard's share setting: its share of the points left to it, the
        most a player can take less its own score change, among everyone's (xinxin's play-outs count a hand so),
        in points: minus its own points when nobody shot the moon and the points taken come to ``most_points``
        (always in Classic Hearts; a Royal Queen of diamonds or a cancelling Queen of clubs makes it a scaled share),
        as the margin ranks such hands too. What differs is the moon, counted whole: another's costs
        ``most_points``, the seat's own is worth (players - 2) times as much, where the margin shares either among the
        others. Weighed so, Hard let xinxin shoot less (docs/benchmarks.md, "Against outside programs": the share).

        >>> from .rules import load_rules
        >>> hand = Hand.deal(load_rules("hearts-classic"), seed=1)
        >>> quiet = HandResult(points=(3, 13, 10, 0), score_change=(3, 13, 10, 0), sides=((0,), (1,), (2,), (3,)))
        >>> moon = HandResult(points=(26, 0, 0, 0), score_change=(0, 26, 26, 26), sides=quiet.sides, moon_shooter=0)
        >>> [hand.worth(quiet, seat) for seat in range(4)], [hand.worth(moon, seat) for seat in range(4)]
        ([-3.0, -13.0, -10.0, 0.0], [52.0, -26.0, -26.0, -26.0])
        """
        most = self.most_points(self.rules)
        players = len(result.score_change)
        if result.moon_shooter >= 0:
            share = 1.0 if seat == result.moon_shooter else 0.0
        else:
            left = [most - change for change in result.score_change]
            share = left[seat] / sum(left)
        return (players - 1) * most * share - most

    def moon_reward(self) -> int:
        """What shooting the moon is worth: the points the shooter would otherwise have taken (decision 17)."""
        return self._moon_reward(self.points(), self.moon_shooter())

    @staticmethod
    def _moon_reward(points: list[int], shooter: int | None) -> int:
        return 0 if shooter is None else points[shooter]

    def score_delta(self) -> list[int]:
        return self._score_delta(self.points(), self.moon_shooter())

    def _score_delta(self, points: list[int], shooter: int | None) -> list[int]:
        """The score changes from the points captured and the moon shooter (worked out once for a result, which
        the claim check asks of thousands of play-outs)."""
        if shooter is not None:
            reward = self._moon_reward(points, shooter)
            mode = self.rules.moon if self.rules.moon != "choice" else A.MOON_CHOICES[max(self.moon_choice, 0)]
            if mode == "subtract":
                points[shooter] = -reward
            else:
                points = [0 if seat == shooter else p + reward for seat, p in enumerate(points)]
        # no score sheet total goes below 0 (book 002; decisions 17 and 18)
        return [max(0, score + p) - score for score, p in zip(self.scores, points)]

    def result(self) -> HandResult | None:
        if not self.is_done:
            return None
        shooter, points = self.moon_shooter(), self.points()
        return HandResult(points=tuple(points), score_change=tuple(self._score_delta(list(points), shooter)),
                          sides=tuple((seat,) for seat in range(self.n)),
                          moon_shooter=-1 if shooter is None else shooter,
                          lower_is_better=self.rules.lower_is_better)

    # --- what a seat knows ---

    def first_trick_of_these_hands(self) -> int:
        return self.rules.hand_size * self.sub_hand  # decision 19: the second half is played with other hands

    def _hidden_places(self, seat: int) -> list[tuple[str, int, C.CardSet, C.CardSet]]:
        places = []
        known_to_seat = self.passed[seat]  # cards the seat passed are where it sent them
        for other in range(self.n):
            if other != seat:
                places.append(("held", other, self.held[other], self.held[other] & known_to_seat))
                if self.chosen[other]:
                    places.append(("chosen", other, self.chosen[other], 0))
        if self.two_player:
            for other in range(self.n):
                if self.later[other]:
                    places.append(("later", other, self.later[other], 0))
                if self.face_down[other]:
                    places.append(("face_down", other, self.face_down[other], 0))
        return places

    def _sent_by(self, seat: int) -> C.CardSet:
        return self.passed[seat] | self.chosen[seat]

    def piles(self) -> dict[str, C.CardSet]:
        piles = super().piles()
        for seat in range(self.n):
            piles[f"passing {seat}"] = self.chosen[seat]
        if self.two_player:
            for seat in range(2):
                piles[f"face down {seat}"] = self.face_down[seat]
                piles[f"second hand {seat}"] = self.later[seat]
        return piles

    def seen_by(self, seat: int) -> SeenHeartsHand:
        return SeenHeartsHand(self, seat)

    def view(self, seat: int) -> SeatView:
        names = self.rules.card_names
        choosing = seat in self.deciding_at_once()  # everyone chooses a pass at once
        return SeatView(
            **self._common_view(seat), points=tuple(self.points()),
            cards_to_choose=self.rules.pass_count if choosing else 0, choosing="pass-cards" if choosing else "",
            hearts=HeartsPart(pass_direction=self.direction, passing=tuple(names(self.chosen[seat])),
                              passed=tuple(names(self.passed[seat])), received=tuple(names(self.received[seat])),
                              hearts_broken=self.broken, sub_hand=self.sub_hand + 1 if self.two_player else 0))
