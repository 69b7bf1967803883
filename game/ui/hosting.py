"""Sitting at a table for players on other computers: the table this game hosts (this screen's player is a
client of its own server, over the loopback address, like every other player: the server is the only judge), or
a table this game asks a dedicated server for."""

from __future__ import annotations

import errno

from game.net.client import NetClient
from game.net.discovery import lan_addresses
from game.net.protocol import DEFAULT_PORT


def join_hosted(services, code: str, token: str, name: str):
    """Connect this screen's seat to the hosted table and wait for its welcome on the Join screen, which then
    opens the lobby with the addresses to give to the other players."""
    host = services.host
    client = NetClient("127.0.0.1", host.port, "hello", {"name": name, "code": code, "token": token})
    addresses = [f"{address}:{host.port}" for address in lan_addresses()]
    services.scenes.replace("join", client=client, addresses=addresses)


def create_on_server(services, address: str, port: int, request: dict):
    """Ask the dedicated server at ``address``:``port`` for a new table (``request``: the fields of a "create"
    message); the Join screen waits for its welcome, and the lobby then shows the server's address and the
    table's code for the other players."""
    client = NetClient(address, port, "create", request)
    services.scenes.replace("join", client=client, addresses=[f"{address}:{port}"], where=f"{address}:{port}")


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
