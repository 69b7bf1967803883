"""Sentences about people, written in one place so that every screen gets them right in every language: the person
at the screen is "You" ("You take the trick", "Your table"), and a sentence about them, about one other person or
about several is each a whole sentence of its own for the translator ("{name} takes the trick"), never a verb made
to agree by the program. Counts agree with their noun through ``ngettext`` at the place that says them.

>>> from game.engine.language import gettext, use_language
>>> _ = use_language("en")
>>> [said_of(name, gettext("{name} takes the trick"), gettext("You take the trick")) for name in ("You", "East")]
['You take the trick', 'East takes the trick']
>>> joined(["Ann", "Bo", "Cy"]), player_name("You"), player_name("Sam")
('Ann, Bo and Cy', 'You', 'Sam')
>>> played_out_words(["You", "You", "You"])
'The rest is decided: you take all 3 tricks'
>>> played_out_words(["West", "You", "West"], claimer="North", past=True)
'North claimed the rest: West took 2 tricks and you took 1 trick'
"""

from __future__ import annotations

from .language import N_, gettext, ngettext

YOU = "You"  # the name of the person at the screen, when they have not given one (kept so in files)
# the name of each seat nobody named, by the number of players: where it sits, as the table draws it (the person at
# the screen at the bottom, the others clockwise at even angles: game/ui/seat_map.py's seat_angle). With the rook-2p
# dummy ("Dummy") the opponent sits top left or top right as the dealer changes: North says both
SEAT_NAMES = {
    2: (N_("You"), N_("North")),
    3: (N_("You"), N_("North-west"), N_("North-east")),
    4: (N_("You"), N_("West"), N_("North"), N_("East")),
    5: (N_("You"), N_("West"), N_("North-west"), N_("North-east"), N_("East")),
    6: (N_("You"), N_("South-west"), N_("North-west"), N_("North"), N_("North-east"), N_("South-east")),
}
# the names the settings give new seats (game/store/settings.py): those of the largest table; a seat whose name is
# still this default is named where it sits at each table (seat_name)
DEFAULT_NAMES = SEAT_NAMES[6]
PLACE_NAMES = frozenset(name for names in SEAT_NAMES.values() for name in names)  # shown in the language in force
# where a Hearts pass goes (the rules' pass_cycle words), as a sentence says it: translated where shown (``gettext``)
DIRECTION_WORDS = {"left": N_("to the left"), "across": N_("across"), "right": N_("to the right"),
                   "left2": N_("two to the left"), "right2": N_("two to the right"), "trade": N_("to your opponent"),
                   "hold": N_("no pass (hold)")}


def is_you(name: str) -> bool:
    """Whether ``name`` is the person at the screen's own "You" (as kept, or as shown in the language in force)."""
    return name in (YOU, gettext(YOU))


def player_name(name: str) -> str:
    """A seat's name as the player reads it: a default name ("You", "North") in the language in force, any name a
    person gave as they gave it."""
    return gettext(name) if name in PLACE_NAMES else name


def kept_name(name: str) -> str:
    """A person's name as files and the network keep it: the default "You", in whatever language it is shown, as
    kept (``YOU``), so that another screen never shows it as a name in this screen's language; any other as given.

    >>> kept_name(gettext("You")), kept_name("Ann")
    ('You', 'Ann')
    """
    return YOU if is_you(name) else name


def name_seen_by(viewer: int, seat: int, name: str) -> str:
    """The name ``viewer``'s screen shows for ``seat``, whose name is ``name``, at a table of several screens
    (everyone's name as each game sent it): "You" names only the viewer's own seat. Another seat still named "You"
    (as kept, or as its player's language shows it when it is this screen's language: older games sent that) is
    someone else, named by their seat's number, so that no sentence says "You take the trick" of them.

    >>> [name_seen_by(1, seat, name) for seat, name in enumerate(["You", "You", "Ann"])]
    ['Player 1', 'You', 'Ann']
    """
    if seat != viewer and is_you(name):
        # TRANSLATORS: a seat's name, as in "Player 2 takes the trick" (its player kept the default name)
        return gettext("Player {number}").format(number=seat + 1)
    return player_name(name)


def seat_name(given: str, seat: int, players: int) -> str:
    """The name a seat gets at a table of ``players``, as kept (``player_name`` shows it): ``given``, the seat's name
    in the settings, if a person typed it there; while it is still the default, where the seat sits at this table.

    >>> [seat_name(name, seat, 5) for seat, name in enumerate(DEFAULT_NAMES[:4] + ("Ann",))]
    ['You', 'West', 'North-west', 'North-east', 'Ann']
    """
    return SEAT_NAMES[players][seat] if players in SEAT_NAMES and given == DEFAULT_NAMES[seat] else given


