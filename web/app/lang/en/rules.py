"""English texts of the rules area (keys "rules.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
