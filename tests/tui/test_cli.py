from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from armistice.core import systems
from armistice.core.awaw.words import ColonyStatus
from armistice.tui.cli import run

BUNDLED = [
    "damaged-fleet-spring-1940",
    "historical-summer-1940",
    "rulebook-example-fall-1940",
    "us-at-war-spring-1942",
    "voluntary-fall-1940",
]
VICHY = ["vichy-1940-axis-reaction", "vichy-1941-axis-roll", "vichy-1942-allied-roll"]
WAW = ["fall-of-france-1940", "italy-conquers-1941", "vichy-territories-1940"]
AA50 = ["france-neutral-1941", "paris-liberated-1943"]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "rulebook-example-fall-1940"
FORCE_KEYS = {
    "infantry_factors",
    "armor_units",
    "air_factors",
    "named_ships",
    "cruisers",
    "destroyer_factors",
}


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def resolve_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = cli(capsys, "resolve", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_scenarios_lists_the_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "scenarios")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    assert names == [*AA50, *BUNDLED, *VICHY, *WAW]
    assert all(len(line) <= 80 for line in out.splitlines())


def test_resolve_rulebook_example_auto_reports_level_minus_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = cli(capsys, "resolve", EXAMPLE, "--auto", "--seed", "1")
    assert code == 0, err
    level_line = next(line for line in out.splitlines() if "58.22" in line and "level" in line)
    assert level_line.split()[-1] == "-1"
    assert "complete" in out
    assert re.search(r"^Seed +1$", out, re.MULTILINE)


def test_resolve_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    doc = resolve_json(capsys, EXAMPLE, "--auto", "--seed", "1")
    assert {"game", "scenario", "seed", "complete", "pending", "log", "state"} <= set(doc)
    assert doc["game"] == "awaw.58"
    assert doc["scenario"] == EXAMPLE
    assert doc["seed"] == 1
    assert doc["complete"] is True
    assert doc["pending"] is None
    assert doc["log"]
    assert all(entry["rule"] for entry in doc["log"])
    state = doc["state"]
    level = state["surrender_level"]
    assert (level["value"], level["raw"]) == (-1, -1)
    for modifier in level["modifiers"]:
        assert {"rule", "label", "value"} <= set(modifier)
    assert sum(m["value"] for m in level["modifiers"]) == -1
    assert state["vichy_established"] is True
    assert set(state["colonies"]) == {"lebanon_syria", "tunisia", "algeria", "morocco"}
    assert set(state["colonies"].values()) <= set(ColonyStatus)
    for side in ("free_french", "vichy"):
        assert set(state["forces"][side]) >= FORCE_KEYS
    assert state["forces"]["free_french"]["infantry_factors"] == 6
    assert state["forces"]["vichy"]["infantry_factors"] == 12
    assert state["brp"]["conquest_value"] == 20
    assert state["brp"]["received_next_turn"] == 5


def test_resolve_without_auto_stops_at_the_decision_with_exit_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "resolve", EXAMPLE, "--seed", "1")
    assert code == 3
    assert "Establish Vichy France?" in out
    assert "58.31" in out
    assert "--decide establish_vichy=" in out


def test_resolve_json_without_auto_shows_the_pending_prompt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "resolve", EXAMPLE, "--seed", "1", "--json")
    assert code == 3
    doc = json.loads(out)
    assert doc["complete"] is False
    assert doc["pending"]["key"] == "establish_vichy"
    assert doc["state"]["vichy_established"] is None


def test_resolve_json_gives_the_odds_from_where_the_run_stopped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "resolve", EXAMPLE, "--seed", "1", "--json")
    assert code == 3
    doc = json.loads(out)
    assert set(doc["odds"]) == {"labels", "defaults", "rolls", "marginals", "outcomes", "totals"}
    assert doc["odds"]["defaults"][0] == "establish_vichy"
    assert doc["odds"]["marginals"]["lebanon_syria"] == {"free_french": "1/6", "vichy": "5/6"}
    assert "odds" not in doc["state"]
    code, out, _ = cli(
        capsys, "resolve", EXAMPLE, "--seed", "1", "--json", "--decide", "establish_vichy=no"
    )
    doc = json.loads(out)
    assert "establish_vichy" not in doc["odds"]["defaults"]
    assert sum(Fraction(o["probability"]) for o in doc["odds"]["outcomes"]) == 1


