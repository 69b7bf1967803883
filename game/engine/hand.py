"""One hand of a game: the deal plus the actions taken so far.

``Hand`` holds what every trick-taking hand shares (seats' cards as bitmasks,
the trick in progress, tricks taken, records). Each family's subclass
(``HeartsHand``, ``RookHand``) routes its phases through one explicit table,
``PHASES``: for each phase a ``Phase`` with

- ``legal(hand)``: the legal actions, as a lazy ``LegalSet`` (legal.py),
- ``explain(hand, action)``: why an action outside that set is refused,
- ``push(hand, action)``: apply a legal action without checking it.

An action is legal exactly when it is in the phase's legal set, so ``check``,
``apply``, ``legal_actions``, random playouts and the computer players cannot
disagree. The text layer (``legal_actions``, ``apply``) sits on the int layer
(``legal``, ``apply_id``, ``push``); the AI and benchmarks use ints.
"""

from __future__ import annotations

import operator
import random
import types
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Required, TypedDict, TypeVar

from . import actions as A
from . import cards as C
from . import knowledge, records
from .events import Event
from .legal import NOTHING, CardSubsets, LegalSet, OneCard
from .refusals import Refusal, unreadable
from .results import HandResult
from .rules import Beaters, Rules
from .view import Choice, CommonView, SeatView, TrickView, choice

DONE = "done"
HOT_PATH = ("push", "random_action", "copy", "refusal", "apply_id", "_push_play", "_play_choices")  # __init_subclass__


class DealText(TypedDict, total=False):
    """A deal in card text, as ``deal_text`` writes it and ``from_deal`` reads it (with a deal code's, a record's)."""
    hands: Required[list[list[str]]]
    nest: list[str]  # Rook: top card first where the top card names trump (Beginner)
    aside: list[str]
    dummy_up: list[str]  # rook-2p: the dummy's face-up cards


Pile = Literal["nest", "aside"]  # the piles dealt beside the hands in every family


class Extras(TypedDict, total=False):
    """What a deal holds beside the hands, as card sets (``Hand.extras``)."""
    nest: C.CardSet
    aside: C.CardSet
    dummy_up: C.CardSet  # rook-2p: the dummy's face-up cards
    nest_order: list[C.Card]  # Rook: the nest's cards, top card first


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


FamilyHand = TypeVar("FamilyHand", bound="Hand")


@dataclass(frozen=True, slots=True)
class Phase(Generic[FamilyHand]):
    """One phase of a hand: its legal actions, the reason for refusing any other action, and how to apply one
    (methods of the family's hand class, whose table it is)."""
    legal: Callable[[FamilyHand], LegalSet]
    explain: Callable[[FamilyHand, A.Action], Refusal]
    push: Callable[[FamilyHand, A.Action], None]


def beaters_of(led_keys: Sequence[Sequence[int]]) -> Beaters:
    """For each suit led, each card's beaters in such a trick, from every card's key for that suit led (the
    higher key wins; -1 for a card that cannot win the trick, which every card that can beats).

    >>> keys = [[-1, 3, 7, 5], [2, -1, -1, -1]]  # four cards, two suits led
    >>> [[bin(beaters) for beaters in by_card] for by_card in beaters_of(keys)]
    [['0b1110', '0b1100', '0b0', '0b100'], ['0b0', '0b1', '0b1', '0b1']]
    """
    out = []
    for keys in led_keys:
        beaten = [0] * len(keys)
        above = 0  # the cards of the keys higher than the one being looked at
        order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
        start = 0
        while start < len(order):
            key, end, equal = keys[order[start]], start, 0
            while end < len(order) and keys[order[end]] == key:  # cards of one key do not beat each other
                beaten[order[end]] = above
                equal |= 1 << order[end]
                end += 1
            above |= equal
            start = end
        out.append(tuple(beaten))
    return tuple(out)


def _in_rank_order(follow_masks: Sequence[C.CardSet]) -> Beaters:
    """The beaters of a game without trump whose cards rank by their codes within each suit (Hearts)."""
    return beaters_of([[card & 15 if mask >> card & 1 else -1 for card in range(64)] for mask in follow_masks])


