"""Rotating partners at a network table: the players change chairs, each connection keeps its player's seat."""

from __future__ import annotations

from game.net import messages as M
from tests.support.kinds import rook_part
from tests.support.net_helpers import Player, ServerThread, play_until


def test_at_a_network_table_players_keep_their_seats_when_rotating_partners_change_chairs() -> None:
    """000 "Partners sit opposite each other"; 001 "change partners after every four hands" (RULES.md decision 9):
    at hand 5 each client is still its player's seat, with its own cards, name and score column, shown at the new
    table: its new partner across from it."""
    server = ServerThread()
    players = []
    try:
        owner = Player(server.port, "create", {"name": "Ann", "preset": "rook-classic",
                                               "house_rules": {"rotating_partners": True},
                                               "seats": ["me", "online", "computer", "computer"],
                                               "names": ["Ann", "", "Cat", "Dan"]})
        players.append(owner)
        players.append(Player(server.port, "hello", {"name": "Ben", "code": owner.table.code}, seed=1))
        play_until(players, lambda: len(owner.table.seats) == 4 and owner.table.seats[1].taken)
        owner.client.send(M.Start())
        play_until(players, lambda: all(p.table.started and p.table.view().number == 4 for p in players))
        for seat, player in enumerate(players):
            view, table = player.table.view(), player.table
            assert table.viewer == view.seat == seat
            across = view.seating[2]
            assert tuple(sorted((seat, across))) in rook_part(view).partnerships, \
                f"seat {seat}'s partner does not sit across"
            assert view.seating == {0: (0, 2, 1, 3), 1: (1, 3, 0, 2)}[seat]
            assert [name for name, _ in table.score_columns()] == ["Ann", "Ben", "Cat", "Dan"]
    finally:
        for player in players:
            player.close()
        server.stop()
