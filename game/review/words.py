"""What the hand review says: every sentence and label of a decision is made here, from the figures it sits
beside, with the thresholds stated once, so that no sentence says more than its numbers.

Two figures are shown, each meaning one thing wherever it appears (the window's panel and list of choices, its
hindsight page, the text review):

- a **result** (``result_meaning``): the hand's worth to the player, their score for the hand against the others'
  (against the other side's in a partnership; in Hearts the others' penalty points against their own, so that more is
  always better): ``HandResult.margin``. A choice's value is its average result over the measuring deals, and
  hindsight's figures are results too;
- a **cost**: how many points of result a choice gave up against the search's choice (which is the Hint's), given or
  taken its standard error ("3.7 points, give or take 1.0").

The figures are a decision's own, rounded to a tenth of a point as the window and the text review print them
(game/review/analysis.py rounds them before anything is read from them). ``verdict`` reads a cost the one way:

- "same": the cost, CLEAR standard errors either way, stays within SAME of nought: about as good, give or take
  half a point (exactly as good when every deal came out the same);
- "mistake": a clear cost (CLEAR standard errors above nought) of at least the mistake threshold, MISTAKE_SHARE
  of the points the hand is played for;
- "worse": a clear cost below that threshold;
- "better": clearly below nought: in the measuring deals the choice did better than the search's;
- "unclear": too close to nought, for how much the deals varied, to tell which was better.

tests/test_review_words.py reads every sentence of many reviewed hands back against these figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.engine import actions as A
from game.engine.words import YOU, capitalised, possessive

SAME = 0.5  # points: a cost whose whole interval lies within this of nought is "about as good"
CLEAR = 2.0  # standard errors a cost must stand clear of nought to count as better or worse
MISTAKE_SHARE = 0.1  # of the points a hand is played for (26 in Hearts, 120 in rook-classic): a clear cost from
# this on is a mistake
NOTABLE_SHARE = 0.1  # of the measuring deals (and at least 2): a contract made or a moon shot in fewer more deals one
# way than the other is chance, and left out of the sentence

PICK = "the Hint's choice"  # what the search's choice is called when the review's search is the Hint's

NOT_JUDGED = {phase: f"{why} The Hint gives the Normal computer's choice here." for phase, why in {
    # what game/ai/search.py measured (a searched bid, nest or trump did no better than the Normal rules), or that
    # the search has no way to try these choices
    "bid": "Bids are not judged: the review cannot yet tell a good bid from a bad one better than the Normal "
           "computer does.",
    "nest": "The nest is not judged: the review cannot yet choose the cards to lay back better than the Normal "
            "computer does.",
    "trump": "Trump is not judged: the review cannot yet choose trump better than the Normal computer does.",
    "order": "The rank order is not judged: the review has no way to try both orders.",
    "call": "The called card is not judged: the review has no way to try each card.",
    "lay-aside": "The card laid aside is not judged: the review has no way to try each card.",
    "choose": "Not judged: both hands are face down, so nothing tells them apart.",
    "moon": "Not judged: both rewards are worth the same against the others in this hand; the match score decides.",
}.items()}
ONLY_CHOICE = "The only legal choice."
# where in the hand a decision was made, outside the tricks
PHASE_WORDS = {"bid": "the bidding", "nest": "the nest", "trump": "naming trump", "order": "the rank order",
               "call": "calling a partner", "lay-aside": "laying a card aside", "pass": "the pass",
               "choose": "choosing a hand", "moon": "the moon"}


def when(trick: int, phase: str) -> str:
    """Where a decision was made: "trick 5", or "the bidding"."""
    return f"trick {trick}" if trick else PHASE_WORDS[phase]


def result_of(partners: bool, who: str = YOU) -> str:
    """What a result is called for the player who decided (``who``): their side's in a partnership, "your side's
    result" for the person at the screen."""
    return f"{possessive(who)} side's result" if partners else f"{possessive(who)} result"


