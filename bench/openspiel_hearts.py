"""OpenSpiel's C++ Hearts as an outside peer: the benchmark's speed reference and the differential tests' oracle.

Never imported by the game: only by ``bench`` and the tests (``open-spiel`` is a development dependency).

How OpenSpiel's Hearts (``open_spiel/games/hearts/hearts.cc``) lines up with ours, checked by
``tests/test_openspiel_oracle.py``:

- Seats. Its players 0-3 are North, East, South, West and play passes to ``(player + 1) % 4``: clockwise, as
  RULES.md numbers seats, so its player k is our seat k. It has no dealer: the first trick is led by the holder of
  the 2 of clubs in both engines, so our dealer only decides who passes first (see passing).
- Deal. The first chance outcome is the pass direction, then 52 chance outcomes deal the cards: the k-th dealt
  card goes to player ``k % 4``. ``dealt_state`` deals our ``hands[k % 4][k // 4]`` as the k-th card.
- Pass direction. Its chance outcome 0 No pass, 1 Left, 2 Across, 3 Right sends a player's cards to
  ``(player + direction) % 4``. Ours (``hearts.DIRECTION_OFFSET``) sends left to seat + 1, across to seat + 2 and
  right to seat - 1, and "left" is seat + 1 in both (RULES.md: "the player to the left of seat i is seat (i+1) mod
  n"), so our left/across/right/hold are its 1/2/3/0 (``DIRECTION``).
- Passing. It passes one card per action, players 0, 1, 2, 3 in turn, three actions each; ours passes the three
  cards in one ``pass-cards`` action, seats in turn from the dealer's left. Both exchange the cards only after
  everyone has chosen (book 002: "Everyone selects their cards at once"), so the order of the choices is not
  observable: the test compares each seat's choice, not the order of the seats.
- Cards. Its card (and play or pass action) id is ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits
  C D H S as 0..3; its card string (``state.action_to_string``) is our card text (``QS``, ``TC``, ``2H``).
- Scoring. Points are 1 a heart and 13 for the Queen of spades. When one player takes every point, it adds
  -26 to the shooter and +26 to the others, leaving the shooter 0 and everyone else 26: our shooter's
  ``moon add`` (RULES.md decision 17); our ``moon subtract`` has no counterpart. ``returns()`` are 26 minus
  points, so ``penalty_points`` reads the points back as ``26 - return``.
"""

from __future__ import annotations

import functools
import random
import time

import pyspiel  # no type information (pyproject.toml): its games and states are Any to the checker

from game.engine.rules import Rules

RANKS = "23456789TJQKA"
SUITS = "CDHS"
NUM_CARDS = 52
PASS_COUNT = 3
TOTAL_POINTS = 26
#: our pass directions as OpenSpiel's first chance outcome
DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}
#: hearts-classic in OpenSpiel's terms, every parameter spelled out so that a change of OpenSpiel's defaults cannot
#: change the oracle silently (``spiel_params(load_rules("hearts-classic"))`` gives the same; the test checks it)
CLASSIC_PARAMS: Params = {
    "pass_cards": True,
    "no_pts_on_first_trick": False,  # book 002 and RULES.md 16: "penalty cards may be played on the first trick"
    "can_lead_any_club": False,  # "the 2 of clubs leads the first trick"
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,  # "hearts may not be led until broken unless the leader holds only hearts"
    "qs_breaks_hearts": True,  # "the Queen of spades breaks hearts"
    "can_lead_hearts_instead_of_qs": False,  # holding only the Queen of spades and hearts, lead the Queen
}
Params = dict[str, bool]  # OpenSpiel's Hearts parameters: every one a switch
#: hearts-classic's passing cycle (left, across, right; no hold hand) as OpenSpiel directions, for the benchmark
CLASSIC_DIRECTIONS = (1, 2, 3)


class Unsupported(ValueError):
    """Rules that OpenSpiel's Hearts cannot express."""


