"""Shared games on the command line: a side answering its prompts in a store, the games a
store holds, and move files written and read for play by mail.

Every refusal is an :class:`~armistice.core.errors.ArmisticeError` (one line, naming the
file, the game and the record), raised before anything is written.
"""

from __future__ import annotations

import tempfile
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from armistice.core import decode, files
from armistice.core.errors import IllegalAnswer, SaveError
from armistice.core.prompts import Decision, Prompt, Roll, Rolls, Via
from armistice.host import keys, mail
from armistice.host.records import SPECTATOR, Mode, StoreError
from armistice.host.shared import SharedHost, called, header_for, overview
from armistice.host.store import Store
from armistice.tui import scripted
from armistice.tui.opening import open_game
from armistice.tui.prompting import describe_pending, parse_decision

EXIT_PENDING = 3


def split(game_at: str) -> tuple[str, str]:
    """The store file and game name of ``FILE.db:NAME`` (``--game``); raises StoreError
    naming ``--game`` when either is missing."""
    path, colon, name = game_at.rpartition(":")
    if not colon or not path.strip() or not name.strip():
        raise StoreError("--game", f"{game_at!r}: give FILE.db:NAME, the store and the game in it")
    return path, name


def play_side(
    host: SharedHost,
    rolls: deque[int],
    decisions: dict[str, str],
    auto: bool,
) -> set[str]:
    """Answer every prompt ``host``'s side may answer now: a decision from ``decisions``
    (by prompt key, each used once) or its default with ``auto``, except a turn's menu (a
    decision with a clock) in a shared game, which --decide alone answers; a die given in
    ``decisions`` by its key (a batch: by its key, or each member by its member key, the
    members left out taking ``rolls`` in order) typed by the side that owns it; else a die
    typed from ``rolls`` when the side rolls it, else rolled (drawn when rolled, or this
    side's commit and reveal by mail, which every player takes whoever's die it is). Stops
    at another side's prompt, a die waiting for another player's secret, or a decision
    nothing answers. Returns the keys of ``decisions`` used.

    Raises IllegalAnswer naming ``--decide KEY`` or ``--dice`` for a refused answer (a die
    given by key for another side's die: before anything is written for it), and
    StoreError when the store refuses the record."""
    used: set[str] = set()
    while (prompt := host.game.prompt) is not None:
        if isinstance(prompt, Roll | Rolls) and _given(prompt, decisions, used):
            used.update(_typed(host, prompt, decisions, rolls))
        elif isinstance(prompt, Roll | Rolls):
            if rolls and host.may_answer(prompt):
                if isinstance(prompt, Rolls):
                    value: Any = {m.key: rolls.popleft() for m in prompt.members}
                else:
                    value = rolls.popleft()
                try:
                    host.answer(value, Via.TYPED)
                except IllegalAnswer as error:
                    raise IllegalAnswer("--dice", f"{error.where}: {error.reason}") from None
            elif host.may_answer(prompt):
                if host.roll() is None:
                    return used
            else:
                return used
        elif not host.may_answer(prompt):
            return used
        elif prompt.key in decisions and prompt.key not in used:
            try:
                host.answer(parse_decision(prompt, decisions[prompt.key]))
            except IllegalAnswer as error:
                raise IllegalAnswer(f"--decide {prompt.key}", error.reason) from None
            used.add(prompt.key)
        elif auto and not turn_menu(prompt):
            host.answer(prompt.default_answer(), Via.DEFAULT)
        else:
            return used
    return used


def turn_menu(prompt: Prompt) -> bool:
    """Whether ``prompt`` is a turn's menu (a decision with a clock), whose default may be
    to stop the game for both players, so that --auto never answers it in a shared game."""
    return isinstance(prompt, Decision) and prompt.clock is not None


def _given(prompt: Roll | Rolls, decisions: dict[str, str], used: set[str]) -> bool:
    """Whether ``decisions`` gives the die ``prompt`` by its key or, for a batch, a member."""
    named = (
        [prompt.key, *(m.key for m in prompt.members)]
        if isinstance(prompt, Rolls)
        else [prompt.key]
    )
    return any(k in decisions and k not in used for k in named)


