"""The protocol's machine-readable schema (game/net/protocol.schema.json, JSON Schema 2020-12), and a checker of
messages against it that the whole suite can afford.

The jsonschema package is the reference (tests/test_net_protocol_schema.py validates with it), but it takes about 10 ms
for one message carrying a seat's view, and the suite's servers send some 16,000 messages; the checker below
compiles the schema once into plain functions for the keywords it uses, which takes well under a millisecond a
message. A test runs both on every kind of message, good and spoiled, and requires the same verdicts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from game.net import protocol

SCHEMA_PATH = Path(protocol.__file__).parent / "protocol.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
IGNORED = {"$schema", "$id", "title", "description"}
TYPES = {
    "object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool), "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
}
Check = Callable[[object, str, list], None]  # (value, where, problems found so far)


def same(a, b) -> bool:
    """JSON equality: true is not 1."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


class SchemaChecker:
    def __init__(self, schema: dict = SCHEMA):
        self.defs = schema["$defs"]
        self.compiled: dict[str, Check] = {}

    def problems(self, definition: str, value) -> list[str]:
        """What is wrong with ``value`` as ``$defs/definition`` (nothing: it is right)."""
        found: list[str] = []
        self.reference(f"#/$defs/{definition}")(value, "", found)
        return found

    def reference(self, ref: str) -> Check:
        name = ref.removeprefix("#/$defs/")
        if name not in self.compiled:
            self.compiled[name] = lambda value, where, found: None  # a reference to itself while compiling
            self.compiled[name] = self.compile(self.defs[name])
        return lambda value, where, found: self.compiled[name](value, where, found)

    def compile(self, node) -> Check:
        if node is False:
            return lambda value, where, found: found.append(f"{where or '/'}: nothing is allowed here")
        checks = [self.keyword(key, argument, node) for key, argument in node.items() if key not in IGNORED]
        checks = [check for check in checks if check is not None]

        def check_all(value, where, found):
            for check in checks:
                check(value, where, found)
        return check_all

    def keyword(self, key: str, argument, node) -> Check | None:
        if key == "$ref":
            return self.reference(argument)
        if key == "type":
            tests = [TYPES[kind] for kind in (argument if isinstance(argument, list) else [argument])]
            if len(tests) == 1:  # the usual case, and the hottest check of all
                test = tests[0]
                return lambda v, w, f: None if test(v) else f.append(f"{w}: not {argument}")
            return lambda v, w, f: None if any(test(v) for test in tests) else f.append(f"{w}: not {argument}")
        if key == "enum":
            return lambda v, w, f: None if any(same(v, e) for e in argument) else f.append(f"{w}: {v!r} not allowed")
        if key == "const":
            return lambda v, w, f: None if same(v, argument) else f.append(f"{w}: {v!r} is not {argument!r}")
        if key == "pattern":
            pattern = re.compile(argument)
            return lambda v, w, f: None if not isinstance(v, str) or pattern.search(v) else f.append(f"{w}: {v!r}")
        if key in ("minimum", "maximum", "maxLength", "minItems", "maxItems", "maxProperties"):
            return self.bound(key, argument)
        if key == "required":
            return self.required(argument)
        if key == "properties":
            return self.properties(argument, node.get("patternProperties", {}), node.get("additionalProperties"))
        if key in ("patternProperties", "additionalProperties", "then", "else"):
            return None  # with properties, or with if
        if key == "items":
            return self.items(argument, len(node.get("prefixItems", [])))
        if key == "prefixItems":
            return self.prefix_items([self.compile(each) for each in argument])
        if key == "anyOf":
            return self.any_of([self.compile(each) for each in argument])
        if key == "if":
            condition, then = self.compile(argument), self.compile(node.get("then", {}))
            otherwise = self.compile(node.get("else", {}))

            def if_then_else(v, w, f):
                (then if not self.fails(condition, v) else otherwise)(v, w, f)
            return if_then_else
        raise ValueError(f"the checker does not know the keyword {key}")

    @staticmethod
    def fails(check: Check, value) -> bool:
        found: list[str] = []
        check(value, "", found)
        return bool(found)

    def any_of(self, checks: list[Check]) -> Check:
        return lambda v, w, f: None if any(not self.fails(check, v) for check in checks) else \
            f.append(f"{w}: matches none of its forms")

    @staticmethod
    def bound(key: str, limit) -> Check:
        measure, kind, low = {"minimum": (lambda v: v, "number", True), "maximum": (lambda v: v, "number", False),
                              "maxLength": (len, "string", False), "minItems": (len, "array", True),
                              "maxItems": (len, "array", False), "maxProperties": (len, "object", False)}[key]

        def check(v, w, f):
            if TYPES[kind](v) and (measure(v) < limit if low else measure(v) > limit):
                f.append(f"{w}: {key} {limit}")
        return check

    def properties(self, named: dict, patterned: dict, others) -> Check:
        checks = {name: self.compile(schema) for name, schema in named.items()}
        patterns = [(re.compile(pattern), self.compile(schema)) for pattern, schema in patterned.items()]

        def check(v, w, f):
            if not isinstance(v, dict):
                return
            for name, item in v.items():
                where = f"{w}/{name}"
                if name in checks:
                    checks[name](item, where, f)
                    continue
                matched = [each for pattern, each in patterns if pattern.search(name)]
                for each in matched:
                    each(item, where, f)
                if not matched and others is False:
                    f.append(f"{where}: a field the protocol does not have")
        return check

    @staticmethod
    def required(names: list[str]) -> Check:
        def check(v, w, f):
            if isinstance(v, dict):
                f.extend(f"{w}: {name} is missing" for name in names if name not in v)
        return check

    @staticmethod
    def prefix_items(checks: list[Check]) -> Check:
        def check(v, w, f):
            if isinstance(v, list):
                for i, (each, item) in enumerate(zip(checks, v)):
                    each(item, f"{w}/{i}", f)
        return check

    def items(self, argument, after: int) -> Check:
        """``items`` of the items past the ``after`` of ``prefixItems``."""
        each = self.compile(argument)

        def check(v, w, f):
            if isinstance(v, list):
                for i, item in enumerate(v[after:], after):
                    each(item, f"{w}/{i}", f)
        return check
