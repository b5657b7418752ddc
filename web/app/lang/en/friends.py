"""English texts of the friends area (keys "friends.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
