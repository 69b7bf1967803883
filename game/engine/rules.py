"""Rule presets: one frozen dataclass, declared once, built from YAML and validated.

Every field says its default, what values it allows and what it means. A preset
file in ``config/`` sets the fields that differ from the defaults and may
``extends:`` another preset. Unknown keys, wrong types and impossible values
raise RulesError naming the file, the field, the value and what is allowed.
House rules are the same fields changed through ``Rules.changed``.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import yaml

from . import cards as C


class RulesError(ValueError):
    """A preset or house-rule file, or a change to the rules, that cannot be used."""


def _field(default, doc, choices=(), low=None, high=None, house=False):
    meta = {"doc": doc, "choices": tuple(choices), "low": low, "high": high, "house": house}
    if isinstance(default, (list, dict)):
        raise TypeError("rule defaults must be immutable")
    return field(default=default, metadata=meta)


HEARTS_DIRECTIONS = ("left", "across", "right", "left2", "right2", "trade", "hold")
ROYAL_QUEENS = ("QS", "QC", "QH", "QD")


@dataclass(frozen=True)
class Rules:
    # --- every game ---
    name: str = _field("", "the preset's name (its file name in config/)")
    title: str = _field("", "the name shown to players")
    source: str = _field("", "the rule book(s) and RULES.md decisions this preset follows")
    family: str = _field("rook", "which family of games", choices=("rook", "hearts"))
    players: int = _field(4, "number of players at the table", low=2, high=6)
    deck: str = _field(C.ROOK_DECK, "which deck", choices=C.DECKS)
    low_rank: int = _field(5, "lowest rank in each suit (the ace of the standard deck is 14)", low=1, high=5)
    bird: bool = _field(True, "the Rook Bird (the joker of a standard deck) is in the deck")
    removed: tuple = _field((), "cards taken out of the deck before the deal")
    hands_dealt: int = _field(0, "hands dealt, if not one per player (2-player Hearts: 4; the rook-2p dummy: 3)",
                              low=0, high=6)
    hand_size: int = _field(9, "cards in each hand", low=1, high=20)
    nest_size: int = _field(5, "cards dealt to the nest (0: no nest)", low=0, high=10)
    aside: int = _field(0, "cards dealt face down and left out of play for the whole hand", low=0, high=10)
    target: int = _field(300, "match target: Rook, the score that wins; Hearts, the score that ends the match",
                         low=1, high=100000, house=True)
    fixed_hands: int = _field(0, "(house) play exactly this many hands, best total wins; 0 plays to the target",
                              low=0, high=200, house=True)

    # --- Hearts ---
    pass_count: int = _field(3, "cards each player passes before play", low=0, high=5)
    pass_cycle: tuple = _field(("left", "across", "right"), "the passing directions, hand by hand, repeating",
                               choices=HEARTS_DIRECTIONS)
    hold_hand: bool = _field(False, "(house) a hold hand, with no passing, ends each passing cycle", house=True)
    two_clubs_leads: bool = _field(True, "(house) the 2 of clubs leads the first trick", house=True)
    qs_breaks_hearts: bool = _field(True, "(house) playing the Queen of spades breaks hearts", house=True)
    penalty_on_first_trick: bool = _field(
        True, "(house) hearts and the Queen of spades may be played on the first trick", house=True)
    hearts_must_be_broken: bool = _field(
        True, "(house) hearts may not be led until broken, unless the leader holds only hearts", house=True)
    qs_leads_any_time: bool = _field(
        True, "(house) the Queen of spades may be led before hearts are broken", house=True)
    moon: str = _field("choice", "(house) the moon shooter's reward: the shooter's choice, always add to the others, "
                       "or always subtract from the shooter", choices=("choice", "add", "subtract"), house=True)
    royal_queens: tuple = _field((), "(house) the Royal Hearts queens in play; the others are plain",
                                 choices=ROYAL_QUEENS, house=True)

    # --- derived values, computed once ---

    @cached_property
    def deck_mask(self) -> C.CardSet:
        removed = C.parse_cards(self.removed, self.deck)
        return C.full_deck(self.deck, self.low_rank, self.bird, removed)

    @cached_property
    def deck_size(self) -> int:
        return self.deck_mask.bit_count()

    @property
    def hands_to_deal(self) -> int:
        return self.hands_dealt or self.players

    def card_name(self, card: C.Card) -> str:
        return C.card_name(card, self.deck)

    def parse_card(self, text: str) -> C.Card:
        card = C.parse_card(text, self.deck)
        if not self.deck_mask >> card & 1:
            raise ValueError(f"{text} is not in this game's deck")
        return card

    def suit_name(self, suit: int) -> str:
        return C.SUIT_NAMES[self.deck][suit]

    def cards_text(self, mask: C.CardSet) -> str:
        return C.cards_text(mask, self.deck)

    def card_names(self, mask: C.CardSet) -> list[str]:
        return C.card_names(mask, self.deck)

    def parse_cards(self, words) -> C.CardSet:
        mask = C.parse_cards(words, self.deck)
        stray = mask & ~self.deck_mask
        if stray:
            raise ValueError(f"{self.cards_text(stray)} is not in this game's deck")
        return mask

    def to_dict(self) -> dict:
        """The fields as plain YAML/JSON values; ``rules_from_dict`` reads them back."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def changed(self, changes: dict, where: str = "house rules") -> Rules:
        """These rules with some fields changed (house rules), validated like a preset."""
        merged = self.to_dict()
        merged.update(changes)
        return rules_from_dict(merged, where)

    @staticmethod
    def field_docs() -> dict[str, dict]:
        """Each field's default, allowed values and comment, for settings screens and docs."""
        return {f.name: {"default": f.default, **f.metadata} for f in dataclasses.fields(Rules)}


