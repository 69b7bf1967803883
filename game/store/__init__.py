"""What Trickhouse keeps on disk, in the platform's user folders: the match in progress, settings, house rules and
statistics. Knows no screen; a file that cannot be used is kept aside (.bad) and named in one line."""

from .files import SaveStore
from .house import HouseRulesStore
from .settings import Settings, SettingsStore
from .stats import StatsStore, hand_counts, match_counts

__all__ = ["HouseRulesStore", "SaveStore", "Settings", "SettingsStore", "StatsStore", "hand_counts", "match_counts"]
