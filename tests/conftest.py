"""Shared fixtures."""

from __future__ import annotations

import dataclasses

import pytest

from tests.ui_helpers import FAST, open_table


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Every test gets its own empty user folders: nothing a test saves reaches the real ones."""
    monkeypatch.setenv("TRICKHOUSE_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("TRICKHOUSE_DATA_DIR", str(tmp_path / "user-data"))


@pytest.fixture(autouse=True)
def fast_settings_kept():
    """A window opened on FAST uses that very object as its settings: what a test changes in them (a card size, a
    theme) is put back afterwards, so no later test runs under it (seen: cards half as big again in a layout
    test that ran after one that enlarged them)."""
    before = dataclasses.asdict(FAST)
    yield
    for name, value in before.items():
        setattr(FAST, name, value)


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
