"""What a player presses or does, and what it does: the one list of the game's controls. The scenes bind their keys
from it (``Button(key=HINT.key)``, ``PLAY.pressed(event)``) and How to play's Controls page is written from it, so
the page cannot say a key the game does not answer, nor leave one out."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.language import N_, gettext

# keys whose pygame names are not what a keyboard shows
KEY_NAMES = {pygame.K_ESCAPE: N_("Esc"), pygame.K_RETURN: N_("Enter"), pygame.K_KP_ENTER: N_("keypad Enter"),
             pygame.K_SPACE: N_("Space"), pygame.K_LEFT: N_("Left arrow"), pygame.K_RIGHT: N_("Right arrow"),
             pygame.K_UP: N_("Up arrow"), pygame.K_DOWN: N_("Down arrow")}  # translated where shown


@dataclass(frozen=True)
class Key:
    """One key, pressed with Alt or not."""
    code: int
    alt: bool = False

    @property
    def name(self) -> str:
        """The key as a keyboard shows it: "H", "Esc", "Alt+Enter"."""
        name = gettext(KEY_NAMES[self.code]) if self.code in KEY_NAMES else pygame.key.name(self.code).upper()
        return gettext("Alt+{key}").format(key=name) if self.alt else name

    def pressed(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and event.key == self.code and \
            (not self.alt or bool(event.mod & pygame.KMOD_ALT))


@dataclass(frozen=True)
class Control:
    """One thing a player does: with the mouse (``gesture``) and with ``keys``, and what it does (``does``, in the
    catalog: ``said`` is it in the language in force)."""
    does: str
    keys: tuple[Key, ...] = ()
    gesture: str = ""

    @property
    def key(self) -> int:
        """The key a button answers to (its first)."""
        return self.keys[0].code

    @property
    def codes(self) -> frozenset[int]:
        """Its keys' codes (none of them pressed with Alt)."""
        return frozenset(key.code for key in self.keys if not key.alt)

    def pressed(self, event: pygame.event.Event) -> bool:
        return any(key.pressed(event) for key in self.keys)

    @property
    def said(self) -> str:
        """What it does, in the language in force."""
        return gettext(self.does)

    @property
    def how(self) -> str:
        """What the player presses or does, as the Controls page says it: "Drag a card to the middle", "H",
        "1 to 9"."""
        names = [key.name for key in self.keys]
        digits = [key.code - pygame.K_0 for key in self.keys if pygame.K_1 <= key.code <= pygame.K_9]
        if len(digits) == len(names) > 2 and digits == list(range(digits[0], digits[0] + len(digits))):
            names = [gettext("{first} to {last}").format(first=digits[0], last=digits[-1])]
        ways = [gettext(self.gesture), *names] if self.gesture else names
        return ways[0] if len(ways) == 1 else gettext("{ways} or {last}").format(ways=", ".join(ways[:-1]),
                                                                                 last=ways[-1])


def keys(*codes: int) -> tuple[Key, ...]:
    return tuple(Key(code) for code in codes)


# playing a card (game/ui/scenes/table.py)
DRAG = Control(N_("Plays it: let go of it over the table (anywhere else, it goes back)"),
               gesture=N_("Drag a card to the middle"))
CLICK_TWICE = Control(N_("The first click chooses a card (it rises), the second plays it"),
                      gesture=N_("Click a card, then click it again"))
PICK = Control(N_("Chooses the next card you may play, to the left or right in your hand"),
               keys(pygame.K_LEFT, pygame.K_RIGHT))
PLAY = Control(N_("Plays the chosen card"), keys(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))

# the table's buttons
HINT = Control(N_("Hint: what the hand review would do now, chosen for you to play or confirm"), keys(pygame.K_h))
UNDO = Control(N_("Undo: takes back your last play (against the computer only)"), keys(pygame.K_u))
LAST_TRICK = Control(N_("Last trick: shows the trick taken last, and who took it; again to hide it"), keys(pygame.K_l))
CLAIM = Control(N_("Claim the rest: on your lead, once no play can change the result, the rest is played out at once"),
                keys(pygame.K_c))
MENU = Control(N_("Menu: How to play, Settings, Main menu or Quit; Esc again goes back to the game"),
               keys(pygame.K_ESCAPE))

# decisions in a dialog (game/ui/scenes/dialogs.py)
BID_UP = Control(N_("Raises the bid you are about to make"), keys(pygame.K_UP))
BID_DOWN = Control(N_("Lowers it"), keys(pygame.K_DOWN))
BID = Control(N_("Bids it"), keys(pygame.K_RETURN))
PASS = Control(N_("Passes"), keys(pygame.K_p))
CHOOSE = Control(N_("Chooses trump, the rank order, your reward for the moon or a hand: the first choice, the "
                 "second, ..."), keys(*range(pygame.K_1, pygame.K_9 + 1)))
PICK_CARDS = Control(N_("Moves a card into the box (the nest, a pass) or back out of it"),
                     gesture=N_("Drag a card, or click it"))
DONE = Control(N_("Done, once the box holds the cards asked for"), keys(pygame.K_RETURN))
READY = Control(N_("Hot-seat: the next player takes the screen"), keys(pygame.K_RETURN, pygame.K_SPACE),
                gesture=N_("Click"))

# after a hand (game/ui/scenes/scoring.py; a claim shown, game/ui/scenes/table.py)
GO_ON = Control(N_("After a claim shown on the table: on to the score sheet"), keys(pygame.K_RETURN))
NEXT = Control(N_("Goes on: Next hand, See the result; at the end of a match, Rematch (or New game)"),
               keys(pygame.K_RETURN))
REVIEW = Control(N_("Review hand: every decision of yours, and what would have happened"), keys(pygame.K_r))
AGAIN = Control(N_("Play again: the same deal, from the start"), keys(pygame.K_a))
COPY = Control(N_("Copy code: the deal's code, to send to friends who play it too"), keys(pygame.K_c))

# anywhere (game/ui/window.py)
FULL_SCREEN = Control(N_("Full screen, or back to the window as it was"), (Key(pygame.K_F11), Key(pygame.K_RETURN,
                                                                                                alt=True)))
BACK = Control(N_("Goes back: a screen, or a field being typed in"), keys(pygame.K_ESCAPE))

SECTIONS: tuple[tuple[str, tuple[Control, ...]], ...] = (
    (N_("Playing a card"), (DRAG, CLICK_TWICE, PICK, PLAY)),
    (N_("At the table"), (HINT, UNDO, LAST_TRICK, CLAIM, MENU)),
    (N_("Bidding and other decisions"), (BID_UP, BID_DOWN, BID, PASS, CHOOSE, PICK_CARDS, DONE, READY)),
    (N_("After a hand"), (GO_ON, NEXT, REVIEW, AGAIN, COPY)),
    (N_("Anywhere"), (FULL_SCREEN, BACK)),
)
