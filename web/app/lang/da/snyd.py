"""Danish texts of the snyd area (keys "snyd.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
