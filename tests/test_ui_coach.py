"""The first-hand coach (issue 35): the first time someone plays each family, a short tip at the moments it matters
(how to play a card and what the outline means, what the nest is, what a bid promises, what the pass is for),
never again after (kept in the settings file), and switched off in Settings. Driven with posted events."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.engine import Match, load_rules
from game.engine.rules import Rules
from game.store import Settings, SettingsStore
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.coach import TIPS, tip_at
from game.ui.scenes.dialogs import BidScene, CardPickScene, ConfirmScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.table import TableScene
from tests.support.kinds import of_kind
from tests.support.ui_helpers import FAST, Size, click, frames, post, step
from tests.support.ui_record import Recorder, grammar_faults, layout_faults


def coached(settings: Settings = FAST) -> Settings:
    """Quick settings with the coach on and no tip shown yet, within the ranges a settings file allows (the tips
    shown are saved in one)."""
    return dataclasses.replace(settings, coach=True, coached=[], animation_speed=4.0, trick_pause=0.2)


def open_table(app: App, preset: str, seed: int = 5) -> TableScene:
    rules = load_rules(preset)
    seats = [SeatPlan(f"P{i}", i == 0, "easy") for i in range(rules.players)]
    return of_kind(TableScene, app.open("table", session=Session(Match(rules, seed=seed), seats)))


def until_tip(app: App, seconds: float = 30) -> ConfirmScene:
    """Frames until a tip is up; the people's other decisions taken with the first cards or choices offered."""
    for _ in frames(seconds):
        top = app.stack.top
        if isinstance(top, ConfirmScene):
            return top
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        if isinstance(top, CardPickScene):
            for card in top.cards[: top.count]:
                click(app, dict(top.hand_rects())[card].center)
            click(app, top.done.rect.center)
        elif isinstance(top, BidScene):
            click(app, top.pass_.rect.center if top.pass_.enabled else top.bid.rect.center)
        elif table.viewer_controls_play():
            table.play(next(iter(table.view().plays())))
        step(app)
    raise AssertionError("no tip came")


def got_it(app: App, tip: ConfirmScene) -> None:
    click(app, next(button for button in tip.buttons if button.label == "Got it").rect.center)


def test_the_first_card_to_play_comes_with_how_to_play_it_and_the_nest_after(blank_window: Callable[..., App]) -> None:
    """Issue 35: "drag or click twice; legal cards are outlined; what the nest is". The Beginner game's first card
    to play brings the first tip, the next the nest's; each is marked shown in the settings file at once."""
    app = blank_window(settings=coached())
    open_table(app, "rook-beginner")
    tip = until_tip(app)
    assert tip.question.startswith("Tip: Your turn to play a card: drag it to the middle of the table, or click it "
                                   "once to pick it up and again to play it. The cards you may play now are outlined")
    loaded, problem = SettingsStore().load()
    assert problem == "" and loaded.coached == ["rook-play"]
    got_it(app, tip)
    assert not isinstance(app.stack.top, ConfirmScene)
    tip = until_tip(app)
    assert "The nest is the 5 cards dealt aside, face down" in tip.question and "top card was turned up" in tip.question
    got_it(app, tip)
    assert SettingsStore().load()[0].coached == ["rook-play", "rook-nest"]


def test_tips_never_come_again() -> None:
    """A player who has seen the tips, in a later game (a new window reading the settings file): none."""
    app = App(coached(), search_process=False)
    try:
        open_table(app, "rook-beginner")
        got_it(app, until_tip(app))
        got_it(app, until_tip(app))
    finally:
        app.close()
    later = App(SettingsStore().load()[0], search_process=False)
    try:
        later.services.keep_matches = False
        table = open_table(later, "rook-beginner", seed=9)
        for _ in frames(30):
            assert not isinstance(later.stack.top, ConfirmScene), later.stack.top.question
            if len(table.view().tricks) >= 3:
                break
            if table.viewer_controls_play():
                table.play(next(iter(table.view().plays())))
            step(later)
        else:
            raise AssertionError("the hand did not go on")
    finally:
        later.close()


