"""The first-hand coach: the first time someone plays each family, a short tip at each moment that needs one (how to
play a card and what the outline means, what the nest is, what a bid promises, what the pass is for), never again
after: the tips shown are kept in the settings (``Settings.coached``), and Settings' Tips button turns the coach
off (on again, the tips start over).

A tip is a question over the table with "Got it" (Enter or Esc) and "No more tips". The table asks for it when a
person's turn is announced (``tip_at``); what a tip says about the rules is read from the rules in force.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine.language import N_, gettext, ngettext
from game.engine.rules import Rules

from .services import Services

PLAY = N_("Your turn to play a card: drag it to the middle of the table, or click it once to pick it up and again "
          "to play it. The cards you may play now are outlined; the rules keep the others in your hand for now.")
# who takes the nest's counters at the hand's end (Rules.nest_to)
NEST_TAKEN = {"last_trick": N_("Whoever takes the last trick also takes the nest and its counters."),
              "declarer": N_("Its counters count for your side."),
              "nobody": N_("Its counters count for nobody.")}


@dataclass(frozen=True)
class Tip:
    key: str  # kept in the settings once shown
    family: str
    phase: str  # the decision it comes with
    says: Callable[[Rules], str]
    when: Callable[[Rules], bool] = lambda rules: True


def _nest(rules: Rules) -> str:
    count = rules.nest_size
    nest = ngettext("The nest is the {count} card dealt aside, face down.",
                    "The nest is the {count} cards dealt aside, face down.", count).format(count=count)
    if rules.trump_rule == "nest_top":
        turned = gettext("Its top card was turned up to name trump; otherwise the nest stays out of play this hand.")
        return f"{nest} {turned}"
    yours = ngettext("You won the bid, so they are yours now: lay back any {count} card of your hand as the new nest.",
                     "You won the bid, so they are yours now: lay back any {count} cards of your hand as the new "
                     "nest.", count).format(count=count)
    return f"{nest} {yours} {gettext(NEST_TAKEN[rules.nest_to])}"


def _bid(rules: Rules) -> str:
    promise = (gettext("A bid is a promise: the points you and your partner will take in counters if you win the "
                       "bidding and name trump.") if rules.sides == "partners" else
               gettext("A bid is a promise: the points you will take in counters if you win the bidding and name "
                       "trump."))
    failed = (gettext("Win it and take fewer, and your side loses the whole bid.") if rules.set_scores == "minus_bid"
              else gettext("Win it and take fewer, and you score nothing for the hand."))
    return f"{promise} {failed} {gettext('With a weak hand, pass.')}"


def _pass(rules: Rules) -> str:
    count = rules.pass_count
    passes = ngettext("Before the play everyone passes {count} card face down, all at once, and gets as many from "
                      "another player.", "Before the play everyone passes {count} cards face down, all at once, and "
                      "gets as many from another player.", count).format(count=count)
    return f"{passes} {gettext('Pass the cards most likely to take points: high hearts and high spades.')}"


TIPS = (
    Tip("rook-play", "rook", "play", lambda rules: gettext(PLAY)),
    Tip("rook-nest", "rook", "play", _nest, when=lambda rules: rules.nest_size > 0 and rules.auction == "none"),
    Tip("rook-bid", "rook", "bid", _bid),
    Tip("rook-nest", "rook", "nest", _nest),
    Tip("hearts-pass", "hearts", "pass", _pass, when=lambda rules: rules.pass_count > 0),
    Tip("hearts-play", "hearts", "play", lambda rules: gettext(PLAY)),
)


def tip_at(rules: Rules, phase: str, seen: list[str]) -> Tip | None:
    """The first tip not yet shown for this moment of this family's game, if any."""
    return next((tip for tip in TIPS if tip.family == rules.family and tip.phase == phase and tip.key not in seen
                 and tip.when(rules)), None)


def coach(services: Services, rules: Rules, phase: str) -> None:
    """A person's turn has come: the tip for it, over what is open, the first time (and marked shown at once, so it
    never comes again, even if the game is closed with it up)."""
    settings = services.settings
    if not settings.coach:
        return
    tip = tip_at(rules, phase, settings.coached)
    if tip is None:
        return
    settings.coached = [*settings.coached, tip.key]
    services.settings_store.save(settings)

    def no_more() -> None:
        settings.coach = False
        services.settings_store.save(settings)

    services.scenes.push("confirm", question=gettext("Tip: {tip}").format(tip=tip.says(rules)),
                         answers=[(gettext("No more tips"), no_more), (gettext("Got it"), lambda: None)])
