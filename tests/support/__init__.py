"""What several test modules share: hand-built deals and positions (``deals``), a network player and a server on a
thread (``net_helpers``), the patterns of engine notation a player must never read (``notation``), driving the
window with posted events (``ui_helpers``) and recording every text drawn (``ui_record``), computer players that
misbehave on purpose (``players``). A test module imports from here, never from another test module."""
