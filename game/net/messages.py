"""Every message of the network protocol, both ways, each one typed class (a msgspec ``Struct``): the protocol's one
source. A client's text is decoded into one of these at the edge (game/net/protocol.py), with every field bounded
there: lengths, counts, integer ranges, and the characters a name, code, token, preset name or house rule may hold;
past the edge nothing is a raw dict. The server answers with them, the game's own client reads the server's into
them, and game/net/schema.py writes protocol.schema.json and PROTOCOL.md's message tables from them
(``python -m game.net.schema``).

The engine's values travel in the engine's own text form, written once there: the seat's view
(``SeatView.to_json``/``from_json``) and the rules (``Rules.to_dict``/``rules_from_dict``) as JSON objects, and an
event, a refusal (why, which each client says in its own player's language) and a hand's result as the engine's own
dataclasses, which are their JSON form field for field. Each such
field is marked ``Wire(name)``: game/net/schema.py gives its strict form, which the schema documents and the test
suite checks every sent message against.

A class's docstring says what happens (a client's message) or what it is; ``when`` says when it is sent.

>>> import msgspec
>>> msgspec.json.decode(b'{"v": 1, "type": "sit", "seat": 2}', type=AnyClientMessage)
Sit(seat=2, v=1)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, cast, get_args

from msgspec import Meta, Struct

from game.engine.events import Event
from game.engine.refusals import Refusal
from game.engine.results import HandResult

VERSION = 1
NAME_LENGTH = 24  # a name as others see it
CODE_LENGTH = 6
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
MAX_TEXT = 200  # a name as sent, an action: longer is never right


def clean_name(text: str, longest: int = NAME_LENGTH) -> str:
    """A player's name (or other words from the network) as others will see it: control characters (and other
    invisible ones) removed, spaces collapsed, cut to ``longest``."""
    shown = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return " ".join(shown.split())[:longest]


def level(name: str) -> Level:
    """A computer's level by its name (ValueError if it is not one)."""
    if name not in get_args(Level):
        raise ValueError(f"{name!r} is not a level")
    return cast(Level, name)  # one of Level's own values


@dataclass(frozen=True)
class Wire:
    """Marks a field that carries one of the engine's values in its own text form; game/net/schema.py knows the
    strict form of each by ``name`` (view, rules, event, result, phase, trump)."""
    name: str


# --- what fields hold, each bounded ---

def whole(pattern: str) -> str:
    """A regular expression that the whole text must match: Python's ``$`` also matches before a last newline,
    which would let "rook-classic\\n" through."""
    return f"^(?:{pattern})$(?!\\n)"


Seat = Annotated[int, Meta(ge=0, le=5, title="seat", description="a seat, 0-5 clockwise")]
SeatOrNone = Annotated[int, Meta(ge=-1, le=5, title="seat or -1", description="a seat, or -1 for none")]
# a code as typed: either case (a code is looked up in capitals)
Code = Annotated[str, Meta(pattern=whole(f"[{CODE_LETTERS}{CODE_LETTERS.lower()}]{{{CODE_LENGTH}}}"), title="code",
                           description=f"a table's join code: {CODE_LENGTH} of {CODE_LETTERS}")]
# no control characters (C0 and C1) at all; other invisible ones are cleaned away (``clean_name``)
Name = Annotated[str, Meta(max_length=MAX_TEXT, pattern=whole("[^\x00-\x1f\x7f-\x9f]*"), title="name",
                           description=f"a name: no control characters; cleaned of invisible ones and cut to "
                                       f"{NAME_LENGTH} characters")]
Token = Annotated[str, Meta(pattern=whole("[A-Za-z0-9_-]{1,64}"), title="token",
                            description="a seat's token: 1-64 letters, digits, - and _")]
PresetName = Annotated[str, Meta(pattern=whole("[a-z0-9]+(-[a-z0-9]+)*"), max_length=40, title="preset name",
                                 description="a preset's name (rook-classic, hearts-royal-3p: one of the server's "
                                             "games; lower-case letters, digits and single hyphens)")]
ActionText = Annotated[str, Meta(max_length=MAX_TEXT, pattern=whole("[a-z][a-z-]{0,15}( [A-Za-z0-9]{1,10}){0,20}"),
                                 title="action", description="an action's text (below): a word, then cards, a "
                                                             "number or a word, each after one space")]
