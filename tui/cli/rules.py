"""The commands about the rules themselves: the bundled ``scenarios``, a system's
``assumptions``, a ``new`` position and its ``check``, the files' ``schema``, and the proofs
(``verify``)."""

from __future__ import annotations

import shlex
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import click

from armistice.tui.cli.options import TABLES

if TYPE_CHECKING:
    from armistice.core.fields import Field
    from armistice.core.systems import RuleSystem


@click.command("scenarios")
def list_scenarios() -> int:
    """List the bundled scenarios."""
    from armistice.core import scenario as scenarios

    for entry in scenarios.bundled():
        click.echo(f"{entry.name}  ({entry.system})")
        click.echo(textwrap.fill(entry.title, 78, initial_indent="    ", subsequent_indent="    "))
    return 0


@click.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
)
@click.pass_context
def verify(ctx: click.Context) -> int:
    """Prove the rules' invariants with z3 and analyse their tables (see --help)."""
    from armistice.verify.cli import run as run_verify

    return run_verify(list(ctx.args), prog_name="armistice verify")


def _systems(name: str | None) -> tuple[RuleSystem, ...]:
    """The system called ``name``, or every known system when it is None."""
    from armistice.core import systems

    return (systems.get(name, "SYSTEM", ""),) if name else systems.every()


@click.command()
@click.argument("system", required=False)
def assumptions(system: str | None) -> int:
    """List the named assumptions of SYSTEM (default: every rule system): key, rule, choices,
    why."""
    for rule_system in _systems(system):
        click.echo(f"== {rule_system.key}: {rule_system.title}")
        click.echo()
        for a in rule_system.assumptions:
            click.echo(f"{a.key}  ({a.rule})")
            click.echo(textwrap.fill(a.question, 78, initial_indent="  ", subsequent_indent="  "))
            for c in a.choices:
                mark = "*" if c.value == a.default else " "
                head = f"  {mark} {c.value:<14} "
                click.echo(
                    textwrap.fill(c.means, 78, initial_indent=head, subsequent_indent=" " * 19)
                )
            why = f"why: {a.why}"
            click.echo(textwrap.fill(why, 78, initial_indent="  ", subsequent_indent="  "))
            click.echo()
    click.echo("* marks the default; change one with --assume KEY=VALUE")
    return 0


@click.command()
@click.argument("scenario", metavar="SCENARIO")
@click.argument("file", metavar="FILE")
def new(scenario: str, file: str) -> int:
    """Write a copy of SCENARIO (a bundled name or a file) to FILE as the start of your own
    position: TOML with every field explained, its unit, bounds and rule. Never overwrites."""
    from armistice.core import scenario as scenarios
    from armistice.tui import positions

    loaded = scenarios.load(scenario)
    positions.write(loaded, file, scenario, scenarios.notes(scenario))
    click.echo(f"Wrote {file}; check it with: armistice check {shlex.quote(file)}")
    return 0


@click.command()
@click.argument("file", metavar="FILE")
@TABLES
def check(file: str, tables: tuple[str, ...]) -> int:
    """Check a scenario or save FILE, under the house tables given by --tables if any, and
    show what it resolves to so far, without playing: the summary before the first answer
    (for a save, where it stands) and what comes next."""
    from armistice.tui import saves
    from armistice.tui.opening import open_game
    from armistice.tui.report import overview

    game = open_game(file, {}, None, tables)
    kind = "save" if game.answers or saves.is_save(Path(file)) else "scenario"
    click.echo(f"{file}: a valid {game.system.key} {kind}")
    click.echo(overview(game), nl=False)
    return 0


def _field_lines(fields: tuple[Field, ...]) -> list[str]:
    """Each field and the fields of its entries: the path, then what it holds in words."""
    from armistice.core.fields import explain

    lines = []
    for field in fields:
        head = f"{field.path}  "
        lines += textwrap.wrap(explain(field), 78, initial_indent=head, subsequent_indent="    ")
        lines += _field_lines(field.items)
    return lines


@click.command()
@click.argument("kind", type=click.Choice(["scenario", "save"]))
@click.argument("system", required=False)
@click.option(
    "--fields", "as_fields", is_flag=True, help="List the fields in words instead of JSON Schema."
)
def schema(kind: str, system: str | None, as_fields: bool) -> int:
    """Print the JSON Schema of a scenario file (of SYSTEM, default: any rule system) or of a
    save file; with --fields, each field's path, label, unit, bounds and rule in words."""
    import msgspec

    from armistice.core.savefile import SaveFile

    if as_fields:
        from armistice.core.fields import describe

        chosen = [SaveFile] if kind == "save" else [s.scenario_type for s in _systems(system)]
        for i, struct in enumerate(chosen):
            if kind == "scenario":
                click.echo(("\n" if i else "") + f"== {_systems(system)[i].key}")
            click.echo("\n".join(_field_lines(describe(struct))))
        return 0
    if kind == "save":
        document = msgspec.json.schema(SaveFile)
    else:
        types = [s.scenario_type for s in _systems(system)]
        if len(types) == 1:
            document = msgspec.json.schema(types[0])
        else:
            refs, defs = msgspec.json.schema_components(types)
            document = {"anyOf": list(refs), "$defs": defs}
    click.echo(msgspec.json.format(msgspec.json.encode(document), indent=2))
    return 0
