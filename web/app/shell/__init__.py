"""The shell: the router (`screens`), the shell's markup, stylesheets, the hand-over from the
static page (`takeover`), the DOM bridge's one fact (`dom_util`) and the snapshot's import list
(docs/architecture.md, docs/boot.md)."""
