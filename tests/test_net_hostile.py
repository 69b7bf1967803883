"""Issue 31: a hostile client, written from PROTOCOL.md alone as a stranger would write one: raw WebSocket connections
(the websockets library's own client, JSON written by hand) on the loopback address, against ``python -m
game.server`` in a process of its own whose log goes to a file. A second loopback address (127.0.0.3) stands for
an attacker beside an honest player (127.0.0.2: loopback is a whole /8). Every loop here is bounded in count, and
every wait in time; a server process is limited to a few GB of memory, so that a server that reads what it must
not fails the test instead of the machine.

What a stranger may try, and what the server promises (PROTOCOL.md, "Limits" and the client messages' table):
nothing a client sends is a file path; every field is bounded where the message is read; the log shows a
client's text escaped, never obeyed, and limits the lines about one address; over the internet the server speaks
wss:// with its certificate; a web page (an Origin header) is refused unless its origin is allowed."""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest
import trustme
from websockets.exceptions import InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.support.net_helpers import LOOPBACK, free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[1]
HONEST, ATTACKER = "127.0.0.2", "127.0.0.3"
FORGER = "127.0.0.5"  # an attacker whose every log line is wanted (the lines about one address are limited)
ANSWER_SECONDS = 10.0  # an answer that takes longer is a server that hangs
MEMORY = 3 << 30  # bytes of address space a server process may have
LINES_BURST = 30  # PROTOCOL.md: lines about one address, at once ...
FORGED = "1999-12-31 23:59:59,999 INFO trickhouse.server: FORGED"  # a line the attacker would like the log to have


def create(name: str = "Honest", preset: str = "rook-classic", **fields: object) -> dict:
    return {"v": 1, "type": "create", "name": name, "preset": preset, "seats": ["me", "computer", "computer",
                                                                               "computer"], **fields}


def at_most_memory() -> None:  # pragma: no cover (runs in the child before the server starts)
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


class Served:
    """``python -m game.server`` on the loopback address, its log (and what it prints) in a file."""

    def __init__(self, folder: Path, *extra: str):
        folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.log = folder / "server.log"
        self.out = open(self.log, "w")  # noqa: SIM115  (closed by stop)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--host", LOOPBACK, "--port", str(self.port), "--data",
             str(folder / "data"), "--pause", "0", "--no-announce", "--no-search-process", "--tables", "500",
             *extra], stdout=self.out, stderr=subprocess.STDOUT, cwd=ROOT,
            preexec_fn=at_most_memory if os.name == "posix" else None)
        try:
            wait_for_port(self.port, 30.0)
        except AssertionError:
            self.stop()
            raise AssertionError(f"the server did not start: {self.text()[-2000:]}") from None

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def memory(self) -> int:
        """The server's resident memory in bytes (Linux), 0 where it cannot be read."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return 0
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        return int(found.group(1)) * 1024 if found else 0

    def stop(self) -> None:
        """SIGTERM, as an operator stops it (the server writes its last lines), then a kill if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.out.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("hostile"))
    yield served
    served.stop()


def opened(port: int, source: str = LOOPBACK, **options: object) -> ClientConnection:
    """A WebSocket connection from ``source`` (a loopback address) to the server."""
    scheme = "wss" if options.get("ssl") else "ws"
    host = options.pop("host", LOOPBACK)
    sock = socket.create_connection((LOOPBACK, port), timeout=ANSWER_SECONDS, source_address=(source, 0))
    return connect(f"{scheme}://{host}:{port}", sock=sock, open_timeout=ANSWER_SECONDS, close_timeout=2,
                   **options)  # type: ignore[arg-type]


def ask(port: int, message: dict | str, source: str = LOOPBACK, **options: object) -> dict:
    """The first answer to one message (a first message: hello or create)."""
    with opened(port, source, **options) as ws:
        ws.send(message if isinstance(message, str) else json.dumps(message))
        return json.loads(ws.recv(timeout=ANSWER_SECONDS))


SERVED = [0]  # honest tables made, each from an address of its own (limits per address are not under test here)


def still_serving(port: int, **options: object) -> None:
    """An honest player still gets a table at once."""
    SERVED[0] += 1
    reply = ask(port, create(), source=f"127.0.1.{SERVED[0] % 250 + 1}", **options)
    assert reply["type"] == "welcome", reply


# --- nothing from the network is a path ---

