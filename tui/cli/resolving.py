"""The commands that play a game through without the dashboard: ``resolve`` (alone or as
one side of a shared game) and ``odds``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from armistice.core.errors import SaveError
from armistice.tui.cli.options import ASSUME, DECIDE, EXIT_PENDING, SEED, TABLES, shared_options

if TYPE_CHECKING:
    from armistice.core.game import Game


@click.command()
@click.argument("scenario", metavar="[SCENARIO]", required=False)
@shared_options
@click.option(
    "--undo", "ask_undo", is_flag=True, help="Shared game: ask to take back your last answer."
)
@click.option(
    "--accept-undo",
    "accept_undo",
    is_flag=True,
    help="Shared game: accept the undo the other side asked.",
)
@click.option(
    "--refuse-undo",
    "refuse_undo",
    is_flag=True,
    help="Shared game: refuse the undo the other side asked.",
)
@click.option(
    "--dice",
    default="",
    metavar="N,N,...",
    help="Die results to use, in order (a batch of rolls takes one per member).",
)
@click.option("--seed", type=SEED, help="Seed for the dice the app rolls (printed either way).")
@DECIDE
@click.option(
    "--answers",
    "answers_file",
    metavar="FILE",
    help="Answers in order: a save file or a JSON list.",
)
@ASSUME
@TABLES
@click.option(
    "--next",
    "next_key",
    metavar="KEY",
    help="Once the running procedure is finished, start the procedure KEY it leads to.",
)
@click.option(
    "--facts",
    "facts_path",
    metavar="FILE",
    help="Answers by key (TOML or JSON), and in its [next] table the facts --next needs.",
)
@click.option("--auto", is_flag=True, help="Take the default for every unanswered decision.")
@click.option("--save", "save_to", metavar="FILE", help="Write the game to a save file.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a report.")
@click.option("--log", "with_log", is_flag=True, help="Add the full log to the report.")
def resolve(
    scenario: str | None,
    game_at: str | None,
    side: str | None,
    new_from: str | None,
    by_mail: bool,
    public_keys: tuple[str, ...],
    identity: str | None,
    ask_undo: bool,
    accept_undo: bool,
    refuse_undo: bool,
    dice: str,
    seed: int | None,
    decide: tuple[str, ...],
    answers_file: str | None,
    assume: tuple[str, ...],
    tables: tuple[str, ...],
    next_key: str | None,
    facts_path: str | None,
    auto: bool,
    save_to: str | None,
    as_json: bool,
    with_log: bool,
) -> int:
    """Resolve SCENARIO (a scenario file, a bundled name or a save file), or answer your
    side's prompts in the shared game --game FILE.db:NAME as --side SIDE.

    Dice come from --dice in order, then from the seed (a shared game: drawn when rolled,
    or agreed by commit and reveal by mail). A decision nothing answers stops the run with
    its prompt (exit status 3) unless --auto; so does a shared game waiting for the other
    side, and, in a shared game, a turn's menu that --decide does not answer (--auto never
    takes its default there). In a shared game each answer is stored as it is given: an
    option left unused is a warning, not a refusal of what went before.
    """
    if save_to is not None and not save_to.strip():
        raise SaveError("--save", "", "needs a file name")
    if accept_undo and refuse_undo:
        raise click.UsageError("--accept-undo and --refuse-undo: give one of them")
    settle = "accept" if accept_undo else "refuse" if refuse_undo else None
    if game_at is None:
        for given, option in (
            (side, "--side"),
            (new_from, "--new"),
            (by_mail or None, "--mail"),
            (public_keys, "--key"),
            (identity, "--identity"),
            (ask_undo or None, "--undo"),
            (settle, f"--{settle}-undo"),
        ):
            if given:
                raise click.UsageError(f"{option} needs --game FILE.db:NAME")
        if scenario is None:
            raise click.UsageError("give a SCENARIO, or a shared game with --game")
        return _solo(
            scenario,
            dice,
            seed,
            decide,
            answers_file,
            assume,
            tables,
            next_key,
            facts_path,
            auto,
            save_to,
            as_json,
            with_log,
        )
    if scenario is not None:
        raise click.UsageError(
            "give a SCENARIO or --game, not both (--new SCENARIO creates the game)"
        )
    for given, option in ((seed, "--seed"), (answers_file, "--answers"), (facts_path, "--facts")):
        if given is not None:
            raise click.UsageError(f"{option} does not apply to a shared game")
    from armistice.core import decode
    from armistice.tui import games, scripted
    from armistice.tui.documents import choices, json_report
    from armistice.tui.report import render

    host = games.attach(game_at, side, new_from, by_mail, public_keys, identity, assume, tables)
    decisions = decode.words(decide, "--decide")
    status, warnings, notes = games.act(
        host,
        ask_undo=ask_undo,
        settle=settle,
        rolls=scripted.dice(dice),
        decisions=decisions,
        auto=auto,
        next_key=next_key,
    )
    _save(host.game, save_to)
    if as_json:
        click.echo(json_report(host.game, choices(decisions, set())))
    else:
        click.echo(render(host.game, with_log, host.dice))
        click.echo(games.status(host))
        for note in notes:
            click.echo(note)
        if save_to:
            click.echo(f"Saved to {save_to}")
    _warn(warnings)
    return status


def _solo(
    scenario: str,
    dice: str,
    seed: int | None,
    decide: tuple[str, ...],
    answers_file: str | None,
    assume: tuple[str, ...],
    tables: tuple[str, ...],
    next_key: str | None,
    facts_path: str | None,
    auto: bool,
    save_to: str | None,
    as_json: bool,
    with_log: bool,
) -> int:
    """``resolve`` of a scenario or a save played alone; returns the exit status."""
    from collections import deque

    from armistice.core import decode
    from armistice.core.errors import IllegalAnswer
    from armistice.tui import scripted
    from armistice.tui.opening import open_game
    from armistice.tui.prompting import describe_pending, stopped
    from armistice.tui.report import render

    game = open_game(scenario, decode.words(assume, "--assume"), seed, tables)
    if stopped(game):
        game.undo()
    queued, held = scripted.answer_file(answers_file, game) if answers_file else (deque(), "")
    decisions = decode.words(decide, "--decide")
    link: dict[str, Any] = {}
    told: dict[str, str] = {}
    if facts_path:
        told, link = scripted.facts_file(facts_path)
        for key in told.keys() & decisions.keys():
            raise IllegalAnswer(f"--decide {key}", f"also answered in {facts_path}; keep one")
        decisions |= told
    follow = (next_key, link, facts_path or "--facts") if next_key else None
    warnings = scripted.play_out(
        game,
        scripted.dice(dice),
        decisions,
        queued,
        auto,
        answers_file or "--answers",
        held,
        follow,
        dict.fromkeys(told, facts_path or "--facts"),
    )
    _save(game, save_to)
    if as_json:
        from armistice.tui.documents import choices, json_report

        click.echo(json_report(game, choices(decisions, set())))
    else:
        click.echo(render(game, with_log))
        if game.prompt is not None:
            click.echo(describe_pending(game, game.prompt))
        if save_to:
            click.echo(f"Saved to {save_to}")
    _warn(warnings)
    return 0 if game.complete else EXIT_PENDING


def _save(game: Game, save_to: str | None) -> None:
    """Write ``game`` to the save file ``save_to`` (nothing when None); raises SaveError
    naming the file when it cannot be written."""
    if not save_to:
        return
    from armistice.tui import saves

    try:
        saves.write(game, save_to)
    except OSError as error:
        raise SaveError(save_to, "", f"cannot be written: {error.strerror}") from None


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        click.echo(f"armistice: warning: {warning}", err=True)


@click.command()
@click.argument("scenario", metavar="SCENARIO")
@DECIDE
@ASSUME
@TABLES
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds(
    scenario: str,
    decide: tuple[str, ...],
    assume: tuple[str, ...],
    tables: tuple[str, ...],
    as_json: bool,
) -> int:
    """Exact odds of every outcome of SCENARIO from its current state: each roll's results,
    each weighted total of a batch of rolls, each outcome and the joint outcomes.

    Decisions not given with --decide take their defaults, which are listed.
    """
    from armistice.core import decode
    from armistice.tui import documents
    from armistice.tui.opening import open_game

    game = open_game(scenario, decode.words(assume, "--assume"), None, tables)
    result = documents.odds_given(game, decode.words(decide, "--decide"))
    if as_json:
        click.echo(documents.odds_json(game, result))
    else:
        click.echo("\n".join(documents.odds_text(game, result)))
    return 0