def test_a_bid_comes_with_what_it_promises(blank_window: Callable[..., App]) -> None:
    """Classic partnership Rook: the first bid asks what a bid promises, for the side."""
    app = blank_window(settings=coached())
    open_table(app, "rook-classic")
    tip = until_tip(app)
    assert isinstance(app.stack.scenes[-2], BidScene), "the tip is over the bid dialog"
    assert tip.question.startswith("Tip: A bid is a promise: the points you and your partner will take in counters")
    assert "your side loses the whole bid" in tip.question


def test_the_hearts_pass_and_first_card_come_with_their_tips(blank_window: Callable[..., App]) -> None:
    app = blank_window(settings=coached())
    open_table(app, "hearts-classic")
    tip = until_tip(app)
    assert isinstance(app.stack.scenes[-2], CardPickScene)
    assert tip.question == ("Tip: Before the play everyone passes 3 cards face down, all at once, and gets as many "
                            "from another player. Pass the cards most likely to take points: high hearts and high "
                            "spades.")
    got_it(app, tip)
    assert until_tip(app).question.startswith("Tip: Your turn to play a card")


def test_no_more_tips_switches_the_coach_off(blank_window: Callable[..., App]) -> None:
    app = blank_window(settings=coached())
    open_table(app, "hearts-classic")
    tip = until_tip(app)
    click(app, next(button for button in tip.buttons if button.label == "No more tips").rect.center)
    assert SettingsStore().load()[0].coach is False
    assert tip_at(load_rules("hearts-classic"), "play", app.services.settings.coached) is not None
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    for _ in frames(30):  # the pass and the first tricks: no tip any more
        assert not isinstance(app.stack.top, ConfirmScene)
        if len(table.view().tricks) >= 2:
            break
        top = app.stack.top
        if isinstance(top, CardPickScene):
            for card in top.cards[: top.count]:
                click(app, dict(top.hand_rects())[card].center)
            click(app, top.done.rect.center)
        elif table.viewer_controls_play():
            table.play(next(iter(table.view().plays())))
        step(app)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_settings_switch_turns_tips_off_and_on_again_from_the_start(
        blank_window: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: Size) -> None:
    """Issue 35: "switched off in Settings"; switched on again, the tips start over (someone new at the computer).
    The line saying so stays inside the window and clear."""
    app = blank_window(size, settings=coached())
    recorder = Recorder(monkeypatch, app)
    app.services.settings.coached = ["rook-play"]
    scene = app.open("settings")
    step(app)
    assert isinstance(scene, SettingsScene)
    click(app, next(button for button in scene.buttons if button.label == "Tips: On").rect.center)
    assert SettingsStore().load()[0].coach is False and scene.error == "Tips for new players are off"
    click(app, next(button for button in scene.buttons if button.label == "Tips: Off").rect.center)
    saved = SettingsStore().load()[0]
    assert saved.coach is True and saved.coached == [] and scene.error.startswith("Tips for new players are on")
    step(app)
    assert layout_faults(recorder.ops, size) == []


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_every_tip_keeps_its_text_in_the_window_and_clear(monkeypatch: pytest.MonkeyPatch, size: Size) -> None:
    """Each tip over the table at each size: no text outside the window or over a card or other text."""
    rules_of = {"rook": load_rules("rook-classic"), "hearts": load_rules("hearts-classic")}
    beginner = load_rules("rook-beginner")
    for tip in TIPS:
        rules: Rules = beginner if tip.key == "rook-nest" and tip.phase == "play" else rules_of[tip.family]
        app = App(coached(), search_process=False)
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        try:
            recorder = Recorder(monkeypatch, app)
            open_table(app, rules.name)
            step(app)
            app.services.scenes.push("confirm", question=f"Tip: {tip.says(rules)}",
                                     answers=[("No more tips", lambda: None), ("Got it", lambda: None)])
            for _ in range(3):
                step(app)
            texts = [op.label for op in recorder.texts()]
            assert any(label.startswith("Tip:") for label in texts)
            assert layout_faults(recorder.ops, size) + grammar_faults(texts) == []
        finally:
            app.close()


def test_settings_files_keep_the_tips_shown_and_refuse_a_bad_list(tmp_path: Path) -> None:
    from game.store.settings import SettingsError, settings_from_dict
    assert settings_from_dict({"coach": False, "coached": ["rook-play"]}).coached == ["rook-play"]
    with pytest.raises(SettingsError):
        settings_from_dict({"coached": "rook-play"})
    with pytest.raises(SettingsError):
        settings_from_dict({"coached": [""]})
