"""``python -m game.review FILE [--seat N] [--language de]``: the review of a hand record, a match, a saved game or
the match history, as text: each reviewed decision, the choice made, the best choice and what it cost, in the
system's language or the one named (the file's notation stays as it is).

By default the human seats' decisions of a saved game or of a match of the history are reviewed, and every seat's
of a bare hand record or match, which name no humans. A file that cannot be reviewed is named in one line, with
the problem, and the exit status is 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import DealCodeError, Hand, Match, deal_code
from game.engine.language import gettext, ngettext, use_language
from game.engine.match import MATCH_FORMAT
from game.engine.records import RECORD_FORMATS
from game.engine.words import player_name
from game.store.files import SAVE_FORMAT, UNUSABLE, DamagedFile, first_line, read_json
from game.store.history import HISTORY_FORMAT, history_entries, history_entry
from game.table.session import Session

from .analysis import MEASURE_WORLDS, WORLDS, Decision, HandReview, Judge, Review, hindsight, partnered
from .words import PICK, choice_name, cost_line, headline, hindsight_words, when


@dataclass
class Reviewable:
    """What a file holds to review: its hands' records, the seats' names, and the human seats (None: not known)."""
    records: list[dict[str, Any]]
    names: list[str]
    humans: list[int] | None


def read(path: Path, match_number: int = 1) -> Reviewable:
    """The hands of a file; raises what a file that cannot be used raises (game.store.files.UNUSABLE), naming the
    problem."""
    data = read_json(path)
    kind = data.get("format") if isinstance(data, dict) else None
    if kind in RECORD_FORMATS and isinstance(data, dict):
        hand = Hand.from_record(data)
        return Reviewable([data], [gettext("seat {number}").format(number=seat) for seat in range(hand.n)], None)
    if kind == MATCH_FORMAT:
        match = Match.from_json(data)
        return Reviewable([hand.record() for hand in match.history + [match.hand]],
                          [gettext("seat {number}").format(number=seat) for seat in range(match.hand.n)], None)
    if kind == HISTORY_FORMAT:
        entries = history_entries(data)
        if not 1 <= match_number <= len(entries):
            raise ValueError(f"the history holds {len(entries)} matches; --match counts from 1, the newest")
        return _session(Session.from_json(history_entry(entries[match_number - 1])["saved"]))
    if kind == SAVE_FORMAT:
        return _session(Session.from_json(data))
    raise DamagedFile(f"not a hand record, match, saved game or match history (its format is {kind!r})")


def _session(session: Session) -> Reviewable:
    match = session.match
    return Reviewable([hand.record() for hand in match.history + [match.hand]],
                      [player_name(session.name(seat)) for seat in range(match.hand.n)], session.humans)


def hand_text(record: dict[str, Any], review: Review, names: list[str], number: int, with_hindsight: bool,
              pick: str = PICK) -> list[str]:
    """The review of one hand, line by line; ``pick`` is what the search's choice is called."""
    hand = Hand.from_record(record)
    say = hand.rules.action_words
    try:
        code = deal_code(hand)
    except DealCodeError as err:
        code = gettext("none ({reason})").format(reason=err)
    lines = [gettext("Hand {number}: {game}, dealt by {name}; deal code {code}").format(
        number=number, game=hand.rules.player_title, name=names[hand.dealer], code=code)]
    result = hand.result()
    if result is not None:
        lines.append("  " + gettext("score changes: {changes}").format(changes=", ".join(
            f"{names[seat]} {change:+d}" for seat, change in enumerate(result.score_change))))
    else:
        lines.append("  " + gettext("(the hand is not finished: its decisions so far)"))
    width = max(len(names[seat]) for seat in review.seats)
    # decisions numbered as the window numbers them ("decision 3 of 12"), each said where it was made
    for number, decision in enumerate(review.decisions, 1):
        where = when(decision.trick, decision.phase)
        head = f"  {number:>3}. {where:<18} {names[decision.seat]:<{width}}  {say(decision.action):<22}"
        if not decision.judged:
            lines.append(f"{head} {decision.note}")
            continue
        mark = "  " + gettext("MISTAKE") if decision.mistake else ""
        if decision.best == decision.action:
            lines.append(f"{head} ({gettext(pick)})")
        else:
            lines.append(f"{head} {gettext(pick)}: {say(decision.best):<22} "
                         f"{cost_line(decision.cost, decision.error)}{mark}")
        made, best = (choice_name(action, hand.rules.deck) for action in (decision.action, decision.best))
        lines.append(f"        {headline(made, best, decision.cost, decision.error, decision.threshold, pick)}")
        lines.append(f"        {decision.note}")
        if with_hindsight and decision.mistake:
            lines.append("        " + _hindsight_line(record, decision, pick, names[decision.seat]))
    for seat in review.seats:
        mine = [d for d in review.decisions if d.seat == seat]
        judged = [d for d in mine if d.judged]
        # each cost is judged with the rest of the hand as played, so in Rook they do not add up to what better
        # play throughout would have gained (docs/benchmarks.md, "The hand review"): the total says so
        lines.append("  " + ngettext("{name}: {count} decision judged, their costs (each judged alone) adding up to "
                                     "{cost:.1f} points; mistakes: {mistakes}; not judged: {unjudged}",
                                     "{name}: {count} decisions judged, their costs (each judged alone) adding up to "
                                     "{cost:.1f} points; mistakes: {mistakes}; not judged: {unjudged}",
                                     len(judged)).format(name=names[seat], count=len(judged), cost=review.cost(seat),
                                                         mistakes=sum(d.mistake for d in judged),
                                                         unjudged=len(mine) - len(judged)))
    return lines


