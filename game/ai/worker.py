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

from game.engine.hand import Hand

from .rules_play import RulePlayer

log = logging.getLogger("trickhouse.ai")
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

    def __init__(self, hand: Hand, player, limit: float | None):
        self.hand = hand.copy()  # the worker never touches the UI's hand
        self.player = player
        self.limit = limit
        self.started = time.monotonic()
        self.action: str | None = None
        self.fell_back = False
        self._cancelled = threading.Event()
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self):
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

    def _finish(self, action: str, fell_back: bool = False):
        if not self.done:
            self.action, self.fell_back = action, fell_back
            self._done.set()


class AIWorker:
    """One daemon thread that works through decisions in order."""

    def __init__(self):
        self._queue: queue.Queue[Decision | None] = queue.Queue()
        self._current: Decision | None = None
        self._thread = threading.Thread(target=self._run, name="trickhouse-ai", daemon=True)
        self._thread.start()

    def request(self, hand: Hand, player, limit: float | None = None) -> Decision:
        decision = Decision(hand, player, limit)
        self._queue.put(decision)
        return decision

    def cancel_all(self):
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
        return not self._thread.is_alive()

    def _run(self):
        while True:
            decision = self._queue.get()
            if decision is None:
                return
            self._current = decision
            try:
                self._decide(decision)
            finally:
                self._current = None

    def _decide(self, decision: Decision):
        if decision.cancelled:
            decision._finish(fallback_action(decision.hand), fell_back=True)
            return
        player, hand = decision.player, decision.hand
        if hasattr(player, "cancelled"):
            player.cancelled = decision._cancelled.is_set
        try:
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
