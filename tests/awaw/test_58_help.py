"""The help a player reads states the numbers of the tables in use, so an edited table
never leaves the help behind (58.21, 58.531)."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core.awaw.rule58 import colonies, phrases, rules, summary
from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE, Tables, load, shipped
from armistice.core.errors import TableError


@pytest.fixture
def edited(tmp_path: Path) -> Tables:
    text = RULE58_FILE.read_text(encoding="utf-8")
    for old, new in (
        ("fleet_baseline = 42", "fleet_baseline = 40"),
        ("low = 3\nmodifier = -4", "low = 3\nmodifier = -3"),
        ("vichy_bonus = 3", "vichy_bonus = 2"),
        ("high = 3\nstatus", "high = 2\nstatus"),
        ("low = 4\nstatus", "low = 3\nstatus"),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "rule58.toml"
    path.write_text(text, encoding="utf-8")
    return load(path)


def test_58_2_the_rules_help_states_the_shipped_numbers() -> None:
    text = " ".join(summary.rules_help(shipped()).split())
    assert "short of 42" in text
    assert "+2 in Spring 1940 or before" in text
    assert "-4 from Winter 1940" in text
    assert "plus 3 with Vichy: 3 or less is Free French; 4 or more is Vichy" in text


def test_58_2_the_rules_help_follows_an_edited_table(edited: Tables) -> None:
    text = " ".join(summary.rules_help(edited).split())
    assert "short of 40" in text and "short of 42" not in text
    assert "-3 from Winter 1940" in text
    assert "plus 2 with Vichy: 2 or less is Free French; 3 or more is Vichy" in text


def test_58_21c_the_fleet_modifier_names_the_baseline_of_the_table(edited: Tables) -> None:
    facts = rules.SurrenderFacts(False, True, False, False, 0, 0, 40, 2, 0, False)
    labels = {t.label for t in rules.surrender_terms(facts, edited)}
    assert "French fleet below 40 factors" in labels
    shipped_labels = {t.label for t in rules.surrender_terms(facts, shipped())}
    assert "French fleet below 42 factors" in shipped_labels


def test_58_531_the_colonial_die_help_reads_the_result_table(edited: Tables) -> None:
    assert colonies.roll_help(shipped(), -1, True) == (
        "Die -1 for the level, +3 for Vichy: 3 or less goes Free French, 4 or more goes Vichy."
    )
    assert colonies.roll_help(shipped(), 2, False) == (
        "Die +2 for the level: 3 or less goes Free French, 4 or more goes independent."
    )
    assert colonies.roll_help(edited, 0, True) == (
        "Die +0 for the level, +2 for Vichy: 2 or less goes Free French, 3 or more goes Vichy."
    )


def test_58_21d_the_rules_help_names_every_turn_band() -> None:
    text = " ".join(summary.rules_help(shipped()).split())
    assert (
        "+2 in Spring 1940 or before, +0 in Summer 1940, -2 in Fall 1940, -4 from Winter 1940"
        in text
    )


def test_58_6_a_force_row_outside_the_surrender_levels_is_refused(tmp_path: Path) -> None:
    text = FORCES_FILE.read_text(encoding="utf-8")
    path = tmp_path / "forces.toml"
    path.write_text(text.replace("{ fsl =  3, vichy = true,", "{ fsl =  4, vichy = true,", 1))
    with pytest.raises(
        TableError,
        match=r"free_french row 1, fsl: \+4 is outside the surrender levels -3\.\.\+3 "
        r"\(level\.limit 3\)$",
    ):
        load(forces_path=path)


@pytest.mark.parametrize(
    ("section", "first"),
    [("key_area", 'id = "paris"'), ("level", "[level]"), ("vichy_garrison", "[vichy_garrison]")],
)
def test_58_a_table_section_with_a_field_it_does_not_know_is_refused(
    tmp_path: Path, section: str, first: str
) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    assert first in text
    path = tmp_path / "rule58.toml"
    path.write_text(text.replace(first + "\n", first + "\nbogus = 1\n", 1))
    with pytest.raises(TableError, match=rf"{section}.*bogus"):
        load(path)


def test_58_21d_the_help_names_a_band_of_several_turns_from_its_first_to_its_last(
    tmp_path: Path,
) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    for old, new in (
        ("high = 0\nmodifier = 2", "high = -1\nmodifier = 2"),
        ("low = 1\nhigh = 1\nmodifier = 0", "low = 0\nhigh = 1\nmodifier = 0"),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "rule58.toml"
    path.write_text(text, encoding="utf-8")
    help_text = " ".join(summary.rules_help(load(path)).split())
    assert "+2 in Winter 1939 or before, +0 from Spring 1940 to Summer 1940," in help_text


def _forces_with(tmp_path: Path, old: str, new: str) -> Path:
    text = FORCES_FILE.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "forces.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{ fsl =  3, vichy = true,", "{ vichy = true,", r"free_french row 1, fsl: missing"),
        ("{ fsl =  3, vichy = true,", "{ fsl =  3,", r"free_french row 1, vichy: missing"),
        ("{ fsl =  1, infantry", "{ fsl =  2, infantry", r"vichy row 3: overlaps row 2: both"),
        ("{ fsl =  0, infantry", "{ fsl =  1, infantry", r"vichy row 4: overlaps row 3: both"),
    ],
)
def test_58_6_a_force_row_must_say_its_level_and_column_once(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(TableError, match=rf"^{tmp_path}/forces\.toml: {message}"):
        load(forces_path=_forces_with(tmp_path, old, new))


def test_58_21d_a_turn_no_band_covers_gives_no_modifier(tmp_path: Path) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    old = "low = 2\nhigh = 2\nmodifier = -2"
    assert old in text
    path = tmp_path / "rule58.toml"
    path.write_text(text.replace(old, "low = 2\nhigh = 1\nmodifier = -2"), encoding="utf-8")
    gapped = load(path)  # a game refuses these tables; the rule function still answers
    assert [rules.turn_modifier(turn, gapped) for turn in (1, 2, 3)] == [0, 0, -4]
    assert [rules.turn_modifier(turn, shipped()) for turn in (-8, 0, 1, 2, 3, 43)] == [
        2,
        2,
        0,
        -2,
        -4,
        -4,
    ]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("low = 1\nhigh = 1\nmodifier = 0", "low = 1\nhigh = 1", r"turn row 2, modifier: missing"),
        ('low = 4\nstatus = "vichy"', "low = 4", r"colony_result row 2, status: missing"),
    ],
)
def test_58_21d_58_531_a_band_row_must_say_what_it_gives(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "rule58.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(TableError, match=rf"^{path}: {message} \(required\)$"):
        load(path)


def test_58_531_the_die_help_names_a_closed_band_by_both_ends(tmp_path: Path) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    old = 'low = 4\nstatus = "vichy"'
    assert text.count(old) == 1
    new = 'low = 4\nhigh = 6\nstatus = "vichy"\n[[colony_result]]\nlow = 7\nstatus = "free_french"'
    path = tmp_path / "rule58.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    assert colonies.roll_help(load(path), 0, True) == (
        "Die +0 for the level, +3 for Vichy: 3 or less goes Free French, 4 to 6 goes Vichy, "
        "7 or more goes Free French."
    )


def test_58_531_58_21d_bands_read_by_their_ends() -> None:
    assert phrases.rolls(int("300"), int("300")) == "300"  # two equal numbers, two objects
    rolls = ((None, 3), (4, None), (4, 6), (5, 5), (None, None), (5, 4))
    assert [phrases.rolls(*b) for b in rolls] == [
        "3 or less",
        "4 or more",
        "4 to 6",
        "5",
        "any roll",
        "no roll",
    ]
    spans = ((None, 0), (3, None), (1, 1), (-2, 0), (None, None), (2, 1))
    assert [phrases.turns(*b) for b in spans] == [
        "in Spring 1940 or before",
        "from Winter 1940",
        "in Summer 1940",
        "from Fall 1939 to Spring 1940",
        "in every turn",
        "in no turn",
    ]


def test_58_531_the_rules_help_names_a_closed_colonial_band_by_both_ends(tmp_path: Path) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    old = 'low = 4\nstatus = "vichy"'
    new = 'low = 4\nhigh = 6\nstatus = "vichy"\n[[colony_result]]\nlow = 7\nstatus = "free_french"'
    path = tmp_path / "rule58.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    help_text = " ".join(summary.rules_help(load(path)).split())
    assert "3 or less is Free French; 4 to 6 is Vichy; 7 or more is Free French" in help_text
