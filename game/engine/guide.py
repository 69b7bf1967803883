"""How to play each game, for someone who has never played it: the object, the cards and the deal, bidding, the
nest, trump, the play, scoring and winning; and the game in one line (``summary``) for New game and the match
history.

The prose is written once per family (Rook, Hearts); every fact in it (players, cards, the nest, the bids, the
counters and their points, trump, who leads, the passing, the target) is read from the rules: the rule fields and
the engine's own answers (``points_in_deck``, ``highest_bid``, ``penalty_points``, ``pass_direction``), so the page
follows every house rule and cannot say what the engine does not do. Each paragraph names the house rules it states,
so a page can mark those the player changed.

Every sentence is a whole template in the catalog, its numbers and names as named placeholders ("{count}",
"{bird}"), so a translator can say it in their language's order; only whole sentences are put together into a
paragraph (and a summary's two halves around a semicolon, a list's items with commas).

>>> from game.engine import load_rules
>>> summary(load_rules("rook-classic"))
'bid for trump and the nest; first side to 300'
>>> summary(load_rules("hearts-classic").changed({"target": 50}))
'avoid hearts and the Queen of spades; lowest score when someone reaches 50'
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from .hearts import HEARTS_MASK, QS_BIT, QUEEN_OF, SPECIAL_QUEENS, pass_direction, penalty_points
from .language import N_, gettext, ngettext
from .rules import ROTATING_PARTNER_HANDS, Rules
from .words import DIRECTION_WORDS, capitalised, joined


@dataclass(frozen=True)
class Paragraph:
    text: str
    house: tuple[str, ...] = ()  # the house rules it states (a page marks it when the player changed one of them)


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[Paragraph, ...]


HEADINGS = {"object": N_("The object"), "cards": N_("The cards and the deal"), "bidding": N_("Bidding"),
            "nest": N_("The nest"), "trump": N_("Trump"), "play": N_("The play"), "scoring": N_("Scoring"),
            "winning": N_("Winning"), "passing": N_("Passing")}


def how_to_play(rules: Rules) -> list[Section]:
    """The page for these rules, section by section, in the language in force; a section with nothing to say for a
    game is left out."""
    sections = _rook(rules) if rules.family == "rook" else _hearts(rules)
    return [Section(gettext(HEADINGS[heading]), tuple(p for p in paragraphs if p.text))
            for heading, paragraphs in sections if any(p.text for p in paragraphs)]


def summary(rules: Rules) -> str:
    """The game in one line: what the play is about, and how the match ends."""
    gist = _rook_gist(rules) if rules.family == "rook" else _hearts_gist(rules)
    return gettext("{gist}; {ending}").format(gist=gist, ending=_ending(rules))


# --- what every game shares ---

def _ending(rules: Rules) -> str:
    if rules.rotating_partners:
        ending = ngettext("{count} hand, new partners every 4", "{count} hands, new partners every 4",
                          ROTATING_PARTNER_HANDS).format(count=ROTATING_PARTNER_HANDS)
    elif rules.fixed_hands:
        ending = (ngettext("{count} hand, lowest total wins", "{count} hands, lowest total wins", rules.fixed_hands)
                  if rules.family == "hearts" else
                  ngettext("{count} hand, best total wins", "{count} hands, best total wins", rules.fixed_hands)
                  ).format(count=rules.fixed_hands)
    elif rules.family == "hearts":
        return gettext("lowest score when someone reaches {target}").format(target=rules.target)
    elif rules.sides == "partners":
        return gettext("first side to {target}").format(target=rules.target)
    else:
        return gettext("first player to {target}").format(target=rules.target)
    if rules.cap:  # decision 23
        return gettext("{ending} unless a side reaches {target} first").format(ending=ending, target=rules.target)
    return ending


NUMBERS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
           N_("nine"), N_("ten"))


def _number(count: int) -> str:
    """A small count in words, as the rule books write it ("four players")."""
    return gettext(NUMBERS[count]) if 0 <= count <= 10 else str(count)


def _say(*parts: str) -> str:
    """Sentences joined into a paragraph, the empty ones left out."""
    return " ".join(part for part in parts if part)


def _points(count: int) -> str:
    """A number of points, as said in a sentence: "1 point", "120 points"."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


