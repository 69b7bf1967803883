"""The engine is pure rules: it imports with pygame, threads and platformdirs made unimportable."""

import subprocess
import sys

BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('pygame', 'threading', 'platformdirs', '_thread', 'multiprocessing'):
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
for mod in [m for m in sys.modules if m.split('.')[0] in ('threading', 'pygame')]:
    del sys.modules[mod]
import game.engine
from game.engine import Hand, load_rules
hand = Hand.deal(load_rules('hearts-classic'), seed=1)
print('ok', hand.phase)
"""


def test_the_engine_imports_and_deals_without_pygame_threads_or_user_folders() -> None:
    result = subprocess.run([sys.executable, "-c", BLOCK], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok pass"


AI_BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('pygame', 'platformdirs') or name.startswith(('game.ui', 'game.store')):
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
from game.ai import make_player
from game.ai.worker import AIWorker
from game.engine import Hand, load_rules
hand = Hand.deal(load_rules('rook-classic'), seed=1)
print('ok', hand.action_text(make_player('normal').decide(hand)).split()[0])
"""


def test_the_ai_uses_only_the_engine() -> None:
    """The product's boundaries: game/ai uses only the engine (no pygame, no user folders, no UI or store)."""
    result = subprocess.run([sys.executable, "-c", AI_BLOCK], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() in ("ok bid", "ok pass")


STORE_BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'pygame' or name.startswith('game.ui'):
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
from game.store import SaveStore
print('ok')
"""


def test_the_store_knows_no_screen() -> None:
    """game/store keeps files and imports neither pygame nor the UI."""
    result = subprocess.run([sys.executable, "-c", STORE_BLOCK], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
