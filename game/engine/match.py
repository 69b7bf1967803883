"""A match: hands dealt one after another until the rules' end condition.

The match score is never stored on its own: it is the sum of the finished
hands' score changes, so a saved match (its hand records) restores exactly.
"""

from __future__ import annotations

import random
from typing import Any

from .hand import Hand, family_class
from .results import HandResult, Outcome, running_totals
from .rules import Rules, rules_from_dict

MATCH_FORMAT = "trickhouse-match/1"


def score_columns(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The columns of a match's score sheet under these rules: each the seats whose one score it shows (a
    partnership, or a player; one per player with rotating partners and in the 2-player game, whose dummy keeps no
    score)."""
    return family_class(rules).score_columns(rules)


class Match:
    def __init__(self, rules: Rules, seed: Any = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise ValueError("a match seed is a whole number or text")
        self.rules = rules
        self.seed: object = seed  # what the deals are drawn from (a restored match keeps the one it was saved with)
        # RULES.md: the first dealer is drawn at random from the match seed
        self.first_dealer = random.Random(f"{seed}:first dealer").randrange(rules.players)
        self.first_number = 0
        self.history: list[Hand] = []
        self.hand = self._deal(self.first_dealer)

    @classmethod
    def starting_with(cls, hand: Hand, seed: Any = None) -> Match:
        """A match whose first hand is ``hand`` (a deal code's, or a deal played again): a fresh deal from a score
        of nought, under its rules. The hands after it are dealt from the seed as in any match, and numbered on
        from ``hand.number``, so that a deal of a match's fifth hand keeps its Hearts passing direction and its
        Rook partners; the match's own length still counts from its first hand."""
        if hand.actions or any(hand.scores):
            raise ValueError("a match starts from a fresh deal with a score of nought")
        match = cls(hand.rules, seed)
        match.first_dealer, match.first_number, match.hand = hand.dealer, hand.number, hand
        return match

    def _deal(self, dealer: int) -> Hand:
        seed = f"{self.seed}:{len(self.history)}"
        return Hand.deal(self.rules, seed=seed, dealer=dealer, number=self._next_number(),
                         scores=self.scores_before())

    def _next_number(self) -> int:
        """The number of the hand dealt next (a hand thrown in is dealt again under its number)."""
        return self.first_number + self.hands_played

    def scores_before(self) -> list[int]:
        """The match score before the current hand."""
        scores = [0] * self.rules.players
        for hand in self.history:
            scores = [s + d for s, d in zip(scores, hand.score_delta())]
        return scores

    @property
    def hands_played(self) -> int:
        """Finished hands that counted (a hand thrown in after all passed does not)."""
        return sum(1 for hand in self.history if not hand.final_result().thrown_in)

    @property
    def score_columns(self) -> tuple[tuple[int, ...], ...]:
        """The columns of the score sheet (see ``score_columns``)."""
        return score_columns(self.rules)

    @property
    def scores(self) -> list[int]:
        """The match score per seat, including the current hand once it is done."""
        scores = self.scores_before()
        if self.hand is not None and self.hand.is_done:
            scores = [s + d for s, d in zip(scores, self.hand.score_delta())]
        return scores

    def take_back(self, count: int) -> None:
        """Take back the last ``count`` actions of the hand in play (undo against the computer)."""
        if not 0 <= count <= len(self.hand.actions):
            raise ValueError(f"the hand in play has {len(self.hand.actions)} actions, not {count} to take back")
        for _ in range(count):
            self.hand.pop()

    def results(self) -> list[HandResult]:
        """Each finished hand's result, the hand in play's too once it is done."""
        return [hand.final_result() for hand in self.history + ([self.hand] if self.hand.is_done else [])]

    def totals(self) -> list[tuple[int, ...]]:
        """The match score per seat after each finished hand."""
        return running_totals(self.results(), self.rules.players)

    def outcome(self) -> Outcome | None:
        """How the match ended, once the current hand is done and it has (None while it goes on)."""
        if self.hand is None or not self.hand.is_done:
            return None
        last = self.hand.final_result()
        played = self.hands_played + (0 if last.thrown_in else 1)
        winners = family_class(self.rules).match_outcome(self.rules, self.scores, played, last)
        return None if winners is None else Outcome(tuple(winners), played)

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    @property
    def winners(self) -> list[int]:
        """The winning seats once the match is over (more than one on a shared win), else []."""
        outcome = self.outcome()
        return list(outcome.winners) if outcome else []

    def apply(self, text: str) -> None:
        """Apply an action to the current hand (raises IllegalAction with the reason)."""
        self.hand.apply(text)

    def next_hand(self) -> Hand:
        """Deal the next hand once the current one is done: the deal passes left (at the new hand's table, where
        rotating partners have changed chairs), or the same dealer redeals a hand thrown in (decision 5)."""
        if not self.hand.is_done:
            raise ValueError("the current hand is not finished")
        if self.is_over:
            raise ValueError("the match is over")
        finished = self.hand
        self.history.append(finished)
        dealer = finished.dealer if finished.final_result().thrown_in else \
            family_class(self.rules).next_dealer(self.rules, finished.dealer, self._next_number())
        self.hand = self._deal(dealer)
        return self.hand

    def take_back_deal(self) -> None:
        """Undo ``next_hand`` before anything is played in the new hand (a deal that could not be kept): the hand
        that ended is the hand in play again. Dealt again, the same cards come (the deal is drawn from the seed
        and the hand's place in the match)."""
        if self.hand.actions or not self.history:
            raise ValueError("only a hand just dealt, with nothing played in it, can be taken back")
        self.hand = self.history.pop()

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data; ``Match.from_json`` restores the match exactly."""
        return {
            "format": MATCH_FORMAT,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [hand.record() for hand in self.history + [self.hand]],
        }

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Restore a match; raise ValueError naming what is wrong if the data is not a valid match."""
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise ValueError(f"not a match (expected format {MATCH_FORMAT})")
        rules = rules_from_dict(data.get("rules"), "match rules")
        records = data.get("hands")
        if not isinstance(records, list) or not records:
            raise ValueError("match: 'hands' must list at least one hand")
        match = cls.__new__(cls)
        match.rules = rules
        match.seed = data.get("seed")
        match.history = []
        match.first_number = records[0].get("number", 0) if isinstance(records[0], dict) else 0
        for i, record in enumerate(records):
            try:
                hand = Hand.from_record(record, dealt_after=match.history[-1] if match.history else None)
            except ValueError as err:
                raise ValueError(f"match: hand {i + 1}: {err}") from None
            if hand.rules != rules:
                raise ValueError(f"match: hand {i + 1} is played under other rules than the match")
            if hand.scores != match.scores_before():
                raise ValueError(f"match: hand {i + 1} starts from scores that do not follow from the hands before")
            if hand.number != match.first_number + match.hands_played:
                raise ValueError(f"match: hand {i + 1} is numbered {hand.number}, not "
                                 f"{match.first_number + match.hands_played}")
            match.hand = hand
            if i < len(records) - 1:
                if not hand.is_done:
                    raise ValueError(f"match: hand {i + 1} is unfinished but more hands follow it")
                if match.is_over:
                    raise ValueError(f"match: the match was over after hand {i + 1}, but more hands follow it")
                match.history.append(hand)
        match.first_dealer = match.history[0].dealer if match.history else match.hand.dealer
        return match