class Hand:
    """A hand's state lives in slots, not an instance dict: the game reads and writes it for every card, and a
    dict-backed object with more attributes than CPython shares between instances (about 30; Rook has 45) reads
    and writes them measurably slower. Each family lists its own in ``__slots__``."""

    __slots__ = ("rules", "n", "dealer", "number", "scores", "dealt", "extras", "actions", "held", "taken",
                 "tricks_won", "played", "played_before_trick", "trick", "leader", "led_suit", "tricks", "turn",
                 "phase", "following", "play_order", "taken_back", "_voids_memo", "_snapshots")
    family = ""
    PHASES: dict[str, Phase[Any]] = {}  # each family's phases, by name
    # every slot of the class and its bases that make up a position, in the order copy() takes them (the
    # snapshots kept for pop are not part of one)
    _state: tuple[str, ...] = __slots__[:-1]
    _get_state = operator.attrgetter(*_state)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._state = tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ())
                           if name != "_snapshots")
        cls._get_state = operator.attrgetter(*cls._state)
        # CPython specialises each attribute look-up for the one class it sees there; a method both families share
        # sees two in a process that plays both (a server, a window that has played Rook and Hearts, the paired
        # benchmark) and runs slower a hand. So each family runs its own copy of the methods every action goes
        # through. Measured (docs/architecture.md, "The engine in a few lines"): random hands of Rook and Hearts in
        # turns in one process take 11% more instructions without the copies; one family alone, the same.
        for name in HOT_PATH:
            if name not in cls.__dict__:
                shared = getattr(Hand, name)
                setattr(cls, name, types.FunctionType(shared.__code__.replace(), shared.__globals__, name,
                                                      shared.__defaults__, shared.__closure__))
        own = {getattr(Hand, name): cls.__dict__[name] for name in HOT_PATH}
        cls.PHASES = {name: Phase(*(own.get(step, step) for step in (phase.legal, phase.explain, phase.push)))
                      for name, phase in cls.PHASES.items()}

    # --- construction ---

    def __init__(self, rules: Rules, hands: list[C.CardSet], extras: Extras, dealer: int,
                 number: int = 0, scores: list[int] | None = None, clockwise: tuple[int, ...] | None = None):
        """``clockwise``: the seats round the table, only for a record of an earlier format whose table sat
        otherwise than the rules seat it now (None: as ``_clockwise`` seats hand ``number``)."""
        self._check_dealer(rules, dealer)
        self.rules = rules
        self.n = self._seat_count(rules)
        self.dealer = dealer
        self.following, self.play_order = self._seating(rules, clockwise or self._clockwise(rules, dealer, number))
        self.number = number
        self.scores = list(scores) if scores is not None else [0] * rules.players
        self.dealt = list(hands)
        self.extras = extras.copy()
        self.actions: list[A.Action] = []
        self._snapshots: dict[int, tuple[Any, ...]] = {}  # by the number of actions before it: a position apply() left
        self.taken_back = 0  # actions taken back so far: with the actions made, which moment of the hand this is
        self.held = list(hands[: self.n])
        self.taken = [0] * self.n
        self.tricks_won = [0] * self.n
        self.played = 0  # cards played to tricks in this deal (2-player Hearts: in this half)
        self.played_before_trick = 0  # played, as it was when the trick in progress was led
        self.trick: list[C.Card] = []
        self.leader = -1  # the seat that led the trick in progress; the others follow in seat order
        self.led_suit = -1
        self.tricks: list[tuple[int, tuple[C.Card, ...], int]] = []  # (leader, cards in play order, winner)
        self.turn = -1
        self.phase = DONE
        self._voids_memo: tuple[int, int, tuple[C.CardSet, ...]] | None = None  # voids(): see there
        self._start()

    @classmethod
    def deal(cls, rules: Rules, seed: Any = None, dealer: int = 0, number: int = 0,
             scores: list[int] | None = None) -> Hand:
        """Shuffle and deal a new hand from a seed (any int or string; None for a random one), or draw the shuffle
        from a ``random.Random`` given as the seed (playouts and search deal many hands from one generator)."""
        hand_class = family_class(rules)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        hands, extras = hand_class._shuffle_and_deal(rules, rng, dealer)
        return hand_class(rules, hands, extras, dealer, number, scores)

    @classmethod
    def from_deal(cls, rules: Rules, deal: Mapping[str, Any], dealer: int = 0, number: int = 0,
                  scores: list[int] | None = None) -> Hand:
        """A hand from a deal in card text: ``{"hands": [[...], ...], "nest": [...], ...}``. Every deal that does not
        come from the engine's own shuffle enters here (hand records and deal codes too) and is checked whole: each
        card of the deck dealt once, and each hand and pile as many cards as these rules deal it from this dealer
        (``_check_deal_sizes``)."""
        return cls._from_deal(rules, deal, dealer, number, scores)

    @classmethod
    def _from_deal(cls, rules: Rules, deal: object, dealer: int, number: int, scores: list[int] | None,
                   clockwise: tuple[int, ...] | None = None) -> Hand:
        hand_class = family_class(rules)
        hand_class._check_dealer(rules, dealer)
        hands, extras = hand_class._parse_deal(rules, deal, dealer)
        return hand_class(rules, hands, extras, dealer, number, scores, clockwise)

    @staticmethod
    def _check_dealer(rules: Rules, dealer: int) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise ValueError(f"dealer {dealer!r} is not a player: {rules.title or rules.name} is dealt by seats 0 to "
                             f"{rules.players - 1}")

    @classmethod
    def from_record(cls, record: dict[str, Any], dealt_after: Hand | None = None) -> Hand:
        """Replay a record made by ``record()`` (or by an earlier version: records.py); raise ValueError if it is
        not a valid hand. With ``dealt_after``, the hand before it in a match, the record must be dealt as the deal
        passes on from it (checked before its actions are replayed, whose refusal would say less)."""
        return records.hand_from_record(cls, record, dealt_after)

    @classmethod
    def _seat_count(cls, rules: Rules) -> int:
        """Seats at the table that play to tricks (the rook-2p dummy has one; 2-player Hearts's extra hands do not)."""
        return rules.players

    @classmethod
    def _clockwise(cls, rules: Rules, dealer: int, number: int) -> tuple[int, ...]:
        """The seats round the table of hand ``number`` dealt by ``dealer``, clockwise (each plays after the one
        before it). A seat is a player, the same in every hand (their cards, view and score); where players change
        chairs between hands, this order changes."""
        return tuple(range(cls._seat_count(rules)))

    @classmethod
    def _seating(cls, rules: Rules, clockwise: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """For each seat the seat to its left (who plays next), and for each leader the order of a trick: worked
        out once per rules, for each way round the table."""
        memo = rules.tables.seating
        seating = memo.get(clockwise)
        if seating is None:
            ring = list(clockwise)
            following = [0] * len(ring)
            orders: list[tuple[int, ...]] = [()] * len(ring)
            for i, seat in enumerate(ring):
                following[seat] = ring[(i + 1) % len(ring)]
                orders[seat] = tuple(ring[i:] + ring[:i])
            seating = memo[clockwise] = (tuple(following), tuple(orders))
        return seating

    @classmethod
    def next_dealer(cls, rules: Rules, dealer: int, number: int) -> int:
        """Who deals hand ``number`` after ``dealer`` dealt the hand before: "the player to the left of the previous
        dealer" (001), at the table of the new hand."""
        following, _ = cls._seating(rules, cls._clockwise(rules, dealer, number))
        return _player_left_of(following, dealer, rules.players)

    def player_left_of(self, seat: int) -> int:
        """The next player to the left of ``seat`` at this hand's table (the rook-2p dummy neither bids nor deals)."""
        return _player_left_of(self.following, seat, self.rules.players)

    def seated_by_the_rules(self) -> bool:
        """The table sits as the rules seat this hand now (not as a record of an earlier format sat)."""
        return self.play_order == self._seating(self.rules, self._clockwise(self.rules, self.dealer, self.number))[1]

    def seats_clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat at the table, clockwise from ``seat`` (the table draws them around it in this order)."""
        return self.play_order[seat]

    @classmethod
    def _shuffle_and_deal(cls, rules: Rules, rng: random.Random,
                          dealer: int) -> tuple[list[C.CardSet], Extras]:
        deck = C.shuffled(rules.deck_bits, rng)
        size = rules.hand_size
        hands = [sum(deck[i * size:(i + 1) * size]) for i in range(rules.hands_to_deal)]
        rest = deck[rules.hands_to_deal * size:]
        extras: Extras = {}
        if rules.nest_size:
            extras["nest"] = sum(rest[: rules.nest_size])
        if rules.aside:
            extras["aside"] = sum(rest[rules.nest_size:])
        return hands, extras

    EXTRA_PILES: tuple[Pile, ...] = ("nest", "aside")

    @classmethod
    def _parse_deal(cls, rules: Rules, deal: object,
                    dealer: int) -> tuple[list[C.CardSet], Extras]:
        if not isinstance(deal, dict):
            raise ValueError("a deal is a mapping with 'hands' (and 'nest', 'aside' where the rules have them)")
        unknown = set(deal) - {"hands", *cls.EXTRA_PILES}
        if unknown:
            raise ValueError(f"deal: unknown part {', '.join(sorted(map(str, unknown)))}")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != rules.hands_to_deal:
            raise ValueError(f"deal: 'hands' must list {rules.hands_to_deal} hands")
        seen = 0
        masks = []
        for i, words in enumerate(hands):
            if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                raise ValueError(f"deal: hand {i} must be a list of cards")
            mask = rules.parse_cards(words)
            if mask.bit_count() != len(words):
                raise ValueError(f"deal: hand {i} names a card twice")
            masks.append(mask)
        extras: Extras = {}
        for pile in cls.EXTRA_PILES:
            if pile in deal:
                words = deal[pile]
                if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                    raise ValueError(f"deal: {pile} must be a list of cards")
                extras[pile] = rules.parse_cards(words)
        for mask in masks + [extras[pile] for pile in cls.EXTRA_PILES if pile in extras]:
            if seen & mask:
                raise ValueError(f"deal: {rules.cards_text(seen & mask)} dealt twice")
            seen |= mask
        if seen != rules.deck_mask:
            missing = rules.deck_mask & ~seen
            raise ValueError(f"deal: {rules.cards_text(missing)} not dealt")
        cls._check_deal_sizes(rules, masks, extras, dealer)
        return masks, extras

    @classmethod
    def _check_deal_sizes(cls, rules: Rules, hands: list[C.CardSet], extras: Extras,
                          dealer: int) -> None:
        """Each hand and pile holds as many cards as the rules deal it from this dealer (``_deal_sizes``, which
        the shuffle deals by): the one check of who holds how many cards, whichever way a deal comes in."""
        sizes, piles = cls._deal_sizes(rules, dealer)
        for seat, mask in enumerate(hands):
            if mask.bit_count() != sizes[seat]:
                raise ValueError(f"deal: {cls._deal_sizes_said(rules, dealer)}; hand {seat} has {mask.bit_count()}")
        for pile, size in piles.items():
            if extras.get(pile, 0).bit_count() != size:
                raise ValueError(f"deal: the {pile} must have {size} cards")

    @classmethod
    def _deal_sizes(cls, rules: Rules, dealer: int) -> tuple[list[int], dict[Pile, int]]:
        """How many cards each hand, and each pile beside the hands, is dealt when ``dealer`` deals."""
        return [rules.hand_size] * rules.hands_to_deal, {"nest": rules.nest_size, "aside": rules.aside}

    @classmethod
    def _deal_sizes_said(cls, rules: Rules, dealer: int) -> str:
        """``_deal_sizes`` of the hands in words, for a deal that does not fit them."""
        return f"the hands must have {rules.hand_size} cards each"

    def _start(self) -> None:
        raise NotImplementedError

    def copy(self) -> Hand:
        """An independent copy (for the AI thread and search): later changes to either do not reach the other. It
        keeps no snapshots: a copy's ``pop`` replays its actions."""
        twin = object.__new__(type(self))
        for name, value in zip(self._state, self._get_state(self)):
            kind = type(value)
            if kind is list or kind is dict:
                value = value.copy()
            setattr(twin, name, value)
        twin._snapshots = {}
        return twin

    # --- taking back (python-chess's Board.push/pop over small snapshots) ---

    def _snapshot(self) -> tuple[Any, ...]:
        return tuple(value.copy() if type(value) is list or type(value) is dict else value
                     for value in self._get_state(self))

    def _restore(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(self._state, state):
            setattr(self, name, value)

    def pop(self) -> A.Action:
        """Take back the last action: the hand is as it was before it. Actions applied with ``apply`` (a table's,
        a player's) keep a snapshot to go back to; others (a record replayed, a search's pushes) are replayed."""
        if not self.actions:
            raise IndexError("no action to take back")
        action = self.actions[-1]
        snapshot = self._snapshots.pop(len(self.actions) - 1, None)  # the position the action was applied in
        if snapshot is None:
            before = self.fresh()
            for earlier in self.actions[:-1]:
                before.push(earlier)
            snapshot = before._snapshot()
        taken_back = self.taken_back
        self._restore(snapshot)
        self.taken_back = taken_back + 1
        return action

    @property
    def position_key(self) -> tuple[int, int]:
        """Which moment of the hand this is: it differs after every action made or taken back (a cache of what
        the hand showed is keyed by it and the hand)."""
        return self.taken_back, len(self.actions)

    def fresh(self) -> Hand:
        """The same deal with no action taken yet."""
        return Hand.from_record({**self.record(), "actions": []})

    def positions(self) -> Iterator[tuple[Hand, A.Action]]:
        """Each moment of the hand from its deal: the position (a copy, the caller's to keep) and the action taken
        there. The review, undo and the benchmarks walk a hand with this."""
        replay = self.fresh()
        for action in self.actions:
            yield replay.copy(), action
            replay.push(action)

    # --- whose turn ---

    @property
    def to_move(self) -> int:
        """The seat whose decision is pending (-1 when the hand is done)."""
        return self.turn

    @property
    def is_done(self) -> bool:
        return self.phase == DONE

    def next_seat(self, seat: int) -> int:
        """The seat to the left of ``seat``: the next to play."""
        return self.following[seat]

    def decider_of(self, seat: int) -> int:
        """The seat that decides the play of ``seat``'s cards (itself, but for the rook-2p dummy)."""
        return seat

    def first_to_decide(self, seats: Collection[int]) -> int | None:
        """Which of ``seats`` (the people at a table) decides first from here on, when that is already certain: the
        seat to move if it is one of them; in the play, the first of them still to play in the trick in progress
        (or in the one the seat to move is about to lead). None when it depends on what the others still decide
        (who takes a trick, and so leads the next; an auction) or when the hand is over."""
        to_move = self.to_move
        if to_move in seats or self.phase != "play":
            return to_move if to_move in seats else None
        leader = self.leader if self.trick else self.turn
        return next((self.decider_of(seat) for seat in self.play_order[leader][len(self.trick):]
                     if self.decider_of(seat) in seats), None)

    def deciding_at_once(self) -> tuple[int, ...]:
        """The seats still to decide in a phase where everyone decides at once (a Hearts pass), the seat to move
        first and then in the order the engine takes their decisions; () in any other phase. A table may take such
        a seat's decision ahead of its turn (``why_not_for`` says whether it is legal) and keep it until then."""
        return ()

    def why_not_for(self, seat: int, text: str) -> Refusal | None:
        """Why ``seat``'s action text would be refused now, or None if it is legal: the seat to move's as
        ``why_not_text`` says, another seat's only where everyone decides at once and it has still to decide."""
        if seat == self.to_move:
            return self.why_not_text(text)
        return Refusal("not-your-turn")

    # --- the int layer ---

    @property
    def legal(self) -> LegalSet:
        """The legal actions now, as a lazy set: ``action in hand.legal``, ``len(hand.legal)``, iteration,
        ``hand.legal.random(rng)``."""
        if self.phase == DONE:
            return NOTHING
        return self.PHASES[self.phase].legal(self)

    def legal_ids(self) -> list[A.Action]:
        """The legal actions now, as a list in the phase's own order."""
        return list(self.legal)

    def why_not(self, action: A.Action) -> Refusal | None:
        """Why this action is illegal now (a reason, and what it names); None if it is legal."""
        if self.phase == DONE:
            return Refusal("hand-over")
        phase = self.PHASES[self.phase]
        if action in phase.legal(self):
            return None
        return phase.explain(self, action)

    def refusal(self, action: A.Action) -> str | None:
        """Why this action is illegal now, in words a player understands (``why_not``, said in the language in
        force); None if it is legal."""
        why = self.why_not(action)
        return None if why is None else self.said(why)

    def said(self, why: Refusal) -> str:
        """A refusal of this hand's in words a player understands, in the language in force."""
        return why.words(self.rules.deck) or why.reason  # the engine's own reasons all have words

    def push(self, action: A.Action) -> None:
        """Apply a legal action without checking it (the fast path for search and playouts)."""
        self.actions.append(action)
        if self.phase == "play":  # the play phase's push, without the table: most actions are plays
            self._push_play(action)
        else:
            self.PHASES[self.phase].push(self, action)

    def random_action(self, rng: random.Random) -> A.Action:
        """A legal action drawn uniformly at random (for random playouts and property tests)."""
        if self.phase == "play":  # the play phase's legal set is legal_mask(): drawn from without the set object
            return C.random_card(self.legal_mask(), rng)
        return self.legal.random(rng)

    def apply_id(self, action: A.Action) -> list[Event]:
        """Apply a legal action; raise IllegalAction (hand unchanged) if it is not legal now. Returns what happened,
        as events."""
        why = self.why_not(action)
        if why is not None:
            raise IllegalAction(self.said(why))
        before, actor = self._moment(), self.turn
        self._snapshots[len(self.actions)] = self._snapshot()
        self.push(action)
        return self._events(action, actor, before)

    # --- what an action did ---

    # each kind of action as the event it is, and whether its cards are the actor's secret
    ACTION_EVENTS = {A.BID: ("bid", False), A.PASS: ("passed", False), A.DISCARD: ("nest-laid", True),
                     A.TRUMP: ("trump-named", False), A.ORDER: ("order-named", False), A.CALL: ("card-called", False),
                     A.PASS_CARDS: ("cards-passed", True), A.CHOOSE_HAND: ("hand-chosen", False),
                     A.MOON: ("moon-reward", False), A.LAY_ASIDE: ("laid-aside", True), A.PLAY: ("card-played", False)}

    def _moment(self) -> dict[str, Any]:
        """What the events of an action are worked out against: the hand as it was just before it."""
        return {"phase": self.phase, "tricks": len(self.tricks), "points": self.points()}

    def _events(self, action: A.Action, actor: int, before: dict[str, Any]) -> list[Event]:
        kind, payload = A.kind_of(action), A.payload_of(action)
        name, words = self.rules.card_name, self.action_text(action).split()
        event, secret = self.ACTION_EVENTS[kind]
        cards = tuple(self.rules.card_names(payload)) if kind in A.CARDS_KINDS else \
            (name(payload),) if kind in A.CARD_KINDS else ()
        events = [Event(event, actor, cards, points=payload if kind == A.BID else 0,
                        word=words[1] if kind in (A.TRUMP, A.ORDER, A.CHOOSE_HAND, A.MOON) else "", secret=secret)]
        if len(self.tricks) > before["tricks"]:
            _, trick, winner = self.tricks[-1]
            won = self.points()[winner] - before["points"][winner]
            events.append(Event("trick-won", winner, tuple(name(card) for card in trick), points=won))
        events += self._family_events(before)
        if self.is_done:
            events.append(Event("hand-over"))
        return events

    def _family_events(self, before: dict[str, Any]) -> list[Event]:
        """What else an action did in this family's game (hearts broken, a contract made, ...)."""
        return []

    # --- the text layer ---

    def action_text(self, action: A.Action) -> str:
        return A.action_text(action, self.rules.deck)

    def parse_action(self, text: str) -> A.Action:
        return A.parse_action(text, self.rules.deck)

    def choice(self, action: A.Action) -> Choice:
        """An action as a ``Choice``: its kind, cards, number or word, and a player's label."""
        return choice(action, self.rules.deck)

    def legal_actions(self) -> list[str]:
        """The legal actions now, as canonical text, sorted by their int code."""
        return [self.action_text(a) for a in sorted(self.legal)]

    def why_not_text(self, text: str) -> Refusal | None:
        """Why this action text is illegal now, or None if it is legal; never raises."""
        try:
            action = self.parse_action(text)
        except A.ActionTextError as err:
            return unreadable(str(err))
        return self.why_not(action)

    def check(self, text: str) -> str | None:
        """Why this action text is illegal now, in words a player understands, or None if it is legal; never
        raises."""
        why = self.why_not_text(text)
        return None if why is None else self.said(why)

    def apply(self, text: str) -> list[Event]:
        """Apply an action given as canonical text; raise IllegalAction (hand unchanged) if it is not legal now.
        Returns what happened, as events."""
        try:
            action = self.parse_action(text)
        except A.ActionTextError as err:
            raise IllegalAction(str(err)) from None
        return self.apply_id(action)

    # --- shared trick play ---

    def legal_mask(self) -> C.CardSet:
        """The cards the player to move may play now (play phase only)."""
        raise NotImplementedError

    def _play_choices(self) -> LegalSet:
        return OneCard(A.PLAY, self.legal_mask())

    def _play_refusal(self, action: A.Action) -> Refusal:
        if A.kind_of(action) != A.PLAY:
            return Refusal("dummy-plays-a-card" if self._dummy_turn() else "play-a-card")
        card = action
        if not self.held[self.turn] >> card & 1:
            return Refusal("card-not-in-dummy" if self._dummy_turn() else "card-not-held",
                           cards=(self.rules.card_name(card),))
        return self._play_reason(card)

    def _play_reason(self, card: C.Card) -> Refusal:
        raise NotImplementedError

    def _not_held(self, stray: C.CardSet) -> Refusal:
        """The refusal of cards named that the seat to move does not hold: "2♥ is not in your hand"."""
        return Refusal("cards-not-held", cards=tuple(self.rules.card_names(stray)))

    def _dummy_turn(self) -> bool:
        """Whether the player to move plays the dummy's cards now (rook-2p), so a refusal speaks of the dummy."""
        return False

    # the suit a trick is in when each card leads it (a table: looked up once a trick on the hot path)
    suit_led_by = tuple(card >> 4 for card in range(64))

    def _push_play(self, card: C.Card) -> None:
        seat = self.turn
        bit = 1 << card
        self.held[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(card)
        if len(trick) == 1:
            self.leader = seat
            self.led_suit = self.suit_led_by[card]
            self.played_before_trick = self.played ^ bit
        if len(trick) < self.n:
            self.turn = self.following[seat]
            return
        winner = self.play_order[self.leader][self._winning_index()]
        self.tricks.append((self.leader, tuple(trick), winner))
        self.taken[winner] |= self.played ^ self.played_before_trick  # the trick's cards
        self.tricks_won[winner] += 1
        self.trick = []
        self.led_suit = -1
        self.turn = winner
        self._after_trick(winner)

    def _winning_index(self) -> int:
        raise NotImplementedError

    def _after_trick(self, winner: int) -> None:
        raise NotImplementedError

    # --- tricks, as the players see them ---

    # how each card ranks within its suit for taking tricks (Rook: by the trump and the rank order named)
    strength = tuple(card & 15 for card in range(64))
    follow_masks = (*C.SUIT_MASKS, 0)  # the cards that follow each suit led (Rook: trump takes in the Rook Bird)
    privilege = 0  # cards that may be played at any time, following or not (decision 1: the Rook Bird)
    # ``beaters[led][card]``: the cards that would beat ``card`` in a trick of the suit ``led`` (Rook: by the trump
    # and the rank order named, so trumps beat every other card; a card that cannot win such a trick is beaten by
    # every card that can). Which of them are still out is for whoever counts the cards: a card is a master once
    # none of its beaters is.
    beaters: Beaters = _in_rank_order(follow_masks)

    def trick_winner(self) -> tuple[C.Card, int]:
        """The card now winning the trick on the table, and the seat that played it."""
        index = self._winning_index()
        return self.trick[index], self.play_order[self.leader][index]

    def beats(self, card: C.Card, best: C.Card) -> bool:
        """Whether ``card``, played now, would beat ``best`` in the trick on the table."""
        raise NotImplementedError

    def voids(self) -> list[C.CardSet]:
        """Per seat, the cards it has shown it cannot hold: a seat that did not follow the suit led holds none of
        it. A card played under its privilege (decision 1) shows nothing."""
        # what the finished tricks showed is kept with the position (so copies, take-backs and worlds dealt from
        # it keep it too) and brought up to date from the tricks since: the rules ask this at every lead of every
        # play-out of a search, and going over every trick of the hand each time cost a third of a play-out
        start = self.first_trick_of_these_hands()
        tricks = self.tricks
        memo = self._voids_memo
        if memo is not None and memo[0] == start and memo[1] <= len(tricks):
            counted, out = memo[1], list(memo[2])
        else:
            counted, out = start, [0] * self.n
        if counted < len(tricks):
            for leader, cards, _ in tricks[counted:]:
                self._show_voids(out, leader, cards)
            self._voids_memo = (start, len(tricks), tuple(out))
        if self.trick:
            self._show_voids(out, self.leader, self.trick)
        return out

    def _show_voids(self, out: list[C.CardSet], leader: int, cards: Sequence[C.Card]) -> None:
        """Add to ``out`` the suits the followers of one trick showed they lack."""
        follow = self.follow_masks[self.suit_led_by[cards[0]]]
        if not follow:
            return
        order = self.play_order[leader]
        for i in range(1, len(cards)):
            if not (follow | self.privilege) >> cards[i] & 1:
                out[order[i]] |= follow

    def first_trick_of_these_hands(self) -> int:
        """The first trick played with the hands now held (2-player Hearts takes up new hands halfway)."""
        return 0

    # --- what each seat knows ---

    def information(self, seat: int) -> knowledge.InfoSet:
        """What ``seat`` knows about the cards (its information set): see knowledge.py."""
        return knowledge.information(self, seat)

    def resample(self, seat: int, rng: random.Random) -> Hand:
        """A copy with every card hidden from ``seat`` dealt again at random, consistently with everything the seat
        knows: ``resample(seat, rng).view(seat) == view(seat)``. Search plays in such worlds."""
        return knowledge.resample(self, seat, rng)

    def seen_by(self, seat: int) -> knowledge.SeenHand:
        """The hand as ``seat`` may see it: what a computer player deciding for the seat is given (knowledge.py; each
        family's own, with its public state)."""
        return knowledge.SeenHand(self, seat)

    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (everyone may count them)."""
        return tuple(held.bit_count() for held in self.held)

    def scoring_cards(self) -> C.CardSet:
        """The cards whose taker can change what the hand comes to: who takes any other card makes no difference
        (an exact search of the last tricks remembers positions by them): the family's ``counters``."""
        return self.counters(self.rules)

    @classmethod
    def counters(cls, rules: Rules) -> C.CardSet:
        """The cards that score under these rules, whoever takes them (Rook: the counters and the Rook Bird;
        Hearts: the hearts, the Queen of spades and the special queens in play)."""
        raise NotImplementedError

    @classmethod
    def card_values(cls, rules: Rules) -> tuple[int, ...]:
        """What taking each card (by its code) counts for its taker under these rules, the card alone (Rook: its
        points or stars; Hearts: its penalty points, the special queens' included): worked out once per rules."""
        values = rules.tables.card_values
        if not values:
            values = rules.tables.card_values = cls._card_values(rules)
        return values

    @classmethod
    def _card_values(cls, rules: Rules) -> tuple[int, ...]:
        raise NotImplementedError

    def telling_cards(self) -> C.CardSet:
        """The cards whose play does more than its part in the trick (it tells the others something, or it could
        have been played where its neighbours could not), so that no other card can stand in for one of them. None
        unless a family says so."""
        return 0

    def side_of(self, seat: int) -> frozenset[int]:
        """The seats that score together with ``seat`` this hand (a world's whole truth; what the seat itself may
        know of it is ``side_known_to``)."""
        return frozenset((seat,))

    def side_known_to(self, seat: int) -> frozenset[int]:
        """The seats ``seat`` knows to score with it this hand (a secret partner only once known to it)."""
        return frozenset((seat,))

    def public_cards(self) -> C.CardSet:
        """Cards lying face up for everyone (besides the tricks)."""
        return 0

    def _hidden_places(self, seat: int) -> list[tuple[str, int, C.CardSet, C.CardSet]]:
        """(place, seat or -1, cards there, those of them the seat knows are there) for every place holding cards
        hidden from ``seat``; place names the attribute (indexed by the seat, or a pile of its own)."""
        raise NotImplementedError

    def _sent_by(self, seat: int) -> C.CardSet:
        """Cards ``seat`` itself put somewhere it knows (passed, laid back, laid aside)."""
        return 0

    def _after_resample(self, seat: int) -> None:
        """Set what follows from where the hidden cards now lie (Rook: who holds the called card)."""

    # --- results ---

    @classmethod
    def match_outcome(cls, rules: Rules, scores: list[int], hands_played: int, last: HandResult) -> list[int] | None:
        """The winning seats if a match with these scores is over after the hand ``last``, else None."""
        raise NotImplementedError

    @classmethod
    def score_columns(cls, rules: Rules) -> tuple[tuple[int, ...], ...]:
        """The columns of a match's score sheet: the seats whose one score each column shows."""
        return tuple((seat,) for seat in range(rules.players))

    def points(self) -> list[int]:
        """Points each seat has captured so far in this hand (Hearts: penalty points)."""
        raise NotImplementedError

    def score_delta(self) -> list[int]:
        """Each seat's change to the match score; only meaningful once the hand is done."""
        raise NotImplementedError

    def result(self) -> HandResult | None:
        """What the hand came to, once it is done (None before)."""
        raise NotImplementedError

    def worth(self, result: HandResult, seat: int) -> float:
        """What a finished hand under these rules is worth to ``seat`` for Hard's share setting (``SearchPlayer``'s
        ``share``): its margin (``HandResult.margin``) unless a family says otherwise."""
        return result.margin(seat)

    def final_result(self) -> HandResult:
        """``result`` of a hand known to be done (a match's finished hands); ValueError while it goes on."""
        result = self.result()
        if result is None:
            raise ValueError("the hand is not finished")
        return result

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, and nothing else (``SeatView.to_json`` for the protocol)."""
        raise NotImplementedError

    def piles(self) -> dict[str, C.CardSet]:
        """Where every card of the deck is now, pile by pile (for invariant checks: they partition the deck)."""
        piles = {"trick": C.mask_of(self.trick)}
        for seat in range(self.n):
            piles[f"held {seat}"] = self.held[seat]
            piles[f"taken {seat}"] = self.taken[seat]
        return piles

    def deal_text(self) -> DealText:
        rules = self.rules
        deal = DealText(hands=[rules.card_names(mask) for mask in self.dealt])
        for pile in self.EXTRA_PILES:
            if pile in self.extras:
                deal[pile] = rules.card_names(self.extras[pile])
        return deal

    def record(self) -> dict[str, Any]:
        """The whole hand as JSON-ready data: ``Hand.from_record`` replays it exactly (records.py)."""
        return records.record_of(self)

    def _common_view(self, seat: int) -> CommonView:
        """The fields of ``SeatView`` every family shares, but for its points and the cards it chooses."""
        name, deck = self.rules.card_name, self.rules.deck
        # a choice of several cards (the nest, a pass) is not listed: its legal set is every combination
        listed = self.to_move == seat and not isinstance(self.legal, CardSubsets)
        return CommonView(
            game=self.rules.name,
            family=self.family,
            deck=deck,
            seat=seat,
            players=self.n,
            dealer=self.dealer,
            number=self.number,
            scores=tuple(self.scores),
            phase=self.phase,
            to_move=self.to_move,
            turn=self.turn,  # whose cards are played (the rook-2p dummy's seat; its player is to_move)
            seating=self.play_order[seat],  # every seat clockwise from this one
            moves=len(self.actions),
            hand=tuple(self.rules.card_names(self.held[seat])),
            hand_sizes=tuple(mask.bit_count() for mask in self.held),
            trick=tuple((s, name(c)) for s, c in zip(self.play_order[self.leader], self.trick)),
            tricks=tuple(TrickView(leader, tuple((s, name(c)) for s, c in zip(self.play_order[leader], cards)), winner)
                         for leader, cards, winner in self.tricks),
            tricks_won=tuple(self.tricks_won),
            legal=tuple(choice(action, deck) for action in sorted(self.legal)) if listed else (),
        )


def _player_left_of(following: tuple[int, ...], seat: int, players: int) -> int:
    seat = following[seat]
    while seat >= players:  # a seat that plays cards but is no player: the rook-2p dummy
        seat = following[seat]
    return seat


_FAMILIES: dict[str, type[Hand]] = {}


def register_family(hand_class: type[Hand]) -> type[Hand]:
    _FAMILIES[hand_class.family] = hand_class
    return hand_class


def family_class(rules: Rules) -> type[Hand]:
    try:
        return _FAMILIES[rules.family]
    except KeyError:
        raise ValueError(f"no engine for the {rules.family} family") from None
