"""A rule system made in a test (:mod:`tests.standin`) works everywhere through the seams
alone: scenario files, the game, saves, odds, the command line, the dashboard and the
conformance checks, with no generic file knowing it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core import scenario, systems
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from armistice.tui.cli import run
from armistice.tui.panels import SectionPanel
from tests import standin
from tests.conformance.checks import assumptions, conforms
from tests.tui.dashboard import dashboard, press, screen_text


@pytest.fixture(autouse=True)
def registered() -> Iterator[Any]:
    with standin.registered() as system:
        yield system


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    lines = [f'{k} = "{v}"' for k, v in standin.SCENARIO.items() if isinstance(v, str)]
    lines.append("[towns]")
    lines += [f"{k} = {v}" for k, v in standin.SCENARIO["towns"].items()]  # type: ignore[attr-defined]
    lines.append("[reserves]")
    lines += [f"{k} = {v}" for k, v in standin.SCENARIO["reserves"].items()]  # type: ignore[attr-defined]
    path = tmp_path / "three-towns.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def game(seed: int = 1, chosen: dict[str, str] | None = None) -> Game:
    return Game(
        scenario.from_mapping(standin.SCENARIO, "three-towns"), assumptions=chosen, seed=seed
    )


@settings(max_examples=40)
@given(data=st.data())
def test_the_stand_in_conforms(data: st.DataObject) -> None:
    chosen = data.draw(assumptions(systems.get(standin.KEY)))
    conforms(game(data.draw(st.integers(0, 1000)), chosen), data)


def test_the_stand_in_names_its_players_and_their_powers() -> None:
    g = game()
    assert g.prompt is not None and g.prompt.key == "raid"
    assert g.player(g.prompt).key == "raider"


def test_a_scenario_may_hand_the_powers_to_other_players() -> None:
    raw = {**standin.SCENARIO, "players": {"raider": ["north", "south"]}}
    g = Game(scenario.from_mapping(raw, "solo"), seed=1)
    g.answer("yes")
    while g.prompt is not None and g.prompt.key.startswith("die."):
        g.roll()
    assert g.prompt is not None and g.prompt.key == "reserves"
    assert g.player(g.prompt).key == "raider"


def test_a_scenario_that_gives_a_power_twice_is_refused() -> None:
    raw = {**standin.SCENARIO, "players": {"raider": ["north"], "keeper": ["north", "south"]}}
    with pytest.raises(ValueError, match=r"players\.keeper: north is already played by raider"):
        scenario.from_mapping(raw, "twice")


def test_the_command_line_resolves_lists_and_describes_it(
    scenario_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "raid.json"
    assert run(["resolve", str(scenario_file), "--auto", "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Stand-in raid" in out and "Towns (1.2)" in out
    assert json.loads(save.read_text())["system"] == standin.KEY
    assert run(["assumptions", standin.KEY]) == 0
    assert f"{standin.KEY}.bonus" in capsys.readouterr().out
    assert run(["schema", "scenario", standin.KEY]) == 0
    assert "towns" in capsys.readouterr().out
    assert run(["odds", str(scenario_file), "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)["odds"]
    assert set(odds["marginals"]) == {"ford", "mill", "keep"}


async def test_the_dashboard_shows_its_summary_and_its_own_panel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ARMISTICE_SAVES", str(tmp_path))
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(tmp_path / "none.toml"))
    app = ArmisticeApp(game(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot, ("towns", "raid-map"))
        assert "RAIDER" in screen_text(screen, "#prompt-header")
        await press(pilot, "enter", "r", "r", "r")
        assert "KEEPER" in screen_text(screen, "#prompt-header")
        assert screen_text(screen, "#raid-map") == "ford mill keep"
        towns = screen.query_one("#towns", SectionPanel).rows()
        assert [row[0] for row in towns] == ["ford", "mill", "keep"]
        assert "Raid yes" in screen.sub_title
