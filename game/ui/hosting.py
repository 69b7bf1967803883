"""Sitting at a table for players on other computers: the table this game hosts, or a table on a dedicated server.
Either way this screen's player is a client like every other player (the server is the only judge): a new table is
asked for with a ``create`` message, over the loopback address when this game hosts it, and the Join screen waits
for its welcome."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.language import gettext
from game.net import messages as M
from game.net.client import NetClient
from game.net.discovery import lan_addresses
from game.net.protocol import DEFAULT_PORT

if TYPE_CHECKING:  # the services import this module's callers' scenes
    from .services import Services

LOOPBACK = "127.0.0.1"
HOSTED = "hosted"  # where the seat at the table this game hosts is kept (the seat store's address)


@dataclass(frozen=True)
class Address:
    """A table server's address as a player types it: ``host``, ``host:port``, ``ws://host:port`` or
    ``wss://host:port`` (over TLS)."""
    host: str
    port: int
    secure: bool = False

    def __str__(self) -> str:
        """The address as it is shown and kept: the scheme only for wss (the seat store's key since version 1)."""
        return f"{'wss://' if self.secure else ''}{self.host}:{self.port}"

    def client(self, first: M.Hello | M.Create, pinned: str | None = None) -> NetClient:
        """A connection to this server, with its first message (``pinned``: the certificate the player
        trusted)."""
        return NetClient(self.host, self.port, first, secure=self.secure, pinned=pinned)


def create_hosted(services: Services, request: M.Create) -> None:
    """Ask the table server this game hosts for a new table."""
    to_hosted(services, request)


def join_hosted(services: Services, code: str, token: str, name: str) -> None:
    """Take this screen's seat back at the table this game hosts again (Host again)."""
    to_hosted(services, M.Hello(name=name, code=code, token=token))


def to_hosted(services: Services, first: M.Hello | M.Create) -> None:
    """Connect to the table server this game hosts (``services.host``) with a first message; the Join screen waits
    for its welcome, and the lobby then shows this computer's addresses on the local network for the other
    players."""
    assert services.host is not None  # called once this game hosts
    port = services.host.port
    services.scenes.replace("join", client=NetClient(LOOPBACK, port, first),
                            addresses=[f"{address}:{port}" for address in lan_addresses()], where=HOSTED)


def create_on_server(services: Services, address: Address, request: M.Create) -> None:
    """Ask the dedicated server at ``address`` for a new table; the Join screen waits for its welcome (over wss://,
    first asking the player about a certificate no authority vouches for), and the lobby then shows the server's
    address and the table's code for the other players."""
    services.scenes.replace("join", client=address.client(request, services.certificates.fingerprint(str(address))),
                            addresses=[str(address)], where=str(address))


IN_USE = {errno.EADDRINUSE, 10048}  # another program holds the port (10048: Windows' WSAEADDRINUSE)
FORBIDDEN = {errno.EACCES, 10013}  # the system keeps the port for itself (10013: Windows' WSAEACCES)


def port_problem(err: OSError, port: int) -> str:
    """Why this game cannot host a table at ``port``, in a player's words and with what to do about it."""
    if err.errno in IN_USE:
        return gettext("Port {port} is already in use on this computer (another program, or another game hosting a "
                       "table): choose another port in Settings").format(port=port)
    if err.errno in FORBIDDEN:
        return gettext("This computer does not let the game use port {port}: choose a port from 1024 up in "
                       "Settings").format(port=port)
    return gettext("A table cannot be opened at port {port}: {reason}").format(
        port=port, reason=err.strerror or gettext("the system refused"))


def split_address(typed: str) -> Address:
    """"host", "host:port" (the port the host's window shows; 47474 if none), or either after ws:// or wss://
    (a server that serves TLS).

    >>> split_address("wss://club.example.org:443")
    Address(host='club.example.org', port=443, secure=True)
    >>> split_address(" 192.168.1.20 ")
    Address(host='192.168.1.20', port=47474, secure=False)
    """
    scheme, _, rest = typed.strip().rpartition("://")
    if scheme not in ("", "ws", "wss"):
        raise ValueError(gettext("{scheme}:// is not a table's address: type it as 192.168.1.20:47474, or wss://... "
                                 "for a server that serves TLS").format(scheme=scheme))
    host, _, port = rest.rstrip("/").rpartition(":") if ":" in rest else (rest.rstrip("/"), "", "")
    if not host:
        raise ValueError(gettext("Type the table's address, such as 192.168.1.20"))
    if port and (not port.isdigit() or not 1 <= int(port) <= 65535):
        raise ValueError(gettext("'{port}' is not a port number").format(port=port))
    return Address(host, int(port) if port else DEFAULT_PORT, scheme == "wss")