# --- Rook ---

def _rook_gist(rules: Rules) -> str:
    nest = bool(rules.nest_size)
    if rules.auction == "none":
        gist = gettext("trump from the top of the nest, no bidding")
    elif rules.auction == "single":
        gist = {(False, False): gettext("one bid each for trump"),
                (False, True): gettext("one bid each for trump and the nest"),
                (True, False): gettext("one bid each for trump or no trump"),
                (True, True): gettext("one bid each for trump or no trump and the nest")}[rules.no_trump, nest]
    else:
        gist = {(False, False): gettext("bid for trump"),
                (False, True): gettext("bid for trump and the nest"),
                (True, False): gettext("bid for trump or no trump"),
                (True, True): gettext("bid for trump or no trump and the nest")}[rules.no_trump, nest]
    extra = {"declarer_vs_rest": gettext("the bidder against the others") if rules.players > 2 else "",
             "called": gettext("the bidder calls a secret partner")}
    parts = [gist, extra.get(rules.sides, "")]
    if rules.dummy:
        parts.append(gettext("with a dummy hand"))
    if rules.ones_high:
        parts.append(gettext("1s high"))
    return ", ".join(part for part in parts if part)


def _rook_suit(rules: Rules, rook: str, standard: str) -> str:
    """The sentence of a Rook game said of colours (the Rook deck) or of suits (500 with a standard deck): each is a
    whole sentence, the word changing its neighbours in some languages."""
    return gettext(rook) if rules.deck == C.ROOK_DECK else gettext(standard)


def _rank_name(rules: Rules, rank: int) -> str:
    """A rank as counted in a sentence: "5", "14", "King"."""
    return str(rank) if rules.deck == C.ROOK_DECK or rank <= 10 else gettext(C.RANK_WORDS[rank])


