"""What every game's table shares; `games` is the registry of the games (docs/architecture.md,
"The games registry")."""
