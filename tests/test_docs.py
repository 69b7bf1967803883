"""The README stands alone (issue 25, item 8): every link in it and in docs/ resolves inside a plain clone of the
repository (RULES.md used to be a link to a folder beside the clone), and its first screen shows the table. It is a
front door (issue 33, item 5): under 200 lines, the rest in docs/, whose engine example runs."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_links(page: Path) -> list[str]:
    return [target for target in LINK.findall(page.read_text(encoding="utf-8"))
            if not target.startswith(("http://", "https://", "#", "mailto:"))]


def test_every_link_of_the_readme_and_docs_resolves_inside_the_repository() -> None:
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "SECURITY.md", *sorted((ROOT / "docs").glob("*.md")),
             ROOT / "assets" / "cards" / "README.md"]
    checked = 0
    for page in pages:
        for target in local_links(page):
            path = (page.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), f"{page.name}: {target} points outside the repository"
            assert path.exists(), f"{page.name}: {target} does not exist"
            checked += 1
    assert checked >= 4


def test_the_readme_opens_with_a_picture_of_the_table_and_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_section = text[: text.index("## Start here")]
    assert "](docs/table.png)" in first_section and (ROOT / "docs" / "table.png").read_bytes()[:4] == b"\x89PNG"
    start_here = text[text.index("## Start here"): text.index("\n## ", text.index("## Start here") + 1)]
    assert re.findall(r"```\n(.*?)\n```", start_here) == ["python3 dev.py play", "python3 dev.py test"]


def test_the_readme_is_a_front_door_under_200_lines_that_links_to_each_page_of_the_docs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 200
    for page in ("playing", "network", "architecture", "ai", "benchmarks", "RULES"):
        assert f"](docs/{page}.md)" in text, page
    assert "](CHANGELOG.md)" in text


def test_the_engine_example_in_the_architecture_page_runs() -> None:
    """The engine in a few lines (docs/architecture.md) is a doctest: an example that no longer runs fails here."""
    failed, tried = doctest.testfile(str(ROOT / "docs" / "architecture.md"), module_relative=False,
                                     optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried >= 8 and failed == 0


def test_every_test_security_md_names_is_there() -> None:
    """SECURITY.md names the test that checks each promise: each must exist, in the file its row links (or the
    hostile-client module), so that the page never vouches with a test that is gone."""
    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    named = 0
    for row in (line for line in text.splitlines() if line.startswith("| ") and "`test_" in line):
        for cell in row.split("; "):  # a file's link names the file of the tests after it
            linked = re.search(r"\]\((tests/test_\w+\.py)\)", cell)
            where = ROOT / linked.group(1) if linked else ROOT / "tests" / "test_net_hostile.py"
            for name in re.findall(r"`(test_\w+)`", cell):
                assert re.search(rf"^def {name}\(", where.read_text(encoding="utf-8"), re.MULTILINE), \
                    f"SECURITY.md names {name}, which {where.name} does not have"
                named += 1
    assert named >= 30
