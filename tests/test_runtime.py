"""The one way work runs beside the window (game/runtime.py): a loop on a thread that is closed when stopped, a
child process that talks over a pipe and dies when killed, and one-off jobs answered through futures."""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
from multiprocessing.connection import Connection

import pytest

from game import runtime
from game.ai import make_player
from game.ai.worker import AIWorker
from game.engine import Hand, load_rules
from game.runtime import CHILD_NICENESS, ChildJob, LoopThread, in_background


def test_a_loop_thread_runs_its_setup_takes_calls_and_is_closed_when_stopped() -> None:
    runner = LoopThread("test-loop")
    assert runner.start(lambda: asyncio.sleep(0, result="listening")) == "listening"
    assert runner.running and runner.call(threading.current_thread) is not threading.current_thread()
    said: list[str] = []
    assert runner.stop(last=_say(said, "goodbye"))
    assert said == ["goodbye"] and runner.loop.is_closed() and not runner.running


async def _say(said: list[str], word: str) -> None:
    said.append(word)


def test_stopping_a_loop_ends_its_pending_tasks_so_their_cleanup_runs(caplog: pytest.LogCaptureFixture) -> None:
    """CI found "Task was destroyed but it is pending!" logged in a later test: a client's sender, cancelled but
    never run again, was left pending when its loop closed. Stopping ends every pending task first, as
    ``asyncio.run`` does, so each one's ``finally`` runs, even one that stops the loop on its way out."""
    runner = LoopThread("test-loop")
    runner.start()
    cleaned = []

    async def wait_forever(name: str, stop_loop: bool) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            cleaned.append(name)
            if stop_loop:
                asyncio.get_running_loop().stop()

    runner.submit(wait_forever("sender", False))
    runner.submit(wait_forever("connection", True))
    runner.call(lambda: None)  # both are waiting now
    assert runner.stop() and runner.loop.is_closed()
    assert sorted(cleaned) == ["connection", "sender"]
    assert "destroyed but it is pending" not in caplog.text


def test_a_setup_that_fails_is_raised_to_the_caller_and_the_loop_still_closes() -> None:
    runner = LoopThread("test-loop")

    cleaned = []

    async def begun() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            cleaned.append("begun")

    async def refuse() -> None:
        asyncio.ensure_future(begun())
        await asyncio.sleep(0)
        raise OSError("the port is in use")

    with pytest.raises(OSError, match="the port is in use"):
        runner.start(refuse)
    assert runner.stop() and runner.loop.is_closed()
    assert cleaned == ["begun"], "what the setup had begun is ended too"


def _echo(conn: Connection, prefix: str) -> None:
    while (message := conn.recv()) is not None:
        conn.send(f"{prefix}{message}")
    conn.send("bye")


def test_a_child_job_answers_over_its_pipe_and_ends_when_killed() -> None:
    job = ChildJob(_echo, "echo: ", name="test-echo")
    job.send("one")
    job.send("two")
    heard: list[str] = []
    while len(heard) < 2:  # a hang is stopped by the test's timeout
        job.wait(0.1)
        heard += job.news()
    assert heard == ["echo: one", "echo: two"] and job.alive
    job.kill()
    assert not job.alive and job.news() == []


def _say_and_go(conn: Connection, count: int) -> None:
    for number in range(count):
        conn.send(number)


def test_what_a_child_job_sent_before_it_went_is_kept() -> None:
    """Issue 32, item 1: a job that sends its last values and exits leaves the pipe readable for them and then for
    its end, where reading raises EOFError; news() read on into that end and dropped the values it had read. Now
    it keeps them, and says the job has ended."""
    job = ChildJob(_say_and_go, 3, name="test-say")
    while job.alive:
        time.sleep(0.05)  # as the window polls: the job has gone by the time it is read
    assert not job.alive and not job.ended
    assert job.wait(0) and job.news() == [0, 1, 2] and job.ended
    assert job.news() == [] and not job.wait(0)
    job.kill()
    assert job.exitcode == 0


def _say_niceness(conn: Connection) -> None:
    conn.send(os.nice(0))


def test_a_child_job_runs_below_the_window_so_that_a_busy_machine_gives_the_frames_first() -> None:
    """Issue 34, goal 4: Hard's search and the review run in child jobs; at the window's own priority they took
    the core from its frames on a busy machine. They run CHILD_NICENESS lower (at most the lowest, 19)."""
    job = ChildJob(_say_niceness, name="test-niceness")
    while not job.wait(0.1):  # a hang is stopped by the test's timeout
        pass
    assert job.news() == [min(19, os.nice(0) + CHILD_NICENESS)]
    job.kill()


def _hang(conn: Connection) -> None:
    time.sleep(600)


def test_a_child_job_that_hangs_is_killed_at_once() -> None:
    job = ChildJob(_hang, name="test-hang")
    assert not job.wait(0.2)
    job.kill()
    assert not job.alive


def test_a_background_job_answers_through_its_future_and_keeps_its_fault() -> None:
    assert in_background(sum, [1, 2, 3]).result(30) == 6
    failing = in_background(int, "not a number")
    with pytest.raises(ValueError):
        failing.result(30)
    assert isinstance(failing.exception(), ValueError)


def test_a_task_whose_future_is_dropped_runs_on_through_a_garbage_collection() -> None:
    """Issue 32, item 18: the stopping test above once raised CancelledError in a busy full run. asyncio holds its
    tasks only weakly: a task waiting on an event that nothing else holds, submitted by a caller that drops the
    future (as that test does), is garbage, and a collection that an earlier test's leftovers happen to trigger on
    the loop's thread destroys it mid-way; its ``finally`` ran there and stopped the loop under the next call. The
    loop thread holds what it was given to run until it has ended."""
    runner = LoopThread("test-loop")
    runner.start()
    cleaned = []

    async def wait_forever(name: str) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            cleaned.append(name)
            asyncio.get_running_loop().stop()

    runner.submit(wait_forever("connection"))
    runner.call(lambda: None)  # it is waiting now, held by nothing the test keeps
    runner.call(gc.collect)
    assert cleaned == [] and runner.call(lambda: "still running") == "still running"
    assert runner.stop() and cleaned == ["connection"]


def test_work_finishing_beside_the_window_wakes_it() -> None:
    """Issue 32, item 2: a one-off job and a computer's decision each wake the window when they finish (from their
    own thread), so that a still window draws what they brought at once."""
    woken = threading.Semaphore(0)
    runtime.set_waker(woken.release)
    try:
        assert in_background(sum, [1, 2]).result(30) == 3
        assert woken.acquire(timeout=30)  # only stops a hang
        worker = AIWorker(search_process=False)
        hand = Hand.deal(load_rules("hearts-classic"), seed=1)
        worker.request(hand, make_player("easy")).wait(30)
        assert woken.acquire(timeout=30)
        assert worker.close()
    finally:
        runtime.set_waker(None)