def _rook(rules: Rules) -> list[tuple[str, list[Paragraph]]]:
    bird = gettext(C.PLAYER_BIRD_NAMES[rules.deck])
    side = "side" if rules.sides in ("partners", "declarer_vs_rest", "called") else "player"  # who scores a hand
    players = _number(rules.players)
    partners = rules.sides == "partners"

    # the object
    if partners and rules.rotating_partners:
        who = gettext("{players} players in partnerships that change every 4 hands; partners sit opposite each other "
                      "and each player keeps their own score.")
    elif partners:
        who = gettext("{players} players in two partnerships; partners sit opposite each other.")
    elif rules.sides == "declarer_vs_rest" and rules.dummy:
        who = gettext("Two players and a dummy hand: the player who wins the bid plays against the other, who also "
                      "plays the dummy's cards.")
    elif rules.sides == "declarer_vs_rest":
        who = gettext("{players} players: in each hand the player who wins the bid plays alone against all the "
                      "others, who play together.")
    elif rules.sides == "called":
        who = gettext("{players} players: in each hand the player who wins the bid calls a card, and whoever holds it "
                      "is their secret partner; the other players play together against them.")
    else:
        who = gettext("{players} players, each playing for themselves.")
    who = capitalised(who.format(players=players))
    if rules.auction == "none":
        goal = gettext("Take tricks holding the counters, the cards worth points.")
    elif partners:
        goal = gettext("Win the bidding to choose trump, then take at least as many points as your side bid in "
                       "tricks holding the counters, the cards worth points.")
    else:
        goal = gettext("Win the bidding to choose trump, then take at least as many points as you bid in tricks "
                       "holding the counters, the cards worth points.")
    objects = [Paragraph(_say(who, goal))]

    # the cards and the deal
    deck = _rook_deck(rules)
    if rules.dummy:
        deal = [ngettext("The dealer deals {count} card to each hand, three hands in all: one for each player and a "
                         "dummy hand, half of it face up for both to see during the bidding.",
                         "The dealer deals {count} cards to each hand, three hands in all: one for each player and "
                         "a dummy hand, half of it face up for both to see during the bidding.",
                         rules.hand_size).format(count=rules.hand_size)]
    else:
        deal = [ngettext("The dealer deals {count} card to each player.", "The dealer deals {count} cards to each "
                         "player.", rules.hand_size).format(count=rules.hand_size)]
    if rules.nest_size:
        deal.append(ngettext("{count} card goes face down in the middle: the nest.",
                             "{count} cards go face down in the middle: the nest.",
                             rules.nest_size).format(count=rules.nest_size))
    if rules.aside:
        deal.append(ngettext("{count} card goes face down out of play for the hand.",
                             "{count} cards go face down out of play for the hand.",
                             rules.aside).format(count=rules.aside))
    deal.append(gettext("The deal passes to the left after each hand."))
    extra = Paragraph("")
    if rules.extra_card:
        extra = Paragraph(_say(
            gettext("The player left of the dealer gets one card more."),
            gettext("They keep it in hand through the play and end the hand holding one card, which goes to whoever "
                    "takes the last trick.") if rules.extra_card_kept else
            gettext("Before the bidding they lay one card aside face down; it goes to whoever takes the last "
                    "trick.")), ("extra_card_kept",))
    cards = [Paragraph(deck), Paragraph(_counters(rules)), Paragraph(_say(*deal)), extra]

    # bidding
    bidding = _rook_bidding(rules, side)

    # the nest
    nest = []
    if rules.nest_size and rules.auction != "none":
        nest.append(Paragraph(ngettext(
            "The player who wins the bid, the declarer, adds the {count} card of the nest to their hand, then lays "
            "any {number} card back face down as the new nest. Counters laid in the nest count for whoever takes "
            "the nest.",
            "The player who wins the bid, the declarer, adds the {count} cards of the nest to their hand, then lays "
            "any {number} cards back face down as the new nest. Counters laid in the nest count for whoever takes "
            "the nest.", rules.nest_size).format(count=rules.nest_size, number=_number(rules.nest_size))))
    if rules.nest_size:
        nest.append(Paragraph({
            "last_trick": gettext("Whoever takes the last trick also takes the nest and its counters."),
            "declarer": gettext("The nest's counters go to the declarer's side."),
            "nobody": gettext("Nobody takes the nest: its counters are out of play.")}[rules.nest_to], ("nest_to",)))

    # trump
    trump = []
    if rules.trump_rule == "nest_top":
        trump.append(Paragraph(_rook_suit(
            rules,
            N_("The top card of the nest is turned face up and its colour is trump for the hand: any card of that "
               "colour beats every card of the others. If it is {bird}, it goes to the bottom of the nest and the "
               "next card is turned up."),
            N_("The top card of the nest is turned face up and its suit is trump for the hand: any card of that "
               "suit beats every card of the others. If it is {bird}, it goes to the bottom of the nest and the "
               "next card is turned up.")).format(bird=bird)))
    else:
        if rules.no_trump:
            named = _rook_suit(rules, N_("The declarer names trump: one of the four colours or no trump. Any card of "
                                         "the trump colour beats every card of the others."),
                               N_("The declarer names trump: one of the four suits or no trump. Any card of the "
                                  "trump suit beats every card of the others."))
        else:
            named = _rook_suit(rules, N_("The declarer names trump: one of the four colours. Any card of the trump "
                                         "colour beats every card of the others."),
                               N_("The declarer names trump: one of the four suits. Any card of the trump suit beats "
                                  "every card of the others."))
        trump.append(Paragraph(named))
        if rules.reverse_order:
            lowest = _rank_name(rules, min(range(rules.low_rank, 15), key=rules.natural_rank))
            trump.append(Paragraph(_rook_suit(
                rules,
                N_("Then the declarer chooses the rank order: normal, or reverse, where the whole ranking turns over "
                   "and the {lowest} is the highest card of each colour. Counters keep their points."),
                N_("Then the declarer chooses the rank order: normal, or reverse, where the whole ranking turns over "
                   "and the {lowest} is the highest card of each suit. Counters keep their points.")).format(
                lowest=lowest)))
        if rules.sides == "called":
            trump.append(Paragraph(gettext(
                "Then the declarer calls any card: whoever holds it is their secret partner, known only when it is "
                "played. A card in the declarer's own hand or in the nest means they play alone.")))
    if rules.bird:
        if rules.bird_rank == "high":
            line = _rook_suit(rules, N_("{bird} is always a trump, the highest one, whatever colour is trump."),
                              N_("{bird} is always a trump, the highest one, whatever suit is trump."))
        else:
            line = _rook_suit(rules, N_("{bird} is always a trump, the lowest one, whatever colour is trump."),
                              N_("{bird} is always a trump, the lowest one, whatever suit is trump."))
        line = capitalised(line.format(bird=bird))
        if rules.no_trump:
            line = _say(line, gettext("With no trump it is the only trump."))
        trump.append(Paragraph(line, ("bird_rank",)))
        if rules.bird_privilege:
            trump.append(Paragraph(capitalised(_rook_suit(
                rules,
                N_("{bird} may be played at any time, even when you could follow the colour led. If it is led, the "
                   "others must play trump if they can."),
                N_("{bird} may be played at any time, even when you could follow the suit led. If it is led, the "
                   "others must play trump if they can.")).format(bird=bird)), ("bird_privilege",)))
        else:
            trump.append(Paragraph(capitalised(_rook_suit(
                rules,
                N_("{bird} follows the rules of any trump: play it when trump is led or when you cannot follow the "
                   "colour led."),
                N_("{bird} follows the rules of any trump: play it when trump is led or when you cannot follow the "
                   "suit led.")).format(bird=bird)), ("bird_privilege",)))

    # the play
    leads = {"dealer_left": gettext("The player left of the dealer leads the first trick."),
             "declarer_left": gettext("The player left of the declarer leads the first trick."),
             "declarer": gettext("The declarer leads the first trick."),
             "dummy": gettext("The dummy leads the first trick.")}[rules.first_lead]
    play = [Paragraph(leads, ("first_lead",)),
            Paragraph(_rook_suit(
                rules,
                N_("Each player in turn, to the left, plays one card. You must play a card of the colour led if you "
                   "can; if you cannot, you may play any card, a trump too. The highest trump takes the trick, or if "
                   "no trump was played, the highest card of the colour led. Whoever takes a trick leads the next."),
                N_("Each player in turn, to the left, plays one card. You must play a card of the suit led if you "
                   "can; if you cannot, you may play any card, a trump too. The highest trump takes the trick, or if "
                   "no trump was played, the highest card of the suit led. Whoever takes a trick leads the next.")))]
    if rules.ones_high:
        play.append(Paragraph(_rook_suit(rules, N_("In each colour, the 1 ranks above the 14."),
                                         N_("In each suit, the 1 ranks above the 14."))))
    elif rules.deck == C.STANDARD_DECK:
        play.append(Paragraph(gettext("In each suit, the Ace ranks highest.")))
    if rules.dummy:
        play.append(Paragraph(gettext("The player who did not win the bid plays the dummy's cards as well as their "
                                      "own; the dummy sits on the dealer's right.")))

    # scoring
    scoring = _rook_scoring(rules, side)
    return [("object", objects), ("cards", cards), ("bidding", bidding), ("nest", nest), ("trump", trump),
            ("play", play), ("scoring", scoring),
            ("winning", [Paragraph(_rook_winning(rules), ("target", "fixed_hands", "rotating_partners", "cap"))])]


