"""Statistics per preset and per human name: matches played and won, contracts made and set, moons shot, hands
and points. JSON in the user's data folder; a file that cannot be used is kept aside and counting starts again."""

from __future__ import annotations

from pathlib import Path

from game.engine import Hand, Match
from game.engine.language import gettext

from .files import UNUSABLE, DamagedFile, data_dir, first_line, read_json, set_aside, write_atomic

STATS_FORMAT = "trickhouse-statistics/1"
Counts = dict[str, dict[str, dict[str, int]]]  # preset -> player's name -> count -> number
COUNTS = ("matches", "wins", "hands", "points", "contracts_made", "contracts_set", "moons")


def hand_counts(hand: Hand, seat: int) -> dict[str, int]:
    """What one finished hand adds to a player's statistics."""
    result = hand.final_result()
    counts = {"hands": 1, "points": result.points[seat]}
    if seat in result.declaring_side():
        counts["contracts_made" if result.made else "contracts_set"] = 1
    if result.moon_shooter == seat:
        counts["moons"] = 1
    return counts


def match_counts(match: Match, seat: int) -> dict[str, int]:
    """What a finished match adds: one match, and one win if the seat is among the winners."""
    return {"matches": 1, "wins": int(seat in match.winners)}


class StatsStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "statistics.json"

    def load(self) -> tuple[Counts, str]:
        """({preset: {name: {count: n}}}, "") or (empty, one line naming the file and the problem)."""
        if not self.path.is_file():
            return {}, ""
        try:
            data = read_json(self.path)
            if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
                raise DamagedFile(f"not Trickhouse statistics (expected format {STATS_FORMAT})")
            table = data.get("presets")
            if not isinstance(table, dict) or not all(
                    isinstance(names, dict) and all(
                        isinstance(counts, dict) and all(k in COUNTS and isinstance(v, int) and not isinstance(v, bool)
                                                         and abs(v) <= 10**9 for k, v in counts.items())
                        for counts in names.values())
                    for names in table.values()):
                raise DamagedFile("'presets' must map presets to names to counts (whole numbers within a billion)")
            return table, ""
        except UNUSABLE as err:  # unusable statistics must not stop the game
            problem = first_line(err)
            bad = set_aside(self.path)
            return {}, gettext("{path}: {problem}; it was kept as {bad} and counting starts again").format(
                path=self.path, problem=problem, bad=bad.name)

    def add(self, preset: str, name: str, counts: dict[str, int]) -> str:
        """Add counts for one player and save; returns a problem line if the old file could not be read."""
        table, problem = self.load()
        player = table.setdefault(preset, {}).setdefault(name, {})
        for key, value in counts.items():
            player[key] = player.get(key, 0) + value
        write_atomic(self.path, {"format": STATS_FORMAT, "presets": table})
        return problem
