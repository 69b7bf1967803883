"""Presets load through one validation: extends, unknown keys, wrong types and bad files give one clear error."""

import random
from pathlib import Path

import pytest

from game.engine import Hand, Match, RulesError, load_rules, preset_names
from game.engine.rules import Rules, rules_from_dict
from tests.support.notation import notation_faults
from tests.support.rules import every_value


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_preset_in_config_loads() -> None:
    for name in preset_names():
        rules = load_rules(name)
        assert rules.name == name
        assert rules.title


def test_a_preset_extends_another_and_overrides_fields() -> None:
    rules = load_rules("hearts-royal-3p")
    assert rules.players == 3 and rules.removed == ("2D",)
    assert rules.royal_queens == ("QS", "QC", "QH", "QD")
    assert rules.target == 100


def test_a_file_by_path_may_extend_a_preset(tmp_path: Path) -> None:
    path = write(tmp_path, "short.yaml", "extends: hearts-classic\ntarget: 50\n")
    rules = load_rules(path)
    assert rules.target == 50 and rules.players == 4 and rules.name == "short"


def test_unknown_keys_are_errors_not_ignored(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", "extends: hearts-classic\ntargte: 50\n")
    with pytest.raises(RulesError, match=r"x.yaml: unknown field targte"):
        load_rules(path)


@pytest.mark.parametrize("line, field, allowed", [
    ("target: fifty", "target", "whole number"),
    ("target: 0", "target", "from 1"),
    ("moon: sometimes", "moon", "choice, add, subtract"),
    ("two_clubs_leads: 1", "two_clubs_leads", "true or false"),
    ("pass_cycle: left", "pass_cycle", "list"),
    ("pass_cycle: [left, up]", "pass_cycle", "left, across"),
    ("royal_queens: [QS, KS]", "royal_queens", "QS, QC"),
])
def test_a_bad_value_names_the_file_the_field_the_value_and_what_is_allowed(tmp_path: Path, line: str, field: str,
                                                                            allowed: str) -> None:
    path = write(tmp_path, "bad.yaml", f"extends: hearts-classic\n{line}\n")
    with pytest.raises(RulesError) as err:
        load_rules(path)
    message = str(err.value)
    assert "bad.yaml" in message and field in message and allowed in message


def test_inconsistent_card_counts_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "odd.yaml", "extends: hearts-classic\nhand_size: 12\n")
    with pytest.raises(RulesError, match="need 48 cards, but the deck has 52"):
        load_rules(path)


def test_invalid_yaml_is_refused_with_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.yaml", "extends: hearts-classic\ntarget: [1, 2\n")
    with pytest.raises(RulesError, match=r"broken.yaml: is not valid YAML at line"):
        load_rules(path)


def test_yaml_tags_that_would_construct_objects_are_refused(tmp_path: Path) -> None:
    """Standards: YAML is read with safe loading."""
    path = write(tmp_path, "evil.yaml", "extends: hearts-classic\ntarget: !!python/object/apply:os.system [echo hi]\n")
    with pytest.raises(RulesError, match="not valid YAML"):
        load_rules(path)


def test_a_file_that_is_not_a_mapping_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "list.yaml", "- 1\n- 2\n")
    with pytest.raises(RulesError, match="expected a mapping"):
        load_rules(path)


def test_an_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RulesError, match="no such preset; presets are: .*hearts-classic"):
        load_rules("hearts-deluxe")


def test_extends_cycles_are_refused(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: ./b.yaml\n")
    write(tmp_path, "b.yaml", "extends: ./a.yaml\n")
    with pytest.raises(RulesError, match="extends itself"):
        load_rules(tmp_path / "a.yaml")


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot be read"):
        load_rules(tmp_path / "nothing.yaml")


@pytest.mark.parametrize("base", ["./missing.yaml", "\\rook-classic", "no-such-preset"])
def test_a_preset_whose_base_cannot_be_had_is_named_in_the_one_line_refusal(tmp_path: Path, base: str) -> None:
    """Standards: "a bad file gets one clear line naming the file and the problem". The file at fault is the one
    whose extends: names a base that cannot be read (found by the fuzz test: a base written with a backslash was
    looked for in the current folder, and the message named only the base)."""
    write(tmp_path, "house.yaml", f"extends: '{base}'\n")
    with pytest.raises(RulesError) as refused:
        load_rules(tmp_path / "house.yaml")
    message = str(refused.value)
    assert message.startswith(f"{tmp_path / 'house.yaml'}: extends: ") and "\n" not in message
    assert "cannot be read" in message or "no such preset" in message


def test_a_base_named_by_file_name_is_found_beside_the_file_not_in_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "base.yaml", "extends: hearts-classic\nmoon: add\n")
    write(tmp_path, "house.yaml", "extends: base.yaml\n")
    monkeypatch.chdir(tmp_path.parent)
    assert load_rules(tmp_path / "house.yaml").moon == "add"


