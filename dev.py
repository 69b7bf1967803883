"""Set up Trickhouse in a local virtual environment and run it: ``python3 dev.py play``, ``test`` (``test --quick``:
the tier without the window, the network and the slow tests), ``bench``, ``build`` (the one-file desktop
executable, written to dist/) or ``catalogs`` (the translations, docs/translating.md: ``catalogs extract``,
``update``, ``compile`` or ``init LANGUAGE``).

Standard library only, so it works on a fresh machine with nothing but Python 3.11+. It creates
``.venv`` beside this file, installs what the game needs (and for ``test`` the development tools, for ``build``
PyInstaller) whenever pyproject.toml has changed since the last install, and then runs the command in that
environment, from this folder: the game itself is not installed but run from the checkout (``python -m game``), so
nothing is built and pip has no editable install to warn about.
"""

import hashlib
import os
import re
import subprocess
import sys
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
COMMANDS = {
    "play": ([], ["-m", "game"]),
    "test": (["dev"], ["-m", "pytest"]),  # after `ruff check`, `mypy` and `lint-imports` (see main)
    "bench": (["dev"], ["-m", "bench"]),
    "build": (["build"], ["-m", "PyInstaller", "build.spec", "--noconfirm", "--clean"]),
    "catalogs": (["translate"], ["-m", "babel.messages.frontend"]),  # see catalogs()
}
LOCALE = ROOT / "locale"
DOMAIN = "trickhouse"  # game/engine/language.py reads locale/<language>/LC_MESSAGES/trickhouse.mo


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_script(name: str) -> Path:
    """A command installed into the environment, beside its python (import-linter has no ``python -m``)."""
    return venv_python().with_name(name + (".exe" if os.name == "nt" else ""))


def requirements(extras: list[str]) -> list[str]:
    """The game's dependencies in pyproject.toml, and those of the ``extras`` named."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needs: list[str] = project["dependencies"]  # TOML, read as it is written
    return needs + [need for extra in extras for need in project["optional-dependencies"][extra]]


def ensure_installed(extras: list[str]) -> Path:
    python = venv_python()
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + ",".join(extras).encode()).hexdigest()
    stamp = VENV / f"installed-{'-'.join(extras) or 'game'}.sha256"
    if not stamp.exists() or stamp.read_text() != wanted:
        with_extras = f" with the {', '.join(extras)} extras" if extras else ""
        print(f"Installing the game's dependencies{with_extras} into .venv ...", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True, cwd=ROOT)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *requirements(extras)], check=True, cwd=ROOT)
        stamp.write_text(wanted)
    return python


def catalogs(python: Path, arguments: list[str]) -> int:
    """The translations, with Babel: ``extract`` the template (locale/trickhouse.pot) from the code and the presets;
    ``update`` every language's catalog (locale/<language>/LC_MESSAGES/trickhouse.po) from a fresh template, new
    texts left to translate and changed ones marked fuzzy, then compile them; ``compile`` each catalog into the .mo
    file the game reads (committed, so that a checkout and the executable need no step of their own); ``init LANGUAGE``
    a new catalog. Statistics are printed for each catalog."""
    babel = [str(python), "-m", "babel.messages.frontend"]
    template = str(LOCALE / f"{DOMAIN}.pot")
    command, rest = (arguments[0], arguments[1:]) if arguments else ("", [])
    steps: list[list[str]]
    extract = [*babel, "extract", "-F", str(LOCALE / "babel.cfg"), "-o", template, "--add-location=file",
               "--sort-by-file", "-c", "TRANSLATORS:", "--project=Trickhouse", "--no-wrap", "."]
    compile_all = [*babel, "compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics"]
    if command == "extract" and not rest:
        steps = [extract]
    elif command == "update" and not rest:
        steps = [extract, [*babel, "update", "-i", template, "-d", str(LOCALE), "-D", DOMAIN, "--previous",
                           "--no-wrap", "--ignore-obsolete"], compile_all]
    elif command == "compile" and not rest:
        steps = [compile_all]
    elif command == "init" and len(rest) == 1 and re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", rest[0]):
        steps = [extract, [*babel, "init", "-i", template, "-d", str(LOCALE), "-D", DOMAIN, "-l", rest[0],
                           "--no-wrap"]]
    else:
        print("usage: python3 dev.py catalogs {extract|update|compile|init LANGUAGE}  (docs/translating.md)",
              file=sys.stderr)
        return 2
    for step in steps:
        failed = subprocess.call(step, cwd=ROOT)
        if failed:
            return failed
    return 0


def extract_preset_titles(fileobj: BinaryIO, keywords: object, comment_tags: object,
                          options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for config/*.yaml (locale/babel.cfg): each preset's ``title``, the game's name players
    read; the rest of a preset is rules, not words. Standard library only, as the rest of this file."""
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        found = re.match(r"title:\s*(.+?)\s*$", line)
        if found:
            yield number, "gettext", found.group(1).strip("\"'"), ["TRANSLATORS: the name of a game (a preset)"]


def main() -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 (this runs under whatever python3 the user has)
        print(f"Trickhouse needs Python 3.11 or newer; this is {sys.version.split()[0]}", file=sys.stderr)
        return 2
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python3 dev.py {{{'|'.join(COMMANDS)}}} [arguments...]", file=sys.stderr)
        return 2
    extras, module = COMMANDS[sys.argv[1]]
    python = ensure_installed(extras)
    if sys.argv[1] == "test":  # the lint, the type check and the import contracts are part of the test command: CI
        # and a new clone run them. mypy: [tool.mypy] in pyproject.toml; lint-imports: [tool.importlinter]
        for check in ([str(python), "-m", "ruff", "check", "game", "bench", "tests", "dev.py"],
                      [str(python), "-m", "mypy"], [str(venv_script("lint-imports")), "--no-logo"]):
            failed = subprocess.call(check, cwd=ROOT)
            if failed:
                return failed
    arguments = sys.argv[2:]
    if sys.argv[1] == "catalogs":
        return catalogs(python, arguments)
    if sys.argv[1] == "test" and "--quick" in arguments:  # the tiers: markers in pyproject.toml, tests/conftest.py
        arguments = ["-m", "not slow and not window and not network",
                     *(argument for argument in arguments if argument != "--quick")]
    return subprocess.call([str(python), *module, *arguments], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())
