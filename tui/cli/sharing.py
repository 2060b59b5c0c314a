"""The commands of shared games and their keys: ``games``, ``export`` and ``import`` (play
by mail), ``keygen``, and ``keys`` (the seats of a game server's keys file)."""

from __future__ import annotations

import click

from armistice.tui.cli.options import Whole


@click.command("games")
@click.argument("store", metavar="FILE.db")
def list_games(store: str) -> int:
    """List the shared games in the store FILE.db: each one's rule system, mode (live or by
    mail), whose turn it is and how many records it holds."""
    from armistice.tui import games

    games.list_games(store)
    return 0


@click.command()
@click.option("--game", "game_at", required=True, metavar="FILE.db:NAME", help="The game.")
@click.option(
    "--since",
    type=Whole(),
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
    from armistice.tui import games

    games.export(game_at, since, output)
    return 0


@click.command("import")
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
    from armistice.tui import games

    games.import_file(game_at, moves, identity)
    return 0


@click.command()
@click.argument("file", metavar="FILE")
@click.option("--comment", default="", help="A note at the end of the public key line.")
def keygen(file: str, comment: str) -> int:
    """Create an Ed25519 key for signing your records in shared games: FILE (private, yours
    alone) and FILE.pub; prints the public key line to give with --key SIDE=... ."""
    from armistice.host import keys

    made = keys.create(file, comment)
    click.echo(keys.public_line(made) + (f" {comment}" if comment else ""))
    return 0


@click.group("keys")
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
    from armistice.tui import seats

    seats.add(keys_path, store_path, game, pubkey, side)
    return 0


@keys_file.command("remove")
@KEYS_FILE
@click.option("--game", metavar="NAME", help="Only the key's seat in this game.")
@click.argument("pubkey", metavar="PUBKEY")
def keys_remove(keys_path: str, game: str | None, pubkey: str) -> int:
    """Take the public key PUBKEY from its seats (in the game NAME only, with --game)."""
    from armistice.tui import seats

    seats.remove(keys_path, pubkey, game)
    return 0


@keys_file.command("list")
@KEYS_FILE
def keys_list(keys_path: str) -> int:
    """List the seats of the keys file: game, side, key fingerprint and comment."""
    from armistice.tui import seats

    seats.list_seats(keys_path)
    return 0
