"""``python -m armistice.tui.cli``: the `armistice` command."""

from armistice.tui.cli import main

main()