def _hindsight_line(record: dict[str, Any], decision: Decision, pick: str, who: str) -> str:
    """What would have happened, every card known, after the choice made and after the search's: results, as the
    list of choices shows them."""
    hand = Hand.from_record(record)
    ended = [hindsight(record, decision.index, action) for action in (decision.action, decision.best)]
    made, best = (choice_name(action, hand.rules.deck) for action in (decision.action, decision.best))
    results = (ended[0].final_result().margin(decision.seat), ended[1].final_result().margin(decision.seat))
    return (gettext("(Every card known, every seat then played by the Hard computer.)") + " "
            + hindsight_words(made, best, results, decision.cost, decision.error, decision.threshold,
                              partnered(hand, decision.seat), pick, who))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.review", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a hand record, match, saved game (match.json) or history.json")
    parser.add_argument("--seat", type=int, action="append", help="review this seat (repeatable)")
    parser.add_argument("--hand", type=int, help="review only this hand of a match (from 1)")
    parser.add_argument("--match", type=int, default=1, help="in a match history: which match (1 = the newest)")
    parser.add_argument("--worlds", type=int, default=WORLDS, help="worlds that choose the best choice")
    parser.add_argument("--measure-worlds", type=int, default=MEASURE_WORLDS, help="fresh worlds that measure a cost")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hindsight", action="store_true",
                        help="for each mistake, what would have happened with every card known")
    parser.add_argument("--language", default="",
                        help="the review's language (de, fr, ...); by default the system's (LANGUAGE, LC_ALL, LANG)")
    args = parser.parse_args(argv)
    use_language(args.language)
    try:
        source = read(args.file, args.match)
        seats = args.seat or source.humans or list(range(len(source.names)))
        stray = [seat for seat in seats if not 0 <= seat < len(source.names)]
        if stray:
            raise ValueError(f"--seat {stray[0]}: the seats are 0 to {len(source.names) - 1}")
        numbers: Sequence[int] = range(1, len(source.records) + 1)
        if args.hand is not None:
            if args.hand not in numbers:
                raise ValueError(f"--hand {args.hand}: the match has hands 1 to {len(source.records)}")
            numbers = [args.hand]
        if args.worlds < 1 or args.measure_worlds < 1:
            raise ValueError("--worlds and --measure-worlds must be at least 1")
    except UNUSABLE as err:  # a file that cannot be reviewed is one line, never a traceback (a bug is one)
        print(f"{args.file}: {first_line(err)}", file=sys.stderr)
        return 2
    pick = Judge(args.worlds, args.measure_worlds, args.seed).pick_label
    print(gettext("{file}: reviewing {names}; {label} from {worlds} deals of the cards each could not see, every "
                  "choice measured in {measure} more").format(
        file=args.file, names=", ".join(source.names[seat] for seat in sorted(set(seats))), label=gettext(pick),
        worlds=args.worlds, measure=args.measure_worlds)
          + ("" if pick == PICK else " " + gettext("(not the Hint's number of deals or seed: the Hint may choose "
                                                   "otherwise)")))
    for number in numbers:
        record = source.records[number - 1]
        review = HandReview(record, seats, args.worlds, args.measure_worlds, args.seed).run()
        assert review is not None  # only a review given a way to cancel can be cancelled
        print("\n".join(hand_text(record, review, source.names, number, args.hindsight, pick)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
