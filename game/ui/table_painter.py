"""Drawing the table: the felt, the lines at the top (game, contract, trump, scores), every seat's cards and name
plate with the marker at the seat to move, the deal, the special queens' legend, the auction, the trick with its
winner ringed, cards in flight or being dragged, the last trick, the buttons and the message line.

The painter reads the table scene and changes nothing (a scene's ``draw`` changes nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cards import SUIT_NAMES, suit_words
from game.engine.hearts import pass_giver, pass_receiver
from game.engine.language import gettext, ngettext, pgettext
from game.engine.view import SeatView
from game.engine.words import capitalised, passing_words, said_of

from . import assets, table_marks, theme
from .assets import text
from .auction import auction_layout, bid_dialog_rect, draw_auction_panel
from .dealing import draw_deal
from .widgets import panel

if TYPE_CHECKING:  # the table scene imports this painter
    from .scenes.table import TableScene

# a name plate: its lines of text and where each goes, and where the text as a whole goes
Plate = tuple[list[tuple[pygame.Surface, pygame.Rect]], pygame.Rect]
LAST_TRICK_SCALES = (0.8, 0.65, 0.5)  # the last trick's cards, as large as the room beside the table allows


class TablePainter:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene  # the table scene, read and never changed
        # while a frame is drawn, each seat's name plate as laid out (``name_plate``): the turn marker keeps clear of
        # every plate, so without it each plate's words were measured twice a frame
        self._plates: dict[int, Plate] | None = None

    def draw(self, surface: pygame.Surface) -> None:
        self._plates = {}
        try:
            self._draw(surface)
        finally:
            self._plates = None

    def _draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        place = scene.place
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        pygame.draw.ellipse(surface, theme.FELT_DARK, pygame.Rect(0, 0, int(w * 0.62), int(h * 0.56)).move(
            place.centre[0] - int(w * 0.31), place.centre[1] - int(h * 0.28)), width=3)
        view = scene.view()
        rules, phase = scene.table.rules, view.phase
        info = self.draw_info(surface, view)
        seat_areas = [self.draw_seat(surface, seat, view) for seat in range(view.players)]
        if scene.deal is not None:
            bottom = place.hand_rects(1)[0].midtop
            draw_deal(surface, scene.deal, place.centre, scene.art.back(int(place.cw * 0.62)),
                      lambda seat: place.seat_anchor(seat) if seat != scene.viewer else bottom)
        covered = [info, *seat_areas]  # what the last trick's panel keeps clear of
        if rules.royal_queens:
            covered.append(table_marks.draw_queen_legend(surface, rules.royal_queens, (w - 8, 8),
                                                         max(12, place.text_px - 6), seat_areas))
        if view.rook is not None and (phase == "bid" or view.rook.bids and phase in ("nest", "trump")):
            self.draw_auction(surface, view, seat_areas)
        self.draw_trick(surface)
        for flight in scene.motion.flights:
            self.blit_card(surface, flight.card, flight.position())
        drag = scene.drag
        if drag is not None and drag.moved:
            self.blit_card(surface, drag.card, (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1] - 6))
        for button in scene.buttons:
            if button.enabled or button in (scene.menu_button, scene.last_button):
                button.draw(surface, place.text_px - 2)
        if scene.showing_claim:
            scene.go_on_button.draw(surface, place.text_px - 2)
        self.draw_seating_notice(surface, scene.seating_lines())
        line = scene.table.paused or (scene.claim_words() if scene.showing_claim else  # a pause: while it lasts
                                      scene.message or self.received_line(view) or self.held_line(view))
        if line:  # above the hand, in as many lines as it takes to keep clear of the seats beside it
            colour = theme.GOLD if scene.showing_claim and not scene.table.paused else \
                theme.WARN if line == scene.table.paused else \
                self.message_colour() if line == scene.message else theme.RECEIVED
            size = place.text_px + 2
            y = place.hand_rects(1)[0].top - place.text_px - 16
            for part in reversed(assets.wrapped(line, size, place.message_room(), bold=True)):  # measured as drawn
                label = text(part, size, colour, bold=True)
                surface.blit(label, label.get_rect(midbottom=(w // 2, y)))
                y -= label.get_height()
        if scene.reviewing and view.tricks:
            self.draw_last_trick(surface, view, covered)

    def message_colour(self) -> tuple[int, int, int]:
        """The colour of the table's line as its kind: a refusal as an error (as a dialog's), a hint as the dialogs'
        hints (gold), news of what the player's own command did in plain ink."""
        kind = self.scene.message_kind
        return theme.GOLD if kind == "hint" else theme.INK if kind == "news" else theme.WARN

    def blit_card(self, surface: pygame.Surface, card: str, pos: tuple[float, float], scale: float = 1.0) -> None:
        scene = self.scene
        width = round(scene.place.cw * scale)
        face = scene.art.face(card, width) if card else scene.art.back(width)
        surface.blit(face, (int(pos[0]), int(pos[1])))

    def draw_trick(self, surface: pygame.Surface) -> None:
        scene = self.scene
        motion, place = scene.motion, scene.place
        if motion.collecting:
            for flight in motion.collecting:
                if not flight.done:
                    self.blit_card(surface, flight.card, flight.position())
            return
        landing = {f.card for f in motion.flights}
        for seat, card in scene.trick_on_table():
            if card not in landing:
                self.blit_card(surface, card, place.trick_spot(seat))
        if motion.showing_winner:  # the trick is complete: who takes it
            winner = motion.winner
            spot = pygame.Rect(place.trick_spot(winner), (place.cw, place.ch))
            table_marks.draw_winner(surface, spot, scene.art, said_of(scene.table.name(winner), gettext("{name} "
                                                                                                        "takes "
                                                                                                        "the trick"),
                                                                       gettext("You take the trick")),
                                    place.text_px - 4, place.trick_area(), place.message_room())

    def lifted_card(self) -> str | None:
        """The viewer's card under the pointer (the top one where cards overlap): drawn lifted, unless a card is
        picked to play (with the arrow keys, a click or the Hint), which is lifted instead: never two cards at once."""
        scene = self.scene
        if scene.pointer is None or scene.drag is not None or scene.selected in scene.draggable_cards():
            return None
        hit = [card for card, rect in scene.card_rects(scene.viewer) if rect.collidepoint(scene.pointer)]
        return hit[-1] if hit else None

    def marked_cards(self, seat: int, view: SeatView) -> set[str]:
        """The viewer's cards that just came to them: received in a Hearts pass (until they first play) and
        the nest's cards during the nest exchange."""
        if seat != self.scene.viewer:
            return set()
        received = view.hearts.received if view.hearts is not None and not self.viewer_has_played(view) else ()
        return set(received) | set(view.rook.from_nest if view.rook is not None else ())

    def received_line(self, view: SeatView) -> str:
        """Who passed the viewer the cards outlined in violet, and which ("West passed you 3♣, 10♦, Q♥"), said
        while they are outlined: from the pass until the viewer first plays."""
        scene = self.scene
        hearts = view.hearts
        if hearts is None or not hearts.received or not scene.table.shows_hand() or self.viewer_has_played(view):
            return ""
        giver = scene.table.name(pass_giver(hearts.pass_direction, view.seat, view.players))
        return gettext("{name} passed you {cards}").format(name=giver,
                                                           cards=scene.table.rules.player_cards_text(hearts.received))

    def held_line(self, view: SeatView) -> str:
        """The cards the viewer passed ahead of their turn, which go to the receiver once everyone has chosen."""
        scene = self.scene
        held = scene.table.held
        if not held or view.hearts is None:
            return ""
        receiver = scene.table.name(pass_receiver(view.hearts.pass_direction, view.seat, view.players))
        return gettext("{cards} go to {name} once everyone has chosen").format(
            cards=scene.table.rules.player_cards_text(held), name=receiver)

    def viewer_has_played(self, view: SeatView) -> bool:
        viewer = self.scene.viewer
        return any(seat == viewer for trick in view.tricks for seat, _ in trick.cards) or \
            any(seat == viewer for seat, _ in view.trick)

    def draw_seat(self, surface: pygame.Surface, seat: int, view: SeatView) -> pygame.Rect:
        """Draw a seat's cards and name plate; return the area they cover."""
        scene = self.scene
        art, place = scene.art, scene.place
        claimed = scene.claimed_cards(seat)
        if claimed:  # a claim: the cards each seat held, laid face up where it sits
            laid = place.hand_rects(len(claimed)) if seat == scene.viewer else \
                place.small_rects(seat, len(claimed), face_up=True)
            for card, rect in zip(claimed, laid):
                surface.blit(art.face(card, rect.width), rect)
            return self.draw_name_plate(surface, seat, view).unionall(laid)
        face_up = scene.card_rects(seat)
        count = view.hand_sizes[seat]
        if scene.deal is not None:  # only the cards that have landed
            count = scene.deal.arrived(seat)
            face_up = face_up[:count]
        drawn = [rect for _, rect in face_up]
        if seat == scene.viewer and not scene.table.shows_hand():
            drawn = self.draw_hidden_hand(surface, count)
        elif face_up or seat == scene.viewer:
            mine = scene.viewer_may_play() and seat == scene.playing_seat()
            legal = set(view.plays()) if mine else set()
            marked = self.marked_cards(seat, view)
            lifted = self.lifted_card() if seat == scene.viewer else None
            for card, rect in face_up:
                lift = -10 if card == scene.selected else -max(6, place.ch // 12) if card == lifted else 0
                spot = rect.move(0, lift)
                surface.blit(art.face(card, rect.width), spot)
                if card in legal:
                    colour = theme.SELECTED if card == scene.selected else theme.LEGAL
                    surface.blit(art.outline(rect.width, colour), spot)
                elif card in marked:
                    surface.blit(art.outline(rect.width, theme.RECEIVED), spot)
            hidden = count - len(view.rook.dummy_cards if view.rook is not None else ()) if seat != scene.viewer \
                else 0
            if hidden > 0:  # rook-2p: the dummy's face-down half during the auction, in the same row
                for rect in place.open_hand_rects(seat, len(face_up) + hidden)[len(face_up):]:
                    surface.blit(art.back(rect.width), rect)
                    drawn.append(rect)
        else:
            for rect in place.small_rects(seat, count):
                surface.blit(art.back(rect.width), rect)
                drawn.append(rect)
        return self.draw_name_plate(surface, seat, view).unionall(drawn)

    def draw_hidden_hand(self, surface: pygame.Surface, count: int) -> list[pygame.Rect]:
        """The viewer's cards face down in their row: hot-seat, until the hand is handed over."""
        rects = self.scene.place.hand_rects(count)
        for rect in rects:
            surface.blit(self.scene.art.back(rect.width), rect)
        return rects

    def name_plate(self, seat: int, view: SeatView) -> Plate:
        """A seat's name plate: its lines of text and where each goes, and where the text as a whole goes (the plate
        is that, 8 px wider each way). The name, cut short if the plate has no room for it, with the seat's part in
        the hand; under it the seat's score, its points this hand and its tricks, as many as fit (the lines below the
        name have the room the name keeps for the dots of a computer thinking too)."""
        if self._plates is None:
            return self._lay_out_plate(seat, view)
        if seat not in self._plates:
            self._plates[seat] = self._lay_out_plate(seat, view)
        return self._plates[seat]

    def _lay_out_plate(self, seat: int, view: SeatView) -> Plate:
        scene = self.scene
        place = scene.place
        dots = self.dots_room()
        whole = place.plate_room(seat, scene.viewer)
        room = whole - dots
        tags = []
        # TRANSLATORS: short: a seat's part in the hand, beside its name on the table's name plate
        if seat == view.dealer:
            tags.append(pgettext("name plate", "dealer"))
        if view.declarer == seat:
            tags.append(pgettext("name plate", "declarer"))
        if view.rook is not None and view.rook.partner == seat and seat != view.declarer:
            tags.append(pgettext("name plate", "partner"))
        roles = ", ".join(tags)
        tag_text = f" ({roles})" if tags else ""
        to_move = seat == view.to_move
        big, small = place.text_px - 2, place.text_px - 5
        name = scene.table.name(seat)
        status = scene.table.status(seat)
        parts = [status] if status and status != "thinking" else []  # at a network table: away, dropped out
        if seat < len(view.scores):  # the rook-2p dummy keeps no score
            parts.append(gettext("score {score}").format(score=view.scores[seat]))
        if seat < len(view.points):
            parts.append(points_words(view.points[seat]))
        if seat < len(view.tricks_won):
            won = view.tricks_won[seat]
            parts.append(ngettext("{count} trick", "{count} tricks", won).format(count=won))
        tag_width = assets.font(big, to_move).size(tag_text)[0]
        # the part in the hand after the name; on a narrow plate, where the name would be cut to nothing, first on
        # the line below, or on a line of its own where there it would push the tricks off (the player's own plate,
        # with the hand just above it, keeps two lines: there the name is cut shorter)
        narrow = bool(tags) and room - tag_width < assets.font(big, to_move).size(name[:6] + "…")[0]
        crowded = narrow and assets.font(small).size(" · ".join([roles, *parts]))[0] > whole
        alone = crowded and seat != scene.viewer
        below = narrow and not crowded
        first = assets.fitted(name, big, room if below or alone else max(20, room - tag_width), to_move) + \
            ("" if below or alone else tag_text)
        if below:
            parts.insert(0, roles)
        while len(parts) > 1 and assets.font(small).size(" · ".join(parts))[0] > whole:
            parts.pop()  # the tricks first, then this hand's points: the score matters most
        lines = [text(first, big, theme.GOLD if to_move else theme.INK, bold=to_move),
                 *([text(assets.fitted(roles, small, whole), small, theme.INK_DIM)] if alone else []),
                 text(assets.fitted(" · ".join(parts), small, whole), small, theme.INK_DIM)]
        width = max(lines[0].get_width() + dots, *(line.get_width() for line in lines[1:]))
        rect = pygame.Rect(0, 0, width, lines[0].get_height() + lines[-1].get_height())
        rect.center = place.plate_centre(seat, scene.viewer)
        rect.height += sum(line.get_height() for line in lines[1:-1])  # a line of its own: the plate grows down
        window = pygame.Rect((0, 0), scene.size).inflate(-32, -8)
        # moved in from the window's edge as far as it must (TableLayout.plate_span): the plate keeps 8 px from it
        rect.clamp_ip(window)
        if alone:  # below the room its seat keeps: clear of the trick's cards
            rect = place.clear_of_trick(rect.inflate(16, 8)).inflate(-16, -8).clamp(window)
        placed, y = [], rect.y
        for line in lines:
            placed.append((line, line.get_rect(topleft=(rect.x, y))))
            y += line.get_height()
        return placed, rect

    def dots_room(self) -> int:
        """Room kept in a name plate for the dots of a computer thinking, so that the plate keeps its size."""
        return int(self.scene.place.text_px * 1.5)

    def turn_marker(self, view: SeatView) -> list[tuple[float, float]] | None:
        """The marker beside the name plate of the seat to move, clear of the trick's cards, every seat's cards and
        the other plates where a side of the plate is (None once the hand is over)."""
        scene = self.scene
        if view.to_move < 0:
            return None
        place = scene.place
        plate = self.name_plate(view.to_move, view)[1].inflate(16, 8)
        others = [self.name_plate(seat, view)[1].inflate(16, 8) for seat in range(view.players)
                  if seat != view.to_move]
        return table_marks.turn_marker(plate, place.centre, place.text_px, scene.marker_bob() or 0.0,
                                       [*place.trick_cards(), *self.cards_lying(view), *others],
                                       pygame.Rect((0, 0), scene.size))

    def cards_lying(self, view: SeatView) -> list[pygame.Rect]:
        """Where every seat's cards lie: the player's hand, the others' fans, or their rows of open cards."""
        place = self.scene.place
        return [rect for seat in range(view.players)
                for rect in [rect for _, rect in self.scene.card_rects(seat)] or
                place.small_rects(seat, view.hand_sizes[seat])]

    def draw_name_plate(self, surface: pygame.Surface, seat: int, view: SeatView) -> pygame.Rect:
        lines, rect = self.name_plate(seat, view)
        back = rect.inflate(16, 8)
        pygame.draw.rect(surface, theme.FELT_DARK, back, border_radius=8)
        for line, spot in lines:
            surface.blit(line, spot)
        if self.scene.table.status(seat) == "thinking":  # three dots, one lit after another
            r = max(2, self.scene.place.text_px // 8)
            x, y = rect.right - self.dots_room() + 3 * r, lines[0][1].centery
            for i in range(3):
                lit = int(self.scene.thinking_dots) % 3 == i
                pygame.draw.circle(surface, theme.GOLD if lit else theme.INK_DIM, (x + i * 3 * r, y), r)
        if seat == view.to_move:
            pygame.draw.rect(surface, theme.GOLD, back, width=2, border_radius=8)
            marker = self.turn_marker(view)
            assert marker is not None  # a seat is to move: the hand goes on
            return back.union(table_marks.draw_turn_marker(surface, marker))
        return back

    def draw_info(self, surface: pygame.Surface, view: SeatView) -> pygame.Rect:
        """The lines at the top left: the game and hand, the contract and trump (Rook) or the passing and whether
        hearts are broken (Hearts), each kept clear of the seat at the top (the scores are on the name plates);
        the area they take."""
        scene = self.scene
        model = scene.table
        # a replay is not the match
        which = gettext("this deal again") if scene.first_time else \
            gettext("hand {number}").format(number=model.hand_number)
        size, room = scene.place.text_px - 2, scene.place.info_room()
        # one line, the game's name cut before the hand's number is ("Rook clásico por par…  ·  mano 1")
        which = f"  ·  {which}"
        title = assets.fitted(model.rules.player_title, size, room - assets.font(size, True).size(which)[0], True)
        lines = [(title + which, theme.GOLD)]
        rook, hearts = view.rook, view.hearts
        if rook is not None and rook.declarer >= 0:
            lines.append((gettext("Contract: {name} {points}").format(name=model.name(rook.declarer),
                                                                       points=rook.contract), theme.INK))
        if rook is not None and rook.trump:
            trump = trump_words(rook.trump, model.rules.deck)
            lines.append(((gettext("Trump: {trump}  (reverse order)") if rook.order == "reverse" else
                           gettext("Trump: {trump}")).format(trump=trump), theme.INK))
        if rook is not None and rook.called:
            lines.append((gettext("Called: {card}").format(card=model.rules.player_card_name(rook.called)),
                          theme.INK))
        if hearts is not None:
            broken = hearts.hearts_broken
            lines.append((passing_words(hearts.pass_direction), theme.INK))
            # news in plain ink, not the error colour of a refusal; dimmer while nothing has happened yet
            lines.append((gettext("Hearts broken") if broken else gettext("Hearts not broken"),
                          theme.INK if broken else theme.INK_DIM))
        y = 10
        for line, colour in lines:
            for part in assets.wrapped(line, size, room, colour == theme.GOLD):  # measured as drawn
                label = text(assets.fitted(part, size, room, colour == theme.GOLD), size, colour,
                             bold=colour == theme.GOLD)
                surface.blit(label, (12, y))
                y += label.get_height() + 2
        return pygame.Rect(12, 10, room, y - 10)

    def draw_auction(self, surface: pygame.Surface, view: SeatView, seat_areas: list[pygame.Rect]) -> pygame.Rect:
        """The bids so far in a panel between the top seat and the bid dialog (see game/ui/auction.py)."""
        scene = self.scene
        bids = [f"{scene.table.name(seat)} {bid.value if bid.kind == 'bid' else pgettext('bidding', 'pass')}"
                for seat, bid in
                (view.rook.bids if view.rook is not None else ())]
        w = scene.size[0]
        beside = [area for area in seat_areas if not area.left <= w // 2 <= area.right]  # narrowing clears these
        dialog = bid_dialog_rect(scene.size, scene.services.settings.card_scale, 0)
        rect, title, labels = auction_layout(bids, max(1, view.players), scene.size, scene.place.text_px - 2, beside,
                                             dialog.top - 8)
        draw_auction_panel(surface, rect, title, labels)
        return rect

    def draw_seating_notice(self, surface: pygame.Surface, lines: list[str]) -> None:
        """Players who changed chairs (rotating partners): a panel in the middle of the table, where the first
        trick will be played, so that the auction panel and the dialogs above the hand leave it clear."""
        if not lines:
            return
        px, room = self.scene.place.text_px, self.scene.size[0] - 32
        while True:  # long names: smaller, rather than past the window's edges
            labels = [text(line, px if i else px + 2, theme.INK if i else theme.GOLD, bold=not i)
                      for i, line in enumerate(lines)]
            if px <= 10 or max(label.get_width() for label in labels) + 2 * px <= room:
                break
            px -= 1
        rect = pygame.Rect(0, 0, max(label.get_width() for label in labels) + 2 * px,
                           sum(label.get_height() + 4 for label in labels) + px)
        rect.center = self.scene.place.centre
        panel(surface, rect)
        y = rect.y + px // 2
        for label in labels:
            surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
            y += label.get_height() + 4

    def draw_last_trick(self, surface: pygame.Surface, view: SeatView, avoid: list[pygame.Rect]) -> None:
        """The last completed trick in a panel beside the table, clear of the trick being played and of the
        ``avoid`` areas (issue 32: it covered East's card of the trick in progress): each card with its player's
        name under it, smaller cards where the window has no room for larger ones."""
        scene = self.scene
        place = scene.place
        last = view.tricks[-1]
        title_size, name_size = place.text_px - 2, place.text_px - 6
        for scale in LAST_TRICK_SCALES:
            width, height = round(place.cw * scale), round(place.ch * scale)
            gap = max(6, width // 6)
            cards_width = len(last.cards) * (width + gap) - gap
            titles = assets.wrapped(last_trick_words(scene.table.name(last.winner)), title_size,
                                    max(cards_width, place.cw * 3))
            lines = [text(line, title_size, theme.GOLD, bold=True) for line in titles]
            top = sum(line.get_height() for line in lines)
            name_height = assets.font(name_size).get_linesize()
            rect = pygame.Rect(0, 0, max(cards_width, *(line.get_width() for line in lines)) + 24,
                               top + height + name_height + 22)
            spot = place.clear_spot(rect.size, avoid)
            if spot is not None or scale == LAST_TRICK_SCALES[-1]:
                break
        if spot is None:  # no room anywhere: over a seat's cards rather than over the trick being played
            spot = place.clear_spot(rect.size, []) or rect.move(8, 8)
        panel(surface, spot)
        y = spot.y + 8
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(spot.centerx, y)))
            y += line.get_height()
        x = spot.centerx - cards_width // 2
        for seat, card in last.cards:
            self.blit_card(surface, card, (x, y + 4), width / place.cw)
            name = text(assets.fitted(scene.table.name(seat), name_size, width + gap - 2), name_size, theme.INK)
            surface.blit(name, name.get_rect(midtop=(x + width // 2, y + 6 + height)))
            x += width + gap


def last_trick_words(winner: str) -> str:
    """The title of the last trick shown, with who took it (``winner``: a name as the screen shows it)."""
    return said_of(winner, gettext("Last trick, won by {name}"), gettext("Last trick, won by you"))


def points_words(points: int) -> str:
    """Points taken in a hand, short for a name plate: "1 pt", "12 pts" (the count agrees in every language)."""
    # TRANSLATORS: short: points a player took this hand, on a name plate beside the tricks
    return ngettext("{points} pt", "{points} pts", points).format(points=points)


def trump_words(trump: str, deck: str) -> str:
    """The trump named (the view's word: a colour, a suit or "none") as a player reads it: "Green", "No trump"."""
    return capitalised(suit_words(SUIT_NAMES[deck].index(trump), deck)) if trump in SUIT_NAMES[deck] else \
        gettext("No trump")