def result_meaning(partners: bool, lower_is_better: bool, who: str = YOU) -> str:
    """What a result is, in the words of the game reviewed (``HandResult.margin``), for the player who decided."""
    whose = possessive(who)
    if lower_is_better:
        others = "yours" if who == YOU else f"{who}'s"
        return f"A result is the others' penalty points for the hand (their average) less {others}: more is better."
    if partners:
        return f"A result is {whose} side's score for the hand less the other side's: more is better."
    return f"A result is {whose} score for the hand less the others' (their average): more is better."


def verdict(cost: float, error: float, threshold: float = float("inf")) -> str:
    """"same", "mistake", "worse", "better" or "unclear": what a cost with this standard error says (module doc)."""
    if abs(cost) + CLEAR * error <= SAME:
        return "same"
    if cost > 0 and cost >= CLEAR * error:
        return "mistake" if cost >= threshold else "worse"
    if cost < 0 and -cost >= CLEAR * error:
        return "better"
    return "unclear"


@dataclass(frozen=True)
class Named:
    """A choice's figures with its name in a player's words."""
    name: str
    value: float
    cost: float
    error: float


@dataclass(frozen=True)
class Breakdown:
    """Where the difference between the choice made and the search's came from, in the engine's results over the
    measuring deals: the seat's average score change and the others' (made, pick), and in how many deals the
    contract was made (None without one) and the seat or someone else shot the moon."""
    lower_is_better: bool
    partners: bool  # the seat scores with a partner: "your side"
    sides: int  # sides at the table
    score: tuple[float, float]
    others: tuple[float, float]
    made: tuple[int, int] | None
    own_moon: tuple[int, int]
    other_moon: tuple[int, int]


def choice_name(action: A.Action | str, deck: str) -> str:
    """A choice (an action, or its text) as the review lists it: the card (A♥) or cards (2♣, A♥, Q♠), or the
    action in a player's words."""
    if isinstance(action, str):
        action = A.parse_action(action, deck)
    words = A.action_words(action, deck)
    return words.split(maxsplit=1)[1] if A.kind_of(action) in (A.PLAY, A.PASS_CARDS) else words


def doing(action: A.Action, deck: str, leading: bool) -> str:
    """The choice as the start of a sentence: "Leading K♠", "Playing Green 14", "Passing 2♣, A♥, Q♠"."""
    kind = A.kind_of(action)
    if kind == A.PLAY:
        return f"{'Leading' if leading else 'Playing'} {choice_name(action, deck)}"
    if kind == A.PASS_CARDS:
        return f"Passing {choice_name(action, deck)}"
    return f"Choosing to {A.action_words(action, deck)}"


def _deals(count: int) -> str:
    return f"{count} deals of the cards you could not see"


def _compared(cost: float, other: str) -> str:
    """How a choice did against ``other``, ``cost`` being how much worse it did."""
    if cost > 0:
        return f"{cost:.1f} points worse on average than {other}"
    if cost < 0:
        return f"{-cost:.1f} points better on average than {other}"
    return f"as well on average as {other}"


UNCLEAR = "too close to tell which is better"


def _as_well(row: Named, measured: int, other: str = "") -> str:
    """A cost within SAME of nought: exactly as well when every deal came out the same, else within half a point."""
    exact = row.cost == 0 and row.error == 0
    how = f"{'exactly ' if exact else ''}as well" + (f" as {other}" if other else ",")
    return f"{how} {'in every one of' if exact else 'within half a point, over'} {_deals(measured)}"


