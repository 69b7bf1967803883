"""Shared fixtures."""

from __future__ import annotations

import pytest

from tests.ui_helpers import open_table


@pytest.fixture
def make_app():
    """Open game windows for a test (see ``open_table``) and close them afterwards."""
    apps = []

    def make(preset: str, humans: int, seed: int = 5):
        opened = open_table(preset, humans, seed)
        apps.append(opened[0])
        return opened

    yield make
    for app in apps:
        app.close()
