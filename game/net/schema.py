"""The protocol described from its one source, the message classes (game/net/messages.py), and the engine's own
values: the strict form of every message (what the test suite checks each message a server sends against),
protocol.schema.json (JSON Schema 2020-12) and PROTOCOL.md's tables, both written by ``python -m game.net.schema``
(``--check`` says whether the committed files are current, as tests/test_protocol_schema.py does).

The engine's values are not written again here: the seat's view is ``SeatView``'s fields (a Rook view its
``RookPart``'s too, a Hearts view its ``HeartsPart``'s), an event ``Event``'s, a hand's result ``HandResult``'s and the
rules ``Rules``' (each rule field's comment and allowed values, rules.py). What the protocol adds is said below once
per field: what it means for a client, and its bounds (a seat, a card, a phase).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import re
import string
import sys
import types
import typing
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec
from msgspec import Meta

from game.engine import actions as A
from game.engine import cards as C
from game.engine.events import KINDS, Event
from game.engine.hand import DONE
from game.engine.hearts import HeartsHand
from game.engine.language import language, use_language
from game.engine.refusals import REASONS as RULES_REASONS
from game.engine.refusals import SENTENCES as RULES_SENTENCES
from game.engine.refusals import Refusal
from game.engine.results import HandResult
from game.engine.rook import RookHand
from game.engine.rules import Rules
from game.engine.view import JSON_NAMES, Choice, HeartsPart, RookPart, SeatView, TrickView
from game.engine.words import DIRECTION_WORDS

from . import messages as M
from .reasons import REASONS as SERVER_REASONS
from .reasons import SENTENCES as SERVER_SENTENCES

# ``Any`` below stands for a type form (a field's annotation, built and taken apart at run time), which typing has no
# narrower name for
HERE = Path(__file__).parent
SCHEMA_PATH = HERE / "protocol.schema.json"
PROTOCOL_PATH = HERE / "PROTOCOL.md"
SCHEMA_ID = "https://trickhouse.invalid/protocol/v1/protocol.schema.json"

Card = Annotated[str, Meta(pattern=M.whole("ROOK|JK|[BGRY](1[0-4]|[1-9])|[2-9TJQKA][CDHS]"), title="card")]
TRUMPS = (*C.SUIT_NAMES[C.ROOK_DECK], *C.SUIT_NAMES[C.STANDARD_DECK], "none")
ROOK_PHASES = (*RookHand.PHASES, DONE)
HEARTS_PHASES = (*HeartsHand.PHASES, DONE)
Leaf = Meta | tuple[Any, ...] | None  # what a field's numbers or texts may be: bounds, or the values allowed


@dataclasses.dataclass(frozen=True)
class Doc:
    """What the protocol says of one field of an engine value: its meaning for a client, and the bounds of every
    whole number (``ints``) and every text (``texts``) in it."""
    says: str
    ints: Leaf = None
    texts: Leaf = None


def meta(alias: Any) -> Meta:
    """The bounds an ``Annotated`` type alias puts on its values."""
    bounds: Meta = get_args(alias)[1]
    return bounds


SEAT = meta(M.Seat)
SEAT_OR_NONE = meta(M.SeatOrNone)
CARD = meta(Card)
FROM_0 = Meta(ge=0)

VIEW = {
    "game": Doc("the preset's name"),
    "deck": Doc('how its cards are named (see "Cards and actions")', texts=C.DECKS),
    "seat": Doc("the seat this view is for", SEAT),
    "players": Doc("players at the table", Meta(ge=2, le=6)),
    "dealer": Doc("the dealer", SEAT),
    "number": Doc("the hand's number in the match, from 0 (a hand thrown in is dealt again with the same number)",
                  FROM_0),
    "scores": Doc("the match score of each seat before this hand"),
    "phase": Doc("what the hand is at"),  # each family's phases: ``view_struct``
    "to_move": Doc("whose player decides now (-1 once the hand is done)", SEAT_OR_NONE),
    "turn": Doc('whose cards or decision it is (see "Whose turn"; -1 once the hand is done)', SEAT_OR_NONE),
    "seating": Doc("every seat, clockwise, starting with this one", SEAT),
    "moves": Doc("actions taken in this hand so far", FROM_0),
    "hand": Doc("this seat's cards (rook-2p's dummy seat: the dummy's face-up cards)", texts=CARD),
    "hand_sizes": Doc("how many cards each hand holds (rook-2p: three, the dummy's last)", FROM_0),
    "trick": Doc("the trick on the table, in the order played: [seat, card]", SEAT, CARD),
    "tricks": Doc("the finished tricks of the hand, in order"),
    "tricks_won": Doc("tricks each seat has taken this hand", FROM_0),
    "points": Doc("points each seat has taken this hand (Hearts: penalty points)"),
    "legal": Doc('what this seat may do now, as actions; empty when it is not its turn, and for a choice of several '
                 'cards (see "Choosing several cards")'),
    "cards_to_choose": Doc("how many cards this seat must choose now (nest discard, Hearts pass), else 0", FROM_0),
    "choosing": Doc("the action word for those cards (the action is the word and the cards chosen), else empty",
                    texts=("", "discard", "pass-cards")),
}
ROOK_VIEW = {
    "declarer": Doc("who won the auction", SEAT_OR_NONE),
    "contract": Doc("the winning bid (0 before)"),
    "bids": Doc("the auction so far: [seat, action], each action `bid N` or `pass`", SEAT),
    "high_bid": Doc("the highest bid so far (0 if none)"),
    "lowest_bid": Doc("during the auction, the lowest bid allowed now; else 0"),
    "trump": Doc("the trump named, null before", texts=TRUMPS),
    "order": Doc("the rank order", texts=A.ORDERS),
    "trump_card": Doc("Beginner: the nest's top card, face up, that named trump", texts=CARD),
    "nest_size": Doc("cards in the nest (or laid back into it)", FROM_0),
    "discarded": Doc("the cards this seat laid back into the nest (the declarer's view only)", texts=CARD),
    "laid_aside": Doc("Original 3-player: the card this seat laid aside (its view only)", texts=CARD),
    "from_nest": Doc("the nest's cards now in this seat's hand, while it chooses its discard (the declarer's view "
                     "only)", texts=CARD),
    "thrown_in": Doc("everyone passed: the hand is thrown in and dealt again"),
    "dummy_seat": Doc("rook-2p: the dummy's seat (2); -1 in other games", SEAT_OR_NONE),
    "dummy": Doc("rook-2p: the dummy's face-up cards (the dummy seat's `hand` is these too); empty in other games",
                 texts=CARD),
    "partnerships": Doc("who plays with whom where the deal says so (partnership games; rotating partners as they "
                        "sit this hand); empty otherwise", SEAT),
    "called": Doc("5-player 500: the card the declarer called (null before, and in other games)", texts=CARD),
    "partner": Doc("5-player 500: the called partner, if this seat knows who it is (-1 otherwise)", SEAT_OR_NONE),
    "nest": Doc("once the hand is done, unless it was thrown in: the cards dealt to the nest; empty before",
                texts=CARD),
}
HEARTS_VIEW = {
    "pass_direction": Doc("where this hand's pass goes (trade: 2 players; hold: no pass)",
                          texts=Rules.field_docs()["pass_cycle"]["choices"]),
    "passing": Doc("the cards this seat chose to pass, before the exchange", texts=CARD),
    "passed": Doc("the cards this seat passed", texts=CARD),
    "received": Doc("the cards this seat received", texts=CARD),
    "hearts_broken": Doc("hearts are broken"),
    "sub_hand": Doc("Hearts for 2: which of the two 13-trick halves is being played; 0 in other games", (0, 1, 2)),
}
TRICK = {
    "leader": Doc("who led it", SEAT),
    "cards": Doc("[seat, card] in the order played", SEAT, CARD),
    "winner": Doc("who took it", SEAT),
}
EVENT = {
    "kind": Doc("what happened", texts=KINDS),
    "seat": Doc("who did it, or whom it concerns", SEAT_OR_NONE),
    "cards": Doc("the cards concerned (empty for every other seat when secret)", texts=CARD),
    "points": Doc("a bid, a contract, the points of a trick won; else 0"),
    "word": Doc("a trump, a rank order, a moon reward, a hand chosen; else empty"),
    "secret": Doc("the cards are for the event's own seat only, and are empty for everyone else"),
}
RESULT = {
    "points": Doc("what each seat captured (Hearts: penalty points; rook-2p: the dummy's seat too)"),
    "score_change": Doc("each player's change to the match score"),
    "sides": Doc("the seats that scored together this hand", SEAT),
    "declarer": Doc("the declarer", SEAT_OR_NONE),
    "contract": Doc("the contract, 0 without one"),
    "made": Doc("the declaring side made its bid; null without a declarer"),
    "moon_shooter": Doc("who shot the moon", SEAT_OR_NONE),
    "thrown_in": Doc("everyone passed and the hand does not count"),
    "lower_is_better": Doc("Hearts: points count against the player"),
    "trump": Doc("the trump named; null when none was named, and in Hearts", texts=TRUMPS),
    "order": Doc("the rank order", texts=A.ORDERS),
    "called": Doc("5-player 500's called card", texts=CARD),
}
REFUSAL = {
    "reason": Doc("why: one of the reasons below (a newer server may give others: see Reasons)",
                  texts=(*RULES_REASONS, *SERVER_REASONS)),
    "cards": Doc("the cards its sentence names; else empty", texts=CARD),
    "number": Doc("the number its sentence names (a count of cards, seats or tables, a bid); else 0", FROM_0),
    "step": Doc("how far each bid must go up (`bid-steps`, `bid-steps-or-pass`); else 0", FROM_0),
    "word": Doc("the suit its sentence names (a trump name, or `rook`: the Rook Bird's own, at no trump), or the "
                "pass direction (the rules' `pass_cycle` words); else empty",
                texts=("", *TRUMPS[:-1], "rook", *DIRECTION_WORDS)),
    "detail": Doc("`unreadable`, `bad-message`, `rules-refused`: what is wrong, in the server's own words (not "
                  "translated); else empty", texts=Meta(max_length=M.MAX_TEXT)),
}
RULE_CARDS = {"removed"}  # rule fields that list cards


# --- the engine's values, strictly ---

def one_of(values: tuple[Any, ...]) -> Any:
    """``Literal[values]``, of values known only when this runs."""
    return Literal.__getitem__(values)


def _leaf(kind: type, bound: Leaf) -> Any:
    if isinstance(bound, tuple):
        return one_of(bound)
    return Annotated[kind, bound] if bound is not None else kind


def refined(hint: Any, doc: Doc) -> Any:
    """An engine field's type as the protocol carries it, with the field's bounds on its numbers and texts: tuples
    are lists (a pair stays a pair), a legal action is its text, a finished trick an object."""
    if hint is bool:
        return bool
    if hint is int:
        return _leaf(int, doc.ints)
    if hint is str:
        return _leaf(str, doc.texts)
    if hint is Choice:
        return str
    if hint is TrickView:
        return engine_struct("trick", TrickView)
    args = get_args(hint)
    if get_origin(hint) is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return list.__class_getitem__(refined(args[0], doc))  # a list of types made here (as list[...])
        return tuple.__class_getitem__(tuple(refined(arg, doc) for arg in args))
    if get_origin(hint) in (Union, types.UnionType):
        return Union[tuple(refined(arg, doc) for arg in args)]  # noqa: UP007  (built from a list)
    if hint is type(None):
        return None
    raise TypeError(f"no protocol form for {hint!r}")


def _struct(name: str, fields: list[tuple[str, Any]], doc: str, **config: Any) -> type[msgspec.Struct]:
    return msgspec.defstruct(name, fields, kw_only=True, forbid_unknown_fields=True, namespace={"__doc__": doc},
                             **config)


@functools.cache
def engine_struct(name: str, value: type) -> type[msgspec.Struct]:
    """The strict form of one of the engine's dataclasses, every field as its Doc says (a trick, an event, a
    result)."""
    docs = {"trick": TRICK, "event": EVENT, "result": RESULT, "refusal": REFUSAL}[name]
    hints = typing.get_type_hints(value)
    fields = [(field.name, Annotated[refined(hints[field.name], docs[field.name]), Meta(description=docs[field.name]
                                                                                         .says)])
              for field in dataclasses.fields(value)]
    return _struct(name, fields, (value.__doc__ or "").split("\n\n")[0])


def _view_fields(part: type, docs: dict[str, Doc], phases: tuple[str, ...]) -> list[tuple[str, Any]]:
    hints = {**typing.get_type_hints(SeatView), **typing.get_type_hints(part)}
    named = [(spec.name, spec.name) for spec in dataclasses.fields(SeatView) if spec.name not in ("rook", "hearts")]
    named += [(JSON_NAMES.get(spec.name, spec.name), spec.name) for spec in dataclasses.fields(part)]
    fields = []
    for wire, field in named:
        if wire == "family":  # the tag
            continue
        doc = {**VIEW, **docs}[wire]
        if wire == "phase":
            doc = dataclasses.replace(doc, texts=phases)
        fields.append((wire, Annotated[refined(hints[field], doc), Meta(description=doc.says)]))
    return fields


@functools.cache
def view_type() -> Any:
    """A seat's view, strictly: a Rook view or a Hearts view, as its ``family`` says."""
    rook = _struct("view-rook", _view_fields(RookPart, ROOK_VIEW, ROOK_PHASES),
                   "a Rook seat's view of the hand: everything it may know now, and nothing else",
                   tag_field="family", tag="rook")
    hearts = _struct("view-hearts", _view_fields(HeartsPart, HEARTS_VIEW, HEARTS_PHASES),
                     "a Hearts seat's view of the hand: everything it may know now, and nothing else",
                     tag_field="family", tag="hearts")
    return rook | hearts


