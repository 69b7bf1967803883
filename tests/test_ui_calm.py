"""A calm window (issue 25, item 7): frames are drawn only when something changed or moves, a machine without a
sound card prints nothing from the sound library, and the setup does not build the game as an editable install
(whose setuptools warning box greeted a first ``python3 dev.py play``)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.table.session import Session
from game.ui import app as app_module
from game.ui import sound
from game.ui.app import App
from game.ui.scenes.dialogs import Dialog
from game.ui.scenes.table import MARKER_SECONDS, TableScene
from tests.support.deals import position_where, table_session
from tests.support.kinds import of_kind
from tests.support.ui_helpers import FAST, frames, post, step

ROOT = Path(__file__).resolve().parents[1]


def test_a_still_window_draws_no_frames_until_input_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The idle main menu drew 60 frames a second (20-30% of a core under Xvfb). Now it draws its first frame,
    then one for each input, and none while nothing happens."""
    app = App(FAST, search_process=False)
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(time.monotonic()))

    def player() -> None:
        for _ in frames(30):  # the first frame, then a still spell, a key, another still spell, then Quit
            if flips:
                break
            time.sleep(0.01)
        time.sleep(0.5)
        drawn_while_still = len(flips)
        post(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
        time.sleep(0.5)
        seen.append((drawn_while_still, len(flips)))
        post(pygame.QUIT)

    seen: list[tuple[int, int]] = []
    thread = threading.Thread(target=player)
    thread.start()
    app.run("menu")
    thread.join()
    assert seen == [(1, 2)]


def run_table_until(app: App, session: Session, done: Callable[[], bool]) -> None:
    """The window loop at ``session``'s table until ``done`` (or a minute, allowing for a slow machine), then Quit."""
    def quit_when_done() -> None:
        for _ in frames(60):
            if done():
                break
            time.sleep(0.02)
        post(pygame.QUIT)

    thread = threading.Thread(target=quit_when_done)
    thread.start()
    app.run("table", session=session)
    thread.join()


def test_cards_move_on_in_the_window_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop's frames move the table on by the time that passed since the frame before (at most 0.1 s):
    computers play card after card (each glides to the middle first) until Quit."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 1 and not h.trick)
    session = table_session(hand, humans=0)
    app = App(FAST, search_process=False)
    start = len(session.hand.actions)
    moments: list[tuple[float, float]] = []  # when each frame began, and the time it moved things on by
    real_frame = app.frame

    def frame(dt: float) -> None:
        moments.append((time.perf_counter(), dt))
        real_frame(dt)

    monkeypatch.setattr(app, "frame", frame)

    run_table_until(app, session, lambda: len(session.hand.actions) >= start + 6)
    assert len(session.hand.actions) >= start + 6
    gaps = [(min(now - before, 0.1), dt) for (before, _), (now, dt) in zip(moments, moments[1:])]
    assert all(abs(gap - dt) < 0.002 for gap, dt in gaps), [pair for pair in gaps if abs(pair[0] - pair[1]) >= 0.002]


@pytest.mark.parametrize("slow", [False, True])
def test_faces_are_drawn_ahead_in_the_time_a_quick_frame_leaves(monkeypatch: pytest.MonkeyPatch, slow: bool) -> None:
    """The table draws every face ahead of need (a court card of the classic faces costs up to 13 ms). Drawn at the
    start of each frame, they pushed frames of a loaded machine over 20 ms while a computer thought: a face is now
    drawn after a frame is on screen, when the frame took less than ``WARM_BEFORE``; after a slower frame none is."""
    # a frame is made slower than WARM_BEFORE, or WARM_BEFORE longer than any frame, whatever the machine's speed
    monkeypatch.setattr(app_module, "WARM_BEFORE", 0.002 if slow else 60.0)
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 1 and not h.trick)
    session = table_session(hand, humans=0)
    app = App(FAST, search_process=False)
    # a frame at once, as while cards move: a still window's rest, which draws faces ahead too, never comes between
    monkeypatch.setattr(app, "rest", lambda due: True)
    to_warm: list[int] = []  # the faces still to draw ahead, after each frame
    real_frame = app.frame

    def frame(dt: float) -> None:
        real_frame(dt)
        if slow:
            time.sleep(0.004)
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        to_warm.append(len(table.to_warm))

    monkeypatch.setattr(app, "frame", frame)

    run_table_until(app, session, lambda: len(to_warm) >= 20)
    assert len(to_warm) >= 20 and to_warm[0] > 20
    if slow:
        assert len(set(to_warm)) == 1
    else:
        assert to_warm[:20] == list(range(to_warm[0], to_warm[0] - 20, -1))


def test_a_still_window_wakes_for_input_and_draws_nothing_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "STILL_WAKE", 0.05)
    app = App(FAST, search_process=False)
    try:
        app.open("menu")
        step(app)
        pygame.event.clear()
        assert app.stack.next_frame() is None
        assert app.rest(None) is False  # nothing came, nothing is due: no frame
        post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
        assert app.rest(None) is True
        assert app.rest(0.01) is True  # a scene's time is up
    finally:
        app.close()


