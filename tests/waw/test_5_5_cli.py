"""The command line on a World at War fall of France: ``resolve --json`` gives the fleets,
areas, IPCs, turn and phase, and the odds object every system gives."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from armistice.tui.cli import run


def test_resolve_json_state(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["resolve", "fall-of-france-1940", "--seed", "3", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    state = document["state"]
    assert (state["turn"], state["phase"]) == (3, "done")
    assert state["fleets"]["atlantic"] == {
        "fate": "free_french",
        "at": "bay_of_biscay",
        "die": 6,
        "rolled": "france",
        "owner": "britain",
        "ships": ["battleship", "cruiser", "destroyer"],
        "sent_to": "",
    }
    assert state["fleets"]["mediterranean"]["rolled"] == "britain"
    assert {a["side"] for a in state["areas"].values()} <= {"vichy", "free_french", "axis"}
    fiji = state["areas"]["fiji_islands"]
    assert (fiji["side"], fiji["marker"]) == ("vichy", "japan")
    vichy_ipcs = sum(
        {"algeria": 2, "french_indo_china": 2}.get(k, 1)
        for k, a in state["areas"].items()
        if a["side"] == "vichy"
    )
    assert state["ipc"]["france"] == 20 - 6 - vichy_ipcs
    assert state["bank"] == {"france": 2, "germany": 3}
    marginal = document["odds"]["marginals"]["fleet:atlantic"]
    assert sum(Fraction(p) for p in marginal.values()) == 1


def test_odds_text_names_each_fleet_as_the_map_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "fall-of-france-1940"]) == 0
    out = capsys.readouterr().out
    each = out[out.index("Each outcome") : out.index("Joint outcomes")].splitlines()
    assert each[1:3] == ["  Atlantic fleet", "    scuttled           1/2   50.0%"]
    assert "  Mediterranean fleet" in each
    assert not any(line.strip().startswith("fleet:") for line in out.splitlines())
    assert "Atlantic fleet scuttled, Mediterranean fleet" in out


def test_odds_take_a_turn_action_given_by_its_number(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["odds", "vichy-territories-1940", "--decide", "action.1=politics", "--json"]
    args += ["--decide", "1.politics.area=french_indo_china"]
    assert run(args) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["odds"]["marginals"]["area:french_indo_china"] == {"axis": "1"}
    assert "action.1" not in document["odds"]["defaults"]


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("bogus", "'bogus' is not an option"),
        ("collect", "'collect' is not allowed: only in the collect income phase (5.6)"),
    ],
)
def test_odds_refuse_a_turn_action_that_is_no_option_now(
    value: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["odds", "vichy-territories-1940", "--decide", f"action.1={value}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("armistice: error: --decide action.1: ")
    assert reason in err
    assert len(err.strip().splitlines()) == 1


def test_facts_for_the_5_6_link_are_refused_it_takes_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g1.json"
    assert run(["resolve", "fall-of-france-1940", "--seed", "3", "--save", str(save)]) == 0
    facts = tmp_path / "f.toml"
    facts.write_text("[next]\nturn = 0\n")
    capsys.readouterr()
    assert run(["resolve", str(save), "--next", "waw.vichy", "--facts", str(facts)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"armistice: error: {facts}: next.turn: waw.vichy takes no facts: the finished game "
        "tells it all\n"
    )


@pytest.mark.parametrize("key", ["fleet.atlantic", "area.morocco"])
def test_odds_say_a_die_is_not_decided(key: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "fall-of-france-1940", "--decide", f"{key}=6"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"armistice: error: --decide {key}: a die: the odds take each")


def test_the_report_lines_up_results_and_logs_each_interned_unit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Italy conquers: France pays the 1 IPC it holds, its income falls to 11; British
    infantry in French West Africa, which turns Vichy, is interned."""
    dice = "2,2,4,1,4,4,4,4,4,4,4"
    assert run(["resolve", "italy-conquers-1941", "--dice", dice, "--log"]) == 0
    out = capsys.readouterr().out.splitlines()
    paid = next(line for line in out if "IPCs paid by France" in line)
    income = next(line for line in out if "France's income  " in line)
    assert paid.split()[-6:] == ["1", "3", "due", "from", "its", "money"]
    assert income.split()[-6:] == ["11", "6", "less,", "then", "Vichy", "areas"]
    assert paid.index("3 due") == income.index("6 less")
    assert any("French West Africa: Britain infantry interned" in line for line in out)
