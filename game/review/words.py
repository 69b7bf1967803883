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
from game.engine import cards as C
from game.engine.language import N_, gettext, ngettext
from game.engine.words import YOU, capitalised, is_you, player_name

SAME = 0.5  # points: a cost whose whole interval lies within this of nought is "about as good"
CLEAR = 2.0  # standard errors a cost must stand clear of nought to count as better or worse
MISTAKE_SHARE = 0.1  # of the points a hand is played for (26 in Hearts, 120 in rook-classic): a clear cost from
# this on is a mistake
NOTABLE_SHARE = 0.1  # of the measuring deals (and at least 2): a contract made or a moon shot in fewer more deals one
# way than the other is chance, and left out of the sentence

# Every sentence here is in the catalog with its figures as named placeholders, translated when said: the choice's
# words ("Leading K♠") and the name of the search's choice (``PICK``) are put into them as they are.
PICK = N_("the Hint's choice")  # what the search's choice is called when the review's search is the Hint's

NOT_JUDGED = {
    # what game/ai/search.py measured (a searched bid, nest or trump did no better than the Normal rules), or that
    # the search has no way to try these choices
    "bid": N_("Bids are not judged: the review cannot yet tell a good bid from a bad one better than the Normal "
              "computer does. The Hint gives the Normal computer's choice here."),
    "nest": N_("The nest is not judged: the review cannot yet choose the cards to lay back better than the Normal "
               "computer does. The Hint gives the Normal computer's choice here."),
    "trump": N_("Trump is not judged: the review cannot yet choose trump better than the Normal computer does. The "
                "Hint gives the Normal computer's choice here."),
    "order": N_("The rank order is not judged: the review has no way to try both orders. The Hint gives the Normal "
                "computer's choice here."),
    "call": N_("The called card is not judged: the review has no way to try each card. The Hint gives the Normal "
               "computer's choice here."),
    "lay-aside": N_("The card laid aside is not judged: the review has no way to try each card. The Hint gives the "
                    "Normal computer's choice here."),
    "choose": N_("Not judged: both hands are face down, so nothing tells them apart. The Hint gives the Normal "
                 "computer's choice here."),
    "moon": N_("Not judged: both rewards are worth the same against the others in this hand; the match score decides. "
               "The Hint gives the Normal computer's choice here."),
}
ONLY_CHOICE = N_("The only legal choice.")
# where in the hand a decision was made, outside the tricks
PHASE_WORDS = {"bid": N_("the bidding"), "nest": N_("the nest"), "trump": N_("naming trump"),
               "order": N_("the rank order"), "call": N_("calling a partner"), "lay-aside": N_("laying a card aside"),
               "pass": N_("the pass"), "choose": N_("choosing a hand"), "moon": N_("the moon")}


def when(trick: int, phase: str) -> str:
    """Where a decision was made: "trick 5", or "the bidding"."""
    return gettext("trick {number}").format(number=trick) if trick else gettext(PHASE_WORDS[phase])


def result_of(partners: bool, who: str = YOU) -> str:
    """What a result is called for the player who decided (``who``): their side's in a partnership, "your side's
    result" for the person at the screen."""
    if is_you(who):
        return gettext("your side's result") if partners else gettext("your result")
    return (gettext("{name}'s side's result") if partners else gettext("{name}'s result")).format(
        name=player_name(who))


def result_meaning(partners: bool, lower_is_better: bool, who: str = YOU) -> str:
    """What a result is, in the words of the game reviewed (``HandResult.margin``), for the player who decided."""
    if lower_is_better:
        said = gettext("A result is the others' penalty points for the hand (their average) less yours: more is "
                       "better.") if is_you(who) else \
            gettext("A result is the others' penalty points for the hand (their average) less {name}'s: more is "
                    "better.")
    elif partners:
        said = gettext("A result is your side's score for the hand less the other side's: more is better.") \
            if is_you(who) else \
            gettext("A result is {name}'s side's score for the hand less the other side's: more is better.")
    else:
        said = gettext("A result is your score for the hand less the others' (their average): more is better.") \
            if is_you(who) else \
            gettext("A result is {name}'s score for the hand less the others' (their average): more is better.")
    return said.format(name=player_name(who))


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
    kind, payload = A.kind_of(action), A.payload_of(action)
    if kind == A.PLAY:
        return C.player_card_name(payload, deck)
    if kind == A.PASS_CARDS:
        return C.player_cards_text(payload, deck)
    return A.action_words(action, deck)