def judged_note(doing_words: str, played: Named, pick: Named, rows: list[Named], threshold: float, measured: int,
                chosen_in: int, breakdown: Breakdown | None, pick_label: str = PICK) -> str:
    """The sentence of a judged decision. ``rows`` is the list of choices, highest value first; ``played`` and
    ``pick`` (the search's choice) are two of them, or the same one when the choice made was the search's;
    ``measured`` deals gave the figures, ``chosen_in`` other deals chose the search's choice; ``breakdown`` says
    where a clear cost came from."""
    if played == pick:
        runner = next((row for row in rows if row != pick), None)
        return _pick_note(doing_words, runner, measured, chosen_in, pick_label)
    note = _played_note(doing_words, played, pick, threshold, measured, chosen_in, breakdown, pick_label)
    top = rows[0]
    if top not in (played, pick) and verdict(top.cost, top.error) == "better":
        # a third choice clearly above the search's: named, so that the top of the list is never left unexplained
        note += (f" Over these deals {top.name} did best of all, {-top.cost:.1f} points better on average than "
                 f"{pick.name}.")
    return note


def _played_note(doing_words: str, played: Named, pick: Named, threshold: float, measured: int, chosen_in: int,
                 breakdown: Breakdown | None, pick_label: str) -> str:
    kind = verdict(played.cost, played.error, threshold)
    versus = f"{pick.name}, {pick_label},"
    if kind == "same":
        return f"{doing_words} did {_as_well(played, measured, versus)}."
    if kind == "better":
        return (f"{doing_words} did {_compared(played.cost, versus)} over {_deals(measured)}; {pick.name} was "
                f"chosen in {chosen_in} other deals, where it did best.")
    if kind == "unclear":
        return f"{doing_words} did {_compared(played.cost, versus)} over {_deals(measured)}: {UNCLEAR}."
    reasons = "; ".join(_reasons(breakdown, pick.name, measured)) if breakdown else ""
    note = f"{doing_words} cost {played.cost:.1f} points on average against {versus[:-1]}"
    note += f": {reasons}." if reasons else "."
    if kind == "worse":
        note += f" A small cost: a mistake is a clear cost of {threshold:.1f} points or more."
    return note


def _pick_note(doing_words: str, runner: Named | None, measured: int, chosen_in: int, pick_label: str) -> str:
    head = f"{doing_words} was {pick_label}"
    if runner is None:
        return f"{head}."
    kind = verdict(runner.cost, runner.error)
    if kind == "same":
        return f"{head}; {runner.name} did {_as_well(runner, measured)}."
    if kind == "better":
        return (f"{head}, chosen in {chosen_in} deals where it did best; over {measured} more deals of the cards you "
                f"could not see, it did {_compared(-runner.cost, runner.name)}.")
    compared = _compared(-runner.cost, runner.name + (", the next best," if kind != "unclear" else ""))
    return f"{head}; it did {compared} over {_deals(measured)}" + (f": {UNCLEAR}." if kind == "unclear" else ".")


def _reasons(b: Breakdown, pick_name: str, measured: int) -> Iterator[str]:
    """Where a cost came from, in the engine's results: the scores behind the averages, the contract, the moon."""
    they = "the other side" if b.sides == 2 else "the others"
    (score, score_pick), (others, others_pick) = b.score, b.others
    if b.lower_is_better:
        yield (f"over {_deals(measured)}, you took {score:.1f} penalty points and {they} {others:.1f} each; with "
               f"{pick_name}, {score_pick:.1f} and {others_pick:.1f}")
    else:
        who = "your side" if b.partners else "you"
        yield (f"over {_deals(measured)}, {who} scored {score:+.1f} and {they} {others:+.1f}; with {pick_name}, "
               f"{score_pick:+.1f} and {others_pick:+.1f}")
    notable = max(2, round(NOTABLE_SHARE * measured))
    for what, counts in (("the contract was made", b.made), ("you shot the moon", b.own_moon),
                         ("someone else shot the moon", b.other_moon)):
        if counts is not None and abs(counts[0] - counts[1]) >= notable:
            yield f"{what} in {counts[0]} of them, {counts[1]} with {pick_name}"


def _gap(cost: float, error: float) -> str:
    """A cost with its standard error: "3.7 points, give or take 1.0", or for a choice that did better "none: 1.6
    points better, give or take 0.7"."""
    if cost < 0:
        return f"none: {-cost:.1f} points better, give or take {error:.1f}"
    return f"{cost:.1f} points, give or take {error:.1f}"