def _typed(
    host: SharedHost, prompt: Roll | Rolls, decisions: dict[str, str], rolls: deque[int]
) -> list[str]:
    """Type the die ``prompt`` as ``decisions`` gives it, for the side that owns it; returns
    the keys used. Raises IllegalAnswer naming ``--decide KEY`` for a die another side owns
    (nothing is written) or a value the die refuses."""
    named = [prompt.key] if prompt.key in decisions else []
    if not named and isinstance(prompt, Rolls):
        named = [m.key for m in prompt.members if m.key in decisions]
    player = host.game.player(prompt)
    if host.side == SPECTATOR or (player is not None and player.key != host.side):
        owner = called(host.game, player)
        raise IllegalAnswer(
            f"--decide {named[0]}", f"only {owner} gives this die; it is not yours to type"
        )
    if named == [prompt.key]:
        try:
            host.answer(parse_decision(prompt, decisions[prompt.key]), Via.TYPED)
        except IllegalAnswer as error:
            raise IllegalAnswer(f"--decide {prompt.key}", error.reason) from None
        return named
    assert isinstance(prompt, Rolls)
    return scripted.answer_members(host, prompt, decisions, rolls, lambda k: f"--decide {k}")


def _name(host: SharedHost, side: str) -> str:
    """How the player keyed ``side`` is named: "the Axis player"."""
    player = next((p for p in host.game.sides.players if p.key == side), None)
    return called(host.game, player) if player is not None else side


def status(host: SharedHost) -> str:
    """What the shared game waits for, as the line ``resolve`` ends its report with: this
    side's prompt (with how to answer it), another player, a die's secrets, or "Complete"."""
    game, prompt = host.game, host.game.prompt
    asked = host.undo_asked
    if asked is not None:
        answer = f"{asked.answer.key} = {asked.answer.value}"
        if asked.side == host.side:
            others = [p.key for p in game.sides.players if p.key != host.side]
            other = _name(host, others[0]) if len(others) == 1 else "the other players"
            return f"Waiting for {other} to accept or refuse taking back {answer}"
        asking = _name(host, asked.side)
        if host.side == SPECTATOR:
            return f"{asking[0].upper()}{asking[1:]} asks to take back {answer}"
        return (
            f"{asking[0].upper()}{asking[1:]} asks to take back {answer}: answer with "
            "--accept-undo or --refuse-undo"
        )
    if prompt is None:
        return "Complete."
    if not host.may_answer(prompt):
        return f"Waiting for {host.waiting_for(prompt)}: {prompt.label}"
    return describe_pending(game, prompt, auto=not turn_menu(prompt))


def act(
    host: SharedHost,
    *,
    ask_undo: bool,
    settle: str | None,
    rolls: deque[int],
    decisions: dict[str, str],
    auto: bool,
    next_key: str | None,
) -> tuple[int, list[str], list[str]]:
    """What ``resolve --game`` does before its report: settle the undo the other side asked
    (``settle``: accept or refuse), ask to take back this side's last answer (``ask_undo``:
    nothing else is answered then), or take the link ``next_key`` once the running procedure
    is complete and answer this side's prompts (:func:`play_side`); each answer is stored as
    it is given. Returns the exit status (0 once the game is complete and no undo waits,
    else 3), a warning for each ``--decide`` or ``--dice`` value not used (its answer is
    given by another side, or later), and notes for the report (--auto stopped at a turn's
    menu). Nothing is answered while the other side's undo waits to be settled, nor by a
    spectator: IllegalAnswer naming the option a spectator gives (--dice, --undo,
    --accept-undo, --refuse-undo, --next)."""
    if host.side == SPECTATOR:
        for given, option in (
            (rolls, "--dice"),
            (ask_undo, "--undo"),
            (settle, f"--{settle}-undo"),
            (next_key, "--next"),
        ):
            if given:
                raise IllegalAnswer(option, "a spectator answers nothing")
    unused: set[str] = set()
    notes: list[str] = []
    if settle is not None:
        host.settle_undo(settle == "accept")
    asked = host.undo_asked
    if host.side == SPECTATOR:
        unused = set(decisions)
    elif ask_undo:
        host.undo()
    elif asked is None or asked.side == host.side:
        if next_key is not None and host.game.complete:
            host.next(next_key)
        unused = decisions.keys() - play_side(host, rolls, decisions, auto)
        prompt = host.game.prompt
        if auto and prompt is not None and turn_menu(prompt) and host.may_answer(prompt):
            notes.append(
                f"--auto stops at {prompt.key}: in a shared game a turn's menu is answered "
                f"with --decide {prompt.key}=ACTION, never by its default"
            )
    waiting = host.game.prompt is not None or host.undo_asked is not None
    warnings = [f"--decide {key} not used: {status(host)}" for key in sorted(unused)]
    if rolls:
        left = ",".join(str(r) for r in rolls)
        warnings.append(f"--dice {left} not used: {status(host)}")
    return (EXIT_PENDING if waiting else 0), warnings, notes


