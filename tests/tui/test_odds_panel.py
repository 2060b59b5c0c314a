"""The odds panel: exact fractions for the pending die, and choices compared side by side."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Decision
from armistice.tui.app import ArmisticeApp
from armistice.tui.widgets.odds import LINE, rendered
from tests.awaw import vichy
from tests.tui.dashboard import NARROW, SEED, dashboard, example, isolate, press, screen_text
from tests.waw.maps import load, small
from tests.waw.test_5_6_vichy import act, game, indo_china


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


async def test_58_31_vichy_choice_shows_each_colonys_free_french_chance_both_ways(
    saves: Path,
) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        shown = screen_text(screen, "#odds")
        assert "Free French chance by choice" in shown
        row = next(line for line in shown.splitlines() if line.startswith("Lebanon-Syria"))
        assert row.split()[-2:] == ["1/6", "2/3"]
        assert "1 Establish Vichy France" in shown


async def test_58_531_pending_die_shows_its_exact_odds(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        shown = screen_text(screen, "#odds")
        assert "1/6" in next(line for line in shown.splitlines() if line.startswith("Free French"))
        assert "5/6" in next(line for line in shown.splitlines() if line.startswith("Vichy"))


VICHY_PANELS = ("naming", "modifiers", "chances", "changed")


async def _vichy_dashboard(pilot: Pilot[Any]) -> None:
    await dashboard(pilot, VICHY_PANELS)


def _allied_roll() -> ArmisticeApp:
    return ArmisticeApp(Game(scenario.load("vichy-1942-allied-roll"), seed=SEED), seed=SEED)


async def test_77_naming_vichy_compares_where_it_ends_under_each_namer(saves: Path) -> None:
    """Winter 1942 after Torch: the Allied modifiers outweigh whoever rolls, so every namer
    gives the same chances (a die of 1-5 reads -3 or lower, a 6 reads -2), shown once."""
    async with _allied_roll().run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, VICHY_PANELS)
        shown = screen_text(screen, "#odds").splitlines()
    assert shown[:5] == [
        "Vichy France ends, by choice",
        "the Axis, the Western Allies,",
        "the Soviet Union",
        " Allied minor ally         5/6",
        " Allied associated minor   1/6",
    ]


def test_77_namers_whose_rolls_differ_are_compared_apart() -> None:
    """Three unbuilt Vichy armor count +3 toward the side that rolls (awaw.vichy.unbuilt_sign):
    the Axis reads 4 to 9 (a 6 reads 9, Axis associated), the Allies -2 to 3 (a 1 reads -2,
    a 2 or 3 deactivates)."""
    unbuilt = {
        "name": "Unbuilt armor",
        "kind": "armor",
        "location": "southern_france",
        "units": 3,
        "built": False,
    }
    units = [*vichy.BASE["vichy_units"], unbuilt]
    game = Game(vichy.make(board={"american_ground_unit": True}, vichy_units=units), seed=1)
    lines = rendered(game).plain.splitlines()
    assert lines == [
        "Vichy France ends, by choice",
        "the Axis",
        " neutral                   5/6",
        " Axis associated minor     1/6",
        "the Western Allies, the Soviet",
        "Union",
        " neutral                   1/2",
        " deactivated               1/3",
        " Allied associated minor   1/6",
    ]
    assert max(len(line) for line in lines) <= LINE


def test_vichy_allied_naming_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(_allied_roll(), terminal_size=NARROW, run_before=_vichy_dashboard)


async def test_77_the_odds_of_a_roll_reached_by_a_link_are_worked_out(saves: Path) -> None:
    """Summer 1941 rolled 2 +6 = 8 (German control of the Vichy hexes); the next roll, in
    Fall 1941 with the board as it was, adds +7 with the hexes German: a 1 reads 8, a 2
    reads 9, 3 to 6 read 10."""
    game = vichy.played(scenario.load("vichy-1941-axis-roll"), 2)
    game.next("awaw.vichy")
    game.answer("axis")
    app = ArmisticeApp(game, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, VICHY_PANELS)
        shown = screen_text(screen, "#odds")
        assert "could not be worked out" not in shown
        lines = shown.splitlines()
        labelled = [i for i, line in enumerate(lines) if line.startswith(("8:", "9:", "10:"))]
        assert [lines[i + 1].split()[-2] for i in labelled] == [
            "1/6",
            "1/6",
            "2/3",
        ]


def test_5_5_a_choice_whose_outcome_no_die_decides_sets_no_columns_side_by_side() -> None:
    """The Axis player's pick between two equally near Vichy areas: the Toulon fleet turns
    Vichy either way (a chance of 1 under both options), so the panel gives the chances
    from here, not a column per option."""
    game = Game(load(small()))
    game.answer(5)
    game.answer({"area.oran": 1, "area.bone": 2, "area.dakar": 3})
    lines = rendered(game).plain.splitlines()
    assert lines[0] == "Chances from here"
    assert "chance by choice" not in rendered(game).plain
    assert lines[2].split() == ["Toulon", "fleet", "Vichy", "1"]


def test_5_6_an_area_the_axis_holds_reads_axis_in_the_odds_panel() -> None:
    """Outcomes of World at War 5.6 mix fleets' fates and areas' sides: each is named by
    its own word (Japan holding Indo-China after politics reads "Axis")."""
    g = act(game(indo_china()), "politics", "french_indo_china")
    lines = rendered(g).plain.splitlines()
    at = lines.index("French Indo-China")
    assert lines[at + 1].split() == ["Axis", "1"]
    assert lines[lines.index("Mediterranean fleet") + 1].split() == ["Vichy", "1"]


def _aa50_questions() -> list[Game]:
    """A game at each kind of Anniversary question: where to move a unit from, which unit,
    where to, which territory was attacked, a battle's result, a ship sunk, what lies in a
    sea zone (a Japanese carrier in sea zone 36, so a die follows), and whose unit stands
    in a territory after an occupation (asked where a German infantry moved in)."""
    from armistice.core.aa50.words import Phase
    from tests.aa50.board import answer, game, until

    def at(*values: AnswerValue, power: str = "united_kingdom") -> Game:
        return answer(until(game(), power, Phase.COMBAT_MOVE), *values)

    move = ("move", "united_kingdom", "united_kingdom:infantry")
    battle = ("invade", {"french_indo_china": 1}, "end_phase", "battle", "french_indo_china")
    return [
        *(at(*move[:n]) for n in range(1, 4)),
        *(at(*battle[:n]) for n in range(4, 6)),
        at(*battle, "taken"),
        at(*battle, "taken", "no"),
        at(
            *("occupy", "move", "france", "germany:infantry", "southern_france"),
            *("end_phase", "end_phase"),
            power="germany",
        ),
    ]


def test_no_anniversary_question_sets_a_column_per_answer() -> None:
    """Every Anniversary question but the turn's menu either reports what happened on the
    board or leaves nothing to dice: the panel gives the chances from here for each."""
    asked = []
    for g in _aa50_questions():
        prompt = g.prompt
        assert isinstance(prompt, Decision)
        asked.append(prompt.key.split(".", 1)[1])
        assert rendered(g).plain.startswith("Chances from here"), prompt.label
    assert asked == [
        "move.from",
        "move.unit",
        "move.to",
        "battle.target",
        "battle.result",
        "battle.sunk.lamotte_picquet",
        "zone.sz36",
        "occupation.southern_france",
    ]
