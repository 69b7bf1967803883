"""Lessons: a hand dealt from a script and played from it, with what the lesson says about each action.

A lesson names its preset, its deal, who sits where (the learner at seat 0) and a script: each action of the hand
in order, whose it is, and what the lesson says once it is made (``said``); for the learner's own actions also
what it says when their turn comes (``ask``) and its choice with the reason for it (``choice``), named when they
choose another action. While the hand follows the script the other seats play it; once the learner chooses
otherwise, the hand goes on as an ordinary one (``Lesson.followed``).

Two lessons: the Rook rule book's "BEGINNER GAMEPLAY EXAMPLE" (book 000, pages 7-16), in the book's own words, and
a short Hearts hand written for the lesson (book 002's rules, in the program's words) that shows the pass,
following suit, hearts being broken, the Queen of spades and shooting the moon.

Program text names cards with the engine's naming function: ``[QS]`` in a sentence is written as a player names
the card (Q♠, Yellow 8), ``[the QS]`` as a sentence names it (the Queen of spades); ``lesson_text`` fills them in.
Quotations of the book keep its own words (its typo "of he leads" is read "if", its italics and its capital in
"Christen Trumps" are dropped). Each sentence is whole, so that it can be translated as one: marked ``N_`` where it
is written and translated where it is shown (``Lesson.text``), its card marks kept by the translator.

>>> ROOK_LESSON.choice_text(ROOK_LESSON.steps[0])
"The book's John leads the Yellow 8: a safe card."
>>> lesson_text("Rachel plays [the QS] on [JC].", load_rules("hearts-classic"))
'Rachel plays the Queen of spades on J♣.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from . import actions as A
from .hand import DealText, Hand
from .language import N_, gettext
from .rules import Rules, load_rules
from .words import player_name

CARD_MARK = re.compile(r"\[(the )?([A-Za-z0-9]+)\]")


def lesson_text(text: str, rules: Rules) -> str:
    """A lesson's sentence with its marked cards named as a player names them (see the module's docstring)."""

    def named(match: re.Match[str]) -> str:
        card = rules.parse_card(match.group(2))
        return rules.player_card_words(card) if match.group(1) else rules.player_card_name(card)

    return CARD_MARK.sub(named, text)


@dataclass(frozen=True)
class Step:
    """One action of a lesson's script."""
    seat: int
    action: str  # RULES.md notation
    said: tuple[str, ...] = ()  # paragraphs the lesson shows once the action is made
    ask: str = ""  # the learner's steps: shown when their turn comes (never naming the lesson's choice)
    choice: str = ""  # the learner's steps: the lesson's choice and its reason, named when they choose otherwise
    heading: str = ""  # over what it says, for a step that plays no card (a play's is its trick and player)


