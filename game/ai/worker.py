"""``AIWorker``: computer decisions on a worker thread, so the window never waits for them.

The UI asks with ``request(hand, player)`` and polls the returned ``Decision`` each frame. A decision can be
cancelled (a new game, quitting): the search checks for it between worlds, so the thread is free again within a
few milliseconds. An AI that raises, returns an illegal action or overruns its time is answered with a legal
fallback (Easy's choice, or the first legal action), logged, so the game always goes on.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from game.engine.hand import Hand
from game.runtime import ChildJob, finished

from .player import ComputerPlayer
from .rules_play import RulePlayer
from .search import SearchPlayer, SearchSpec

log = logging.getLogger("trickhouse.ai")
ANSWER_MARGIN = 0.1  # seconds of a decision's limit kept for the search's answer to reach the window
_FALLBACK = RulePlayer(counting=False)


def fallback_action(hand: Hand) -> str:
    """A legal action whatever happens: Easy's choice, or the first legal action if even that fails."""
    try:
        action = _FALLBACK.decide(hand)
        if hand.refusal(action) is None:
            return hand.action_text(action)
    except Exception:  # noqa: BLE001  (the fallback must never fail)
        log.exception("the fallback player failed; playing the first legal action")
    return hand.action_text(hand.legal_ids()[0])


