"""Play in your own language (issue 35, part 2): the catalogs, the language chosen, and the engine's words in it.

- The template is the source's texts as they are now, every catalog has each of them translated (none fuzzy), with
  the placeholders its source has, and its compiled .mo (committed: the game reads it from a checkout and from the
  executable, and needs no step of its own) holds exactly the .po's translations.
- The language follows the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them) unless the
  Language setting chooses another, and a change on the Settings screen takes effect at once.
- The engine names cards, refuses, tells events and writes How to play in the language in force; card faces (10♥)
  stay as they are, files and the protocol keep RULES.md's notation; ``python -m game.review`` speaks the language
  asked for.

The window's text in each language (nothing left in English, nothing out of place at 800x500) is checked by the text
tests themselves: tests/test_ui_words.py and tests/test_ui_trust.py, through tests/support/language.py.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import json
import string
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import Hand, load_rules
from game.engine import language as L
from game.engine.cards import ROOK_DECK, STANDARD_DECK, parse_card, player_card_name, player_card_words
from game.engine.events import Event
from game.engine.guide import how_to_play, summary
from game.engine.language import SYSTEM, gettext, languages, ngettext, use_language
from game.review.__main__ import main as review_main
from game.store import SettingsStore
from game.ui.app import App
from game.ui.scenes.settings import SettingsScene
from tests.support.deals import normal_hand
from tests.support.kinds import of_kind
from tests.support.language import TRANSLATED, catalog_path, read_catalog, template, untranslated
from tests.support.ui_helpers import FAST, click, step
from tests.support.ui_record import Recorder

ROOT = Path(__file__).resolve().parents[1]


def forms(value: object) -> list[str]:
    """A message's id or string as its forms (a plural has several; an empty one is kept, untranslated)."""
    if isinstance(value, (tuple, list)):
        return [str(form or "") for form in value]
    return [str(value or "")]


def placeholders(text: str) -> set[str]:
    """The named fields of a str.format template with their format specs: {"count", "cost:.1f"}."""
    return {f"{name}:{spec}" if spec else name for _, name, spec, _ in string.Formatter().parse(text) if name}


def test_the_template_holds_every_text_the_source_marks(tmp_path: Path) -> None:
    """`python3 dev.py catalogs extract` writes locale/trickhouse.pot: extracted afresh, it has the same messages as
    the committed one, so translators work from every text a player reads today (run `python3 dev.py catalogs
    update` after changing one)."""
    fresh = tmp_path / "fresh.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "locale/babel.cfg", "-o",
                    str(fresh), "--no-location", "-c", "TRANSLATORS:", "."], cwd=ROOT, check=True,
                   capture_output=True)
    ids = {(message.context, message.id) for message in read_catalog(fresh) if message.id}
    kept = {(message.context, message.id) for message in read_catalog(template()) if message.id}
    assert sorted(map(str, ids - kept)) == [] and sorted(map(str, kept - ids)) == []
    assert len(ids) > 900


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalog_translates_every_message_with_its_placeholders(language: str) -> None:
    """Issue 35: "`msgfmt --statistics` shows every message translated, no fuzzy". Each message of the template
    is in the catalog, translated, not fuzzy; its placeholders are the source's (a translation may leave a count
    unsaid in a singular, never name a placeholder the program does not fill)."""
    catalog = read_catalog(catalog_path(language), language)
    wanted = {(message.context, message.id) for message in read_catalog(template()) if message.id}
    have = {(message.context, message.id): message for message in catalog if message.id}
    assert sorted(map(str, wanted - set(have))) == []
    faults: list[str] = []
    for message in have.values():
        sources, strings = forms(message.id), forms(message.string)
        if message.fuzzy or not all(strings):
            faults.append(f"{sources[0]!r}: {'fuzzy' if message.fuzzy else 'not translated'}")
            continue
        allowed = set[str]().union(*(placeholders(source) for source in sources))
        for text in strings:
            stray = placeholders(text) - allowed
            if stray:
                faults.append(f"{sources[0]!r}: {text!r} has {sorted(stray)}, which the program does not fill")
    assert faults == []
    assert catalog.num_plurals >= 1 and catalog.plural_expr


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_compiled_catalog_is_its_po(language: str) -> None:
    """The .mo files are committed (the game and the executable read them without a build step): each holds exactly
    its .po's translations, as `python3 dev.py catalogs compile` writes them."""
    po = catalog_path(language)
    with po.with_suffix(".mo").open("rb") as file:
        compiled = stdlib_gettext.GNUTranslations(file)
    for message in read_catalog(po, language):
        if not message.id:
            continue
        ids, texts = forms(message.id), forms(message.string)
        if len(ids) > 1:
            for count, text in ((1, texts[0]), (2, texts[-1])):
                got = compiled.npgettext(message.context, ids[0], ids[1], count) if message.context else \
                    compiled.ngettext(ids[0], ids[1], count)
                assert got == text, f".mo differs from .po for {ids[0]!r}: run python3 dev.py catalogs compile"
        else:
            got = compiled.pgettext(message.context, ids[0]) if message.context else compiled.gettext(ids[0])
            assert got == texts[0], f".mo differs from .po for {ids[0]!r}: run python3 dev.py catalogs compile"
    assert compiled.info()["language"] == language


