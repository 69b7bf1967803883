"""Issue 22, item 10: every sentence of the hand review follows from the figures beside it. Many hands are reviewed
with few deals (so that every kind of verdict turns up: clear costs, mistakes, plays that did better than the
search's choice, differences too small to tell), and each sentence is read back, independently of the code that
wrote it, against the decision's figures: the list of choices, the cost and its standard error, the threshold."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from game.engine import Hand, load_rules
from game.review import HandReview
from game.review.analysis import Choice, Decision, Review
from game.review.words import (
    CLEAR,
    NOTABLE_SHARE,
    SAME,
    choice_name,
    choice_row,
    choices_heading,
    cost_line,
    headline,
    hindsight_words,
    mistake_line,
)
from tests.support.deals import normal_hand
from tests.support.notation import notation_faults

WORLDS, MEASURED = 3, 6  # few deals: more of the uncertain verdicts, and quick
HANDS = [("hearts-classic", 1), ("hearts-classic", 2), ("rook-classic", 1), ("rook-classic", 2), ("rook-500-5p", 1)]
DEALS = r"(?P<n>\d+) deals of the cards you could not see"
NUMBER = r"(?P<{}>\d+\.\d)"


def clear(cost: float, error: float) -> bool:
    """Told apart from chance: CLEAR standard errors from nought, and more than SAME."""
    return abs(cost) >= CLEAR * error and abs(cost) + CLEAR * error > SAME


def same(cost: float, error: float) -> bool:
    return abs(cost) + CLEAR * error <= SAME


class Reader:
    """One decision's figures, and its sentence read back against them."""

    def __init__(self, decision: Decision, deck: str, chosen_in: int) -> None:
        self.d, self.chosen_in = decision, chosen_in
        self.rows = {choice_name(c.action, deck): c for c in decision.choices}
        self.played, self.pick = choice_name(decision.action, deck), choice_name(decision.best, deck)
        self.seen: Counter[str] = Counter()

    def row(self, name: str) -> Choice:
        assert name in self.rows, (name, self.d)
        return self.rows[name]

    def figures(self) -> None:
        """The list of choices and the decision's own figures hang together."""
        d = self.d
        values = [c.value for c in d.choices]
        assert values == sorted(values, reverse=True), "the list of choices, best first in the measuring deals"
        best = self.row(self.pick)
        for c in d.choices:
            assert c.cost == round(best.value - c.value, 1), "each row's cost is its gap to the search's choice"
        assert (d.cost, d.error) == (self.row(self.played).cost, self.row(self.played).error), "the cost is a row's"
        assert best.cost == 0 and best.error == 0
        assert d.mistake == (d.cost >= d.threshold and clear(d.cost, d.error) and d.cost > 0), \
            "a mistake is a clear cost of at least the threshold"

    def note(self) -> None:
        d, text = self.d, self.d.note
        assert not notation_faults([text]), f"engine notation in a sentence: {text}"
        doing = r"(?:Leading|Playing|Passing|Choosing to) (?P<made>.+?)"
        label = r"the (?:Hint's|search's) choice"
        if d.action == d.best:
            self.pick_note(text, doing, label)
            return
        text = self.best_of_all(text)
        for form, pattern in (
                ("exactly", rf"{doing} did exactly as well as (?P<pick>.+?), {label}, in every one of {DEALS}\."),
                ("same", rf"{doing} did as well as (?P<pick>.+?), {label}, within half a point, over {DEALS}\."),
                ("unclear", rf"{doing} did (?:{NUMBER.format('x')} points (?P<how>worse|better) on average than|as "
                            rf"well on average as) (?P<pick>.+?), {label}, over {DEALS}: too close to tell which is "
                            r"better\."),
                ("better", rf"{doing} did {NUMBER.format('x')} points better on average than (?P<pick>.+?), {label}, "
                           rf"over {DEALS}; (?P<pick2>.+?) was chosen in (?P<m>\d+) other deals, where it did best\."),
                ("cost", rf"{doing} cost {NUMBER.format('x')} points on average against (?P<pick>.+?), {label}"
                         r"(?:: (?P<reasons>.+?))?\.(?: A small cost: a mistake is a clear cost of "
                         rf"{NUMBER.format('t')} points or more\.)?")):
            found = re.fullmatch(pattern, text)
            if found:
                self.played_claims(form, found)
                return
        raise AssertionError(f"a sentence of no known form: {text!r}")

    def best_of_all(self, text: str) -> str:
        """A last sentence naming a third choice that did clearly best; the rest of the note is returned."""
        found = re.search(rf" Over these deals (?P<top>.+?) did best of all, {NUMBER.format('x')} points better on "
                          r"average than (?P<pick>.+?)\.$", text)
        if not found:
            top = self.d.choices[0]
            assert top.action in (self.d.action, self.d.best) or not (top.cost < 0 and clear(top.cost, top.error)), \
                f"a third choice clearly above the search's is left unsaid: {text}"
            return text
        top = self.row(found["top"])
        assert top is self.d.choices[0] and found["pick"] == self.pick
        assert -top.cost == float(found["x"]) and top.cost < 0 and clear(top.cost, top.error)
        self.seen["best of all"] += 1
        return text[:found.start()]

    def played_claims(self, form: str, found: re.Match[str]) -> None:
        d = self.d
        assert found["made"] == self.played and found["pick"] == self.pick
        assert int(found.groupdict().get("n") or MEASURED) == MEASURED  # the cost's deals are named in its reasons
        cost, error = d.cost, d.error
        self.seen[form] += 1
        if form == "exactly":
            assert cost == 0 and error == 0
        elif form == "same":
            assert same(cost, error)
        elif form == "unclear":
            assert not same(cost, error) and not clear(cost, error)
            if found["x"] is None:
                assert cost == 0
            else:
                assert float(found["x"]) == abs(cost) and (found["how"] == "worse") == (cost > 0)
        elif form == "better":
            assert -cost == float(found["x"]) and cost < 0 and clear(cost, error)
            assert found["pick2"] == self.pick and int(found["m"]) == self.chosen_in
        else:
            assert cost == float(found["x"]) and cost > 0 and clear(cost, error)
            if found["t"] is None:
                assert d.mistake
            else:
                assert not d.mistake and float(found["t"]) == d.threshold
                self.seen["small cost"] += 1
            assert found["reasons"], "a clear cost says where it came from"
            self.reasons(found["reasons"])

    def reasons(self, text: str) -> None:
        """The scores behind a cost give that cost; the counts of contracts made and moons shot are notable."""
        number = r"([+-]?\d+\.\d)"
        parts = text.split("; ")
        hearts = re.fullmatch(rf"over {DEALS}, you took {number} penalty points and the (?:others|other side) "
                              rf"{number} each", parts[0])
        rook = re.fullmatch(rf"over {DEALS}, (?:your side|you) scored {number} and the (?:other side|others) "
                            rf"{number}", parts[0])
        then = re.fullmatch(rf"with (?P<pick>.+?), {number} and {number}", parts[1])
        scores = hearts or rook
        assert scores and then and then["pick"] == self.pick, text
        assert int(scores["n"]) == MEASURED
        own, others = (float(x) for x in scores.groups()[1:])
        own_pick, others_pick = float(then[2]), float(then[3])
        if hearts:
            margin, margin_pick = others - own, others_pick - own_pick
        else:
            margin, margin_pick = own - others, own_pick - others_pick
        # each figure to a tenth: four of them, and the two values the cost is the gap of
        assert abs((margin_pick - margin) - self.d.cost) <= 0.3 + 1e-9, text
        for part in parts[2:]:
            counted = re.fullmatch(r"(?:the contract was made|you shot the moon|someone else shot the moon) in "
                                   r"(\d+) of them, (\d+) with (.+)", part)
            assert counted and counted[3] == self.pick, part
            assert abs(int(counted[1]) - int(counted[2])) >= max(2, round(NOTABLE_SHARE * MEASURED))

    def pick_note(self, text: str, doing: str, label: str) -> None:
        found = re.fullmatch(rf"{doing} was {label}(?P<rest>.*)", text)
        assert found and found["made"] == self.pick, text
        rest = found["rest"]
        others = [c for c in self.d.choices if c.action != self.d.best]
        if rest == ".":
            assert not others
            return
        runner = others[0]
        name = r"(?P<runner>.+?)"
        forms = (
                ("pick exactly", rf"; {name} did exactly as well, in every one of {DEALS}\."),
                ("pick same", rf"; {name} did as well, within half a point, over {DEALS}\."),
                ("pick clear", rf"; it did {NUMBER.format('x')} points better on average than {name}, the next best, "
                               rf"over {DEALS}\."),
                ("pick unclear", rf"; it did (?:{NUMBER.format('x')} points (?P<how>worse|better) on average than|as "
                                 rf"well on average as) {name} over {DEALS}: too close to tell which is better\."),
                ("pick beaten", rf", chosen in (?P<m>\d+) deals where it did best; over (?P<n>\d+) more deals of the "
                                rf"cards you could not see, it did {NUMBER.format('x')} points worse on average than "
                                rf"{name}\."))
        form, claim = next(((form, found) for form, pattern in forms if (found := re.fullmatch(pattern, rest))),
                           (None, None))
        assert claim and form, f"a sentence of no known form: {text!r}"
        assert self.row(claim["runner"]) is runner and int(claim["n"]) == MEASURED, text
        cost, error = runner.cost, runner.error
        self.seen[form] += 1
        if form == "pick exactly":
            assert cost == 0 and error == 0
        elif form == "pick same":
            assert same(cost, error)
        elif form == "pick clear":
            assert cost == float(claim["x"]) and cost > 0 and clear(cost, error)
        elif form == "pick unclear":
            assert not same(cost, error) and not clear(cost, error)
            assert cost == 0 if claim["x"] is None else (float(claim["x"]) == abs(cost)
                                                         and (claim["how"] == "better") == (cost > 0))
        else:
            assert -cost == float(claim["x"]) and cost < 0 and clear(cost, error)
            assert int(claim["m"]) == self.chosen_in

    def headline(self) -> None:
        """Issue 32, item 3: the plain sentence that leads the decision says what its figures say, with none."""
        d = self.d
        text = headline(self.played, self.pick, d.cost, d.error, d.threshold)
        assert not re.search(r"\d\.\d|points", text), f"a figure in the plain sentence: {text}"
        label = "the Hint's choice"
        forms = (
            ("pick", rf"Good: (?P<made>.+?) was {label}\."),
            ("same", rf"Fine: (?P<made>.+?) did about as well as (?P<pick>.+?), {label}\."),
            ("better", rf"Good: (?P<made>.+?) did better than (?P<pick>.+?), {label}, in the deals the review tried\."),
            ("unclear", rf"Too close to call: (?P<made>.+?) and (?P<pick>.+?), {label}, did about as well\."),
            ("worse", rf"A small slip: (?P<pick>.+?), {label}, would have done a little better\."),
            ("mistake", rf"A mistake: (?P<pick>.+?), {label}, would have done clearly better\."))
        form, found = next(((form, found) for form, pattern in forms if (found := re.fullmatch(pattern, text))),
                           (None, None))
        assert found, f"a plain sentence of no known form: {text!r}"
        self.seen[f"headline {form}"] += 1
        names = found.groupdict()
        assert names.get("made", self.played) == self.played and names.get("pick", self.pick) == self.pick, text
        cost, error = d.cost, d.error
        assert (form == "pick") == (d.action == d.best), text
        assert (form == "mistake") == d.mistake, text
        if form == "same":
            assert same(cost, error)
        elif form == "better":
            assert cost < 0 and clear(cost, error)
        elif form == "unclear":
            assert not same(cost, error) and not clear(cost, error)
        elif form == "worse":
            assert cost > 0 and clear(cost, error) and cost < d.threshold

    def lines(self) -> None:
        """The lines the window and the text review put beside the sentence."""
        d = self.d
        line = cost_line(d.cost, d.error)
        if d.cost < 0:
            assert line == f"Cost: none: {-d.cost:.1f} points better, give or take {d.error:.1f}"
        else:
            assert line == f"Cost: {d.cost:.1f} points, give or take {d.error:.1f}"
        assert f"{d.threshold:.1f}" in mistake_line(d.threshold)
        assert f"over {MEASURED} deals: your result on average" in choices_heading(MEASURED)
        assert "your side's result" in choices_heading(MEASURED, partners=True)
        # another player's decision is measured by their result, not the person's at the screen
        assert "East's side's result" in choices_heading(MEASURED, partners=True, who="East")
        assert "East's result on average" in choices_heading(MEASURED, who="East")
        for name, c in self.rows.items():
            row = choice_row(name, c.value, c.cost, c.error, name == self.played, name == self.pick)
            assert row.startswith(f"{name}   {c.value:+.1f}")
            if name == self.pick:
                assert "cost" not in row and row.endswith("the Hint's choice)")
            else:
                assert f"cost {cost_line(c.cost, c.error).removeprefix('Cost: ')}" in row


