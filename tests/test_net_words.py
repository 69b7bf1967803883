"""A refusal at a network table speaks the player's language, not the server's (issue 35: "every dialog, message and
refusal speak the chosen language"; PROTOCOL.md, "Reasons"). A German host (the dedicated server in a German
system) and French players, on the loopback address: the server's own words (``reason``) are German, and the
players read French, worded by their own game from ``why`` (the engine's ``Refusal.words``): a wrong code, a seat
taken, a seat the owner may not take, a card not held, a bid too high. A newer server's reason this game does not
know is shown in that server's own words; one naming a card the table's deck has not, or none at all (an older
server), the same; an empty one gets a line of ours.

The expected sentences are written out here as the catalogs translate them.
"""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.server import ServerConnection, serve

from game.engine import load_rules
from game.engine.language import use_language
from game.net import messages as M
from game.net.client import Link, NetClient, RemoteTable
from game.table.intents import Intent, Message, Turn
from tests.support.net_helpers import (
    LOOPBACK,
    Player,
    first_message,
    free_port,
    play_until,
    request,
    server_process,
    wait_for_port,
)

GERMAN = {"no-table": "Mit diesem Code gibt es keinen Tisch zum Mitspielen: Frag beim Gastgeber des Tisches nach",
          "seat-taken": "Dieser Platz ist nicht frei", "card-not-held": "{card} ist nicht in deinem Blatt",
          "highest-bid": "Das höchste Gebot ist {high}"}
FRENCH = {"no-table": "Aucune table à rejoindre avec ce code\u00a0: vérifiez-le auprès de l'hôte de la table",
          "seat-taken": "Cette place n'est pas libre", "card-not-held": "{card} n'est pas dans votre main",
          "highest-bid": "L'enchère la plus haute est {high}",
          "owner-sits": "Le propriétaire de la table reste à la place qu'il a choisie",
          "follow-suit": "Vous devez jouer {suit}", "refused": "La table a refusé"}


@pytest.fixture(scope="module")
def german_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """``python -m game.server`` on the loopback address, its system in German; its port."""
    port = free_port()
    process = server_process(port, tmp_path_factory.mktemp("german-host"), language="de")
    try:
        wait_for_port(port)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)


@pytest.fixture
def french() -> Iterator[None]:
    """The players' game speaks French (as chosen in its Settings)."""
    use_language("fr")
    yield
    use_language()


def hearts_table(port: int) -> Player:
    return Player(port, "create", {"name": "Ann", "preset": "hearts-classic",
                                   "seats": ["me", "online", "computer", "computer"]})


def closing_words(client: NetClient) -> str:
    """Why the connection ended, as the player reads it (the game's client says it when a first message is
    refused)."""
    while not isinstance(said := client.inbox.get(), Link) or not said.ended:
        pass
    client.close()
    return said.reason


def said_after(player: Player, kind: type[M.ServerMessage]) -> tuple[M.ServerMessage, list[Intent]]:
    """The next message of ``kind`` the player's table reads (those before it read as the window reads them), and
    what it gives the screen to show."""
    while True:
        message = player.client.inbox.get()
        shown = player.table.read(message)
        if isinstance(message, kind):
            return message, shown


def turn_at(player: Player, phase: str) -> None:
    """Read on until it is the player's turn in ``phase`` (passing their cards when it is their pass)."""
    while True:
        for intent in said_after(player, M.Turn)[1]:
            if isinstance(intent, Turn) and intent.phase == phase:
                return
            if isinstance(intent, Turn) and intent.phase == "pass":
                player.decide()


def test_refusals_before_a_seat_are_in_the_players_language(german_host: int, french: None) -> None:
    """A wrong code and a seat taken: the German host says so in German, the French player reads French; the
    owner asking to sit elsewhere reads French too."""
    owner = hearts_table(german_host)
    for hello, reason in (({"code": "ZZZZZZ"}, "no-table"), ({"code": owner.table.code, "seat": 0}, "seat-taken")):
        client = NetClient(LOOPBACK, german_host, request("hello", {"name": "Bo", **hello}), retry_for=0)
        refusal = first_message(client)
        assert isinstance(refusal, M.Error) and refusal.reason == GERMAN[reason], refusal
        assert refusal.why is not None and refusal.why.reason == reason
        assert closing_words(client) == FRENCH[reason]
    owner.client.send(M.Sit(seat=1))
    play_until([owner], lambda: FRENCH["owner-sits"] in owner.shown)
    owner.close()


