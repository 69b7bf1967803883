"""The hand review (issue 18): every decision of a hand judged from what its seat could know when it decided.

A decision the search can judge (a card to play; in Hearts a pass, among the passes Hard's search tries and the
pass made) is judged as Hard's search judges it, by ``SearchPlayer.playouts``: every choice is played out in the
same worlds, each dealt by the engine's ``Hand.resample`` from the seat's information set (never from the real
hidden cards), every seat then playing by the Normal rules. A choice is worth its average ``HandResult.margin``
for the seat: its score change against the average of the players not on its side (Hearts: penalty points,
counted against the others; Rook: the side's points against the other side's). The best choice is the one worth
most in those worlds among the choices the search tries: the choice Hard would make. A pass made that the search
does not try is measured with the others, but is never the best, however it did in those worlds.

Every choice is then measured again in fresh worlds (another seed), and those figures are the ones shown: each
choice's average margin there, and its cost, the search's choice's average minus its own (the gap in the list of
choices), with the standard error of that difference over the fresh worlds. Measured in the worlds that chose the
best, the best's lead would be flattered by the choosing itself (with ten choices and 40 worlds the luckiest is
often not the best; a Rook hand's costs came out several times what Hard gains over Normal). A fresh cost may come
out at nought or below, when the search's choice was not better after all, and the review then says so.

The Hint (game/table/controller.py, handed ``hint_player`` by the window and the server) asks the same search, the
one the review chooses with, so the Hint's choice and the review's are the same choice of the same position: a
hinted play is never the review's mistake. What the figures are called in words, and from which figures a cost is
a mistake, is game/review/words.py.

Bids, the nest and trump are not judged: searched versions did no better than the Normal rules (game/ai/search.py),
so the search cannot say what they cost, and this review says so rather than guess; nor are the rank order, the
called card and the card laid aside, which the search has no way to judge, a blind choice of hand, and the moon
reward (worth the same in the hand either way). A decision with one legal choice is listed as such.

``HandReview`` runs a hand's review in small steps (one world of one decision each) for a progress bar and a
cancel button; its ``review`` is JSON (``Review.to_json``) that a cache keeps under ``HandReview.key``.
``hindsight`` plays the rest of a hand out with all cards known: what would have happened, in hindsight.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from game.ai.search import OmniscientPlayer, SearchPlayer, ranked
from game.engine import Hand
from game.engine import actions as A
from game.engine.language import N_, gettext, language
from game.engine.results import HandResult

from . import words
from .words import MISTAKE_SHARE, NOT_JUDGED, ONLY_CHOICE, Breakdown, Named

REVIEW_FORMAT = "trickhouse-review/5"  # a new analysis gets a new format, so cached reviews of the old are not used
WORLDS = 40  # worlds that choose the best: Hard's number
MEASURE_WORLDS = 80  # fresh worlds that measure every choice
MEASURE_SEED = 7919  # added to the review's seed for the fresh worlds
HINT_SEED = 0  # the seed of the Hint's search, and the review's unless told otherwise


def hint_player() -> SearchPlayer:
    """The search the Hint asks: the one the review chooses the best with, on the same worlds (drawn from the seed
    and the seat's view), with no time limit, so that the Hint and the review make the same choice."""
    return SearchPlayer(seed=HINT_SEED, budget=math.inf, worlds=WORLDS)


@dataclass(frozen=True)
class Choice:
    """A choice judged, with its figures over the measuring worlds (each to a tenth of a point, as shown)."""
    action: str
    value: float  # average margin (more is better)
    cost: float = 0.0  # the search's choice's value minus this one's
    error: float = 0.0  # the standard error of that difference over the worlds


@dataclass
class Decision:
    """One decision of a reviewed seat. ``index`` is the action's place in the hand record's actions, so the
    hand just before it is the record's first ``index`` actions replayed."""
    index: int
    seat: int
    phase: str
    trick: int  # the trick it was played to, from 1 (0 outside the play)
    action: str  # the choice made
    judged: bool
    note: str  # what the review says, in a sentence or two
    best: str = ""  # the search's choice (the Hint's, with the review's own settings)
    cost: float = 0.0  # the choice made's row of ``choices``: the gap to the search's choice
    error: float = 0.0  # the standard error of the cost
    threshold: float = 0.0  # the clear cost from which it is a mistake
    mistake: bool = False
    choices: list[Choice] = field(default_factory=list)  # every choice judged, by value in the measuring worlds


@dataclass
class Review:
    """A hand's review: its key, the seats reviewed, the worlds per decision (choosing the best, measuring the
    cost), the seed and each decision in hand order."""
    key: str
    seats: list[int]
    worlds: int
    measure_worlds: int
    seed: int
    decisions: list[Decision]

    def mistakes(self) -> list[Decision]:
        return [decision for decision in self.decisions if decision.mistake]

    def cost(self, seat: int) -> float:
        """What a seat's judged decisions cost together."""
        return sum(decision.cost for decision in self.decisions if decision.seat == seat)

    def to_json(self) -> dict[str, Any]:
        return {"format": REVIEW_FORMAT, **asdict(self)}

    @classmethod
    def from_json(cls, data: object) -> Review:
        """A review from its JSON; raises ValueError naming the problem if it is not one (a cache may be damaged)."""
        if not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT:
            raise ValueError(f"not a hand review (expected format {REVIEW_FORMAT})")
        if set(data) != {"format", "key", "seats", "worlds", "measure_worlds", "seed", "decisions"} \
                or not isinstance(data["key"], str) or not _all(data["seats"], int) \
                or not _all([data["worlds"], data["measure_worlds"], data["seed"]], int) \
                or not isinstance(data["decisions"], list):
            raise ValueError("a hand review has a key, seats, worlds, a seed and decisions")
        decisions = []
        for item in data["decisions"]:
            if not isinstance(item, dict) or set(item) != set(DECISION_FIELDS) or not all(
                    _all([item[name]], kind) for name, kind in DECISION_FIELDS.items() if kind is not list) \
                    or not isinstance(item["choices"], list) or not all(
                    isinstance(c, dict) and set(c) == {"action", "value", "cost", "error"}
                    and _all([c["action"]], str) and _all([c["value"], c["cost"], c["error"]], float)
                    for c in item["choices"]):
                raise ValueError("a decision of a hand review is not as the review writes it")
            decisions.append(Decision(**{**item, "choices": [Choice(**c) for c in item["choices"]]}))
        return cls(data["key"], data["seats"], data["worlds"], data["measure_worlds"], data["seed"], decisions)


DECISION_FIELDS = {"index": int, "seat": int, "phase": str, "trick": int, "action": str, "judged": bool, "note": str,
                   "best": str, "cost": float, "error": float, "threshold": float, "mistake": bool, "choices": list}


def _all(values: object, kind: type) -> bool:
    """Whether ``values`` is a list of values of one JSON kind (a whole number counts as a number; true does not)."""
    kinds = (int, float) if kind is float else kind
    return isinstance(values, list) and all(
        isinstance(v, kinds) and (kind is bool or not isinstance(v, bool)) for v in values)


def review_key(record: dict[str, Any], seats: Iterable[int], worlds: tuple[int, int], seed: int) -> str:
    """What a review is cached under: the hand and everything the review depends on, its sentences' language too
    (a decision's note is said when the review is made: a review in another language is made again)."""
    text = json.dumps({"format": REVIEW_FORMAT, "record": record, "seats": sorted(seats), "worlds": worlds,
                       "seed": seed, "language": language()}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Judge:
    """Judges single decisions: the search that chooses the best (Hard's, seeded with ``seed``) and the one that
    measures the cost in fresh worlds. ``judge(hand, action)`` takes the hand just before the decision and the
    action text or int; ``steps(...)`` does the same one world at a time."""

    def __init__(self, worlds: int = WORLDS, measure_worlds: int = MEASURE_WORLDS, seed: int = HINT_SEED):
        if worlds < 1 or measure_worlds < 1:
            raise ValueError("a decision is judged over at least one world, and its cost measured in one more")
        self.worlds, self.measure_worlds, self.seed = worlds, measure_worlds, seed
        self.choose = SearchPlayer(seed=seed, budget=math.inf, worlds=worlds)
        self.measure = SearchPlayer(seed=seed + MEASURE_SEED, budget=math.inf, worlds=measure_worlds)
        # the search's choice is the Hint's when the review chooses as the Hint does (the window's review always)
        self.pick_label = words.PICK if self.choose.spec == hint_player().spec else N_("the search's choice")

    def candidates(self, hand: Hand) -> list[A.Action] | None:
        """The choices the search (so the Hint) compares (None: not judged). The choice made may be another (a
        pass the search does not try): ``steps`` measures it too, but never picks it as the search's choice."""
        if len(hand.legal) < 2:
            return None
        return self.choose.candidates(hand.seen_by(hand.to_move))

    def cost_in_steps(self, candidates: list[A.Action] | None) -> int:
        return self.worlds + self.measure_worlds if candidates else 1

    def steps(self, index: int, hand: Hand, action: A.Action,
              candidates: list[A.Action] | None) -> Generator[int, None, Decision]:
        """Judge the decision, yielding the steps done as it goes (``cost_in_steps`` in all); returns the
        Decision."""
        if candidates is None:
            yield 1
            return _unjudged(index, hand, action)
        totals = dict.fromkeys(candidates, 0.0)
        seen = hand.seen_by(hand.to_move)  # judged from what the seat could see, as the Hint and Hard decide
        # the best among the search's own candidates, as the Hint chooses: a pass made that the search does not try
        # is measured below, never chosen here (it was, and was called the Hint's pass when it did best here)
        for results in self.choose.playouts(seen, candidates):
            self.choose.tally(totals, results, seen, hand.to_move)  # as the search (and so the Hint) does
            yield 1
        best = ranked(totals)[0]
        judged = candidates if action in candidates else [*candidates, action]  # the choice made is measured too
        measured = []
        for results in self.measure.playouts(seen, judged):
            measured.append(results)
            yield 1
        return _judged(index, hand, action, best, measured, self.worlds, self.pick_label)

    def judge(self, hand: Hand, action: A.Action | str, index: int = 0) -> Decision:
        action = hand.parse_action(action) if isinstance(action, str) else action
        steps = self.steps(index, hand, action, self.candidates(hand))
        while True:
            try:
                next(steps)
            except StopIteration as done:
                decision: Decision = done.value  # the generator's return value
                return decision


class HandReview:
    """A hand's review in small steps: ``steps()`` plays one world of one decision at a time and yields how many
    steps are done (of ``total``); ``run(progress, cancelled)`` does them all, or stops when ``cancelled()``;
    once every step is done, ``review`` holds the result. Raises ValueError for a record that does not replay."""

    def __init__(self, record: dict[str, Any], seats: Iterable[int] | None = None, worlds: int = WORLDS,
                 measure_worlds: int = MEASURE_WORLDS, seed: int = HINT_SEED):
        self.hand = Hand.from_record(record)  # checks the whole record
        self.seats = sorted(set(range(self.hand.n) if seats is None else seats))
        self.judge = Judge(worlds, measure_worlds, seed)
        self.key = review_key(record, self.seats, (worlds, measure_worlds), seed)
        self.moments: list[tuple[int, Hand, A.Action, list[A.Action] | None]] = []
        for index, (position, action) in enumerate(self.hand.positions()):
            if position.to_move in self.seats:
                self.moments.append((index, position, action, self.judge.candidates(position)))
        self.total = sum(self.judge.cost_in_steps(candidates) for *_, candidates in self.moments)
        self.review: Review | None = None

    def steps(self) -> Iterator[int]:
        decisions = []
        done = 0
        for moment in self.moments:
            steps = self.judge.steps(*moment)
            while True:
                try:
                    done += next(steps)
                except StopIteration as finished:
                    decisions.append(finished.value)
                    break
                yield done
        judge = self.judge
        self.review = Review(self.key, self.seats, judge.worlds, judge.measure_worlds, judge.seed, decisions)

    def run(self, progress: Callable[[int, int], None] | None = None,
            cancelled: Callable[[], bool] | None = None) -> Review | None:
        """The whole review (None if cancelled); ``progress(done, total)`` after every step."""
        for done in self.steps():
            if progress is not None:
                progress(done, self.total)
            if cancelled is not None and cancelled():
                return None
        return self.review


def partnered(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` scores with others in this hand as far as it knows (a partnership, the side against the
    declarer, a called partner once known; the engine's ``side_known_to``): the review then speaks of "your
    side"."""
    return len(hand.side_known_to(seat)) > 1


def hindsight(record: dict[str, Any], index: int, action: str | None = None, seed: int = 0) -> Hand:
    """The hand as it would have ended had ``action`` (default: the one made) been taken at decision ``index``,
    every seat then playing with all the cards known (Hard's search on the real deal): hindsight, which no seat
    had when it decided. Raises ValueError for a record that does not replay or an action not legal there."""
    actions = record["actions"] if isinstance(record, dict) else None
    if not isinstance(actions, list) or not 0 <= index < len(actions):
        raise ValueError(f"hand record: no decision {index}")
    hand = Hand.from_record(record)
    for _ in range(len(actions) - index):
        hand.pop()
    hand.apply(action if action is not None else actions[index])
    player = OmniscientPlayer(seed=seed, budget=math.inf)
    while not hand.is_done:
        hand.push(player.decide(hand))
    return hand


# --- what the review says ---

def _unjudged(index: int, hand: Hand, action: A.Action) -> Decision:
    note = gettext(ONLY_CHOICE if len(hand.legal) < 2 else NOT_JUDGED[hand.phase])
    return Decision(index, hand.to_move, hand.phase, _trick(hand), hand.action_text(action), judged=False, note=note)


def _trick(hand: Hand) -> int:
    return len(hand.tricks) + 1 if hand.phase == "play" else 0


def _tenth(value: float) -> float:
    """A figure as the review shows it, to a tenth of a point (never -0.0)."""
    return round(value, 1) + 0.0


def _judged(index: int, hand: Hand, action: A.Action, best: A.Action, measured: list[dict[A.Action, HandResult]],
            chosen_in: int, pick_label: str) -> Decision:
    """The decision's figures from the measuring worlds, rounded as shown, and the words made from them."""
    seat, deck = hand.to_move, hand.rules.deck
    values = {a: _tenth(_mean(w[a].margin(seat) for w in measured)) for a in measured[0]}
    rows = {a: Choice(hand.action_text(a), values[a], _tenth(values[best] - values[a]),
                      _tenth(_standard_error([w[best].margin(seat) - w[a].margin(seat) for w in measured])))
            for a in values}
    order = sorted(values, key=lambda a: (-values[a], a))
    played = rows[action]
    stake = _mean(sum(w[action].points) for w in measured)
    decision = Decision(index, seat, hand.phase, _trick(hand), played.action, judged=True, note="",
                        best=rows[best].action, cost=played.cost, error=played.error,
                        threshold=_tenth(MISTAKE_SHARE * stake), choices=[rows[a] for a in order])
    decision.mistake = words.verdict(decision.cost, decision.error, decision.threshold) == "mistake"

    def named(a: A.Action) -> Named:
        return Named(words.choice_name(a, deck), rows[a].value, rows[a].cost, rows[a].error)

    doing = words.doing(action, deck, leading=hand.phase == "play" and not hand.trick)
    decision.note = words.judged_note(doing, named(action), named(best), [named(a) for a in order],
                                      decision.threshold, len(measured), chosen_in,
                                      _breakdown(seat, measured, action, best), pick_label)
    return decision


def _mean(values: Iterable[float]) -> float:
    listed = list(values)
    return sum(listed) / len(listed)


def _standard_error(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))


def _breakdown(seat: int, worlds: list[dict[A.Action, HandResult]], action: A.Action, best: A.Action) -> Breakdown:
    """Where the difference came from, in the engine's results over the measuring worlds."""
    sample: HandResult = worlds[0][action]

    def mean_of(read: Callable[[HandResult], float]) -> tuple[float, float]:
        made, best_made = (_tenth(_mean(read(w[a]) for w in worlds)) for a in (action, best))
        return made, best_made

    def count_of(happened: Callable[[HandResult], bool | None]) -> tuple[int, int]:
        made, best_made = (sum(1 for w in worlds if happened(w[a])) for a in (action, best))
        return made, best_made

    return Breakdown(lower_is_better=sample.lower_is_better, partners=len(sample.side_of(seat)) > 1,
                     sides=len(sample.sides), score=mean_of(lambda r: r.score_change[seat]),
                     others=mean_of(lambda r: r.others_average(seat)),
                     made=count_of(lambda r: r.made) if sample.declarer >= 0 else None,
                     own_moon=count_of(lambda r: r.moon_shooter == seat),
                     other_moon=count_of(lambda r: r.moon_shooter not in (-1, seat)))