def test_a_preset_that_names_a_file_is_refused_and_nothing_is_read(server, tmp_path):
    """Issue 31, item 1: {"preset": "/dev/zero"} as the very first message made the server read the file whole on
    its event loop (1 GB in 2 s, every table frozen); "/dev/stdin" froze it; any text with / or \\ or ending in .yaml
    was read as a file (a UNC path would be fetched over the network on Windows). Each is refused with an error
    saying the preset is not one the server has, at once; the server reads nothing and goes on."""
    copy = tmp_path / "rules.yaml"  # a file a stranger names: good rules, so a server that read it would take them
    copy.write_text((ROOT / "config" / "rook-classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    names = ["/dev/zero", "/dev/urandom", "/dev/stdin", str(copy), str(copy.with_suffix("")),
             "../config/rook-classic.yaml", "config/rook-classic", "rook-classic.yaml", "./rook-classic",
             "\\\\203.0.113.9\\share\\rules.yaml", "C:\\rules\\rook.yaml", "rook-classic\\..\\rook-classic"]
    if hasattr(os, "mkfifo"):  # opening a pipe nobody writes to waits for ever
        fifo = tmp_path / "pipe.yaml"
        os.mkfifo(fifo)
        names.append(str(fifo))
    for name in names:
        reply = ask(server.port, create(preset=name), source=ATTACKER)
        assert reply["type"] == "error" and "preset" in reply["reason"], (name, reply)
    assert server.memory() < 500 << 20, "nothing was read into memory"
    still_serving(server.port)


def test_every_field_is_bounded_where_the_message_is_read(server):
    """PROTOCOL.md's client messages: a house rule's value is true, false, a number or a word, or a list of at most
    10 words (2,000 queens were taken as a rule of the table); a name has no control characters; a house rule is
    named in lower-case letters, digits and _. Each is refused with an error naming the field, and no table is
    made."""
    for request, field in ((create(preset="hearts-royal", house_rules={"royal_queens": ["QS"] * 2000}),
                            "house_rules"),
                           (create(house_rules={"target": {"nested": [1, 2, 3]}}), "house_rules"),
                           (create(name="Eve\x07\x1b[2J"), "name"),
                           (create(house_rules={"Target": 300}), "house_rules"),
                           (create(names=["A" * 201, "", "", ""]), "names"),
                           (create(seats=["me"] * 6), "seats"),
                           ({"v": 1, "type": "hello", "name": "Eve", "code": "ABCDEF\n"}, "code"),
                           ({"v": 1, "type": "hello", "name": "Eve", "code": "ABCDEF", "token": "x" * 65}, "token")):
        reply = ask(server.port, request, source=ATTACKER)
        assert reply["type"] == "error" and field in reply["reason"], (request, reply)
    still_serving(server.port)


# --- the log ---

def test_a_newline_in_a_preset_name_a_house_rule_or_a_name_cannot_forge_a_log_line(server):
    """Issue 31, item 8: a newline in a preset name or a house-rule key was written to the log as it came, so a
    stranger could add a line that looks like the server's own. Whatever a client sends is shown escaped: no line
    of the log begins with the forged one."""
    replies = [ask(server.port, request, source=FORGER)["type"] for request in (
        create(preset=f"rook-classic\n{FORGED} preset"), create(house_rules={f"target\n{FORGED} key": 1}),
        create(house_rules={"target": f"many\n{FORGED} value"}), create(level=f"hard\n{FORGED} level"),
        create(name=f"Eve\n{FORGED} name"), {"v": 1, "type": f"dance\n{FORGED} type"})]
    with opened(server.port, FORGER) as ws:  # seated: a bad action and a bad message
        ws.send(json.dumps(create(name="Eve")))
        assert json.loads(ws.recv(timeout=ANSWER_SECONDS))["type"] == "welcome"
        ws.send(json.dumps({"v": 1, "type": "act", "action": f"play G14\n{FORGED} action"}))
        ws.send(json.dumps({"v": 1, "type": "sit", "seat": f"1\n{FORGED} seat"}))
        deadline = time.monotonic() + ANSWER_SECONDS
        errors = 0
        while errors < 2 and time.monotonic() < deadline:
            errors += json.loads(ws.recv(timeout=ANSWER_SECONDS))["type"] == "error"
        assert errors == 2
    still_serving(server.port)
    lines = server.text().splitlines()
    assert not [line for line in lines if line.startswith(FORGED[:10])], "a line was forged"
    assert any(f"\\n{FORGED[:10]}" in line for line in lines), "the client's text is shown, escaped"
    assert replies == ["error"] * 6, "and each is refused where the message is read"


def test_log_lines_about_one_address_are_limited_with_one_summary_line(tmp_path):
    """Issue 31, item 5: every connection wrote its lines (3 each: connected, refused, disconnected), so an address
    could fill the disk. PROTOCOL.md: 30 lines at once about one address, then 1 a second; the rest are counted and
    said in one line (when the address is quiet again, or the server stops). An honest address beside it is
    logged as always."""
    served = Served(tmp_path)
    try:
        deadline = time.monotonic() + 60
        for _ in range(200):
            if time.monotonic() > deadline:
                break
            assert ask(served.port, "not JSON", source=ATTACKER)["type"] == "error"
        still_serving_from = ask(served.port, create(), source=HONEST)
        assert still_serving_from["type"] == "welcome"
    finally:
        served.stop()
    lines = served.text().splitlines()
    about = [line for line in lines if ATTACKER in line]
    elapsed = 60  # at most: the loop's own bound
    assert len(about) <= LINES_BURST + elapsed + 2, len(about)
    summary = [line for line in about if "log lines about it were not written" in line]
    assert len(summary) == 1, about[-3:]
    held = int(re.search(r": ([\d,]+) log lines", summary[0]).group(1).replace(",", ""))
    assert held + len(about) >= 3 * 200 - elapsed, "every line is written or counted"
    assert any(line.endswith(f"{HONEST} connected") for line in lines), "the honest address is logged"


# --- TLS and Origin ---

def test_the_server_serves_wss_with_its_certificate_and_prints_its_fingerprint(tmp_path):
    """Issue 31, item 9: seat tokens crossed the internet in plain text. ``--certfile``/``--keyfile`` (PEM) serve
    wss://: a client that trusts the certificate's authority gets its table over TLS; the server prints the
    certificate's SHA-256 fingerprint for players to compare; a plain ws:// connection gets nothing, and the server
    goes on."""
    authority = trustme.CA()
    certificate = authority.issue_cert("localhost", LOOPBACK)
    certfile, keyfile = tmp_path / "cert.pem", tmp_path / "key.pem"
    certificate.cert_chain_pems[0].write_to_path(str(certfile))
    certificate.private_key_pem.write_to_path(str(keyfile))
    served = Served(tmp_path / "served", "--certfile", str(certfile), "--keyfile", str(keyfile))
    trusting = ssl.create_default_context()
    authority.configure_trust(trusting)
    try:
        reply = ask(served.port, create(), ssl=trusting, host="localhost")
        assert reply["type"] == "welcome", reply
        with pytest.raises((InvalidHandshake, OSError, TimeoutError)):
            ask(served.port, create())  # ws:// to a server that speaks TLS
        still_serving(served.port, ssl=trusting, host="localhost")
    finally:
        served.stop()
    der = ssl.PEM_cert_to_DER_cert(certfile.read_text(encoding="ascii"))
    seen = ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())
    assert f"wss://{LOOPBACK}:{served.port}" in served.text() and seen in served.text()


