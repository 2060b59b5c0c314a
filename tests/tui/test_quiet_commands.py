"""Every command of `armistice --help`, run as a player runs it on a bundled scenario,
writes nothing on stderr that is not its own, and a headless command loads only what it
uses: neither the dashboard (Textual), nor the SSH library, nor z3, and of the rule systems
only those of the game whose scenario it opens.

Each command runs once, in a fresh process, in the order a club would use them (keys
before the games that record them, a move file exported before it is imported); the
tests then read what each run left."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from armistice.tui.cli import cli
from tests.tui.served import free_port, wait_for_port

PROBE = """
import json, os, sys
from armistice.tui.cli import run
status = run(sys.argv[1:])
with open(os.environ["MODULES_FILE"], "w") as out:
    json.dump(sorted(sys.modules), out)
sys.exit(status)
"""
"""Runs the command line on its arguments, then writes the modules it loaded."""

GAMES = ("awaw", "waw", "aa50")
HEAVY = ("textual", "asyncssh", "z3")
HEADLESS = ("resolve", "odds", "check", "new", "scenarios", "assumptions", "schema")
LOG_LINE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")
"""How each line of a server's own log starts: the time it was written."""


@dataclass(frozen=True)
class Ran:
    """One command run: its arguments, exit status, output and the modules it loaded."""

    args: tuple[str, ...]
    status: int
    stdout: str
    stderr: str
    modules: frozenset[str]


def _run(folder: Path, *args: str, ok: Sequence[int] = (0,)) -> Ran:
    modules = folder / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=folder,
        env={**os.environ, "MODULES_FILE": str(modules), "HOME": str(folder)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode in ok, (args, done.stdout[-2000:], done.stderr)
    loaded = frozenset(json.loads(modules.read_text()))
    return Ran(args, done.returncode, done.stdout, done.stderr, loaded)


def _served(folder: Path, *args: str) -> Ran:
    """``armistice serve ARGS`` started, met on its port, then stopped with SIGTERM."""
    port = free_port()
    command = [sys.executable, "-m", "armistice.tui.cli", "serve", *args, "--port", str(port)]
    err = folder / f"serve-{port}.err"
    with err.open("w") as stderr:
        process = subprocess.Popen(
            command,
            cwd=folder,
            env={**os.environ, "HOME": str(folder)},
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
    try:
        wait_for_port(port, process, 30)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    return Ran(("serve", *args), process.returncode, "", err.read_text(), frozenset())


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Ran]]:
    """Every command, run once or more in one folder: command path -> its runs."""
    folder = tmp_path_factory.mktemp("club")
    example = "rulebook-example-fall-1940"
    done: list[Ran] = [
        _run(folder, "--help"),
        _run(folder, "--version"),
        _run(folder, "scenarios"),
        _run(folder, "assumptions"),
        _run(folder, "assumptions", "aa50"),
        _run(folder, "schema", "scenario"),
        _run(folder, "schema", "save"),
        _run(folder, "schema", "scenario", "waw", "--fields"),
        _run(folder, "new", example, "mine.toml"),
        _run(folder, "check", "mine.toml"),
        _run(folder, "resolve", example, "--auto", "--save", "fall.json"),
        _run(folder, "check", "fall.json"),
        _run(folder, "resolve", "fall-of-france-1940", "--auto"),
        _run(folder, "resolve", "france-neutral-1941", "--seed", "1", ok=(3,)),
        _run(folder, "odds", example),
        _run(folder, "odds", "vichy-territories-1940", "--json"),
        _run(folder, "odds", "paris-liberated-1943"),
        _run(folder, "keygen", "axis.key"),
        _run(folder, "keygen", "allies.key"),
    ]
    mail = ["--game", "axis.db:fall", "--side", "axis", "--identity", "axis.key"]
    keyed = ["--key", "axis=axis.key.pub", "--key", "allies=allies.key.pub"]
    done += [
        _run(folder, "resolve", *mail, "--new", example, "--mail", *keyed, ok=(0, 3)),
        _run(folder, "games", "axis.db"),
        _run(folder, "export", "--game", "axis.db:fall", "-o", "moves.json"),
        _run(
            folder, "import", "--game", "allies.db:fall", "--identity", "allies.key", "moves.json"
        ),
        _run(
            folder,
            "resolve",
            "--game",
            "club.db:fall",
            "--side",
            "spectator",
            "--new",
            example,
            ok=(3,),
        ),
        _run(
            folder,
            "keys",
            "add",
            "--keys",
            "seats",
            "--store",
            "club.db",
            "--game",
            "fall",
            "--side",
            "spectator",
            "axis.key.pub",
        ),
        _run(folder, "keys", "list", "--keys", "seats"),
        _run(
            folder,
            "keys",
            "add",
            "--keys",
            "seats",
            "--store",
            "club.db",
            "--game",
            "fall",
            "--side",
            "spectator",
            "allies.key.pub",
        ),
        _run(folder, "keys", "remove", "--keys", "seats", "allies.key.pub"),
        _run(folder, "verify", "--system", "awaw.58"),
        _run(folder, "play", "--help"),
        _served(folder, example),
        _served(folder, "--ssh", "--store", "club.db", "--keys", "seats"),
    ]
    return _by_command(done)


