"""Home: the start screen, *Regler* and the player's settings (name, language, sound)."""
