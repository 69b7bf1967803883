"""Sitting at a table for players on other computers: the table this game hosts, or a table on a dedicated server.
Either way this screen's player is a client like every other player (the server is the only judge): a new table is
asked for with a ``create`` message, over the loopback address when this game hosts it, and the Join screen waits
for its welcome."""

from __future__ import annotations

import errno

from game.net import messages as M
from game.net.client import NetClient
from game.net.discovery import lan_addresses
from game.net.protocol import DEFAULT_PORT

LOOPBACK = "127.0.0.1"
HOSTED = "hosted"  # where the seat at the table this game hosts is kept (the seat store's address)


def create_hosted(services, request: M.Create):
    """Ask the table server this game hosts for a new table."""
    to_hosted(services, request)


def join_hosted(services, code: str, token: str, name: str):
    """Take this screen's seat back at the table this game hosts again (Host again)."""
    to_hosted(services, M.Hello(name=name, code=code, token=token))


def to_hosted(services, first: M.Hello | M.Create):
    """Connect to the table server this game hosts (``services.host``) with a first message; the Join screen waits
    for its welcome, and the lobby then shows this computer's addresses on the local network for the other
    players."""
    port = services.host.port
    services.scenes.replace("join", client=NetClient(LOOPBACK, port, first),
                            addresses=[f"{address}:{port}" for address in lan_addresses()], where=HOSTED)


def create_on_server(services, address: str, port: int, request: M.Create):
    """Ask the dedicated server at ``address``:``port`` for a new table; the Join screen waits for its welcome, and
    the lobby then shows the server's address and the table's code for the other players."""
    where = f"{address}:{port}"
    services.scenes.replace("join", client=NetClient(address, port, request), addresses=[where], where=where)


IN_USE = {errno.EADDRINUSE, 10048}  # another program holds the port (10048: Windows' WSAEADDRINUSE)
FORBIDDEN = {errno.EACCES, 10013}  # the system keeps the port for itself (10013: Windows' WSAEACCES)


def port_problem(err: OSError, port: int) -> str:
    """Why this game cannot host a table at ``port``, in a player's words and with what to do about it."""
    if err.errno in IN_USE:
        return (f"Port {port} is already in use on this computer (another program, or another game hosting a "
                "table): choose another port in Settings")
    if err.errno in FORBIDDEN:
        return f"This computer does not let the game use port {port}: choose a port from 1024 up in Settings"
    return f"A table cannot be opened at port {port}: {err.strerror or 'the system refused'}"


def split_address(typed: str) -> tuple[str, int]:
    """"host" or "host:port" (the port the host's window shows; 47474 if none)."""
    host, _, port = typed.strip().rpartition(":") if ":" in typed else (typed.strip(), "", "")
    if not host:
        raise ValueError("Type the table's address, such as 192.168.1.20")
    if port and (not port.isdigit() or not 1 <= int(port) <= 65535):
        raise ValueError(f"'{port}' is not a port number")
    return host, int(port) if port else DEFAULT_PORT