Level = Literal["easy", "normal", "hard"]  # game.ai's LEVELS (a test checks they are the same)
SeatKind = Literal["me", "online", "computer"]
HouseRuleName = Annotated[str, Meta(pattern=whole("[a-z][a-z0-9_]{0,39}"), title="rule field",
                                    description="a rule field's name")]
Word = Annotated[str, Meta(max_length=40, pattern=whole("[A-Za-z0-9_ -]*"), title="word",
                           description="at most 40 letters, digits, spaces, - and _")]
HouseRuleValue = Annotated[bool | Annotated[int, Meta(ge=-1_000_000, le=1_000_000)] | Word
                           | Annotated[list[Word], Meta(max_length=10)],
                           Meta(title="true, false, a whole number (at most a million either way), a word or a list "
                                      "of at most 10 words")]
Reason = Annotated[str, Meta(title="text", description="a sentence for the player, in the server's language")]

# the engine's values (game/net/schema.py: their strict forms); a view and the rules cross as JSON objects, read by the
# engine's own readers (SeatView.from_json, rules_from_dict), which check every field
ViewJson = Annotated[dict[str, Any], Wire("view")]
RulesJson = Annotated[dict[str, Any], Wire("rules")]
EventValue = Annotated[Event, Wire("event")]
# why a server refuses, closes or pauses: a client says it in its own player's language (None from a server before
# it was sent: then ``reason``)
Why = Annotated[Annotated[Refusal, Wire("refusal")] | None,
                Meta(description="why, as a reason and what it names: a client says it in its player's language "
                                 "(see Reasons)")]
ResultValue = Annotated[HandResult, Wire("result")]
Phase = Annotated[str, Wire("phase")]
Trump = Annotated[str | None, Wire("trump")]


# --- a client's messages ---

class ClientMessage(Struct, tag_field="type", kw_only=True):
    """A client's message. Fields a message does not have are ignored."""
    v: Literal[1] = 1  # VERSION
    when: ClassVar[str]


class Hello(ClientMessage, tag="hello"):
    """Joins the table with that code: with a ``token``, takes back the seat it belongs to (at any time);
    without, takes the free online seat asked for, or the first, before the match begins. Answer: ``welcome``, or
    ``error`` and close."""
    when = "first message"
    name: Annotated[Name, Meta(description="the player's name")]
    code: Code
    seat: Annotated[Seat | None, Meta(description="the seat asked for")] = None
    token: Annotated[Token | None, Meta(description="the seat's token, to take it back")] = None

    def __post_init__(self) -> None:
        self.name = clean_name(self.name)


class Create(ClientMessage, tag="create"):
    """Makes a table with its own code; the creator sits in the `me` seat and owns it. Answer: ``welcome``."""
    when = ("first message (a dedicated server; a game hosting a table asks its own server for it the same way, "
            "over the loopback address)")
    name: Annotated[Name, Meta(description="the creator's name")]
    preset: Annotated[PresetName, Meta(description="the game: one of the server's presets, such as rook-classic")]
    seats: Annotated[list[SeatKind], Meta(min_length=2, max_length=6,
                                          description="one per player, `me` once: who sits there")]
    house_rules: Annotated[dict[HouseRuleName, HouseRuleValue],
                           Meta(max_length=40, description="house-rule fields and their values; the rules' own "
                                                           "checks judge them")] = {}
    level: Annotated[Level | Annotated[list[Level], Meta(max_length=6)],
                     Meta(title="`easy`, `normal` or `hard`, or a list of them",
                          description="the computers' level: one for all, or one per seat")] = "normal"
    names: Annotated[list[Name], Meta(max_length=6, description="one per seat: the computers' names")] = []
    keep: Annotated[Annotated[float, Meta(ge=0, le=3600)] | None,
                    Meta(description="seconds a dropped player's seat waits, and the table once nobody is at it "
                                     "(null: the server's --keep; more than its --keep-most is cut to it)")] = None

    def __post_init__(self) -> None:
        if self.seats.count("me") != 1:
            raise ValueError("seats must have 'me' once")
        if isinstance(self.level, list) and len(self.level) != len(self.seats):
            raise ValueError("level must be a level's name, or a list of one per seat")
        if self.names and len(self.names) != len(self.seats):
            raise ValueError("names must be a list of one name per seat")
        self.name = clean_name(self.name)
        self.names = [clean_name(name) for name in self.names]

    def levels(self) -> list[Level]:
        """The level of each seat."""
        return self.level if isinstance(self.level, list) else [self.level] * len(self.seats)


