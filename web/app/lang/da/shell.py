"""Danish texts of the shell area (keys "shell.…"); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
}