def spiel_params(rules: Rules) -> Params:
    """OpenSpiel's game parameters for our Hearts rules; ``Unsupported`` names the first rule it cannot express."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise Unsupported(f"OpenSpiel's Hearts cannot express {what}")

    need(rules.family == "hearts", f"the {rules.family} family")
    need(rules.players == 4 and rules.hands_to_deal == 4, f"{rules.players} players")
    need(rules.deck == "standard" and rules.low_rank == 2 and not rules.bird and not rules.removed,
         "a deck other than the 52 cards")
    need(rules.hand_size == 13 and not rules.nest_size and not rules.aside, "hands other than 13 cards each")
    need(not rules.royal_queens, "the Royal Hearts queens")
    need(rules.moon in ("choice", "add"), "a moon that subtracts from the shooter")
    need(rules.two_clubs_leads, "a first lead other than the 2 of clubs")
    need(rules.qs_leads_any_time, "forbidding the Queen of spades as a lead before hearts are broken")
    need(set(rules.pass_cycle) <= set(DIRECTION), f"passing {', '.join(rules.pass_cycle)}")
    passes = rules.pass_count and any(direction != "hold" for direction in rules.pass_cycle)
    need(not passes or rules.pass_count == PASS_COUNT, f"passing {rules.pass_count} cards")
    return {
        "pass_cards": bool(passes),
        "no_pts_on_first_trick": not rules.penalty_on_first_trick,
        "can_lead_any_club": False,
        "jd_bonus": False,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": rules.hearts_must_be_broken,
        "qs_breaks_hearts": rules.qs_breaks_hearts,
        "can_lead_hearts_instead_of_qs": False,
    }


@functools.cache
def _load(params: tuple[tuple[str, bool], ...]) -> pyspiel.Game:
    return pyspiel.load_game("hearts", dict(params))


def game(params: Params | None = None) -> pyspiel.Game:
    """OpenSpiel's Hearts with these parameters (hearts-classic's by default), loaded once."""
    return _load(tuple(sorted((CLASSIC_PARAMS if params is None else params).items())))


def spiel_card(text: str) -> int:
    """OpenSpiel's card id (its deal, pass and play action) for a standard-deck card text such as ``QS``."""
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def card_text(card: int) -> str:
    """Our card text for OpenSpiel's card id; the same as OpenSpiel's own card string."""
    return RANKS[card // 4] + SUITS[card % 4]


def dealt_state(hands: list[list[str]], direction: str, params: Params | None = None) -> pyspiel.State:
    """A new OpenSpiel state with the pass direction set and these four hands dealt (seat k gets ``hands[k]``).
    Without passing (``pass_cards`` false: our ``pass_count`` 0) every hand is OpenSpiel's no-pass hand."""
    spiel = game(params)
    state = spiel.new_initial_state()
    state.apply_action(DIRECTION[direction] if spiel.get_parameters()["pass_cards"] else 0)
    for k in range(NUM_CARDS):
        state.apply_action(spiel_card(hands[k % 4][k // 4]))
    return state


def held_cards(state: pyspiel.State) -> list[set[str]]:
    """The cards each player holds now (during passing: less the cards already chosen to pass)."""
    return [set(cards) for cards in state.to_struct().hands]


def penalty_points(state: pyspiel.State) -> list[int]:
    """Each player's points at the end of the hand (after any moon)."""
    return [round(TOTAL_POINTS - r) for r in state.returns()]


def random_playout_hands_per_second(seconds: float, seed: int,
                                    directions: tuple[int, ...] = CLASSIC_DIRECTIONS) -> float:
    """Deal and play whole hands choosing uniformly among the legal actions, as fast as the Python bindings allow;
    the same loop as our engine benchmark (``bench.engine.our_playouts``).

    The pass direction goes round ``directions`` hand by hand as ours goes round the passing cycle (hearts-classic's
    left, across, right by default, so that both engines pass in every hand; ``(0, 1, 2, 3)`` gives OpenSpiel's own
    uniform chance node in the long run). The 52 deal outcomes are sampled as one shuffle of the deck: the same
    uniform deal as sampling the deal nodes a card at a time, without 52 calls for the outcomes left, and the way
    our engine deals."""
    rng = random.Random(seed)
    rand = rng.random
    shuffle = rng.shuffle
    new_state = game().new_initial_state
    deck = list(range(NUM_CARDS))
    hands = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = new_state()
        apply = state.apply_action
        legal_actions = state.legal_actions
        is_terminal = state.is_terminal
        apply(directions[hands % len(directions)])
        shuffle(deck)
        for card in deck:
            apply(card)
        while not is_terminal():
            legal = legal_actions()
            apply(legal[int(rand() * len(legal))])
        hands += 1
    return hands / (clock() - start)