@functools.cache
def rules_struct() -> type[msgspec.Struct]:
    """Every rule field, as rules.py declares it: its comment, its range or its choices."""
    fields = []
    for name, spec in Rules.field_docs().items():
        default, choices = spec["default"], spec["choices"]
        kind: Any
        if spec["by_rank"]:
            rank = Annotated[str, Meta(pattern=M.whole("[1-9]|1[0-4]"), title="rank")]
            kind = dict.__class_getitem__((rank, Annotated[int, Meta(ge=0, le=1000)]))
        elif isinstance(default, bool):
            kind = bool
        elif isinstance(default, int):
            kind = Annotated[int, Meta(ge=spec["low"], le=spec["high"])]
        elif isinstance(default, str):
            kind = one_of(choices) if choices else str
        else:  # a list
            kind = list.__class_getitem__(one_of(choices)) if choices else list[Card] if name in RULE_CARDS else \
                list[str]
        says = f"(house) {spec['doc']}" if spec["house"] and not spec["doc"].startswith("(house)") else spec["doc"]
        fields.append((name, Annotated[kind, Meta(description=says)]))
    return _struct("rules", fields, "every rule field of the table's game, house rules applied (Rules.to_dict)")


WIRES: dict[str, Callable[[], Any]] = {
    "view": view_type,
    "rules": rules_struct,
    "event": lambda: engine_struct("event", Event),
    "result": lambda: engine_struct("result", HandResult),
    "refusal": lambda: engine_struct("refusal", Refusal),
    "phase": lambda: one_of(tuple(dict.fromkeys(ROOK_PHASES + HEARTS_PHASES))),
    "trump": lambda: one_of(TRUMPS) | None,
}