@dataclass(frozen=True)
class Lesson:
    name: str
    title: str
    preset: str
    names: tuple[str, ...]  # each seat's name; "" is the learner's own
    dealer: int
    deal: DealText
    opening: tuple[str, ...]  # shown before the first action
    steps: tuple[Step, ...]  # the hand's actions from the first, in order
    closing: tuple[str, ...]  # shown once the hand is over, if it followed the script
    closing_heading: str
    # the learner's steps taken after the scripted tricks, whatever came between (the Hearts moon reward after the
    # last tricks), each known by its kind of action
    after: tuple[Step, ...] = ()
    learner: int = 0
    choice_heading: str = N_("The lesson's choice")  # over the lesson's answer to the learner's other choice

    @cached_property
    def rules(self) -> Rules:
        """The preset's rules for one hand: the match is the lesson's hand alone (``fixed_hands``)."""
        return load_rules(self.preset).changed({"fixed_hands": 1}, f"the lesson {self.name}")

    def hand(self) -> Hand:
        """The lesson's hand, dealt and ready to play."""
        return Hand.from_deal(self.rules, self.deal, self.dealer)

    @cached_property
    def _actions(self) -> tuple[A.Action, ...]:
        return tuple(A.parse_action(step.action, self.rules.deck) for step in self.steps)

    @cached_property
    def _after_actions(self) -> dict[int, tuple[A.Action, Step]]:
        return {A.kind_of(action): (action, step) for step in self.after
                for action in (A.parse_action(step.action, self.rules.deck),)}

    def left_at(self, hand: Hand) -> int | None:
        """How many actions the hand had taken when the learner left the script (the action that differed
        included), or None while it follows the script."""
        for index, action in enumerate(hand.actions):
            if index < len(self._actions):
                if action != self._actions[index]:
                    return index + 1
                continue
            scripted = self._after_actions.get(A.kind_of(action))
            if scripted is not None and scripted[0] != action:
                return index + 1
        return None

    def followed(self, hand: Hand) -> bool:
        """Every action so far is the script's (actions past its end that it has no step for count as followed)."""
        return self.left_at(hand) is None

    def next_step(self, hand: Hand) -> Step | None:
        """The script's step for the action to come, while the hand follows the script; None past its end."""
        if hand.is_done or not self.followed(hand):
            return None
        done = len(hand.actions)
        if done < len(self.steps):
            return self.steps[done]
        for action, step in self._after_actions.values():
            if hand.refusal(action) is None:
                return step
        return None

    def last_step(self, hand: Hand) -> Step | None:
        """The script's step for the action just made, while the hand follows the script."""
        if not hand.actions or not self.followed(hand):
            return None
        done = len(hand.actions)
        if done <= len(self.steps):
            return self.steps[done - 1]
        scripted = self._after_actions.get(A.kind_of(hand.actions[-1]))
        return scripted[1] if scripted is not None else None

    def trick_of(self, hand: Hand) -> int:
        """The number of the trick the last action played a card to (0 before the first card)."""
        return len(hand.tricks) + (1 if hand.trick else 0)

    def action_of(self, step: Step) -> A.Action:
        return A.parse_action(step.action, self.rules.deck)

    def text(self, sentence: str) -> str:
        """One of the lesson's sentences (marked ``N_``) in the language in force, its cards named."""
        return lesson_text(gettext(sentence), self.rules)

    def choice_text(self, step: Step) -> str:
        """The lesson's choice for a learner's step, with its reason."""
        return self.text(step.choice)

    def name_of(self, seat: int, learner_name: str) -> str:
        return self.names[seat] or learner_name


# --- the Rook rule book's example hand (book 000, "BEGINNER GAMEPLAY EXAMPLE", pages 7-16) ---

