"""Words that agree (issue 35: "every text a player reads goes through gettext, with real plural forms"; and
docs/translating.md: "Sentences are whole: '{name} takes the trick' and 'You take the trick' are two messages, so
each agrees with its subject in your language").

- A count of points agrees with its number, by each language's own plural rule: "1 pt" and "0 pts" in English,
  "0 pt" in French (whose singular covers 0 and 1), on the name plates, the review's seat lines and the score
  sheet's cells (seen: "1 pts").
- The person at the screen has sentences of their own where a name would read stiffly as "You": the last trick
  "won by you", "Your bid".

The expected words are written out here in each language, as its catalog translates them.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import Hand, load_rules
from game.engine.language import use_language
from game.engine.results import HandResult
from game.engine.rules import Rules
from game.ui.scenes.dialogs import BidScene
from game.ui.sheet import comparison_rows, sheet_rows
from tests.support.deals import hand_with, play_all, position_where, table_session
from tests.support.kinds import of_kind
from tests.support.language import LANGUAGES
from tests.support.ui_helpers import OpenWindow, frames, post, step, waiting_for_seat_0

# (one point, no points, two points) on a name plate, in each language
POINTS = {"en": ("1 pt", "0 pts", "2 pts"), "de": ("1 Pkt.", "0 Pkt.", "2 Pkt."), "fr": ("1 pt", "0 pt", "2 pts"),
          "es": ("1 pto", "0 ptos", "2 ptos")}
LAST_TRICK_YOURS = {"en": "Last trick, won by you", "de": "Letzter Stich, von dir gemacht",
                    "fr": "Dernier pli, remporté par vous", "es": "Última baza, ganada por ti"}
YOUR_BID = {"en": ("Your bid", "Your bid (high bid {high})"),
            "de": ("Dein Gebot", "Dein Gebot (höchstes Gebot {high})"),
            "fr": ("Votre enchère", "Votre enchère (la plus haute : {high})"),
            "es": ("Tu puja", "Tu puja (la más alta: {high})")}
NAMES = ["You", "Ann", "Bo", "Cy"]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The system's language for the windows a test opens, as a player's would be."""
    code: str = request.param
    assert set(POINTS) == set(LANGUAGES), "a new catalog: write its words in this module's tables"
    monkeypatch.setenv("LANGUAGE", code)
    return code


def one_point_taken() -> Hand:
    """Hearts without a pass: seat 0 leads the 2 of clubs, and the others, holding no club, give it the 2 of
    diamonds, the 2 of spades and the 2 of hearts (book 002: "if you don't have a card of the suit led you may play
    any card"; the only hearts there are, so allowed on the first trick): seat 0 has taken 1 point and leads."""
    rules = load_rules("hearts-classic").changed({"pass_cycle": ["hold"]})
    hand = hand_with(rules, {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 1: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                             2: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"})
    play_all(hand, "play 2C, play 2D, play 2S, play 2H")
    assert hand.view(0).points == (1, 0, 0, 0) and hand.to_move == 0
    return hand


def test_points_and_the_last_trick_say_the_count_and_the_person_in_each_language(window: OpenWindow,
                                                                                 language: str) -> None:
    """The name plates say "1 pt" for the seat that took one point and "0 pts" (French: "0 pt") for the others; the
    last trick (L), taken by the person at the screen, is "won by you"."""
    app, table, recorder = window(table_session(one_point_taken(), names=NAMES))
    for _ in frames(30):
        step(app)
        if table.viewer_controls_play() and not table.motion.busy:
            break
    parts = [part for op in recorder.texts() for part in op.label.split(" · ")]
    one, none, _ = POINTS[language]
    assert parts.count(one) == 1 and parts.count(none) == 3, parts
    post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    step(app)
    assert table.reviewing
    said = " ".join(op.label for op in recorder.texts())
    assert LAST_TRICK_YOURS[language] in said, said


class Scored:
    """A match of one hand whose result is ``result``, as the score sheet reads it."""

    def __init__(self, rules: Rules, result: HandResult) -> None:
        self.rules, self.result = rules, result

    def name(self, seat: int) -> str:
        return NAMES[seat]

    def results(self) -> list[HandResult]:
        return [self.result]

    def totals(self) -> list[tuple[int, ...]]:
        return [self.result.score_change]

    def score_columns(self) -> list[tuple[str, tuple[int, ...]]]:
        return [(NAMES[seat], (seat,)) for seat in range(self.rules.players)]


def test_the_score_sheet_counts_points_by_the_plural_rule(language: str) -> None:
    """A Hearts hand in which seat 0 took 1 point, seat 1 2 points and the others none: each cell of the score
    sheet (and of a deal played again) says its points as the language counts them."""
    use_language(language)
    try:
        rules = load_rules("hearts-classic")
        result = HandResult(points=(1, 2, 0, 23), score_change=(1, 2, 0, 23), sides=((0,), (1,), (2,), (3,)),
                            lower_is_better=True)
        one, none, two = POINTS[language]
        _, rows, _ = sheet_rows(Scored(rules, result))
        assert [cell.split("  ")[0] for cell in rows[0][1:3]] == [one, two]
        assert rows[0][3].split("  ")[0] == none
        _, again = comparison_rows(Scored(rules, result), result)
        assert [cell.split("  ")[0] for cell in again[0][1:4]] == [one, two, none]
    finally:
        use_language()


def test_the_bidding_dialog_speaks_to_the_person_at_the_screen(window: OpenWindow, language: str) -> None:
    """The bidding dialog of the person at the screen is "Your bid", not "You, your bid"."""
    hand = position_where("rook-classic", waiting_for_seat_0("bid"))
    app, _, _ = window(table_session(hand, names=NAMES))
    for _ in frames(30):
        step(app)
        if isinstance(app.stack.top, BidScene):
            break
    dialog = of_kind(BidScene, app.stack.top)
    rook = hand.view(0).rook
    high = rook.high_bid if rook is not None else 0
    plain, with_high = YOUR_BID[language]
    assert dialog.title == (with_high.format(high=high) if high else plain)
