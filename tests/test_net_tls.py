"""Issue 31 ("TLS"): the game's own client over wss://. A certificate no authority vouches for (a club's own,
self-signed) is trusted only as the player says: the Join screen shows its SHA-256 fingerprint with a plain
question, the answer is kept for that address (game/store/certificates.py), and a server there that later shows
another certificate is refused with a warning, before the client sends it anything. A certificate an authority
the system trusts vouches for is joined without a question. Certificates come from trustme (a throwaway authority,
nothing from the internet); every server listens on the loopback address."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme

from game.net import messages as M
from game.net.client import Link, NetClient
from game.store.certificates import CertificateStore
from tests.support.net_helpers import LOOPBACK, Player, ServerThread, first_message, play_until, tls_server_context

TlsServer = tuple[ServerThread, str]  # a server over wss:// and its certificate's fingerprint
CREATE = M.Create(name="Ann", preset="hearts-classic", seats=["me", "online", "computer", "computer"])


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def tls_server(authority: trustme.CA) -> Iterator[TlsServer]:
    """A table server on the loopback address that serves wss:// with a certificate of ``authority`` (which the
    system does not trust), and that certificate's fingerprint."""
    context, seen = tls_server_context(authority)
    server = ServerThread(tls=context)
    yield server, seen
    server.stop()


def tables(server: ServerThread) -> list[str]:
    return server.call(lambda: list(server.server.tables))


def answer(client: NetClient) -> M.Welcome | M.Error | M.Closed | Link:
    try:
        return first_message(client)
    finally:
        client.close()


def test_a_certificate_no_authority_vouches_for_ends_the_connection_with_its_fingerprint(tls_server: TlsServer) -> None:
    server, seen = tls_server
    said = answer(NetClient(LOOPBACK, server.port, CREATE, secure=True))
    assert isinstance(said, Link) and said.state == "untrusted" and said.fingerprint == seen, said
    assert "No certificate authority vouches for the table" in said.reason
    assert tables(server) == [], "nothing was sent: no table was asked for"


def test_a_trusted_fingerprint_joins_and_plays(tls_server: TlsServer) -> None:
    server, seen = tls_server
    owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-2p", "seats": ["me", "computer"]},
                   pinned=seen)
    try:
        assert owner.client.uri.startswith("wss://") and tables(server) == [owner.table.code]
        owner.client.send(M.Start())
        play_until([owner], lambda: owner.table.started and len(owner.table.view().tricks) >= 1)
    finally:
        owner.close()


def test_a_certificate_that_is_not_the_one_trusted_is_refused_before_anything_is_sent(tls_server: TlsServer) -> None:
    """A server at the address that shows another certificate may not be the one the player trusted: the client
    says so and sends nothing there (its hello carries the seat's token)."""
    server, seen = tls_server
    other = ":".join(["00"] * 32)
    said = answer(NetClient(LOOPBACK, server.port, CREATE, pinned=other))
    assert isinstance(said, Link) and said.state == "changed" and said.fingerprint == seen, said
    assert "shows a different certificate from the one you trusted" in said.reason
    assert tables(server) == []


def test_a_certificate_an_authority_the_system_trusts_vouches_for_is_joined_without_asking(
        tls_server: TlsServer, authority: trustme.CA, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server, _ = tls_server
    trusted = tmp_path / "authorities.pem"
    authority.cert_pem.write_to_path(str(trusted))
    monkeypatch.setenv("SSL_CERT_FILE", str(trusted))  # the system's authorities, as OpenSSL reads them
    said = answer(NetClient(LOOPBACK, server.port, CREATE, secure=True))
    assert isinstance(said, M.Welcome), said
    assert tables(server) == [said.code]


def test_plain_ws_to_a_server_that_serves_tls_says_to_type_wss(tls_server: TlsServer) -> None:
    server, _ = tls_server
    said = answer(NetClient(LOOPBACK, server.port, CREATE))
    assert isinstance(said, Link) and said.state == "closed" and "wss://" in said.reason, said


def test_a_damaged_certificates_file_is_kept_aside_and_the_player_is_asked_again(tmp_path: Path) -> None:
    store = CertificateStore(tmp_path)
    store.path.write_text('{"format": "trickhouse-certificates/1", "trusted": {"x:1": "not a fingerprint"}}')
    assert store.fingerprint("x:1") is None and (tmp_path / "certificates.json.bad").exists()
    store.trust("x:1", ":".join(["0F"] * 32))
    assert CertificateStore(tmp_path).fingerprint("x:1") == ":".join(["0F"] * 32)
    with pytest.raises(ValueError):
        store.trust("x:1", "0F")
