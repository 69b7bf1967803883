"""``python -m bench frames``: what the computer's thinking costs the window's frame rate.

A pygame-ce loop at 60 frames a second draws a table's worth of card-sized rectangles and text while the AI
worker answers Hard's hearts-classic moves non-stop, with the search on the worker thread, then in the search
process (the game's default), and with no thinking at all as the baseline. Frame times (p50, p99, worst) show
what each costs: a busy Python thread takes the interpreter from the window a switch interval at a time.

Then how soon a long search stops when it is cancelled (a move taken back, a player leaving) and when the worker is
closed (quitting while a computer thinks): the tests check only that it stops, this measures how soon.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the game is imported inside the measures, as everywhere in this file
    from game.ai.worker import AIWorker


def _keep_asking(worker: AIWorker, stop: threading.Event, budget: float) -> None:
    """Ask the AI worker for Hard's hearts-classic moves non-stop, as a table of computer seats would."""
    from game.ai import make_player
    from game.engine import Hand, load_rules

    rules = load_rules("hearts-classic")
    player = make_player("hard", seed=1, budget=budget)
    number = 0
    while not stop.is_set():
        hand = Hand.deal(rules, seed=number, number=number)
        while not hand.is_done and not stop.is_set():
            action = worker.request(hand, player).wait()
            if action is None:  # cancelled: the worker is closing
                return
            hand.apply(action)
        number += 1


def _frames(seconds: float) -> list[float]:
    import pygame

    screen = pygame.display.get_surface()
    assert screen is not None  # the window opened before the frames are timed
    font = pygame.font.Font(None, 28)
    clock = pygame.time.Clock()
    times = []
    deadline = time.perf_counter() + seconds
    last = time.perf_counter()
    frame = 0
    while time.perf_counter() < deadline:
        pygame.event.pump()
        screen.fill((20, 90, 50))
        for i in range(52):  # a hand, a trick and the other seats' backs
            x, y = 40 + (i % 13) * 90, 40 + (i // 13) * 160
            pygame.draw.rect(screen, (250, 250, 245), (x + frame % 5, y, 80, 120), border_radius=8)
            screen.blit(font.render(f"{i % 13 + 2}", True, (0, 0, 0)), (x + 8, y + 8))
        pygame.display.flip()
        clock.tick(60)
        now = time.perf_counter()
        times.append(now - last)
        last = now
        frame += 1
    return times[5:]  # the first frames include window setup


def _figures(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    return (f"| {name} | {len(times)} | {statistics.median(times) * 1e3:.1f} ms | {p99 * 1e3:.1f} ms "
            f"| {max(times) * 1e3:.1f} ms |")


def run(seconds: float, budget: float) -> int:
    from game.ai.worker import AIWorker

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    pygame.display.set_mode((1280, 720))
    print(f"Frame times at 60 fps (16.7 ms a frame) while Hard thinks, {seconds:g} s each "
          f"(video driver {pygame.display.get_driver()})\n")
    print("| computer thinking | frames | p50 | p99 | worst |")
    print("|---|---:|---:|---:|---:|")
    print(_figures("none", _frames(seconds)), flush=True)

    for name, search_process in (("Hard on the AI worker thread", False), ("Hard in the search process", True)):
        worker = AIWorker(search_process=search_process)
        stop = threading.Event()
        asking = threading.Thread(target=_keep_asking, args=(worker, stop, budget), daemon=True)
        asking.start()
        time.sleep(1.0)  # the search process starts
        print(_figures(name, _frames(seconds)), flush=True)
        stop.set()
        worker.close()
        asking.join(5)
    pygame.quit()
    print("\nStopping a Hard search with a minute's budget, 10 times each\n")
    print("| search runs | cancel: p50 | cancel: worst | close: p50 | close: worst |")
    print("|---|---:|---:|---:|---:|")
    for name, search_process in (("on the AI worker thread", False), ("in the search process", True)):
        cancels, closes = _stopping(search_process, 10)
        print(f"| {name} | {statistics.median(cancels) * 1e3:.1f} ms | {max(cancels) * 1e3:.1f} ms "
              f"| {statistics.median(closes) * 1e3:.1f} ms | {max(closes) * 1e3:.1f} ms |", flush=True)
    return 0


def _stopping(search_process: bool, times: int) -> tuple[list[float], list[float]]:
    """Seconds from cancelling a long search to its answer, and from closing the worker to its thread's end."""
    from game.ai.search import SearchPlayer
    from game.ai.worker import AIWorker
    from game.engine import Hand, load_rules

    hand = Hand.deal(load_rules("hearts-classic"), seed=1)
    while hand.phase != "play":
        hand.apply(hand.legal_actions()[0])
    cancels, closes = [], []
    for _ in range(times):
        worker = AIWorker(search_process=search_process)
        decision = worker.request(hand, SearchPlayer(seed=1, budget=60, worlds=10**6))
        time.sleep(0.3)
        started = time.perf_counter()
        decision.cancel()
        decision.wait(60)
        cancels.append(time.perf_counter() - started)
        worker.request(hand, SearchPlayer(seed=2, budget=60, worlds=10**6))
        time.sleep(0.3)
        started = time.perf_counter()
        worker.close(timeout=60)
        closes.append(time.perf_counter() - started)
    return cancels, closes
