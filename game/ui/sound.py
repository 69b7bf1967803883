"""Short sound effects, made from a few sine tones at start-up so no audio files are shipped.

The game runs silently when there is no sound device (pygame's mixer fails to start); it never stops for that.
"""

from __future__ import annotations

import logging
import math
from array import array

import pygame

log = logging.getLogger(__name__)

RATE = 22050
# name: (frequency Hz, seconds) notes played one after another
EFFECTS = {
    "play": [(660, 0.04)],
    "trick": [(520, 0.05), (780, 0.07)],
    "bid": [(440, 0.06), (554, 0.06)],
    "hearts-broken": [(392, 0.08), (330, 0.08), (262, 0.14)],
    "queen": [(196, 0.12), (147, 0.22)],
    "shuffle": [(900, 0.02), (700, 0.02), (950, 0.02), (650, 0.02)],
}


def _tone(notes: list[tuple[int, float]]) -> array:
    samples = array("h")
    for frequency, seconds in notes:
        count = int(RATE * seconds)
        for i in range(count):
            fade = min(1.0, i / 200, (count - i) / 400)  # soft edges: no clicks
            value = int(9000 * fade * math.sin(2 * math.pi * frequency * i / RATE))
            samples.extend((value, value))  # stereo
    return samples


class Sounds:
    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            pygame.mixer.init(RATE, -16, 2, 512)
            self._sounds = {name: pygame.mixer.Sound(buffer=_tone(notes).tobytes())
                            for name, notes in EFFECTS.items()}
        except pygame.error as err:
            log.info("no sound: %s", err)

    def play(self, name: str):
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            sound.play()