def said_of(who: str | list[str], other: str, you: str, several: str = "", **values: object) -> str:
    """The sentence about ``who`` (a name, or several) that agrees with them, each already translated: ``you`` for
    the person at the screen, ``other`` with {name} for anyone else, ``several`` with {names} for more than one
    (``other`` if not given); the other placeholders are filled from ``values``.

    >>> said_of(["Ann", "Bo"], "{name} wins!", "You win!", "{names} win!"), said_of(["You"], "{name} wins!", "You win!")
    ('Ann and Bo win!', 'You win!')
    """
    names = [who] if isinstance(who, str) else list(dict.fromkeys(who))
    if len(names) > 1:
        together = joined([player_name(name) for name in names])
        return (several or other).format(names=together, name=together, **values)
    if is_you(names[0]):
        return you.format(**values)
    return other.format(name=player_name(names[0]), **values)


def capitalised(sentence: str) -> str:
    """A sentence that starts with a card's or a person's name starts with a capital: "The Rook Bird is ..."."""
    return sentence[:1].upper() + sentence[1:]


def joined(names: list[str]) -> str:
    """Several names or things in a sentence: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    if len(names) == 1:
        return names[0]
    return gettext("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def played_out_words(winners: list[str], claimer: str | None = None, past: bool = False) -> str:
    """How the rest of a hand went when it was played out at once, in a player's words: ``winners`` names who took
    each of its tricks, in order (the engine's trick-won events say so); ``claimer`` the person who claimed the rest
    (Claim the rest), or None when the program ended play itself because no play could change the result; ``past``
    as the score sheet says it afterwards. A claim says that the rest is decided, not that the claimer takes it, so
    the tricks are told as they fell.

    >>> played_out_words(["You"], claimer="You"), played_out_words(["East", "East"], past=True)
    ('You claim the rest: you take the last trick', 'The rest was decided: East took both tricks')
    """
    taken: dict[str, int] = {}
    for name in winners:
        taken[name] = taken.get(name, 0) + 1
    if claimer is None:
        claim = gettext("The rest was decided") if past else gettext("The rest is decided")
    elif past:
        claim = said_of(claimer, gettext("{name} claimed the rest"), gettext("You claimed the rest"))
    else:
        claim = said_of(claimer, gettext("{name} claims the rest"), gettext("You claim the rest"))
    if not taken:
        return claim
    if len(taken) == 1:
        [(name, count)] = taken.items()
        if count == 2:  # "all 2 tricks" is no English
            tricks = said_of(name, gettext("{name} took both tricks"), gettext("you took both tricks")) if past else \
                said_of(name, gettext("{name} takes both tricks"), gettext("you take both tricks"))
        elif past:
            tricks = said_of(name, ngettext("{name} took the last trick", "{name} took all {count} tricks", count),
                             ngettext("you took the last trick", "you took all {count} tricks", count), count=count)
        else:
            tricks = said_of(name, ngettext("{name} takes the last trick", "{name} takes all {count} tricks", count),
                             ngettext("you take the last trick", "you take all {count} tricks", count), count=count)
    else:
        tricks = joined([said_of(name, ngettext("{name} took {count} trick", "{name} took {count} tricks", count),
                                 ngettext("you took {count} trick", "you took {count} tricks", count), count=count)
                         if past else
                         said_of(name, ngettext("{name} takes {count} trick", "{name} takes {count} tricks", count),
                                 ngettext("you take {count} trick", "you take {count} tricks", count), count=count)
                         for name, count in taken.items()])
    # TRANSLATORS: how the rest of a hand was played out at once: who claimed it (or "The rest is decided"), then
    # who takes its tricks ("you take all 3 tricks", "West takes 2 tricks and you take 1 trick")
    return gettext("{claim}: {tricks}").format(claim=claim, tricks=tricks)


def passing_words(direction: str) -> str:
    """This hand's pass as the table's corner and the review's board say it: "Passing to the left"; "No passing this
    hand" when the hand is held (the rules' pass_cycle word ``hold``), not "Passing no pass".

    >>> passing_words("left"), passing_words("hold")
    ('Passing to the left', 'No passing this hand')
    """
    if direction == "hold":
        return gettext("No passing this hand")
    return gettext("Passing {direction}").format(direction=gettext(DIRECTION_WORDS[direction]))