def list_games(path: str) -> None:
    """``armistice games``: each game of the store at ``path``, its system, mode, whose turn
    it is and how many records it holds."""
    with Store(path) as store:
        rows = overview(store)
    if not rows:
        click.echo(f"{path} holds no game.")
        return
    head = ("game", "system", "mode", "turn", "records")
    table = [
        head,
        *((r.name, r.system, r.mode.value, r.turn, str(r.records)) for r in rows),
    ]
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for row in table:
        click.echo(
            "  ".join(f"{cell:<{w}}" for cell, w in zip(row, widths, strict=False))
            + f"  {row[4]:>7}"
        )


def export(game_at: str, since: int, output: str) -> None:
    """``armistice export``: the move file of the records after ``since`` written to
    ``output`` (``-``: standard output) all at once. Refuses, writing nothing, a file there
    that is not a move file."""
    path, name = split(game_at)
    with Store(path) as store:
        data = mail.export(store, name, since)
    moves = mail.read(data, "export")
    if output == "-":
        click.echo(data.decode(), nl=False)
        return
    _replace(Path(output), data)
    first, last = since + 1, since + len(moves.records)
    what = f"records {first} to {last}" if moves.records else "no record"
    click.echo(f"Wrote {what} of game {name} to {output}")


def _replace(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a file beside it, renamed over it at the end."""
    if target.is_dir() or (target.exists() and not _is_moves(target)):
        raise StoreError(str(target), "exists and is not a move file; armistice leaves it be")
    folder = target.parent
    if not folder.is_dir():
        raise StoreError(str(target), f"no folder {folder}")
    files.replace(target, data, prefix=".moves-")


def _is_moves(path: Path) -> bool:
    """Whether ``path`` holds a move file (a JSON object naming the move format)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return b'"format":"armistice-moves"' in head.replace(b" ", b"")


def import_file(game_at: str, moves_path: str, identity: str | None = None) -> None:
    """``armistice import``: the move file ``moves_path`` appended to the game ``--game``
    names, the store and the game created from the file's first move file when missing.
    ``identity`` is the importer's private key file: needed when the file creates a game that
    records keys, and one of them must be its key (said with the side and its fingerprint)."""
    path, name = split(game_at)
    try:
        data = Path(moves_path).read_bytes()
    except OSError as error:
        raise StoreError(moves_path, f"cannot be read: {error.strerror}") from None
    mine = keys.public_line(keys.load(identity)) if identity else None
    if not Path(path).exists():
        _trial(path, name, data, moves_path, mine)
    with Store(path, create=True) as store:
        held = name in store.names()
        added = mail.import_moves(store, name, data, moves_path, mine, own_key=True)
        host = SharedHost(store, name, "spectator")
        if not added and not held:
            click.echo(f"Created game {name} from {moves_path}, which holds no record yet")
        elif not added:
            click.echo(f"{moves_path}: already imported; nothing to do")
        else:
            yours = ""
            if mine is not None and host.header.keys:
                side = mail.whose(host.header, mine, moves_path)
                yours = f"; your key is recorded for {side} ({keys.fingerprint(mine)})"
            click.echo(
                f"Imported records {added[0].index} to {added[-1].index} into game {name}{yours}"
            )
        click.echo(status(host))


def _trial(path: str, name: str, data: bytes, moves_path: str, mine: str | None) -> None:
    """Import ``data`` into a new store in a scratch folder, so that a refused file leaves
    no store at ``path``; a refusal names ``path``."""
    with tempfile.TemporaryDirectory(prefix="armistice-import-") as scratch:
        trial = str(Path(scratch) / "trial.db")
        with Store(trial, create=True) as store:
            try:
                mail.import_moves(store, name, data, moves_path, mine, own_key=True)
            except StoreError as error:
                where, reason = (text.replace(trial, path) for text in (error.where, error.reason))
                raise StoreError(where, reason) from None


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
    path, name = split(game_at)
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
