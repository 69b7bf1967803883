"""What a server writes to its log about strangers. Every value in a line may be a client's text (a name, a preset,
a house rule, a reason that quotes them), so each is shown escaped, never obeyed: a newline in a preset name is
written as ``\\n`` and cannot forge a line of its own, a terminal's escape sequence as ``\\x1b``. And the lines
about one address are rate-limited: a burst, then so many a second; the rest are counted and said in one summary
line once the address has been quiet long enough (or the server stops).

>>> escaped("rook-classic\\n2026-11-27 12:00:00 INFO trickhouse.server: forged")
'rook-classic\\\\n2026-11-27 12:00:00 INFO trickhouse.server: forged'
>>> escaped("Ann \\x1b[31mRed\\u202e")
'Ann \\\\x1b[31mRed\\\\u202e'
"""

from __future__ import annotations

import logging
import time
import traceback
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

LONGEST = 300  # characters of one value in a line; the rest is cut (a message may quote 16 KB of a client's text)
LINES_BURST = 30  # lines about one address at once ...
LINES_PER_SECOND = 1.0  # ... then so many a second


def escaped(text: str, longest: int = LONGEST) -> str:
    """``text`` with every character that is not shown as itself (control, format and other invisible
    characters, line and paragraph separators) written as its escape, and cut to ``longest`` characters."""
    cut = text[:longest]
    shown = "".join(ch if unicodedata.category(ch)[0] not in "CZ" or ch == " " else
                    ch.encode("unicode_escape").decode("ascii") for ch in cut)
    return shown + ("…" if len(text) > longest else "")


class Escaping(logging.Filter):
    """Escapes every value of every line of the logger it is added to (the format string is the program's own),
    and the message of an exception's traceback, which may quote a client's text too."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(arg if isinstance(arg, int | float) else escaped(str(arg)) for arg in record.args)
        if record.exc_info and record.exc_info[1] is not None and not record.exc_text:
            error = record.exc_info[1]
            stack = "".join(traceback.format_exception(type(error), error, error.__traceback__)[:-1])
            record.exc_text = stack + escaped("".join(traceback.format_exception_only(type(error), error)).rstrip())
        return True


def escape_lines(logger: logging.Logger) -> None:
    """Every line of ``logger`` escaped (once, however often it is asked)."""
    if not any(isinstance(each, Escaping) for each in logger.filters):
        logger.addFilter(Escaping())


@dataclass
class Allowance:
    """The lines one address may still have written, and those it was refused since it ran out."""
    lines: float
    checked: float
    held: int = 0  # lines not written since the allowance ran out


class AddressLines:
    """Lines about one address at a time, rate-limited: ``LINES_BURST`` at once, then ``LINES_PER_SECOND``. The
    first line past the rate says so; the rest are counted, and one line gives their number once the address has
    earned its whole burst back (or ``flush``, when the server stops)."""

    def __init__(self, logger: logging.Logger, burst: int = LINES_BURST, per_second: float = LINES_PER_SECOND,
                 clock: Callable[[], float] = time.monotonic):
        self.logger = logger
        self.burst, self.per_second = burst, per_second
        self.clock = clock
        self.allowances: dict[str, Allowance] = {}
        self.swept = clock()

    def log(self, address: str, level: int, message: str, *args: object, exc_info: bool = False) -> None:
        """``logger.log(level, message, *args)``, if ``address`` has not had too many lines lately."""
        now = self.clock()
        self.sweep(now)
        allowance = self.allowances.get(address)
        if allowance is None:
            allowance = self.allowances[address] = Allowance(float(self.burst), now)
        allowance.lines = min(self.burst, allowance.lines + (now - allowance.checked) * self.per_second)
        allowance.checked = now
        if allowance.lines >= 1:
            allowance.lines -= 1
            self.logger.log(level, message, *args, exc_info=exc_info)
            return
        if not allowance.held:
            self.logger.warning("%s: more than %d log lines at once and %g a second; the rest are counted", address,
                                self.burst, self.per_second)
        allowance.held += 1

    def sweep(self, now: float) -> None:
        """Forget addresses that have earned their whole burst back, saying how many lines each had held back (at
        most once a second: a flood of lines must not make every line walk the list)."""
        if now - self.swept < 1.0:
            return
        self.swept = now
        for address, allowance in list(self.allowances.items()):
            if allowance.lines + (now - allowance.checked) * self.per_second >= self.burst:
                self.said(address, allowance)
                del self.allowances[address]

    def flush(self) -> None:
        """The summary of every address that has lines held back (the server stops)."""
        for address, allowance in self.allowances.items():
            self.said(address, allowance)
        self.allowances.clear()

    def said(self, address: str, allowance: Allowance) -> None:
        if allowance.held:
            self.logger.warning("%s: %s log lines about it were not written", address, f"{allowance.held:,}")