class Start(ClientMessage, tag="start"):
    """Computers take every online seat nobody took; the first hand is dealt; everyone gets ``state``."""
    when = "owner, before the match"


class Computer(ClientMessage, tag="computer"):
    """That online seat is played by a computer (its player, if any, is told ``closed``)."""
    when = "owner, before the match"
    seat: Annotated[Seat, Meta(description="the online seat")]


class Sit(ClientMessage, tag="sit"):
    """Moves to that free online seat (one nobody took): the player's name, token and connection go there, the seat
    left is free again; answer ``seated``, and everyone gets ``seats``. An ``error``, changing nothing, for: the
    match has begun, the owner (who sits where they chose), a seat taken or a computer's, a seat the table does
    not have."""
    when = "a player who joined, before the match"
    seat: Annotated[Seat, Meta(description="the free online seat")]


class Act(ClientMessage, tag="act"):
    """Applied if the engine accepts it (everyone gets ``played``), else ``refused``."""
    when = "the seat's turn"
    action: Annotated[ActionText, Meta(description="the action")]


class AskHint(ClientMessage, tag="hint"):
    """``hint`` with the hand review's own choice for this seat's position (the review's search), worked out on the
    server (``refused`` when it is not the seat's turn)."""
    when = "the seat's turn"


class Claim(ClientMessage, tag="claim"):
    """If no play can change the hand's result (not only the points: who shoots the moon, a contract made), the rest
    is played out (``claimed``), else ``refused``. The server says when it is so: ``turn`` with ``claim``."""
    when = "the seat's turn, at the start of a trick"


class Next(ClientMessage, tag="next"):
    """This player is done with the score sheet; the next hand is dealt when every connected player is (or after
    60 s)."""
    when = "after ``hand-over``"


class Bye(ClientMessage, tag="bye"):
    """The connection closes; the seat is kept as for a drop-out."""
    when = "any time"


# a message from a client at a table (after its hello or create)
AtTable = Start | Computer | Sit | Act | AskHint | Claim | Next | Bye
AnyClientMessage = Hello | Create | AtTable


# --- the server's messages ---

class SeatEntry(Struct, kw_only=True):
    """One seat as everyone at the table sees it."""
    name: Annotated[str, Meta(description="the player's or the computer's name")]
    kind: Annotated[Literal["online", "computer"], Meta(description="online: a person's seat, taken or not")]
    taken: Annotated[bool, Meta(description="a player holds its token")]
    connected: Annotated[bool, Meta(description="that player is connected now")]
    away: Annotated[bool, Meta(description="a computer plays this online seat until its player is back")]
    thinking: Annotated[bool, Meta(description="a computer is deciding for this seat now")]


class PastHand(Struct, kw_only=True):
    """A finished hand of the match."""
    result: ResultValue
    trump: Annotated[Trump, Meta(description="the hand's trump, or null")]


class ServerMessage(Struct, tag_field="type", kw_only=True):
    """A server's message."""
    v: Literal[1] = 1  # VERSION
    when: ClassVar[str]


class Welcome(ServerMessage, tag="welcome"):
    """The seat is this client's."""
    when = "after ``hello`` or ``create``"
    code: Code
    seat: Seat
    token: Annotated[str | None, Meta(description="for a new seat: keep it to come back; null when coming back "
                                                  "with one")]
    owner: Annotated[bool, Meta(description="this player owns the table")]
    rules: Annotated[RulesJson, Meta(description="the table's game, its house rules applied")]
    preset: Annotated[str, Meta(description="the preset's name")]


class Seats(ServerMessage, tag="seats"):
    """The seats as they are now."""
    when = "after ``welcome``, and whenever anything in the seats changes"
    seats: Annotated[list[SeatEntry], Meta(description="one per seat")]
    started: Annotated[bool, Meta(description="the match has begun")]
    code: Code


class Seated(ServerMessage, tag="seated"):
    """This player moved there (after ``sit``); the token is the same."""
    when = "after ``sit``"
    seat: Seat