def _by_command(done: list[Ran]) -> dict[str, list[Ran]]:
    found: dict[str, list[Ran]] = {}
    for ran in done:
        found.setdefault(_command_of(ran.args), []).append(ran)
    return found


def _command_of(args: Sequence[str]) -> str:
    """The command path ``args`` run (``keys add``), or ``armistice`` for the group's own
    options."""
    words = [a for a in args if not a.startswith("-")][:2]
    if not words:
        return "armistice"
    command = cli.get_command(click.Context(cli), words[0])
    if isinstance(command, click.Group) and len(words) > 1:
        return " ".join(words)
    return words[0]


def _every_command(group: click.Group, prefix: str = "") -> Iterator[str]:
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            yield from _every_command(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}"


def test_every_command_of_the_help_is_run_here(runs: dict[str, list[Ran]]) -> None:
    every = set(_every_command(cli))
    assert {"resolve", "keys add", "keys list", "keys remove", "serve", "verify"} <= every
    assert every <= set(runs)
    assert "keys add" in runs and "serve" in runs and len(runs["serve"]) == 2


def test_no_command_writes_on_stderr_what_is_not_its_own(runs: dict[str, list[Ran]]) -> None:
    said = {
        " ".join(ran.args): ran.stderr
        for ran in (r for every in runs.values() for r in every)
        if ran.args[0] != "serve" and ran.stderr
    }
    assert said == {}


def test_a_server_writes_only_its_own_log_on_stderr(runs: dict[str, list[Ran]]) -> None:
    browser, ssh = runs["serve"]
    for ran in (browser, ssh):
        assert [line for line in ran.stderr.splitlines() if not LOG_LINE.match(line)] == []
    assert "host key SHA256:" in ssh.stderr


def test_the_dashboard_loads_without_a_word_on_stderr(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import armistice.tui.app, armistice.tui.ssh"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("command", HEADLESS)
def test_a_headless_command_loads_neither_textual_nor_asyncssh_nor_z3(
    runs: dict[str, list[Ran]], command: str
) -> None:
    unkeyed = [r for r in runs[command] if not {"--identity", "--key"} & set(r.args)]
    assert unkeyed
    for ran in unkeyed:
        heavy = sorted({m.split(".")[0] for m in ran.modules} & set(HEAVY))
        assert (ran.args, heavy) == (ran.args, [])
        assert "armistice.host.openssh" not in ran.modules, ran.args


def test_a_shared_game_loads_the_ssh_library_only_for_its_keys(
    runs: dict[str, list[Ran]],
) -> None:
    keyed, unkeyed = (
        [r for r in runs["resolve"] if ("--identity" in r.args) is signed and "--game" in r.args]
        for signed in (True, False)
    )
    assert [("asyncssh" in r.modules) for r in keyed + unkeyed] == [True, False]


@pytest.mark.parametrize(
    ("args", "game"),
    [
        (("resolve", "rulebook-example-fall-1940", "--auto", "--save", "fall.json"), "awaw"),
        (("check", "fall.json"), "awaw"),
        (("check", "mine.toml"), "awaw"),
        (("resolve", "fall-of-france-1940", "--auto"), "waw"),
        (("resolve", "france-neutral-1941", "--seed", "1"), "aa50"),
        (("odds", "rulebook-example-fall-1940"), "awaw"),
        (("odds", "vichy-territories-1940", "--json"), "waw"),
        (("odds", "paris-liberated-1943"), "aa50"),
        (("new", "rulebook-example-fall-1940", "mine.toml"), "awaw"),
    ],
)
def test_opening_a_scenario_loads_the_rule_systems_of_its_game_alone(
    runs: dict[str, list[Ran]], args: tuple[str, ...], game: str
) -> None:
    (ran,) = [r for r in runs[args[0]] if r.args == args]
    games = {
        m.split(".")[2]
        for m in ran.modules
        if m.startswith("armistice.core.") and m.split(".")[2] in GAMES
    }
    assert games == {game}


def test_listing_the_bundled_scenarios_loads_no_rule_system(runs: dict[str, list[Ran]]) -> None:
    (ran,) = runs["scenarios"]
    assert "rulebook-example-fall-1940  (awaw.58)" in ran.stdout
    assert "france-neutral-1941  (aa50)" in ran.stdout
    assert [m for m in ran.modules if m.split(".")[2:3] and m.split(".")[2] in GAMES] == []


def test_help_loads_none_of_the_engine(runs: dict[str, list[Ran]]) -> None:
    (ran,) = runs["armistice"][:1]
    assert ran.args == ("--help",) and "resolve" in ran.stdout
    loaded = {m for m in ran.modules if m.startswith("armistice.")}
    assert {"armistice.core.game", "armistice.core.scenario", "armistice.host"} & loaded == set()
