"""The Trickhouse rules engine: pure rules, no drawing, no threads, no user files.

Public surface: ``load_rules``, ``Hand``, ``Match``, ``IllegalAction``, ``RulesError``,
the card notation helpers and deal codes (``deal_code``, ``hand_from_code``). See RULES.md for the notation.
"""

from . import hearts as _hearts  # noqa: F401  (registers the Hearts family)
from . import rook as _rook  # noqa: F401  (registers the Rook family)
from .cards import card_name, parse_card
from .codes import DealCodeError, deal_code, hand_from_code
from .events import Event
from .hand import Hand, IllegalAction
from .match import Match, score_columns
from .rules import Rules, RulesError, load_rules, preset_names, preset_rules

__all__ = ["DealCodeError", "Event", "Hand", "IllegalAction", "Match", "Rules", "RulesError", "card_name", "deal_code",
           "hand_from_code", "load_rules", "parse_card", "preset_names", "preset_rules",
           "score_columns"]