# Seats clockwise: John (the learner), Lindsay, Rob and Christen, who deals, so John leads first. Every card the book
# names is in the seat that plays it. The book leaves eight cards unnamed: the nest (Black 8 on top: "It's the Black
# 8"), one card each for John, Rob and Christen in the last trick, and what is left. Its own sentences place them
# (tests/test_lessons.py tries every placement): Rob "has only Yellow cards left" with no Red or Green to spare, so
# his is the Yellow 11; Christen, "saving her only trump", keeps "her Green counter", and her "lowest Green card,
# the 6" leaves the Green 5 out, so hers is the Green 10; the last trick's three points then make John's the
# Green 5; the Red 12, Red 14, Green 7 and Green 8 lie under the Black 8 in the nest.
ROOK_LESSON = Lesson(
    name="rook",
    title=N_("Learn Rook"),
    preset="rook-beginner",
    names=("John", "Lindsay", "Rob", "Christen"),
    dealer=3,
    choice_heading=N_("The book's choice"),
    deal=DealText(hands=[["Y8", "R8", "R11", "G14", "R5", "B5", "Y9", "Y10", "G5"],
                         ["Y6", "R6", "R10", "G11", "B6", "B14", "Y7", "B11", "B13"],
                         ["Y14", "R7", "B10", "G13", "G9", "ROOK", "Y13", "Y5", "Y11"],
                         ["Y12", "R13", "R9", "G6", "B7", "B12", "G12", "B9", "G10"]],
                  nest=["B8", "R12", "R14", "G7", "G8"]),
    opening=(
        N_("The Rook rule book plays one hand of the Beginner Game trick by trick and explains the plays. You sit as "
           "John; the others play the book's cards, and the book's own words tell why."),
        N_("Dealing: Christen deals out the cards, including the 5-card nest."),
        N_("Determining Trump: The top card of the nest is turned faceup. It's the Black 8, so Black is trump for this "
           "hand."),
        N_("When your turn comes, play the book's card or any other: with another card, the hand goes on as an "
           "ordinary game."),
    ),
    steps=(
        # trick 1
        Step(0, "play Y8",
             (N_("Since Christen dealt, John plays the first card. He has only one trump, the 5 (worth one star), and "
                 "will probably lose it if he leads with it; so he decides to lead with a safe card — his Yellow 8."),),
             ask=N_("Since Christen dealt, John plays the first card."),
             choice=N_("The book's John leads the [Y8]: a safe card.")),
        Step(1, "play Y6", (N_("Lindsay must follow suit. Neither of her Yellow cards are counters, so she can play "
                               "either of them. She decides to play her Yellow 6."),)),
        Step(2, "play Y14", (N_("Rob has several Yellow cards to choose from. He decides to play his Yellow 14 (worth "
                                "two stars), hoping to take the trick."),)),
        Step(3, "play Y12", (N_("Christen must follow suit. She plays her Yellow 12."),
                             N_("Rob takes the trick, worth two points."))),
        # trick 2
        Step(2, "play R7", (N_("Since Rob took the previous trick, he now leads. He has only one trump, the 10 (worth "
                               "two stars), and will probably lose it if he leads with it. Instead, he decides to "
                               "\"dump\" his only Red card, the 7. If Red is led later, he may have the option of "
                               "trumping in with his Black 10."),)),
        Step(3, "play R13", (N_("Christen plays her higher Red card, the 13, hoping to capture the Red 10 if it is "
                                "played."),)),
        Step(0, "play R8", (N_("To protect his Red 5, John plays his Red 8."),),
             choice=N_("The book's John plays the [R8]: it protects his [R5].")),
        Step(1, "play R6", (N_("To protect her Red 10, Lindsay plays her Red 6."),
                            N_("Christen takes the trick, capturing no points."))),
        # trick 3
        Step(3, "play R9", (N_("Christen decides to \"dump\" her only Red card, the 9. This may clear the way for her "
                               "to trump in later, if Red is led."),)),
        Step(0, "play R11", (N_("Not wanting to lose his Red 5, John plays his Red 11."),),
             choice=N_("The book's John plays the [R11]: he does not want to lose his [R5].")),
        Step(1, "play R10", (N_("Unfortunately for Lindsay, she has only one Red card — the 10, worth two stars. She "
                                "is forced to play it."),)),
        Step(2, "play B10", (N_("Since he has no Red cards left, Rob can trump in with his Black 10!"),
                             N_("Rob takes the trick, for four points."))),
        # trick 4
        Step(2, "play G13", (N_("Rob decides to play his Green 13, hoping to capture one or more Green counters."),)),
        Step(3, "play G6", (N_("Christen plays her lowest Green card, the 6."),)),
        Step(0, "play G14", (N_("John is lucky enough to have the Green 14, so he plays it to top Rob's 13."),),
             choice=N_("The book's John plays the [G14]: it tops Rob's [G13].")),
        Step(1, "play G11", (N_("Lindsay plays her only Green card, the 11."),
                             N_("John takes the trick, worth two points."))),
        # trick 5
        Step(0, "play R5", (N_("Although there are several possible leads for John, he finally decides to \"dump\" his "
                               "only Red card, the 5."),),
             ask=N_("John took the last trick, so he leads the next."),
             choice=N_("The book's John leads the [R5]: he gets rid of his only Red card.")),
        Step(1, "play B6", (N_("Having four trump cards left, Lindsay decides to trump in with her lowest Black card, "
                               "the 6."),)),
        Step(2, "play G9", (N_("Rob can't follow suit, so he decides to \"dump\" his only Green card, the 9."),)),
        Step(3, "play B7", (N_("This is a no-brainer for Christen, who tops Lindsay's 6 of Trump with her Black 7."),
                            N_("Christen takes the trick, worth one point."))),
        # trick 6
        Step(3, "play B12", (N_("Christen \"goes fishing\" with her Black 12, hoping to capture counters (including "
                                "trump cards) while she can."),)),
        Step(0, "play B5", (N_("John must play his only trump, the Black 5."),),
             choice=N_("The book's John plays the [B5]: it is his only trump, and trump was led.")),
        Step(1, "play B14", (N_("Lindsay takes a chance and tops Christen's Black 12 with her Black 14. The only card "
                                "that could trump the 14 is the Rook Bird card, and Lindsay is hoping that Rob does "
                                "not have it. (Christen or John may have it, or it could be in the nest.)"),)),
        Step(2, "play ROOK", (N_("Since trump was led and Rob has no Black cards, he must play his Rook, which "
                                 "\"trumps trump\" to win the trick."),
                              N_("Rob takes the trick, capturing seven points!"))),
        # trick 7
        Step(2, "play Y13", (N_("Rob has only Yellow cards left. He leads with his Yellow 13."),)),
        Step(3, "play G12", (N_("Christen can't follow suit and is saving her only trump. She plays her Green 12."),)),
        Step(0, "play Y9", (N_("John follows suit with his Yellow 9."),),
             choice=N_("The book's John plays the [Y9]: he follows suit.")),
        Step(1, "play Y7", (N_("Lindsay must follow suit with her Yellow 7."),
                            N_("Rob takes the trick, capturing no points."))),
        # trick 8
        Step(2, "play Y5", (N_("Rob will probably lose his Yellow 5 no matter when it's played; but he may have a "
                               "chance to keep it if he leads with it. He plays his Yellow 5."),)),
        Step(3, "play B9", (N_("Not wanting to lose her Green counter, Christen trumps in with her Black 9."),)),
        Step(0, "play Y10", (N_("John must follow suit with his Yellow 10."),),
             choice=N_("The book's John plays the [Y10]: he must follow suit.")),
        Step(1, "play B11", (N_("She trumps in with her Black 11, which tops Christen's Black 9."),
                             N_("Lindsay takes the trick, capturing three points."))),
        # trick 9
        Step(1, "play B13", (N_("Lindsay leads with her last card, the Black 13. All other players in turn play their "
                                "last cards."),)),
        Step(2, "play Y11"),
        Step(3, "play G10"),
        Step(0, "play G5", (N_("Lindsay takes the trick, capturing three points."),),
             choice=N_("The book's John plays the [G5], his last card.")),
    ),
    closing_heading=N_("Final tally"),
    closing=(
        N_("All players look at the cards in front of them, and count one point for each star."),
        # the book's four lines, as one paragraph so that the tally stays on one page of the notes
        N_("Christen scored one point. John scored two points. Lindsay scored six points. Rob scored 13 points. He "
           "wins the hand."),
    ),
)


