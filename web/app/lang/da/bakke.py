"""Danish texts of the bakke area (keys "bakke.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