def doing(action: A.Action, deck: str, leading: bool) -> str:
    """The choice as the start of a sentence: "Leading K♠", "Playing Green 14", "Passing 2♣, A♥, Q♠"."""
    kind = A.kind_of(action)
    if kind == A.PLAY:
        said = gettext("Leading {card}") if leading else gettext("Playing {card}")
        return said.format(card=choice_name(action, deck))
    if kind == A.PASS_CARDS:
        return gettext("Passing {cards}").format(cards=choice_name(action, deck))
    return gettext("Choosing to {action}").format(action=A.action_words(action, deck))


def _deals(count: int) -> str:
    return ngettext("{count} deal of the cards you could not see", "{count} deals of the cards you could not see",
                    count).format(count=count)


def _compared(cost: float, other: str) -> str:
    """How a choice did against ``other``, ``cost`` being how much worse it did."""
    if cost > 0:
        return gettext("{cost:.1f} points worse on average than {other}").format(cost=cost, other=other)
    if cost < 0:
        return gettext("{cost:.1f} points better on average than {other}").format(cost=-cost, other=other)
    return gettext("as well on average as {other}").format(other=other)


UNCLEAR = N_("too close to tell which is better")


def _as_well(row: Named, measured: int, other: str = "") -> str:
    """A cost within SAME of nought: exactly as well when every deal came out the same, else within half a point."""
    exact = row.cost == 0 and row.error == 0
    deals = _deals(measured)
    if exact:
        said = gettext("exactly as well as {other} in every one of {deals}") if other else \
            gettext("exactly as well, in every one of {deals}")
    else:
        said = gettext("as well as {other} within half a point, over {deals}") if other else \
            gettext("as well, within half a point, over {deals}")
    return said.format(other=other, deals=deals)


def judged_note(doing_words: str, played: Named, pick: Named, rows: list[Named], threshold: float, measured: int,
                chosen_in: int, breakdown: Breakdown | None, pick_label: str = PICK) -> str:
    """The sentence of a judged decision. ``rows`` is the list of choices, highest value first; ``played`` and
    ``pick`` (the search's choice) are two of them, or the same one when the choice made was the search's;
    ``measured`` deals gave the figures, ``chosen_in`` other deals chose the search's choice; ``breakdown`` says
    where a clear cost came from."""
    if played == pick:
        runner = next((row for row in rows if row != pick), None)
        return _pick_note(doing_words, runner, measured, chosen_in, gettext(pick_label))
    note = _played_note(doing_words, played, pick, threshold, measured, chosen_in, breakdown, gettext(pick_label))
    top = rows[0]
    if top not in (played, pick) and verdict(top.cost, top.error) == "better":
        # a third choice clearly above the search's: named, so that the top of the list is never left unexplained
        note += " " + gettext("Over these deals {best} did best of all, {gain:.1f} points better on average than "
                              "{pick}.").format(best=top.name, gain=-top.cost, pick=pick.name)
    return note


def _played_note(doing_words: str, played: Named, pick: Named, threshold: float, measured: int, chosen_in: int,
                 breakdown: Breakdown | None, pick_label: str) -> str:
    kind = verdict(played.cost, played.error, threshold)
    versus = gettext("{pick}, {label},").format(pick=pick.name, label=pick_label)
    if kind == "same":
        return gettext("{doing} did {how}.").format(doing=doing_words, how=_as_well(played, measured, versus))
    if kind == "better":
        return ngettext("{doing} did {how} over {deals}; {pick} was chosen in {count} other deal, where it did best.",
                        "{doing} did {how} over {deals}; {pick} was chosen in {count} other deals, where it did best.",
                        chosen_in).format(doing=doing_words, how=_compared(played.cost, versus),
                                          deals=_deals(measured), pick=pick.name, count=chosen_in)
    if kind == "unclear":
        return gettext("{doing} did {how} over {deals}: {unclear}.").format(
            doing=doing_words, how=_compared(played.cost, versus), deals=_deals(measured), unclear=gettext(UNCLEAR))
    reasons = "; ".join(_reasons(breakdown, pick.name, measured)) if breakdown else ""
    versus = gettext("{pick}, {label}").format(pick=pick.name, label=pick_label)
    if reasons:
        note = gettext("{doing} cost {cost:.1f} points on average against {versus}: {reasons}.").format(
            doing=doing_words, cost=played.cost, versus=versus, reasons=reasons)
    else:
        note = gettext("{doing} cost {cost:.1f} points on average against {versus}.").format(
            doing=doing_words, cost=played.cost, versus=versus)
    if kind == "worse":
        note += " " + gettext("A small cost: a mistake is a clear cost of {threshold:.1f} points or more.").format(
            threshold=threshold)
    return note


