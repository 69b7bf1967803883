"""Scenes are wired by name: no scene module imports another or imports inside a function (the old way round an
import cycle), every scene a scene opens is in the registry, and the director hands each scene the services."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace
from typing import cast

from game.ui.scene import Scene, SceneStack
from game.ui.scenes import SCENES
from game.ui.services import Director, Services
from tests.support.kinds import of_kind

SCENES_DIR = Path(__file__).resolve().parents[1] / "game" / "ui" / "scenes"
SCENE_MODULES = sorted(p for p in SCENES_DIR.glob("*.py") if p.name != "__init__.py")


def imports_of(path: Path) -> list[tuple[ast.stmt, str, bool]]:
    """(statement, module imported, whether it sits inside a function) for each import of a file."""
    tree = ast.parse(path.read_text())
    found: list[tuple[ast.stmt, str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom):
                module = "." * child.level + (child.module or "")
                found.append((child, module, in_function))
            elif isinstance(child, ast.Import):
                found.extend((child, alias.name, in_function) for alias in child.names)
            visit(child, inside)

    visit(tree, False)
    return found


def test_no_scene_imports_another_scene_or_imports_inside_a_function() -> None:
    scene_names = {p.stem for p in SCENE_MODULES}
    problems = []
    for path in SCENE_MODULES:
        for statement, module, in_function in imports_of(path):
            other = module.removeprefix("game.ui.scenes.").lstrip(".")
            if module.startswith(".") and module.count(".") == 1 and other in scene_names:
                problems.append(f"{path.name}:{statement.lineno} imports the scene module {other}")
            if module.startswith("game.ui.scenes") or module == ".":
                problems.append(f"{path.name}:{statement.lineno} imports {module}")
            if in_function:
                problems.append(f"{path.name}:{statement.lineno} imports {module} inside a function")
    assert not problems, problems


def scenes_opened(path: Path) -> set[str]:
    """The names a file opens scenes by: the first argument of push, replace, restart or open when it is text
    (read from the syntax tree, so a call over several lines counts too)."""
    return {call.args[0].value for call in ast.walk(ast.parse(path.read_text()))
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and call.func.attr in ("push", "replace", "restart", "open") and call.args
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
            and call.args[0].value.islower()}  # a scene's name, not text such as str.replace("T", " ")


def test_every_scene_opened_by_name_is_in_the_registry() -> None:
    opened = set().union(*(scenes_opened(path) for path in SCENES_DIR.parent.rglob("*.py")))
    assert {"review", "table", "menu"} <= opened, "calls over several lines and outside the scenes are read"
    assert opened <= set(SCENES), opened - set(SCENES)


class Probe(Scene):
    name = "probe"

    def __init__(self, services: Services, label: str = "") -> None:
        super().__init__(services)
        self.label = label


def test_the_director_makes_scenes_by_name_with_the_services() -> None:
    stack = SceneStack()
    director = Director(stack, {"probe": Probe})
    services = cast(Services, SimpleNamespace(window=SimpleNamespace(size=(800, 500))))  # all a probe reads
    director.services = services
    first = director.push("probe", label="first")
    second = of_kind(Probe, director.push("probe", label="second"))
    assert stack.scenes == [first, second] and second.services is services and second.size == (800, 500)
    third = director.replace("probe", label="third")
    assert stack.scenes == [first, third]
    fresh = director.restart("probe")
    assert stack.scenes == [fresh] and director.top is fresh
    director.quit()
    assert not director.running
