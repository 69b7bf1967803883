"""Why the engine refuses an action, as a value: a ``Refusal`` is a reason (one of ``REASONS``) and what its sentence
names, in RULES.md notation as an event's cards are (the cards, a number, a suit's or a pass direction's word). The
rules make them (``Hand.why_not``), and ``Refusal.words`` says one in the language in force: the one place the
refusals' sentences are written. So a refusal crosses the network as it is, and the screen that shows it says it in
its own player's language, whatever the server's (game/net/PROTOCOL.md, "Reasons").

>>> from game.engine.language import use_language
>>> _ = use_language("en")
>>> Refusal("follow-suit", word="hearts").words("standard")
'You must follow hearts'
>>> Refusal("cards-not-held", cards=("2H", "QS")).words("standard")
'2♥, Q♠ are not in your hand'
>>> Refusal("bid-steps", number=105, step=5).words("rook")
'Bids go up by 5: bid 105, 110, 115, ...'

A reason this engine does not know (a newer server's), or one that names what the deck has not, has no words here:
whoever shows it says something else.

>>> Refusal("a-newer-reason").words("standard") is None, Refusal("card-not-held", cards=("G14",)).words("standard")
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from . import cards as C
from .language import gettext, ngettext, pgettext
from .words import DIRECTION_WORDS, capitalised

MOST_CARDS = 64  # more cards than any deck has: not a refusal this engine made
MOST_DETAIL = 200  # an action text's problem, as the engine says it


@dataclass(frozen=True)
class Refusal:
    reason: str  # one of REASONS (another: a newer engine's, which ``words`` cannot say)
    cards: tuple[str, ...] = ()  # the cards the sentence names, in notation
    number: int = 0  # a count of cards, or a bid
    step: int = 0  # how far each bid must go up
    word: str = ""  # a suit's name in notation (``SUIT_NAMES``, or "rook" for the Rook Bird's own), a pass direction
    detail: str = ""  # words of its own, shown as they are: what is wrong with an action text the engine could not
    # read (notation's words, in English), or a server's

    def words(self, deck: str | None, more: Mapping[str, Sentence] = MappingProxyType({})) -> str | None:
        """The sentence, in the language in force, with cards and suits as a player names them in ``deck`` (None:
        not known, so a refusal that names them has no words). None for a reason this engine does not know (nor
        ``more``, the sentences of reasons that are not the rules': a table server's), or what it names not in
        ``deck``'s notation."""
        sentence = SENTENCES.get(self.reason) or more.get(self.reason)
        if sentence is None or len(self.cards) > MOST_CARDS:
            return None
        template = sentence(self)
        if template == AS_SAID:  # words of their own, not translated: shown as they are
            return self.detail[:MOST_DETAIL] or None
        number, step = self.number, self.step
        values: dict[str, object] = {"count": number, "low": number, "high": number, "step": step,
                                     "bids": f"{number}, {number + step}, {number + 2 * step}, ..."}
        if self.cards or self.word:
            if deck not in C.SUIT_NAMES:
                return None
            try:
                values["card"] = values["cards"] = C.player_cards_text(C.parse_cards(self.cards, deck), deck)
            except ValueError:
                return None
            if self.word in C.SUIT_NAMES[deck]:
                values["suit"] = C.suit_words(C.SUIT_NAMES[deck].index(self.word), deck)
            elif self.word == "rook":
                values["suit"] = gettext("the Rook")
            elif self.word in DIRECTION_WORDS:
                values["direction"] = gettext(DIRECTION_WORDS[self.word])
        try:
            return capitalised(template.format(**values))
        except (KeyError, IndexError, ValueError):  # a placeholder this refusal does not fill: not one made here
            return None


def unreadable(problem: str) -> Refusal:
    """The refusal of an action text that is not one (only a program writes those): what is wrong with it."""
    return Refusal("unreadable", detail=problem[:MOST_DETAIL])


