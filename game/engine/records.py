"""A hand's record: the JSON that saves, replays and tests a hand (its rules, dealer, number, scores, deal and
actions in RULES.md notation), and the records of earlier formats, which still load.

- ``trickhouse-hand/3``: today's.
- ``trickhouse-hand/2``: before rotating partners changed chairs so that partners sit opposite (decision 9): such a
  hand is replayed at the table it was played at, and saves itself again in its own format.
- ``trickhouse-hand/1``: also before the rook-2p dummy sat on the dealer's right (decision 22): its dummy's tricks
  were played in seat order, and are put in the order the table plays them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions as A
from .rules import DUMMY_SEAT, Rules, rules_from_dict

if TYPE_CHECKING:  # for the annotations only: hand.py imports this module, never the other way round
    from .hand import Hand

RECORD_FORMAT = "trickhouse-hand/3"
SEATED_IN_ORDER_FORMAT = "trickhouse-hand/2"  # before rotating partners changed chairs to sit opposite (decision 9)
OLD_RECORD_FORMAT = "trickhouse-hand/1"  # ... and before the rook-2p dummy sat on the dealer's right (decision 22)
RECORD_FORMATS = (RECORD_FORMAT, SEATED_IN_ORDER_FORMAT, OLD_RECORD_FORMAT)  # all of them load


def record_of(hand: Hand) -> dict[str, Any]:
    """The whole hand as JSON-ready data: ``hand_from_record`` replays it exactly."""
    return {
        # a hand of an earlier format, replayed at the table it was played at, says so again
        "format": RECORD_FORMAT if hand.seated_by_the_rules() else SEATED_IN_ORDER_FORMAT,
        "rules": hand.rules.to_dict(),
        "dealer": hand.dealer,
        "number": hand.number,
        "scores": list(hand.scores),
        "deal": hand.deal_text(),
        "actions": [hand.action_text(a) for a in hand.actions],
    }


def hand_from_record(hand_class: type[Hand], record: Any, dealt_after: Hand | None = None) -> Hand:
    """Replay a record of any format as a ``hand_class`` (``Hand``, which calls this: so this module needs no import
    of hand.py); ValueError if it is not a valid hand. With ``dealt_after``, the hand before it in a match, the record
    must be dealt as the deal passes on from it (checked before its actions are replayed, whose refusal would say
    less)."""
    if not isinstance(record, dict) or record.get("format") not in RECORD_FORMATS:
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
    clockwise = _seated_before_format_3(rules) if record["format"] != RECORD_FORMAT else None
    hand = hand_class._from_deal(rules, record.get("deal"), dealer, number, scores, clockwise)
    if dealt_after is not None:  # the deal passed left at this hand's table (a record's table is as it was played)
        expected = dealt_after.dealer if dealt_after.final_result().thrown_in else \
            hand.player_left_of(dealt_after.dealer)
        if dealer != expected:
            raise ValueError(f"dealt by seat {dealer}, not seat {expected}")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise ValueError("hand record: actions must be a list")
    if record["format"] == OLD_RECORD_FORMAT:
        actions = _dummy_tricks_as_the_table_plays_them(hand, actions)
    for i, text in enumerate(actions):
        try:
            action = hand.parse_action(text)
        except A.ActionTextError as err:
            raise ValueError(f"hand record: action {i + 1} ({text!r}) cannot be replayed: {err}") from None
        reason = hand.refusal(action)
        if reason:
            raise ValueError(f"hand record: action {i + 1} ({text!r}) cannot be replayed: {reason}")
        hand.push(action)
    return hand


def _seated_before_format_3(rules: Rules) -> tuple[int, ...] | None:
    """How a record of an earlier format sat, where the rules seat it otherwise now (None: the same): rotating
    partners kept their chairs, the new partners sitting side by side."""
    return tuple(range(4)) if rules.family == "rook" and rules.rotating_partners else None


def _dummy_tricks_as_the_table_plays_them(hand: Hand, actions: list[Any]) -> list[Any]:
    """Records made before decision 22 was corrected played the rook-2p dummy's tricks in seat order (dummy, seat
    0, seat 1) whoever dealt. With seat 1 dealing, every trick has the same cards from the same hands, but they come
    dummy, dealer, non-dealer: each trick's plays are put in that order. Plays of a trick left unfinished after its
    first out-of-order card are taken back, to be played again."""
    if not hand.rules.dummy or hand.play_order[DUMMY_SEAT] == (DUMMY_SEAT, 0, 1):
        return actions
    scratch = hand.copy()
    replayed: list[str] = []
    trick: list[A.Action] = []
    try:
        for text in [*actions, None]:
            if text is not None and scratch.phase != "play":
                scratch.apply(text)
                replayed.append(text)
                continue
            if text is not None:
                trick.append(scratch.parse_action(text))
                if len(trick) < scratch.n:
                    continue
            while trick:  # the card of each seat in turn, while the seat to play has one here
                card = next((c for c in trick if scratch.held[scratch.turn] >> c & 1), None)
                if card is None:
                    break
                scratch.apply_id(card)
                replayed.append(scratch.action_text(card))
                trick.remove(card)
            trick = []
    except (ValueError, StopIteration):
        return actions  # not an old record of this kind after all: replaying it names the problem
    return replayed
