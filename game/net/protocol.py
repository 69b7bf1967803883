"""The network protocol's transport rules, and its edge: ``read`` turns a client's text into one typed message
(game/net/messages.py) or raises ProtocolError saying what is wrong, before anything else looks at it; ``encode``
writes a message. PROTOCOL.md beside this file lists every message, its fields and limits.

>>> read('{"v": 1, "type": "act", "action": "play G14"}')
Act(action='play G14', v=1)
>>> read('{"v": 1, "type": "act", "action": 14}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: act: action: expected `str`, got `int`
>>> read('{"v": 1, "type": "create", "name": "Eve", "preset": "/dev/zero", "seats": ["me", "computer"]}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: create: preset: not in the form allowed there
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Literal, TypeVar, get_args

import msgspec

from game.engine.refusals import Refusal

from .messages import (
    CODE_LENGTH,
    CODE_LETTERS,
    MAX_TEXT,
    NAME_LENGTH,
    VERSION,
    AnyClientMessage,
    AnyServerMessage,
    ClientMessage,
    ServerMessage,
    clean_name,
)
from .reasons import NotTaken

__all__ = ["CODE_LENGTH", "CODE_LETTERS", "DEFAULT_PORT", "MAX_MESSAGE_BYTES", "MAX_TEXT", "NAME_LENGTH",
           "TOKEN_BYTES", "VERSION", "Limits", "ProtocolError", "clean_name", "encode", "fingerprint", "read",
           "read_reply"]

DEFAULT_PORT = 47474
MAX_MESSAGE_BYTES = 16 * 1024  # a client's message; larger ones are refused (twice this closes the connection)
TOKEN_BYTES = 16  # 128 random bits


@dataclass
class Limits:
    """What one server allows (PROTOCOL.md, "Limits"; each is a flag of ``python -m game.server``); tests shorten
    the times. The transport keeps the limits of connections and first messages (game/net/door.py), the directory
    of tables the number of tables and the seat-keeping time, each table its pace."""
    hello_seconds: float = 10.0  # a connection that has not said hello (or create) by then is closed
    handshake_seconds: float = 5.0  # a connection that has not finished its WebSocket handshake by then is closed
    messages_per_second: float = 20.0
    burst: int = 40
    per_address: int = 16  # connections at once from one address, counted from the TCP accept
    connections: int = 1000  # connections at once on the whole server
    send_queue: int = 512  # messages waiting for a client that does not read; past it, it is disconnected
    ping_interval: float | None = 10.0  # a connection that stops answering pings is closed (half-open)
    ping_timeout: float | None = 10.0
    keep: float = 120.0  # default seconds a dropped player's seat waits (and an empty table lives)
    keep_most: float = 300.0  # the longest keep a create may ask for
    pause: float = 0.6  # seconds a computer's decision waits, so that people can follow it
    next_seconds: float = 60.0  # the score sheet waits this long for everyone before the next hand
    tables: int = 50
    tables_per_address: int = 5  # tables one address made that are still open
    tables_per_hour: int = 20  # tables one address may make in an hour
    wrong_codes: int = 5  # wrong codes an address may name (in 10 minutes) before its first messages wait
    wrong_code_first_wait: float = 1.0  # the first such wait; each further wrong code doubles it ...
    wrong_code_wait: float = 30.0  # ... up to this
    store_retry_seconds: float = 2.0  # a table paused because the store cannot write asks it again this often


class ProtocolError(NotTaken):
    """A message that breaks the protocol, or asks what is not its sender's to ask: the text says what, for the log;
    ``why`` is the one error message back (``bad-message`` with that text, unless it has a reason of its own)."""

    def __init__(self, problem: str, why: Refusal | None = None) -> None:
        super().__init__(why or Refusal("bad-message", detail=problem[:MAX_TEXT]), problem)


class Envelope(msgspec.Struct):
    """What every message has, read first so that a wrong version or type is said as such."""
    v: Literal[1]
    type: str


_ENVELOPE = msgspec.json.Decoder(Envelope)
_CLIENT: msgspec.json.Decoder[AnyClientMessage] = msgspec.json.Decoder(AnyClientMessage)
_SERVER: msgspec.json.Decoder[AnyServerMessage] = msgspec.json.Decoder(AnyServerMessage)
_ENCODER = msgspec.json.Encoder()
_WHERE = re.compile(r" - at `(?:\$\.?)?([^`]*)`(?: in `\$\.?([^`]*)`)?$")
Message = TypeVar("Message")


def _said(kind: str, err: msgspec.ValidationError) -> str:
    """msgspec's words for a field that is wrong, as "kind: field: what is wrong" (a pattern's regular expression
    left out: it is in PROTOCOL.md)."""
    problem = str(err)
    field = ""
    if (where := _WHERE.search(problem)) is not None:
        problem = problem[:where.start()]
        field = f"{where.group(2)} {where.group(1)}" if where.group(2) else where.group(1)
    if "matching regex" in problem:
        problem = "not in the form allowed there"
    problem = problem[:1].lower() + problem[1:]
    return f"{kind}: {field}: {problem}" if field else f"{kind}: {problem}"


def _read(text: str | bytes, decoder: msgspec.json.Decoder[Message], kinds: frozenset[str]) -> Message:
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        envelope = _ENVELOPE.decode(text)
    except msgspec.ValidationError as err:  # JSON, but not a message (a ValidationError is a DecodeError too)
        problem = str(err)
        if problem.startswith("Expected `object`"):
            raise ProtocolError("a message is a JSON object") from None
        if problem.endswith("`$.type`") or problem.endswith("field `type`"):
            raise ProtocolError("type must be text") from None
        raise ProtocolError(f"protocol version {VERSION} only") from None
    except msgspec.DecodeError:
        raise ProtocolError("not JSON") from None
    if envelope.type not in kinds:
        raise ProtocolError(f"unknown message type {envelope.type[:40]!r}")
    try:
        return decoder.decode(text)
    except msgspec.ValidationError as err:
        raise ProtocolError(_said(envelope.type, err)[:MAX_TEXT]) from None


def _tags(union: object) -> frozenset[str]:
    """The types of the messages of a union, as they are written."""
    return frozenset(str(kind.__struct_config__.tag) for kind in get_args(union))


_CLIENT_TYPES, _SERVER_TYPES = _tags(AnyClientMessage), _tags(AnyServerMessage)


def read(text: str | bytes) -> AnyClientMessage:
    """A client's message, every field checked; raise ProtocolError saying what is wrong."""
    return _read(text, _CLIENT, _CLIENT_TYPES)


def read_reply(text: str | bytes) -> AnyServerMessage:
    """A server's message, as the game's client reads it; ProtocolError if it is not one."""
    return _read(text, _SERVER, _SERVER_TYPES)


def encode(message: ClientMessage | ServerMessage) -> str:
    """A message as JSON text (its version and type included)."""
    return _ENCODER.encode(message).decode("utf-8")



def fingerprint(certificate: bytes) -> str:
    """A certificate's SHA-256 (its DER bytes) as people compare it: 32 pairs of hex digits with colons, as
    ``openssl x509 -fingerprint -sha256`` and browsers show it. The server prints its own when it starts; a player
    compares it with what the Join screen shows."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(certificate).digest())
