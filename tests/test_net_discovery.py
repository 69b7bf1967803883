"""Finding tables on the local network (game/net/discovery.py): the TXT record both ways, the Browser's list fed
by zeroconf's news (stood in for, no network), and for real on this machine: a hosted table announced, found,
joined from what was found, its free seats kept current and withdrawn; the dedicated server announced and
withdrawn. No wait has a deadline of its own: a hang is stopped by the test's timeout (pytest-timeout)."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import pytest

from game.net import discovery
from game.net import protocol as P
from game.net.discovery import Announcement, Browser, Found
from game.net.host import NetHost
from tests.support.net_helpers import (
    LOOPBACK,
    FakeInfo,
    FakeZeroconf,
    Player,
    free_port,
    play_until,
    server_process,
    wait_for_port,
    wait_until,
)


def test_an_announcement_travels_in_a_txt_record_and_comes_back_the_same() -> None:
    said = Announcement("K7QP2M", "Rook", "Ann", 3)
    txt = said.to_txt()
    assert txt == {"v": str(P.VERSION), "code": "K7QP2M", "game": "Rook", "host": "Ann", "free": "3"}
    assert Announcement.from_txt({k.encode(): v.encode() for k, v in txt.items()}) == said
    server = Announcement(host="clubhouse")
    assert server.server and not said.server
    assert Announcement.from_txt({k.encode(): v.encode() for k, v in server.to_txt().items()}) == server


def test_what_the_network_says_is_checked_like_any_message() -> None:
    def read(**fields: bytes | None) -> Announcement:
        return Announcement.from_txt({k.encode(): v for k, v in {"v": b"1", **fields}.items()})

    assert read(code=b"k7qp2m").code == "K7QP2M"
    assert read(code=b"K7QP2M", host=b"Sam\x00\x1b[31m\n Jones" + b"x" * 50, game="Hé\u200b".encode()) == \
        Announcement("K7QP2M", "Hé", P.clean_name("Sam\x00\x1b[31m\n Jones" + "x" * 50), 0)
    assert read(host=b"\xff\xfeAnn").host == "\ufffd\ufffdAnn", "bytes that are not UTF-8 do no harm"
    assert [read(free=value).free for value in (b"2", b"9", b"-1", b"\xc2\xb2", b"22", b"")] == [2, 0, 0, 0, 0, 0]
    assert read(code=None, free=None) == Announcement()  # a key with no value
    for bad in ({"v": b"2"}, {"code": b"K7QP2"}, {"code": b"K7QP2O"}):  # another version; not a code (O is not)
        with pytest.raises(ValueError):
            read(**bad)
    with pytest.raises(ValueError, match="protocol version"):
        Announcement.from_txt({})


def test_the_browser_keeps_what_zeroconf_reports_and_leaves_out_what_it_cannot_use() -> None:
    browser = Browser()
    network = FakeZeroconf()
    ann = Announcement("K7QP2M", "Rook", "Ann", 2)
    network.tell(browser, "Trickhouse K7QP2M._trickhouse._tcp.local.", "Added",
                 FakeInfo("192.168.1.20", 47474, ann.to_txt()))
    network.tell(browser, "Trickhouse server on club._trickhouse._tcp.local.", "Added",
                 FakeInfo("192.168.1.5", 47000, Announcement(host="club").to_txt()))
    network.tell(browser, "Full._trickhouse._tcp.local.", "Added",
                 FakeInfo("192.168.1.30", 47474, Announcement("ABCDEF", "Hearts", "Cy", 0).to_txt()))
    network.tell(browser, "Newer._trickhouse._tcp.local.", "Added",
                 FakeInfo("192.168.1.21", 47474, {**ann.to_txt(), "v": "2"}))
    network.tell(browser, "Silent._trickhouse._tcp.local.", "Added")  # its details never came
    network.tell(browser, "No port._trickhouse._tcp.local.", "Added", FakeInfo("192.168.1.22", 0, ann.to_txt()))
    snapshot = browser.found()
    assert snapshot == [Found("192.168.1.20:47474", ann),  # a seat free first, then full tables, then servers
                        Found("192.168.1.30:47474", Announcement("ABCDEF", "Hearts", "Cy", 0)),
                        Found("192.168.1.5:47000", Announcement(host="club"))]
    snapshot.clear()
    assert len(browser.found()) == 3, "a snapshot, not the browser's own list"
    network.tell(browser, "Trickhouse K7QP2M._trickhouse._tcp.local.", "Updated",
                 FakeInfo("192.168.1.20", 47474, {**ann.to_txt(), "free": "1"}))
    assert browser.found()[0].said.free == 1
    network.tell(browser, "Trickhouse K7QP2M._trickhouse._tcp.local.", "Updated",
                 FakeInfo("192.168.1.20", 47474, {**ann.to_txt(), "code": "bad"}))
    network.tell(browser, "Full._trickhouse._tcp.local.", "Removed")
    assert browser.found() == [Found("192.168.1.5:47000", Announcement(host="club"))], \
        "a table gone, or no longer saying anything usable, leaves the list"


def test_the_browsers_list_is_safe_to_read_while_zeroconf_reports() -> None:
    browser = Browser()
    network = FakeZeroconf()
    seen = []

    def report(first: int) -> None:
        for number in range(first, first + 50):
            network.tell(browser, f"T{number}._trickhouse._tcp.local.", "Added",
                         FakeInfo("10.0.0.1", 1000 + number, Announcement(host=f"{number}").to_txt()))

    threads = [threading.Thread(target=report, args=(first,)) for first in range(0, 200, 50)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        seen.append(len(browser.found()))
    for thread in threads:
        thread.join(60)
    assert len(browser.found()) == 200 and seen == sorted(seen)


def test_zeroconf_that_cannot_start_means_nothing_found_and_one_log_line(monkeypatch: pytest.MonkeyPatch,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    def no_multicast() -> NoReturn:
        raise OSError("No multicast here")

    monkeypatch.setattr(discovery, "start_zeroconf", no_multicast)
    browser = Browser()
    browser.start()
    announcer = discovery.Announcer("Trickhouse K7QP2M", 47474, Announcement("K7QP2M", "Rook", "Ann", 1))
    wait_until(lambda: bool(browser.unavailable))
    announcer.update(Announcement("K7QP2M", "Rook", "Ann", 0))
    announcer.withdraw()
    announcer.join(60)
    assert browser.unavailable == "No multicast here" and browser.found() == []
    warnings = sorted(r.getMessage() for r in caplog.records if r.name == "trickhouse.discovery")
    assert warnings == ["not announced on the local network (No multicast here): players can still join by address",
                        "tables on the local network cannot be found (No multicast here): join by address"]


def found_at(browser: Browser, address: str, wanted: Callable[[Found], bool] = lambda found: True) -> Found:
    """The table found at ``address``, once ``wanted`` says it is as expected (a machine without multicast fails
    at once, with its reason, rather than at the test's timeout)."""
    while True:
        assert not browser.unavailable, browser.unavailable
        here = [found for found in browser.found() if found.address == address]
        if here and wanted(here[0]):
            return here[0]
        time.sleep(0.05)


def test_a_hosted_table_is_found_on_this_machine_joined_from_what_was_found_and_withdrawn(tmp_path: Path) -> None:
    """Real multicast DNS on this machine: the table a game hosts (listening on the loopback address only) is
    announced once its host sits down, a Browser finds it, a player joins with the address and code found, the
    free seats follow, and the table leaves the list when hosting stops."""
    host = NetHost(0, 30.0, folder=tmp_path, address=LOOPBACK)
    browser = Browser()
    browser.start()
    players = []
    try:
        players.append(Player(host.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                                    "seats": ["me", "online", "online", "computer"]}))
        where = f"{LOOPBACK}:{host.port}"
        found = found_at(browser, where)
        assert found == Found(where, Announcement(players[0].table.code, "Classic Hearts", "Ann", 2)), browser.found()
        address, _, port = found.address.rpartition(":")
        guest = Player(int(port), "hello", {"name": "Bo", "code": found.said.code})
        players.append(guest)
        assert guest.welcome.seat == 1 and address == LOOPBACK
        found_at(browser, where, lambda found: found.said.free == 1)  # the free seats are kept current
        play_until(players, lambda: all(len(p.table.seats) == 4 for p in players))
    finally:
        host.stop()
        for player in players:
            player.client.closing = True  # the host ended the table: nothing to come back to
    wait_until(lambda: not [found for found in browser.found() if found.address == where])  # the goodbye came
    browser.stop()


def test_the_dedicated_server_announces_itself_unless_told_not_to(tmp_path: Path) -> None:
    port, quiet_port = free_port(), free_port()
    process = server_process(port, tmp_path / "a", announce=True)
    quiet = server_process(quiet_port, tmp_path / "b")
    browser = Browser()
    browser.start()
    try:
        wait_for_port(port)
        wait_for_port(quiet_port)
        found = found_at(browser, f"{LOOPBACK}:{port}")
        assert found.said.server and found.said.host, browser.found()
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=60)[0]
        wait_until(lambda: found not in browser.found())  # the goodbye reached the browser
        assert not [found for found in browser.found() if found.address.endswith(f":{quiet_port}")]
    finally:
        browser.stop()
        for each in (process, quiet):
            if each.poll() is None:
                each.send_signal(signal.SIGTERM)
        quiet_output = quiet.communicate(timeout=60)[0]
    assert "announced on the local network as 'Trickhouse server on" in output
    assert "announced" not in quiet_output