# --- the messages, strictly ---

def _message_name(kind: type[msgspec.Struct]) -> str:
    config = kind.__struct_config__
    if config.tag is None:
        return re.sub(r"(?<!^)(?=[A-Z])", "-", kind.__name__).lower()  # SeatEntry: seat-entry
    side = "client" if issubclass(kind, M.ClientMessage) else "server"
    return f"{side}-{config.tag}"


def strict(hint: Any) -> Any:
    """A message field's type as the protocol checks it: each engine value in its strict form, each struct
    strict (no field it does not have; a message's ``v`` required)."""
    if get_origin(hint) is Annotated:
        wires = [each for each in hint.__metadata__ if isinstance(each, M.Wire)]
        if wires:
            return WIRES[wires[0].name]()
        return Annotated[(strict(hint.__origin__), *hint.__metadata__)]
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return strict_struct(hint)
    args = get_args(hint)
    if get_origin(hint) in (Union, types.UnionType):
        return Union[tuple(strict(arg) for arg in args)]  # noqa: UP007  (built from a list)
    if get_origin(hint) in (list, dict) and args:
        return get_origin(hint)[tuple(strict(arg) for arg in args)]
    return hint


@functools.cache
def strict_struct(kind: type[msgspec.Struct]) -> type[msgspec.Struct]:
    hints = typing.get_type_hints(kind, include_extras=True)
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for field in msgspec.structs.fields(kind):
        if field.name == "v":
            fields.append(("v", Annotated[Literal[1], Meta(description="the protocol's version, the number 1")]))
        elif field.default is msgspec.NODEFAULT:
            fields.append((field.name, strict(hints[field.name])))
        else:
            fields.append((field.name, strict(hints[field.name]), field.default))
    config = kind.__struct_config__
    client = issubclass(kind, M.ClientMessage)  # a client's message may have fields it does not use
    return msgspec.defstruct(_message_name(kind), fields, kw_only=True, forbid_unknown_fields=not client,
                             tag_field=config.tag_field, tag=config.tag,
                             namespace={"__doc__": " ".join((kind.__doc__ or "").split())})


