"""``python -m game.server --host ADDRESS --port PORT``: tables for players on other computers, with no window
(for a club on an always-on machine). Every table is made by a client that asks for a game and house rules, and
has its own join code. One log line per connection, table and error. Every table is kept in the database in its
--data folder as it changes (game/net/database.py): Ctrl+C, SIGTERM or even a kill stops it with nothing lost, and
it starts again with every table. It announces itself on the local network (so that Join game
lists it; players still need a table's code) unless told --no-announce.

On the internet, serve TLS: ``--certfile`` and ``--keyfile`` (PEM files; wss:// then), or run it behind a reverse
proxy that terminates TLS (docs: hosting on the internet). A web page's connection (one with an Origin header) is
refused unless its origin is allowed with ``--allow-origin``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket
import ssl
import sys
from pathlib import Path

from game.ai.worker import AIWorker
from game.net.database import DatabaseUnusable
from game.net.discovery import Announcement, Announcer
from game.net.protocol import DEFAULT_PORT, clean_name, fingerprint
from game.net.server import Limits, TableServer
from game.store.files import data_dir

log = logging.getLogger("trickhouse.server")


def tls_context(certfile: Path, keyfile: Path | None) -> tuple[ssl.SSLContext, str]:
    """The server's TLS (the standard library's ssl) from its PEM certificate (chain) and key, and the first
    certificate's fingerprint, which players compare when no authority vouches for it. OSError or ssl.SSLError if
    the files cannot be used."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certfile, keyfile)
    first = certfile.read_text(encoding="ascii", errors="replace")
    begin, end = "-----BEGIN CERTIFICATE-----", "-----END CERTIFICATE-----"
    pem = first[first.index(begin):first.index(end) + len(end)]
    return context, fingerprint(ssl.PEM_cert_to_DER_cert(pem))


async def serve(args: argparse.Namespace) -> int:
    limits = Limits(tables=args.tables, keep=args.keep, per_address=args.per_address, pause=args.pause)
    tls, seen = None, ""
    if args.certfile is not None:
        try:
            tls, seen = tls_context(args.certfile, args.keyfile)
        except (OSError, ValueError) as err:  # ssl.SSLError is an OSError; a file with no certificate: ValueError
            log.error("%s: cannot serve TLS with it: %s", args.certfile, getattr(err, "strerror", None) or err)
            return 1
    worker = AIWorker(search_process=not args.no_search_process)
    server = TableServer(args.data, limits, worker, tls=tls, origins=args.allow_origin)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signal_number, stop.set)
        except NotImplementedError:  # Windows: Ctrl+C arrives as KeyboardInterrupt instead
            pass
    try:
        await server.start(args.host, args.port)
    except DatabaseUnusable as err:
        log.error("%s", err)
        worker.close()
        return 1
    except OSError as err:
        log.error("cannot listen on %s port %d: %s", args.host, args.port, err.strerror or err)
        worker.close()
        return 1
    assert server.database is not None  # started on a folder (--data): its database is open
    scheme = "wss" if tls is not None else "ws"
    print(f"Trickhouse server on {scheme}://{args.host}:{server.port}; tables are kept in {server.database.path}",
          flush=True)
    if seen:
        print(f"Its certificate's SHA-256 fingerprint (players compare it when no authority vouches for the "
              f"certificate): {seen}", flush=True)
    announcer = None
    if not args.no_announce:
        computer = clean_name(socket.gethostname()) or "a server"
        announcer = Announcer(f"Trickhouse server on {computer}", server.port, Announcement(host=computer), args.host)
    try:
        await stop.wait()
    finally:
        if announcer is not None:  # the goodbye goes out on its own thread while the tables are saved
            announcer.withdraw()
        await server.stop("The server stopped")
        worker.close()
        if announcer is not None:
            announcer.join(2.0)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server", description="Trickhouse table server")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (0.0.0.0: every network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--tables", type=int, default=Limits.tables, help="the most tables at once")
    parser.add_argument("--keep", type=float, default=Limits.keep,
                        help="seconds a dropped player's seat waits before a computer plays it")
    parser.add_argument("--per-address", type=int, default=Limits.per_address,
                        help="the most connections at once from one address")
    parser.add_argument("--pause", type=float, default=Limits.pause, help="seconds each computer's play waits")
    parser.add_argument("--data", type=Path, default=data_dir() / "server",
                        help="where tables are kept (the database tables.sqlite3)")
    parser.add_argument("--no-announce", action="store_true",
                        help="do not announce the server on the local network (multicast DNS)")
    parser.add_argument("--no-search-process", action="store_true",
                        help="Hard computers search on the worker thread instead of a process of their own")
    parser.add_argument("--certfile", type=Path,
                        help="serve wss:// (TLS) with this PEM certificate (a chain: the server's first)")
    parser.add_argument("--keyfile", type=Path, help="the certificate's private key (PEM), if not in --certfile")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="a web page's origin allowed to connect, such as https://club.example.org (again for "
                             "more); a page from any other origin is refused, and clients that are not browsers "
                             "send none")
    args = parser.parse_args(argv)
    if args.keyfile is not None and args.certfile is None:
        parser.error("--keyfile needs --certfile")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # our own lines say what happened
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
