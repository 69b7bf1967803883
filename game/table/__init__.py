"""A match at a table, without a window: the session (match, seats, computer players, undo, claims, saving) and
the controller that runs its flow for a window, a test or a network server, and what it says comes next (intents.py).
No pygame here."""

from .controller import TableController
from .session import SeatPlan, Session

__all__ = ["SeatPlan", "Session", "TableController"]
