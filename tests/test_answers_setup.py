"""A save's answers replayed with ``--answers`` on a setup other than the one the save was
made with are refused, naming the fields that differ, for every rule system: the answers
would replay another game. A setup that differs only in its title or description plays
the same and is accepted."""

from __future__ import annotations

import contextlib
import io
import tomllib
from pathlib import Path
from typing import Any

import pytest

from armistice.core import scenario, systems
from armistice.tui import positions
from armistice.tui.cli import run

FIRST = {key: next(e for e in scenario.bundled() if e.system == key) for key in systems.names()}


def resolve(*args: str) -> tuple[int, str]:
    """The exit status of ``armistice resolve ARGS`` and its error line (its report if none)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["resolve", *args])
    return code, err.getvalue() or out.getvalue()


def saved(tmp_path: Path, name: str) -> Path:
    """A save of bundled scenario ``name`` played to its end (or first stop) by defaults."""
    save = tmp_path / "game.json"
    code, out = resolve(name, "--auto", "--seed", "3", "--save", str(save))
    assert code == 0, out
    return save


def edited(tmp_path: Path, name: str, change: dict[str, Any]) -> Path:
    """Bundled scenario ``name`` with the top-level fields of ``change`` replaced, written
    as a scenario file."""
    document = tomllib.loads(scenario.locate(name).read_text(encoding="utf-8"))
    document.update(change)
    path = tmp_path / "edited.toml"
    path.write_text(positions.text(scenario.from_mapping(document, name), name), encoding="utf-8")
    return path


@pytest.mark.parametrize("key", sorted(FIRST))
def test_answers_of_a_save_of_another_setup_are_refused(tmp_path: Path, key: str) -> None:
    name = FIRST[key].name
    save = saved(tmp_path, name)
    code, out = resolve(name, "--answers", str(save))
    assert code in (0, 3), out
    other = edited(tmp_path, name, {"name": f"{name}-mine"})
    code, out = resolve(str(other), "--answers", str(save))
    assert code == 2
    assert out.strip() == (
        f"armistice: error: {save}: scenario.name: this save was made with a different "
        f"version of setup {name}-mine: name differs (resolve the save itself to replay its game)"
    )
    reworded = edited(tmp_path, name, {"title": "Mine", "description": "my notes"})
    code, out = resolve(str(reworded), "--answers", str(save))
    assert code in (0, 3), out


def test_an_anniversary_save_refused_on_a_setup_with_other_units(tmp_path: Path) -> None:
    save = saved(tmp_path, "paris-liberated-1943")
    places = tomllib.loads(scenario.locate("paris-liberated-1943").read_text(encoding="utf-8"))[
        "places"
    ]
    places["sz13"]["units"] = []
    other = edited(tmp_path, "paris-liberated-1943", {"places": places})
    code, out = resolve(str(other), "--answers", str(save))
    assert code == 2
    assert "scenario.places.sz13.units: this save was made with a different version" in out
    assert "places.sz13.units differs" in out
