"""Opening a game from what a player names at the command line: a scenario (a path or a
bundled name) with house tables and assumptions, or a save file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from armistice.core import scenario as scenarios
from armistice.core.errors import SaveError, UnknownAssumption
from armistice.core.game import Game
from armistice.core.prompts import Via
from armistice.tui import saves


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
