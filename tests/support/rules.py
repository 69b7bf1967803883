"""House rules as tests step through them."""

from game.engine.rules import Rules


def every_value(rules: Rules, name: str) -> list[object]:
    """Each value a house rule can take that reads differently: both of a toggle, each choice, each subset of
    queens, a number and 0."""
    meta = Rules.field_docs()[name]
    value = getattr(rules, name)
    if isinstance(value, bool):
        return [True, False]
    if isinstance(value, tuple):
        return [(), tuple(meta["choices"][:2]), tuple(meta["choices"])]
    if meta["choices"]:
        return list(meta["choices"])
    return [value, meta["low"]] if meta["low"] is not None else [value]