def test_the_language_follows_the_system_locale_as_gettext_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: "The language follows the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads
    them)": the first of them that is set names it; one without a catalog is English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert use_language(SYSTEM) == "de" and L.system_language() == "de" and gettext("Hint") == "Tipp"
    monkeypatch.setenv("LC_ALL", "pt_BR.UTF-8")  # read before LANG, and no catalog of its own
    assert use_language(SYSTEM) == "en" and gettext("Hint") == "Hint"
    monkeypatch.setenv("LANGUAGE", "xx:de")  # a list: the first with a catalog
    assert use_language(SYSTEM) == "de"
    assert use_language("en") == "en" and gettext("Hint") == "Hint"  # a chosen language wins
    assert languages()[0] == "en" and set(TRANSLATED) <= set(languages())


def test_plural_forms_follow_the_language() -> None:
    """Real plural forms: the count picks the catalog's form by its language's rule."""
    use_language("de")
    said = [ngettext("{count} trick", "{count} tricks", n).format(count=n) for n in (0, 1, 2)]
    assert said == ["0 Stiche", "1 Stich", "2 Stiche"]


def test_the_engine_names_cards_and_refuses_in_the_language_in_force() -> None:
    """Issue 35: 'Card faces like 10♥ stay as they are; "the queen of spades" and "Red 14" are translated: the
    engine's one naming function names them in the chosen language.' And its refusals and events reach players
    in it; the notation of files and the protocol stays."""
    use_language("de")
    assert player_card_name(parse_card("R14", ROOK_DECK), ROOK_DECK) == "Rot 14"
    assert player_card_name(parse_card("ROOK", ROOK_DECK), ROOK_DECK) == "Rook-Vogel"
    assert player_card_name(parse_card("TH", STANDARD_DECK), STANDARD_DECK) == "10♥"
    assert player_card_words(parse_card("QS", STANDARD_DECK), STANDARD_DECK) == "Pik-Dame"
    hand = Hand.deal(load_rules("hearts-classic"), seed=3, dealer=3)
    held = hand.view(hand.to_move).hand
    assert hand.check(f"play {held[0]}") == "Wähle zuerst 3 Karten zum Weitergeben nach links"
    assert hand.check(f"pass-cards {held[0]}") == "Gib genau 3 Karten weiter"
    assert hand.view(hand.to_move).choose_cards(held[:3]).startswith("pass-cards ")  # the protocol's words
    assert Event("trick-won", seat=1).describe(["You", "Bo"], STANDARD_DECK) == "Bo hat den Stich gemacht"
    assert Event("trick-won", seat=0).describe(["You", "Bo"], STANDARD_DECK) == "Du hast den Stich gemacht"
    assert hand.record()["actions"] == [] and json.dumps(hand.record()).isascii()


def test_how_to_play_is_whole_sentences_in_the_language() -> None:
    """How to play is written from the rule fields in the language in force: each paragraph a translated template
    with its numbers, none of it English."""
    use_language("de")
    for preset in ("rook-classic", "rook-500", "hearts-royal", "hearts-2p"):
        rules = load_rules(preset)
        lines = [summary(rules)] + [text for section in how_to_play(rules)
                                    for text in (section.heading, *(p.text for p in section.paragraphs))]
        assert untranslated(lines, "de") == [], preset
    assert "Stich" in " ".join(p.text for s in how_to_play(load_rules("rook-classic")) for p in s.paragraphs)


def test_the_untranslated_check_finds_english_and_passes_names_and_card_faces() -> None:
    """The check itself: an English sentence is found; the German one, names, card faces and a word cut short
    pass."""
    assert untranslated(["East takes the trick"], "de") != []
    assert untranslated(["Hint"], "de") != []
    assert untranslated(["Ost macht den Stich", "Sam", "10♥, Q♠", "Rot 14", "8CMG0-ZBV5B-FT4ZC"], "de") == []
    # a word cut short to fit a name plate is no word: "do…" of the French "donneur" is not the English "do"
    assert untranslated(["do"], "de") != [] and untranslated(["Maximiliana (do…"], "de") == []


def test_a_language_chosen_in_settings_takes_effect_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: "unless a Language setting chooses another (Settings, kept in settings.yaml); a change takes
    effect at once, without a restart". The Language row stepped to German: the Settings screen, and the main menu
    under it, speak German on the next frame, and the choice is kept."""
    monkeypatch.setenv("LANGUAGE", "en")
    app = App(FAST, search_process=False)
    try:
        recorder = Recorder(monkeypatch, app)
        app.open("menu")
        settings = of_kind(SettingsScene, app.open("settings"))
        step(app)
        assert "Settings" in {op.label for op in recorder.texts()}
        row = next(row for row in settings.rows if row.label == "Language")
        assert row.value().startswith("System")
        index = settings.rows.index(row) - settings.first
        plus = settings.controls[2 * index + 1]
        while app.settings.language != "de":
            click(app, plus.rect.center)
            plus = settings.controls[2 * index + 1]
        step(app)
        texts = {op.label for op in recorder.texts()}
        assert "Einstellungen" in texts and "Sprache" in texts and "Deutsch" in texts
        assert "language: de" in SettingsStore().path.read_text()
        app.stack.pop(settings)
        step(app)
        assert {"Neues Spiel", "Einstellungen"} <= {op.label for op in recorder.texts()}
    finally:
        app.close()


def test_the_review_command_speaks_the_language_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: the review "in `python -m game.review`" speaks the chosen language; the file stays notation."""
    record = tmp_path / "hand.json"
    record.write_text(json.dumps(normal_hand("hearts-classic", 1).record()))
    assert review_main([str(record), "--seat", "0", "--worlds", "2", "--measure-worlds", "2",
                        "--language", "de"]) == 0
    said = capsys.readouterr().out.replace(str(record), "FILE")  # the file's own name is no text of the game
    assert "Runde 1: Klassisches Hearts" in said and "Hand 1:" not in said
    assert untranslated(said.splitlines(), "de") == []