def test_the_table_asks_for_frames_only_while_something_changes() -> None:
    """Cards moving or the marker bobbing: every frame; a computer deciding: a look every so often (its thinking
    dots move); the person at this screen to play and nothing moving: no frames until they act."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 3 and len(h.trick) == 3)
    app = App(FAST, search_process=False)
    try:
        table = of_kind(TableScene, app.open("table", session=table_session(hand)))
        step(app)
        assert table.next_frame() is not None  # a computer (seat 3) is to play
        for _ in frames(30):
            step(app)
            if table.viewer_controls_play():
                break
        table.turn_since -= MARKER_SECONDS  # the marker has bobbed its while
        for _ in frames(30):
            if table.next_frame() is None:
                break
            step(app)
        assert table.viewer_controls_play() and not table.busy()
        assert table.next_frame() is None
        card = next(choice.card for choice in table.view().legal)
        table.act(f"play {card}")
        assert table.next_frame() == 0  # the card glides to the middle
    finally:
        app.close()


@pytest.mark.parametrize("name, still", [("menu", True), ("setup", True), ("settings", True), ("house-rules", True),
                                         ("names", True), ("how-to-play", True), ("statistics", True),
                                         ("history", True), ("join", False)])
def test_every_page_away_from_the_table_keeps_still_once_shown(name: str, still: bool) -> None:
    """A page that only input changes asks for no frames once it is up (the history once it has been read); Join
    game looks at the tables found on the local network every so often."""
    app = App(FAST, search_process=False)
    try:
        app.open(name)
        for _ in frames(30):
            step(app)
            if app.stack.next_frame() is None:
                break
        assert (app.stack.next_frame() is None) == still
    finally:
        app.close()


def test_a_dialog_over_the_table_is_still_once_the_marker_has_bobbed() -> None:
    hand = position_where("rook-classic", lambda h: h.phase == "bid" and h.to_move == 0)
    app = App(FAST, search_process=False)
    try:
        table = of_kind(TableScene, app.open("table", session=table_session(hand)))
        for _ in frames(30):
            step(app)
            if isinstance(app.stack.top, Dialog):
                break
        table.turn_since -= MARKER_SECONDS
        step(app)
        assert app.stack.next_frame() is None
    finally:
        app.close()


def test_no_sound_card_prints_no_sound_library_lines() -> None:
    """Issue 25: "no ALSA error lines in the terminal when there is no sound card". Without SDL's dummy audio
    driver, SDL looks for a device; whatever it finds, the game starts its sounds (or goes without) and prints
    nothing (a machine without a sound card printed eight "ALSA lib ..." lines, twice)."""
    env = {key: value for key, value in os.environ.items() if key != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    script = "import pygame; pygame.display.init(); from game.ui.sound import Sounds; Sounds(); print('ok')"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip().endswith("ok")
    assert "ALSA" not in done.stderr, done.stderr


def test_without_a_sound_card_sdl_tries_only_the_sound_servers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ALSA prints its errors when it finds no card, so on Linux with none SDL is let try PipeWire and PulseAudio
    only; with a card (or a driver the user chose, or another system) SDL chooses as always."""
    cards = tmp_path / "cards"
    monkeypatch.setattr(sound, "SOUND_CARDS", cards)
    monkeypatch.setattr(sys, "platform", "linux")  # the sys the sound module reads
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    assert sound.audio_drivers() == "pipewire,pulseaudio"  # no /proc/asound at all
    cards.write_text(" --- no soundcards ---\n")
    assert sound.audio_drivers() == "pipewire,pulseaudio"
    cards.write_text(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n")
    assert sound.audio_drivers() is None
    cards.unlink()
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    assert sound.audio_drivers() is None
    monkeypatch.delenv("SDL_AUDIODRIVER")
    monkeypatch.setattr(sys, "platform", "win32")
    assert sound.audio_drivers() is None


def test_the_setup_installs_what_the_game_needs_without_building_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``pip install -e .`` printed setuptools' "Editable installation" warning box on the first ``python3 dev.py
    play``: dev.py installs the game's dependencies (and the extras asked for) and runs the game from the
    checkout, so no package is built."""
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    ran = []
    monkeypatch.setattr(dev, "VENV", tmp_path / ".venv")
    monkeypatch.setattr(dev.venv, "EnvBuilder", lambda **_: type("Made", (), {"create": lambda self, path: None})())
    monkeypatch.setattr(dev.subprocess, "run", lambda command, **_: ran.append(command[3:]))
    (tmp_path / ".venv").mkdir()
    dev.ensure_installed(["dev"])
    pip_installs = [command for command in ran if command[:1] == ["install"]]
    wanted = [line for line in dev.requirements(["dev"])]
    assert pip_installs[-1] == ["install", "--quiet", *wanted]
    assert "pygame-ce>=2.5" in wanted and "pytest>=8" in wanted
    assert not any("-e" in command or "." in command for command in pip_installs)