def client_types() -> tuple[type[msgspec.Struct], ...]:
    return get_args(M.AnyClientMessage)


def server_types() -> tuple[type[msgspec.Struct], ...]:
    return get_args(M.AnyServerMessage)


@functools.cache
def _checker() -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(Union[tuple(strict_struct(kind) for kind in server_types())])  # noqa: UP007


def problems(text: str | bytes) -> list[str]:
    """What is wrong with a server's message as it was sent (nothing: it is as the protocol says)."""
    try:
        _checker().decode(text)
    except msgspec.ValidationError as err:
        return [str(err)]
    return []


# --- protocol.schema.json ---

def schema() -> dict[str, Any]:
    """The protocol as JSON Schema: ``$defs/client-T`` and ``$defs/server-T`` for a message of type T, the
    values they carry beside them."""
    kinds = [strict_struct(kind) for kind in client_types() + server_types()]
    _, components = msgspec.json.schema_components(kinds, ref_template="#/$defs/{name}")
    for definition in components.values():
        definition.pop("title", None)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "The Trickhouse network protocol, version 1",
            "description": "Generated from game/net/messages.py by python -m game.net.schema: do not edit. Each "
                           "message is one JSON object in one WebSocket text frame.",
            "$defs": dict(sorted(components.items()))}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