def config_dir() -> Path:
    """Where the presets are: ``config/`` beside the package, also inside a PyInstaller bundle."""
    root = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[2]))
    return root / "config"


def preset_names() -> list[str]:
    return sorted(p.stem for p in config_dir().glob("*.yaml"))


def _check_value(f: dataclasses.Field, value, where: str):
    meta = f.metadata
    expected = type(f.default)

    def fail(what_is_allowed: str):
        raise RulesError(f"{where}: {f.name}: {value!r} is not allowed; {what_is_allowed}")

    if expected is bool:
        if not isinstance(value, bool):
            fail("use true or false")
        return value
    if expected is int:
        if isinstance(value, bool) or not isinstance(value, int):
            fail(f"use a whole number from {meta['low']} to {meta['high']}")
        if not meta["low"] <= value <= meta["high"]:
            fail(f"use a whole number from {meta['low']} to {meta['high']}")
        return value
    if expected is str:
        if not isinstance(value, str):
            fail("use text" if not meta["choices"] else "use one of: " + ", ".join(meta["choices"]))
        if meta["choices"] and value not in meta["choices"]:
            fail("use one of: " + ", ".join(meta["choices"]))
        return value
    if expected is tuple:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, (str, int)) for v in value):
            fail("use a list")
        items = tuple(str(v) for v in value)
        if meta["choices"]:
            bad = [v for v in items if v not in meta["choices"]]
            if bad:
                fail("each item must be one of: " + ", ".join(meta["choices"]))
        return items
    raise TypeError(f"no check for rule field {f.name}")


def rules_from_dict(data: dict, where: str = "rules") -> Rules:
    """Validate a mapping of rule fields (already merged with any base preset)."""
    if not isinstance(data, dict):
        raise RulesError(f"{where}: expected a mapping of rule fields, found {type(data).__name__}")
    known = {f.name: f for f in dataclasses.fields(Rules)}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise RulesError(f"{where}: unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                         f"known fields are listed in RULES.md and Rules.field_docs()")
    values = {name: _check_value(known[name], value, where) for name, value in data.items()}
    rules = Rules(**values)
    _check_consistent(rules, where)
    return rules


def _check_consistent(rules: Rules, where: str):
    def fail(message):
        raise RulesError(f"{where}: {message}")

    try:
        removed = C.parse_cards(rules.removed, rules.deck)
    except ValueError as err:
        fail(f"removed: {err}")
    if rules.deck == C.STANDARD_DECK and rules.low_rank < 2:
        fail(f"low_rank: {rules.low_rank} is not allowed; a standard deck's lowest rank is 2")
    dealt = rules.hands_to_deal * rules.hand_size + rules.nest_size + rules.aside
    if dealt != rules.deck_size:
        fail(f"hand_size: {rules.hands_to_deal} hands of {rules.hand_size}, a nest of {rules.nest_size} and "
             f"{rules.aside} aside need {dealt} cards, but the deck has {rules.deck_size}")
    del removed
    if rules.family == "hearts":
        if rules.deck != C.STANDARD_DECK or rules.bird:
            fail("deck: Hearts is played with a standard deck and no joker")
        if rules.pass_count >= rules.hand_size:
            fail(f"pass_count: {rules.pass_count} is not allowed; pass fewer cards than a hand holds")
        if not rules.pass_cycle:
            fail("pass_cycle: name at least one direction (hold for none)")
        if rules.players == 2 and any(d not in ("trade", "hold") for d in rules.pass_cycle):
            fail("pass_cycle: two players can only trade or hold")
        if rules.players == 2 and rules.hands_to_deal != 4:
            fail("hands_dealt: 2-player Hearts deals four hands")
        if rules.players != 2 and "trade" in rules.pass_cycle:
            fail("pass_cycle: trade is for two players; use left, across, right, left2 or right2")


def _read_yaml(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RulesError(f"{path}: cannot be read ({err.strerror or err})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark else ""
        raise RulesError(f"{path}: is not valid YAML{at}") from None
    if not isinstance(data, dict):
        raise RulesError(f"{path}: expected a mapping of rule fields, found {type(data).__name__}")
    return data


def _preset_path(name_or_path: str | Path) -> Path:
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text:
        return Path(name_or_path)
    path = config_dir() / f"{text}.yaml"
    if not path.is_file():
        raise RulesError(f"{text}: no such preset; presets are: {', '.join(preset_names())}")
    return path


def _merged_fields(path: Path, seen: tuple[Path, ...]) -> dict:
    if path in seen:
        raise RulesError(f"{path}: extends itself through {' -> '.join(p.stem for p in seen)}")
    data = _read_yaml(path)
    base_name = data.pop("extends", None)
    data.setdefault("name", path.stem)
    if base_name is None:
        return data
    if not isinstance(base_name, str):
        raise RulesError(f"{path}: extends: {base_name!r} is not allowed; name a preset")
    base_path = _preset_path(base_name) if "/" not in base_name else path.parent / base_name
    base = _merged_fields(base_path, seen + (path,))
    base.pop("name", None)
    return {**base, **data}


def load_rules(name_or_path: str | Path) -> Rules:
    """A preset by name (a file in config/) or a YAML file by path, validated.

    >>> load_rules("hearts-classic").players
    4
    """
    path = _preset_path(name_or_path)
    return rules_from_dict(_merged_fields(path, ()), str(path))
