"""What one seat sees of a hand, as one typed value: ``SeatView`` (OpenSpiel's observation, python-chess's ``Move``
for its pairing of a value with its text form).

The window, the network, the review and the computer players all read this type, never a dict by key: a field
renamed here is renamed for all of them, and a type checker sees every reader. ``to_json`` is the text form the
protocol carries (the same keys the view always had), and ``from_json`` reads it back, refusing a malformed view
with ``ViewError`` naming the field.

Each legal action comes as a ``Choice``: its kind, its cards, its number or word, and a player's label, so no
caller takes action text apart; the canonical text stays for files, logs and the protocol. Choosing several cards
at once (the nest, a Hearts pass) is not listed, since its legal set is every combination: ``cards_to_choose``
says how many and ``choose_cards`` makes the action.

>>> from game.engine import Hand, load_rules
>>> hand = Hand.deal(load_rules("hearts-classic"), seed=1)
>>> view = hand.view(hand.to_move)
>>> view.phase, view.cards_to_choose, view.choose_cards(["2C", "3C", "4C"]), view.hearts.pass_direction
('pass', 3, 'pass-cards 2C 3C 4C', 'left')
>>> SeatView.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypedDict

from . import actions as A
from . import cards as C


class ViewError(ValueError):
    """A seat's view that is not one: a missing field, or a field of the wrong kind."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action: what it is, without its text taken apart by the caller."""
    text: str  # RULES.md notation: files, logs and the protocol
    kind: str  # the action's word: play, bid, pass, discard, trump, order, call, pass-cards, choose-hand, moon, ...
    label: str  # in a player's words: "play 10♥", "name green trump"
    cards: tuple[str, ...] = ()  # the cards it names, in notation
    value: int = 0  # a bid's points, a hand chosen
    word: str = ""  # a trump, a rank order, a moon reward

    @property
    def card(self) -> str:
        """The one card of a play, a call or a card laid aside."""
        return self.cards[0]


def choice(action: A.Action, deck: str) -> Choice:
    """The ``Choice`` of an action of the int layer."""
    kind, payload = A.kind_of(action), A.payload_of(action)
    cards: tuple[str, ...] = ()
    value, word = 0, ""
    if kind in A.CARD_KINDS:
        cards = (C.card_name(payload, deck),)
    elif kind in A.CARDS_KINDS:
        cards = tuple(C.card_names(payload, deck))
    elif kind in (A.BID, A.CHOOSE_HAND):
        value = payload
    elif kind == A.TRUMP:
        word = A.trump_word(payload, deck)
    elif kind == A.ORDER:
        word = A.ORDERS[payload]
    elif kind == A.MOON:
        word = A.MOON_CHOICES[payload]
    return Choice(A.action_text(action, deck), A.KIND_WORDS[kind], A.action_words(action, deck), cards, value, word)


def choice_of(text: str, deck: str) -> Choice:
    """The ``Choice`` of an action's text (``A.ActionTextError`` if it is not an action)."""
    return choice(A.parse_action(text, deck), deck)


@dataclass(frozen=True, slots=True)
class TrickView:
    """A finished trick: who led it, each card with its seat in play order, and who took it."""
    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class RookPart:
    """What a seat sees of a Rook hand beyond what every game shows."""
    declarer: int  # -1 until the auction is won
    contract: int
    bids: tuple[tuple[int, Choice], ...]  # the auction so far: each seat's bid or pass
    high_bid: int
    lowest_bid: int  # the least the seat to move may bid now (0 outside the auction)
    trump: str | None  # the trump named (a colour or suit, or "none"), once named
    order: str  # "normal" or "reverse"
    trump_card: str | None  # Beginner: the nest's top card, which names trump
    nest_size: int
    discarded: tuple[str, ...]  # the cards this seat laid back into the nest (the declarer's own)
    laid_aside: tuple[str, ...]  # Original 3-player: the card this seat laid aside
    from_nest: tuple[str, ...]  # the nest's cards while this seat, the declarer, chooses what to lay back
    thrown_in: bool  # everyone passed
    dummy_seat: int  # rook-2p: the dummy's seat (-1 without a dummy)
    dummy_cards: tuple[str, ...]  # the dummy's face-up cards (its JSON name is "dummy")
    partnerships: tuple[tuple[int, ...], ...]  # who plays with whom, where the deal says so ((): called partners)
    called: str | None  # 5-player 500: the card the declarer called, once called
    partner: int  # 5-player 500: the called partner, once known to this seat (-1 before)
    nest: tuple[str, ...]  # the nest, once the hand is over


@dataclass(frozen=True, slots=True)
class HeartsPart:
    """What a seat sees of a Hearts hand beyond what every game shows."""
    pass_direction: str  # left, across, right, left2, right2, trade, hold
    passing: tuple[str, ...]  # the cards this seat has chosen to pass
    passed: tuple[str, ...]  # the cards it passed
    received: tuple[str, ...]  # the cards passed to it
    hearts_broken: bool
    sub_hand: int  # 2 players: which of the two halves is being played (1 or 2; 0 in other games)