def _rook_deck(rules: Rules) -> str:
    bird = gettext(C.PLAYER_BIRD_NAMES[rules.deck])
    if rules.deck == C.ROOK_DECK:
        if rules.bird:
            return gettext("The deck has {count} cards: four colours (black, green, red and yellow) numbered {low} to "
                           "14, and {bird}.").format(count=rules.deck_size, low=rules.low_rank, bird=bird)
        return gettext("The deck has {count} cards: four colours (black, green, red and yellow) numbered {low} to "
                       "14.").format(count=rules.deck_size, low=rules.low_rank)
    if rules.bird:
        return gettext("A standard deck of {count} cards: the four suits and {bird}, which plays as the Rook Bird "
                       "does.").format(count=rules.deck_size, bird=bird)
    return gettext("A standard deck of {count} cards: the four suits.").format(count=rules.deck_size)


def _counters(rules: Rules) -> str:
    """The counters and their points, read from the rules."""
    by_points: dict[int, list[int]] = {}
    for rank, points in rules.counters:
        by_points.setdefault(points, []).append(rank)
    parts = [ngettext("the {ranks} {count} point each", "the {ranks} {count} points each", points).format(
        ranks=joined([_plural_rank(rules, rank) for rank in sorted(ranks)]), count=points)
        for points, ranks in sorted(by_points.items())]
    if rules.bird and rules.bird_points:
        parts.append(ngettext("{bird} {count} point", "{bird} {count} points", rules.bird_points).format(
            bird=gettext(C.PLAYER_BIRD_NAMES[rules.deck]), count=rules.bird_points))
    return gettext("The counters are worth points: {counters}. There are {points} in a hand; the other cards count "
                   "nothing.").format(counters=joined(parts), points=_points(rules.points_in_deck))


