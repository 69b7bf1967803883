"""The scenes of the game window."""
