"""How work runs beside the window, in the three ways the game uses and no other (no pygame here):

- ``LoopThread``: an asyncio event loop on a thread of its own (a table server the game hosts, a connection to a
  table, the tests' servers). Start it, call into it from any thread, stop it: stopping closes the loop.
- ``ChildJob``: a job in a child process started with "spawn" (Hard's search, the hand review), talking JSON-ready
  values over a pipe: what it sends is read without waiting, and cancelling kills it at once. A process, not a
  thread, because a pure-Python search on a thread takes the interpreter from the window (frames p99 22 ms
  against 17 ms: game/ai/worker.py, docs/benchmarks.md).
- ``in_background``: a one-off job on a thread (a file written, the history read, hosting ended), answered through a
  ``concurrent.futures.Future``. Its threads are not daemons: the game quitting at once still finishes the write.

Work that finishes beside the window wakes it (``set_waker``, ``finished``): a still window draws only after input
or when a scene asks (game/ui/scene.py), and a scene that asks by reading work's state from another thread can see
it finished after the last frame was drawn and ask for none more.

python-chess's ``chess.engine`` is the model: the event loop is run by one thread with ``asyncio``, and what the
caller gets back is a future.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import multiprocessing
import os
import threading
from collections.abc import Awaitable, Callable, Coroutine
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

T = TypeVar("T")

# one-off jobs are rare and short: a few threads are plenty, made only when needed
_BACKGROUND = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="trickhouse-background")


_waker: Callable[[], None] | None = None  # the window's, while there is one (set_waker)


def set_waker(waker: Callable[[], None] | None) -> None:
    """Who is told, from the thread that did the work, each time work beside the window finishes (a one-off job
    here, a computer's decision in game/ai/worker.py): the window posts itself an event, so that a still window
    draws what the work brought at once instead of at the next input. None: no window to wake."""
    global _waker
    _waker = waker


def finished() -> None:
    """Work beside the window has finished: wake the window, if there is one."""
    waker = _waker
    if waker is not None:
        waker()


def in_background(job: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
    """Run ``job(*args)`` on a thread beside the window; its future holds the answer or the exception, and the
    window is woken once it does."""
    future = _BACKGROUND.submit(job, *args)
    future.add_done_callback(lambda _: finished())
    return future


class LoopThread:
    """An asyncio event loop on a thread of its own. ``start(setup)`` runs ``setup()`` (a coroutine function, such as
    a server starting to listen) on the loop and returns once it has, raising what it raised; then the loop runs
    until ``stop``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop = asyncio.new_event_loop()
        self._thread: threading.Thread | None = None
        # asyncio holds tasks only weakly: a task waiting on something nothing else holds is garbage once its caller
        # drops the future, and a collection would destroy it mid-way (its ``finally`` run on whatever thread
        # collected it). The loop's tasks are held here until they end.
        self._tasks: set[asyncio.Task[Any]] = set()

    def start(self, setup: Callable[[], Awaitable[Any]] | None = None, timeout: float = 10.0) -> Any:
        """Start the thread and run ``setup`` first; its answer, or its exception raised here."""
        started: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            try:
                answer = self.loop.run_until_complete(setup()) if setup is not None else None
            except BaseException as err:  # handed to the caller, whose start() raises it
                self._finish_tasks()  # what the setup had begun
                started.set_exception(err)
                return
            started.set_result(answer)
            self.loop.run_forever()
            self._finish_tasks()

        self._thread = threading.Thread(target=run, name=self.name, daemon=True)
        self._thread.start()
        return started.result(timeout)

    def _finish_tasks(self) -> None:
        """Cancel what is still pending once the loop has stopped and let it run its way out, as ``asyncio.run``
        does: a task left pending when the loop closes is destroyed mid-way (its ``finally`` never runs) and asyncio
        logs "Task was destroyed but it is pending" from whatever code collects it later."""
        for _ in range(3):  # a task on its way out may stop the loop again (a client ending its connection)
            pending = [task for task in asyncio.all_tasks(self.loop) if not task.done()]
            if not pending:
                break
            for task in pending:
                task.cancel()
            try:
                self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            except RuntimeError:  # stopped before they all ended: look again
                continue
        try:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        except RuntimeError:  # a late stop: the generators are left to the loop's close
            pass

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run a coroutine on the loop, from any thread; its future (which the caller may drop: the task runs on)."""
        async def held() -> T:
            task = asyncio.current_task()
            assert task is not None  # run by the loop as a task
            self._tasks.add(task)
            try:
                return await coroutine
            finally:
                self._tasks.discard(task)
        return asyncio.run_coroutine_threadsafe(held(), self.loop)

    def call(self, function: Callable[..., T], *args: Any, timeout: float = 10.0) -> T:
        """Run ``function(*args)`` on the loop's thread (what the loop owns is not thread-safe) and return its
        answer."""
        async def call() -> T:
            return function(*args)
        return self.submit(call()).result(timeout)

    def call_soon(self, function: Callable[..., Any], *args: Any) -> None:
        """Ask the loop to run ``function(*args)`` soon, without waiting (from any thread)."""
        self.loop.call_soon_threadsafe(function, *args)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 5.0, last: Coroutine[Any, Any, Any] | None = None) -> bool:
        """Run ``last`` (a server's goodbyes) if given, stop the loop and its thread, and close the loop; True if the
        thread ended within ``timeout``."""
        if self._thread is None:
            self.loop.close()
            return True
        if last is not None and self.running:
            self.submit(last).result(timeout)
        if self.running:
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
        ended = not self._thread.is_alive()
        if ended and not self.loop.is_closed():
            self.loop.close()
        return ended


# how far below the window a child job runs: on a busy machine the window's frames come first, and the search or
# the review takes what is left within its own time budget (issue 34: frames while Hard thinks, one core busy)
CHILD_NICENESS = 10


def _run_below_the_window(target: Callable[..., None], *args: Any) -> None:
    """A child job's first step (on Windows, which has no ``os.nice``, the job keeps the window's priority)."""
    if hasattr(os, "nice"):
        os.nice(CHILD_NICENESS)
    target(*args)


class ChildJob:
    """``target(conn, *args)`` in a child process, at a lower priority than the window's: ``send`` hands it a
    value, ``news()`` reads what it has sent so far without waiting, ``kill()`` stops it at once. Values crossing
    the pipe are plain JSON-ready data.

    A job that sends its last value and exits leaves the pipe readable twice: for the value, then for the end of the
    pipe (TESTING-NOTES.md). ``news()`` reads up to that end and keeps everything before it; ``ended`` then says
    that nothing more will come."""

    _context = multiprocessing.get_context("spawn")  # the same on every desktop platform

    def __init__(self, target: Callable[..., None], *args: Any, name: str) -> None:
        self._conn, child = self._context.Pipe()
        self._process: BaseProcess | None = self._context.Process(
            target=_run_below_the_window, args=(target, child, *args), name=name, daemon=True)
        self._process.start()
        child.close()
        self.ended = False  # every value read, and the job's end of the pipe is closed: it has gone
        self._exitcode: int | None = None  # kept when the job is killed, whose process is then closed

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def exitcode(self) -> int | None:
        return self._process.exitcode if self._process is not None else self._exitcode

    def send(self, value: Any) -> None:
        self._conn.send(value)

    def news(self) -> list[Any]:
        """Every value the job has sent and not yet read, without waiting; reading on to the end of the pipe when
        the job has gone (then ``ended``), what came before it kept."""
        out = []
        while self._process is not None and not self.ended and self._conn.poll():
            try:
                out.append(self._conn.recv())
            except (EOFError, OSError):  # the end of the pipe (OSError: a pipe broken rather than closed)
                self.ended = True
        return out

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the job to send something or go; True if it has (``news()`` then reads it)."""
        return self._process is not None and not self.ended and self._conn.poll(seconds)

    def kill(self) -> None:
        """Stop the job at once (a cancel, or the window closing)."""
        if self._process is not None:
            if self.ended:  # closing on its way out: its own exit code, not the kill's
                self._process.join(1)
            self._process.kill()
            self._process.join(1)
            self._exitcode = self._process.exitcode
            self._process.close()
            self._process = None
            self._conn.close()


def leave_objects_to_the_os() -> None:
    """Called by a process about to exit: the objects it still holds are left out of the interpreter's last garbage
    collection, and the operating system takes back their memory. That collection crashed the process now and
    then (a segmentation fault, exit code 134 or 250, after all went well) in msgspec's clearing of the message
    classes: ``StructMeta_clear`` → ``StructInfo_dealloc`` → ``TypeNode_Free`` (a core dump of the tests on
    2026-11-27; msgspec's open issue #717 is the same crash). Files and connections are closed by their owners
    before this, so nothing is lost."""
    gc.freeze()
