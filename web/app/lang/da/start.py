"""Danish texts of the start area (keys "start.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