def _pick_note(doing_words: str, runner: Named | None, measured: int, chosen_in: int, pick_label: str) -> str:
    head = gettext("{doing} was {label}").format(doing=doing_words, label=pick_label)
    if runner is None:
        return f"{head}."
    kind = verdict(runner.cost, runner.error)
    if kind == "same":
        return gettext("{head}; {other} did {how}.").format(head=head, other=runner.name,
                                                             how=_as_well(runner, measured))
    if kind == "better":
        return ngettext("{head}, chosen in {count} deal where it did best; over {measured} more deals of the cards "
                        "you could not see, it did {how}.",
                        "{head}, chosen in {count} deals where it did best; over {measured} more deals of the cards "
                        "you could not see, it did {how}.", chosen_in).format(
            head=head, count=chosen_in, measured=measured, how=_compared(-runner.cost, runner.name))
    if kind == "unclear":
        return gettext("{head}; it did {how} over {deals}: {unclear}.").format(
            head=head, how=_compared(-runner.cost, runner.name), deals=_deals(measured), unclear=gettext(UNCLEAR))
    return gettext("{head}; it did {how} over {deals}.").format(
        head=head, how=_compared(-runner.cost, gettext("{name}, the next best,").format(name=runner.name)),
        deals=_deals(measured))


def _reasons(b: Breakdown, pick_name: str, measured: int) -> Iterator[str]:
    """Where a cost came from, in the engine's results: the scores behind the averages, the contract, the moon."""
    (score, score_pick), (others, others_pick) = b.score, b.others
    figures = {"deals": _deals(measured), "score": score, "others": others, "pick": pick_name,
               "score_pick": score_pick, "others_pick": others_pick}
    if b.lower_is_better:
        said = gettext("over {deals}, you took {score:.1f} penalty points and the other side {others:.1f} each; with "
                       "{pick}, {score_pick:.1f} and {others_pick:.1f}") if b.sides == 2 else \
            gettext("over {deals}, you took {score:.1f} penalty points and the others {others:.1f} each; with "
                    "{pick}, {score_pick:.1f} and {others_pick:.1f}")
    elif b.partners:
        said = gettext("over {deals}, your side scored {score:+.1f} and the other side {others:+.1f}; with {pick}, "
                       "{score_pick:+.1f} and {others_pick:+.1f}") if b.sides == 2 else \
            gettext("over {deals}, your side scored {score:+.1f} and the others {others:+.1f}; with {pick}, "
                    "{score_pick:+.1f} and {others_pick:+.1f}")
    else:
        said = gettext("over {deals}, you scored {score:+.1f} and the other side {others:+.1f}; with {pick}, "
                       "{score_pick:+.1f} and {others_pick:+.1f}") if b.sides == 2 else \
            gettext("over {deals}, you scored {score:+.1f} and the others {others:+.1f}; with {pick}, "
                    "{score_pick:+.1f} and {others_pick:+.1f}")
    yield said.format(**figures)
    notable = max(2, round(NOTABLE_SHARE * measured))
    for what, counts in ((N_("the contract was made in {count} of them, {other} with {pick}"), b.made),
                         (N_("you shot the moon in {count} of them, {other} with {pick}"), b.own_moon),
                         (N_("someone else shot the moon in {count} of them, {other} with {pick}"), b.other_moon)):
        if counts is not None and abs(counts[0] - counts[1]) >= notable:
            yield gettext(what).format(count=counts[0], other=counts[1], pick=pick_name)


def _gap(cost: float, error: float) -> str:
    """A cost with its standard error: "3.7 points, give or take 1.0", or for a choice that did better "none: 1.6
    points better, give or take 0.7"."""
    if cost < 0:
        return gettext("none: {gain:.1f} points better, give or take {error:.1f}").format(gain=-cost, error=error)
    return gettext("{cost:.1f} points, give or take {error:.1f}").format(cost=cost, error=error)


def cost_line(cost: float, error: float) -> str:
    """The cost beside the sentence: the gap in the list of choices, with its standard error."""
    return gettext("Cost: {gap}").format(gap=_gap(cost, error))


def mistake_line(threshold: float) -> str:
    return gettext("MISTAKE: a clear cost of {threshold:.1f} points or more").format(threshold=threshold)


