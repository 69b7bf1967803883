"""The seats this player holds at tables on other computers (or hosted here): each table's address and code and
the seat's secret token, so that joining the table again takes the same seat back. JSON in the user's data
folder; a file that cannot be used is kept aside and the list starts again."""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from game.engine.language import gettext

from .files import UNUSABLE, DamagedFile, data_dir, first_line, read_json, set_aside, write_atomic

SEATS_FORMAT = "trickhouse-seats/1"
KEPT = 20  # the most tables remembered; the oldest goes first


class HeldSeat(TypedDict):
    address: str  # as the player typed it, or "hosted"
    code: str  # the table's join code
    token: str  # the seat's secret
    seat: int


class SeatStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "seats.json"

    def load(self) -> tuple[list[HeldSeat], str]:
        """([{address, code, token, seat}], "") or ([], one line naming the file and the problem)."""
        if not self.path.is_file():
            return [], ""
        try:
            data = read_json(self.path)
            if not isinstance(data, dict) or data.get("format") != SEATS_FORMAT:
                raise DamagedFile(f"not Trickhouse seats (expected format {SEATS_FORMAT})")
            seats = data.get("seats")
            if not isinstance(seats, list) or not all(
                    isinstance(s, dict) and all(isinstance(s.get(k), str) and len(s[k]) <= 100
                                                for k in ("address", "code", "token"))
                    and isinstance(s.get("seat"), int) for s in seats):
                raise DamagedFile("'seats' must list {address, code, token, seat}")
            return seats, ""
        except UNUSABLE as err:  # an unusable file must not stop the game
            problem = first_line(err)
            bad = set_aside(self.path)
            return [], gettext("{path}: {problem}; it was kept as {bad}").format(
                path=self.path, problem=problem, bad=bad.name)

    def token(self, address: str, code: str) -> str | None:
        """The token of the seat held at that table, if any."""
        return next((s["token"] for s in self.load()[0] if (s["address"], s["code"]) == (address, code.upper())),
                    None)

    def keep(self, address: str, code: str, token: str, seat: int) -> None:
        seats = [s for s in self.load()[0] if (s["address"], s["code"]) != (address, code.upper())]
        seats.append(HeldSeat(address=address, code=code.upper(), token=token, seat=seat))
        write_atomic(self.path, {"format": SEATS_FORMAT, "seats": seats[-KEPT:]})
