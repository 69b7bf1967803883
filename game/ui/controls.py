"""What a player presses or does, and what it does: the one list of the game's controls. The scenes bind their keys
from it (``Button(key=HINT.key)``, ``PLAY.pressed(event)``) and How to play's Controls page is written from it, so
the page cannot say a key the game does not answer, nor leave one out."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

# keys whose pygame names are not what a keyboard shows
KEY_NAMES = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "keypad Enter",
             pygame.K_SPACE: "Space", pygame.K_LEFT: "Left arrow", pygame.K_RIGHT: "Right arrow",
             pygame.K_UP: "Up arrow", pygame.K_DOWN: "Down arrow"}


@dataclass(frozen=True)
class Key:
    """One key, pressed with Alt or not."""
    code: int
    alt: bool = False

    @property
    def name(self) -> str:
        """The key as a keyboard shows it: "H", "Esc", "Alt+Enter"."""
        name = KEY_NAMES.get(self.code) or pygame.key.name(self.code).upper()
        return f"Alt+{name}" if self.alt else name

    def pressed(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and event.key == self.code and \
            (not self.alt or bool(event.mod & pygame.KMOD_ALT))


@dataclass(frozen=True)
class Control:
    """One thing a player does: with the mouse (``gesture``) and with ``keys``, and what it does."""
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
    def how(self) -> str:
        """What the player presses or does, as the Controls page says it: "Drag a card to the middle", "H",
        "1 to 9"."""
        names = [key.name for key in self.keys]
        digits = [key.code - pygame.K_0 for key in self.keys if pygame.K_1 <= key.code <= pygame.K_9]
        if len(digits) == len(names) > 2 and digits == list(range(digits[0], digits[0] + len(digits))):
            names = [f"{digits[0]} to {digits[-1]}"]
        ways = [self.gesture, *names] if self.gesture else names
        return ways[0] if len(ways) == 1 else f"{', '.join(ways[:-1])} or {ways[-1]}"


def keys(*codes: int) -> tuple[Key, ...]:
    return tuple(Key(code) for code in codes)


# playing a card (game/ui/scenes/table.py)
DRAG = Control("Plays it: let go of it over the table (anywhere else, it goes back)",
               gesture="Drag a card to the middle")
CLICK_TWICE = Control("The first click chooses a card (it rises), the second plays it",
                      gesture="Click a card, then click it again")
PICK = Control("Chooses the card to the left or right in your hand", keys(pygame.K_LEFT, pygame.K_RIGHT))
PLAY = Control("Plays the chosen card", keys(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))

# the table's buttons
HINT = Control("Hint: what the hand review would do now, chosen for you to play or confirm", keys(pygame.K_h))
UNDO = Control("Undo: takes back your last play (against the computer only)", keys(pygame.K_u))
LAST_TRICK = Control("Last trick: shows the trick taken last, and who took it; again to hide it", keys(pygame.K_l))
MENU = Control("Menu: How to play, Settings, Main menu or Quit; Esc again goes back to the game",
               keys(pygame.K_ESCAPE))

# decisions in a dialog (game/ui/scenes/dialogs.py)
BID_UP = Control("Raises the bid you are about to make", keys(pygame.K_UP))
BID_DOWN = Control("Lowers it", keys(pygame.K_DOWN))
BID = Control("Bids it", keys(pygame.K_RETURN))
PASS = Control("Passes", keys(pygame.K_p))
CHOOSE = Control("Chooses trump, the rank order, your reward for the moon or a hand: the first choice, the "
                 "second, ...", keys(*range(pygame.K_1, pygame.K_9 + 1)))
PICK_CARDS = Control("Moves a card into the box (the nest, a pass) or back out of it",
                     gesture="Drag a card, or click it")
DONE = Control("Done, once the box holds the cards asked for", keys(pygame.K_RETURN))
READY = Control("Hot-seat: the next player takes the screen", keys(pygame.K_RETURN, pygame.K_SPACE),
                gesture="Click")

# after a hand (game/ui/scenes/scoring.py; a claim shown, game/ui/scenes/table.py)
GO_ON = Control("After a claim shown on the table: on to the score sheet", keys(pygame.K_RETURN))
NEXT = Control("Goes on: Next hand, See the result; at the end of a match, Rematch (or New game)",
               keys(pygame.K_RETURN))
REVIEW = Control("Review hand: every decision of yours, and what would have happened", keys(pygame.K_r))
AGAIN = Control("Play again: the same deal, from the start", keys(pygame.K_a))
COPY = Control("Copy code: the deal's code, to send to friends who play it too", keys(pygame.K_c))

# anywhere (game/ui/window.py)
FULL_SCREEN = Control("Full screen, or back to the window as it was", (Key(pygame.K_F11), Key(pygame.K_RETURN,
                                                                                                alt=True)))
BACK = Control("Goes back: a screen, or a field being typed in", keys(pygame.K_ESCAPE))

SECTIONS: tuple[tuple[str, tuple[Control, ...]], ...] = (
    ("Playing a card", (DRAG, CLICK_TWICE, PICK, PLAY)),
    ("At the table", (HINT, UNDO, LAST_TRICK, MENU)),
    ("Bidding and other decisions", (BID_UP, BID_DOWN, BID, PASS, CHOOSE, PICK_CARDS, DONE, READY)),
    ("After a hand", (GO_ON, NEXT, REVIEW, AGAIN, COPY)),
    ("Anywhere", (FULL_SCREEN, BACK)),
)
