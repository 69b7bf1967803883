"""How to play each game, for someone who has never played it: the object, the cards and the deal, bidding, the
nest, trump, the play, scoring and winning; and the game in one line (``summary``) for New game and the match
history.

The prose is written once per family (Rook, Hearts); every fact in it (players, cards, the nest, the bids, the
counters and their points, trump, who leads, the passing, the target) is read from the rules: the rule fields and
the engine's own answers (``points_in_deck``, ``highest_bid``, ``penalty_points``, ``pass_direction``), so the page
follows every house rule and cannot say what the engine does not do. Each paragraph names the house rules it states,
so a page can mark those the player changed.

>>> from game.engine import load_rules
>>> summary(load_rules("rook-classic"))
'bid for trump and the nest; first side to 300'
>>> summary(load_rules("hearts-classic").changed({"target": 50}))
'avoid hearts and the Queen of spades; lowest score when someone reaches 50'
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from .hearts import DIRECTION_WORDS, HEARTS_MASK, QS_BIT, QUEEN_OF, SPECIAL_QUEENS, pass_direction, penalty_points
from .rules import ROTATING_PARTNER_HANDS, Rules
from .words import capitalised, counted, joined


@dataclass(frozen=True)
class Paragraph:
    text: str
    house: tuple[str, ...] = ()  # the house rules it states (a page marks it when the player changed one of them)


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[Paragraph, ...]


def how_to_play(rules: Rules) -> list[Section]:
    """The page for these rules, section by section; a section with nothing to say for a game is left out."""
    sections = _rook(rules) if rules.family == "rook" else _hearts(rules)
    return [Section(heading, tuple(p for p in paragraphs if p.text)) for heading, paragraphs in sections
            if any(p.text for p in paragraphs)]


def summary(rules: Rules) -> str:
    """The game in one line: what the play is about, and how the match ends."""
    return f"{_rook_gist(rules) if rules.family == 'rook' else _hearts_gist(rules)}; {_ending(rules)}"


# --- what every game shares ---

def _ending(rules: Rules) -> str:
    first = f" unless a side reaches {rules.target} first" if rules.cap else ""  # decision 23
    if rules.rotating_partners:
        return f"{ROTATING_PARTNER_HANDS} hands, new partners every 4{first}"
    if rules.fixed_hands:
        return (f"{counted(rules.fixed_hands, 'hand')}, {'lowest' if rules.family == 'hearts' else 'best'} total "
                f"wins{first}")
    if rules.family == "hearts":
        return f"lowest score when someone reaches {rules.target}"
    return f"first {'side' if rules.sides == 'partners' else 'player'} to {rules.target}"


def _number(count: int) -> str:
    """A small count in words, as the rule books write it ("four players")."""
    return ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")[count] \
        if 0 <= count <= 10 else str(count)


def _say(*parts: str) -> str:
    """Sentences joined into a paragraph, the empty ones left out."""
    return " ".join(part for part in parts if part)


# --- Rook ---

def _rook_gist(rules: Rules) -> str:
    trump = "trump or no trump" if rules.no_trump else "trump"
    nest = " and the nest" if rules.nest_size else ""
    if rules.auction == "none":
        gist = "trump from the top of the nest, no bidding"
    elif rules.auction == "single":
        gist = f"one bid each for {trump}{nest}"
    else:
        gist = f"bid for {trump}{nest}"
    extra = {"declarer_vs_rest": "the bidder against the others" if rules.players > 2 else "",
             "called": "the bidder calls a secret partner"}
    parts = [gist, extra.get(rules.sides, "")]
    if rules.dummy:
        parts.append("with a dummy hand")
    if rules.ones_high:
        parts.append("1s high")
    return ", ".join(part for part in parts if part)


def _colour(rules: Rules) -> str:
    return "colour" if rules.deck == C.ROOK_DECK else "suit"


def _rank_name(rules: Rules, rank: int) -> str:
    """A rank as counted in a sentence: "5", "14", "King"."""
    return str(rank) if rules.deck == C.ROOK_DECK or rank <= 10 else C.RANK_WORDS[rank]


def _rook(rules: Rules) -> list[tuple[str, list[Paragraph]]]:
    colour, bird = _colour(rules), C.PLAYER_BIRD_NAMES[rules.deck]
    side = "side" if rules.sides in ("partners", "declarer_vs_rest", "called") else "player"  # who scores a hand
    players = rules.players
    partners = rules.sides == "partners"

    # the object
    if partners and rules.rotating_partners:
        who = (f"{_number(players).capitalize()} players in partnerships that change every 4 hands; partners sit "
               "opposite each other and each player keeps their own score.")
    elif partners:
        who = f"{_number(players).capitalize()} players in two partnerships; partners sit opposite each other."
    elif rules.sides == "declarer_vs_rest" and rules.dummy:
        who = ("Two players and a dummy hand: the player who wins the bid plays against the other, who also plays "
               "the dummy's cards.")
    elif rules.sides == "declarer_vs_rest":
        who = (f"{_number(players).capitalize()} players: in each hand the player who wins the bid plays alone "
               "against all the others, who play together.")
    elif rules.sides == "called":
        who = (f"{_number(players).capitalize()} players: in each hand the player who wins the bid calls a card, "
               "and whoever holds it is their secret partner; the other players play together against them.")
    else:
        who = f"{_number(players).capitalize()} players, each playing for themselves."
    goal = "Take tricks holding the counters, the cards worth points." if rules.auction == "none" else \
        ("Win the bidding to choose trump, then take at least as many points as you bid in tricks holding the "
         "counters, the cards worth points.")
    if partners and rules.auction != "none":
        goal = goal.replace("as you bid", "as your side bid")
    objects = [Paragraph(f"{who} {goal}")]

    # the cards and the deal
    deck = _rook_deck(rules)
    deal = [f"The dealer deals {counted(rules.hand_size, 'card')} to each {'hand' if rules.dummy else 'player'}"]
    if rules.dummy:
        deal[0] += (", three hands in all: one for each player and a dummy hand, half of it face up for both to "
                    "see during the bidding")
    if rules.nest_size:
        deal.append(f"{counted(rules.nest_size, 'card')} face down in the middle: the nest")
    if rules.aside:
        deal.append(f"{counted(rules.aside, 'card')} face down out of play for the hand")
    deal_text = "; ".join(deal) + ". The deal passes to the left after each hand."
    extra = Paragraph("")
    if rules.extra_card:
        extra = Paragraph(
            "The player left of the dealer gets one card more. "
            + ("They keep it in hand through the play and end the hand holding one card, which goes to whoever "
               "takes the last trick." if rules.extra_card_kept else
               "Before the bidding they lay one card aside face down; it goes to whoever takes the last trick."),
            ("extra_card_kept",))
    cards = [Paragraph(deck), Paragraph(_counters(rules)), Paragraph(deal_text), extra]

    # bidding
    bidding = _rook_bidding(rules, side)

    # the nest
    nest = []
    if rules.nest_size and rules.auction != "none":
        nest.append(Paragraph(
            f"The player who wins the bid, the declarer, adds the {counted(rules.nest_size, 'card')} of the nest to "
            f"their hand, then lays any {_number(rules.nest_size)} cards back face down as the new nest. Counters "
            f"laid in the nest count for whoever takes the nest."))
    if rules.nest_size:
        nest.append(Paragraph({
            "last_trick": "Whoever takes the last trick also takes the nest and its counters.",
            "declarer": "The nest's counters go to the declarer's side.",
            "nobody": "Nobody takes the nest: its counters are out of play."}[rules.nest_to], ("nest_to",)))

    # trump
    trump = []
    if rules.trump_rule == "nest_top":
        trump.append(Paragraph(
            f"The top card of the nest is turned face up and its {colour} is trump for the hand: any card of that "
            f"{colour} beats every card of the others. If it is {bird}, it goes to the bottom of the nest and the "
            f"next card is turned up."))
    else:
        choice = f"one of the four {colour}s" + (" or no trump" if rules.no_trump else "")
        trump.append(Paragraph(
            f"The declarer names trump: {choice}. Any card of the trump {colour} beats every card of the others."))
        if rules.reverse_order:
            lowest = _rank_name(rules, min(range(rules.low_rank, 15), key=rules.natural_rank))
            trump.append(Paragraph(
                "Then the declarer chooses the rank order: normal, or reverse, where the whole ranking turns over "
                f"and the {lowest} is the highest card of each {colour}. Counters keep their points."))
        if rules.sides == "called":
            trump.append(Paragraph(
                "Then the declarer calls any card: whoever holds it is their secret partner, known only when it is "
                "played. A card in the declarer's own hand or in the nest means they play alone."))
    if rules.bird:
        rank = "highest" if rules.bird_rank == "high" else "lowest"
        line = f"{capitalised(bird)} is always a trump, the {rank} one, whatever {colour} is trump."
        if rules.no_trump:
            line += " With no trump it is the only trump."
        trump.append(Paragraph(line, ("bird_rank",)))
        if rules.bird_privilege:
            trump.append(Paragraph(
                f"{capitalised(bird)} may be played at any time, even when you could follow the {colour} led. If it "
                "is led, the others must play trump if they can.", ("bird_privilege",)))
        else:
            trump.append(Paragraph(
                f"{capitalised(bird)} follows the rules of any trump: play it when trump is led or when you cannot "
                f"follow the {colour} led.", ("bird_privilege",)))

    # the play
    leader = {"dealer_left": "the player left of the dealer", "declarer_left": "the player left of the declarer",
              "declarer": "the declarer", "dummy": "the dummy"}[rules.first_lead]
    play = [Paragraph(f"{capitalised(leader)} leads the first trick.", ("first_lead",)),
            Paragraph(
                f"Each player in turn, to the left, plays one card. You must play a card of the {colour} led if you "
                f"can; if you cannot, you may play any card, a trump too. The highest trump takes the trick, or "
                f"if no trump was played, the highest card of the {colour} led. Whoever takes a trick leads the "
                f"next.")]
    if rules.ones_high or rules.deck == C.STANDARD_DECK:
        high = "the 1 ranks above the 14" if rules.ones_high else "the Ace ranks highest"
        play.append(Paragraph(f"In each {colour}, {high}."))
    if rules.dummy:
        play.append(Paragraph("The player who did not win the bid plays the dummy's cards as well as their own; "
                              "the dummy sits on the dealer's right."))

    # scoring
    scoring = _rook_scoring(rules, side)
    return [("The object", objects), ("The cards and the deal", cards), ("Bidding", bidding), ("The nest", nest),
            ("Trump", trump), ("The play", play), ("Scoring", scoring),
            ("Winning", [Paragraph(_rook_winning(rules), ("target", "fixed_hands", "rotating_partners", "cap"))])]


def _rook_deck(rules: Rules) -> str:
    bird = C.PLAYER_BIRD_NAMES[rules.deck]
    if rules.deck == C.ROOK_DECK:
        numbers = f"numbered {rules.low_rank} to 14"
        text = f"The deck has {rules.deck_size} cards: four colours (black, green, red and yellow) {numbers}"
        text += f", and {bird}." if rules.bird else "."
        return text
    return (f"A standard deck of {rules.deck_size} cards: the four suits" + (f" and {bird}, which plays as the "
            "Rook Bird does." if rules.bird else "."))


def _counters(rules: Rules) -> str:
    """The counters and their points, read from the rules."""
    by_points: dict[int, list[int]] = {}
    for rank, points in rules.counters:
        by_points.setdefault(points, []).append(rank)
    parts = [f"the {joined([_rank_name(rules, rank) + 's' for rank in sorted(ranks)])} "
             f"{counted(points, 'point')} each" for points, ranks in sorted(by_points.items())]
    if rules.bird and rules.bird_points:
        parts.append(f"{C.PLAYER_BIRD_NAMES[rules.deck]} {counted(rules.bird_points, 'point')}")
    return (f"The counters are worth points: {joined(parts)}. There are {counted(rules.points_in_deck, 'point')} in "
            "a hand; the other cards count nothing.")


def _rook_bidding(rules: Rules, side: str) -> list[Paragraph]:
    if rules.auction == "none":
        return [Paragraph("There is no bidding: trump comes from the nest, and the nest is not used otherwise.")]
    team = "you and your partner" if rules.sides == "partners" else "you"
    first = "the player who is not the dealer" if rules.dummy else "the player left of the dealer"
    limits = f"The first bid is at least {rules.min_bid}, and bids go up by {rules.bid_step}"
    limits += f", to at most {rules.highest_bid}." if rules.max_bid else \
        f", to at most the {rules.highest_bid} points in a hand."
    if rules.auction == "single":
        how = Paragraph(
            f"Each player bids once, starting with {first} and ending with the dealer: the number of points {team} "
            f"expect to take if you name trump. Each bid must be higher than the one before, or you pass. The "
            f"highest bidder wins.")
    else:
        how = Paragraph(
            f"Starting with {first} and going left, each player bids the number of points {team} expect to take "
            f"if you name trump, or passes. Each bid must be higher than the last; a player who passes may not bid "
            f"again in that hand. The bidding ends when all but one have passed: the highest bidder wins.")
    paragraphs = [how, Paragraph(limits, ("min_bid", "bid_step", "max_bid"))]
    paragraphs.append(Paragraph("The first bidder may not pass." if rules.first_bid_required else "",
                                ("first_bid_required",)))
    paragraphs.append(Paragraph(
        "If everyone passes, the same dealer deals again." if rules.all_pass == "redeal" else
        f"If everyone passes, the dealer must take the bid at {rules.min_bid}.", ("all_pass",)))
    return paragraphs


def _rook_scoring(rules: Rules, side: str) -> list[Paragraph]:
    if rules.auction == "none":
        return [Paragraph("At the end of the hand each player scores the points of the counters in the tricks they "
                          "took. Keep a running total.")]
    lost = {"minus_bid": "loses the whole bid from {its} score and scores nothing for {its} counters",
            "zero": "scores nothing for the hand"}[rules.set_scores]
    if side == "side":
        together = " (each player of a side scores what the side took)" if rules.sides != "partners" else ""
        made = (f"At the end of the hand each side counts the points of the counters in the tricks it took"
                f"{together}. The declarer's side must take at least the bid: if it does, it scores everything it "
                f"took; if not, it {lost.format(its='its')}.")
    else:
        lost = lost.replace("loses", "lose").replace("scores", "score")
        made = ("At the end of the hand each player counts the points of the counters in the tricks they took. The "
                "declarer must take at least the bid: if they do, they score everything they took; if not, they "
                f"{lost.format(its='their')}.")
    paragraphs = [Paragraph(f"{made} The others score what they took.")]
    if rules.cap:
        paragraphs.append(Paragraph(
            f"A score never ends a hand between {rules.cap} and {rules.target}: it is set back to {rules.cap}, "
            "unless it is the declaring side's and the bid was made.", ("cap",)))
    return paragraphs


def _rook_winning(rules: Rules) -> str:
    if rules.match_hands:
        hands = counted(rules.match_hands, "hand") + (", new partners every 4" if rules.rotating_partners else "")
        if rules.cap:  # decision 23: reaching the target past the cap still wins at once
            return (f"The match is at most {hands}: a declaring side that makes its bid and reaches {rules.target} "
                    "points wins at once; if none does, the highest total after the last hand wins.")
        return f"The match is exactly {hands}; the highest total wins."
    who = "side" if rules.sides == "partners" else "player"  # a partnership keeps one score; others their own
    return (f"The first {who} to reach {rules.target} points at the end of a hand wins. If more than one gets there "
            "in the same hand, the higher total wins; equal totals play another hand.")


# --- Hearts ---

def _hearts_gist(rules: Rules) -> str:
    queens = rules.royal_queens
    if not queens:
        return "avoid hearts and the Queen of spades"
    if len(queens) == len(SPECIAL_QUEENS):
        return "avoid hearts; four special queens change the scoring"
    return f"avoid hearts; special queens {joined([rules.player_card_name(q) for q in queens])}"


def _hearts(rules: Rules) -> list[tuple[str, list[Paragraph]]]:
    players = rules.players
    queen = penalty_points(rules, QS_BIT)
    in_hand = penalty_points(rules, rules.deck_mask & (HEARTS_MASK | QS_BIT))
    objects = [Paragraph(
        f"{_number(players).capitalize()} players, each for themselves. Points are bad: take as few as you can in "
        "the tricks you win.")]

    # the cards and the deal
    removed = rules.player_cards_text(tuple(rules.removed)) if rules.removed else ""
    deck = f"A standard deck of {rules.deck_size} cards" + (f" (without {removed})" if removed else "") + \
        "; the Ace is the highest card of each suit."
    if players == 2:
        deal = (f"Four hands of {rules.hand_size} are dealt face down, two for each player. Each player chooses one "
                "of their two hands without looking and plays it first; after its tricks, each plays the other "
                "hand, and both halves are scored together.")
    else:
        deal = f"The dealer deals all the cards: {counted(rules.hand_size, 'card')} each."
    cards = [Paragraph(deck), Paragraph(deal)]

    # passing
    passing = []
    if rules.pass_count:
        cycle = [DIRECTION_WORDS[pass_direction(rules, number)] for number in range(len(rules.pass_cycle) +
                                                                                     rules.hold_hand)]
        if players == 2:
            how = f"Before each half each player passes {counted(rules.pass_count, 'card')} to the other"
        else:
            how = f"Before play each player passes {counted(rules.pass_count, 'card')} face down to another player"
        passing.append(Paragraph(
            f"{how}, all at once, choosing them before seeing what they receive."
            + (f" The direction changes each hand: {', '.join(cycle)}, then round again." if len(cycle) > 1 else ""),
            ("hold_hand",)))
        if rules.hold_hand:
            passing.append(Paragraph("On the hold hand nobody passes.", ("hold_hand",)))

    # the play
    lead = "Whoever holds the 2 of clubs leads it to the first trick." if rules.two_clubs_leads else \
        "The player left of the dealer leads the first trick, with any card the rules allow."
    play = []
    if players == 2:
        play.append(Paragraph(
            "On the first trick of each half both players must play their lowest club (any card with no club), and "
            "the lower club leads. Hearts must be broken again in the second half."))
    else:
        play.append(Paragraph(lead, ("two_clubs_leads",)))
    play.append(Paragraph(
        "Each player in turn, to the left, plays one card. You must play a card of the suit led if you can; if "
        "you cannot, you may play any card. There is no trump: the highest card of the suit led takes the trick, "
        "and whoever takes it leads the next."))
    play.append(Paragraph(
        "Hearts and the Queen of spades may be played on the first trick." if rules.penalty_on_first_trick else
        "No heart and not the Queen of spades may be played on the first trick, unless you have nothing else.",
        ("penalty_on_first_trick",)))
    breaking = "a heart or the Queen of spades has been played" if rules.qs_breaks_hearts else \
        "a heart has been played"
    if rules.hearts_must_be_broken:
        play.append(Paragraph(
            f"You may not lead a heart until hearts are broken: until {breaking}, unless you hold nothing but "
            "hearts.", ("hearts_must_be_broken", "qs_breaks_hearts")))
    else:
        play.append(Paragraph("Hearts may be led at any time.", ("hearts_must_be_broken",)))
    play.append(Paragraph(
        "The Queen of spades may be led at any time." if rules.qs_leads_any_time else
        "The Queen of spades may not be led before hearts are broken, unless you have nothing else to lead.",
        ("qs_leads_any_time", "qs_breaks_hearts")))

    # scoring
    if rules.royal_queens:
        plain = "" if "QS" in rules.royal_queens else f" and the Queen of spades {counted(queen, 'point')}"
        scoring = [Paragraph(f"At the end of the hand each heart you took is 1 point{plain}. The special queens:",
                             ("royal_queens",))]
    else:
        scoring = [Paragraph(f"At the end of the hand each heart you took is 1 point and the Queen of spades "
                             f"{counted(queen, 'point')}: {counted(in_hand, 'point')} in all.", ("royal_queens",))]
    for name in rules.royal_queens:
        scoring.append(Paragraph(_royal_queen(rules, name), ("royal_queens",)))
    reward = "the points they would otherwise have taken" if rules.royal_queens else counted(in_hand, "point")
    moon = {"choice": f"they choose: subtract {reward} from their own score, or add {reward} to every other "
                      "player's",
            "add": f"{reward} are added to every other player's score",
            "subtract": f"{reward} are taken off their own score"}[rules.moon]
    scoring.append(Paragraph(
        f"Shooting the moon: a player who takes every heart and the Queen of spades scores nothing for them; "
        f"instead {moon}.", ("moon",)))
    scoring.append(Paragraph("No score goes below 0."))
    return [("The object", objects), ("The cards and the deal", cards), ("Passing", passing), ("The play", play),
            ("Scoring", scoring), ("Winning", [Paragraph(_hearts_winning(rules), ("target", "fixed_hands"))])]


def _royal_queen(rules: Rules, name: str) -> str:
    queen = rules.player_card_words(name)
    title = SPECIAL_QUEENS[name][0]
    worth = {"QS": f"is worth {counted(penalty_points(rules, QS_BIT), 'point')}",
             "QC": "cancels the Queen of spades for whoever takes both",
             "QH": "doubles every heart its taker took, itself included",
             "QD": f"is worth {penalty_points(rules, 1 << QUEEN_OF['QD'])} points to whoever takes it"}[name]
    return f"{capitalised(queen)}, {title}, {worth}."


def _hearts_winning(rules: Rules) -> str:
    if rules.fixed_hands:
        return f"The match is exactly {counted(rules.fixed_hands, 'hand')}; the lowest total wins."
    return (f"The match ends when someone has {rules.target} points or more at the end of a hand; the lowest score "
            "wins, and equal lowest scores share the win.")