class Decision:
    """One pending decision: ``done``, ``action`` (text) once done, ``cancel()``; ``overdue`` after the limit."""

    def __init__(self, hand: Hand, player: ComputerPlayer, limit: float | None) -> None:
        self.hand = hand.copy()  # the worker never touches the UI's hand
        self.player = player
        self.limit = limit
        self.started = time.monotonic()
        self.action: str | None = None
        self.fell_back = False
        self._cancelled = threading.Event()
        self._done = threading.Event()
        # called on the worker's thread once the decision is made (a server's loop wakes)
        self._then: list[Callable[[], object]] = []

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()

    def wait(self, timeout: float | None = None) -> str | None:
        """Block up to ``timeout`` seconds (tests and tools; the UI polls ``done`` instead)."""
        self._done.wait(timeout)
        return self.action

    def resolve_if_overdue(self) -> bool:
        """Past its time limit: stop the search and answer with the fallback now. True if that happened."""
        if self.done or self.limit is None or time.monotonic() - self.started <= self.limit:
            return False
        log.warning("AI overran its %.2f s budget; playing a fallback move", self.limit)
        self.cancel()
        self._finish(fallback_action(self.hand), fell_back=True)
        return True

    def then(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` once the decision is made (at once if it is): from the worker's thread, so it must
        only hand the news on (asyncio's ``call_soon_threadsafe``)."""
        self._then.append(callback)
        if self.done:
            callback()

    def _finish(self, action: str, fell_back: bool = False) -> None:
        if not self.done:
            self.action, self.fell_back = action, fell_back
            self._done.set()
            for callback in self._then:
                callback()
            finished()  # the window shows it at once


def _search_process_main(conn: Connection) -> None:
    """The search process: builds each Hard player once from its spec and answers hand records with action text.

    Only plain data crosses the pipe (the hand's JSON record and action text), never game objects."""
    from game.engine import Hand

    players: dict[SearchSpec, SearchPlayer] = {}
    while True:
        try:
            message = conn.recv()
        except EOFError:  # the window is gone without saying so (killed, or its display lost): nothing to answer
            return
        if message is None:
            return
        spec, record, seconds_left = message
        try:
            player = players.get(spec)
            if player is None:
                player = players[spec] = SearchPlayer(*spec)
            # the decision's own budget counts from when it was asked for: what the queue, the pipe and a search
            # process starting up took is no longer the search's
            player.budget = min(spec[1], seconds_left)
            hand = Hand.from_record(record)
            conn.send(("ok", hand.action_text(player.decide(hand))))
        except Exception as err:  # noqa: BLE001  (reported to the worker thread, which falls back)
            conn.send(("error", f"{type(err).__name__}: {err}"))


class SearchProcess:
    """Hard's search in a child process, so that it does not take the interpreter from the window (measured:
    frames p50 21 ms with the search on a thread, 16 ms with it in a process; python -m bench frames).
    Cancelling kills the process; the next search starts a new one."""

    def __init__(self) -> None:
        self._job: ChildJob | None = None

    def start(self) -> ChildJob:
        if self._job is None or not self._job.alive:
            self._job = ChildJob(_search_process_main, name="trickhouse-search")
        return self._job

    def decide(self, spec: SearchSpec, record: dict[str, Any], cancelled: Callable[[], bool],
               seconds_left: float) -> str | None:
        """The action text, or None if cancelled first; raises RuntimeError if the search failed. The search ends
        within ``seconds_left`` (less a margin for the answer's way back)."""
        job = self.start()
        job.send((spec, record, seconds_left - ANSWER_MARGIN))
        while not job.wait(0.01):
            if cancelled() or not job.alive:
                self.stop()
                self.start()  # at once, so that the next search does not wait for Python to start
                return None
        answers = job.news()
        if not answers:  # the process ended without answering: the next search starts a new one
            self.stop()
            raise RuntimeError(f"the search process stopped (exit code {job.exitcode})")
        status, text = answers[0]  # one answer a search: nothing more can have come
        if status != "ok":
            raise RuntimeError(text)
        return str(text)

    def stop(self) -> None:
        if self._job is not None:
            self._job.kill()
            self._job = None


class AIWorker:
    """One daemon thread that works through decisions in order; Hard's search runs in a child process when
    ``search_process`` is on (the default)."""

    def __init__(self, search_process: bool = True) -> None:
        self._search = SearchProcess() if search_process else None
        if self._search is not None:
            self._search.start()  # now, so that the first search does not pay for starting Python
        self._queue: queue.Queue[Decision | None] = queue.Queue()
        self._current: Decision | None = None
        self._start_thread()

    def _start_thread(self) -> None:
        self._thread = threading.Thread(target=self._run, args=(self._queue,), name="trickhouse-ai", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """A decision is being made or waits to be."""
        return self._current is not None or not self._queue.empty()

    def request(self, hand: Hand, player: ComputerPlayer, limit: float | None = None) -> Decision:
        current = self._current
        if current is not None and current.fell_back:
            self._abandon_thread()
        decision = Decision(hand, player, limit)
        self._queue.put(decision)
        return decision

    def _abandon_thread(self) -> None:
        """The thread is still inside an AI whose answer was given up on (it overran and ignores cancelling): leave
        it to finish on its own, and give the decisions to a new thread so that no later one waits behind it."""
        log.warning("an AI is still running after its fallback move; later decisions go to a new thread")
        stuck, self._queue = self._queue, queue.Queue()
        while True:
            try:
                pending = stuck.get_nowait()
            except queue.Empty:
                break
            self._queue.put(pending)
        stuck.put(None)  # the stuck thread ends as soon as its AI returns
        self._current = None
        self._start_thread()

    def cancel_all(self) -> None:
        """Cancel the decision being made and every one waiting."""
        current = self._current
        if current is not None:
            current.cancel()
        while True:
            try:
                pending = self._queue.get_nowait()
            except queue.Empty:
                break
            if pending is not None:
                pending.cancel()
                pending._finish(fallback_action(pending.hand), fell_back=True)

    def close(self, timeout: float = 1.0) -> bool:
        """Stop the thread; True if it ended within ``timeout`` seconds."""
        self.cancel_all()
        self._queue.put(None)
        self._thread.join(timeout)
        if self._search is not None:
            self._search.stop()
            # a one-file build deletes its unpacked files on exit: the resource tracker that "spawn" started must end
            # first, or a quick quit prints its traceback (private API, present since Python 3.8)
            from multiprocessing import resource_tracker
            resource_tracker._resource_tracker._stop()  # type: ignore[attr-defined]  # private: not in typeshed
        return not self._thread.is_alive()

    def stopped(self, timeout: float = 0.0) -> bool:
        """Whether the thread has ended (after ``close``), waiting up to ``timeout`` seconds for it."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self, jobs: queue.Queue[Decision | None]) -> None:
        while True:
            decision = jobs.get()
            if decision is None:
                return
            if jobs is self._queue:  # an abandoned thread no longer speaks for the worker
                self._current = decision
            try:
                self._decide(decision)
            finally:
                if self._current is decision:
                    self._current = None

    def _decide(self, decision: Decision) -> None:
        if decision.cancelled:
            decision._finish(fallback_action(decision.hand), fell_back=True)
            return
        player, hand = decision.player, decision.hand
        if isinstance(player, SearchPlayer):  # it looks between worlds whether to stop
            player.cancelled = decision._cancelled.is_set
        try:
            if self._search is not None and type(player) is SearchPlayer and player.searches(hand):
                limit = decision.limit if decision.limit is not None else player.budget
                text = self._search.decide(player.spec, hand.record(), decision._cancelled.is_set,
                                           limit - (time.monotonic() - decision.started))
                decision._finish(text if text is not None else fallback_action(hand), fell_back=text is None)
                return
            action = player.decide(hand)
            reason = hand.refusal(action)
            if reason is not None:
                log.error("AI chose an illegal action (%s): %s; playing a fallback move", hand.action_text(action),
                          reason)
                decision._finish(fallback_action(hand), fell_back=True)
                return
            decision._finish(hand.action_text(action))
        except Exception:  # noqa: BLE001  (any failure inside an AI must not stop the game)
            log.exception("AI failed; playing a fallback move")
            decision._finish(fallback_action(hand), fell_back=True)
