"""The network protocol's messages: JSON objects with a version ``v`` and a ``type``, checked here field by field
before anything else looks at them. PROTOCOL.md beside this file lists every message, its fields and limits.

>>> read('{"v": 1, "type": "act", "action": "play G14"}')
{'v': 1, 'type': 'act', 'action': 'play G14'}
>>> read('{"v": 1, "type": "act", "action": 14}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: act: action must be text
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass

VERSION = 1
DEFAULT_PORT = 47474
MAX_MESSAGE_BYTES = 16 * 1024  # a client's message; larger ones are refused (twice this closes the connection)
NAME_LENGTH = 24
CODE_LENGTH = 6
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
TOKEN_BYTES = 16  # 128 random bits
MAX_TEXT = 200  # an action, a preset name, a token: longer is never right
SEAT_KINDS = ("online", "computer", "me")  # who sits in a seat of a table being created


@dataclass
class Limits:
    """What one server allows (PROTOCOL.md, "Limits"); tests shorten the times. The transport keeps the limits of
    connections, the directory of tables the number of tables and the default seat-keeping time, each table its
    pace."""
    hello_seconds: float = 10.0  # a connection that has not said hello (or create) by then is closed
    messages_per_second: float = 20.0
    burst: int = 40
    per_address: int = 16  # connections at once from one address
    send_queue: int = 512  # messages waiting for a client that does not read; past it, it is disconnected
    ping_interval: float | None = 10.0  # a connection that stops answering pings is closed (half-open)
    ping_timeout: float | None = 10.0
    keep: float = 120.0  # default seconds a dropped player's seat waits for them before a computer plays it
    pause: float = 0.6  # seconds a computer's decision waits, so that people can follow it
    next_seconds: float = 60.0  # the score sheet waits this long for everyone before the next hand
    tables: int = 50


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says what, for the log and the one error message back."""


def clean_name(text: str, longest: int = NAME_LENGTH) -> str:
    """A player's name (or other words from the network) as others will see it: control characters (and other
    invisible ones) removed, spaces collapsed, cut to ``longest``."""
    shown = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return " ".join(shown.split())[:longest]


def _text(message: dict, field: str, *, optional: bool = False, longest: int = MAX_TEXT) -> None:
    value = message.get(field)
    if value is None and optional:
        return
    if not isinstance(value, str):
        raise ProtocolError(f"{message['type']}: {field} must be text")
    if len(value) > longest:
        raise ProtocolError(f"{message['type']}: {field} is longer than {longest} characters")


def _number(message: dict, field: str, low: int, high: int, *, optional: bool = False) -> None:
    value = message.get(field)
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{message['type']}: {field} must be a whole number from {low} to {high}")


def _hello(m):
    _text(m, "name", longest=200)
    _text(m, "code", longest=CODE_LENGTH)
    _number(m, "seat", 0, 5, optional=True)
    _text(m, "token", optional=True, longest=64)


def _create(m):
    _text(m, "name", longest=200)
    _text(m, "preset")
    if not isinstance(m.get("house_rules", {}), dict) or len(m.get("house_rules", {})) > 40:
        raise ProtocolError("create: house_rules must be a mapping of at most 40 rule fields")
    seats = m.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6 or any(s not in SEAT_KINDS for s in seats) \
            or seats.count("me") != 1:
        raise ProtocolError(f"create: seats must list 2 to 6 of {', '.join(SEAT_KINDS)}, with 'me' once")
    level = m.get("level", "normal")  # one level for every computer, or one per seat
    levels = level if isinstance(level, list) else [level]
    if not all(isinstance(each, str) and len(each) <= 10 for each in levels) or \
            (isinstance(level, list) and len(level) != len(seats)):
        raise ProtocolError("create: level must be a level's name, or a list of one per seat")
    names = m.get("names", [])  # the computers' names, one per seat (optional)
    if not isinstance(names, list) or (names and len(names) != len(seats)) or \
            not all(isinstance(name, str) and len(name) <= 200 for name in names):
        raise ProtocolError("create: names must be a list of one name per seat")
    keep = m.get("keep", 0)
    if isinstance(keep, bool) or not isinstance(keep, (int, float)) or not 0 <= keep <= 3600:
        raise ProtocolError("create: keep must be a number of seconds from 0 to 3600")


def _act(m):
    _text(m, "action")


def _seat(m):
    _number(m, "seat", 0, 5)


def _nothing(m):
    pass


CHECKS = {"hello": _hello, "create": _create, "act": _act, "start": _nothing, "computer": _seat, "sit": _seat,
          "hint": _nothing, "claim": _nothing, "next": _nothing, "bye": _nothing}


def read(text: str | bytes) -> dict:
    """A client's message, checked; raise ProtocolError saying what is wrong."""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    version = message.get("v")
    if type(version) is not int or version != VERSION:  # true and 1.0 equal 1 in Python, but are not the number 1
        raise ProtocolError(f"protocol version {VERSION} only")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("type must be text")
    if kind not in CHECKS:
        raise ProtocolError(f"unknown message type {kind[:40]!r}")
    CHECKS[kind](message)
    return message


def write(kind: str, **fields) -> str:
    """A message as JSON text, with the version and type."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))
