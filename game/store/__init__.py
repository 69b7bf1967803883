"""What Trickhouse keeps on disk: the match in progress (and, later, settings, house rules and statistics), in the
platform's user folders. Knows no screen."""

from .files import SaveStore

__all__ = ["SaveStore"]