# --- PROTOCOL.md's tables ---

STRUCT_WORDS = {"seat-entry": "seat entry (below)"}
WIRE_WORDS = {"view": "view (below)", "rules": "rules (below)", "event": "event (below)",
              "result": "a hand's result (below)", "phase": "a phase (the view's)", "trump": "a trump name or null",
              "refusal": "a reason (below)"}


def plural(said: str) -> str:
    """Words for a type, for a list of them."""
    if said.startswith(("`", "[", "object")) or " or " in said:
        return said
    if said.startswith("list of "):
        return "lists of " + said.removeprefix("list of ")
    tokens = said.split(" ")
    last = next((i for i, token in enumerate(tokens) if token.startswith("(") or token == "from" or token[0].isdigit()),
                len(tokens)) - 1  # the noun: the end of the words before any bounds
    noun = tokens[last]
    tokens[last] = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return " ".join(tokens)


def words(hint: Any) -> str:
    """A field's type as PROTOCOL.md says it."""
    if get_origin(hint) is Annotated:
        wires = [each for each in hint.__metadata__ if isinstance(each, M.Wire)]
        if wires:
            return WIRE_WORDS[wires[0].name]
        metas = [each for each in hint.__metadata__ if isinstance(each, Meta)]
        titled = [meta.title for meta in metas if meta.title]
        if titled:
            return titled[-1]
        base = words(hint.__origin__)
        for meta in metas:
            base += _bounds(meta)
        return base
    if hint is bool:
        return "boolean"
    if hint is int:
        return "integer"
    if hint is float:
        return "number"
    if hint is str:
        return "text"
    if hint is type(None):
        return "null"
    args = get_args(hint)
    if get_origin(hint) is Literal:
        said = [f"`{arg}`" if arg != "" else "empty" for arg in args]
        return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"
    if get_origin(hint) in (Union, types.UnionType):
        return " or ".join(words(arg) for arg in args)
    if get_origin(hint) is list:
        return f"list of {plural(words(args[0]))}"
    if get_origin(hint) is tuple:
        return f"[{', '.join(words(arg) for arg in args)}]"
    if get_origin(hint) is dict:
        return f"object of {plural(words(args[0]))} to {plural(words(args[1]))}"
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        name = _message_name(hint)
        if name in STRUCT_WORDS:
            return STRUCT_WORDS[name]
        fields = typing.get_type_hints(hint, include_extras=True)
        return "object: " + ", ".join(f"`{field}` ({words(fields[field])})" for field in hint.__struct_fields__)
    raise TypeError(f"no words for {hint!r}")


