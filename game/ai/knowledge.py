"""What one seat knows about a hand, and worlds consistent with it.

Everything here is derived from what ``hand.view(seat)`` shows: the seat's own cards, the cards played, the cards
lying face up, what it passed or discarded, and the voids the play has revealed. Where a hidden card lies is never
read: ``sample_world`` pools every card the seat cannot see and deals them out again at random, keeping each hidden
place's size, every known holding and every revealed void.
"""

from __future__ import annotations

import random

from game.engine import cards as C
from game.engine.hand import Hand

_BIRD_BIT = 1 << C.BIRD


def voids(hand: Hand) -> list[C.CardSet]:
    """Per seat, the cards it has shown it cannot hold: a seat that did not follow the suit led holds none of it.

    The Rook Bird played under its privilege (decision 1) reveals nothing."""
    out = [0] * hand.n
    rook = hand.family == "rook"
    tricks = [(leader, cards) for leader, cards, _ in hand.tricks]
    if hand.trick:
        tricks.append((hand.leader, tuple(hand.trick)))
    for leader, cards in tricks:
        led = cards[0]
        if rook:
            suit = hand.suit_led_by[led]
            follow = hand.follow_masks[suit] if suit < len(hand.follow_masks) else 0
        else:
            follow = C.SUIT_MASKS[led >> 4]
        if not follow:
            continue
        for i, card in enumerate(cards[1:], start=1):
            if not follow >> card & 1 and not (rook and card == C.BIRD and hand.privilege):
                out[(leader + i) % hand.n] |= follow
    return out


def _hidden_places(hand: Hand, seat: int) -> list[tuple[str, int, C.CardSet, C.CardSet]]:
    """(attribute, index or -1, cards there, cards there the seat knows) for every place holding hidden cards."""
    places = []
    if hand.family == "hearts":
        known_to_seat = hand.passed[seat]  # cards the seat passed are where it sent them
        for other in range(hand.n):
            if other != seat:
                places.append(("held", other, hand.held[other], hand.held[other] & known_to_seat))
                if hand.chosen[other]:
                    places.append(("chosen", other, hand.chosen[other], 0))
        if hand.two_player:
            for other in range(hand.n):
                if hand.later[other]:
                    places.append(("later", other, hand.later[other], 0))
                if hand.face_down[other]:
                    places.append(("face_down", other, hand.face_down[other], 0))
        return places
    public = hand.public_cards()
    for other in range(hand.n):
        if other != seat:
            places.append(("held", other, hand.held[other], hand.held[other] & public))
    if hand.nest:
        places.append(("nest", -1, hand.nest, hand.nest & public))  # Beginner's trump card lies face up on it
    if hand.discards and seat != hand.declarer:
        places.append(("discards", -1, hand.discards, 0))
    if hand.aside:
        places.append(("aside", -1, hand.aside, 0))
    if hand.laid_aside and seat != hand.next_seat(hand.dealer):
        places.append(("laid_aside", -1, hand.laid_aside, 0))
    return places


def unseen(hand: Hand, seat: int) -> C.CardSet:
    """Cards the seat cannot see (held by others face down, or lying hidden)."""
    mask = 0
    for _, _, cards, known in _hidden_places(hand, seat):
        mask |= cards & ~known
    return mask


def sample_world(hand: Hand, seat: int, rng: random.Random, tries: int = 50) -> Hand:
    """A copy of the hand with every card hidden from ``seat`` dealt again at random, consistently with what the
    seat knows (place sizes, known holdings, revealed voids). Used by search: a world the seat cannot tell apart
    from the real one."""
    places = _hidden_places(hand, seat)
    out = voids(hand)
    pool = 0
    for _, _, cards, known in places:
        pool |= cards & ~known
    # the most constrained places are filled first; seats' hands carry their voids, other piles take anything
    order = sorted(range(len(places)), key=lambda i: -(out[places[i][1]].bit_count() if places[i][0] == "held"
                                                      and places[i][1] >= 0 else 0))
    for _ in range(tries):
        left = pool
        filled = {}
        for i in order:
            name, index, cards, known = places[i]
            need = (cards & ~known).bit_count()
            allowed = left & ~out[index] if name == "held" else left
            if allowed.bit_count() < need:
                break
            chosen = C.random_subset(allowed, need, rng)
            left &= ~chosen
            filled[i] = chosen | known
        else:
            if left:
                continue
            return _with_places(hand, seat, places, filled)
    # the voids could not be honoured (never expected): fall back on sizes alone rather than fail
    left = pool
    filled = {}
    for i, (_, _, cards, known) in enumerate(places):
        chosen = C.random_subset(left, (cards & ~known).bit_count(), rng)
        left &= ~chosen
        filled[i] = chosen | known
    return _with_places(hand, seat, places, filled)


def _with_places(hand: Hand, seat: int, places, filled) -> Hand:
    world = hand.copy()
    for i, (name, index, _, _) in enumerate(places):
        if index >= 0:
            getattr(world, name)[index] = filled[i]
        else:
            setattr(world, name, filled[i])
    if world.family == "rook" and world.rules.sides == "called" and world.called >= 0:
        # the secret partner is whoever holds the called card in this world (decision 13)
        played = any(world.called in cards for _, cards, _ in world.tricks) or world.called in world.trick
        if not played and world.partner_known_to(seat) < 0:
            world.partner = next((s for s in range(world.n) if s != world.declarer
                                  and world.held[s] >> world.called & 1), -1)
    return world
