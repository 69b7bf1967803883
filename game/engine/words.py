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
"""

from __future__ import annotations

from .language import N_, gettext

YOU = "You"  # the name of the person at the screen, when they have not given one (kept so in files)
# the names the settings give new seats (game/store/settings.py), shown in the language in force while unchanged
DEFAULT_NAMES = (N_("You"), N_("West"), N_("North"), N_("East"))
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
    return gettext(name) if name in DEFAULT_NAMES else name


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
