"""The `armistice` command: list scenarios, resolve one, give its odds, list assumptions.

Errors in input end the run with one line on stderr and exit status 2; a
resolution that stops at an unanswered decision exits with status 3.
"""

from __future__ import annotations

import os
import shlex
import sys
import textwrap
from collections import deque
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import click
import msgspec

from armistice.core import decode, systems
from armistice.core import scenario as scenarios
from armistice.core.errors import (
    ArmisticeError,
    IllegalAnswer,
    SaveError,
    UnknownAssumption,
    printable,
)
from armistice.core.fields import Field, describe, explain
from armistice.core.game import Game
from armistice.core.odds import Policy
from armistice.core.odds import odds as exact_odds
from armistice.core.prompts import AnswerValue, Decision, Prompt, Via
from armistice.core.savefile import SaveFile
from armistice.host import keys
from armistice.host.records import SPECTATOR, Mode, StoreError
from armistice.host.shared import SharedHost, header_for
from armistice.host.store import Store
from armistice.tui import games, positions, saves, scripted, seats
from armistice.tui.prompting import describe_pending, parse_decision, result_name, stopped
from armistice.tui.report import overview, render

EXIT_INPUT = 2
EXIT_PENDING = 3


def open_game(
    source: str, assume: dict[str, str], seed: int | None, tables: Sequence[str] = ()
) -> Game:
    """A new game from a scenario (path or bundled name), run with the house tables in the
    files ``tables`` (``--tables``) if any, the scenario checked under them, or the game in a save file (recognised by its
    content, whatever its name), which fixes its assumptions and tables.

    Raises ArmisticeError naming the file or option, the field and the reason."""
    path = Path(source)
    if path.is_file() and saves.is_save(path):
        for given, option, field in (
            (assume, "--assume", "assumptions"),
            (tables, "--tables", "tables"),
        ):
            if given:
                raise SaveError(
                    source,
                    field,
                    f"a save file fixes its {field}; drop {option} or start from the scenario",
                )
        game = Game.open(path)
        if seed is not None and seed != game.seed:
            if any(a.via is Via.ROLLED for a in game.answers):
                raise SaveError(
                    source,
                    "seed",
                    f"its dice were rolled from seed {game.seed}, which the save keeps; "
                    "drop --seed",
                )
            game.seed = seed
        return game
    try:
        loaded, house = scenarios.load_with(source, tables, assume)
        return Game(loaded, assumptions=assume, seed=seed, tables=house)
    except UnknownAssumption as error:
        raise UnknownAssumption(f"--assume {error.where}", error.reason) from None


def _choices(decisions: dict[str, str], asked: set[str]) -> Policy:
    """The odds policy that answers each prompt named in ``decisions`` (``--decide`` texts)
    and takes the defaults of the rest; adds every key it is asked about to ``asked``. A
    turn's menu of actions named there is answered once at its turn and phase (a menu asked
    again under the same key takes its default, which stops the game); the World at War
    menus are keyed by the action's number, so ``action.1=attack`` takes the first."""
    menus: set[tuple[str, Any]] = set()

    def choose(prompt: Prompt) -> AnswerValue | None:
        asked.add(prompt.key)
        text = decisions.get(prompt.key)
        clock = getattr(prompt, "clock", None)
        if text is None or (clock is not None and (prompt.key, clock) in menus):
            return None
        if clock is not None:
            menus.add((prompt.key, clock))
        return parse_decision(prompt, text)

    return choose


def _json_report(game: Game, choose: Policy | None = None) -> bytes:
    """The ``resolve --json`` document: the game, its summary and state, and its exact
    ``odds`` from the current state (open decisions answered by ``choose``, else defaults)."""
    document = {
        "game": game.system.key,
        "title": game.system.title,
        "scenario": game.scenario.name,
        "house_tables": house_tables(game),
        "seed": game.seed,
        "complete": game.complete,
        "pending": game.prompt,
        "assumptions": dict(game.assumptions),
        "answers": game.answers,
        "log": game.log,
        "clock": getattr(game.prompt, "clock", None),
        "actions": _open_actions(game),
        "links": [link.to for link in game.links],
        "summary": game.summary,
        "state": game.state,
        "odds": exact_odds(game, choose).document(),
    }
    return msgspec.json.format(msgspec.json.encode(document), indent=2)