def test_a_web_page_is_refused_unless_its_origin_is_allowed(server, tmp_path):
    """Issue 31, item 9: a web page from any site could open a table (a browser sends its page's Origin; clients
    that are not browsers send none). Refused (HTTP 403) unless allowed with --allow-origin; a client with no
    Origin is served as always."""
    with pytest.raises(InvalidStatus) as refused:
        ask(server.port, create(), origin=Origin("https://evil.example"))
    assert refused.value.response.status_code == 403
    still_serving(server.port)
    served = Served(tmp_path, "--allow-origin", "https://club.example")
    try:
        assert ask(served.port, create(), origin=Origin("https://club.example"))["type"] == "welcome"
        with pytest.raises(InvalidStatus):
            ask(served.port, create(), origin=Origin("https://evil.example"))
        still_serving(served.port)
    finally:
        served.stop()


def test_a_game_hosting_a_table_refuses_a_web_page_too(tmp_path, monkeypatch):
    """The table a player's own game hosts (New game with an Online seat) is the one a web page could reach on
    that player's machine: the same refusal."""
    from game.net import discovery
    from game.net.host import NetHost

    def no_multicast():  # loopback only: the table is not announced on the local network
        raise OSError("No multicast in this test")

    monkeypatch.setattr(discovery, "start_zeroconf", no_multicast)
    host = NetHost(0, keep=30.0, folder=tmp_path, address=LOOPBACK)
    try:
        with pytest.raises(InvalidStatus):
            ask(host.port, create(seats=["me", "online", "computer", "computer"]),
                origin=Origin("https://evil.example"))
        assert ask(host.port, create(seats=["me", "online", "computer", "computer"]))["type"] == "welcome"
    finally:
        host.stop()
