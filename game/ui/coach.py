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

from game.engine.rules import Rules
from game.engine.words import counted

from .services import Services

PLAY = ("Your turn to play a card: drag it to the middle of the table, or click it once to pick it up and again to "
        "play it. The cards you may play now are outlined; the rules keep the others in your hand for now.")


@dataclass(frozen=True)
class Tip:
    key: str  # kept in the settings once shown
    family: str
    phase: str  # the decision it comes with
    says: Callable[[Rules], str]
    when: Callable[[Rules], bool] = lambda rules: True


def _nest(rules: Rules) -> str:
    nest = f"The nest is the {counted(rules.nest_size, 'card')} dealt aside, face down."
    if rules.trump_rule == "nest_top":
        return f"{nest} Its top card was turned up to name trump; otherwise the nest stays out of play this hand."
    taken = {"last_trick": " Whoever takes the last trick also takes the nest and its counters.",
             "declarer": " Its counters count for your side.",
             "nobody": " Its counters count for nobody."}[rules.nest_to]
    return (f"{nest} You won the bid, so they are yours now: lay back any {counted(rules.nest_size, 'card')} of your "
            f"hand as the new nest.{taken}")


def _bid(rules: Rules) -> str:
    promise = ("A bid is a promise: the points you and your partner will take in counters if you win the bidding "
               "and name trump." if rules.sides == "partners" else
               "A bid is a promise: the points you will take in counters if you win the bidding and name trump.")
    failed = ("Win it and take fewer, and your side loses the whole bid." if rules.set_scores == "minus_bid" else
              "Win it and take fewer, and you score nothing for the hand.")
    return f"{promise} {failed} With a weak hand, pass."


def _pass(rules: Rules) -> str:
    return (f"Before the play everyone passes {counted(rules.pass_count, 'card')} face down, all at once, and gets as "
            "many from another player. Pass the cards most likely to take points: high hearts and high spades.")


TIPS = (
    Tip("rook-play", "rook", "play", lambda rules: PLAY),
    Tip("rook-nest", "rook", "play", _nest, when=lambda rules: rules.nest_size > 0 and rules.auction == "none"),
    Tip("rook-bid", "rook", "bid", _bid),
    Tip("rook-nest", "rook", "nest", _nest),
    Tip("hearts-pass", "hearts", "pass", _pass, when=lambda rules: rules.pass_count > 0),
    Tip("hearts-play", "hearts", "play", lambda rules: PLAY),
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

    services.scenes.push("confirm", question=f"Tip: {tip.says(rules)}",
                         answers=[("No more tips", no_more), ("Got it", lambda: None)])
