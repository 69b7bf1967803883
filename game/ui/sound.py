"""Short sound effects, made from a few sine tones at start-up so no audio files are shipped.

The game runs silently when there is no sound device (pygame's mixer fails to start); it never stops for that, and
says so in its log, not with the sound library's own error lines in the terminal.
"""

from __future__ import annotations

import logging
import math
import os
import sys
from array import array
from pathlib import Path

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


def _tone(notes: list[tuple[int, float]]) -> array[int]:
    samples = array("h")
    for frequency, seconds in notes:
        count = int(RATE * seconds)
        for i in range(count):
            fade = min(1.0, i / 200, (count - i) / 400)  # soft edges: no clicks
            value = int(9000 * fade * math.sin(2 * math.pi * frequency * i / RATE))
            samples.extend((value, value))  # stereo
    return samples


SOUND_CARDS = Path("/proc/asound/cards")  # Linux: the sound cards ALSA has (" --- no soundcards ---" if none)


def audio_drivers() -> str | None:
    """The audio drivers SDL may try, or None for SDL's own choice. On Linux without a sound card, only the sound
    servers (PipeWire, PulseAudio), not ALSA: on such a machine alsa-lib prints eight lines to the terminal as SDL
    looks for a device ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", ...), and a handler that
    would silence them is called from SDL's ALSA thread while the mixer, starting, holds the interpreter: a
    deadlock. A choice made with ``SDL_AUDIODRIVER`` is left as it is."""
    if not sys.platform.startswith("linux") or "SDL_AUDIODRIVER" in os.environ:
        return None
    try:
        cards = SOUND_CARDS.read_text(encoding="utf-8", errors="replace")
    except OSError:  # no ALSA in the kernel (a container, say): no card
        cards = ""
    return None if cards.strip() and "no soundcards" not in cards else "pipewire,pulseaudio"


class Sounds:
    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        drivers = audio_drivers()
        if drivers is not None:
            os.environ["SDL_AUDIODRIVER"] = drivers
        try:
            pygame.mixer.init(RATE, -16, 2, 512)
            self._sounds = {name: pygame.mixer.Sound(buffer=_tone(notes).tobytes())
                            for name, notes in EFFECTS.items()}
        except pygame.error as err:
            log.info("no sound: %s", err)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            sound.play()
