"""The golden files (tests/golden/): hand records, saved matches and decisions pinned so that a change to the engine
or the computer players that alters them fails a test."""

import json
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parents[1] / "golden"


# each preset's pinned save: the match.json an earlier game wrote (raw JSON, read as the store reads it), with the
# scores, dealers and hands played it must resume to
SAVES: dict[str, dict[str, Any]] = json.loads((GOLDEN / "saves.json").read_text())