class CommonView(TypedDict):
    """The fields of ``SeatView`` every family fills alike (``Hand._common_view``), all but its points and the cards
    it chooses, which each family fills itself."""
    game: str
    family: str
    deck: str
    seat: int
    players: int
    dealer: int
    number: int
    scores: tuple[int, ...]
    phase: str
    to_move: int
    turn: int
    seating: tuple[int, ...]
    moves: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]
    legal: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know of a hand now, and nothing else."""
    game: str  # the rules' name
    family: str  # rook or hearts: which part below is set
    deck: str  # rook or standard: how its cards are named
    seat: int
    players: int  # seats that play to tricks (the rook-2p dummy's included)
    dealer: int
    number: int  # the hand's number in its match, from 0
    scores: tuple[int, ...]  # the match scores before this hand
    phase: str
    to_move: int  # the seat whose decision is pending (-1 once the hand is over)
    turn: int  # whose cards are played now (the rook-2p dummy's seat while its player, to_move, plays them)
    seating: tuple[int, ...]  # every seat clockwise from this one
    moves: int  # actions so far in the hand
    hand: tuple[str, ...]  # this seat's cards (rook-2p: the dummy's face-up cards for the dummy's seat)
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]  # the trick in progress: each card with its seat, in play order
    tricks: tuple[TrickView, ...]  # the tricks taken so far
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]  # captured this hand (Hearts: penalty points)
    legal: tuple[Choice, ...]  # this seat's legal actions now, unless it chooses several cards at once
    cards_to_choose: int  # how many cards this seat chooses now (the nest, a pass), else 0
    choosing: str  # the action word for those cards (discard, pass-cards), else ""
    rook: RookPart | None = None
    hearts: HeartsPart | None = None

    def choose_cards(self, cards: list[str] | tuple[str, ...]) -> str:
        """The action that chooses these cards (``cards_to_choose`` of them) in the phase's own word."""
        if not self.choosing:
            raise ValueError("this seat chooses no cards now")
        return f"{self.choosing} {' '.join(cards)}"

    def play(self, card: str) -> str:
        """The action that plays ``card`` (legal or not: the engine says why not)."""
        return f"{A.KIND_WORDS[A.PLAY]} {card}"

    def plays(self) -> dict[str, Choice]:
        """The cards this seat may play now, each with its choice."""
        return {legal.card: legal for legal in self.legal if legal.kind == "play"}

    @property
    def declarer(self) -> int:
        return self.rook.declarer if self.rook is not None else -1

    @property
    def dummy_seat(self) -> int:
        """The rook-2p dummy's seat (-1 in every other game)."""
        return self.rook.dummy_seat if self.rook is not None else -1

    @property
    def trump(self) -> str | None:
        return self.rook.trump if self.rook is not None else None

    def to_json(self) -> dict[str, Any]:
        """The view as the protocol carries it: one flat object, every field by its name."""
        out: dict[str, Any] = {}
        for spec in fields(self):
            if spec.name not in ("rook", "hearts"):
                out[spec.name] = _plain(getattr(self, spec.name))
        for part in (self.rook, self.hearts):
            if part is not None:
                out.update({JSON_NAMES.get(spec.name, spec.name): _plain(getattr(part, spec.name))
                            for spec in fields(part)})
        return out

    @classmethod
    def from_json(cls, data: Any) -> SeatView:
        """Read ``to_json`` back; ``ViewError`` names what is wrong with anything else."""
        if not isinstance(data, dict):
            raise ViewError("a view is an object")
        read = _Reader(data)
        deck = read.word("deck", C.DECKS)
        family = read.word("family", ("rook", "hearts"))
        legal = tuple(read.choice(text, deck) for text in read.texts("legal"))
        common = CommonView(
            game=read.text("game"), family=family, deck=deck, seat=read.number("seat"),
            players=read.number("players"), dealer=read.number("dealer"), number=read.number("number"),
            scores=read.numbers("scores"), phase=read.text("phase"), to_move=read.number("to_move"),
            turn=read.number("turn"), seating=read.numbers("seating"), moves=read.number("moves"),
            hand=read.cards("hand", deck), hand_sizes=read.numbers("hand_sizes"),
            trick=read.seat_cards("trick", deck), tricks=read.tricks("tricks", deck),
            tricks_won=read.numbers("tricks_won"), legal=legal)
        points, cards_to_choose = read.numbers("points"), read.number("cards_to_choose")
        choosing = read.word("choosing", ("", "discard", "pass-cards"))
        if family == "rook":
            return cls(**common, points=points, cards_to_choose=cards_to_choose, choosing=choosing, rook=RookPart(
                declarer=read.number("declarer"), contract=read.number("contract"),
                bids=tuple((seat, read.choice(text, deck)) for seat, text in read.seat_texts("bids")),
                high_bid=read.number("high_bid"), lowest_bid=read.number("lowest_bid"),
                trump=read.optional_text("trump"), order=read.word("order", A.ORDERS),
                trump_card=read.optional_card("trump_card", deck), nest_size=read.number("nest_size"),
                discarded=read.cards("discarded", deck), laid_aside=read.cards("laid_aside", deck),
                from_nest=read.cards("from_nest", deck), thrown_in=read.flag("thrown_in"),
                dummy_seat=read.number("dummy_seat"), dummy_cards=read.cards("dummy", deck),
                partnerships=read.groups("partnerships"), called=read.optional_card("called", deck),
                partner=read.number("partner"), nest=read.cards("nest", deck)))
        return cls(**common, points=points, cards_to_choose=cards_to_choose, choosing=choosing, hearts=HeartsPart(
            pass_direction=read.text("pass_direction"), passing=read.cards("passing", deck),
            passed=read.cards("passed", deck), received=read.cards("received", deck),
            hearts_broken=read.flag("hearts_broken"), sub_hand=read.number("sub_hand")))


