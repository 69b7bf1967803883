"""Sentences about people and counts, written in one place so that every screen gets them right: the person at the
screen is named "You" ("You take the trick", "Your table"), and a count agrees with its noun ("1 hand", "2 hands").

>>> [says(name, "takes the trick") for name in ("You", "East")]
['You take the trick', 'East takes the trick']
>>> counted(1, "hand"), counted(3, "hand"), counted(1, "match", "matches"), counted(2, "match", "matches")
('1 hand', '3 hands', '1 match', '2 matches')
>>> possessive("You"), possessive("Sam"), possessive("Charles")
('your', "Sam's", "Charles's")
"""

from __future__ import annotations

YOU = "You"  # the name of the person at the screen, when they have not given one
IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were"}  # the rest drop their s


def says(who: str | list[str], verb_phrase: str) -> str:
    """``who`` (a name, or several) doing what ``verb_phrase`` says, the phrase written for one other person
    ("takes the trick", "has the lead", "wins!"): its first word agrees with "You" and with several people.

    >>> says(["Ann", "Bo"], "wins!"), says(["You"], "wins!")
    ('Ann and Bo win!', 'You win!')
    """
    names = [who] if isinstance(who, str) else list(dict.fromkeys(who))
    verb, _, rest = verb_phrase.partition(" ")
    if len(names) > 1 or names[0] == YOU:
        verb = second_person(verb)
    return f"{joined(names)} {verb}" + (f" {rest}" if rest else "")


def second_person(verb: str) -> str:
    """A verb written for one other person, as said to "you": takes → take, passes → pass, is → are."""
    bare = verb.rstrip("!.,")
    tail = verb[len(bare):]
    if bare in IRREGULAR:
        return IRREGULAR[bare] + tail
    if bare.endswith("ies"):
        return bare[:-3] + "y" + tail
    if bare.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return bare[:-2] + tail
    return (bare[:-1] if bare.endswith("s") else bare) + tail


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun: 1 hand, 2 hands (``plural`` where adding s is wrong)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def possessive(name: str) -> str:
    """Whose: "your" for the person at the screen (capitalise it at the start of a sentence), else "Sam's"."""
    return "your" if name == YOU else f"{name}'s"


def capitalised(sentence: str) -> str:
    """A sentence that starts with a card's or a person's name starts with a capital: "The Rook Bird is ..."."""
    return sentence[:1].upper() + sentence[1:]


def joined(names: list[str]) -> str:
    """Several names in a sentence: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