def test_resolve_uses_dice_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    doc = resolve_json(capsys, EXAMPLE, "--auto", "--dice", "1,6")
    rolls = doc["state"]["colony_rolls"]
    assert [(r["group"], r["die"], r["modified"]) for r in rolls] == [
        ("lebanon_syria", 1, 3),
        ("north_africa", 6, 8),
    ]
    assert doc["state"]["colonies"] == {
        "lebanon_syria": "free_french",
        "tunisia": "vichy",
        "algeria": "vichy",
        "morocco": "vichy",
    }


def test_resolve_decide_establish_vichy_no(capsys: pytest.CaptureFixture[str]) -> None:
    doc = resolve_json(capsys, EXAMPLE, "--decide", "establish_vichy=no", "--dice", "5,6", "--auto")
    state = doc["state"]
    assert state["vichy_established"] is False
    assert set(state["colonies"].values()) == {"independent"}
    assert state["brp"]["axis_instead_of_vichy"] == 20
    assert state["forces"]["free_french"]["infantry_factors"] == 9


def test_save_then_resolve_the_save_reproduces_the_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    first = resolve_json(capsys, EXAMPLE, "--auto", "--seed", "4", "--save", str(save))
    assert save.is_file()
    second = resolve_json(capsys, str(save))
    assert second["state"] == first["state"]
    assert second["log"] == first["log"]
    assert second["seed"] == 4


def test_a_save_of_a_game_in_progress_continues(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "paused.json"
    code, _, _ = cli(capsys, "resolve", EXAMPLE, "--seed", "2", "--save", str(save))
    assert code == 3
    resumed = resolve_json(capsys, str(save), "--decide", "establish_vichy=no", "--auto")
    fresh = resolve_json(capsys, EXAMPLE, "--seed", "2", "--decide", "establish_vichy=no", "--auto")
    assert resumed["state"] == fresh["state"]


def test_answers_file_with_a_json_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    answers = tmp_path / "answers.json"
    answers.write_text(
        json.dumps(
            [
                {"key": "establish_vichy", "value": "no"},
                {"key": "colony_roll.lebanon_syria", "value": 1},
                {"key": "colony_roll.north_africa", "value": 6},
            ]
        )
    )
    doc = resolve_json(capsys, EXAMPLE, "--answers", str(answers), "--auto")
    assert doc["state"]["vichy_established"] is False
    assert doc["state"]["colonies"]["lebanon_syria"] == "free_french"
    assert doc["state"]["colonies"]["tunisia"] == "independent"


def test_answers_file_with_bare_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(["yes", 1, 1]))
    doc = resolve_json(capsys, EXAMPLE, "--answers", str(answers), "--auto")
    assert [r["die"] for r in doc["state"]["colony_rolls"]] == [1, 1]
    assert set(doc["state"]["colonies"].values()) == {"free_french"}


def test_answers_file_from_a_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = resolve_json(capsys, EXAMPLE, "--auto", "--seed", "8", "--save", str(save))
    again = resolve_json(capsys, EXAMPLE, "--answers", str(save))
    assert again["state"] == first["state"]


def test_assume_full_proration_changes_the_brps_received(
    capsys: pytest.CaptureFixture[str],
) -> None:
    default = resolve_json(capsys, EXAMPLE, "--auto", "--seed", "1")
    full = resolve_json(
        capsys, EXAMPLE, "--auto", "--seed", "1", "--assume", "awaw.58.conquest_proration=full"
    )
    assert default["state"]["brp"]["received_next_turn"] == 5
    assert full["state"]["brp"]["received_next_turn"] == 20


BAD_SCENARIO = """
system = "awaw"
name = "bad"
title = "bad"

[surrender]
season = "fall"
year = "1940"

[colonies]
lebanon_syria = { brp = 5 }
tunisia = { brp = 5 }
algeria = { brp = 5 }
morocco = { brp = 5 }
"""


