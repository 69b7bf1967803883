"""Who comes in at a table server, and how much of it one address may hold (issue 31; the per-address quotas of
lichess's lila-ws): connections at once, per address and on the whole server, counted from the TCP accept (a
socket past them is cut at once, before its handshake could hold it); and wrong codes per address, after a few
of which each first message from that address waits before it is looked at, twice as long each time (a right code
waits too, so that a quick answer never tells a guesser it found one). The tables an address makes are counted by
the directory of tables (game/net/tables.py).

An address is an IPv4 address or an IPv6 /64 network (one home or host is usually given a whole /64). What one
address did is said in the log once, then counted into one summary line when its last connection goes, so that a
flood of sockets writes a few lines, not lines per socket (and those go through the log's own limit of lines an
address, game/net/logs.py). No sockets here: the transport asks.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import deque
from dataclasses import dataclass, field

from .logs import AddressLines
from .protocol import Limits

log = logging.getLogger("trickhouse.server")
WRONG_CODES_REMEMBERED = 600.0  # seconds a wrong code counts against its address
FULL_SUMMARY_EVERY = 60.0  # seconds between the lines that count connections cut while the server was full
ADDRESSES_REMEMBERED = 10_000  # addresses whose wrong codes are kept (the oldest are forgotten first)


def address_key(host: str) -> str:
    """What the per-address limits count: the IPv4 address, or the IPv6 /64 network (an IPv4 address written as
    IPv6 is the IPv4 address); anything else as it is."""
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass
class Visits:
    """One address's connections now, and what it did that the log counts rather than names."""
    open: int = 0
    cut: int = 0  # connections cut at the door
    silent: int = 0  # connections closed for saying nothing in time
    since: float = 0.0  # the first thing counted

    def count_from(self, now: float) -> None:
        if not self.cut and not self.silent:
            self.since = now


@dataclass
class Guesses:
    """One address's wrong codes (their times), and when its next first message may be looked at."""
    wrong: deque[float] = field(default_factory=deque)
    next_turn: float = 0.0


class Door:
    def __init__(self, limits: Limits, lines: AddressLines):
        """``lines``: the log's lines about each address."""
        self.limits = limits
        self.lines = lines
        self.visits: dict[str, Visits] = {}
        self.open = 0  # connections on the whole server
        self.full = Visits()  # connections cut while the whole server was full
        self.guesses: dict[str, Guesses] = {}

    # --- connections ---

    def enter(self, address: str) -> bool:
        """A TCP connection from ``address`` was accepted: True if it may stay (it is counted until ``leave``),
        False if it is one too many (the caller cuts it at once)."""
        visits = self.visits.get(address)
        if (visits.open if visits is not None else 0) >= self.limits.per_address:
            if visits is None:
                visits = self.visits[address] = Visits()
            visits.count_from(time.monotonic())
            visits.cut += 1
            if visits.cut == 1:
                self.lines.log(address, logging.WARNING, "%s: connections past %d at once from one address are cut "
                               "(counted until its last one goes)", address, self.limits.per_address)
            return False
        if self.open >= self.limits.connections:
            if not self.full.cut:
                self.full.since = time.monotonic()
                log.warning("the server holds %d connections, its most: more are cut until one goes", self.open)
            self.full.cut += 1
            return False
        if visits is None:
            visits = self.visits[address] = Visits()
        visits.open += 1
        self.open += 1
        return True

    def leave(self, address: str) -> None:
        """A connection counted by ``enter`` closed."""
        visits = self.visits[address]
        visits.open -= 1
        self.open -= 1
        if not visits.open:  # the address's last connection: what was counted, in one line, and it is forgotten
            if visits.cut or visits.silent:
                self.lines.log(address, logging.WARNING, "%s: %d connections cut at the door and %d closed for "
                               "saying nothing, over %.1f s", address, visits.cut, visits.silent,
                               time.monotonic() - visits.since)
            del self.visits[address]
        if self.full.cut and time.monotonic() - self.full.since >= FULL_SUMMARY_EVERY:
            log.warning("%d connections were cut while the server was full, over %.1f s", self.full.cut,
                        time.monotonic() - self.full.since)
            self.full = Visits()

    def silent(self, address: str) -> None:
        """A connection from ``address`` said nothing in time and was closed."""
        visits = self.visits.get(address)
        if visits is not None:
            visits.count_from(time.monotonic())
            visits.silent += 1

    def connections(self, address: str) -> int:
        visits = self.visits.get(address)
        return visits.open if visits is not None else 0

    # --- wrong codes ---

    def wait_before_looking(self, address: str, now: float) -> float:
        """Seconds the first message of a connection from ``address`` waits before it is looked at: none until
        the address has had its free wrong codes, then ``wrong_code_first_wait``, twice that after each further
        wrong code, at most ``wrong_code_wait``. The waits of one address follow one another, however many
        connections it opens."""
        guesses = self.guesses.get(address)
        if guesses is None:
            return 0.0
        self._forget(guesses, now)
        over = len(guesses.wrong) - self.limits.wrong_codes
        if over < 0:
            return 0.0
        wait = min(self.limits.wrong_code_wait, self.limits.wrong_code_first_wait * 2 ** min(over, 64))
        guesses.next_turn = max(now, guesses.next_turn) + wait
        return guesses.next_turn - now

    def wrong_code(self, address: str, now: float) -> None:
        """A hello from ``address`` named no table open to it."""
        guesses = self.guesses.pop(address, None) or Guesses()
        self.guesses[address] = guesses  # the most recent last: the first forgotten is the one quiet longest
        self._forget(guesses, now)
        guesses.wrong.append(now)
        if len(guesses.wrong) > 4 * (self.limits.wrong_codes + 64):  # more change nothing: the wait is at its most
            guesses.wrong.popleft()
        while len(self.guesses) > ADDRESSES_REMEMBERED:
            del self.guesses[next(iter(self.guesses))]

    @staticmethod
    def _forget(guesses: Guesses, now: float) -> None:
        while guesses.wrong and now - guesses.wrong[0] > WRONG_CODES_REMEMBERED:
            guesses.wrong.popleft()
