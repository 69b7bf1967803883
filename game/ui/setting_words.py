"""The words the settings' choices show (Normal, Lattice, Deutsch), for Settings, New game and the autoplay that
clicks them."""

from __future__ import annotations

from game.engine.language import N_, gettext

# the words of a setting's choices, translated where shown
CHOICE_WORDS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "green": N_("Green"),
                "blue": N_("Blue"), "wine": N_("Wine"), "slate": N_("Slate"), "lattice": N_("Lattice"),
                "circles": N_("Circles"), "tartan": N_("Tartan"), "classic": N_("Classic"), "simple": N_("Simple")}
# each language by its own name (never translated: a player looks for their own language's name)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano",
                  "nl": "Nederlands", "pt": "Português", "pl": "Polski", "sv": "Svenska"}


def choice_words(word: str) -> str:
    """A setting's choice as the screen shows it: "Normal", "Lattice"."""
    return gettext(CHOICE_WORDS[word]) if word in CHOICE_WORDS else word.capitalize()


def language_name(code: str) -> str:
    """A language by its own name ("Deutsch"), or its code for one without a name here."""
    return LANGUAGE_NAMES.get(code, LANGUAGE_NAMES.get(code.split("_")[0], code))
