"""A table's finished hands and matches, kept for the people who played them: each person's statistics and the
match history (the table controller's ``Records``, game/table/controller.py, which hands them the match)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import Match

from .history import HistoryStore
from .stats import StatsStore, hand_counts, match_counts


@dataclass(frozen=True)
class StatsAndHistory:
    stats: StatsStore
    history: HistoryStore

    def count_hand(self, match: Match, people: Mapping[int, str]) -> str:
        """Each person's finished hand (and, once the match is over, the match) into their statistics; the first
        line naming a file that could not be used, or ""."""
        problems = []
        for seat, name in people.items():
            counts = hand_counts(match.hand, seat)
            if match.is_over:
                counts.update(match_counts(match, seat))
            problems.append(self.stats.add(match.rules.name, name, counts))
        return next((problem for problem in problems if problem), "")

    def keep_match(self, saved: dict[str, Any], restore: Callable[[dict[str, Any]], object]) -> str:
        """The finished match into the history; a line saying why it could not be, or ""."""
        try:
            return self.history.add(saved, restore)
        except Exception as err:  # a full disk must not stop the game: the match is only left out
            return f"{self.history.path}: the match could not be kept: {err}"
