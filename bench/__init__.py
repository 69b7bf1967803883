"""Benchmarks that print figures (``python -m bench --help``); never timed tests."""
