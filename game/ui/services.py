"""What the scenes use, handed to each scene when it is made: the settings, the window (its size, card art and
sounds), the AI worker, the stores (the hand reviews' cache too), a source of match seeds, tables for matches
played here, and the director that opens scenes by name.

No scene reaches into the app or imports another scene: it asks ``services.scenes.push("setup")`` (Tuxemon's
``StateManager.push_state("Name")``), and the registry in ``game/ui/scenes/__init__.py`` knows the classes. Its own
warning is why: "# TODO: fix local session", a global reached from every scene.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from game.ai.worker import AIWorker
from game.engine.refusals import Refusal
from game.net.host import NetHost, unfinished_hosted
from game.net.reasons import HOST_LEFT
from game.review import hint_player
from game.runtime import in_background
from game.store import (
    HistoryStore,
    HouseRulesStore,
    ReviewCache,
    SaveStore,
    Settings,
    SettingsStore,
    StatsAndHistory,
    StatsStore,
)
from game.store.certificates import CertificateStore
from game.store.seats import SeatStore
from game.table.controller import TableController
from game.table.local import LocalTable
from game.table.session import Session
from game.table.surface import Table as Table  # the table a scene plays at: a match here, or on another computer

from .cards import CardArt
from .scene import Scene, SceneStack
from .sound import Sounds
from .window import Window


class Director:
    """Opens scenes by name: ``push``, ``replace`` and ``restart`` make the scene from the registry and hand it the
    services; ``quit`` ends the app."""

    def __init__(self, stack: SceneStack, registry: dict[str, Callable[..., Scene | None]]) -> None:
        self.stack = stack
        self.registry = registry
        self.services: Services | None = None  # set once the services are made (they hold this director)
        self.running = True

    def make(self, name: str, **options: Any) -> Scene | None:
        return self.registry[name](self.services, **options)

    def push(self, name: str, **options: Any) -> Scene | None:
        """Open a scene over the current ones (None: the factory had nothing to show, such as no dialog)."""
        scene = self.make(name, **options)
        if scene is not None:
            self.stack.push(scene)
        return scene

    def replace(self, name: str, **options: Any) -> Scene:
        scene = self.make(name, **options)
        assert scene is not None  # only a dialog's factory may have nothing to show
        self.stack.replace(scene)
        return scene

    def restart(self, name: str, **options: Any) -> Scene | None:
        """Close every scene and open this one (a new game, back to the menu)."""
        self.stack.clear()
        return self.push(name, **options)

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def quit(self) -> None:
        self.running = False


@dataclass
class Services:
    settings: Settings
    window: Window
    worker: AIWorker
    scenes: Director
    settings_store: SettingsStore
    house_rules: HouseRulesStore
    saves: SaveStore
    stats: StatsStore
    new_seed: Callable[[], int]  # each new match's seed
    seats: SeatStore  # the seats held at tables on other computers
    history: HistoryStore  # the last 50 finished matches
    # the certificates trusted at table servers over wss:// that no authority vouches for
    certificates: CertificateStore = field(default_factory=CertificateStore)
    host: NetHost | None = None  # while this game hosts a table
    stopping: Future[None] | None = None  # the table hosted last, ending
    keep_matches: bool = True  # save matches and count statistics (autoplay does neither, unless told to save)
    count_statistics: bool = True  # also: keep finished matches in the history
    notice: str = ""  # one line for the main menu (a file that could not be used)
    reviews: ReviewCache = field(default_factory=ReviewCache)  # hand reviews already worked out

    @property
    def art(self) -> CardArt:
        return self.window.art

    @property
    def sounds(self) -> Sounds:
        return self.window.sounds

    def table_here(self, session: Session, again: bool = False) -> LocalTable:
        """A table for ``session``'s match, played here: its computers paced as the settings say, its Hint the hand
        review's, every action saved and every finished hand counted (unless matches are not kept or statistics
        not counted). ``again``: a deal played again, a match of its own that is neither saved, counted nor kept
        in the history."""
        settings = self.settings
        counted = self.count_statistics and not again
        return LocalTable(TableController(
            session, self.worker, pause=lambda: settings.computer_pause / settings.animation_speed,
            save=None if again else self.save_match,
            records=StatsAndHistory(self.stats, self.history) if counted else None, hint=hint_player))

    def save_match(self, session: Session) -> None:
        """After every action, so that Continue resumes the match exactly (unless matches are not kept)."""
        if self.keep_matches:
            self.saves.save(session.to_json(), session)

    def stop_hosting(self, why: Refusal = HOST_LEFT) -> None:
        """The hosted table ends for everyone (it is saved, to be hosted again). Telling everyone, saving and the
        goodbye on the local network take about a quarter of a second, so beside the window (quitting finishes
        it)."""
        if self.host is not None:
            self.stopping = in_background(self.host.stop, why)
            self.host = None

    def start_hosting(self, again: bool = False, ending: bool = False) -> NetHost:
        """This game hosts a table at the port in the settings (raises OSError, such as the port being in use): the
        table hosted last ``again``, or a new one, which ends the one hosted last (an unfinished match there only
        with ``ending``: the player agreed, see ``hosted_match``)."""
        self._no_table_hosted()
        self.host = NetHost(self.settings.online_port, self.settings.keep_seat, again=again, ending=ending,
                            hint=hint_player)
        return self.host

    def saved_match(self) -> tuple[Session | None, str]:
        """The match in the save, resumed (from now on it is the one the save keeps), or None and one line naming
        the file and its problem ("" when there is no save)."""
        return self.saves.load(lambda data: Session.from_json(data, self.settings.hard_budget))

    def hosted_match(self) -> Session | None:
        """The unfinished match at the table hosted last, which hosting a new table would end (None if there is
        none)."""
        self._no_table_hosted()
        return unfinished_hosted()

    def _no_table_hosted(self) -> None:
        """The table hosted ends, and one still ending is let finish: its port is free and its save written."""
        self.stop_hosting()
        if self.stopping is not None:
            self.stopping.result()