class State(ServerMessage, tag="state"):
    """Everything a seat needs to show the table."""
    when = "the match begins, a new hand, coming back"
    view: Annotated[ViewJson, Meta(description="this seat's view")]
    hand: Annotated[int, Meta(ge=1, description="the hand's place in the match, from 1, thrown-in hands counted")]
    results: Annotated[list[PastHand], Meta(description="one per finished hand")]
    seats: Annotated[list[SeatEntry], Meta(description="one per seat")]
    over: Annotated[bool, Meta(description="the match is over")]
    winners: Annotated[list[Seat], Meta(description="the winners once the match is over, else empty")]


class Turn(ServerMessage, tag="turn"):
    """This seat decides now (sent again to a player who comes back on their turn, and once more with ``claim``
    true when the server finds the rest decided while the player thinks). A client decides once a decision: a
    second ``turn`` with the same view only adds ``claim``, which holds until anything is played."""
    when = "this seat is to move"
    phase: Annotated[Phase, Meta(description="the view's phase: what to decide")]
    claim: Annotated[bool, Meta(description="true: at the start of a trick no play can change the hand's result, so "
                                            "the player may `claim` the rest; false: not found so (yet: a later "
                                            "`turn` may say true); missing: not said (a server older than this field)"
                                            )] = False


class Played(ServerMessage, tag="played"):
    """An action, as this seat may see it."""
    when = "after every action"
    seat: Annotated[Seat, Meta(description="whose cards or decision it was; the rook-2p dummy's seat for its "
                                           "cards")]
    events: Annotated[list[EventValue], Meta(description="what it did")]
    view: Annotated[ViewJson, Meta(description="this seat's view after it")]


class Claimed(ServerMessage, tag="claimed"):
    """The rest of a hand played out at once."""
    when = "after a claim"
    seat: Annotated[Seat, Meta(description="who claimed, or the computer whose turn it was")]
    events: Annotated[list[EventValue], Meta(description="what the play-out did: who took each trick is its "
                                                         "`trick-won` events (a claim does not say the claimer "
                                                         "takes them)")]
    view: Annotated[ViewJson, Meta(description="this seat's view after it")]
    asked: Annotated[bool, Meta(description="true: the seat's player claimed (`claim`); false: nothing could change "
                                            "the result, and the server ended play itself on a computer's turn; "
                                            "missing: not said (a server older than this field)")] = False


class Refused(ServerMessage, tag="refused"):
    """An action, hint or claim not taken."""
    when = "after ``act``, ``hint`` or ``claim``"
    action: Annotated[str, Meta(description="the action refused, or hint, or claim")]
    reason: Reason
    why: Why = None


class Hint(ServerMessage, tag="hint"):
    """The hand review's choice for this seat's position."""
    when = "after ``hint``"
    action: Annotated[str, Meta(description="an action")]


class HandOver(ServerMessage, tag="hand-over"):
    """The hand is over: the score sheet."""
    when = "the hand's last action"
    result: ResultValue
    trump: Annotated[Trump, Meta(description="the hand's trump, or null")]
    view: Annotated[ViewJson, Meta(description="this seat's view of the finished hand")]
    over: Annotated[bool, Meta(description="the match is over with this hand")]


class MatchOver(ServerMessage, tag="match-over"):
    """The match is over."""
    when = "after every connected player's ``next``"
    winners: Annotated[list[Seat], Meta(description="more than one on a shared win")]


class Error(ServerMessage, tag="error"):
    """A bad message; a refused ``hello`` or ``create`` (then the connection closes); a flood."""
    when = "after a bad message"
    reason: Reason
    why: Why = None


class Closed(ServerMessage, tag="closed"):
    """The table is over for this client (the host left, the server stopped, the seat was given to a computer, the
    same player joined from elsewhere); the connection closes."""
    when = "the table is over for this client"
    reason: Reason
    why: Why = None


class Paused(ServerMessage, tag="paused"):
    """The server cannot save (a full disk): the action that could not be kept was taken back (its sender was
    ``refused``, nobody was told of it), and nothing is played at the table until it can. An ``act`` or ``claim``
    meanwhile is ``refused`` with the same reason."""
    when = "the server cannot save; and to a player who comes back to a paused table"
    reason: Reason
    why: Why = None


class Resumed(ServerMessage, tag="resumed"):
    """The server can save again: play goes on (the player to move gets ``turn`` again)."""
    when = "after ``paused``, once the server can save"


AnyServerMessage = (Welcome | Seats | Seated | State | Turn | Played | Claimed | Refused | Hint | HandOver | MatchOver
                    | Error | Closed | Paused | Resumed)
