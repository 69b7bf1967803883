"""One match being played at a table: the engine's Match, who sits in each seat, the computer players, undo, the
claim check, and the match's saved form. The controller runs its flow; no pygame here.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace
from typing import Any

from game.ai import LEVELS, make_player
from game.engine import Hand, Match
from game.engine.claim import settled_steps
from game.engine.refusals import Refusal
from game.engine.results import HandResult
from game.engine.rules import Rules
from game.engine.words import player_name


@dataclass
class SeatPlan:
    """Who sits in a seat: a person at this screen (``human``), a person at another computer (``online``), or a
    computer player of ``level``."""
    name: str
    human: bool
    level: str = "normal"
    online: bool = False

    @classmethod
    def from_dict(cls, data: object) -> SeatPlan:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str) or \
                not isinstance(data.get("human"), bool) or data.get("level", "normal") not in LEVELS or \
                not isinstance(data.get("online", False), bool):
            raise ValueError("a seat is {name: text, human: true/false, level: easy/normal/hard, online: true/false}")
        return cls(data["name"][:24], data["human"], data.get("level", "normal"), data.get("online", False))


class Session:
    def __init__(self, match: Match, seats: list[SeatPlan], hard_budget: float = 1.0) -> None:
        if len(seats) != match.rules.players:
            raise ValueError(f"{match.rules.title} is played by {match.rules.players}, not {len(seats)}")
        self.match = match
        self.seats = seats
        self.hard_budget = hard_budget
        # each computer's seed from the match's seed and its seat: the same in every run (Python's hash() of text
        # is not), so a match resumed from its save plays on as the same match would have without a break
        # (a person's seat has a Normal one too, to stand in while they are away)
        self.players = {i: make_player(plan.level if not (plan.human or plan.online) else "normal",
                                       seed=zlib.crc32(f"{match.seed}:{i}".encode()), budget=hard_budget)
                        for i, plan in enumerate(seats)}
        self.away: set[int] = set()  # online seats a computer plays until their player is back
        self.counted_hands = 0  # finished hands of this match already in the statistics (saved: never twice)
        self._claim_for: tuple[Hand, tuple[int, int]] | None = None
        self._claim_steps: Iterator[bool | None] | None = None
        self._claim_answer: bool | None = False

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def hand(self) -> Hand:
        return self.match.hand

    @property
    def humans(self) -> list[int]:
        return [i for i, plan in enumerate(self.seats) if plan.human]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def online(self, seat: int) -> bool:
        """A person at another computer plays this seat."""
        return 0 <= seat < len(self.seats) and self.seats[seat].online

    def name(self, seat: int) -> str:
        if seat == self.rules.dummy_seat:
            return "Dummy"
        return self.seats[seat].name

    def review_subject(self, hand: Hand) -> tuple[dict[str, Any], list[int], list[str]]:
        """A finished hand of this match to review: its record, the seats whose decisions to judge (the people's,
        or every seat when computers played them all, as in autoplay) and every seat's name."""
        return hand.record(), self.humans or list(range(hand.n)), [self.name(seat) for seat in range(hand.n)]

    def results(self) -> list[HandResult]:
        """Each finished hand's result, for a score sheet."""
        return self.match.results()

    def totals(self) -> list[tuple[int, ...]]:
        """The match score per seat after each finished hand."""
        return self.match.totals()

    def score_columns(self) -> list[tuple[str, tuple[int, ...]]]:
        """The score columns the match keeps (a partnership, or a player), named: (names, seats)."""
        return [(" & ".join(player_name(self.name(seat)) for seat in seats), seats)
                for seats in self.match.score_columns]

    def is_human(self, seat: int) -> bool:
        """A person decides for this seat now, here or at another computer (not while a computer stands in)."""
        return 0 <= seat < len(self.seats) and (self.seats[seat].human or self.seats[seat].online) \
            and seat not in self.away

    def deal_again(self, hand: Hand) -> Session:
        """A table to play ``hand``'s deal again (a hand of this match, finished or not): the same cards, dealer and
        hand number, the same people and computers in the same seats. It is a match of its own from a score of
        nought, so this match, its scores and its save are untouched."""
        fresh = Hand.from_deal(hand.rules, hand.deal_text(), hand.dealer, hand.number)
        return Session(Match.starting_with(fresh, seed=self.match.seed), [replace(plan) for plan in self.seats],
                       self.hard_budget)

    def rematch(self, seed: int) -> Session:
        """A new match under the same rules (house rules too), the same people and computers in the same seats, with
        the same names and levels: the players of a finished match play again."""
        return Session(Match(self.rules, seed=seed), [replace(plan) for plan in self.seats], self.hard_budget)

    # --- undo (against the computer only) ---

    def _last_human_play(self) -> int | None:
        """The index of the human's last play of the hand in play (None if they have played no card)."""
        last = None
        for index, (position, action) in enumerate(self.hand.positions()):
            if position.to_move in self.humans and position.choice(action).kind == "play":
                last = index
        return last

    def can_undo(self) -> bool:
        """Undo is for games against the computer: one person at the table (not online players too), who has played
        a card this hand."""
        persons = [plan for plan in self.seats if plan.human or plan.online]
        return (len(persons) == 1 and len(self.humans) == 1 and self.hand.phase == "play" and not self.hand.is_done
                and self._last_human_play() is not None)

    def undo(self) -> bool:
        """Take back the human's last play and everything after it; True if something was undone."""
        last = self._last_human_play() if self.can_undo() else None
        if last is None:
            return False
        self.match.take_back(len(self.hand.actions) - last)
        return True

    # --- claims ---

    def settled_check(self, seconds: float) -> bool | None:
        """At the start of a trick: can no legal play change the hand's result any more? Works on the question for at
        most ``seconds`` (it can take a tenth of a second; the window spreads it over frames) and answers None
        while it has not finished. Any other moment answers False."""
        hand = self.hand
        if self._claim_for != (hand, hand.position_key):
            self._claim_for = (hand, hand.position_key)
            at_trick_start = hand.phase == "play" and not hand.trick
            self._claim_steps = settled_steps(hand) if at_trick_start else None
            self._claim_answer = None if at_trick_start else False
        if self._claim_answer is None:
            assert self._claim_steps is not None  # the check is under way: at a trick's start
            deadline = time.perf_counter() + seconds
            # the time is looked at before each step, so that no time (``play_is_settled``) takes no step
            while self._claim_answer is None and time.perf_counter() < deadline:
                self._claim_answer = next(self._claim_steps)  # it ends with its answer
        return self._claim_answer

    def claim_withheld(self) -> Refusal | None:
        """Why no claim is taken now, whatever the cards (a lesson going card by card); None: a claim is taken as
        the rules say (on the lead, once the rest is decided)."""
        return None

    def claim_known(self) -> bool:
        """The claim check has its answer for the position as it stands (without working on it)."""
        hand = self.hand
        return self._claim_for == (hand, hand.position_key) and self._claim_answer is not None

    def play_is_settled(self) -> bool:
        """The answer so far, without working on it (False until the check has finished)."""
        return self.settled_check(0.0) is True

    # --- saving ---

    def to_json(self) -> dict[str, Any]:
        return {"match": self.match.to_json(), "seats": [asdict(plan) for plan in self.seats],
                "counted_hands": self.counted_hands}

    @classmethod
    def from_json(cls, data: object, hard_budget: float = 1.0) -> Session:
        if not isinstance(data, dict):
            raise ValueError("not a saved game")
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise ValueError("'seats' must be a list")
        session = cls(Match.from_json(data.get("match")), [SeatPlan.from_dict(s) for s in seats], hard_budget)
        counted = data.get("counted_hands", 0)  # absent in saves made before it was kept
        if type(counted) is not int or not 0 <= counted <= session.finished_hands():
            raise ValueError("'counted_hands' must be a whole number of finished hands")
        session.counted_hands = counted
        return session

    @classmethod
    def from_history(cls, data: object, hard_budget: float = 1.0) -> Session:
        """A match of the match history, which keeps finished matches only: ValueError for any other."""
        session = cls.from_json(data, hard_budget)
        if not session.match.is_over:
            raise ValueError("a match that is not over")
        return session

    def finished_hands(self) -> int:
        return len(self.match.history) + self.hand.is_done