def test_malformed_scenario_exits_2_with_one_line_naming_file_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_SCENARIO, encoding="utf-8")
    code, out, err = cli(capsys, "resolve", str(bad), "--auto")
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert str(bad) in lines[0]
    assert "surrender.year" in lines[0]
    assert "Traceback" not in err


def test_invalid_toml_exits_2_naming_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text('system = "awaw"\nname =\n', encoding="utf-8")
    code, _, err = cli(capsys, "resolve", str(bad))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert str(bad) in err
    assert "Traceback" not in err


def test_unknown_assume_key_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--assume", "awaw.no_such_key=x")
    assert code == 2
    assert "awaw.no_such_key" in err
    assert len(err.strip().splitlines()) == 1


def test_unknown_assume_value_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--assume", "awaw.conquest_proration=half")
    assert code == 2
    assert "awaw.conquest_proration" in err


def test_illegal_decision_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--decide", "establish_vichy=maybe")
    assert code == 2
    assert "establish_vichy" in err


def test_die_of_7_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--auto", "--dice", "7")
    assert code == 2
    assert "colony_roll.lebanon_syria" in err


def test_unknown_scenario_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "no-such-scenario")
    assert code == 2
    assert "no-such-scenario" in err


def test_odds_prints_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "odds", EXAMPLE)
    assert code == 0
    assert "1/6" in out
    assert "5/6" in out
    assert "25/36" in out


def test_odds_name_rolls_decisions_and_outcomes_as_a_player_reads_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "odds", EXAMPLE)
    assert code == 0
    lines = out.splitlines()
    assert "  establish_vichy                     Establish Vichy France? (58.31)" in lines
    assert "Lebanon-Syria colonial die (58.531)" in lines
    assert "Tunisia-Algeria-Morocco colonial die (58.531)" in lines
    joint = " ".join(out.split("Joint outcomes")[1].split())
    assert "25/36 69.4% Lebanon-Syria Vichy, Tunisia Vichy, Algeria Vichy, Morocco Vichy" in joint
    assert "colony_roll" not in out and "lebanon_syria" not in out
    code, out, _ = cli(capsys, "odds", EXAMPLE, "--json")
    labels = json.loads(out)["odds"]["labels"]
    assert labels["colony_roll.north_africa"] == "Tunisia-Algeria-Morocco colonial die (58.531)"


def test_odds_json_marginals_are_fractions_summing_to_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "odds", EXAMPLE, "--json")
    assert code == 0
    doc = json.loads(out)["odds"]
    assert doc["marginals"]["lebanon_syria"] == {"free_french": "1/6", "vichy": "5/6"}
    for dist in doc["marginals"].values():
        assert sum(Fraction(p) for p in dist.values()) == 1


def test_odds_with_decide_no_vichy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "odds", EXAMPLE, "--json", "--decide", "establish_vichy=no")
    assert code == 0
    doc = json.loads(out)["odds"]
    assert doc["marginals"]["tunisia"] == {"free_french": "2/3", "independent": "1/3"}


def test_assumptions_lists_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "assumptions", "awaw")
    assert code == 0
    keys = {a.key for a in systems.get("awaw.58").assumptions}
    assert {
        "awaw.58.conquest_proration",
        "awaw.58.fleet_discount",
        "awaw.58.france_includes_corsica",
        "awaw.58.free_french_ship_range",
        "awaw.58.axis_senior_partner",
        "awaw.58.vichy_brps_after_us_entry",
    } <= keys
    for key in keys:
        assert key in out


@pytest.mark.parametrize(("value", "instead"), [("no", 0), ("yes", 20)])
def test_assume_the_58_411_brp_reading_on_the_command_line(
    capsys: pytest.CaptureFixture[str], value: str, instead: int
) -> None:
    key = "awaw.58.vichy_brps_after_us_entry"
    code, out, _ = cli(capsys, "assumptions", "awaw.58")
    assert code == 0 and f"{key}  (58.411)" in out
    doc = resolve_json(
        capsys, "us-at-war-spring-1942", "--auto", "--seed", "1", "--assume", f"{key}={value}"
    )
    assert doc["state"]["brp"]["axis_instead_of_vichy"] == instead
    assert any(e["assumption"] == f"{key}={value}" for e in doc["log"])