def house_tables(game: Game) -> dict[str, str] | None:
    """The ``house_tables`` of a ``--json`` document: the name of each published table file
    the game's house tables replace -> the file its text was read from (the save file for a
    game opened from one); None with the published tables."""
    return dict(game.house.files) if game.house is not None else None


def _open_actions(game: Game) -> list[str]:
    """The actions open now, when the game waits for one (a decision with a clock)."""
    prompt = game.prompt
    if isinstance(prompt, Decision) and prompt.clock is not None:
        return [o.value for o in prompt.options if o.enabled]
    return []


class _Whole(click.ParamType):
    """A whole number in ASCII digits from ``low`` to ``high`` (at most ``decode.MAX_INT``)."""

    name = "N"

    def __init__(self, low: int = 0, high: int = decode.MAX_INT) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return decode.integer(str(value), "", low=self.low, high=self.high)
        except IllegalAnswer as error:
            self.fail(error.reason, param, ctx)


SEED = _Whole()

TABLES = click.option(
    "--tables",
    "tables",
    multiple=True,
    metavar="FILE",
    help="An edited table file to play with instead of the published one (repeatable; the "
    "files verify --tables takes, e.g. a copy of forces.toml); a save records it whole.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="armistice")
def cli() -> None:
    """Resolve the Fall of France and Vichy France rules of World War II strategy games,
    with every modifier cited, exact odds and replayable saves."""


@cli.command("scenarios")
def list_scenarios() -> int:
    """List the bundled scenarios."""
    for entry in scenarios.bundled():
        click.echo(f"{entry.name}  ({entry.system})")
        click.echo(textwrap.fill(entry.title, 78, initial_indent="    ", subsequent_indent="    "))
    return 0


_SCENARIO_HELP = "a scenario file, a bundled scenario's name, or a save file (.json)"


def _shared_options(command: Any) -> Any:
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


@cli.command()
@click.argument("scenario", metavar="[SCENARIO]", required=False)
@_shared_options
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
@click.option("--decide", multiple=True, metavar="KEY=VALUE", help="Answer a decision.")
@click.option(
    "--answers",
    "answers_file",
    metavar="FILE",
    help="Answers in order: a save file or a JSON list.",
)
@click.option("--assume", multiple=True, metavar="KEY=VALUE", help="Change an assumption.")
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
    else:
        if scenario is not None:
            raise click.UsageError(
                "give a SCENARIO or --game, not both (--new SCENARIO creates the game)"
            )
        for given, option in (
            (seed, "--seed"),
            (answers_file, "--answers"),
            (facts_path, "--facts"),
        ):
            if given is not None:
                raise click.UsageError(f"{option} does not apply to a shared game")
        host = attach(game_at, side, new_from, by_mail, public_keys, identity, assume, tables)
        status, warnings, notes = games.act(
            host,
            ask_undo=ask_undo,
            settle=settle,
            rolls=scripted.dice(dice),
            decisions=decode.words(decide, "--decide"),
            auto=auto,
            next_key=next_key,
        )
        if save_to:
            try:
                saves.write(host.game, save_to)
            except OSError as error:
                raise SaveError(save_to, "", f"cannot be written: {error.strerror}") from None
        if as_json:
            click.echo(_json_report(host.game, _choices(decode.words(decide, "--decide"), set())))
        else:
            click.echo(render(host.game, with_log, host.dice))
            click.echo(games.status(host))
            for note in notes:
                click.echo(note)
            if save_to:
                click.echo(f"Saved to {save_to}")
        for warning in warnings:
            click.echo(f"armistice: warning: {warning}", err=True)
        return status
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
    if save_to:
        try:
            saves.write(game, save_to)
        except OSError as error:
            raise SaveError(save_to, "", f"cannot be written: {error.strerror}") from None
    if as_json:
        click.echo(_json_report(game, _choices(decisions, set())))
    else:
        click.echo(render(game, with_log))
        if game.prompt is not None:
            click.echo(describe_pending(game, game.prompt))
        if save_to:
            click.echo(f"Saved to {save_to}")
    for warning in warnings:
        click.echo(f"armistice: warning: {warning}", err=True)
    return 0 if game.complete else EXIT_PENDING


def attach(
    game_at: str,
    side: str | None,
    new_from: str | None,
    by_mail: bool,
    public_keys: Sequence[str],
    identity: str | None,
    assume: Sequence[str],
    tables: Sequence[str],
) -> SharedHost:
    """The host of ``side`` (a player key, or spectator) on the shared game ``game_at``
    (``FILE.db:NAME``), signing with the private key in the file ``identity``; with
    ``new_from`` the game is first created in the store (made if missing) from that scenario
    under ``assume`` and ``tables``, by mail when ``by_mail``, recording ``public_keys``
    (``SIDE=PUBKEY``: a key line or a .pub file). Checks everything before creating the game:
    raises ArmisticeError (one line), with nothing written."""
    path, name = games.split(game_at)
    if side is None:
        raise click.UsageError("--game needs --side SIDE (a player of the game, or spectator)")
    key = keys.load(identity) if identity else None
    if new_from is None:
        for given, option in (
            (by_mail or None, "--mail"),
            (public_keys, "--key"),
            (assume, "--assume"),
            (tables, "--tables"),
        ):
            if given:
                raise click.UsageError(f"{option} applies with --new SCENARIO only")
        return SharedHost(Store(path), name, side, key)
    start = open_game(new_from, decode.words(assume, "--assume"), None, tables)
    if start.answers:
        raise SaveError(new_from, "answers", "a shared game starts from a scenario, not a save")
    public = {
        player: keys.parse_public(line, f"--key {player}")
        for player, line in decode.words(public_keys, "--key").items()
    }
    players = [p.key for p in start.sides.players]
    for player in (side, *public):
        if player not in (*players, SPECTATOR):
            raise StoreError(
                "--side" if player == side else f"--key {player}",
                f"no side {player!r}; the scenario's players are {', '.join(players)}",
            )
    if side in public and (key is None or keys.public_line(key) != public[side]):
        raise StoreError("--identity", f"give the private key of the {side} key --key records")
    header = header_for(start, name, Mode.MAIL if by_mail else Mode.LIVE, public)
    store = Store(path, create=True)
    store.create(header)
    return SharedHost(store, name, side, key)


@cli.command("games")
@click.argument("store", metavar="FILE.db")
def list_games(store: str) -> int:
    """List the shared games in the store FILE.db: each one's rule system, mode (live or by
    mail), whose turn it is and how many records it holds."""
    games.list_games(store)
    return 0


@cli.command()
@click.option("--game", "game_at", required=True, metavar="FILE.db:NAME", help="The game.")
@click.option(
    "--since",
    type=_Whole(),
    default=0,
    show_default=True,
    help="The last record the other player holds; the file holds the records after it.",
)
@click.option(
    "-o", "--output", required=True, metavar="MOVES", help="The move file ('-': print it)."
)
def export(game_at: str, since: int, output: str) -> int:
    """Write the records of a shared game after record N to a move file, to mail to the
    other player (who imports it); from 0 it also holds the game, to create it there."""
    games.export(game_at, since, output)
    return 0


@cli.command("import")
@click.option("--game", "game_at", required=True, metavar="FILE.db:NAME", help="The game.")
@click.option(
    "--identity",
    metavar="KEYFILE",
    help="Your private key: needed to create a game that records keys, which must record "
    "yours for a side.",
)
@click.argument("moves", metavar="MOVES")
def import_moves(game_at: str, identity: str | None, moves: str) -> int:
    """Append the records of the move file MOVES to a shared game, once every record
    continues it: the same game, from your last record on, its hash chain, each side's
    signature and dice. The first file, which creates the game, is taken only when it
    records your key (--identity) for a side. A file already imported is skipped; anything
    else refused, with nothing written."""
    games.import_file(game_at, moves, identity)
    return 0


@cli.command()
@click.argument("file", metavar="FILE")
@click.option("--comment", default="", help="A note at the end of the public key line.")
def keygen(file: str, comment: str) -> int:
    """Create an Ed25519 key for signing your records in shared games: FILE (private, yours
    alone) and FILE.pub; prints the public key line to give with --key SIDE=... ."""
    made = keys.create(file, comment)
    click.echo(keys.public_line(made) + (f" {comment}" if comment else ""))
    return 0


@cli.group("keys")
def keys_file() -> None:
    """Seat players' SSH keys in the games of a store, for a game server: the keys file
    (authorized-keys lines, each with seat="GAME:SIDE") that says which key plays which
    side, or watches as spectator."""


KEYS_FILE = click.option(
    "--keys", "keys_path", required=True, metavar="FILE", help="The keys file of the server."
)


@keys_file.command("add")
@KEYS_FILE
@click.option("--store", "store_path", required=True, metavar="FILE.db", help="The store.")
@click.option("--game", required=True, metavar="NAME", help="The game in the store.")
@click.option(
    "--side",
    metavar="SIDE",
    help="The side the key plays, or spectator (default: the side the game records the key for).",
)
@click.argument("pubkey", metavar="PUBKEY")
def keys_add(keys_path: str, store_path: str, game: str, side: str | None, pubkey: str) -> int:
    """Seat the public key PUBKEY (a line or a .pub file) in the game NAME as SIDE. The game
    must agree: a side whose key it records takes that key alone, and a game by mail is
    played from each player's own store. Makes the keys file if missing."""
    seats.add(keys_path, store_path, game, pubkey, side)
    return 0


@keys_file.command("remove")
@KEYS_FILE
@click.option("--game", metavar="NAME", help="Only the key's seat in this game.")
@click.argument("pubkey", metavar="PUBKEY")
def keys_remove(keys_path: str, game: str | None, pubkey: str) -> int:
    """Take the public key PUBKEY from its seats (in the game NAME only, with --game)."""
    seats.remove(keys_path, pubkey, game)
    return 0


@keys_file.command("list")
@KEYS_FILE
def keys_list(keys_path: str) -> int:
    """List the seats of the keys file: game, side, key fingerprint and comment."""
    seats.list_seats(keys_path)
    return 0


def _percent(p: Fraction) -> str:
    return f"{p!s:>7}  {float(p) * 100:5.1f}%"


@cli.command()
@click.argument("scenario", metavar="SCENARIO")
@click.option("--decide", multiple=True, metavar="KEY=VALUE", help="Answer a decision.")
@click.option("--assume", multiple=True, metavar="KEY=VALUE", help="Change an assumption.")
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
    game = open_game(scenario, decode.words(assume, "--assume"), None, tables)
    decisions = decode.words(decide, "--decide")
    asked: set[str] = set()
    try:
        result = exact_odds(game, _choices(decisions, asked))
    except IllegalAnswer as error:
        if error.where not in decisions:
            raise
        raise IllegalAnswer(f"--decide {error.where}", error.reason) from None
    for key in sorted(decisions.keys() - asked):
        if key in result.rolls:
            raise IllegalAnswer(
                f"--decide {key}",
                "a die: the odds take each of its results; to fix it, play it with "
                "resolve --dice and ask the odds of the save",
            )
        listed = ", ".join(sorted(asked)) or "nothing"
        raise IllegalAnswer(f"--decide {key}", f"never asked; from here the game asks: {listed}")
    if as_json:
        document = {
            "scenario": game.scenario.name,
            "house_tables": house_tables(game),
            "odds": result.document(),
        }
        click.echo(msgspec.json.format(msgspec.json.encode(document), indent=2))
        return 0
    click.echo(f"Exact odds for {game.scenario.name}")
    if game.house is not None:
        click.echo(f"House tables: {game.house.describe()}")
    if result.defaults:
        click.echo("Defaults taken (answer one with --decide KEY=VALUE):")
        width = max(len(key) for key in result.defaults)
        for key in result.defaults:
            click.echo(f"  {key:<{width}}  {result.labels[key]}")
    system, names = game.system, game.system.key_names(game.scenario, game.tables)
    shown = [
        label for dists in (result.rolls, result.marginals) for d in dists.values() for label in d
    ]
    width = max([14, *(len(result_name(system, label)) for label in shown)])
    for key, dist in result.rolls.items():
        click.echo(f"\n{result.labels[key]}")
        for label, p in dist.items():
            click.echo(f"  {result_name(system, label):<{width}} {_percent(p)}")
    for total in result.totals.values():
        click.echo(f"\nTotal: {total.label} ({total.unit})")
        for value, p in total.distribution.items():
            click.echo(f"  {value:>14} {_percent(p)}")
    click.echo("\nEach outcome")
    for key, dist in result.marginals.items():
        click.echo(f"  {names.get(key, key)}")
        for label, p in sorted(dist.items(), key=lambda kv: -kv[1]):
            click.echo(f"    {result_name(system, label):<{width}} {_percent(p)}")
    click.echo("\nJoint outcomes")
    for outcome, p in result.outcomes:
        listed = ", ".join(f"{names.get(k, k)} {result_name(system, v)}" for k, v in outcome)
        click.echo(
            textwrap.fill(
                listed, 78, initial_indent=f"  {_percent(p)}  ", subsequent_indent=" " * 20
            )
        )
    return 0


@cli.command()
@click.argument("source", metavar="[SCENARIO|SAVE]", required=False)
@_shared_options
@click.option("--seed", type=SEED, help="Seed for the dice the app rolls.")
@click.option("--assume", multiple=True, metavar="KEY=VALUE", help="Change an assumption.")
@TABLES
@click.option(
    "--theme", metavar="NAME", help="Colour theme; ansi-dark uses the terminal's palette."
)
def play(
    source: str | None,
    game_at: str | None,
    side: str | None,
    new_from: str | None,
    by_mail: bool,
    public_keys: tuple[str, ...],
    identity: str | None,
    seed: int | None,
    assume: tuple[str, ...],
    tables: tuple[str, ...],
    theme: str | None,
) -> int:
    """Open the dashboard on SCENARIO or SAVE, or on the start screen, or attach to the
    shared game --game FILE.db:NAME as --side SIDE. A save played with house tables
    (--tables) says so in the header."""
    from armistice.tui.app import ArmisticeApp

    if game_at is not None:
        if source is not None or seed is not None:
            raise click.UsageError(
                "give a SCENARIO or --game, not both (--new SCENARIO creates it)"
            )
        host = attach(game_at, side, new_from, by_mail, public_keys, identity, assume, tables)
        app = ArmisticeApp(host=host, theme=theme)
        app.run()
        return app.return_code or 0
    for given, option in ((side, "--side"), (new_from, "--new"), (public_keys, "--key")):
        if given:
            raise click.UsageError(f"{option} needs --game FILE.db:NAME")
    if tables and not source:
        raise click.UsageError("--tables needs a SCENARIO to play with them")
    game = open_game(source, decode.words(assume, "--assume"), seed, tables) if source else None
    app = ArmisticeApp(game, seed=seed, theme=theme)
    app.run()
    return app.return_code or 0


@cli.command()
@click.argument("source", metavar="[SCENARIO|SAVE]", required=False)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=_Whole(0, 65535), help="Port to listen on.  [default: 8000; 8022 with --ssh]"
)
@click.option(
    "--max-sessions",
    type=_Whole(1),
    help="Games played at once; one more is told to wait.  [default: 4; 16 with --ssh]",
)
@TABLES
@click.option(
    "--ssh", "over_ssh", is_flag=True, help="Serve the games of --store over SSH instead."
)
@click.option("--store", metavar="FILE.db", help="With --ssh: the store of the games served.")
@click.option(
    "--keys", "keys_file", metavar="FILE", help="With --ssh: the keys file seating each key."
)
@click.option(
    "--host-key",
    metavar="FILE",
    help="With --ssh: the server's key, made when missing.  [default: beside the store]",
)
@click.option(
    "--idle",
    type=_Whole(1),
    metavar="MINUTES",
    help="With --ssh: close a session after this many minutes without a keypress.  [default: 30]",
)
def serve(
    source: str | None,
    host: str,
    port: int | None,
    max_sessions: int | None,
    tables: tuple[str, ...],
    over_ssh: bool,
    store: str | None,
    keys_file: str | None,
    host_key: str | None,
    idle: int | None,
) -> int:
    """Serve the dashboard to a web browser (one game per browser tab), on SCENARIO with the
    house tables given by --tables if any. Anyone who can reach HOST can read and write this
    machine's files through the dashboard's save dialogs.

    With --ssh, serve the shared games of --store to players who connect with ssh, each
    known by the key they log in with: --keys names each key's seat (see armistice keys)."""
    if over_ssh:
        from armistice.tui.ssh import serve as run_ssh

        for given, option in ((source, "SCENARIO"), (tables, "--tables")):
            if given:
                raise click.UsageError(f"{option} does not apply with --ssh: it serves --store")
        if store is None or keys_file is None:
            raise click.UsageError("--ssh needs --store FILE.db and --keys FILE")
        run_ssh(host, port or 8022, store, keys_file, host_key, max_sessions or 16, idle or 30)
        return 0
    for given, option in (
        (store, "--store"),
        (keys_file, "--keys"),
        (host_key, "--host-key"),
        (idle, "--idle"),
    ):
        if given:
            raise click.UsageError(f"{option} applies with --ssh only")
    from armistice.tui.serve import serve as run_server

    if tables and not source:
        raise click.UsageError("--tables needs a SCENARIO to play with them")
    command = [sys.executable, "-m", "armistice.tui.cli", "play"]
    if source:
        open_game(source, {}, None, tables)
        command += [source]
        for path in tables:
            command += ["--tables", str(Path(path).resolve())]
    run_server(shlex.join(command), host, port or 8000, max_sessions or 4)
    return 0


