"""The certificates this player trusted, each the first time they joined a table server over wss:// whose certificate
no authority vouches for (a club's self-signed one): the SHA-256 fingerprint of each server's certificate, by its
address (host:port). A server that shows another certificate later is refused (its fingerprint is not this one)
until the player forgets the old one. JSON in the user's data folder; a file that cannot be used is kept aside and
the list starts again (the next join asks again)."""

from __future__ import annotations

import re
from pathlib import Path

from .files import UNUSABLE, DamagedFile, data_dir, read_json, set_aside, write_atomic

CERTIFICATES_FORMAT = "trickhouse-certificates/1"
KEPT = 100  # the most servers remembered; the oldest goes first
FINGERPRINT = re.compile(r"^([0-9A-F]{2}:){31}[0-9A-F]{2}$")


class CertificateStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "certificates.json"

    def load(self) -> dict[str, str]:
        """Each server's trusted fingerprint by its address (none if the file cannot be used: it is kept aside)."""
        if not self.path.is_file():
            return {}
        try:
            data = read_json(self.path)
            if not isinstance(data, dict) or data.get("format") != CERTIFICATES_FORMAT:
                raise DamagedFile(f"not Trickhouse certificates (expected format {CERTIFICATES_FORMAT})")
            trusted = data.get("trusted")
            if not isinstance(trusted, dict) or not all(
                    isinstance(where, str) and len(where) <= 300 and isinstance(seen, str) and FINGERPRINT.match(seen)
                    for where, seen in trusted.items()):
                raise DamagedFile("'trusted' must map addresses to SHA-256 fingerprints")
            return trusted
        except UNUSABLE:  # an unusable file must not stop the game: the player is asked again
            set_aside(self.path)
            return {}

    def fingerprint(self, where: str) -> str | None:
        """The fingerprint this player trusted for the server at ``where``, if any."""
        return self.load().get(where)

    def trust(self, where: str, fingerprint: str) -> None:
        if not FINGERPRINT.match(fingerprint):
            raise ValueError(f"{fingerprint!r} is not a SHA-256 fingerprint")
        trusted = {address: seen for address, seen in self.load().items() if address != where}
        trusted[where] = fingerprint
        self._write(dict(list(trusted.items())[-KEPT:]))

    def forget(self, where: str) -> None:
        """The certificate trusted for ``where`` is forgotten: the next join there asks again."""
        self._write({address: seen for address, seen in self.load().items() if address != where})

    def _write(self, trusted: dict[str, str]) -> None:
        write_atomic(self.path, {"format": CERTIFICATES_FORMAT, "trusted": trusted})
