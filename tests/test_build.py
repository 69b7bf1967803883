"""Issue 7: the one-file desktop executable (build.spec) builds, and the frozen game plays a hand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds the one-file executable with PyInstaller (a minute or more)

ROOT = Path(__file__).resolve().parents[1]
EXECUTABLE = "trickhouse.exe" if os.name == "nt" else "trickhouse"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build once for the module, into a temporary folder so that a developer's dist/ is left alone."""
    folder = tmp_path_factory.mktemp("pyinstaller")
    built = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
         "--distpath", str(folder / "dist"), "--workpath", str(folder / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    return folder / "dist"


def test_the_executable_plays_a_hand_and_writes_nothing_beside_itself(dist: Path, tmp_path: Path) -> None:
    # An empty working folder: the executable must find assets, presets and catalogs inside itself, not in the
    # checkout; the system's language is German (issue 35: the catalogs ship in the executable).
    work = tmp_path / "cwd"
    work.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "de",
           "TRICKHOUSE_DATA_DIR": str(tmp_path / "user-data")}
    # Hard (the default level) searches in a spawned process: this also checks freeze_support in the frozen build.
    played = subprocess.run([str(dist / EXECUTABLE), "--autoplay", "rook-classic", "--hands", "1"],
                            cwd=work, env=env, capture_output=True, text=True, timeout=240)
    assert played.returncode == 0, played.stderr[-3000:]
    # A search process that re-ran the game instead of searching would print a second report.
    assert played.stdout.count("autoplay rook-classic: 1 hands") == 1, played.stdout
    assert "language de" in played.stdout, played.stdout  # the frozen game found its German catalog
    assert "Traceback" not in played.stderr and "AI failed" not in played.stderr, played.stderr[-3000:]
    assert sorted(p.name for p in dist.iterdir()) == [EXECUTABLE]
    assert list(work.iterdir()) == []
