"""``python -m bench build``: the one-file executable's size, start-up time and memory, with a bare pygame-ce
window packaged the same way as the peer in the same run.

The peer's recipe is build.spec itself with the entry script, name and data files swapped, so both get the same
PyInstaller options. Start-up is the time from launch until the first screenshot file appears: the game, under
``--autoplay --screenshots``, saves its menu once the menu has been up for ``SCREENSHOT_AFTER`` seconds, and the
peer draws one frame, keeps it up as long, saves it and exits. Memory is measured during one autoplay hand of
rook-classic at Hard, whose search runs in a second process: the largest single process's peak (``ru_maxrss`` of
the launched process and everything below it, Unix) and the peak of the whole process tree's resident memory
summed (Linux ``/proc``, sampled every 50 ms; it counts libraries that two processes share twice).
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from game.ui.autoplay import SCREENSHOT_AFTER

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = ".exe" if os.name == "nt" else ""
GAME = ROOT / "dist" / f"trickhouse{SUFFIX}"
PEER_FOLDER = ROOT / "build" / "bare-window"
PEER = PEER_FOLDER / "dist" / f"bare-window{SUFFIX}"
MB = 1e6

PEER_SCRIPT = f"""\
import sys
import time
import pygame

pygame.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((20, 90, 50))
pygame.display.flip()
time.sleep({SCREENSHOT_AFTER})  # as long as the game's menu is up before its screenshot
pygame.image.save(screen, sys.argv[1] + "/first-frame.png")
pygame.quit()
"""

# build.spec's lines that make it the game's recipe, and what they become for the peer
PEER_CHANGES = {
    'str(HERE / "game" / "__main__.py")': 'str(HERE / "bare_window.py")',
    "datas=DATAS,": "datas=[],",
    'name="trickhouse",': 'name="bare-window",',
}


def pyinstaller(spec: Path, dist: Path, work: Path) -> float:
    """Build one recipe the way ``python3 dev.py build`` does; the seconds it took."""
    start = time.perf_counter()
    built = subprocess.run([sys.executable, "-m", "PyInstaller", str(spec), "--noconfirm", "--clean",
                            "--distpath", str(dist), "--workpath", str(work)], cwd=ROOT, capture_output=True, text=True)
    if built.returncode != 0:  # its log is long and only worth reading when the build fails
        raise SystemExit(f"PyInstaller failed on {spec.name}:\n{built.stderr[-5000:]}")
    return time.perf_counter() - start


def build_peer() -> float:
    recipe = (ROOT / "build.spec").read_text(encoding="utf-8")
    for old, new in PEER_CHANGES.items():
        if recipe.count(old) != 1:
            raise SystemExit(f"build.spec has changed: update PEER_CHANGES in {__file__} (looked for {old})")
        recipe = recipe.replace(old, new)
    PEER_FOLDER.mkdir(parents=True, exist_ok=True)
    (PEER_FOLDER / "bare_window.py").write_text(PEER_SCRIPT, encoding="utf-8")
    (PEER_FOLDER / "bare_window.spec").write_text(recipe, encoding="utf-8")
    return pyinstaller(PEER_FOLDER / "bare_window.spec", PEER_FOLDER / "dist", PEER_FOLDER / "work")


def time_to_first_screenshot(command: list[str], env: dict[str, str], folder: Path) -> tuple[float, str]:
    """(seconds from launch until a PNG appears in ``folder``, what it wrote to stderr); it is then asked to quit."""
    folder.mkdir(parents=True)
    with tempfile.TemporaryFile("w+") as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        try:
            while not any(folder.glob("*.png")):
                if process.poll() is not None and not any(folder.glob("*.png")):  # looked again: it may have saved
                    raise SystemExit(f"{command[0]} exited ({process.returncode}) before saving a screenshot")
                if time.perf_counter() - start > 60:
                    raise SystemExit(f"{command[0]} saved no screenshot within 60 s")
                time.sleep(0.005)
            elapsed = time.perf_counter() - start
        finally:
            process.terminate()  # SDL turns it into a QUIT event, and the one-file launcher passes it on
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        errors.seek(0)
        return elapsed, errors.read()


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # the name in parentheses may hold spaces
        except (OSError, IndexError):
            continue  # the process has just ended
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting.extend(children.get(pid, []))
    return found


def _resident_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0  # ended, or a zombie


def peak_memory(command: list[str], env: dict[str, str]) -> tuple[str, float | None, float | None]:
    """(stdout, largest single process's peak MB, whole process tree's peak MB) of one run to its end."""
    peak_tree = 0
    done = threading.Event()
    with tempfile.TemporaryFile("w+") as out:
        process = subprocess.Popen(command, env=env, stdout=out)

        def sample() -> None:
            nonlocal peak_tree
            while not done.wait(0.05):
                peak_tree = max(peak_tree, sum(_resident_kb(pid) for pid in _descendants(process.pid)))

        sampler = threading.Thread(target=sample, daemon=True)
        if Path("/proc/self/status").exists():
            sampler.start()
        largest = None
        if hasattr(os, "wait4"):
            # wait4 rather than getrusage(RUSAGE_CHILDREN), which would keep the largest of every earlier run too
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            largest = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024) / MB  # Linux counts in KiB
        else:
            process.wait()
        done.set()
        if sampler.is_alive():
            sampler.join()
        out.seek(0)
        report = out.read()
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} failed with exit code {process.returncode}")
    return report, largest, peak_tree * 1024 / MB if peak_tree else None


def _row(name: str, ours: float | None, peer: float | None, unit: str, digits: int) -> str:
    def shown(value: float | None) -> str:
        return f"{value:.{digits}f} {unit}" if value is not None else "n/a"
    ratio = f"{ours / peer:.2f}" if ours is not None and peer else "n/a"
    return f"| {name} | {shown(ours)} | {shown(peer)} | {ratio} |"


def run(build: bool, runs: int) -> int:
    import PyInstaller

    game_build = peer_build = None
    if build or not GAME.exists():
        print("Building dist/trickhouse ...", flush=True)
        game_build = pyinstaller(ROOT / "build.spec", ROOT / "dist", ROOT / "build")
    if build or not PEER.exists():
        print("Building the bare pygame-ce window ...", flush=True)
        peer_build = build_peer()

    env = {**os.environ}
    env.setdefault("SDL_VIDEODRIVER", "dummy")  # set it to x11, wayland, windows... to measure a real window
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="trickhouse-bench-") as scratch:
        env["TRICKHOUSE_DATA_DIR"] = env["TRICKHOUSE_CONFIG_DIR"] = str(Path(scratch) / "user")
        starts, peer_starts, complaints = [], [], []
        for number in range(runs):  # alternating, so that load on the machine falls on both
            shots = Path(scratch) / f"shots-{number}"
            seconds, errors = time_to_first_screenshot(
                [str(GAME), "--autoplay", "rook-classic", "--hands", "1", "--screenshots", str(shots)], env, shots)
            starts.append(seconds)
            complaints += [errors] if errors.strip() else []
            shots = Path(scratch) / f"peer-{number}"
            seconds, errors = time_to_first_screenshot([str(PEER), str(shots)], env, shots)
            peer_starts.append(seconds)
            complaints += [errors] if errors.strip() else []
        played, largest, tree = peak_memory([str(GAME), "--autoplay", "rook-classic", "--hands", "1"], env)
        (Path(scratch) / "peer-memory").mkdir()
        _, peer_largest, peer_tree = peak_memory([str(PEER), str(Path(scratch) / "peer-memory")], env)

    print(f"\nOne-file executable, PyInstaller {PyInstaller.__version__}, Python {platform.python_version()}, "
          f"{platform.system()} {platform.machine()}, video driver {env['SDL_VIDEODRIVER']}\n")
    print("| | Trickhouse | bare pygame-ce window | Trickhouse / bare |")
    print("|---|---:|---:|---:|")
    if game_build is not None and peer_build is not None:
        print(_row("build time", game_build, peer_build, "s", 0))
    print(_row("executable size", GAME.stat().st_size / MB, PEER.stat().st_size / MB, "MB", 1))
    print(_row(f"launch to first screenshot (median of {runs})", statistics.median(starts),
               statistics.median(peer_starts), "s", 2))
    print(_row("peak memory, largest process", largest, peer_largest, "MB", 0))
    print(_row("peak memory, process tree", tree, peer_tree, "MB", 0))
    print(f"\nThe first screenshot is taken once the first frame has been up {SCREENSHOT_AFTER} s (the game: its "
          "menu). Memory: one autoplay hand of rook-classic at Hard (its search runs in a second process) against "
          "the peer's whole run; MB = 1,000,000 bytes.")
    print("Check: " + " / ".join(line for line in played.splitlines() if line.startswith("autoplay")))
    if complaints:
        # Quitting this soon after start is rare in play, but what goes wrong then is worth seeing.
        lines = complaints[0].strip().splitlines()
        error = next((line for line in reversed(lines) if "Error" in line and not line.startswith("[PYI")), lines[-1])
        print(f"\n{len(complaints)} of the {2 * runs} launches, asked to quit at their first screenshot, wrote to "
              f"stderr; the first: {error}")
    return 0
