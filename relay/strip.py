"""Python source without its comments and docstrings, every line of code on its line.

Used for both archives of Python the browser fetches: the app's `python.zip` (relay/site.py,
served at runtime: so here, not in devtools/, which relay must not import) and the trimmed
`python_stdlib.zip` (devtools/stdlib.py, at vendor time). Issue 19: the first visit's bytes.
"""

from __future__ import annotations

import ast
import io
import tokenize


def stripped(source: bytes) -> bytes:
    """`source` without its comments and docstrings, every remaining token on its own line and
    column, so a traceback still names the right line (and shows it: linecache reads this
    file). A docstring becomes `' '` (truthy, as a docstring was: `dataclasses` computes one for
    a class without), a multi-line one `(' '` plus its newlines `)`. Source this interpreter
    cannot parse (newer syntax: the zip is Python 3.14, the build may run 3.11) is returned as
    it is; so is source whose stripped form does not compile or lost a line."""
    try:
        tree = ast.parse(source)
        tokens = list(tokenize.tokenize(io.BytesIO(source).readline))
    except (SyntaxError, ValueError, tokenize.TokenError):
        return source
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                docs.add((first.value.lineno, first.value.col_offset))
    kept = []
    for token in tokens:
        if token.type == tokenize.COMMENT:
            continue
        if token.type == tokenize.STRING and token.start in docs:
            newlines = token.string.count("\n")
            token = token._replace(string=f"(' '{chr(10) * newlines})" if newlines else "' '")
        kept.append(token)
    out = tokenize.untokenize(kept)
    if out.count(b"\n") != source.count(b"\n"):
        return source
    try:
        compile(out, "<stripped>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return source
    return out
