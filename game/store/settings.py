"""The player's settings: a YAML file in the user's config folder, read with safe loading and checked field by
field; a file that cannot be used is kept aside and the defaults are used."""

from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs
import yaml

from game.engine.language import gettext
from game.engine.rules import shown
from game.engine.words import DEFAULT_NAMES

from .files import APP_NAME, UNUSABLE, DamagedFile, first_line, read_yaml, set_aside, write_text_atomic

LEVELS = ("easy", "normal", "hard")
# the looks the window can draw (game/ui/theme.py and game/ui/cards.py draw one of each; a test keeps them in step)
TABLE_COLOURS = ("green", "blue", "wine", "slate")
CARD_BACKS = ("lattice", "circles", "tartan")
CARD_FACES = ("classic", "simple")  # the standard deck's faces: printed ones with court figures, or drawn plainly
NAME_LENGTH = 16  # characters of a player's name
LANGUAGE_CODE = r"|[a-z]{2,3}(_[A-Z]{2})?"  # a language setting: a gettext language code, or "" for the system's
ADDRESS_LENGTH = 100  # characters of a server's address
# the names new seats had before each seat was named where it sits: still in older settings files, where each is read
# as today's default in its place (a person who typed "Sam" for the fifth seat then sees where that seat sits)
OLD_DEFAULT_NAMES = ("You", "West", "North", "East", "Sam", "Alex")


def config_dir() -> Path:
    """The user's config folder (``TRICKHOUSE_CONFIG_DIR`` overrides it, for tests and portable installs)."""
    override = os.environ.get("TRICKHOUSE_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path(APP_NAME, appauthor=False)


@dataclass
class Settings:
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    card_scale: float = 1.0        # 0.7 to 1.5 times the usual card size
    animation_speed: float = 1.0   # 2.0 is twice as fast
    computer_pause: float = 0.6    # at least this long between a computer's turn and its play
    trick_pause: float = 1.2       # seconds a finished trick stays in view
    marks: bool = True             # colour-blind shapes and letters on the cards
    sound: bool = True
    hard_budget: float = 1.0       # seconds a Hard decision may take
    default_level: str = "normal"
    table_colour: str = "green"    # the felt and panels (TABLE_COLOURS)
    card_back: str = "lattice"     # the pattern on the backs of the cards (CARD_BACKS)
    card_faces: str = "classic"    # the standard deck's faces (CARD_FACES); Rook cards have one look
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))  # one left so: where its seat sits
    online_port: int = 47474       # the port a hosted table listens on (open it in the router for the internet)
    keep_seat: float = 120.0       # seconds a dropped player's seat waits for them before a computer plays it
    last_address: str = ""        # the table address typed last on Join game
    last_server: str = ""         # the dedicated server typed last on New game ("": this computer hosts)
    language: str = ""            # the language of every screen, as a code ("de"); "": the system's locale
    coach: bool = True             # a short tip at each new moment the first time someone plays each game
    coached: list[str] = field(default_factory=list)  # the tips shown already (game/ui/coach.py), never again


MAX_TIPS = 50  # tip names kept in ``coached`` (a handful exist)
# what each word may be
CHOICES = {"default_level": LEVELS, "table_colour": TABLE_COLOURS, "card_back": CARD_BACKS,
           "card_faces": CARD_FACES}
# what each number may be: (lowest, highest)
RANGES = {
    "window_width": (800, 7680), "window_height": (500, 4320), "card_scale": (0.7, 1.5),
    "animation_speed": (0.25, 4.0), "computer_pause": (0.0, 3.0), "trick_pause": (0.2, 5.0),
    "hard_budget": (0.2, 5.0), "online_port": (1024, 65535), "keep_seat": (10.0, 3600.0),
}


class SettingsError(DamagedFile):
    pass


def settings_from_dict(data: object) -> Settings:
    """Check every field; SettingsError names the first problem."""
    if not isinstance(data, dict):
        raise SettingsError(f"expected a mapping of settings, found {type(data).__name__}")
    known = {f.name: f for f in fields(Settings)}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise SettingsError(f"unknown setting {unknown[0]!r}; settings are: {', '.join(known)}")
    settings = Settings()
    for name, value in data.items():
        default = getattr(settings, name)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise SettingsError(f"{name}: {shown(value)} is not allowed; use true or false")
        elif isinstance(default, (int, float)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SettingsError(f"{name}: {shown(value)} is not a number")
            low, high = RANGES[name]
            if not low <= value <= high:
                raise SettingsError(f"{name}: {shown(value)} is not allowed; use {low} to {high}")
            value = type(default)(value)
        elif name in CHOICES:
            if value not in CHOICES[name]:
                raise SettingsError(f"{name}: {shown(value)} is not allowed; use one of {', '.join(CHOICES[name])}")
        elif name == "language":
            if not isinstance(value, str) or not re.fullmatch(LANGUAGE_CODE, value):
                raise SettingsError(f"language: {shown(value)} is not allowed; use a language code such as de or "
                                    "pt_BR, or \"\" for the system's language")
        elif name in ("last_address", "last_server"):
            if not isinstance(value, str) or len(value) > ADDRESS_LENGTH:
                raise SettingsError(f"{name}: use an address of at most {ADDRESS_LENGTH} characters")
        elif name == "coached":
            if not isinstance(value, list) or len(value) > MAX_TIPS or \
                    not all(isinstance(key, str) and 0 < len(key) <= 40 for key in value):
                raise SettingsError(f"coached: use a list of at most {MAX_TIPS} tip names of 1 to 40 characters")
        elif name == "names":
            if not isinstance(value, list) or len(value) != 6 or \
                    not all(isinstance(n, str) and 0 < len(n) <= NAME_LENGTH for n in value):
                raise SettingsError(f"names: use a list of 6 names of 1 to {NAME_LENGTH} characters")
            value = [new if name == old else name for name, old, new in zip(value, OLD_DEFAULT_NAMES, DEFAULT_NAMES)]
        setattr(settings, name, value)
    return settings


class SettingsStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or config_dir()) / "settings.yaml"

    def load(self) -> tuple[Settings, str]:
        """(settings, "") or (the defaults, one line naming the file and the problem) for a file that cannot be
        used, which is kept aside as settings.yaml.bad."""
        if not self.path.is_file():
            return Settings(), ""
        try:
            return settings_from_dict(read_yaml(self.path)), ""
        except UNUSABLE as err:  # an unreadable settings file must not stop the game
            problem = first_line(err)
            bad = set_aside(self.path)
            return Settings(), gettext("{path}: {problem}; it was kept as {bad} and the defaults are used").format(
                path=self.path, problem=problem, bad=bad.name)

    def save(self, settings: Settings) -> None:
        write_text_atomic(self.path, yaml.safe_dump(asdict(settings), sort_keys=False))