def test_house_rule_changes_are_validated_like_a_preset() -> None:
    rules = load_rules("hearts-classic")
    assert rules.changed({"moon": "add"}).moon == "add"
    with pytest.raises(RulesError, match="moon"):
        rules.changed({"moon": 3})
    with pytest.raises(RulesError, match="unknown field"):
        rules.changed({"mooon": "add"})


def test_rules_round_trip_through_a_dict() -> None:
    rules = load_rules("hearts-royal-2p")
    assert rules_from_dict(rules.to_dict()) == rules


def test_every_field_is_documented() -> None:
    docs = Rules.field_docs()
    assert all(entry["doc"] for entry in docs.values())
    assert docs["moon"]["house"] and docs["moon"]["choices"] == ("choice", "add", "subtract")



def test_every_house_rule_and_every_choice_says_what_it_does() -> None:
    """The house-rules screen shows one sentence per rule, from the rule field itself (RULES.md: each decision marked
    (house) is an option in the settings screen): no field or choice is left to fall back on its raw name."""
    seen = set()
    for preset in preset_names():
        book = load_rules(preset)
        for name in book.house_fields():
            seen.add(name)
            for value in every_value(book, name):
                try:
                    rules = book.changed({name: value})
                except RulesError:
                    continue  # a value these rules do not allow (a first lead by the dummy in a 4-player game)
                sentence = rules.sentence(name)
                assert sentence and not sentence.startswith(f"{name.replace('_', ' ')}:"), (preset, name, value)
    assert seen == {f for f, meta in Rules.field_docs().items() if meta["house"]}


def test_the_nest_scored_by_nobody_has_its_sentence() -> None:
    """RULES.md decision 4 (house): the nest may be scored by nobody; the settings screen says so in words."""
    rules = load_rules("rook-classic").changed({"nest_to": "nobody"})
    assert rules.sentence("nest_to") == "Nobody scores the nest: its counters are out of play"


def test_house_rules_belong_to_a_family_and_step_as_declared() -> None:
    """Which family a field belongs to and its step live on the field: the Hearts screen shows no Rook rules, the
    minimum bid steps by the bid step, the extra card rule only where there is an extra card."""
    hearts, rook = load_rules("hearts-classic"), load_rules("rook-classic")
    assert "moon" in hearts.house_fields() and "moon" not in rook.house_fields()
    assert "bird_rank" in rook.house_fields() and "bird_rank" not in hearts.house_fields()
    assert "target" in hearts.house_fields() and "target" in rook.house_fields()
    assert "extra_card_kept" not in rook.house_fields() and "extra_card_kept" in \
        load_rules("rook-original-3p").house_fields()
    assert rook.house_step("min_bid") == 5 and rook.changed({"bid_step": 10, "min_bid": 70}).house_step("min_bid") == 10
    assert (hearts.house_step("target"), rook.house_step("target")) == (10, 50)
    assert set(hearts.family_fields()) & set(rook.family_fields()) >= {"target", "players", "hand_size"}
    assert "pass_count" not in rook.family_fields() and "counters" not in hearts.family_fields()


def test_every_house_rule_has_a_label_and_a_value_in_a_players_words() -> None:
    """Issue 25, item 4: the house-rules screen names each rule and its value as a player would ("Lowest first bid",
    "Off", "Dealer's left", "Q♠, Q♣"), never by its field name, and says "off" rather than 0."""
    for preset in preset_names():
        book = load_rules(preset)
        for name in book.house_fields():
            assert Rules.house_label(name) and "_" not in Rules.house_label(name)
            for value in every_value(book, name):
                try:
                    rules = book.changed({name: value})
                except RulesError:
                    continue
                words = [rules.value_words(name), rules.sentence(name)]
                assert not notation_faults(words), (preset, name, value, words)
    rook = load_rules("rook-classic")
    assert [rook.value_words(name) for name in ("fixed_hands", "cap", "max_bid", "first_lead")] == \
        ["Off", "Off", "120", "Dealer's left"]
    assert rook.changed({"max_bid": 0}).value_words("max_bid") == "All the points"
    assert load_rules("hearts-royal").changed({"royal_queens": ["QS", "QD"]}).value_words("royal_queens") == "Q♠, Q♦"


def test_house_rule_sentences_agree_with_their_numbers() -> None:
    """Issue 25, item 4: singular and plural ("Play exactly 1 hand", "The match ends at 1 point")."""
    rook = load_rules("rook-classic")
    assert rook.changed({"fixed_hands": 1}).sentence("fixed_hands") == "Play exactly 1 hand; the best total wins"
    assert rook.changed({"fixed_hands": 6}).sentence("fixed_hands") == "Play exactly 6 hands; the best total wins"
    assert rook.changed({"target": 1}).sentence("target") == "The match ends at 1 point"
    assert rook.sentence("target") == "The match ends at 300 points"


