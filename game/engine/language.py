"""The language a player reads: every text for a player goes through ``gettext`` here (the standard library's
gettext, with the catalogs of ``locale/``), so the engine's sentences, refusals and How to play speak it, and so does
every screen that asks for them.

The language follows the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as gettext reads them) unless the
player chose one: the window (from the Language setting) and the command line set it with ``use_language``; the
engine reads no user setting. A change takes effect at once: texts are translated when they are used, so a constant
written at import is only marked with ``N_`` (for the catalog) and translated where it is shown.

Files, logs and the protocol keep RULES.md's notation, in English, whatever the language.

>>> _ = use_language("en")
>>> gettext("Hint"), ngettext("{count} hand", "{count} hands", 2).format(count=2)
('Hint', '2 hands')
"""

from __future__ import annotations

import gettext as _gettext
import sys
from pathlib import Path

DOMAIN = "trickhouse"  # the catalogs' file name: locale/<language>/LC_MESSAGES/trickhouse.mo
SOURCE_LANGUAGE = "en"  # the language the texts are written in
SYSTEM = ""  # the Language setting that follows the system's locale

_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def locale_dir() -> Path:
    """Where the catalogs are: ``locale/`` beside the package, also inside a PyInstaller bundle (as ``config/``)."""
    root = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[2]))
    return root / "locale"


def languages() -> list[str]:
    """The languages the game can speak: English, and each language with a compiled catalog ("de", "fr")."""
    shipped = {path.parent.parent.name for path in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return [SOURCE_LANGUAGE, *sorted(shipped - {SOURCE_LANGUAGE})]


def use_language(code: str = SYSTEM) -> str:
    """Speak ``code`` ("de", "fr_CA"), or with ``SYSTEM`` the system's locale; a language without a catalog is
    English. The language now in force is returned."""
    global _translation
    _translation = _gettext.translation(DOMAIN, locale_dir(), languages=[code] if code else None, fallback=True)
    return language()


def language() -> str:
    """The language in force: a catalog's ("de"), or ``SOURCE_LANGUAGE``."""
    return _translation.info().get("language", SOURCE_LANGUAGE) or SOURCE_LANGUAGE


def system_language() -> str:
    """The language the system's locale asks for and the game can speak (``SOURCE_LANGUAGE`` if none)."""
    found = _gettext.find(DOMAIN, locale_dir())
    return Path(found).parents[1].name if found else SOURCE_LANGUAGE


def gettext(message: str) -> str:
    """``message`` in the language in force ("" stays "": the catalog keeps its header there)."""
    return _translation.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that agrees with ``count``, by the language's own plural rule (the catalog's)."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (the same English word said two ways: "Pass" a bid, "Pass" cards)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it, which the extraction knows)
    """Marks a text for the catalog where it is written (a constant made at import); ``gettext`` translates it where
    it is shown."""
    return message


use_language()
