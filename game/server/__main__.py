"""``python -m game.server --host ADDRESS --port PORT``: tables for players on other computers, with no window
(for a club on an always-on machine). Every table is made by a client that asks for a game and house rules, and
has its own join code. One log line per connection, table and error. Every table is kept in the database in its
--data folder as it changes (game/net/database.py): Ctrl+C, SIGTERM or even a kill stops it with nothing lost, and
it starts again with every table. It announces itself on the local network (so that Join game
lists it; players still need a table's code) unless told --no-announce."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket
import sys
from pathlib import Path

from game.ai.worker import AIWorker
from game.net.database import DatabaseUnusable
from game.net.discovery import Announcement, Announcer
from game.net.protocol import DEFAULT_PORT, clean_name
from game.net.server import Limits, TableServer
from game.store.files import data_dir


async def serve(args) -> int:
    limits = Limits(tables=args.tables, keep=args.keep, per_address=args.per_address, pause=args.pause)
    worker = AIWorker(search_process=not args.no_search_process)
    server = TableServer(args.data, limits, worker)
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
        logging.getLogger("trickhouse.server").error("%s", err)
        worker.close()
        return 1
    except OSError as err:
        logging.getLogger("trickhouse.server").error("cannot listen on %s port %d: %s", args.host, args.port,
                                                     err.strerror or err)
        worker.close()
        return 1
    assert server.database is not None  # started on a folder (--data): its database is open
    print(f"Trickhouse server on {args.host} port {server.port}; tables are kept in {server.database.path}",
          flush=True)
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
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # our own lines say what happened
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
