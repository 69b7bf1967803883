"""House rules: per preset, a YAML file in the user's config folder that ``extends:`` the preset and sets only
house-rule fields; it is loaded through the engine's own validation, like the presets in config/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.engine import load_rules
from game.engine.language import gettext
from game.engine.rules import Rules, RulesError

from .files import UNUSABLE, first_line, read_yaml, set_aside, write_text_atomic
from .settings import config_dir

HOUSE_RULES = {name for name, meta in Rules.field_docs().items() if meta["house"]}  # of every game


def _plain(value: object) -> object:
    """YAML-friendly: tuples (royal queens, counters) as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class HouseRulesStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = (folder or config_dir()) / "house-rules"

    def path(self, preset: str) -> Path:
        return self.folder / f"{preset}.yaml"

    def load(self, preset: str) -> tuple[Rules, dict[str, Any], str]:
        """(rules in force, the changed fields, "") — or the preset's own rules, no changes and one line naming
        the file and the problem when the house-rule file cannot be used (it is kept aside as .bad)."""
        book = load_rules(preset)
        path = self.path(preset)
        if not path.is_file():
            return book, {}, ""
        try:
            data = read_yaml(path)
            if not isinstance(data, dict) or data.get("extends") != preset:
                raise RulesError(f"{path}: must start with 'extends: {preset}'")
            changes = {k: v for k, v in data.items() if k != "extends"}
            allowed = set(book.house_fields())
            others = sorted(str(k) for k in changes if k not in allowed and k not in HOUSE_RULES)
            if others:
                raise RulesError(f"{path}: {others[0]} is not a house rule of {book.title}")
            rules = load_rules(path)  # the engine's validation: types, ranges, combinations
            # a house rule that changes nothing in this game (an earlier version offered the Rook Bird's rank where
            # there is no Bird) is let go, so the others stay
            kept = {k: getattr(rules, k) for k in changes if k in allowed}
            return (book.changed(kept, where=str(path)) if len(kept) < len(changes) else rules), kept, ""
        except UNUSABLE as err:  # an unusable house-rule file must not stop the game
            problem = first_line(err)
            problem = problem.removeprefix(f"{path}: ")
            bad = set_aside(path)
            return book, {}, gettext("{path}: {problem}; it was kept as {bad} and the book's rules are used").format(
                path=path, problem=problem, bad=bad.name)

    def save(self, preset: str, changes: dict[str, Any], book: Rules | None = None) -> None:
        """Keep only what differs from the book (``book``: the preset's rules, if the caller has them already: a
        preset is read from its YAML file in about 50 ms); no file at all when nothing does."""
        book = book or load_rules(preset)
        changes = {k: v for k, v in changes.items() if getattr(book, k) != v}
        path = self.path(preset)
        if not changes:
            path.unlink(missing_ok=True)
            return
        text = yaml.safe_dump({"extends": preset, **{k: _plain(v) for k, v in changes.items()}}, sort_keys=False)
        write_text_atomic(path, text)