def _without_null(hint: Any) -> Any:
    """An optional field's type without its null (said as "optional")."""
    kept = tuple(arg for arg in get_args(hint) if arg is not type(None))
    return Union[kept] if len(kept) > 1 else kept[0]  # noqa: UP007  (built from a list)


def _bounds(meta: Meta) -> str:
    if meta.ge is not None and meta.le is not None:
        return f" {meta.ge:,}-{meta.le:,}"
    if meta.ge is not None:
        return f" from {meta.ge}"
    if meta.min_length is not None and meta.max_length is not None:
        return f" ({meta.min_length}-{meta.max_length})"
    if meta.max_length is not None:
        return f" (at most {meta.max_length:,})"
    return ""


def _described(hint: Any) -> str:
    if get_origin(hint) is not Annotated:
        return ""
    said = [each.description for each in hint.__metadata__ if isinstance(each, Meta) and each.description]
    return said[-1] if said else ""


def _field_list(kind: type[msgspec.Struct]) -> str:
    hints = typing.get_type_hints(kind, include_extras=True)
    out = []
    for field in msgspec.structs.fields(kind):
        if field.name == "v":
            continue
        hint = hints[field.name]
        if field.default is not msgspec.NODEFAULT and get_origin(hint) is Annotated and \
                get_origin(hint.__origin__) in (Union, types.UnionType):
            hint = Annotated[(_without_null(hint.__origin__), *hint.__metadata__)]
        optional = ", optional" if field.default is not msgspec.NODEFAULT else ""
        said = _described(hint)
        kind_words = words(hint)
        out.append(f"`{field.name}` ({kind_words}{optional}{': ' + said if said and said != kind_words else ''})")
    return ", ".join(out) or "—"


def message_table(kinds: tuple[type[msgspec.Struct], ...], last: str) -> str:
    rows = ["| type | fields | when | " + last + " |", "|---|---|---|---|"]
    for kind in kinds:
        doc = " ".join((kind.__doc__ or "").split()).replace("``", "`")
        when = str(getattr(kind, "when", "")).replace("``", "`")
        rows.append(f"| `{kind.__struct_config__.tag}` | {_field_list(kind)} | {when} | {doc} |")
    return "\n".join(rows)