def _plural_rank(rules: Rules, rank: int) -> str:
    """Several cards of a rank, as counted in a sentence: "5s", "Kings"."""
    if rules.deck == C.ROOK_DECK or rank <= 10:
        return gettext("{rank}s").format(rank=rank)
    return gettext({11: N_("Jacks"), 12: N_("Queens"), 13: N_("Kings"), 14: N_("Aces")}[rank])


def _rook_bidding(rules: Rules, side: str) -> list[Paragraph]:
    if rules.auction == "none":
        return [Paragraph(gettext("There is no bidding: trump comes from the nest, and the nest is not used "
                                  "otherwise."))]
    partners = rules.sides == "partners"
    # the players take turns; what a bid is, to the reader ("you"), as every rule of the page speaks
    if rules.auction == "single":
        how = {(False, False): N_("Each player has one turn to bid, starting with the player left of the dealer and "
                                  "ending with the dealer. On your turn, bid the number of points you expect to take "
                                  "if you name trump, higher than any bid before, or pass. The highest bidder wins."),
               (False, True): N_("Each player has one turn to bid, starting with the player left of the dealer and "
                                 "ending with the dealer. On your turn, bid the number of points you and your partner "
                                 "expect to take if you name trump, higher than any bid before, or pass. The highest "
                                 "bidder wins."),
               (True, False): N_("Each player has one turn to bid, starting with the player who is not the dealer "
                                 "and ending with the dealer. On your turn, bid the number of points you expect to "
                                 "take if you name trump, higher than any bid before, or pass. The highest bidder "
                                 "wins."),
               (True, True): N_("Each player has one turn to bid, starting with the player who is not the dealer and "
                                "ending with the dealer. On your turn, bid the number of points you and your partner "
                                "expect to take if you name trump, higher than any bid before, or pass. The highest "
                                "bidder wins.")}
    else:
        how = {(False, False): N_("Starting with the player left of the dealer and going left, the players take turns "
                                  "to bid. On your turn, bid the number of points you expect to take if you name "
                                  "trump, or pass. Each bid must be higher than the last, and once you pass you may "
                                  "not bid again in that hand. The bidding ends when all but one have passed: the "
                                  "highest bidder wins."),
               (False, True): N_("Starting with the player left of the dealer and going left, the players take turns "
                                 "to bid. On your turn, bid the number of points you and your partner expect to take "
                                 "if you name trump, or pass. Each bid must be higher than the last, and once you "
                                 "pass you may not bid again in that hand. The bidding ends when all but one have "
                                 "passed: the highest bidder wins."),
               (True, False): N_("Starting with the player who is not the dealer, the players take turns to bid. On "
                                 "your turn, bid the number of points you expect to take if you name trump, or pass. "
                                 "Each bid must be higher than the last, and once you pass you may not bid again in "
                                 "that hand. The bidding ends when all but one have passed: the highest bidder "
                                 "wins."),
               (True, True): N_("Starting with the player who is not the dealer, the players take turns to bid. On "
                                "your turn, bid the number of points you and your partner expect to take if you name "
                                "trump, or pass. Each bid must be higher than the last, and once you pass you may not "
                                "bid again in that hand. The bidding ends when all but one have passed: the highest "
                                "bidder wins.")}
    if rules.max_bid:
        limits = gettext("The first bid is at least {low}, and bids go up by {step}, to at most {high}.")
    else:
        limits = gettext("The first bid is at least {low}, and bids go up by {step}, to at most the {high} points in "
                         "a hand.")
    limits = limits.format(low=rules.min_bid, step=rules.bid_step, high=rules.highest_bid)
    paragraphs = [Paragraph(gettext(how[rules.dummy, partners])), Paragraph(limits, ("min_bid", "bid_step", "max_bid"))]
    paragraphs.append(Paragraph(gettext("The first bidder may not pass.") if rules.first_bid_required else "",
                                ("first_bid_required",)))
    paragraphs.append(Paragraph(
        gettext("If everyone passes, the same dealer deals again.") if rules.all_pass == "redeal" else
        gettext("If everyone passes, the dealer must take the bid at {low}.").format(low=rules.min_bid),
        ("all_pass",)))
    return paragraphs


