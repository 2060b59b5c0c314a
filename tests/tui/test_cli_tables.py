"""``--tables FILE`` for ``resolve``, ``odds`` and ``play``: the game runs with a designer's
edited table files, the save records them, and a file that cannot be used ends the run with
one line naming the file, the field and the reason (exit status 2), changing nothing."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from armistice.core import scenario as scenarios
from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE
from armistice.core.game import Game
from armistice.tui.cli import run
from tests import standin
from tests.awaw.test_58_house_tables import BONUS_2, VICHY_ROW
from tests.support import edited

EXAMPLE = "rulebook-example-fall-1940"


def flat(text: str) -> str:
    """``text`` without its white space: a report wraps a long file name where it can."""
    return "".join(text.split())


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_resolve_with_an_edited_rule58_toml_rolls_lebanon_syria_free_french(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    save = tmp_path / "game.json"
    args = ["resolve", EXAMPLE, "--dice", "2,3", "--auto", "--tables", str(house)]
    code, out, err = cli(capsys, *args, "--save", str(save))
    assert code == 0, err
    named = f"House tables {house} in place of rule58.toml"
    assert flat(named) in flat(out)
    assert "2 -1 FSL +2 Vichy = 3" in out
    assert "Lebanon-Syria Free French" in out
    assert json.loads(save.read_text())["tables"] == {"rule58.toml": house.read_text()}
    code, again, err = cli(capsys, "resolve", str(save))
    assert code == 0, err
    kept = f"House tables rule58.toml as saved in {save}"
    assert flat(kept) in flat(again)
    assert flat(again).replace(flat(kept), flat(named)) == flat(
        out.replace(f"Saved to {save}\n", "")
    )


def test_resolve_json_with_an_edited_forces_toml_gives_the_table_s_vichy_level(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = edited(tmp_path, FORCES_FILE, VICHY_ROW)
    code, out, err = cli(
        capsys, "resolve", EXAMPLE, "--auto", "--seed", "4", "--tables", str(house), "--json"
    )
    assert code == 0, err
    document = json.loads(out)
    assert document["state"]["force_levels"]["vichy"]["infantry_factors"] == 8
    assert document["state"]["force_levels"]["vichy"]["air_factors"] == 3
    facts = dict(document["summary"]["facts"])
    assert facts["House tables"] == f"{house} in place of forces.toml"
    assert document["house_tables"] == {"forces.toml": str(house)}


def test_odds_with_an_edited_rule58_toml_doubles_the_free_french_chance(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    code, out, err = cli(capsys, "odds", EXAMPLE, "--json", "--tables", str(house))
    assert code == 0, err
    document = json.loads(out)
    assert document["odds"]["marginals"]["lebanon_syria"]["free_french"] == "1/3"
    assert document["house_tables"] == {"rule58.toml": str(house)}
    code, out, err = cli(capsys, "odds", EXAMPLE, "--json")
    document = json.loads(out)
    assert document["odds"]["marginals"]["lebanon_syria"]["free_french"] == "1/6"
    assert document["house_tables"] is None
    code, out, err = cli(capsys, "odds", EXAMPLE, "--tables", str(house))
    assert f"House tables: {house} in place of rule58.toml" in out


def test_a_save_fixes_its_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    save = tmp_path / "game.json"
    save.write_bytes(Game(scenarios.load(EXAMPLE), seed=4).save())
    for command in ("resolve", "odds", "play"):
        code, _out, err = cli(capsys, command, str(save), "--tables", str(house))
        assert code == 2
        assert err == (
            f"armistice: error: {save}: tables: a save file fixes its tables; "
            "drop --tables or start from the scenario\n"
        )


def test_play_needs_a_scenario_for_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _out, err = cli(capsys, "play", "--tables", str(edited(tmp_path, RULE58_FILE, BONUS_2)))
    assert code == 2
    assert err.startswith("armistice: error: play: --tables needs a SCENARIO")
    assert err.count("\n") == 1


def _missing(folder: Path) -> Path:
    return folder / "gone.toml"


def _not_toml(folder: Path) -> Path:
    path = folder / "broken.toml"
    path.write_text("[colony_roll\nvichy_bonus = 2\n")
    return path


def _neither(folder: Path) -> Path:
    path = folder / "other.toml"
    path.write_text('[vichy_france]\nname = "Vichy"\n')
    return path


def _misspelled(folder: Path) -> Path:
    return edited(folder, RULE58_FILE, ("\n[level]\n", "\n[levls]\n"), name="levls.toml")


def _gap(folder: Path) -> Path:
    return edited(folder, FORCES_FILE, (VICHY_ROW[0], "# " + VICHY_ROW[0]), name="gap.toml")


def _colony_gap(folder: Path) -> Path:
    row = ('[[colony_result]]\nlow = 4\nstatus = "vichy"\n', "")
    return edited(folder, RULE58_FILE, row, name="colony-gap.toml")


def _turn_overlap(folder: Path) -> Path:
    row = ("[[turn]]\nlow = 2\nhigh = 2\n", "[[turn]]\nlow = 1\nhigh = 2\n")
    return edited(folder, RULE58_FILE, row, name="turn-overlap.toml")


def _bad_cell(folder: Path) -> Path:
    return edited(folder, RULE58_FILE, (BONUS_2[0], "vichy_bonus = 'x'"), name="cell.toml")


BAD: dict[str, tuple[Callable[[Path], Path], str]] = {
    "unreadable": (_missing, ": cannot be read: No such file or directory"),
    "not-toml": (_not_toml, ": not valid TOML: "),
    "neither": (_neither, ": an unknown table vichy_france; forces.toml's tables are "),
    "misspelled": (
        _misspelled,
        ": an unknown table levls; rule58.toml's tables are level, turn, colony_roll, "
        "colony_result, roll_group, colony, key_area, brp, independent, vichy_garrison\n",
    ),
    "gap": (_gap, ": vichy: gap: no row for FSL -1"),
    "colony-gap": (
        _colony_gap,
        ": colony_result: gap: no row covers the modified rolls 4..12\n",
    ),
    "turn-overlap": (
        _turn_overlap,
        ": turn: overlap: rows 2 and 3 both cover Summer 1940\n",
    ),
    "bad-cell": (_bad_cell, ": colony_roll.vichy_bonus: expected a whole number, not "),
}
COMMANDS = {
    "resolve": ["resolve", EXAMPLE, "--auto"],
    "odds": ["odds", EXAMPLE],
    "play": ["play", EXAMPLE],
    "check": ["check", EXAMPLE],
    "serve": ["serve", EXAMPLE],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", BAD)
def test_a_table_file_that_cannot_be_used_exits_2_with_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, kind: str
) -> None:
    make, said = BAD[kind]
    path = make(tmp_path)
    save = tmp_path / "game.json"
    extra = ["--save", str(save)] if command == "resolve" else []
    code, out, err = cli(capsys, *COMMANDS[command], "--tables", str(path), *extra)
    assert code == 2
    assert out == ""
    assert err.startswith(f"armistice: error: {path}{said}")
    assert err.count("\n") == 1
    assert not save.exists()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_system_without_table_files_refuses_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    scenario = tmp_path / "towns.toml"
    scenario.write_text(
        "\n".join(
            [
                f'system = "{standin.KEY}"',
                'name = "three-towns"',
                'title = "Three towns"',
                "[towns]",
                "ford = 2",
                "[reserves]",
                "foot = 2",
            ]
        )
    )
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    with standin.registered():
        args = [command, str(scenario), "--tables", str(house)]
        code, _out, err = cli(capsys, *args)
    assert code == 2
    assert err == (
        f"armistice: error: --tables: rule system {standin.KEY} has no table files to replace\n"
    )


def test_the_help_of_each_command_offers_tables(capsys: pytest.CaptureFixture[str]) -> None:
    for command in COMMANDS:
        code, out, _err = cli(capsys, command, "--help")
        assert code == 0
        assert "--tables FILE" in out
        assert "verify --tables" in " ".join(out.split())


@pytest.mark.parametrize("command", COMMANDS)
def test_two_files_for_one_table_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    copy = edited(tmp_path, RULE58_FILE, name="copy.toml")
    code, out, err = cli(capsys, *COMMANDS[command], "--tables", str(house), "--tables", str(copy))
    assert code == 2
    assert out == ""
    assert err == f"armistice: error: {copy}: replaces rule58.toml, as {house} does; give one\n"


VOLUNTARY = "voluntary-fall-1940"
"""France holds Paris and surrenders by choice in Fall 1940, the published earliest (58.11B)."""
SCENARIO_COMMANDS = {
    "resolve": ["resolve", "SCENARIO", "--auto"],
    "odds": ["odds", "SCENARIO"],
    "check": ["check", "SCENARIO"],
    "play": ["play", "SCENARIO"],
    "serve": ["serve", "SCENARIO"],
}


def _earliest(folder: Path, turn: int) -> Path:
    """rule58.toml with voluntary surrender allowed from ``turn`` (seasons after Spring 1940)."""
    change = ("earliest_voluntary = 2 ", f"earliest_voluntary = {turn} ")
    return edited(folder, RULE58_FILE, change, name=f"earliest-{turn}.toml")


def _summer(folder: Path) -> Path:
    """The voluntary surrender moved to Summer 1940, before the published earliest."""
    path = folder / "voluntary-summer-1940.toml"
    text = scenarios.locate(VOLUNTARY).read_text(encoding="utf-8")
    path.write_text(text.replace('season = "fall"', 'season = "summer"', 1), encoding="utf-8")
    return path


def _with(command: str, scenario: Path | str, *extra: str) -> list[str]:
    return [str(scenario) if w == "SCENARIO" else w for w in SCENARIO_COMMANDS[command]] + [*extra]


@pytest.mark.parametrize("command", ["resolve", "odds", "check"])
def test_58_11b_a_house_earliest_voluntary_of_summer_1940_lets_a_summer_surrender_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    scenario, house = _summer(tmp_path), _earliest(tmp_path, 1)
    code, _out, err = cli(capsys, *_with(command, scenario))
    assert code == 2
    assert err == (
        f"armistice: error: {scenario}: surrender.season: France may not surrender "
        "voluntarily before Fall 1940 (58.11B)\n"
    )
    code, out, err = cli(capsys, *_with(command, scenario, "--tables", str(house)))
    assert (code, err) == (0, "")
    assert flat(f"{house} in place of rule58.toml") in flat(out)


@pytest.mark.parametrize("command", SCENARIO_COMMANDS)
def test_58_11b_a_house_earliest_voluntary_of_winter_1940_refuses_fall_naming_winter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    house = _earliest(tmp_path, 3)
    code, out, err = cli(capsys, *_with(command, VOLUNTARY, "--tables", str(house)))
    assert code == 2
    assert out == ""
    assert err == (
        f"armistice: error: {scenarios.locate(VOLUNTARY)} under the house tables: "
        "surrender.season: France may not surrender voluntarily before Winter 1940 (58.11B)\n"
    )


def test_58_11b_a_save_under_house_tables_replays_a_surrender_the_book_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario, house, save = _summer(tmp_path), _earliest(tmp_path, 1), tmp_path / "game.json"
    code, _out, err = cli(
        capsys, "resolve", str(scenario), "--auto", "--tables", str(house), "--save", str(save)
    )
    assert (code, err) == (0, "")
    code, out, err = cli(capsys, "check", str(save))
    assert (code, err) == (0, "")
    assert flat(f"rule58.toml as saved in {save}") in flat(out)


def test_check_tables_takes_the_same_files_and_refuses_the_same_faults(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    code, out, err = cli(capsys, "check", EXAMPLE, "--tables", str(house))
    assert (code, err) == (0, "")
    assert "a valid awaw.58 scenario" in out
    assert flat(f"House tables {house} in place of rule58.toml") in flat(out)
    broken = _gap(tmp_path)
    code, out, err = cli(capsys, "check", EXAMPLE, "--tables", str(broken))
    assert (code, out) == (2, "")
    assert err.startswith(f"armistice: error: {broken}: vichy: gap: no row for FSL -1")


def test_serve_passes_the_house_tables_to_each_dashboard_it_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []
    monkeypatch.setattr("armistice.tui.serve.serve", lambda command, *_: started.append(command))
    house = edited(tmp_path, RULE58_FILE, BONUS_2)
    code, _out, err = cli(capsys, "serve", EXAMPLE, "--tables", str(house))
    assert (code, err) == (0, "")
    words = shlex.split(started[0])
    assert words[-4:] == ["play", EXAMPLE, "--tables", str(house.resolve())]
    code, _out, err = cli(capsys, "serve", "--tables", str(house))
    assert code == 2
    assert err.startswith("armistice: error: serve: --tables needs a SCENARIO")
