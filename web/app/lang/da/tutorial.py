"""Danish texts of the tutorial area (keys "tutorial.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
