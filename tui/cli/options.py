"""Option types and option sets that several commands of the `armistice` command line share.

Light on purpose: every command module imports this one, and ``armistice --help`` imports
every command module."""

from __future__ import annotations

from typing import Any

import click

from armistice.core.errors import IllegalAnswer

EXIT_INPUT = 2
"""Exit status of a run refused for its input (a file, an option, an answer)."""
EXIT_PENDING = 3
"""Exit status of a resolution that stops at a prompt nothing answered."""


class Whole(click.ParamType):
    """A whole number in ASCII digits from ``low`` to ``high`` (default and at most
    ``decode.MAX_INT``)."""

    name = "N"

    def __init__(self, low: int = 0, high: int | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        from armistice.core import decode

        high = decode.MAX_INT if self.high is None else self.high
        try:
            return decode.integer(str(value), "", low=self.low, high=high)
        except IllegalAnswer as error:
            self.fail(error.reason, param, ctx)


SEED = Whole()

TABLES = click.option(
    "--tables",
    "tables",
    multiple=True,
    metavar="FILE",
    help="An edited table file to play with instead of the published one (repeatable; the "
    "files verify --tables takes, e.g. a copy of forces.toml); a save records it whole.",
)

ASSUME = click.option("--assume", multiple=True, metavar="KEY=VALUE", help="Change an assumption.")

DECIDE = click.option("--decide", multiple=True, metavar="KEY=VALUE", help="Answer a decision.")


def shared_options(command: Any) -> Any:
    """The options that attach to a shared game, or create one with --new."""
    for option in reversed(
        [
            click.option(
                "--game",
                "game_at",
                metavar="FILE.db:NAME",
                help="A shared game: the store file and the game's name in it.",
            ),
            click.option("--side", metavar="SIDE", help="The player you answer for, or spectator."),
            click.option(
                "--new",
                "new_from",
                metavar="SCENARIO",
                help="Create the shared game from SCENARIO (with --assume, --tables).",
            ),
            click.option("--mail", "by_mail", is_flag=True, help="With --new: a game by mail."),
            click.option(
                "--key",
                "public_keys",
                multiple=True,
                metavar="SIDE=PUBKEY",
                help="With --new: a side's public key (a line or a .pub file); its records "
                "are then signed (repeatable).",
            ),
            click.option(
                "--identity",
                metavar="KEYFILE",
                help="Your private key (OpenSSH, Ed25519), when the game records one for "
                "your side.",
            ),
        ]
    ):
        command = option(command)
    return command
