"""The Vichy France table's proof suite: every invariant holds on the shipped engine, and
each fails on a named broken engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core import scenario, systems, tablefiles
from armistice.core.awaw.board import Board, Diplomacy
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.tables import VICHY_FILE, Tables, shipped
from armistice.core.errors import TableError
from armistice.core.game import Game
from armistice.verify import runner, suites
from armistice.verify.awaw.vichy import counterexample, inputs
from armistice.verify.awaw.vichy.mutants import mutants
from armistice.verify.awaw.vichy.properties import PROPERTIES, PUBLISHED_ONLY
from armistice.verify.model import BOOK_ONLY, Mutant, Result, Strength, Verdict
from armistice.verify.mutate import caught
from tests import support
from tests.awaw import vichy as quiet
from tests.verify.runs import verify

BRPS_12 = ("brps = 10", "brps = 12")
"""The 7 row pays 12 BRPs instead of 10."""
BASE_100 = ("base = 0 ", "base = 100 ")
"""Every roll adds 100: every result reads the 10 row (or 3-4 under no_effect)."""
SEVEN_SETS_NINE = ('policy = "7"\nbrps', 'policy = "9"\nbrps')
"""The 7 row makes Vichy an Axis associated minor instead of paying with a 7 policy."""
GAP = ('id = "5-6"\nlow = 5\nhigh = 6', 'id = "5-6"\nlow = 5\nhigh = 5')
"""The 5-6 row ends at 5, leaving 6 to no row."""

SUITE = suites.get("awaw.vichy")


def test_every_invariant_holds_on_the_published_table() -> None:
    results = [r for c in SUITE.checks(shipped(), True) for r in c.run()]
    assert [r.name for r in results] == [
        "every_result_reads_one_row",
        "rows_cover_the_table",
        "policies_follow_the_table",
        "units_follow_the_rows",
        "brps_paid_only_by_their_rows",
        "rows_follow_the_book",
        "modifiers_follow_the_book",
    ]
    assert all(r.invariant for r in results)
    assert all(r.verdict is Verdict.PROVED for r in results), [r.explanation for r in results]
    strengths = {r.name: r.strength for r in results}
    assert strengths["every_result_reads_one_row"] is Strength.PROVED
    assert strengths["policies_follow_the_table"] is Strength.EXHAUSTIVE
    scope = {r.name: r.scope for r in results}
    assert scope["units_follow_the_rows"] == (
        "exhaustive over every earlier policy (none, -3, -2, 5-6, 7, 8, 9, 10), every row of "
        "the table (-3 to 10, 11 rows) and both readings of awaw.vichy.policy_strength"
    )
    assert scope["rows_cover_the_table"] == "exhaustive over result from -3 to 10"


@pytest.mark.parametrize("mutant", list(mutants(shipped())), ids=lambda m: m.name)
def test_each_broken_engine_fails_the_properties_it_names(mutant: Mutant) -> None:
    tables = SUITE.build(mutant.tables)
    with mutant.patch():
        found = {r.name: r for c in SUITE.checks(tables, True) for r in c.run()}
    for name in mutant.breaks:
        assert found[name].verdict is Verdict.VIOLATED, name
    assert caught(SUITE, mutant) == mutant.breaks[0]


def test_every_property_is_shown_failing_by_some_mutant() -> None:
    named = {name for m in mutants(shipped()) for name in m.breaks}
    assert named == {p.name for p in PROPERTIES}


def test_a_violated_policy_names_the_case() -> None:
    bad = next(m for m in mutants(shipped()) if m.name == "1-2 row keeps a pro-Axis policy")
    with bad.patch():
        result = next(p for p in PROPERTIES if p.name == "policies_follow_the_table").check(
            shipped()
        )
    assert result.verdict is Verdict.VIOLATED
    assert "5-6 then 1-2: engine 5-6, table none" in result.explanation


def house(folder: Path, *changes: tuple[str, str]) -> tuple[Path, Tables]:
    """An edited vichy.toml in ``folder`` and its tables, read as a game reads them."""
    path = support.edited(folder, VICHY_FILE, *changes)
    return path, SUITE.load_tables([path])


def results(t: Tables, published: bool) -> dict[str, Result]:
    return {r.name: r for c in SUITE.checks(t, published) for r in c.run()}


def test_a_house_table_is_the_rule_the_engine_is_held_to(tmp_path: Path) -> None:
    _, t = house(tmp_path, BRPS_12, BASE_100, SEVEN_SETS_NINE)
    found = results(t, False)
    for name in PUBLISHED_ONLY:
        assert found[name].verdict is Verdict.FINDING and not found[name].invariant
        assert found[name].demoted == BOOK_ONLY
    assert found["rows_follow_the_book"].explanation == (
        'house rule: row 8 (7), policy "9", book "7"; house rule: row 8 (7), brps 12, book 10'
    )
    assert found["modifiers_follow_the_book"].explanation == "house rule: table.base 100, book 0"
    invariants = [r for r in found.values() if r.name not in PUBLISHED_ONLY]
    assert [r.verdict for r in invariants] == [Verdict.PROVED] * 5
    assert all(r.invariant for r in invariants)
    assert "7: 12 BRPs, 8: 20 BRPs" in found["brps_paid_only_by_their_rows"].explanation


def test_a_house_table_is_a_finding_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = house(tmp_path, BRPS_12, BASE_100)
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 0
    assert "awaw.58" not in out
    assert "rows_follow_the_book: finding: house rule: row 8 (7), brps 12, book 10" in out
    assert "modifiers_follow_the_book: finding: house rule: table.base 100, book 0" in out
    assert "findings, not invariants, because the tables are edited (2):" in out
    assert "5 of 5 invariants proved, 0 not; 2 findings" in out


def test_a_broken_engine_still_violates_an_invariant_under_a_house_table(tmp_path: Path) -> None:
    _, t = house(tmp_path, BRPS_12)
    bad = next(m for m in mutants(shipped()) if m.name == "BRPs paid only when the policy changes")
    with bad.patch():
        found = results(t, False)
    result = found["brps_paid_only_by_their_rows"]
    assert result.invariant and result.verdict is Verdict.VIOLATED
    assert "7 then 7: 0 BRPs, table 12" in result.explanation
    assert found["rows_follow_the_book"].verdict is Verdict.FINDING


def test_a_table_a_game_refuses_ends_the_run_with_the_games_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = support.edited(tmp_path, VICHY_FILE, GAP)
    with pytest.raises(TableError) as game:
        tablefiles.read(systems.get("awaw.vichy"), [path])
    assert str(game.value) == f"{path}: row 8, low: a gap: the row should start at 6, not 7"
    code, _, err = verify(capsys, "--tables", str(path))
    assert code == 2
    assert err.strip() == f"armistice: error: {game.value}"


def test_a_file_that_is_no_vichy_table_is_refused_as_a_game_refuses_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("[tabel]\nbase = 0\n", encoding="utf-8")
    with pytest.raises(TableError) as game:
        tablefiles.read(systems.get("awaw.vichy"), [path])
    code, _, err = verify(capsys, "--system", "awaw.vichy", "--tables", str(path))
    assert code == 2
    assert err.strip() == f"armistice: error: {game.value}"
    assert "an unknown table tabel; vichy.toml's tables are table, modifiers, row, policy" in err


def test_the_roll_inputs_take_the_scenario_files_bounds() -> None:
    assert inputs.bounds(Board, "usat_level") == (0, 200)
    assert inputs.bounds(Board, "colonies_attacked_last_turn") == (0, 4)
    assert inputs.bounds(Diplomacy, "axis_dps") == (0, 99)
    assert inputs.bounds(VichyScenario, "surrender_level") == (-3, 3)
    assert inputs.NUMBERS == {
        "surrender_level": (-3, 3),
        "usat_level": (0, 200),
        "colonies_attacked_last_turn": (0, 4),
        "axis_dps": (0, 99),
        "allied_dps": (0, 99),
        "axis_factors": (0, None),
        "allied_factors": (0, None),
        "unbuilt_units": (0, None),
    }


def broken_row_read(t: Tables, folder: Path, house: list[Path]) -> Result:
    bad = next(m for m in mutants(shipped()) if m.name == "row read before holding at the ends")
    with bad.patch():
        found = list(runner.run(SUITE, t, not house, folder, house=house))
    return next(r for r in found if r.name == "every_result_reads_one_row")


@pytest.mark.parametrize("base_100", [False, True], ids=["book", "base 100"])
def test_a_counterexample_is_a_roll_a_scenario_file_allows_and_loads(
    tmp_path: Path, base_100: bool
) -> None:
    paths = [support.edited(tmp_path, VICHY_FILE, BASE_100)] if base_100 else []
    t = SUITE.load_tables(paths)
    result = broken_row_read(t, tmp_path / "found", paths)
    assert result.verdict is Verdict.VIOLATED
    values = result.counterexample
    sides = 10 if values["d10"] else 6
    assert 1 <= values["die"] <= sides
    assert 0 <= values["usat_level"] <= 200 and -3 <= values["surrender_level"] <= 3
    assert 0 <= values["axis_dps"] <= 99 and 0 <= values["colonies_attacked_last_turn"] <= 4
    assert values["engine_row"] == "none (index -1)"
    path = Path(result.scenario)
    assert path.name == "counterexample-every-result-reads-one-row.toml"
    loaded = scenario.load(str(path))
    assert isinstance(loaded, VichyScenario)
    tables = tablefiles.read(systems.get("awaw.vichy"), paths)
    game = Game(loaded, seed=0, assumptions=counterexample.reading(values), tables=tables)
    game.answer("axis")
    if game.prompt is not None:
        game.answer(values["die"])
    roll = game.state.vichy_diplomacy
    assert roll.total == values["modifiers"]
    assert roll.result == values["table_row"]
    assert f"--decide vichy_roll={values['die']}" in path.read_text(encoding="utf-8")


def test_the_quiet_position_of_the_suite_and_the_tests_has_no_modifier() -> None:
    assert quiet.BASE is inputs.QUIET
    game = Game(inputs.position(), seed=1)
    game.answer("axis")
    game.answer(3)
    roll = game.state.vichy_diplomacy
    assert (roll.total, roll.modifiers, roll.result) == (0, (), "3-4")
