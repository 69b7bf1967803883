"""The game window (pygame-ce): a scene stack over the engine, the AI and the store."""