def _rook_scoring(rules: Rules, side: str) -> list[Paragraph]:
    if rules.auction == "none":
        return [Paragraph(gettext("At the end of the hand each player scores the points of the counters in the tricks "
                                  "they took. Keep a running total."))]
    minus = rules.set_scores == "minus_bid"
    if side == "side":
        made = gettext("At the end of the hand each side counts the points of the counters in the tricks it took.") \
            if rules.sides == "partners" else \
            gettext("At the end of the hand each side counts the points of the counters in the tricks it took (each "
                    "player of a side scores what the side took).")
        result = gettext("The declarer's side must take at least the bid: if it does, it scores everything it took; "
                         "if not, it loses the whole bid from its score and scores nothing for its counters.") \
            if minus else \
            gettext("The declarer's side must take at least the bid: if it does, it scores everything it took; if "
                    "not, it scores nothing for the hand.")
    else:
        made = gettext("At the end of the hand each player counts the points of the counters in the tricks they took.")
        result = gettext("The declarer must take at least the bid: if they do, they score everything they took; if "
                         "not, they lose the whole bid from their score and score nothing for their counters.") \
            if minus else \
            gettext("The declarer must take at least the bid: if they do, they score everything they took; if not, "
                    "they score nothing for the hand.")
    paragraphs = [Paragraph(_say(made, result, gettext("The others score what they took.")))]
    if rules.cap:
        paragraphs.append(Paragraph(gettext(
            "A score never ends a hand between {cap} and {target}: it is set back to {cap}, unless it is the declaring "
            "side's and the bid was made.").format(cap=rules.cap, target=rules.target), ("cap",)))
    return paragraphs


def _rook_winning(rules: Rules) -> str:
    if rules.match_hands:
        count = rules.match_hands
        if rules.cap:  # decision 23: reaching the target past the cap still wins at once
            if rules.rotating_partners:
                text = ngettext("The match is at most {count} hand, new partners every 4: a declaring side that makes "
                                "its bid and reaches {target} points wins at once; if none does, the highest total "
                                "after the last hand wins.",
                                "The match is at most {count} hands, new partners every 4: a declaring side that "
                                "makes its bid and reaches {target} points wins at once; if none does, the highest "
                                "total after the last hand wins.", count)
            else:
                text = ngettext("The match is at most {count} hand: a declaring side that makes its bid and reaches "
                                "{target} points wins at once; if none does, the highest total after the last hand "
                                "wins.",
                                "The match is at most {count} hands: a declaring side that makes its bid and reaches "
                                "{target} points wins at once; if none does, the highest total after the last hand "
                                "wins.", count)
            return text.format(count=count, target=rules.target)
        if rules.rotating_partners:
            return ngettext("The match is exactly {count} hand, new partners every 4; the highest total wins.",
                            "The match is exactly {count} hands, new partners every 4; the highest total wins.",
                            count).format(count=count)
        return ngettext("The match is exactly {count} hand; the highest total wins.",
                        "The match is exactly {count} hands; the highest total wins.", count).format(count=count)
    if rules.sides == "partners":  # a partnership keeps one score; others their own
        return gettext("The first side to reach {target} points at the end of a hand wins. If more than one gets there "
                       "in the same hand, the higher total wins; equal totals play another hand.").format(
            target=rules.target)
    return gettext("The first player to reach {target} points at the end of a hand wins. If more than one gets there "
                   "in the same hand, the higher total wins; equal totals play another hand.").format(
        target=rules.target)


# --- Hearts ---

