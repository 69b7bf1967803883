"""Tables found on the local network (multicast DNS service discovery, with the zeroconf library): a game hosting a
table, and the dedicated server, announce a ``_trickhouse._tcp.local.`` service; the Join screen lists what it
finds, and a click fills in the address and the join code.

It is only a help: when zeroconf cannot start (not installed, no multicast, no network) one line goes to the log,
nothing is announced or found, and joining by the typed address works as always. Zeroconf's work happens on
threads of its own, never the window's: registering a name first asks the network whether it is taken, which
takes a second or more. What a table says about itself travels in the service's TXT record (Announcement), and
what comes from the network is checked like any message a client sends.

>>> said = Announcement("K7QP2M", "Hearts", "Ann", 2)
>>> Announcement.from_txt({key.encode(): value.encode() for key, value in said.to_txt().items()}) == said
True
"""

from __future__ import annotations

import logging
import queue
import secrets
import socket
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from . import protocol as P

if TYPE_CHECKING:  # imported where used, on a thread of its own (see start_zeroconf)
    from zeroconf import ServiceStateChange, Zeroconf

log = logging.getLogger("trickhouse.discovery")
SERVICE = "_trickhouse._tcp.local."
TITLE_LENGTH = 40  # a game's title as a found table shows it
TTL = 120  # seconds: a table that vanished without a goodbye (a crash, a cable pulled) leaves others' lists by then
LOOK_SECONDS = 3.0  # how long the details of one table found may take to arrive


class ServiceDetails(Protocol):
    """What the network says of one service found (zeroconf's ServiceInfo, as the Browser reads it)."""

    @property
    def port(self) -> int | None: ...

    @property
    def properties(self) -> Mapping[bytes, bytes | None]: ...

    def parsed_addresses(self) -> list[str]: ...


class ServiceLookup(Protocol):
    """Where the Browser asks for a service's details (zeroconf's Zeroconf; a test's stand-in, without a network)."""

    def get_service_info(self, type_: str, name: str, timeout: int) -> ServiceDetails | None: ...


@dataclass(frozen=True)
class Announcement:
    """What a table (or the dedicated server) says about itself on the network. A dedicated server has no code,
    game or free seats of its own: each of its tables has its own code, which players still need."""
    code: str = ""  # the table's join code
    game: str = ""  # the game's title
    host: str = ""  # the hosting player's name (the dedicated server: the computer's name)
    free: int = 0  # online seats nobody took yet

    @property
    def server(self) -> bool:
        return not self.code

    def to_txt(self) -> dict[str, str]:
        return {"v": str(P.VERSION), "code": self.code, "game": self.game, "host": self.host, "free": str(self.free)}

    @classmethod
    def from_txt(cls, txt: Mapping[bytes, bytes | None]) -> Announcement:
        """What a TXT record from the network says, checked; ValueError if it is not one we can use (another
        protocol version, a code that is not a code)."""
        fields = {key.decode("utf-8", "replace"): (value or b"").decode("utf-8", "replace")
                  for key, value in txt.items()}
        if fields.get("v") != str(P.VERSION):
            raise ValueError(f"protocol version {fields.get('v', '?')[:8]!r}, not {P.VERSION}")
        code = fields.get("code", "").upper()
        if code and (len(code) != P.CODE_LENGTH or any(ch not in P.CODE_LETTERS for ch in code)):
            raise ValueError("not a join code")
        free = fields.get("free", "0")
        return cls(code, P.clean_name(fields.get("game", ""), TITLE_LENGTH), P.clean_name(fields.get("host", "")),
                   int(free) if len(free) == 1 and free in "0123456" else 0)


@dataclass(frozen=True)
class Found:
    """A table found: where to reach it ("address:port", as typed on Join game) and what it says."""
    address: str
    said: Announcement


def start_zeroconf() -> Zeroconf:
    """A running Zeroconf on IPv4 (the table server listens on IPv4); raises whatever stops it (ImportError,
    OSError and the library's own errors). Imported here, on a thread of its own: the import alone takes 0.1 s."""
    from zeroconf import IPVersion, Zeroconf

    return Zeroconf(ip_version=IPVersion.V4Only)


