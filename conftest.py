"""The whole suite, the engine's doctests too, reads the game's English source texts unless a test chooses a
language (tests/test_language.py and the window's text tests run in each language the game ships): the machine's
own locale (LANGUAGE, LC_ALL, LANG) must not change what a test expects."""

import os
from collections.abc import Iterator

import pytest

from game.engine.language import SOURCE_LANGUAGE, use_language

os.environ["LANGUAGE"] = SOURCE_LANGUAGE  # the "system's language" of every window and process the tests start
use_language(SOURCE_LANGUAGE)


@pytest.fixture(autouse=True)
def _source_language() -> Iterator[None]:
    """Each test starts, and leaves, in English."""
    use_language(SOURCE_LANGUAGE)
    yield
    use_language(SOURCE_LANGUAGE)
