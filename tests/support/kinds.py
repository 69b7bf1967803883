"""A value as the kind a test expects there, where the type checker knows only a wider one."""

from typing import TypeVar

from game.engine.view import HeartsPart, RookPart, SeatView

T = TypeVar("T")


def of_kind(kind: type[T], value: object) -> T:
    """``value``, asserted to be a ``kind``: a Rook or Hearts hand where the engine deals a Hand of the rules'
    family, the scene a test expects where the window opens a Scene by name or shows one on top."""
    assert isinstance(value, kind), value
    return value


def rook_part(view: SeatView) -> RookPart:
    """What the seat sees of a Rook hand beyond what every game shows (asserted: the view is a Rook hand's)."""
    assert view.rook is not None, f"a {view.family} hand's view has no Rook part"
    return view.rook


def hearts_part(view: SeatView) -> HeartsPart:
    """What the seat sees of a Hearts hand beyond what every game shows (asserted: the view is a Hearts hand's)."""
    assert view.hearts is not None, f"a {view.family} hand's view has no Hearts part"
    return view.hearts
