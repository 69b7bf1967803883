"""The hand review (issue 18): what each decision of a hand cost, judged from what its seat could know, and what
would have happened in hindsight. No pygame: a window scene drives ``HandReview`` in steps off its own thread and
keeps the results in ``game.store.ReviewCache``. ``python -m game.review FILE`` prints a review as text. The Hint
asks ``hint_player()``, the search the review chooses with."""

from .analysis import Choice, Decision, HandReview, Judge, Review, hindsight, hint_player, review_key

__all__ = ["Choice", "Decision", "HandReview", "Judge", "Review", "hindsight", "hint_player", "review_key"]
