"""Designer tables (`armistice verify --tables FILE`): a value that differs from the book is a
house rule (a finding); a value the rule cannot take fails naming its row and value; every
field of every table is compared and bounded; rows are numbered as the file numbers them and
turns named as seasons."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from armistice.core import systems, tablefiles
from armistice.core.awaw.rule58.playable import RANGES, Range
from armistice.core.awaw.rule58.tables import (
    FORCES_FILE,
    RULE58_FILE,
    ColonyRoll,
    LevelParameters,
    Tables,
    build,
    shipped,
)
from armistice.core.errors import TableError
from armistice.verify.awaw.rule58.analysis import (
    colony_rolls,
    monotone_columns,
    naval_mirror,
    turn_bands,
)
from armistice.verify.awaw.rule58.files import load_tables
from armistice.verify.awaw.rule58.parameters import house_rules, values_in_range
from armistice.verify.model import Verdict
from tests.support import edited
from tests.verify.runs import verify

T = shipped()


def _with_level(**changes: int) -> Tables:
    level = msgspec.structs.replace(T.rules.level, **changes)
    return build(msgspec.structs.replace(T.rules, level=level), T.forces, "r", "f")


def test_a_vichy_bonus_of_2_is_a_house_rule_not_a_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(tmp_path, RULE58_FILE, ("vichy_bonus = 3", "vichy_bonus = 2"))
    code, out, _ = verify(capsys, "--tables", str(path), "--counterexamples", str(tmp_path))
    assert code == 0
    assert "house rule: colony_roll.vichy_bonus 2, book 3" in out
    assert "colony_status_follows_58_53: finding" in out
    assert "status: engine free_french, rule vichy" in out


@pytest.mark.parametrize(
    ("turn", "says"),
    [
        (-5, "house rule: level.earliest_voluntary Winter 1938, book Fall 1940"),
        (1, "house rule: level.earliest_voluntary Summer 1940, book Fall 1940"),
    ],
)
def test_58_11b_an_earlier_voluntary_surrender_is_a_house_rule_named_by_season(
    turn: int, says: str
) -> None:
    t = _with_level(earliest_voluntary=turn)
    assert values_in_range(t).verdict is Verdict.PROVED
    found = house_rules(t)
    assert found.verdict is Verdict.FINDING
    assert found.explanation == says


def test_58_11b_a_voluntary_turn_no_scenario_can_name_fails_with_its_season(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(tmp_path, RULE58_FILE, ("earliest_voluntary = 2 ", "earliest_voluntary = 48 "))
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 1
    assert (
        "level.earliest_voluntary: Spring 1952 (turn 48); must be a turn a scenario can name, "
        "Spring 1938..Winter 1950 (58.11B)"
    ) in out


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        (
            {"voluntary": 4},
            "level.voluntary: 4; must be a level within the tables' limit, -3..+3 (58.22)",
        ),
        ({"other_objective": 1}, "level.other_objective: 1; must be 0 or less"),
        ({"cooperation": 1}, "level.cooperation: 1; must be 0 or less"),
        ({"paris": -2}, "level.paris: -2; must be 0 or more"),
        ({"fleet_baseline": -1}, "level.fleet_baseline: -1; must be 0 or more factors (58.21C)"),
    ],
)
def test_a_level_value_the_rule_cannot_take_fails_naming_it(
    changes: dict[str, int], says: str
) -> None:
    result = values_in_range(_with_level(**changes))
    assert result.verdict is Verdict.VIOLATED
    assert says in result.explanation


def test_58_71_a_deduction_that_is_not_the_key_areas_brps_fails() -> None:
    brp = msgspec.structs.replace(T.rules.brp, key_areas_deduction=30)
    t = build(msgspec.structs.replace(T.rules, brp=brp), T.forces, "r", "f")
    result = values_in_range(t)
    assert result.verdict is Verdict.VIOLATED
    assert "brp.key_areas_deduction: 30; must be the key areas' BRPs added up, 40 (58.71)" in (
        result.explanation
    )


def test_58_531_a_negative_vichy_bonus_fails() -> None:
    roll = ColonyRoll(vichy_bonus=-1)
    t = build(msgspec.structs.replace(T.rules, colony_roll=roll), T.forces, "r", "f")
    assert "colony_roll.vichy_bonus: -1; must be 0 or more" in values_in_range(t).explanation


def test_58_621_free_french_with_vichy_above_without_fails_naming_both_rows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(
        tmp_path,
        FORCES_FILE,
        (
            "{ fsl = -3, vichy = true,  infantry_factors =  6,",
            "{ fsl = -3, vichy = true,  infantry_factors = 10,",
        ),
    )
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 1
    assert (
        "free_french row 7, infantry_factors: 10 factors with Vichy at FSL -3; must be no more "
        "than the 9 of row 14, without Vichy (58.621)"
    ) in out
    assert "house rule: free_french FSL -3 with Vichy infantry 10, book 6" in out


def test_a_turn_gap_is_named_by_season(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = edited(tmp_path, RULE58_FILE, ("low = 2\nhigh = 2", "low = 3\nhigh = 2"))
    code, out, _ = verify(capsys, "--tables", str(path), "--counterexamples", str(tmp_path))
    assert code == 1
    assert "turn_modifier_no_gaps: violated" in out
    assert "no row covers Fall 1940; smallest: Fall 1940" in out
    assert "house rule: turn row 3, low Winter 1940, book Fall 1940" in out
    assert (
        f"no scenario file: a game refuses these tables ({path}: turn: gap: no row covers Fall 1940)"
        in out
    )


@pytest.mark.parametrize(
    ("source", "old", "new", "says"),
    [
        (
            FORCES_FILE,
            "{ fsl =  3, infantry_factors = 12,",
            "{ fsl =  4, infantry_factors = 12,",
            "vichy row 1, fsl: +4 is outside the surrender levels -3..+3 (level.limit 3)",
        ),
        (
            RULE58_FILE,
            'high = 3\nstatus = "free_french"',
            'high = 3\nstatus = "axis"',
            'colony_result row 1, status: "axis" is not one of: free_french, vichy',
        ),
        (
            RULE58_FILE,
            'id = "algeria"',
            'id = "tunisia"',
            "colony row 3, id: 'tunisia' is also the id of row 2",
        ),
        (
            RULE58_FILE,
            'id = "tunisia"',
            'id = "lebanon_syria"',
            "colony row 2, id: 'lebanon_syria' is also the id of row 1",
        ),
        (
            RULE58_FILE,
            'group = "lebanon_syria"',
            'group = "levant"',
            "colony row 1, group: unknown roll group 'levant'; "
            "choose one of: lebanon_syria, north_africa",
        ),
    ],
)
def test_a_table_the_engine_cannot_use_is_refused_naming_the_row_and_the_choices(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    source: Path,
    old: str,
    new: str,
    says: str,
) -> None:
    path = edited(tmp_path, source, (old, new))
    code, _, err = verify(capsys, "--tables", str(path))
    assert code == 2
    assert err == f"armistice: error: {path}: {says}\n"


def test_every_value_of_every_table_is_compared_with_the_book() -> None:
    files = (T.rules, T.forces)
    changed = 0
    for section in ("level", "colony_roll", "brp", "vichy_garrison", "independent"):
        struct = getattr(T.rules, section)
        for field in struct.__struct_fields__:
            value = getattr(struct, field)
            other = value + 1 if isinstance(value, int) else value + " (edited)"
            new = msgspec.structs.replace(struct, **{field: other})
            rules = msgspec.structs.replace(files[0], **{section: new})
            t = Tables(rules, T.forces, T.free_french, T.vichy, T.colonies, T.groups)
            found = house_rules(t)
            assert found.verdict is Verdict.FINDING, (section, field)
            assert found.explanation.startswith(f"house rule: {section}.{field} "), found
            changed += 1
    assert changed >= 17


def test_every_level_value_is_bounded_by_the_loader_or_a_range() -> None:
    bounded_by_loader = {"ground_step", "fleet_step", "limit"}
    for field in LevelParameters.__struct_fields__:
        assert f"level.{field}" in RANGES or field in bounded_by_loader, field


def test_the_infantry_dips_are_armor_taking_the_infantrys_place() -> None:
    text = monotone_columns(T).explanation
    assert (
        "infantry dips to 9 at FSL -3 from 12 at FSL -2, where a 3-5 armor unit appears: "
        "infantry + 3 x armor is 12 at both"
    ) in text
    assert (
        "infantry dips to 12 at FSL +3 from 15 at FSL +2, where a 3-5 armor unit appears: "
        "infantry + 3 x armor is 15 at both"
    ) in text


def test_the_naval_mirror_is_said_in_words() -> None:
    text = naval_mirror(T).explanation
    assert (
        "Free French without Vichy France, FSL -3 to +3: the same ships as the Vichy fleet "
        "at the opposite level (Free French at FSL n = Vichy at -n)"
    ) in text
    assert (
        "at FSL -3 the Free French get 2 named ships, 3 cruisers and 6 destroyer factors, "
        "as Vichy does at FSL +3"
    ) in text
    assert "Free French with Vichy France, FSL -3 to +0" in text


def test_the_shipped_tables_have_no_house_rule_and_every_value_in_range() -> None:
    assert house_rules(T).verdict is Verdict.PROVED
    assert values_in_range(T).verdict is Verdict.PROVED


def test_a_changed_row_of_a_list_table_is_named_by_its_row() -> None:
    areas = T.rules.key_area
    changed = (msgspec.structs.replace(areas[0], brp=21), *areas[1:])
    rules = msgspec.structs.replace(T.rules, key_area=changed)
    found = house_rules(Tables(rules, T.forces, T.free_french, T.vichy, T.colonies, T.groups))
    assert found.explanation == "house rule: key_area row 1, brp 21, book 20"


def test_two_files_for_one_table_are_refused_in_either_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = edited(tmp_path, RULE58_FILE, ("vichy_bonus = 3", "vichy_bonus = 2"))
    copy = tmp_path / "copy" / "rule58.toml"
    copy.parent.mkdir()
    copy.write_text(RULE58_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    for first, second in ((house, copy), (copy, house)):
        code, out, err = verify(capsys, "--tables", str(first), "--tables", str(second))
        assert code == 2
        assert out == ""
        assert (
            err == f"armistice: error: {second}: replaces rule58.toml, as {first} does; give one\n"
        )


OUT_OF_RANGE = [
    (
        RULE58_FILE,
        ("earliest_voluntary = 2 ", "earliest_voluntary = -50 "),
        "level.earliest_voluntary: Fall 1927 (turn -50); must be a turn a scenario can name, "
        "Spring 1938..Winter 1950 (58.11B)",
    ),
    (
        FORCES_FILE,
        (
            "{ fsl = -3, vichy = true,  infantry_factors =  6,",
            "{ fsl = -3, vichy = true,  infantry_factors = 10,",
        ),
        "free_french row 7, infantry_factors: 10 factors with Vichy at FSL -3; must be no more "
        "than the 9 of row 14, without Vichy (58.621)",
    ),
    (
        RULE58_FILE,
        ("vichy_bonus = 3", "vichy_bonus = -1"),
        "colony_roll.vichy_bonus: -1; must be 0 or more (Vichy France draws colonies to Vichy) "
        "(58.531)",
    ),
    (
        RULE58_FILE,
        ("voluntary = 1 ", "voluntary = 4 "),
        "level.voluntary: 4; must be a level within the tables' limit, -3..+3 (58.22)",
    ),
    (
        RULE58_FILE,
        ("paris = 2 ", "paris = -2 "),
        "level.paris: -2; must be 0 or more (Axis control favours the Axis) (58.21A)",
    ),
    (
        RULE58_FILE,
        ("cooperation = -1 ", "cooperation = 1 "),
        "level.cooperation: 1; must be 0 or less (Allied research favours France) (58.21F)",
    ),
    (
        RULE58_FILE,
        ("key_areas_deduction = 40 ", "key_areas_deduction = 30 "),
        "brp.key_areas_deduction: 30; must be the key areas' BRPs added up, 40 (58.71)",
    ),
    (
        RULE58_FILE,
        ("key_areas_deduction = 40 ", "key_areas_deduction = 50 "),
        "brp.key_areas_deduction: 50; must be the key areas' BRPs added up, 40 (58.71)",
    ),
]


@pytest.mark.parametrize(("published", "change", "says"), OUT_OF_RANGE)
def test_a_value_verify_calls_violated_is_refused_by_a_game_in_the_same_words(
    tmp_path: Path, published: Path, change: tuple[str, str], says: str
) -> None:
    path = edited(tmp_path, published, change)
    result = values_in_range(load_tables([path]))
    assert result.verdict is Verdict.VIOLATED
    assert result.explanation == says
    with pytest.raises(TableError) as refused:
        tablefiles.read(systems.get("awaw.58"), [path])
    assert str(refused.value) == f"{path}: {says}"


@pytest.mark.parametrize(
    ("change", "verify_says", "game_says"),
    [
        (
            ("[[colony_result]]\nlow = 4", "[[colony_result]]\nlow = 6"),
            "no row covers 4..5; smallest: 4",
            "colony_result: gap: no row covers the modified rolls 4..5",
        ),
        (
            ("[[turn]]\nlow = 2\nhigh = 2\n", "[[turn]]\nlow = 1\nhigh = 2\n"),
            "overlap: Summer 1940 in rows 2, 3; smallest: Summer 1940",
            "turn: overlap: rows 2 and 3 both cover Summer 1940",
        ),
    ],
)
def test_a_band_gap_or_overlap_verify_finds_is_refused_by_a_game_naming_the_same_span(
    tmp_path: Path, change: tuple[str, str], verify_says: str, game_says: str
) -> None:
    path = edited(tmp_path, RULE58_FILE, change)
    t = load_tables([path])
    violated = [r for r in (*colony_rolls(t), *turn_bands(t)) if r.verdict is Verdict.VIOLATED]
    assert [r.explanation for r in violated] == [verify_says]
    with pytest.raises(TableError) as refused:
        tablefiles.read(systems.get("awaw.58"), [path])
    assert str(refused.value) == f"{path}: {game_says}"


def test_verify_and_games_share_one_bound_so_loosening_it_loosens_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deliberately broken engine that lets any earliest voluntary turn through: verify
    then proves the value in range and a game plays it, as neither holds its own copy."""
    path = edited(tmp_path, RULE58_FILE, ("earliest_voluntary = 2 ", "earliest_voluntary = -50 "))
    loose = Range("58.11B", lambda t: "any turn", lambda v, t: True)
    monkeypatch.setitem(RANGES, "level.earliest_voluntary", loose)
    assert values_in_range(load_tables([path])).verdict is Verdict.PROVED
    house = tablefiles.read(systems.get("awaw.58"), [path])
    assert house is not None and house.tables.rules.level.earliest_voluntary == -50


