"""Benchmarks that print figures (``python -m game.bench --help``); never timed tests."""
