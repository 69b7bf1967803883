"""The hand review's work, off the window's thread: the review itself in a child process, hindsight on a thread.

The review (``HandReview``, a second or two a seat) runs in a child process started with "spawn", as Hard's
search does (game/ai/worker.py): on a thread the search takes the interpreter from the window a few milliseconds
every frame (TESTING-NOTES.md: p99 22 ms against 17 ms in a process; measured with this scene on a busy machine,
frames p50 24 ms on a thread against 16.4 ms in a process). Only JSON crosses the pipe: the hand record
and the seats going in, progress counts and ``Review.to_json()`` coming back. Cancelling kills the process at
once. No pygame here.

Hindsight (``hindsight``, 20-70 ms a hand measured on rook-classic and hearts-classic) is too short to pay for
starting a process and too long for one frame: it runs on a daemon thread.
"""

from __future__ import annotations

import multiprocessing
import threading

from game.review import HandReview, Review, hindsight

PROGRESS_STEPS = 200  # progress messages a review sends at most: enough for a smooth bar, few enough to be free


def _review_process_main(conn, record: dict, seats: list[int], worlds: int, measure_worlds: int):
    job = HandReview(record, seats, worlds, measure_worlds)
    every = max(1, job.total // PROGRESS_STEPS)
    sent = 0
    for done in job.steps():
        if done - sent >= every:
            conn.send(("progress", done))
            sent = done
    conn.send(("review", job.review.to_json()))


class ReviewWork:
    """A hand's review being worked out in a child process: ``poll()`` each frame reads its news; ``done`` and
    ``total`` for the progress bar; ``review`` once it is finished; ``cancel()`` stops it at once."""

    def __init__(self, job: HandReview, record: dict, worlds: int, measure_worlds: int):
        self.total = job.total
        self.done = 0
        self.review: Review | None = None
        self.problem = ""  # the process ended without a review
        context = multiprocessing.get_context("spawn")  # the same on every desktop platform
        self._conn, child = context.Pipe(duplex=False)
        self.process = context.Process(target=_review_process_main, name="trickhouse-review", daemon=True,
                                       args=(child, record, job.seats, worlds, measure_worlds))
        self.process.start()
        child.close()

    def poll(self):
        """Read what the process has sent; once the review has come, the process is gone."""
        if self.process is None:
            return
        try:
            while self._conn.poll():
                kind, value = self._conn.recv()
                if kind == "progress":
                    self.done = value
                else:
                    self.review, self.done = Review.from_json(value), self.total
                    self._end()
                    return
        except (EOFError, OSError):  # the process died without a word
            self.problem = "The review stopped unexpectedly"
            self._end()
            return
        if not self.process.is_alive() and not self._conn.poll():
            self.problem = f"The review stopped unexpectedly (exit code {self.process.exitcode})"
            self._end()

    def cancel(self):
        self._end()

    def _end(self):
        if self.process is not None:
            self.process.kill()
            self.process.join(1)
            self.process.close()
            self.process = None
            self._conn.close()


class Hindsight:
    """The rest of a hand played out every card known, after each of some actions at one decision, on a thread:
    ``results`` (action -> finished Hand) once ``finished``."""

    def __init__(self, record: dict, index: int, actions: list[str]):
        self.results: dict[str, object] = {}
        self.problem = ""
        self._thread = threading.Thread(target=self._run, args=(record, index, actions), name="trickhouse-hindsight",
                                        daemon=True)
        self._thread.start()

    @property
    def finished(self) -> bool:
        return not self._thread.is_alive()

    def _run(self, record: dict, index: int, actions: list[str]):
        try:
            self.results = {action: hindsight(record, index, action) for action in actions}
        except Exception as err:  # noqa: BLE001  (shown as the page's problem: a thread's fault must not end the window)
            self.problem = str(err) or type(err).__name__

    def join(self, timeout: float | None = None):
        """Wait for it (the scene leaving; tests)."""
        self._thread.join(timeout)