def choices_heading(measured: int, partners: bool = False, pick_label: str = PICK, who: str = YOU) -> str:
    """What the list of choices shows: each one's average result, and its cost against the search's choice."""
    return ngettext("Each choice over {count} deal: {result} on average, and its cost against {label}:",
                    "Each choice over {count} deals: {result} on average, and its cost against {label}:",
                    measured).format(count=measured, result=result_of(partners, who), label=gettext(pick_label))


def headline(played: str, pick: str, cost: float, error: float, threshold: float, pick_label: str = PICK) -> str:
    """A judged decision in one plain sentence, before any figure: the choice made (``played``) against the search's
    (``pick``, the same name when it was the search's), as the verdict of its cost reads (module doc)."""
    label = gettext(pick_label)
    if played == pick:
        return gettext("Good: {played} was {label}.").format(played=played, label=label)
    return {"same": gettext("Fine: {played} did about as well as {pick}, {label}."),
            "better": gettext("Good: {played} did better than {pick}, {label}, in the deals the review tried."),
            "unclear": gettext("Too close to call: {played} and {pick}, {label}, did about as well."),
            "worse": gettext("A small slip: {pick}, {label}, would have done a little better."),
            "mistake": gettext("A mistake: {pick}, {label}, would have done clearly better."),
            }[verdict(cost, error, threshold)].format(played=played, pick=pick, label=label)


DISAGREE = N_("The average over possible deals and this very deal disagree")
AGREE = N_("This very deal agrees with the average over possible deals")
BY_THE_AVERAGE = N_("The review judges by the average: no one could see the cards when choosing.")


def hindsight_words(played: str, pick: str, results: tuple[float, float], cost: float, error: float,
                    threshold: float, partners: bool, pick_label: str = PICK, who: str = YOU) -> str:
    """What hindsight found, after the choice made (``played``) and after the search's (``pick``), every card known:
    first, in words, whether this very deal agrees with the average over possible deals the decision was judged by
    (its ``cost``, ``error`` and mistake ``threshold``: the verdict), saying so where they disagree; then the two
    results."""
    made, picked = (round(result, 1) + 0.0 for result in results)  # to a tenth, as every figure (never -0.0)
    gap = round(picked - made, 1)
    better_one = pick if gap > 0 else played
    better = gettext("the same either way") if gap == 0 else \
        gettext("{choice} did {gap:.1f} points better").format(choice=better_one, gap=abs(gap))
    figures = gettext("{result} in hindsight: {made:+.1f} after {played}, {picked:+.1f} after {pick}, {label}: "
                      "{better}.").format(result=capitalised(result_of(partners, who)), made=made, played=played,
                                          picked=picked, pick=pick, label=gettext(pick_label), better=better)
    here = gettext("it made no difference") if gap == 0 else \
        gettext("{choice} did better").format(choice=better_one)
    kind = verdict(cost, error, threshold)
    if kind in ("worse", "mistake"):
        agrees = gap > 0
        average = gettext("{played} cost {cost:.1f} points on average").format(played=played, cost=cost)
    elif kind == "better":
        agrees = gap < 0
        average = gettext("{played} did {gain:.1f} points better on average").format(played=played, gain=-cost)
    elif kind == "same":
        agrees = gap == 0
        average = gettext("the two did about as well on average")
    else:  # the average could not tell them apart: nothing for this deal to disagree with
        return gettext("Over the deals the cards could have been, neither was clearly better; in this very deal "
                       "{here}. {figures}").format(here=here, figures=figures)
    if agrees:
        return gettext("{agree}: {here}. {figures}").format(agree=gettext(AGREE), here=here, figures=figures)
    return gettext("{disagree}: over the deals the cards could have been, {average}, but in this very deal {here}. "
                   "{by_the_average} {figures}").format(disagree=gettext(DISAGREE), average=average, here=here,
                                                        by_the_average=gettext(BY_THE_AVERAGE), figures=figures)


def choice_row(name: str, value: float, cost: float, error: float, played: bool, pick: bool,
               pick_label: str = PICK) -> str:
    """A row of the list of choices: its name, its average result, its cost (against the search's choice) and
    what it was."""
    tags = [tag for tag, is_it in ((gettext("played"), played), (gettext(pick_label), pick)) if is_it]
    cost_words = "" if pick else "   " + gettext("cost {gap}").format(gap=_gap(cost, error))
    return f"{name}   {value:+.1f}{cost_words}" + (f"   ({', '.join(tags)})" if tags else "")
