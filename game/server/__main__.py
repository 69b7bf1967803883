"""``python -m game.server --host ADDRESS --port PORT``: tables for players on other computers, with no window
(for a club on an always-on machine). Every table is made by a client that asks for a game and house rules, and
has its own join code. A log line per player, table and error (floods of connections or messages are counted into
one line an address), and every limit a flag (``--help``; PROTOCOL.md, Limits). Every table is kept in the
database in its --data folder as it changes (game/net/database.py): Ctrl+C, SIGTERM or even a kill stops it with
nothing lost, and it starts again with every table. It announces itself on the local network (so that Join game
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
from game.net.protocol import DEFAULT_PORT, Limits, clean_name, fingerprint
from game.net.server import TableServer
from game.review import hint_player
from game.runtime import leave_objects_to_the_os
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


# each Limits field a flag sets (--tables-per-address sets tables_per_address), and what --help says of it
LIMIT_FLAGS = {
    "tables": "the most tables at once",
    "tables_per_address": "the most tables one address has made and that are still open",
    "tables_per_hour": "the most tables one address may make in an hour",
    "connections": "the most connections at once, from all addresses; lowered to fit the open files allowed",
    "per_address": "the most connections at once from one address, counted from the moment one is accepted; one "
                   "more is closed at once",
    "handshake_seconds": "seconds a new connection has to finish its WebSocket handshake",
    "hello_seconds": "seconds a connection then has to say hello or create",
    "messages_per_second": "messages a second one connection may send; more are dropped",
    "burst": "messages a connection may send at once above that rate",
    "wrong_codes": "wrong table codes one address may try in 10 minutes before each of its hellos waits, 1 s and "
                   "then twice as long each time",
    "wrong_code_wait": "the longest such wait, in seconds",
    "keep": "seconds a dropped player's seat waits before a computer plays it, and an empty table before it ends, "
            "unless its creator asks for another time",
    "keep_most": "the longest keep a table's creator may ask for, in seconds",
    "pause": "seconds each computer's play waits, so that people can follow it",
}
SPARE_FILES = 64  # open files the server keeps for itself (its database, logs, the AI worker) beside connections


def open_files_allowed() -> int | None:
    """The process's limit of open files (None where it cannot be asked, as on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def limits_of(args: argparse.Namespace) -> Limits:
    """The server's limits from its flags; connections at once kept under the process's open files, so that a
    flood of sockets cannot leave it unable to accept (issue 31: an honest connect took 9.5 s under 256 files)."""
    limits = Limits(**{name: getattr(args, name) for name in LIMIT_FLAGS})
    files = open_files_allowed()
    if files is not None and limits.connections > files - SPARE_FILES:
        limits.connections = max(1, files - SPARE_FILES)
        log.warning("at most %d connections at once: the process may open %d files (ulimit -n)", limits.connections,
                    files)
    return limits


async def serve(args: argparse.Namespace) -> int:
    limits = limits_of(args)
    tls, seen = None, ""
    if args.certfile is not None:
        try:
            tls, seen = tls_context(args.certfile, args.keyfile)
        except (OSError, ValueError) as err:  # ssl.SSLError is an OSError; a file with no certificate: ValueError
            log.error("%s: cannot serve TLS with it: %s", args.certfile, getattr(err, "strerror", None) or err)
            return 1
    worker = AIWorker(search_process=not args.no_search_process)
    server = TableServer(args.data, limits, worker, tls=tls, origins=args.allow_origin, hint=hint_player)
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
        await server.stop()
        worker.close()
        if announcer is not None:
            announcer.join(2.0)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.server", description="Trickhouse table server: tables for players on other computers, "
        "each made by a client with its own join code. The limits below are per server and per address "
        "(game/net/PROTOCOL.md, Limits; SECURITY.md).")
    add = parser.add_argument
    add("--host", default="0.0.0.0", metavar="ADDRESS",
        help="address to listen on; 0.0.0.0: every network, 127.0.0.1: this computer only (default: %(default)s)")
    add("--port", type=int, default=DEFAULT_PORT, metavar="PORT", help="port to listen on (default: %(default)s)")
    add("--data", type=Path, default=data_dir() / "server", metavar="FOLDER",
        help="folder where tables are kept, in the database tables.sqlite3 (default: %(default)s)")
    for name, meaning in LIMIT_FLAGS.items():
        default = getattr(Limits, name)
        add(f"--{name.replace('_', '-')}", type=type(default), default=default,
            metavar="SECONDS" if "seconds" in meaning else "N", help=f"{meaning} (default: %(default)s)")
    add("--no-announce", action="store_true",
        help="do not announce the server on the local network (multicast DNS); it is announced unless this is given")
    add("--no-search-process", action="store_true",
        help="Hard computers search on the worker thread instead of a process of their own")
    add("--certfile", type=Path, metavar="FILE",
        help="serve wss:// (TLS) with this PEM certificate (a chain: the server's first) (default: none, plain ws://)")
    add("--keyfile", type=Path, metavar="FILE",
        help="the certificate's private key (PEM) (default: none, the key is in --certfile)")
    add("--allow-origin", action="append", default=[], metavar="ORIGIN",
        help="a web page's origin allowed to connect, such as https://club.example.org (again for more); a page "
             "from any other origin is refused, and clients that are not browsers send none (default: none)")
    args = parser.parse_args(argv)
    if args.keyfile is not None and args.certfile is None:
        parser.error("--keyfile needs --certfile")
    if args.keep > args.keep_most:
        parser.error(f"--keep {args.keep:g} is longer than --keep-most {args.keep_most:g}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # our own lines say what happened
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    status = main()
    leave_objects_to_the_os()
    sys.exit(status)