@pytest.fixture(scope="module")
def reviewed() -> list[tuple[dict[str, Any], Review]]:
    reviews = []
    for preset, seed in HANDS:
        record = normal_hand(preset, seed).record()
        review = HandReview(record, worlds=WORLDS, measure_worlds=MEASURED, seed=seed).run()
        assert review is not None
        reviews.append((record, review))
    return reviews


def test_every_sentence_agrees_with_the_figures_beside_it(reviewed: list[tuple[dict[str, Any], Review]]) -> None:
    seen: Counter[str] = Counter()
    judged = 0
    for record, review in reviewed:
        deck = Hand.from_record(record).rules.deck
        for decision in review.decisions:
            if not decision.judged:
                assert decision.cost == 0 and not decision.mistake and not decision.choices
                assert not notation_faults([decision.note])
                continue
            judged += 1
            reader = Reader(decision, deck, WORLDS)
            reader.figures()
            reader.note()
            reader.headline()
            reader.lines()
            seen += reader.seen
    assert judged > 150
    # the reading covered the verdicts that matter: clear costs, mistakes, plays that did better, and doubt
    assert {"cost", "small cost", "better", "unclear", "exactly", "pick clear", "pick unclear", "pick exactly"} \
        <= set(seen), seen
    assert {f"headline {form}" for form in ("pick", "better", "unclear", "worse", "mistake")} <= set(seen), seen


