"""Shared fixtures."""

from __future__ import annotations

import pytest

from tests.ui_helpers import open_table


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Every test gets its own empty user folders: nothing a test saves reaches the real ones."""
    monkeypatch.setenv("TRICKHOUSE_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("TRICKHOUSE_DATA_DIR", str(tmp_path / "user-data"))


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
