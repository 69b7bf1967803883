"""``python -m game.server``: the dedicated table server (see __main__.py)."""
