"""The hand review (issue 18): every decision of a hand judged from what its seat could know when it decided.

A decision the search can judge (a card to play; in Hearts a pass, among the passes Hard's search tries and the
pass made) is judged as Hard's search judges it, by ``SearchPlayer.playouts``: every choice is played out in the
same worlds, each dealt by the engine's ``Hand.resample`` from the seat's information set (never from the real
hidden cards), every seat then playing by the Normal rules. A choice is worth its average ``HandResult.margin``
for the seat: its score change against the average of the players not on its side (Hearts: penalty points,
counted against the others; Rook: the side's points against the other side's). The best choice is the one worth
most in those worlds: the choice Hard would make.

Its cost is then measured again in fresh worlds (another seed), the choice made against the best only. Measured
in the worlds that chose the best, the best's lead would be flattered by the choosing itself (with ten choices
and 40 worlds the luckiest is often not the best; a Rook hand's costs came out several times what Hard gains over
Normal). The cost is the average difference, with its standard error over the fresh worlds; it may come out at
nought or below, when the best was not better after all.

A decision is marked as a mistake when its cost is at least a tenth of the points the worlds' hands were played
for (the points captured, on average: 26 in Hearts, 120 in rook-classic) and at least twice its standard error.

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

from game.ai.search import OmniscientPlayer, SearchPlayer
from game.engine import Hand
from game.engine import actions as A
from game.engine.results import HandResult

REVIEW_FORMAT = "trickhouse-review/2"  # a new analysis gets a new format, so cached reviews of the old are not used
WORLDS = 40  # worlds that choose the best: Hard's number
MEASURE_WORLDS = 80  # fresh worlds that measure the cost: two choices only, so more of them cost little
MEASURE_SEED = 7919  # added to the review's seed for the fresh worlds
MISTAKE_SHARE = 0.1  # of the points a hand is played for
CLEAR = 2.0  # standard errors a cost must stand clear of nought to be a mistake
NOT_JUDGED = {  # what game/ai/search.py measured, or that it has no search for these
    "bid": "Bids are not judged: searched bids (declaring at once in each world) did no better than the Normal rules, "
           "so the search cannot say what a bid cost.",
    "nest": "The nest is not judged: a searched nest did no better than the Normal rules.",
    "trump": "Trump is not judged: searched trump did no better than the Normal rules.",
    "order": "The rank order is not judged: the search has no way to judge it; Hard takes the Normal rules' choice.",
    "call": "The called card is not judged: the search has no way to judge it; Hard takes the Normal rules' choice.",
    "lay-aside": "The card laid aside is not judged: the search has no way to judge it; Hard takes the Normal rules' "
                 "choice.",
    "choose": "Not judged: both hands are face down, so nothing tells them apart.",
    "moon": "Not judged: both rewards are worth the same against the others in this hand; the match score decides.",
}
ONLY_CHOICE = "The only legal choice."


@dataclass(frozen=True)
class Choice:
    action: str
    value: float  # average margin over the worlds (more is better)


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
    best: str = ""
    cost: float = 0.0  # points the choice made was worth less than the best, on average over the fresh worlds
    error: float = 0.0  # the standard error of the cost
    threshold: float = 0.0  # the cost from which it is a mistake
    mistake: bool = False
    choices: list[Choice] = field(default_factory=list)  # every choice judged, best first, in the choosing worlds


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

    def to_json(self) -> dict:
        return {"format": REVIEW_FORMAT, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict) -> Review:
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
                    isinstance(c, dict) and set(c) == {"action", "value"} and _all([c["action"]], str)
                    and _all([c["value"]], float) for c in item["choices"]):
                raise ValueError("a decision of a hand review is not as the review writes it")
            decisions.append(Decision(**{**item, "choices": [Choice(**c) for c in item["choices"]]}))
        return cls(data["key"], data["seats"], data["worlds"], data["measure_worlds"], data["seed"], decisions)


DECISION_FIELDS = {"index": int, "seat": int, "phase": str, "trick": int, "action": str, "judged": bool, "note": str,
                   "best": str, "cost": float, "error": float, "threshold": float, "mistake": bool, "choices": list}


def _all(values, kind) -> bool:
    """Whether ``values`` is a list of values of one JSON kind (a whole number counts as a number; true does not)."""
    kinds = (int, float) if kind is float else kind
    return isinstance(values, list) and all(
        isinstance(v, kinds) and (kind is bool or not isinstance(v, bool)) for v in values)


def review_key(record: dict, seats: Iterable[int], worlds, seed: int) -> str:
    """What a review is cached under: the hand and everything the review depends on."""
    text = json.dumps({"format": REVIEW_FORMAT, "record": record, "seats": sorted(seats), "worlds": worlds,
                       "seed": seed}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Judge:
    """Judges single decisions: the search that chooses the best (Hard's, seeded with ``seed``) and the one that
    measures the cost in fresh worlds. ``judge(hand, action)`` takes the hand just before the decision and the
    action text or int; ``steps(...)`` does the same one world at a time."""

    def __init__(self, worlds: int = WORLDS, measure_worlds: int = MEASURE_WORLDS, seed: int = 0):
        if worlds < 1 or measure_worlds < 1:
            raise ValueError("a decision is judged over at least one world, and its cost measured in one more")
        self.worlds, self.measure_worlds, self.seed = worlds, measure_worlds, seed
        self.choose = SearchPlayer(seed=seed, budget=math.inf, worlds=worlds)
        self.measure = SearchPlayer(seed=seed + MEASURE_SEED, budget=math.inf, worlds=measure_worlds)

    def candidates(self, hand: Hand, action: A.Action) -> list[A.Action] | None:
        """The choices to judge (None: not judged), the choice made among them."""
        if len(hand.legal) < 2:
            return None
        candidates = self.choose.candidates(hand)
        if candidates is None:
            return None
        return candidates if action in candidates else [*candidates, action]

    def cost_in_steps(self, candidates: list[A.Action] | None) -> int:
        return self.worlds + self.measure_worlds if candidates else 1

    def steps(self, index: int, hand: Hand, action: A.Action,
              candidates: list[A.Action] | None) -> Generator[int, None, Decision]:
        """Judge the decision, yielding the steps done as it goes (``cost_in_steps`` in all); returns the
        Decision."""
        if candidates is None:
            yield 1
            return _unjudged(index, hand, action)
        ranking = []
        for results in self.choose.playouts(hand, candidates):
            ranking.append(results)
            yield 1
        best = _ranked(hand.to_move, ranking)[0]
        measured = []
        if best != action:
            for results in self.measure.playouts(hand, [best, action]):
                measured.append(results)
                yield 1
        else:
            yield self.measure_worlds
        return _judged(index, hand, action, ranking, measured)

    def judge(self, hand: Hand, action: A.Action | str, index: int = 0) -> Decision:
        action = hand.parse_action(action) if isinstance(action, str) else action
        steps = self.steps(index, hand, action, self.candidates(hand, action))
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value


class HandReview:
    """A hand's review in small steps: ``steps()`` plays one world of one decision at a time and yields how many
    steps are done (of ``total``); ``run(progress, cancelled)`` does them all, or stops when ``cancelled()``;
    once every step is done, ``review`` holds the result. Raises ValueError for a record that does not replay."""

    def __init__(self, record: dict, seats: Iterable[int] | None = None, worlds: int = WORLDS,
                 measure_worlds: int = MEASURE_WORLDS, seed: int = 0):
        self.hand = Hand.from_record(record)  # checks the whole record
        replay = Hand.from_record({**record, "actions": []})
        self.seats = sorted(set(range(self.hand.n) if seats is None else seats))
        self.judge = Judge(worlds, measure_worlds, seed)
        self.key = review_key(record, self.seats, (worlds, measure_worlds), seed)
        self.moments: list[tuple[int, Hand, A.Action, list[A.Action] | None]] = []
        for index, action in enumerate(self.hand.actions):
            if replay.to_move in self.seats:
                self.moments.append((index, replay.copy(), action, self.judge.candidates(replay, action)))
            replay.push(action)
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


def hindsight(record: dict, index: int, action: str | None = None, seed: int = 0) -> Hand:
    """The hand as it would have ended had ``action`` (default: the one made) been taken at decision ``index``,
    every seat then playing with all the cards known (Hard's search on the real deal): hindsight, which no seat
    had when it decided. Raises ValueError for a record that does not replay or an action not legal there."""
    actions = record["actions"] if isinstance(record, dict) else None
    if not isinstance(actions, list) or not 0 <= index < len(actions):
        raise ValueError(f"hand record: no decision {index}")
    hand = Hand.from_record({**record, "actions": actions[:index]})
    hand.apply(action if action is not None else actions[index])
    player = OmniscientPlayer(seed=seed, budget=math.inf)
    while not hand.is_done:
        hand.push(player.decide(hand))
    return hand


# --- what the review says ---

def _unjudged(index: int, hand: Hand, action: A.Action) -> Decision:
    note = ONLY_CHOICE if len(hand.legal) < 2 else NOT_JUDGED[hand.phase]
    return Decision(index, hand.to_move, hand.phase, _trick(hand), hand.action_text(action), judged=False, note=note)


def _trick(hand: Hand) -> int:
    return len(hand.tricks) + 1 if hand.phase == "play" else 0


def _ranked(seat: int, ranking: list[dict[A.Action, HandResult]]) -> list[A.Action]:
    """The choices, best first, as Hard's search ranks them (equal totals: the lower action first)."""
    totals = {a: sum(w[a].margin(seat) for w in ranking) for a in ranking[0]}
    return sorted(totals, key=lambda a: (-totals[a], a))


def _judged(index: int, hand: Hand, action: A.Action, ranking: list[dict[A.Action, HandResult]],
            measured: list[dict[A.Action, HandResult]]) -> Decision:
    seat = hand.to_move
    ranked = _ranked(seat, ranking)
    best = ranked[0]
    text = hand.action_text
    choices = [Choice(text(a), _mean(w[a].margin(seat) for w in ranking)) for a in ranked]
    stake = _mean(sum(w[action].points) for w in ranking)
    decision = Decision(index, seat, hand.phase, _trick(hand), text(action), judged=True, note="", best=text(best),
                        threshold=MISTAKE_SHARE * stake, choices=choices)
    if best == action:
        decision.note = _best_sentence(hand, action, choices)
        return decision
    differences = [w[best].margin(seat) - w[action].margin(seat) for w in measured]
    decision.cost = _mean(differences)
    decision.error = _standard_error(differences)
    decision.mistake = decision.cost >= decision.threshold and decision.cost >= CLEAR * decision.error
    decision.note = _cost_sentence(hand, action, best, measured, decision.cost)
    return decision


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def _standard_error(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))


def _doing(hand: Hand, action: A.Action) -> str:
    """The choice as the start of a sentence: "Leading KS", "Playing G14", "Passing 2C AH QS"."""
    words = hand.action_text(action).split()
    if A.kind_of(action) == A.PLAY:
        return f"{'Playing' if hand.trick else 'Leading'} {words[1]}"
    if A.kind_of(action) == A.PASS_CARDS:
        return f"Passing {' '.join(words[1:])}"
    return f"Choosing {' '.join(words)}"


def _choice_name(hand: Hand, action: A.Action) -> str:
    return " ".join(hand.action_text(action).split()[1:])


def _points(value: float) -> str:
    return f"about {value:.0f} point{'' if round(value) == 1 else 's'}"


def _best_sentence(hand: Hand, action: A.Action, choices: list[Choice]) -> str:
    doing = _doing(hand, action)
    if len(choices) < 2:
        return f"{doing} was best."
    runner, lead = choices[1].action.split(maxsplit=1)[1], choices[0].value - choices[1].value
    if lead < 0.5:
        return f"{doing} was best, as good as {runner} give or take half a point."
    return f"{doing} was best, {_points(lead)} better on average than {runner}, the next best."


def _cost_sentence(hand: Hand, action: A.Action, best: A.Action, measured, cost: float) -> str:
    doing = _doing(hand, action)
    best_name = _choice_name(hand, best)
    if cost < 0.5:
        return (f"{doing} was about as good as {best_name}, the search's choice: over {len(measured)} more deals "
                f"of the cards you could not see it did as well, give or take half a point.")
    reasons = "; ".join(_reasons(hand.to_move, measured, action, best, best_name))
    return f"{doing} here cost {_points(cost)} against the others on average: {reasons}. {best_name} was best."


def _reasons(seat, worlds, action, best, best_name) -> Iterator[str]:
    """Where the cost came from, in the engine's results: the scores behind the margins, the contract, the moon."""
    count = len(worlds)
    sample: HandResult = worlds[0][action]
    score = {a: _mean(w[a].score_change[seat] for w in worlds) for a in (action, best)}
    others = {a: _mean(w[a].others_average(seat) for w in worlds) for a in (action, best)}
    they = "the other side" if len(sample.sides) == 2 else "the others"
    if sample.lower_is_better:
        yield (f"over {count} deals of the cards you could not see, you took {score[action]:.1f} penalty points "
               f"and {they} {others[action]:.1f} each; with {best_name}, {score[best]:.1f} and {others[best]:.1f}")
    else:
        who = "your side" if len(sample.side_of(seat)) > 1 else "you"
        yield (f"over {count} deals of the cards you could not see, {who} scored {score[action]:+.0f} and {they} "
               f"{others[action]:+.0f}; with {best_name}, {score[best]:+.0f} and {others[best]:+.0f}")
    notable = max(2, count // 10)  # fewer deals than this either way is chance
    if sample.declarer >= 0:
        made = [sum(1 for w in worlds if w[a].made) for a in (action, best)]
        if abs(made[0] - made[1]) >= notable:
            yield f"the contract was made in {made[0]} of them, {made[1]} with {best_name}"
    for words, shot in (("you shot the moon", lambda r: r.moon_shooter == seat),
                        ("someone else shot the moon", lambda r: r.moon_shooter not in (-1, seat))):
        shots = [sum(1 for w in worlds if shot(w[a])) for a in (action, best)]
        if abs(shots[0] - shots[1]) >= notable:
            yield f"{words} in {shots[0]} of them, {shots[1]} with {best_name}"
