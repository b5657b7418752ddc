"""English texts of the treere area (keys "treere.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
