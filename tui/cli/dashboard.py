"""The commands that open the dashboard: ``play`` at this terminal, ``serve`` to web
browsers or, with ``--ssh``, to players who connect with ssh."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from armistice.tui.cli.options import ASSUME, SEED, TABLES, Whole, shared_options


@click.command()
@click.argument("source", metavar="[SCENARIO|SAVE]", required=False)
@shared_options
@click.option("--seed", type=SEED, help="Seed for the dice the app rolls.")
@ASSUME
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
    from armistice.core import decode
    from armistice.tui.app import ArmisticeApp
    from armistice.tui.opening import open_game

    if game_at is not None:
        if source is not None or seed is not None:
            raise click.UsageError(
                "give a SCENARIO or --game, not both (--new SCENARIO creates it)"
            )
        from armistice.tui.games import attach

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


@click.command()
@click.argument("source", metavar="[SCENARIO|SAVE]", required=False)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=Whole(0, 65535), help="Port to listen on.  [default: 8000; 8022 with --ssh]"
)
@click.option(
    "--max-sessions",
    type=Whole(1),
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
    type=Whole(1),
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
        run_ssh(
            host,
            8022 if port is None else port,
            store,
            keys_file,
            host_key,
            max_sessions or 16,
            idle or 30,
        )
        return 0
    for given, option in (
        (store, "--store"),
        (keys_file, "--keys"),
        (host_key, "--host-key"),
        (idle, "--idle"),
    ):
        if given:
            raise click.UsageError(f"{option} applies with --ssh only")
    from armistice.tui.opening import open_game
    from armistice.tui.serve import serve as run_server

    if tables and not source:
        raise click.UsageError("--tables needs a SCENARIO to play with them")
    command = [sys.executable, "-m", "armistice.tui.cli", "play"]
    if source:
        open_game(source, {}, None, tables)
        command += [source]
        for path in tables:
            command += ["--tables", str(Path(path).resolve())]
    run_server(shlex.join(command), host, 8000 if port is None else port, max_sessions or 4)
    return 0
