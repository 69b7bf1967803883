"""Why a table server refuses, closes or pauses, as a value: the engine's ``Refusal`` (a reason and what it names),
which the server sends beside its own words (``refused``, ``error``, ``closed`` and ``paused``'s ``why``) so that each
client says it in its own player's language (game/net/PROTOCOL.md, "Reasons"). The engine's reasons are the rules'
refusals; the server's own reasons are here, with their sentences (``SENTENCES``), said by the engine's one wording
function, ``Refusal.words``.

>>> from game.engine.language import use_language
>>> _ = use_language("en")
>>> said(Refusal("table-full")), said(Refusal("no-such-seat", number=4)), said(Refusal("not-your-turn"))
('The table is full', 'This table has 4 seats', 'It is not your turn')
"""

from __future__ import annotations

from game.engine.language import gettext, ngettext
from game.engine.refusals import AS_SAID, Refusal, Sentence

from . import messages as M

# Each of the server's own reasons, and its sentence as the language in force says it.
SENTENCES: dict[str, Sentence] = {
    # joining a table, and its seats
    "no-table": lambda why: gettext("There is no table to join with that code: check it with the table's host"),
    "seat-taken": lambda why: gettext("That seat is not free"),
    "table-full": lambda why: gettext("The table is full"),
    "no-such-seat": lambda why: ngettext("This table has {count} seat", "This table has {count} seats", why.number),
    "owner-only": lambda why: gettext("Only the table's owner may do that"),
    "owner-sits": lambda why: gettext("The table's owner sits where they chose"),
    "not-for-a-computer": lambda why: gettext("Only another online seat can be given to a computer"),
    "match-begun": lambda why: gettext("The match has begun"),
    "match-not-begun": lambda why: gettext("The match has not begun"),
    # making a table
    "server-full": lambda why: ngettext("This server holds at most {count} table",
                                        "This server holds at most {count} tables", why.number),
    "address-tables": lambda why: ngettext(
        "Your address may have at most {count} table at once on this server: a table ends once nobody is at it",
        "Your address may have at most {count} tables at once on this server: a table ends once nobody is at it",
        why.number),
    "address-hourly": lambda why: ngettext(
        "Your address may make at most {count} table an hour on this server: try again later",
        "Your address may make at most {count} tables an hour on this server: try again later", why.number),
    "rules-refused": lambda why: AS_SAID,  # the rules' own checks, as the server's engine words them
    # the store
    "cannot-save-now": lambda why: gettext("The server cannot save just now: try again in a moment"),
    "cannot-save": lambda why: gettext("The server cannot save the game: play is paused until it can"),
    # the connection
    "say-hello": lambda why: gettext("Say hello first"),
    "slow-down": lambda why: gettext("Too many messages: slow down"),
    "bad-message": lambda why: AS_SAID,  # a message that broke the protocol: the protocol's own words (English)
    "server-fault": lambda why: gettext("The server could not handle that message"),
    # the table over for this client
    "given-to-computer": lambda why: gettext("The owner gave your seat to a computer"),
    "joined-elsewhere": lambda why: gettext("You joined from another connection"),
    "host-left": lambda why: gettext("The host ended the table"),
    "match-over": lambda why: gettext("The match is over"),
    "server-stopped": lambda why: gettext("The server stopped"),
}
REASONS = tuple(SENTENCES)
HOST_LEFT, SERVER_STOPPED = Refusal("host-left"), Refusal("server-stopped")  # why a table ends, unless told otherwise


def said(why: Refusal, deck: str | None = None) -> str | None:
    """``why`` in the language in force, with cards as a player names them in ``deck`` (a table's; None before a
    welcome): a reason of the server's or of the engine's; None for one this game does not know (a newer
    server's), or naming what ``deck`` has not."""
    return why.words(deck, SENTENCES)


def shown(why: Refusal | None, plain: str, deck: str | None = None) -> str:
    """What a player reads of a server's refusal, closing or pause: ``why`` in their own language; else (a reason
    this game does not know, or a server that sent none) ``plain``, the server's own words; else a line of ours."""
    return (said(why, deck) if why is not None else None) or plain or gettext("The table refused")


def plain(why: Refusal, deck: str | None = None) -> str:
    """The server's own words for ``why`` (its ``reason``, for clients that do not know the reason)."""
    return said(why, deck) or why.reason


def refused(action: str, why: Refusal, deck: str) -> M.Refused:
    return M.Refused(action=action, reason=plain(why, deck), why=why)


def error(why: Refusal) -> M.Error:
    return M.Error(reason=plain(why), why=why)


def closed(why: Refusal) -> M.Closed:
    return M.Closed(reason=plain(why), why=why)


def paused() -> M.Paused:
    why = Refusal("cannot-save")
    return M.Paused(reason=plain(why), why=why)


class NotTaken(ValueError):
    """A request the server does not take: ``why`` is told to its sender; the text is for the log."""

    def __init__(self, why: Refusal, log: str = "") -> None:
        super().__init__(log or why.reason)
        self.why = why