def test_the_review_speaks_in_a_players_words(reviewed: list[tuple[dict[str, Any], Review]]) -> None:
    """No engine notation in a sentence; cards named as a player names them."""
    notes = " ".join(d.note for _, review in reviewed for d in review.decisions)
    assert all(word in notes for word in ("♠", "♥", "Yellow", "the Rook Bird")), notes
    assert load_rules("rook-classic").action_words("play ROOK") == "play the Rook Bird"


def test_hindsight_says_where_this_very_deal_and_the_average_disagree() -> None:
    """Issue 32, item 3: a play called a 46-point mistake showed "+50.0 ... the same either way" under What would
    have happened, with nothing said. Where the average over possible deals (the verdict) and this very deal
    (hindsight) disagree, the sentence says so in those words before the results; where they agree, that."""
    mistake = (46.3, 8.6, 12.0)  # cost, standard error, threshold: a clear cost over the threshold
    said = hindsight_words("K♠", "3♠", (50.0, 50.0), *mistake, partners=True)
    assert said.startswith("The average over possible deals and this very deal disagree: over the deals the cards "
                           "could have been, K♠ cost 46.3 points on average, but in this very deal it made no "
                           "difference. The review judges by the average")
    assert said.endswith("Your side's result in hindsight: +50.0 after K♠, +50.0 after 3♠, the Hint's choice: the "
                         "same either way.")
    assert "this very deal K♠ did better" in hindsight_words("K♠", "3♠", (30.0, 20.0), *mistake, partners=True)
    agreeing = hindsight_words("K♠", "3♠", (21.0, 41.3), *mistake, partners=True)
    assert agreeing.startswith("This very deal agrees with the average over possible deals: 3♠ did better.")
    better = (-6.3, 1.5, 12.0)  # the choice made did clearly better on average
    assert "K♠ did 6.3 points better on average, but in this very deal 3♠ did better" in \
        hindsight_words("K♠", "3♠", (20.0, 30.0), *better, partners=False)
    assert hindsight_words("K♠", "3♠", (30.0, 20.0), *better, partners=False).startswith("This very deal agrees")
    same = (0.1, 0.1, 12.0)
    assert "the two did about as well on average, but in this very deal 3♠ did better" in \
        hindsight_words("K♠", "3♠", (20.0, 30.0), *same, partners=False)
    unclear = (3.0, 4.0, 12.0)  # nothing clear to disagree with
    assert hindsight_words("K♠", "3♠", (20.0, 30.0), *unclear, partners=False).startswith(
        "Over the deals the cards could have been, neither was clearly better; in this very deal 3♠ did better.")
