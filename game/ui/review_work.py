"""The hand review's work, off the window's thread: the review itself in a child process, hindsight on a thread.

The review (``HandReview``, a second or two a seat) runs in a child process started with "spawn", as Hard's
search does (game/ai/worker.py): on a thread the search takes the interpreter from the window a few milliseconds
every frame (TESTING-NOTES.md: p99 22 ms against 17 ms in a process; measured with this scene on a busy machine,
frames p50 24 ms on a thread against 16.4 ms in a process). Only JSON crosses the pipe: the hand record
and the seats going in, progress counts and ``Review.to_json()`` coming back. Cancelling kills the process at
once. No pygame here.

Hindsight (``hindsight``, 20-70 ms a hand measured on rook-classic and hearts-classic) is too short to pay for
starting a process and too long for one frame: it runs beside the window (game/runtime.py: in_background).
"""

from __future__ import annotations

import concurrent.futures
from multiprocessing.connection import Connection
from typing import Any

from game.engine import Hand
from game.engine.language import gettext, language, use_language
from game.review import HandReview, Review, hindsight
from game.runtime import ChildJob, in_background

PROGRESS_STEPS = 200  # progress messages a review sends at most: enough for a smooth bar, few enough to be free


def _review_process_main(conn: Connection, record: dict[str, Any], seats: list[int], worlds: int,
                         measure_worlds: int, words: str) -> None:
    use_language(words)  # a spawned process starts in the system's language: the review speaks the window's
    job = HandReview(record, seats, worlds, measure_worlds)
    every = max(1, job.total // PROGRESS_STEPS)
    sent = 0
    for done in job.steps():
        if done - sent >= every:
            conn.send(("progress", done))
            sent = done
    assert job.review is not None  # every step taken
    conn.send(("review", job.review.to_json()))


class ReviewWork:
    """A hand's review being worked out in a child process: ``poll()`` each frame reads its news; ``done`` and
    ``total`` for the progress bar; ``review`` once it is finished; ``cancel()`` stops it at once."""

    def __init__(self, job: HandReview, record: dict[str, Any], worlds: int, measure_worlds: int):
        self.total = job.total
        self.done = 0
        self.review: Review | None = None
        self.problem = ""  # the process ended without a review
        self.job: ChildJob | None = ChildJob(_review_process_main, record, job.seats, worlds, measure_worlds,
                                             language(), name="trickhouse-review")

    def poll(self) -> None:
        """Read what the process has sent; once the review has come, the process is gone. A review sent just before
        the process ended is read all the same (ChildJob.news reads to the end of the pipe)."""
        job = self.job
        if job is None:
            return
        for kind, value in job.news():
            if kind == "progress":
                self.done = value
            else:
                self.review, self.done = Review.from_json(value), self.total
                self.cancel()
                return
        if job.ended:  # gone without the review
            self.cancel()
            self.problem = gettext("The review stopped unexpectedly (exit code {code})").format(code=job.exitcode)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.kill()
            self.job = None


class Hindsight:
    """The rest of a hand played out every card known, after each of some actions at one decision, beside the
    window: ``results`` (action -> finished Hand) once ``finished``."""

    def __init__(self, record: dict[str, Any], index: int, actions: list[str]):
        self._work = in_background(lambda: {action: hindsight(record, index, action) for action in actions})

    @property
    def finished(self) -> bool:
        return self._work.done()

    @property
    def results(self) -> dict[str, Hand]:
        return self._work.result() if self.finished and self._work.exception() is None else {}

    @property
    def problem(self) -> str:
        """What went wrong working it out (said on the page: a fault there must not end the window)."""
        err = self._work.exception() if self.finished else None
        return (str(err) or type(err).__name__) if err is not None else ""

    def join(self, timeout: float | None = None) -> None:
        """Wait for it (the scene leaving; tests)."""
        concurrent.futures.wait([self._work], timeout)
