"""Joining the table this game hosts: this screen's player is a client of its own server, over the loopback
address, like every other player (the server is the only judge)."""

from __future__ import annotations

from game.net.client import NetClient
from game.net.host import lan_addresses


def join_hosted(services, code: str, token: str, name: str):
    """Connect this screen's seat to the hosted table and wait for its welcome on the Join screen, which then
    opens the lobby with the addresses to give to the other players."""
    host = services.host
    client = NetClient("127.0.0.1", host.port, "hello", {"name": name, "code": code, "token": token})
    addresses = [f"{address}:{host.port}" for address in lan_addresses()]
    services.scenes.replace("join", client=client, addresses=addresses)
