"""What Trickhouse keeps on disk, in the platform's user folders: the match in progress, settings, house rules,
statistics, the match history and hand reviews. Knows no screen; a file that cannot be used is kept aside (.bad)
and named in one line."""

from .files import SaveStore
from .history import HistoryStore, PastMatch, ReviewCache
from .house import HouseRulesStore
from .records import StatsAndHistory
from .settings import Settings, SettingsStore
from .stats import StatsStore, hand_counts, match_counts

__all__ = ["HistoryStore", "HouseRulesStore", "PastMatch", "ReviewCache", "SaveStore", "Settings", "SettingsStore",
           "StatsAndHistory", "StatsStore", "hand_counts", "match_counts"]