def field_table(kind: Any, fields: Collection[str] | None = None, said: dict[str, str] | None = None) -> str:
    """A table of a strict struct's fields (``fields``: only those; ``said``: a field's type in other words): each
    field's name, its type in words and its description."""
    rows = ["| field | type | what it is |", "|---|---|---|"]
    hints = typing.get_type_hints(kind, include_extras=True)
    tag = kind.__struct_config__.tag_field
    if tag is not None and (fields is None or tag in fields):
        rows.append(f"| `{tag}` | {(said or {})[tag]} | which kind it is |")
    for field in msgspec.structs.fields(kind):
        if fields is None or field.name in fields:
            hint = hints[field.name]
            rows.append(f"| `{field.name}` | {(said or {}).get(field.name) or words(hint)} | {_described(hint)} |")
    return "\n".join(rows)


# the fields of a reason each placeholder of its sentence is filled from (Refusal.words)
FILLED_FROM = {"card": ("cards",), "cards": ("cards",), "count": ("number",), "low": ("number",), "high": ("number",),
               "bids": ("number", "step"), "step": ("step",), "suit": ("word",), "direction": ("word",),
               "detail": ("detail",)}


def reason_table() -> str:
    """Each reason, its sentence in English (the plural where it counts) and the fields that sentence names."""
    rows = ["| reason | the sentence, in English | names |", "|---|---|---|"]
    speaking = language()
    use_language("en")
    try:
        for reason in (*RULES_REASONS, *SERVER_REASONS):
            sentence = RULES_SENTENCES.get(reason) or SERVER_SENTENCES[reason]
            text = sentence(Refusal(reason, cards=("",) * 2, number=2))  # the plural, where it counts
            fields = dict.fromkeys(field for _, name, _, _ in string.Formatter().parse(text) if name
                                   for field in FILLED_FROM[name])
            rows.append(f"| `{reason}` | {text} | {', '.join(f'`{field}`' for field in fields) or '—'} |")
    finally:
        use_language(speaking)
    return "\n".join(rows)


def tables() -> dict[str, str]:
    """Each generated part of PROTOCOL.md by its name."""
    rook, hearts = get_args(view_type())
    phases = {"phase": "Rook " + ", ".join(f"`{p}`" for p in ROOK_PHASES) + "; Hearts "
              + ", ".join(f"`{p}`" for p in HEARTS_PHASES), "family": "`rook` or `hearts`"}
    return {
        "client-messages": message_table(client_types(), "what happens"),
        "server-messages": message_table(server_types(), "what it is"),
        "seat-entry": field_table(strict_struct(M.SeatEntry)),
        "event": field_table(engine_struct("event", Event)),
        "result": field_table(engine_struct("result", HandResult)),
        "refusal": field_table(engine_struct("refusal", Refusal)),
        "reasons": reason_table(),
        "view": field_table(rook, {"family", *VIEW}, phases),
        "view-rook": field_table(rook, ROOK_VIEW),
        "view-hearts": field_table(hearts, HEARTS_VIEW),
        "rules": field_table(rules_struct()),
    }


BEGIN = re.compile(r"<!-- generated: ([a-z-]+) -->\n.*?<!-- end of generated \1 -->", re.DOTALL)


def protocol_text(current: str) -> str:
    """PROTOCOL.md with each generated part written again from the classes."""
    made = tables()

    def part(found: re.Match[str]) -> str:
        name = found.group(1)
        return f"<!-- generated: {name} -->\n{made[name]}\n<!-- end of generated {name} -->"
    return BEGIN.sub(part, current)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.schema",
                                     description="Write protocol.schema.json and PROTOCOL.md's tables from "
                                                 "game/net/messages.py")
    parser.add_argument("--check", action="store_true", help="only say whether the committed files are current")
    args = parser.parse_args(argv)
    protocol = PROTOCOL_PATH.read_text(encoding="utf-8")
    wanted = {SCHEMA_PATH: schema_text(), PROTOCOL_PATH: protocol_text(protocol)}
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path} is not what game/net/messages.py makes: run python -m game.net.schema")
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
