"""The README as a user follows it: after the set-up commands, every command it shows runs as
written, and it lists exactly the key binding ids a keymap may name."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from armistice.tui.app import binding_ids

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROGRAM = ".venv/bin/armistice"
INTERACTIVE = {"play", "serve"}  # they wait for a player: only their options are checked
SLOW = {"--mutate", "--exhaustive"}  # seconds of work that the verify tests already do


def shell_commands() -> list[str]:
    """Each command of the README's ``sh`` blocks in order, continuation lines joined, without
    the set-up blocks (the ones that install)."""
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", README, re.MULTILINE | re.DOTALL):
        if "pip install" in block:
            continue
        commands += [c for c in block.replace("\\\n", " ").splitlines() if c.strip()]
    return commands


def test_commands_name_the_program_by_its_place_in_the_virtual_environment() -> None:
    for command in shell_commands():
        assert command.startswith((f"{PROGRAM} ", "cp ")), command
    bare = re.findall(r"`(armistice [a-z]+[^`]*)`", README)
    assert bare == [], "write these as .venv/bin/armistice ...: " + "; ".join(bare)


def test_the_readme_lists_exactly_the_binding_ids() -> None:
    head = "| where | binding ids |"
    assert head in README, f"the README lists the binding ids in a table under {head!r}"
    table = README.split(head, 1)[1].split("\n\n", 1)[0]
    listed = re.findall(r"`([a-z-]+)`", table)
    assert sorted(listed) == sorted(binding_ids())


def help_text(program: str, subcommand: str) -> str:
    result = subprocess.run(
        [program, subcommand, "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_command_runs_as_written(tmp_path: Path) -> None:
    """In a scratch folder that holds what the README's folder holds for them: the virtual
    environment's programs and the repository's ``core/`` tables."""
    bin_folder = Path(sys.executable).parent
    assert (bin_folder / "armistice").exists(), (
        "run the tests with the virtual environment's python"
    )
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "bin").symlink_to(bin_folder, target_is_directory=True)
    (tmp_path / "core").symlink_to(ROOT / "core", target_is_directory=True)
    env = {**os.environ, "HOME": str(tmp_path), "ARMISTICE_SAVES": str(tmp_path / "saves")}
    ran = 0
    for command in shell_commands():
        words = shlex.split(command, comments=True)
        options = [word.split("=")[0] for word in words if word.startswith("--")]
        if words[0] == PROGRAM and (words[1] in INTERACTIVE or SLOW & set(options)):
            shown = help_text(str(bin_folder / "armistice"), words[1])
            assert all(option in shown for option in options), (command, shown)
            continue
        expected = re.search(r"#.*\(exit (\d+)\)", command)
        result = subprocess.run(
            command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, check=False
        )
        status = int(expected.group(1)) if expected else 0
        assert result.returncode == status, f"{command}\n{result.stdout[-800:]}{result.stderr}"
        ran += 1
    assert ran >= 10
