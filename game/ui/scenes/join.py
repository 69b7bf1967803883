"""Join game: the table's address and join code (and the name to show), then the table's lobby, or the table
itself when its match has begun and this player had a seat there (the seat is taken back with its token). Under
the fields, the tables found on the local network (game/net/discovery.py): a click fills in the address and code.
Finding is only a help: without it, typing the address works as always.

An address may be ``wss://host:port``: a table server that serves TLS. If no certificate authority vouches for its
certificate (a club's own, self-signed), the screen shows the certificate's fingerprint and asks the player
whether it is the one the table's host gave them; trusted, it is remembered for that address, and a server there
that later shows another certificate is refused with a warning (the old one can be forgotten deliberately)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.language import N_, gettext, ngettext
from game.engine.words import is_you, kept_name, player_name
from game.net import messages as M
from game.net.client import Link, NetClient, RemoteTable, welcomed
from game.net.discovery import Browser, Found
from game.net.protocol import CODE_LENGTH, clean_name

from .. import theme
from ..assets import text, wrapped
from ..hosting import split_address
from ..scene import AWAIT_SECONDS, Scene
from ..text_field import TextEdit, TextField
from ..widgets import Button, layout_column, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services

FIELDS = ("address", "code", "name")
FOUND_SECONDS = 0.25  # how often the tables found are looked at
FIELD_LENGTH = 60  # characters of an address, a code or a name typed


class JoinScene(Scene):
    name = "join"

    def __init__(self, services: Services, client: NetClient | None = None, addresses: list[str] | None = None,
                 where: str = "") -> None:
        """``client``: a connection already made (to the table this game hosts, or to a server asked for a table),
        waiting for its welcome; the lobby then shows ``addresses``, where others reach the table; ``where``: the
        server's address, under which the seat's token is kept ("hosted" for the table this game hosts)."""
        super().__init__(services)
        settings = services.settings
        self.values = {"address": settings.last_address, "code": "", "name": player_name(settings.names[0])}
        self.editing = "address" if not settings.last_address else "code"
        self.typing = TextEdit(self.values[self.editing], FIELD_LENGTH)  # the field typed in
        self.client = client
        self.addresses = addresses
        self.where = where  # the address joined, under which the seat's token is kept
        self.error = gettext("Opening the table ...") if client is not None else ""
        # this game's own hosted table is joined directly: nothing to look for
        self.browser = Browser() if client is None else None
        self.found: list[Found] = []
        self.asking: Link | None = None  # a certificate no authority vouches for: is it the one the host gave?
        self.refused: NetClient | None = None  # the connection that showed it (asked again once trusted)
        self.changed = ""  # the address whose certificate is not the one trusted there (it may be forgotten)
        self.hosted_here: str | None = None  # the code of the table this game hosts, if it does

    def enter(self) -> None:
        if self.browser is not None:
            self.browser.start()
            # the table this game hosts, if it is found on the network too: the only one that is "your table" here
            self.hosted_here = self.services.host.saved_table() if self.services.host is not None else None

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.stop()

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        height = int(self.px * 1.9)
        self.fields: dict[str, Button] = {}
        for i, field in enumerate(FIELDS):
            button = TextField(self.values[field], lambda field=field: self.edit(field),
                               self.typing if field == self.editing else None)
            layout_row([button], (int(w * 0.58), self.field_y(i)), height, 0, min_width=self.px * 16)
            self.fields[field] = button
        self.join_button = Button(gettext("Join"), self.join, key=pygame.K_RETURN,
                                  enabled=self.client is None and self.asking is None)
        self.back = Button(gettext("Back"), self.leave, key=pygame.K_ESCAPE)
        layout_row([self.back, self.join_button], (w // 2, h - height), height, 16, min_width=self.px * 8)
        self.trust_button = Button(gettext("Yes: trust it and join"), self.trust, key=pygame.K_RETURN)
        self.distrust_button = Button(gettext("No"), self.distrust, key=pygame.K_ESCAPE)
        layout_row([self.distrust_button, self.trust_button], (w // 2, int(h * 0.76)), height, 16,
                   min_width=self.px * 8)
        self.forget_button = Button(gettext("Forget the old certificate"), self.forget)
        above_the_error = self.back.rect.top - 12 - len(self.error_lines()) * (self.px + 2) - height // 2 - 8
        layout_row([self.forget_button], (w // 2, above_the_error), height, 0)
        # the tables found, as many as fit between the heading under the fields and the error line
        top, row = self.field_y(3) + self.px * 3, int(height * 0.85) + 8
        fit = max(0, (self.back.rect.top - self.px * 2 - top) // row)
        self.found_buttons = [Button(found_label(found, self.hosted_here), lambda found=found: self.choose(found))
                              for found in self.found[:fit]]
        if self.found_buttons:
            layout_column(self.found_buttons, (w // 2, top + (len(self.found_buttons) * row - 8) // 2),
                          int(w * 0.7), row - 8, 8)

    def field_y(self, row: int) -> int:
        return int(self.size[1] * 0.22) + row * int(self.px * 1.9 * 1.5)

    def choose(self, found: Found) -> None:
        """A table found: its address and code are filled in (a dedicated server's tables each have their own code,
        still to be typed)."""
        self.values["address"], self.values["code"] = found.address, found.said.code
        self.error = ""
        self.edit("name" if found.said.code else "code")

    def edit(self, field: str) -> None:
        """Type into ``field``, what it holds all selected (typing replaces it)."""
        self.editing = field
        self.typing = TextEdit(self.values[field], FIELD_LENGTH)
        self.layout()

    def leave(self) -> None:
        if self.client is not None:
            self.client.close()
        self.services.stop_hosting()
        self.stack.pop(self)

    def join(self) -> None:
        if self.client is not None:
            return
        try:
            address = split_address(self.values["address"])
        except ValueError as err:
            self.error = str(err)
            return
        code = self.values["code"].strip().upper()
        if len(code) != CODE_LENGTH:
            self.error = gettext("A join code has {count} letters and digits").format(count=CODE_LENGTH)
            return
        services = self.services
        services.settings.last_address = self.values["address"].strip()
        services.settings_store.save(services.settings)
        self.where = str(address)
        token = services.seats.token(self.where, code)
        pinned = services.certificates.fingerprint(self.where) if address.secure else None
        # "You" is sent as kept, never in this screen's language: each screen says it in its own, of its own seat
        name = kept_name(clean_name(self.values["name"])) or gettext("Player")
        self.client = address.client(M.Hello(name=name, code=code, token=token), pinned)
        self.error, self.changed = gettext("Joining ..."), ""
        self.layout()

    def trust(self) -> None:
        """The player says the certificate is the one its host gave them: it is kept for the address, and the
        same request is made again with it pinned."""
        asking, refused = self.asking, self.refused
        if asking is None or refused is None:
            return
        self.services.certificates.trust(self.where, asking.fingerprint)
        self.client, self.asking, self.refused = refused.again(asking.fingerprint), None, None
        self.error = gettext("Joining ...")
        self.layout()

    def distrust(self) -> None:
        self.asking = self.refused = None
        self.error = gettext("Not joined: the certificate was not trusted")
        self.services.stop_hosting()
        self.layout()

    def forget(self) -> None:
        """The certificate trusted at the address that now shows another is forgotten: joining again asks about the
        new one."""
        if self.changed:
            self.services.certificates.forget(self.changed)
            self.error = gettext("The old certificate is forgotten: Join asks about the one the table shows now")
            self.changed = ""
            self.layout()

    def update(self, dt: float) -> None:
        """The tables found so far; the server's answer: the lobby (or the table), or why not."""
        if self.browser is not None and (found := self.browser.found()) != self.found:
            self.found = found
            self.layout()
        if self.client is None:
            return
        welcome = welcomed(self.client)
        if isinstance(welcome, M.Welcome):
            table = RemoteTable(self.client, welcome)
            if welcome.token and self.where:
                self.services.seats.keep(self.where, table.code, welcome.token, table.viewer)
            self.services.scenes.replace("lobby", table=table, addresses=self.addresses)
        elif welcome is not None and welcome.state == "untrusted":
            self.asking, self.refused, self.client, self.error = welcome, self.client, None, ""
            self.layout()
        elif welcome is not None:
            self.error, self.client = welcome.reason, None
            self.changed = self.where if welcome.state == "changed" else ""
            self.services.stop_hosting()
            self.layout()

    def next_frame(self) -> float | None:
        """The server's answer is awaited; tables are found on the local network at any moment."""
        return AWAIT_SECONDS if self.client is not None else FOUND_SECONDS if self.browser is not None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.asking is not None:  # the question is the only thing that answers until it is answered
            return press_any([self.trust_button, self.distrust_button], event)
        if self.changed and press_any([self.forget_button], event):
            return True
        typing = event.type == pygame.TEXTINPUT or event.type == pygame.KEYDOWN and \
            event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)  # Join and Back
        if typing and event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.edit(FIELDS[(FIELDS.index(self.editing) + 1) % len(FIELDS)])
            return True
        if typing and self.typing.handle(event):
            self.values[self.editing] = self.typing.text
            self.layout()
            return True
        return press_any(list(self.fields.values()) + [self.back, self.join_button] + self.found_buttons, event) \
            or typing  # no other key is a shortcut while a field is typed in

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        if self.asking is not None:
            self.draw_question(surface, self.asking)
            return
        w, h = surface.get_size()
        px = self.px
        title = text(gettext("Join a table on another computer"), px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.08))))
        for field, label in zip(FIELDS, (N_("Address (host:port, or wss://...)"), N_("Join code"), N_("Your name"))):
            button = self.fields[field]
            line = text(gettext(label), px, theme.INK, bold=True)
            surface.blit(line, line.get_rect(midright=(button.rect.left - 16, button.rect.centery)))
            button.draw(surface, px - 2)
        hint = text(gettext("Click a field and type; Tab goes to the next one"), px - 4, theme.INK_DIM)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, self.field_y(3) - px)))
        if self.browser is not None:
            if self.found:
                heading = text(gettext("Found on your network:"), px, theme.INK, bold=True)
            elif self.browser.unavailable:
                heading = text(gettext("Tables on your network cannot be looked for here: typing the address "
                                       "always works"),
                               px - 4, theme.INK_DIM)
            else:
                heading = text(gettext("No tables found on your network yet: typing the address always works"), px - 4,
                               theme.INK_DIM)
            surface.blit(heading, heading.get_rect(midtop=(w // 2, self.field_y(3) + px)))
            for button in self.found_buttons:
                button.draw(surface, px - 4)
        if self.error:
            for row, said in enumerate(reversed(self.error_lines())):
                line = text(said, px - 2, theme.WARN, bold=True)
                surface.blit(line, line.get_rect(midbottom=(w // 2, self.back.rect.top - 12 - row * (px + 2))))
        if self.changed:
            self.forget_button.draw(surface, px - 4)
        for button in (self.back, self.join_button):
            button.draw(surface, px - 2)

    def error_lines(self) -> tuple[str, ...]:
        """The error as it is drawn, in lines that fit (bold text is wider than ``wrapped`` measures)."""
        return wrapped(self.error, self.px - 2, int(self.size[0] * 0.8)) if self.error else ()

    def draw_question(self, surface: pygame.Surface, asking: Link) -> None:
        """Whether to trust a certificate no authority vouches for, in plain words, with its fingerprint."""
        w, h = surface.get_size()
        px = self.px
        title = text(gettext("Is this the fingerprint the table's host gave you?"), px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.08))))
        pairs = asking.fingerprint.split(":")
        lines = [(gettext("{reason} Its certificate's fingerprint is:").format(reason=asking.reason), theme.INK, False),
                 (":".join(pairs[:16]), theme.GOLD, True), (":".join(pairs[16:]), theme.GOLD, True),
                 (gettext("Ask the table's host for the fingerprint their server prints when it starts, and compare "
                          "them."), theme.INK, False),
                 (gettext("Trust it only if they are the same: this game will remember it for this address."),
                  theme.INK, False)]
        y = int(h * 0.24)
        for said, colour, bold in lines:
            for row in wrapped(said, px, int(w * 0.85)):
                line = text(row, px, colour, bold=bold)
                surface.blit(line, line.get_rect(midtop=(w // 2, y)))
                y += line.get_height() + 8
        for button in (self.distrust_button, self.trust_button):
            button.draw(surface, px - 2)



def found_label(found: Found, hosted_here: str | None = None) -> str:
    """A table found, as the list says it: its game, whose table it is and its free seats. Only the table this
    game hosts (``hosted_here``: its code) is "your table"; a host elsewhere who kept the name You (the name of the
    person at their own screen) is someone else here."""
    said = found.said
    if said.server:
        return gettext("Table server on {host} (ask its players for a join code)").format(
            host=said.host or found.address)
    free = gettext("no seat free") if not said.free else \
        ngettext("{count} seat free", "{count} seats free", said.free).format(count=said.free)
    if hosted_here is not None and said.code == hosted_here:
        whose = gettext("your table")
    elif said.host and not is_you(said.host):
        whose = gettext("{name}'s table").format(name=said.host)
    else:
        whose = gettext("someone's table")
    game = gettext(said.game) if said.game else gettext("A table")  # a preset's title, as the host announced it
    return f"{game} · {whose} · {free}"