@pytest.mark.parametrize("changes,player", [
    ({"bid_step": 10, "min_bid": 75}, "The lowest first bid, 75, is not a multiple of the bid step, 10"),
    ({"min_bid": 125}, "The lowest first bid, 125, is more than the highest bid, 120"),
    ({"bid_step": 0}, "Bid step is from 1 to 100"),
    ({"fixed_hands": -1}, "Fixed number of hands is Off or from 1 to 200"),
    ({"rotating_partners": True, "fixed_hands": 3}, "Rotating partners play exactly 12 hands: set the fixed number of "
                                                     "hands to Off"),
    ({"first_lead": "dummy"}, "Only the 2-player game has a dummy to lead"),
])
def test_a_house_rule_refused_says_why_in_a_players_words(changes: dict[str, object], player: str) -> None:
    """Issue 25: 'min_bid: 70 is more than …' is for whoever edits a rule file; the house-rules screen, a deal code and
    a table's house rules say the same in a player's words (``RulesError.player``)."""
    with pytest.raises(RulesError) as refused:
        load_rules("rook-classic").changed(changes, where="Classic partnership Rook")
    assert refused.value.player == player and not notation_faults([player])
    assert str(refused.value).startswith("Classic partnership Rook: ")  # the file's message names the field
    assert notation_faults([str(refused.value)])


@pytest.mark.parametrize("preset, changes, player", [
    ("rook-500", {"target": 650}, "Nobody could reach 650: scores stop at the score cap, 430, and one hand has only "
                                  "180 points (430 + 180 = 610)"),
    ("rook-classic", {"cap": 100}, "Nobody could reach 300: scores stop at the score cap, 100, and one hand has only "
                                   "120 points (100 + 120 = 220)"),
    ("rook-beginner", {"cap": 30}, "With no bidding nobody can pass the score cap, so nobody could reach 40: set the "
                                   "score cap to Off"),
])
def test_a_target_no_side_can_reach_is_refused_with_the_reason(preset: str, changes: dict[str, object],
                                                               player: str) -> None:
    """004: "Scores are capped at 430 ... If the declaring team would have 500 or more points after winning a hand,
    they score the points and win the game": past the cap a side gains at most one hand's points (180 in 004), and
    only a declaring side, so a target beyond that, or a cap in a game without bidding, would make a match that
    never ends."""
    book = load_rules(preset)
    with pytest.raises(RulesError) as refused:
        book.changed(changes, where=book.title)
    assert refused.value.player == player and not notation_faults([player])
    assert str(refused.value).startswith(f"{book.title}: cap: ")


def test_the_most_a_side_scores_in_a_hand_decides_how_far_past_the_cap_the_target_may_be() -> None:
    """004: "There are 40 points in each suit and 20 points for the Rook, bringing the total number of points per hand
    to 180"; the target may be as far as that past the cap, and no further."""
    rook_500 = load_rules("rook-500")
    assert rook_500.most_in_one_hand == 180
    assert rook_500.changed({"target": 610}).target_reachable
    with pytest.raises(RulesError):
        rook_500.changed({"target": 611})
    assert rook_500.changed({"cap": 320}).target_reachable and rook_500.changed({"cap": 0, "target": 5000})
    classic = load_rules("rook-classic")
    assert classic.most_in_one_hand == 120 and classic.changed({"cap": 180}).target_reachable
    assert all(load_rules(preset).target_reachable for preset in preset_names())


def test_a_match_played_before_its_target_was_refused_still_replays() -> None:
    """Nothing a player did is lost: a saved match or a hand record made under house rules refused since (rook-500
    with a target of 650) is read back as it was; only new rules are refused."""
    endless = {**load_rules("rook-500").to_dict(), "target": 650}
    rules = rules_from_dict(endless, "a saved match's rules")
    assert rules.target == 650 and not rules.target_reachable
    match = Match(rules, seed=3)
    assert Match.from_json(match.to_json()).rules == rules
    with pytest.raises(RulesError):
        load_rules("rook-500").changed({"target": 650})


@pytest.mark.parametrize("preset", ["rook-classic", "hearts-classic", "hearts-royal"])
def test_the_rules_say_whether_fewer_points_are_better_as_the_hand_result_does(preset: str) -> None:
    """Hearts (002): points taken count against the player; Rook (000): points taken count for the side. The
    review says what a result means from ``Rules.lower_is_better``, which must agree with the hand's result."""
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=5, dealer=0)
    rng = random.Random(5)
    while not hand.is_done:
        hand.push(hand.random_action(rng))
    assert rules.lower_is_better == hand.final_result().lower_is_better == (rules.family == "hearts")
