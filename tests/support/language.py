"""The languages the game ships, and text a player reads that was left in English (issue 35: "no untranslated text:
a drawn text that is the English source in another language fails, names and card faces excepted").

``LANGUAGES`` is English and each language with a compiled catalog in locale/: the window's text tests run in each
(tests/test_ui_words.py; the layout checks of tests/test_ui_trust.py at 800x500), so a catalog a translator adds is
checked by the same tests at once.

``untranslated(lines, language)`` names each drawn line holding a word of the English source texts (the template's
msgids) that the language's own catalog never uses: "East takes the trick" in German holds "takes" and "trick".
Words the translation keeps (Rook, Trickhouse, Computer, Online), the seats' names the tests give and card faces
(10♥, Q♠: no letters but the rank) pass.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from game.engine.language import DOMAIN, SOURCE_LANGUAGE, languages, locale_dir

LANGUAGES = languages()  # "en" first
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
# names the tests and the settings give seats, which stay as they are in every language (the settings' own default
# names, You, North and East, are translated: they are words, shown as game/engine/words.py player_name says)
NAMES = {"Ann", "Bo", "Cy", "Di", "Sam", "Alex", "West", "Pam", "Rachel", "Andrea", "Julie", "Christen", "John",
         "Lindsay", "Rob"}
WORD = re.compile(r"[A-Za-z][a-z]+")  # a word of two letters or more, as the source texts spell words
CUT = re.compile(r"\w+…")  # the end of a line cut to fit its room


def template() -> Path:
    return locale_dir() / f"{DOMAIN}.pot"


def catalog_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def _texts(strings: object) -> list[str]:
    """A message's id or string as a list of texts (a plural has several)."""
    if isinstance(strings, (tuple, list)):
        return [text for text in strings if text]
    return [strings] if isinstance(strings, str) and strings else []


def _words(texts: list[str]) -> set[str]:
    return {word for text in texts for word in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


@cache
def english_only_words(language: str) -> frozenset[str]:
    """The words of the English source texts that ``language``'s catalog never uses in its translations."""
    source = _words([text for message in read_catalog(template()) for text in _texts(message.id)])
    kept = _words([text for message in read_catalog(catalog_path(language), language)
                   for text in _texts(message.string)])
    return frozenset(source - kept - NAMES)


def untranslated(lines: list[str], language: str) -> list[str]:
    """The lines a player reads in ``language`` that still hold English source words, each with those words."""
    if language == SOURCE_LANGUAGE:
        return []
    english = english_only_words(language)
    faults = []
    for line in lines:
        # a word cut short to fit ("do…" of "donneur" on a narrow name plate) is no word of either language
        left = sorted({word for word in WORD.findall(CUT.sub("…", line)) if word in english})
        if left:
            faults.append(f"{line!r} is English in {language} ({', '.join(left)})")
    return faults