JSON_NAMES = {"dummy_cards": "dummy"}  # a field whose JSON name is not its own (the protocol's since version 1)


def _plain(value: Any) -> Any:
    """A field's value as JSON: tuples as lists, choices as their text, tricks as objects."""
    if isinstance(value, Choice):
        return value.text
    if isinstance(value, TrickView):
        return {"leader": value.leader, "cards": _plain(value.cards), "winner": value.winner}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


class _Reader:
    """Reads the fields of a view's JSON, each as the kind it must be."""

    def __init__(self, data: dict[str, Any]):
        self.data = data

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise ViewError(f"a view needs '{key}'")
        return self.data[key]

    def number(self, key: str) -> int:
        value = self._get(key)
        if type(value) is not int:
            raise ViewError(f"'{key}' is a whole number")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self._get(key)
        if not isinstance(value, list) or any(type(item) is not int for item in value):
            raise ViewError(f"'{key}' is a list of whole numbers")
        return tuple(value)

    def flag(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise ViewError(f"'{key}' is true or false")
        return value

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            raise ViewError(f"'{key}' is text")
        return value

    def optional_text(self, key: str) -> str | None:
        return None if self._get(key) is None else self.text(key)

    def word(self, key: str, allowed: tuple[str, ...]) -> str:
        value = self.text(key)
        if value not in allowed:
            raise ViewError(f"'{key}' is one of {', '.join(repr(word) for word in allowed)}")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self._get(key)
        if not isinstance(value, list) or any(not isinstance(item, str) for item in value):
            raise ViewError(f"'{key}' is a list of texts")
        return tuple(value)

    @staticmethod
    def _card(value: Any, key: str, deck: str) -> str:
        try:
            return C.card_name(C.parse_card(value, deck), deck)
        except (ValueError, AttributeError, TypeError):
            raise ViewError(f"'{key}' names {value!r}, which is not a card") from None

    def cards(self, key: str, deck: str) -> tuple[str, ...]:
        return tuple(self._card(card, key, deck) for card in self.texts(key))

    def optional_card(self, key: str, deck: str) -> str | None:
        value = self._get(key)
        return None if value is None else self._card(value, key, deck)

    def _pairs(self, value: Any, key: str) -> list[tuple[int, str]]:
        if not isinstance(value, list) or any(
                not isinstance(pair, list) or len(pair) != 2 or type(pair[0]) is not int
                or not isinstance(pair[1], str) for pair in value):
            raise ViewError(f"'{key}' is a list of [seat, text] pairs")
        return [(seat, text) for seat, text in value]

    def seat_texts(self, key: str) -> list[tuple[int, str]]:
        return self._pairs(self._get(key), key)

    def seat_cards(self, key: str, deck: str) -> tuple[tuple[int, str], ...]:
        return tuple((seat, self._card(card, key, deck)) for seat, card in self.seat_texts(key))

    def tricks(self, key: str, deck: str) -> tuple[TrickView, ...]:
        value = self._get(key)
        if not isinstance(value, list):
            raise ViewError(f"'{key}' is a list of tricks")
        out = []
        for trick in value:
            if not isinstance(trick, dict) or type(trick.get("leader")) is not int \
                    or type(trick.get("winner")) is not int:
                raise ViewError(f"each of '{key}' has a leader, its cards and a winner")
            cards = tuple((seat, self._card(card, key, deck)) for seat, card in self._pairs(trick.get("cards"), key))
            out.append(TrickView(trick["leader"], cards, trick["winner"]))
        return tuple(out)

    def groups(self, key: str) -> tuple[tuple[int, ...], ...]:
        value = self._get(key)
        if not isinstance(value, list) or any(not isinstance(group, list)
                                              or any(type(seat) is not int for seat in group) for group in value):
            raise ViewError(f"'{key}' is a list of lists of seats")
        return tuple(tuple(group) for group in value)

    @staticmethod
    def choice(text: str, deck: str) -> Choice:
        try:
            return choice_of(text, deck)
        except A.ActionTextError as err:
            raise ViewError(f"{text!r} is not an action: {err}") from None
