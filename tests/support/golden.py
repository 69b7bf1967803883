"""The golden files (tests/golden/): hand records, saved matches and decisions pinned so that a change to the engine
or the computer players that alters them fails a test."""

import json
from pathlib import Path

GOLDEN = Path(__file__).parents[1] / "golden"


SAVES = json.loads((GOLDEN / "saves.json").read_text())
