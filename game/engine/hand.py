"""One hand of a game: the deal plus the actions taken so far.

``Hand`` holds what every trick-taking hand shares (seats' cards as bitmasks,
the trick in progress, tricks taken, records) and routes each phase to small
methods of the family's subclass (``HeartsHand``, ``RookHand``):

- ``_legal_<phase>()`` lists the legal int actions,
- ``_refuse_<phase>(action)`` gives the reason an action is illegal, or None,
- ``_push_<phase>(action)`` applies a legal action without checking it.

The text layer (``legal_actions``, ``apply``) sits on the int layer
(``legal_ids``, ``apply_id``, ``push``); the AI and benchmarks use ints.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from . import actions as A
from . import cards as C
from .rules import Rules, rules_from_dict

RECORD_FORMAT = "trickhouse-hand/1"
DONE = "done"


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


class Hand:
    """A hand's state lives in slots, not an instance dict: the game reads and writes it for every card, and a
    dict-backed object with more attributes than CPython shares between instances (about 30; Rook has 45) reads
    and writes them measurably slower. Each family lists its own in ``__slots__``."""

    __slots__ = ("rules", "n", "dealer", "number", "scores", "dealt", "extras", "actions", "held", "taken",
                 "tricks_won", "played", "played_before_trick", "trick", "leader", "led_suit", "tricks", "turn",
                 "phase")
    family = ""
    _state: tuple[str, ...] = __slots__  # every slot of the class and its bases, in the order copy() takes them
    _get_state = operator.attrgetter(*__slots__)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._state = tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ()))
        cls._get_state = operator.attrgetter(*cls._state)
        # phase -> its method, found once by name (push runs for every action)
        cls._legal_in, cls._refuse_in, cls._push_in = (
            {name[len(prefix):].replace("_", "-"): getattr(cls, name) for name in dir(cls) if name.startswith(prefix)}
            for prefix in ("_legal_", "_refuse_", "_push_"))

    # --- construction ---

    def __init__(self, rules: Rules, hands: list[C.CardSet], extras: dict[str, C.CardSet], dealer: int,
                 number: int = 0, scores: list[int] | None = None):
        self.rules = rules
        self.n = self._seat_count(rules)
        self.dealer = dealer
        self.number = number
        self.scores = list(scores) if scores is not None else [0] * rules.players
        self.dealt = list(hands)
        self.extras = dict(extras)
        self.actions: list[A.Action] = []
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
    def from_deal(cls, rules: Rules, deal: dict, dealer: int = 0, number: int = 0,
                  scores: list[int] | None = None) -> Hand:
        """A hand from a deal in card text: ``{"hands": [[...], ...], "nest": [...], ...}``."""
        hand_class = family_class(rules)
        hands, extras = hand_class._parse_deal(rules, deal)
        return hand_class(rules, hands, extras, dealer, number, scores)

    @classmethod
    def from_record(cls, record: dict) -> Hand:
        """Replay a record made by ``record()``; raise ValueError if it is not a valid hand."""
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a hand record (expected format {RECORD_FORMAT})")
        rules = rules_from_dict(record.get("rules"), "hand record rules")
        scores = record.get("scores")
        if scores is not None and (not isinstance(scores, list) or len(scores) != rules.players
                                   or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)):
            raise ValueError("hand record: scores must be a list of whole numbers, one per seat")
        dealer, number = record.get("dealer"), record.get("number", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
            raise ValueError(f"hand record: dealer {dealer!r} is not a seat")
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise ValueError(f"hand record: number {number!r} is not a hand number")
        hand = cls.from_deal(rules, record.get("deal"), dealer, number, scores)
        actions = record.get("actions")
        if not isinstance(actions, list):
            raise ValueError("hand record: actions must be a list")
        for i, text in enumerate(actions):
            try:
                hand.apply(text)
            except (IllegalAction, A.ActionTextError) as err:
                raise ValueError(f"hand record: action {i + 1} ({text!r}) cannot be replayed: {err}") from None
        return hand

    @classmethod
    def _seat_count(cls, rules: Rules) -> int:
        """Seats at the table that play to tricks (the rook-2p dummy has one; 2-player Hearts's extra hands do not)."""
        return rules.players

    @classmethod
    def _shuffle_and_deal(cls, rules: Rules, rng: random.Random, dealer: int):
        deck = C.shuffled(rules.deck_bits, rng)
        size = rules.hand_size
        hands = [sum(deck[i * size:(i + 1) * size]) for i in range(rules.hands_to_deal)]
        rest = deck[rules.hands_to_deal * size:]
        extras = {}
        if rules.nest_size:
            extras["nest"] = sum(rest[: rules.nest_size])
        if rules.aside:
            extras["aside"] = sum(rest[rules.nest_size:])
        return hands, extras

    EXTRA_PILES = ("nest", "aside")

    @classmethod
    def _parse_deal(cls, rules: Rules, deal: dict):
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
        extras = {}
        for pile in cls.EXTRA_PILES:
            if pile in deal:
                words = deal[pile]
                if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                    raise ValueError(f"deal: {pile} must be a list of cards")
                extras[pile] = rules.parse_cards(words)
        for mask in masks + list(extras.values()):
            if seen & mask:
                raise ValueError(f"deal: {rules.cards_text(seen & mask)} dealt twice")
            seen |= mask
        if seen != rules.deck_mask:
            missing = rules.deck_mask & ~seen
            raise ValueError(f"deal: {rules.cards_text(missing)} not dealt")
        cls._check_deal_sizes(rules, masks, extras)
        return masks, extras

    @classmethod
    def _check_deal_sizes(cls, rules: Rules, hands: list[C.CardSet], extras: dict[str, C.CardSet]):
        for i, mask in enumerate(hands):
            if mask.bit_count() != rules.hand_size:
                raise ValueError(f"deal: hand {i} has {mask.bit_count()} cards, the rules deal {rules.hand_size}")
        for pile, size in (("nest", rules.nest_size), ("aside", rules.aside)):
            if extras.get(pile, 0).bit_count() != size:
                raise ValueError(f"deal: the {pile} must have {size} cards")

    def _start(self):
        raise NotImplementedError

    def copy(self) -> Hand:
        """An independent copy (for the AI thread and search): later changes to either do not reach the other."""
        twin = object.__new__(type(self))
        for name, value in zip(self._state, self._get_state(self)):
            kind = type(value)
            if kind is list or kind is dict:
                value = value.copy()
            setattr(twin, name, value)
        return twin

    # --- whose turn ---

    @property
    def to_move(self) -> int:
        """The seat whose decision is pending (-1 when the hand is done)."""
        return self.turn

    @property
    def is_done(self) -> bool:
        return self.phase == DONE

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    # --- the int layer ---

    def legal_ids(self) -> list[A.Action]:
        if self.phase == DONE:
            return []
        return self._legal_in[self.phase](self)

    def refusal(self, action: A.Action) -> str | None:
        """Why this action is illegal now, in words a player understands; None if it is legal."""
        if self.phase == DONE:
            return "The hand is over"
        return self._refuse_in[self.phase](self, action)

    def push(self, action: A.Action):
        """Apply a legal action without checking it (the fast path for search and playouts)."""
        self.actions.append(action)
        if self.phase == "play":
            self._push_play(action)
        else:
            self._push_in[self.phase](self, action)

    def random_action(self, rng: random.Random) -> A.Action:
        """A legal action drawn uniformly at random (for random playouts and property tests)."""
        if self.phase == "play":
            return C.random_card(self.legal_mask(), rng)
        return rng.choice(self.legal_ids())

    def apply_id(self, action: A.Action):
        reason = self.refusal(action)
        if reason:
            raise IllegalAction(reason)
        self.push(action)

    # --- the text layer ---

    def action_text(self, action: A.Action) -> str:
        return A.action_text(action, self.rules.deck)

    def parse_action(self, text: str) -> A.Action:
        return A.parse_action(text, self.rules.deck)

    def legal_actions(self) -> list[str]:
        """The legal actions now, as canonical text, sorted by their int code."""
        return [self.action_text(a) for a in sorted(self.legal_ids())]

    def check(self, text: str) -> str | None:
        """Why this action text is illegal now, or None if it is legal; never raises."""
        try:
            action = self.parse_action(text)
        except A.ActionTextError as err:
            return str(err)
        return self.refusal(action)

    def apply(self, text: str):
        """Apply an action given as canonical text; raise IllegalAction (hand unchanged) if it is not legal now."""
        try:
            action = self.parse_action(text)
        except A.ActionTextError as err:
            raise IllegalAction(str(err)) from None
        self.apply_id(action)

    # --- shared trick play ---

    def legal_mask(self) -> C.CardSet:
        """The cards the player to move may play now (play phase only)."""
        raise NotImplementedError

    def _legal_play(self) -> list[A.Action]:
        return C.card_list(self.legal_mask())

    def _refuse_play(self, action: A.Action) -> str | None:
        if A.kind_of(action) != A.PLAY:
            return f"Now {self._seat_word()} play a card"
        card = action
        if not self.held[self.turn] >> card & 1:
            return f"{self.rules.card_name(card)} is not in {self._hand_word()}"
        if self.legal_mask() >> card & 1:
            return None
        return self._play_reason(card)

    def _play_reason(self, card: C.Card) -> str:
        raise NotImplementedError

    def _seat_word(self) -> str:
        return "you must"

    def _hand_word(self) -> str:
        return "your hand"

    # the suit a trick is in when each card leads it (a table: looked up once a trick on the hot path)
    suit_led_by = tuple(card >> 4 for card in range(64))

    def _push_play(self, card: C.Card):
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
            self.turn = (seat + 1) % self.n
            return
        winner = (self.leader + self._winning_index()) % self.n
        self.tricks.append((self.leader, tuple(trick), winner))
        self.taken[winner] |= self.played ^ self.played_before_trick  # the trick's cards
        self.tricks_won[winner] += 1
        self.trick = []
        self.led_suit = -1
        self.turn = winner
        self._after_trick(winner)

    def _winning_index(self) -> int:
        raise NotImplementedError

    def _after_trick(self, winner: int):
        raise NotImplementedError

    # --- results ---

    @classmethod
    def match_winners(cls, rules: Rules, scores: list[int], hands_played: int) -> list[int] | None:
        """The winning seats if a match with these scores is over, else None."""
        raise NotImplementedError

    def points(self) -> list[int]:
        """Points each seat has captured so far in this hand (Hearts: penalty points)."""
        raise NotImplementedError

    def score_delta(self) -> list[int]:
        """Each seat's change to the match score; only meaningful once the hand is done."""
        raise NotImplementedError

    def view(self, seat: int) -> dict:
        """Everything ``seat`` may know now, and nothing else, as JSON-ready values."""
        raise NotImplementedError

    def piles(self) -> dict[str, C.CardSet]:
        """Where every card of the deck is now, pile by pile (for invariant checks: they partition the deck)."""
        piles = {"trick": C.mask_of(self.trick)}
        for seat in range(self.n):
            piles[f"held {seat}"] = self.held[seat]
            piles[f"taken {seat}"] = self.taken[seat]
        return piles

    def deal_text(self) -> dict:
        rules = self.rules
        deal = {"hands": [rules.card_names(mask) for mask in self.dealt]}
        for pile in self.EXTRA_PILES:
            if pile in self.extras:
                deal[pile] = rules.card_names(self.extras[pile])
        return deal

    def record(self) -> dict:
        """The whole hand as JSON-ready data: ``Hand.from_record`` replays it exactly."""
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "number": self.number,
            "scores": list(self.scores),
            "deal": self.deal_text(),
            "actions": [self.action_text(a) for a in self.actions],
        }

    def _trick_views(self) -> list[dict]:
        name = self.rules.card_name
        views = []
        for leader, cards, winner in self.tricks:
            seats = self._trick_order(leader, len(cards))
            views.append({"leader": leader, "cards": [[s, name(c)] for s, c in zip(seats, cards)], "winner": winner})
        return views

    def _trick_order(self, leader: int, size: int) -> list[int]:
        seats = [leader]
        while len(seats) < size:
            seats.append((seats[-1] + 1) % self.n)
        return seats

    def _common_view(self, seat: int) -> dict:
        name = self.rules.card_name
        return {
            "game": self.rules.name,
            "family": self.family,
            "seat": seat,
            "players": self.n,
            "dealer": self.dealer,
            "number": self.number,
            "scores": list(self.scores),
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": self.rules.card_names(self.held[seat]),
            "hand_sizes": [mask.bit_count() for mask in self.held],
            "trick": [[s, name(c)] for s, c in zip(self._trick_order(self.leader, len(self.trick)), self.trick)],
            "tricks": self._trick_views(),
            "tricks_won": list(self.tricks_won),
            "legal": self.legal_actions() if self.to_move == seat and not self._choosing_cards() else [],
        }

    def _choosing_cards(self) -> bool:
        """True in phases whose action names several cards (their legal list is every combination)."""
        return False


_FAMILIES: dict[str, type[Hand]] = {}


def register_family(hand_class: type[Hand]) -> type[Hand]:
    _FAMILIES[hand_class.family] = hand_class
    return hand_class


def family_class(rules: Rules) -> type[Hand]:
    try:
        return _FAMILIES[rules.family]
    except KeyError:
        raise ValueError(f"no engine for the {rules.family} family") from None