def lan_addresses() -> list[str]:
    """This computer's addresses on its local networks, for players to type and for the announcement (loopback
    left out)."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))  # an IPv4 address is text (typeshed allows any family's)
    except OSError:
        pass
    try:  # the address of the way out to other networks (a UDP "connect" sends nothing)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127.")) or ["127.0.0.1"]


class Announcer:
    """One service announced on the local network from when it is made until ``withdraw``: registering, each
    update and the goodbye happen in order on a thread of its own, so no caller ever waits for the network."""

    def __init__(self, name: str, port: int, said: Announcement, listening_on: str = "0.0.0.0"):
        """``name``: the service's name as others' lists show it (made unique if taken); ``listening_on``: the
        table server's address (every network: this computer's addresses on its local networks)."""
        self.said = said
        self._asks: queue.Queue[Announcement | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, args=(name, port, listening_on),
                                        name="trickhouse-announce", daemon=True)
        self._thread.start()

    def update(self, said: Announcement) -> None:
        """Say something new, such as fewer seats free (the same again is not sent). From one thread only."""
        if said != self.said:
            self.said = said
            self._asks.put(said)

    def withdraw(self) -> None:
        """Say goodbye, so that others' lists drop the table at once (without waiting: ``join`` waits)."""
        self._asks.put(None)

    def join(self, seconds: float) -> None:
        """Wait up to ``seconds`` for the goodbye to be sent (before the program ends)."""
        self._thread.join(seconds)

    def _run(self, name: str, port: int, listening_on: str) -> None:
        zeroconf = None
        try:
            from zeroconf import ServiceInfo

            addresses = lan_addresses() if listening_on in ("", "0.0.0.0") else [listening_on]
            server = f"trickhouse-{secrets.token_hex(4)}.local."  # a host name of our own: never the computer's

            def info(said: Announcement, full_name: str) -> ServiceInfo:
                return ServiceInfo(SERVICE, full_name, port=port, properties=said.to_txt(), server=server,
                                   parsed_addresses=addresses, host_ttl=TTL, other_ttl=TTL)

            zeroconf = start_zeroconf()
            label = name.encode()[:63].decode("utf-8", "ignore")  # the name is one DNS label: 63 bytes at most
            shown = info(self.said, f"{label}.{SERVICE}")
            zeroconf.register_service(shown, allow_name_change=True)
            log.info("announced on the local network as %r at %s port %d", shown.name, ", ".join(addresses), port)
            while (said := self._latest()) is not None:
                shown = info(said, shown.name)
                zeroconf.update_service(shown)
            zeroconf.unregister_service(shown)
        except Exception as err:  # noqa: BLE001  (announcing is a help: whatever stops it, the table goes on)
            log.warning("not announced on the local network (%s): players can still join by address",
                        str(err) or type(err).__name__)
        finally:
            if zeroconf is not None:
                zeroconf.close()

    def _latest(self) -> Announcement | None:
        """The next thing to say; of updates that piled up, only the last (a goodbye is always the last)."""
        said = self._asks.get()
        while said is not None and not self._asks.empty():
            said = self._asks.get_nowait()
        return said


class Browser:
    """The tables announced on the local network, as found so far: ``start`` looks on a thread of its own,
    ``found`` is a snapshot any thread may take, ``stop`` ends the looking (without waiting)."""

    def __init__(self) -> None:
        self._found: dict[str, Found] = {}  # by service name
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self.unavailable = ""  # why nothing can be found, once zeroconf could not start

    def start(self) -> None:
        threading.Thread(target=self._run, name="trickhouse-browse", daemon=True).start()

    def stop(self) -> None:
        self._stopping.set()

    def found(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(),  # tables with a seat free first, then full ones, then servers
                          key=lambda f: (f.said.server, f.said.free == 0, f.said.game, f.said.host, f.address))

    def _run(self) -> None:
        zeroconf = None
        try:
            from zeroconf import ServiceBrowser

            zeroconf = start_zeroconf()
            looking = ServiceBrowser(zeroconf, SERVICE, handlers=[self.noticed])
            self._stopping.wait()
            looking.cancel()
        except Exception as err:  # noqa: BLE001  (finding tables is a help: the Join screen works without it)
            self.unavailable = str(err) or type(err).__name__
            log.warning("tables on the local network cannot be found (%s): join by address", self.unavailable)
        finally:
            if zeroconf is not None:
                zeroconf.close()

    def noticed(self, zeroconf: ServiceLookup, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        """Zeroconf's news (on its thread, by keyword): a service came, changed or went. What it says is asked
        for and checked; one that cannot be used is left out."""
        from zeroconf import ServiceStateChange

        found = None
        if state_change is not ServiceStateChange.Removed:
            try:
                info = zeroconf.get_service_info(service_type, name, timeout=int(LOOK_SECONDS * 1000))
                addresses = info.parsed_addresses() if info is not None else []
                if info is not None and addresses and info.port:
                    found = Found(f"{addresses[0]}:{info.port}", Announcement.from_txt(info.properties))
            except Exception as err:  # noqa: BLE001  (what comes from the network must not stop the looking)
                log.info("%r on the local network is not a table we can join: %s", name[:80], err)
        with self._lock:
            if found is None:
                self._found.pop(name, None)
            else:
                self._found[name] = found
