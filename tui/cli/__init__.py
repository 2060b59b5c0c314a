"""The `armistice` command: one click group whose commands live in a module per group of
commands (:mod:`.rules`, :mod:`.resolving`, :mod:`.sharing`, :mod:`.dashboard`), each
module imported when one of its commands runs. A command imports the engine, the dashboard or the SSH library only when it runs, so a
command pays only for what it uses and ``--help`` for none of it.

Errors in input end the run with one line on stderr and exit status 2; a resolution that
stops at an unanswered decision exits with status 3.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

import click

from armistice.core.errors import ArmisticeError, printable
from armistice.tui.cli.options import EXIT_INPUT

COMMANDS = {
    "assumptions": "rules:assumptions",
    "check": "rules:check",
    "export": "sharing:export",
    "games": "sharing:list_games",
    "import": "sharing:import_moves",
    "keygen": "sharing:keygen",
    "keys": "sharing:keys_file",
    "new": "rules:new",
    "odds": "resolving:odds",
    "play": "dashboard:play",
    "resolve": "resolving:resolve",
    "scenarios": "rules:list_scenarios",
    "schema": "rules:schema",
    "serve": "dashboard:serve",
    "verify": "rules:verify",
}
"""Each command's name -> ``module:function`` in this package, imported when it is run or
listed."""


class Commands(click.Group):
    """The group of :data:`COMMANDS`, each module imported only when one of its commands is
    asked for (``armistice --help`` asks for every one)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, _, name = COMMANDS[cmd_name].partition(":")
        command: click.Command = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return command


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="armistice")
def cli() -> None:
    """Resolve the Fall of France and Vichy France rules of World War II strategy games,
    with every modifier cited, exact odds and replayable saves."""


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv``; return the exit status instead of raising."""
    try:
        result = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="armistice",
            standalone_mode=False,
        )
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        click.echo(f"armistice: error: {_one_line(error)}", err=True)
        return error.exit_code
    except click.Abort:
        click.echo("armistice: aborted", err=True)
        return 1
    except ArmisticeError as error:
        click.echo(f"armistice: error: {error}", err=True)
        return EXIT_INPUT
    except OSError as error:
        where = printable(str(error.filename or ""))
        click.echo(f"armistice: error: {where}: {error.strerror}", err=True)
        return EXIT_INPUT
    except Exception as error:
        if os.environ.get("ARMISTICE_DEBUG"):
            raise
        click.echo(
            printable(f"armistice: internal error: {type(error).__name__}: {error}")
            + " (set ARMISTICE_DEBUG=1 for details)",
            err=True,
        )
        return 70
    return result if isinstance(result, int) else 0


def _one_line(error: click.ClickException) -> str:
    """A click error (a bad option value, a missing argument, an unknown option) as one line:
    the command, the option and the reason, then where to find help."""
    message = error.format_message()
    if not isinstance(error, click.UsageError) or error.ctx is None:
        return printable(message)
    command = error.ctx.command_path
    param = getattr(error, "param", None)
    if type(error) is click.BadParameter and param is not None:
        name = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
        message = f"{name}: {error.message}"
    where = command.removeprefix("armistice").strip()
    text = f"{where}: {message}" if where else message
    return printable(f"{text.rstrip('.')} (see {command} --help)")


def main() -> None:
    """Console entry point of `armistice`."""
    sys.exit(run())