def _hearts_gist(rules: Rules) -> str:
    queens = rules.royal_queens
    if not queens:
        return gettext("avoid hearts and the Queen of spades")
    if len(queens) == len(SPECIAL_QUEENS):
        return gettext("avoid hearts; four special queens change the scoring")
    return gettext("avoid hearts; special queens {queens}").format(
        queens=joined([rules.player_card_name(q) for q in queens]))


def _hearts(rules: Rules) -> list[tuple[str, list[Paragraph]]]:
    players = rules.players
    queen = penalty_points(rules, QS_BIT)
    in_hand = penalty_points(rules, rules.deck_mask & (HEARTS_MASK | QS_BIT))
    objects = [Paragraph(capitalised(gettext(
        "{players} players, each for themselves. Points are bad: take as few as you can in the tricks you "
        "win.").format(players=_number(players))))]

    # the cards and the deal
    if rules.removed:
        deck = gettext("A standard deck of {count} cards (without {removed}); the Ace is the highest card of each "
                       "suit.").format(count=rules.deck_size, removed=rules.player_cards_text(tuple(rules.removed)))
    else:
        deck = gettext("A standard deck of {count} cards; the Ace is the highest card of each suit.").format(
            count=rules.deck_size)
    if players == 2:
        deal = gettext("Four hands of {count} are dealt face down, two for each player. Each player chooses one of "
                       "their two hands without looking and plays it first; after its tricks, each plays the other "
                       "hand, and both halves are scored together.").format(count=rules.hand_size)
    else:
        deal = ngettext("The dealer deals all the cards: {count} card each.",
                        "The dealer deals all the cards: {count} cards each.", rules.hand_size).format(
            count=rules.hand_size)
    cards = [Paragraph(deck), Paragraph(deal)]

    # passing
    passing = []
    if rules.pass_count:
        cycle = [gettext(DIRECTION_WORDS[pass_direction(rules, number)])
                 for number in range(len(rules.pass_cycle) + rules.hold_hand)]
        if players == 2:
            how = ngettext("Before each half each player passes {count} card to the other, all at once, choosing it "
                           "before seeing what they receive.",
                           "Before each half each player passes {count} cards to the other, all at once, choosing "
                           "them before seeing what they receive.", rules.pass_count)
        else:
            how = ngettext("Before play each player passes {count} card face down to another player, all at once, "
                           "choosing it before seeing what they receive.",
                           "Before play each player passes {count} cards face down to another player, all at once, "
                           "choosing them before seeing what they receive.", rules.pass_count)
        how = how.format(count=rules.pass_count)
        if len(cycle) > 1:
            how = _say(how, gettext("The direction changes each hand: {directions}, then round again.").format(
                directions=", ".join(cycle)))
        passing.append(Paragraph(how, ("hold_hand",)))
        if rules.hold_hand:
            passing.append(Paragraph(gettext("On the hold hand nobody passes."), ("hold_hand",)))

    # the play
    play = []
    if players == 2:
        play.append(Paragraph(gettext(
            "On the first trick of each half both players must play their lowest club (any card with no club), and "
            "the lower club leads. Hearts must be broken again in the second half.")))
    else:
        play.append(Paragraph(
            gettext("Whoever holds the 2 of clubs leads it to the first trick.") if rules.two_clubs_leads else
            gettext("The player left of the dealer leads the first trick, with any card the rules allow."),
            ("two_clubs_leads",)))
    play.append(Paragraph(gettext(
        "Each player in turn, to the left, plays one card. You must play a card of the suit led if you can; if "
        "you cannot, you may play any card. There is no trump: the highest card of the suit led takes the trick, "
        "and whoever takes it leads the next.")))
    play.append(Paragraph(
        gettext("Hearts and the Queen of spades may be played on the first trick.") if rules.penalty_on_first_trick
        else gettext("No heart and not the Queen of spades may be played on the first trick, unless you have nothing "
                     "else."), ("penalty_on_first_trick",)))
    if rules.hearts_must_be_broken:
        play.append(Paragraph(
            gettext("You may not lead a heart until hearts are broken: until a heart or the Queen of spades has been "
                    "played, unless you hold nothing but hearts.") if rules.qs_breaks_hearts else
            gettext("You may not lead a heart until hearts are broken: until a heart has been played, unless you "
                    "hold nothing but hearts."), ("hearts_must_be_broken", "qs_breaks_hearts")))
    else:
        play.append(Paragraph(gettext("Hearts may be led at any time."), ("hearts_must_be_broken",)))
    play.append(Paragraph(
        gettext("The Queen of spades may be led at any time.") if rules.qs_leads_any_time else
        gettext("The Queen of spades may not be led before hearts are broken, unless you have nothing else to lead."),
        ("qs_leads_any_time", "qs_breaks_hearts")))

    # scoring
    if not rules.royal_queens:
        scoring = [Paragraph(ngettext(
            "At the end of the hand each heart you took is 1 point and the Queen of spades {count} point: {total} in "
            "all.",
            "At the end of the hand each heart you took is 1 point and the Queen of spades {count} points: {total} in "
            "all.", queen).format(count=queen, total=_points(in_hand)), ("royal_queens",))]
    elif "QS" in rules.royal_queens:
        scoring = [Paragraph(gettext("At the end of the hand each heart you took is 1 point. The special queens:"),
                             ("royal_queens",))]
    else:
        scoring = [Paragraph(ngettext(
            "At the end of the hand each heart you took is 1 point and the Queen of spades {count} point. The "
            "special queens:",
            "At the end of the hand each heart you took is 1 point and the Queen of spades {count} points. The "
            "special queens:", queen).format(count=queen), ("royal_queens",))]
    for name in rules.royal_queens:
        scoring.append(Paragraph(_royal_queen(rules, name), ("royal_queens",)))
    if rules.royal_queens:
        moon = {"choice": gettext("Shooting the moon: a player who takes every heart and the Queen of spades scores "
                                  "nothing for them; instead they choose: subtract the points they would otherwise "
                                  "have taken from their own score, or add them to every other player's."),
                "add": gettext("Shooting the moon: a player who takes every heart and the Queen of spades scores "
                               "nothing for them; instead the points they would otherwise have taken are added to "
                               "every other player's score."),
                "subtract": gettext("Shooting the moon: a player who takes every heart and the Queen of spades scores "
                                    "nothing for them; instead the points they would otherwise have taken are taken "
                                    "off their own score.")}[rules.moon]
    else:
        moon = {"choice": gettext("Shooting the moon: a player who takes every heart and the Queen of spades scores "
                                  "nothing for them; instead they choose: subtract {reward} from their own score, or "
                                  "add {reward} to every other player's."),
                "add": gettext("Shooting the moon: a player who takes every heart and the Queen of spades scores "
                               "nothing for them; instead {reward} are added to every other player's score."),
                "subtract": gettext("Shooting the moon: a player who takes every heart and the Queen of spades scores "
                                    "nothing for them; instead {reward} are taken off their own score.")}[rules.moon]
        moon = moon.format(reward=_points(in_hand))
    scoring.append(Paragraph(moon, ("moon",)))
    scoring.append(Paragraph(gettext("No score goes below 0.")))
    return [("object", objects), ("cards", cards), ("passing", passing), ("play", play), ("scoring", scoring),
            ("winning", [Paragraph(_hearts_winning(rules), ("target", "fixed_hands"))])]


def _royal_queen(rules: Rules, name: str) -> str:
    queen = capitalised(rules.player_card_words(name))
    title = gettext(SPECIAL_QUEENS[name][0])
    return {"QS": ngettext("{queen}, {title}, is worth {count} point.", "{queen}, {title}, is worth {count} points.",
                           penalty_points(rules, QS_BIT)),
            "QC": gettext("{queen}, {title}, cancels the Queen of spades for whoever takes both."),
            "QH": gettext("{queen}, {title}, doubles every heart its taker took, itself included."),
            "QD": gettext("{queen}, {title}, is worth {count} points to whoever takes it.")}[name].format(
        queen=queen, title=title, count=penalty_points(rules, 1 << QUEEN_OF[name]))


def _hearts_winning(rules: Rules) -> str:
    if rules.fixed_hands:
        return ngettext("The match is exactly {count} hand; the lowest total wins.",
                        "The match is exactly {count} hands; the lowest total wins.", rules.fixed_hands).format(
            count=rules.fixed_hands)
    return gettext("The match ends when someone has {target} points or more at the end of a hand; the lowest score "
                   "wins, and equal lowest scores share the win.").format(target=rules.target)