def test_an_illegal_play_is_refused_in_the_players_language(german_host: int, french: None) -> None:
    """Book 002: a card is played from one's own hand. A card the player does not hold is refused: "… ist nicht
    in deinem Blatt" from the host, "… n'est pas dans votre main" on the French player's screen, the card named as
    a player names it (its face, the same in both)."""
    owner = hearts_table(german_host)
    owner.client.send(M.Start())
    turn_at(owner, "play")
    rules = owner.table.rules
    card = next(name for name in rules.card_names(rules.deck_mask) if name not in owner.table.view().hand)
    owner.table.act(f"play {card}")
    refusal, shown = said_after(owner, M.Refused)
    face = rules.player_card_name(card)
    assert isinstance(refusal, M.Refused) and refusal.reason == GERMAN["card-not-held"].format(card=face)
    assert shown[0] == Message(FRENCH["card-not-held"].format(card=face))
    owner.close()


def test_a_bid_too_high_is_refused_in_the_players_language(german_host: int, french: None) -> None:
    """Book 000: bids go up to the game's highest; a bid above it is refused in the player's words."""
    owner = Player(german_host, "create", {"name": "Ann", "preset": "rook-classic",
                                           "seats": ["me", "computer", "computer", "computer"]})
    owner.client.send(M.Start())
    turn_at(owner, "bid")
    owner.table.act("bid 995")
    refusal, shown = said_after(owner, M.Refused)
    high = owner.table.rules.highest_bid
    assert isinstance(refusal, M.Refused) and refusal.reason == GERMAN["highest-bid"].format(high=high)
    assert shown[0] == Message(FRENCH["highest-bid"].format(high=high))
    owner.close()


def a_newer_server(refusals: list[dict[str, object]]) -> tuple[int, threading.Thread, threading.Event]:
    """A server of a later version, written from PROTOCOL.md: it welcomes the first hello to a Hearts table,
    sends ``refusals``, and waits for the client to go (or to be told to stop)."""
    rules = load_rules("hearts-classic").to_dict()
    done = threading.Event()

    def table(ws: ServerConnection) -> None:
        json.loads(ws.recv(timeout=30))
        ws.send(json.dumps({"v": 1, "type": "welcome", "code": "K7QX2M", "seat": 0, "token": "a-token",
                            "owner": True, "rules": rules, "preset": "hearts-classic"}))
        for refusal in refusals:
            ws.send(json.dumps({"v": 1, "type": "refused", "action": "play 2C", **refusal}))
        done.wait(30)

    server = serve(table, LOOPBACK, 0, compression=None)
    port = server.socket.getsockname()[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop() -> None:
        done.wait()
        server.shutdown()

    threading.Thread(target=stop, daemon=True).start()
    return port, thread, done


def test_a_reason_this_game_does_not_know_is_shown_in_the_servers_own_words(french: None) -> None:
    """A newer server may give reasons this game does not know, and fields it has not: its own words are shown,
    never nothing and never a crash; so are a reason that names a card the table's deck has not and a refusal with
    no ``why`` (an older server); a refusal with neither gets a line of ours. One this game knows is said in
    French, whatever the server's words."""
    known = {"reason": "follow-suit", "cards": [], "number": 0, "step": 0, "word": "spades", "detail": ""}
    refusals: list[dict[str, object]] = [
        {"reason": "Ein neuer Grund", "why": {**known, "reason": "a-newer-reason", "since": 2}},
        {"reason": "Grün 14 passt nicht", "why": {**known, "reason": "card-not-held", "cards": ["G14"]}},
        {"reason": "Ein alter Server"},
        {"reason": "", "why": {**known, "reason": "a-newer-reason"}},
        {"reason": "Du musst Pik bedienen", "why": known},
    ]
    port, thread, done = a_newer_server(refusals)
    client = NetClient(LOOPBACK, port, request("hello", {"name": "Bo", "code": "K7QX2M"}), retry_for=0)
    try:
        welcome = first_message(client)
        assert isinstance(welcome, M.Welcome)
        table = RemoteTable(client, welcome)
        shown: list[Intent] = []
        while len(shown) < len(refusals):
            table.wait(1.0)
            shown += table.poll()
        assert shown == [Message("Ein neuer Grund"), Message("Grün 14 passt nicht"), Message("Ein alter Server"),
                         Message(FRENCH["refused"]), Message(FRENCH["follow-suit"].format(suit="pique"))]
        assert table.link == "connected", "nothing it could not read: the table goes on"
    finally:
        client.close()
        done.set()
        thread.join(30)