def cost_line(cost: float, error: float) -> str:
    """The cost beside the sentence: the gap in the list of choices, with its standard error."""
    return f"Cost: {_gap(cost, error)}"


def mistake_line(threshold: float) -> str:
    return f"MISTAKE: a clear cost of {threshold:.1f} points or more"


def choices_heading(measured: int, partners: bool = False, pick_label: str = PICK, who: str = YOU) -> str:
    """What the list of choices shows: each one's average result, and its cost against the search's choice."""
    return (f"Each choice over {measured} deals: {result_of(partners, who)} on average, and its cost against "
            f"{pick_label}:")


def headline(played: str, pick: str, cost: float, error: float, threshold: float, pick_label: str = PICK) -> str:
    """A judged decision in one plain sentence, before any figure: the choice made (``played``) against the search's
    (``pick``, the same name when it was the search's), as the verdict of its cost reads (module doc)."""
    if played == pick:
        return f"Good: {played} was {pick_label}."
    versus = f"{pick}, {pick_label},"
    return {"same": f"Fine: {played} did about as well as {versus[:-1]}.",
            "better": f"Good: {played} did better than {versus} in the deals the review tried.",
            "unclear": f"Too close to call: {played} and {versus} did about as well.",
            "worse": f"A small slip: {versus} would have done a little better.",
            "mistake": f"A mistake: {versus} would have done clearly better.",
            }[verdict(cost, error, threshold)]


DISAGREE = "The average over possible deals and this very deal disagree"
AGREE = "This very deal agrees with the average over possible deals"
BY_THE_AVERAGE = "The review judges by the average: no one could see the cards when choosing."


def hindsight_words(played: str, pick: str, results: tuple[float, float], cost: float, error: float,
                    threshold: float, partners: bool, pick_label: str = PICK, who: str = YOU) -> str:
    """What hindsight found, after the choice made (``played``) and after the search's (``pick``), every card known:
    first, in words, whether this very deal agrees with the average over possible deals the decision was judged by
    (its ``cost``, ``error`` and mistake ``threshold``: the verdict), saying so where they disagree; then the two
    results."""
    made, picked = (round(result, 1) + 0.0 for result in results)  # to a tenth, as every figure (never -0.0)
    gap = round(picked - made, 1)
    better = "the same either way" if gap == 0 else f"{pick if gap > 0 else played} did {abs(gap):.1f} points better"
    figures = (f"{capitalised(result_of(partners, who))} in hindsight: {made:+.1f} after {played}, {picked:+.1f} "
               f"after {pick}, {pick_label}: {better}.")
    here = "it made no difference" if gap == 0 else f"{pick if gap > 0 else played} did better"
    kind = verdict(cost, error, threshold)
    if kind in ("worse", "mistake"):
        agrees = gap > 0
        average = f"{played} cost {cost:.1f} points on average"
    elif kind == "better":
        agrees = gap < 0
        average = f"{played} did {-cost:.1f} points better on average"
    elif kind == "same":
        agrees = gap == 0
        average = "the two did about as well on average"
    else:  # the average could not tell them apart: nothing for this deal to disagree with
        return f"Over the deals the cards could have been, neither was clearly better; in this very deal {here}. " \
               f"{figures}"
    if agrees:
        return f"{AGREE}: {here}. {figures}"
    return (f"{DISAGREE}: over the deals the cards could have been, {average}, but in this very deal {here}. "
            f"{BY_THE_AVERAGE} {figures}")


def choice_row(name: str, value: float, cost: float, error: float, played: bool, pick: bool,
               pick_label: str = PICK) -> str:
    """A row of the list of choices: its name, its average result, its cost (against the search's choice) and
    what it was."""
    tags = [tag for tag, is_it in (("played", played), (pick_label, pick)) if is_it]
    cost_words = "" if pick else f"   cost {_gap(cost, error)}"
    return f"{name}   {value:+.1f}{cost_words}" + (f"   ({', '.join(tags)})" if tags else "")