# --- a short Hearts hand (book 002's rules, the program's words) ---

# You, Rachel on your left, Andrea across and Julie on your right; Julie deals, and the first hand passes to the
# left. Julie passes you the three top hearts (book 002's own warning: "you don't want to give someone three really
# high cards (like ... the Queen♥, King♥ and Ace♥) as that might make it too easy for her to shoot"), so you hold
# nine hearts and the top clubs. Four tricks of clubs bring every other heart and the Queen of spades into your
# tricks; then you hold only hearts and nobody else holds one, so the last nine tricks are yours whatever anyone
# plays (the script ends there), and you have shot the moon.
HEARTS_LESSON = Lesson(
    name="hearts",
    title=N_("Learn Hearts"),
    preset="hearts-classic",
    names=("", "Rachel", "Andrea", "Julie"),
    dealer=3,
    deal=DealText(hands=[["AS", "KS", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "AC", "KC", "QC", "JC"],
                         ["QS", "5S", "4S", "AD", "KD", "QD", "9D", "8D", "7D", "6D", "5D", "8C", "3C"],
                         ["2C", "TC", "9C", "7C", "6C", "4C", "JS", "TS", "9S", "8S", "7S", "JD", "TD"],
                         ["AH", "KH", "QH", "4H", "3H", "2H", "5C", "6S", "3S", "2S", "4D", "3D", "2D"]]),
    opening=(
        N_("Hearts for four players, each playing for themselves. Points are bad here: each heart in the tricks you "
           "take is 1 point, and [the QS] is 13."),
        N_("Before the play, everyone passes three cards face down to another player: in this first hand, to the left. "
           "Rachel sits on your left."),
        N_("New players do well to pass high spades and high hearts, the cards most likely to take points."),
    ),
    steps=(
        Step(0, "pass-cards AS KS JH", heading=N_("The pass"),
             said=(N_("You pass [AS], [KS] and [JH] to Rachel. Without high spades you can hardly be made to take [the "
                      "QS]."),),
             choice=N_("The lesson passes [AS], [KS] and [JH]: high spades can be made to take [the QS], and a high "
                       "heart takes tricks full of hearts.")),
        Step(1, "pass-cards AD KD QD"),
        Step(2, "pass-cards 8S 7S TD"),
        Step(3, "pass-cards AH KH QH", heading=N_("The pass"), said=(
            N_("The cards change hands. Julie, on your right, passed you [AH], [KH] and [QH]: they are outlined in "
               "your hand."),
            N_("Now you hold nine hearts with the three highest. That makes a bold plan possible: take every heart and "
               "[the QS] as well. That is shooting the moon, and then the others get the 26 points instead of you."))),
        # trick 1
        Step(2, "play 2C", (N_("Whoever holds [the 2C] leads it to the first trick: Andrea."),)),
        Step(3, "play 5C", (N_("Julie follows suit with [5C]: a player must play a card of the suit led when they have "
                               "one."),)),
        Step(0, "play AC", (N_("You play [AC], the highest club."),),
             ask=N_("A club was led, so you must play a club: the cards you may play are outlined."),
             choice=N_("The lesson plays [AC]: the highest club takes the trick, and for the moon you want every "
                       "trick.")),
        Step(1, "play 8C", (N_("Rachel follows suit with [8C]."),
                            N_("You take the trick: no hearts in it, so no points."))),
        # trick 2
        Step(0, "play KC", (N_("You lead [KC]."),),
             ask=N_("You took the trick, so you lead the next. Hearts are not broken yet, so you may not lead a "
                    "heart."),
             choice=N_("The lesson leads [KC]: with [AC] gone it is the highest club, so the trick is yours.")),
        Step(1, "play 3C", (N_("Rachel follows suit with [3C]."),)),
        Step(2, "play TC", (N_("Andrea follows suit with [TC]."),)),
        Step(3, "play 4H", (N_("Julie has no club, so she may play any card: she plays [4H]. A heart has been played, "
                               "so hearts are broken: from now on anyone may lead a heart."),
                            N_("You take the trick and its heart: 1 point."))),
        # trick 3
        Step(0, "play QC", (N_("You lead [QC]."),),
             ask=N_("You lead again."),
             choice=N_("The lesson leads [QC], the highest club left: the trick is yours whatever the others play.")),
        Step(1, "play QS", (N_("Rachel has no club either. She gets rid of [the QS] by playing it on your trick: 13 "
                               "points for whoever takes it."),)),
        Step(2, "play 9C", (N_("Andrea follows suit with [9C]."),)),
        Step(3, "play 3H", (N_("Julie plays another heart, [3H]."),
                            N_("You take the trick: 13 points for the Queen and 1 for the heart. They count against "
                               "you, unless you take every heart as well."))),
        # trick 4
        Step(0, "play JC", (N_("You lead [JC]."),),
             ask=N_("You lead again."),
             choice=N_("The lesson leads [JC], the highest club left: Rachel and Julie have no clubs, so they may "
                       "throw hearts onto your trick.")),
        Step(1, "play JH", (N_("Rachel plays [JH]."),)),
        Step(2, "play 7C", (N_("Andrea follows suit with [7C]."),)),
        Step(3, "play 2H", (N_("Julie plays [2H]."),
                            N_("You take the trick. Every heart the others held is in your tricks now, and you hold "
                               "the rest: nobody else has a heart, so every trick left is yours."),
                            N_("Lead your hearts one by one to take the last tricks."))),
    ),
    after=(
        Step(0, "moon add", heading=N_("Shooting the moon"),
             said=(N_("Everyone else gets 26 points, and you get none."),),
             ask=N_("You shot the moon: you took every heart and [the QS]. Choose your reward: 26 points off your own "
                    "score, or 26 points on everyone else's."),
             choice=N_("The lesson adds 26 to everyone else: your score is 0, and no score goes below 0, so taking "
                       "points off your own gains nothing.")),
    ),
    closing_heading=N_("The end of the hand"),
    closing=(
        N_("That is Hearts. A match goes on hand after hand until someone has 100 points or more; then the lowest "
           "score wins."),
        N_("Most hands you will try to take as few points as you can: shooting the moon is the bold exception."),
    ),
)

LESSONS = {lesson.name: lesson for lesson in (ROOK_LESSON, HEARTS_LESSON)}


def heading_for(lesson: Lesson, hand: Hand, step: Step, learner_name: str) -> str:
    """The heading over what a step says: the trick and who played to it, or the step's own."""
    if A.kind_of(lesson.action_of(step)) != A.PLAY:
        return gettext(step.heading)
    return gettext("Trick {number}: {name}").format(number=lesson.trick_of(hand),
                                                    name=player_name(lesson.name_of(step.seat, learner_name)))
