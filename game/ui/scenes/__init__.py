"""Every scene by name: the one place that knows the scene classes. Scenes open each other through
``services.scenes.push(name, ...)`` and never import one another (tests/test_ui_scenes.py fails on such an
import), so there are no import cycles to hide inside functions."""

from collections.abc import Callable

from ..scene import Scene
from .dialogs import ConfirmScene, HandOffScene, PauseScene, dialog_for_phase
from .history import HistoryScene, PastMatchScene
from .how_to_play import HowToPlayScene
from .join import JoinScene
from .lesson import open_lesson
from .lobby import LobbyScene
from .menu import MenuScene
from .review import ReviewScene
from .scoring import GameOverScene, ScoreScene
from .settings import HouseRulesScene, NamesScene, SettingsScene
from .setup import SetupScene
from .statistics import StatisticsScene
from .table import table_scene

SCENES: dict[str, Callable[..., Scene | None]] = {
    "menu": MenuScene,
    "setup": SetupScene,
    "table": table_scene,  # at a table elsewhere, or a match played here
    "dialog": dialog_for_phase,  # the dialog for the decision a person makes now (None for a card to play)
    "hand-off": HandOffScene,
    "pause": PauseScene,
    "confirm": ConfirmScene,
    "score-sheet": ScoreScene,
    "game-over": GameOverScene,
    "review": ReviewScene,
    "settings": SettingsScene,
    "house-rules": HouseRulesScene,
    "names": NamesScene,
    "how-to-play": HowToPlayScene,
    "statistics": StatisticsScene,
    "history": HistoryScene,
    "past-match": PastMatchScene,
    "join": JoinScene,
    "lobby": LobbyScene,
    "lesson": open_lesson,  # a lesson's table, and its notes over it
}