def test_console_script_runs_as_a_subprocess() -> None:
    exe = Path(sys.executable).parent / "armistice"
    result = subprocess.run(
        [str(exe), "resolve", EXAMPLE, "--auto", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["state"]["surrender_level"]["value"] == -1


def test_console_script_error_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_SCENARIO, encoding="utf-8")
    exe = Path(sys.executable).parent / "armistice"
    result = subprocess.run(
        [str(exe), "resolve", str(bad)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_save_file_refuses_assume(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    resolve_json(capsys, EXAMPLE, "--auto", "--seed", "1", "--save", str(save))
    code, _, err = cli(capsys, "resolve", str(save), "--assume", "awaw.58.fleet_discount=per_ship")
    assert code == 2
    assert "assumptions" in err


def test_dice_that_are_not_numbers_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--auto", "--dice", "one,two")
    assert code == 2
    assert "--dice" in err


def test_a_decide_never_asked_by_a_finished_game_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    code, _, err = cli(
        capsys, "resolve", EXAMPLE, "--auto", "--decide", "nothing=x", "--save", str(saved)
    )
    assert code == 2
    assert err.startswith("armistice: error: --decide nothing: never asked")
    assert len(err.strip().splitlines()) == 1
    assert not saved.exists()


def test_a_decide_the_run_does_not_reach_is_refused_and_nothing_is_saved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    args = ("resolve", EXAMPLE, "--decide", "vichy.cruisers=foch", "--save", str(saved))
    code, _, err = cli(capsys, *args)
    assert code == 2
    assert err == (
        "armistice: error: --decide vichy.cruisers: not reached: the game asks "
        "establish_vichy first (answer that in this run too, or give this one in a later run)\n"
    )
    assert not saved.exists()


def test_a_decide_for_the_next_procedure_asked_again_is_not_reached_before_its_turn(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A finished Vichy roll saved; the next roll asks who names Vichy before its die, so a
    die given alone is not reached (the first roll's die was answered, not this one)."""
    saved = tmp_path / "first.json"
    first = ("resolve", "vichy-1941-axis-roll", "--auto", "--seed", "1", "--save", str(saved))
    assert cli(capsys, *first)[0] == 0
    args = ("resolve", str(saved), "--next", "awaw.vichy", "--decide", "vichy_roll=1")
    code, _, err = cli(capsys, *args)
    assert code == 2
    assert err.startswith(
        "armistice: error: --decide vichy_roll: not reached: the game asks named_by first"
    )
    code, out, _ = cli(capsys, *args, "--decide", "named_by=axis", "--json")
    assert code == 0 and json.loads(out)["state"]["vichy_diplomacy"]["die"] == 1


def test_a_colonial_die_may_be_given_with_decide(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(
        capsys,
        "resolve",
        EXAMPLE,
        "--json",
        "--decide",
        "establish_vichy=yes",
        "--decide",
        "colony_roll.lebanon_syria=1",
        "--decide",
        "colony_roll.north_africa=6",
        "--auto",
    )
    assert (code, err) == (0, "")
    state = json.loads(out)["state"]
    assert state["colonies"]["lebanon_syria"] == "free_french"
    assert state["colonies"]["tunisia"] == "vichy"


def test_a_decide_that_conflicts_with_answers_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = tmp_path / "answers.json"
    answers.write_text('["no"]')
    code, _, err = cli(
        capsys, "resolve", EXAMPLE, "--answers", str(answers), "--decide", "establish_vichy=yes"
    )
    assert code == 2
    assert "--decide establish_vichy: already answered" in err


def test_a_decide_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(
        capsys,
        "resolve",
        EXAMPLE,
        "--decide",
        "establish_vichy=no",
        "--decide",
        "establish_vichy=yes",
    )
    assert code == 2
    assert "given twice" in err


@pytest.mark.parametrize(("dice", "says"), [("0", "--dice: 0 for colony_roll"), ("3,,4", "--dice")])
def test_bad_dice_name_the_option(capsys: pytest.CaptureFixture[str], dice: str, says: str) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--auto", "--dice", dice)
    assert code == 2
    assert says in err


def test_save_refuses_to_overwrite_a_scenario(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "mine.toml"
    original = (ROOT / "scenarios" / "awaw" / f"{EXAMPLE}.toml").read_text(encoding="utf-8")
    mine.write_text(original, encoding="utf-8")
    code, _, err = cli(capsys, "resolve", str(mine), "--auto", "--save", str(mine))
    assert code == 2
    assert "exists and is not a save file" in err
    assert mine.read_text(encoding="utf-8") == original


def test_a_save_with_any_name_reopens(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "game.sav"
    assert cli(capsys, "resolve", EXAMPLE, "--auto", "--seed", "3", "--save", str(saved))[0] == 0
    code, out, err = cli(capsys, "resolve", str(saved), "--json")
    assert code == 0, err
    assert '"complete": true' in out


def test_log_flag_adds_the_log_with_rule_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", EXAMPLE, "--auto", "--seed", "1", "--log")
    assert code == 0
    log = out.split("\nLog\n", 1)[1]
    assert "58.11A" in log
    assert "58.21B" in log
    assert "awaw.58.conquest_proration=seasons_left" in log


@pytest.mark.parametrize(
    "content",
    [
        b'{"foo": 1}\n',
        b'{"format": "chess-pgn", "version": 1}\n',
        b"[1, 2, 3]\n",
        b'system = "awaw.58"\n',
        b"plain notes\n",
        b'{"format": "armistice-save", "vers',
    ],
    ids=["json-object", "foreign-format", "json-list", "toml", "text", "damaged-save"],
)
def test_save_never_overwrites_a_file_that_is_not_a_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    target = tmp_path / "other.json"
    target.write_bytes(content)
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--auto", "--seed", "1", "--save", str(target))
    assert code == 2
    assert err.count("\n") == 1 and "exists and is not a save file" in err
    assert target.read_bytes() == content


def test_save_replaces_an_earlier_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    assert cli(capsys, "resolve", EXAMPLE, "--seed", "1", "--save", str(target))[0] == 3
    assert cli(capsys, "resolve", EXAMPLE, "--auto", "--seed", "1", "--save", str(target))[0] == 0
    assert json.loads(target.read_text())["answers"]


def test_an_unknown_assumption_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", EXAMPLE, "--assume", "foo=bar")
    assert code == 2
    assert err.startswith("armistice: error: --assume foo: no such assumption")


@pytest.mark.parametrize("name", ["vichy-1941-axis-roll", "rulebook-example-fall-1940"])
def test_odds_names_every_result_in_one_column_width(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """The roll's results and each outcome's values share one column width (the longest
    name, 26 characters for "8: German control, 20 BRPs"), so their chances line up."""
    code, out, _ = cli(capsys, "odds", name)
    assert code == 0
    rows = [m for line in out.splitlines() if (m := re.match(r"^( +)(\S.*\S) +\S+ +\S+%$", line))]
    assert len(rows) >= 4
    widths = {len(m[0]) - len(m[1]) for m in rows}
    assert len(widths) == 1, widths


@pytest.mark.parametrize(
    ("name", "stop", "next_phase"),
    [
        (
            "france-neutral-1941",
            "Round 1, Germany, start of turn phase",
            "Round 1, Germany, combat move",
        ),
        ("vichy-territories-1940", "Turn 4, combat phase", "Turn 4, collect income"),
    ],
)
def test_a_save_the_players_stopped_goes_on_from_the_menu_they_stopped_at(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, stop: str, next_phase: str
) -> None:
    save = tmp_path / "stopped.json"
    code, out, err = cli(capsys, "resolve", name, "--auto", "--seed", "3", "--save", str(save))
    assert code == 0, err
    assert f"Status    stopped by the players in {stop}" in out
    code, out, err = cli(capsys, "resolve", str(save), "--decide", "action.1=end_phase")
    assert code == 3, err
    assert "Status    in progress" in out
    assert "Waiting for: " in out and f"{next_phase}: what now?" in out
    assert "Answer with --decide action.2=VALUE" in out