@cli.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
)
@click.pass_context
def verify(ctx: click.Context) -> int:
    """Prove the rules' invariants with z3 and analyse their tables (see --help)."""
    from armistice.verify.cli import run as run_verify

    return run_verify(list(ctx.args), prog_name="armistice verify")


def _systems(name: str | None) -> tuple[systems.RuleSystem, ...]:
    """The system called ``name``, or every known system when it is None."""
    return (systems.get(name, "SYSTEM", ""),) if name else systems.every()


@cli.command()
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


@cli.command()
@click.argument("scenario", metavar="SCENARIO")
@click.argument("file", metavar="FILE")
def new(scenario: str, file: str) -> int:
    """Write a copy of SCENARIO (a bundled name or a file) to FILE as the start of your own
    position: TOML with every field explained, its unit, bounds and rule. Never overwrites."""
    loaded = scenarios.load(scenario)
    positions.write(loaded, file, scenario, scenarios.notes(scenario))
    click.echo(f"Wrote {file}; check it with: armistice check {shlex.quote(file)}")
    return 0


@cli.command()
@click.argument("file", metavar="FILE")
@TABLES
def check(file: str, tables: tuple[str, ...]) -> int:
    """Check a scenario or save FILE, under the house tables given by --tables if any, and
    show what it resolves to so far, without playing: the summary before the first answer
    (for a save, where it stands) and what comes next."""
    game = open_game(file, {}, None, tables)
    kind = "save" if game.answers or saves.is_save(Path(file)) else "scenario"
    click.echo(f"{file}: a valid {game.system.key} {kind}")
    click.echo(overview(game), nl=False)
    return 0


def _field_lines(fields: tuple[Field, ...]) -> list[str]:
    """Each field and the fields of its entries: the path, then what it holds in words."""
    lines = []
    for field in fields:
        head = f"{field.path}  "
        lines += textwrap.wrap(explain(field), 78, initial_indent=head, subsequent_indent="    ")
        lines += _field_lines(field.items)
    return lines


@cli.command()
@click.argument("kind", type=click.Choice(["scenario", "save"]))
@click.argument("system", required=False)
@click.option(
    "--fields", "as_fields", is_flag=True, help="List the fields in words instead of JSON Schema."
)
def schema(kind: str, system: str | None, as_fields: bool) -> int:
    """Print the JSON Schema of a scenario file (of SYSTEM, default: any rule system) or of a
    save file; with --fields, each field's path, label, unit, bounds and rule in words."""
    if as_fields:
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


if __name__ == "__main__":
    main()