Sentence = Callable[[Refusal], str]
AS_SAID = "{detail}"  # the sentence of a reason whose words are its detail, as the engine or the server said them
# Each reason's sentence, as the language in force says it (translated when said: the language may change); its
# placeholders are filled by ``Refusal.words``.
SENTENCES: dict[str, Sentence] = {
    # whose turn, and when
    "not-your-turn": lambda why: gettext("It is not your turn"),
    "choice-made": lambda why: gettext("Your choice is made: it counts once the others have chosen"),
    "hand-over": lambda why: gettext("The hand is over"),
    "not-settled": lambda why: gettext("The remaining tricks are not certain yet"),
    "claim-on-lead": lambda why: gettext("You may claim the rest only on your lead"),
    "lesson-card-by-card": lambda why: gettext("The lesson plays this hand one card at a time"),
    "no-hints": lambda why: gettext("This table gives no hints"),
    "unreadable": lambda why: AS_SAID,  # an action text that is not one (only a program writes those)
    # cards held, and following
    "play-a-card": lambda why: gettext("Now you must play a card"),
    "dummy-plays-a-card": lambda why: gettext("Now the dummy must play a card"),
    "card-not-held": lambda why: gettext("{card} is not in your hand"),
    "card-not-in-dummy": lambda why: gettext("{card} is not in the dummy's hand"),
    "cards-not-held": lambda why: ngettext("{cards} is not in your hand", "{cards} are not in your hand",
                                           len(why.cards)),
    "follow-suit": lambda why: gettext("You must follow {suit}"),
    "follow-trump": lambda why: gettext("You must follow trump ({suit})"),
    "dummy-follows-suit": lambda why: gettext("The dummy must follow {suit}"),
    "dummy-follows-trump": lambda why: gettext("The dummy must follow trump ({suit})"),
    "cannot-play-now": lambda why: gettext("{card} cannot be played now"),
    # Hearts
    "choose-a-hand": lambda why: gettext("First choose which of your two face-down hands to play first"),
    "pass-first": lambda why: ngettext("First choose {count} card to pass {direction}",
                                       "First choose {count} cards to pass {direction}", why.number),
    "pass-exactly": lambda why: ngettext("Pass exactly {count} card", "Pass exactly {count} cards", why.number),
    "lowest-club": lambda why: gettext("On the first trick both players play their lowest club: play {card}"),
    "two-of-clubs-leads": lambda why: gettext("The 2 of clubs leads the first trick"),
    "hearts-not-broken": lambda why: gettext("Hearts are not broken yet: lead another suit"),
    "queen-not-led": lambda why: gettext("The Queen of spades may not be led before hearts are broken"),
    "no-points-first-trick": lambda why: gettext("Hearts and the Queen of spades may not be played on the first "
                                                 "trick"),
    "moon-reward": lambda why: gettext("You shot the moon: choose to subtract the reward from your score or add it "
                                       "to the others'"),
    # Rook: the extra card, the auction, the nest, trump, the order, the called card
    "lay-aside-first": lambda why: gettext("First lay one card aside: it goes to whoever takes the last trick"),
    "first-bidder-bids": lambda why: gettext("The first bidder may not pass: bid at least {low}"),
    "bid-at-least": lambda why: gettext("Bid at least {low}"),
    "bid-at-least-or-pass": lambda why: gettext("Bid at least {low} or pass"),
    "only-pass": lambda why: pgettext("bidding", "Pass"),
    "highest-bid": lambda why: gettext("The highest bid is {high}"),
    "opening-bid": lambda why: gettext("The opening bid is at least {low}"),
    "bid-steps": lambda why: gettext("Bids go up by {step}: bid {bids}"),
    "bid-steps-or-pass": lambda why: gettext("Bids go up by {step}: bid {bids} or pass"),
    "lay-back-first": lambda why: ngettext("First lay back exactly {count} card to the nest",
                                           "First lay back exactly {count} cards to the nest", why.number),
    "lay-back-exactly": lambda why: ngettext("Lay back exactly {count} card", "Lay back exactly {count} cards",
                                             why.number),
    "name-trump-first": lambda why: gettext("Name trump first"),
    "no-no-trump-colour": lambda why: gettext("These rules have no no-trump: name a colour"),
    "no-no-trump-suit": lambda why: gettext("These rules have no no-trump: name a suit"),
    "choose-order": lambda why: gettext("Choose the rank order: normal or reverse"),
    "call-a-card": lambda why: gettext("Call a card: its holder is your secret partner"),
    "not-in-deck": lambda why: gettext("That card is not in this game's deck"),
}
REASONS = tuple(SENTENCES)  # every reason the engine gives, in the order above