def test_the_table_analyses_say_their_domains_as_sentences() -> None:
    from armistice.core.awaw.rule58.tables import shipped
    from armistice.verify.awaw.rule58.checks import checks

    scopes = {r.name: r.scope for c in checks(shipped()) for r in c.run() if r.domain}
    assert scopes == {
        "colony_result_no_gaps": "exhaustive over every modified colonial roll from -2 to 12",
        "colony_result_no_overlaps": "exhaustive over every modified colonial roll from -2 to 12",
        "colony_result_rows_reachable": "exhaustive over every colonial die from 1 to 6, every "
        "surrender level from -3 to +3, with and without the Vichy bonus",
        "turn_modifier_no_gaps": "exhaustive over every turn from Spring 1938 to Winter 1950",
        "turn_modifier_no_overlaps": "exhaustive over every turn from Spring 1938 to Winter 1950",
        "turn_modifier_rows_reachable": "exhaustive over every turn from Spring 1938 to Winter 1950",
        "force_tables_monotone": "exhaustive over every surrender level from -3 to +3",
        "naval_levels_mirror": "exhaustive over every surrender level from -3 to +3, each table "
        "shifted against the other by every amount from -6 to +6 levels",
        "table_values_in_range": "exhaustive over every surrender level from -3 to +3",
    }
