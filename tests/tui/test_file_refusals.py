"""Each kind of refusal reads alike in every file family the command line reads: a
scenario, a save, a facts file, a house table file, an answers file. One line on stderr
naming the file, the field and the reason in words (the value the file has, what the field
takes), never the decoder's own words (``Invalid enum value``, ``Expected `int```) nor a
traceback, whatever the file: empty, binary, a folder, missing, a JSON value that is not an
object, a save from a newer armistice."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from armistice.core.awaw.vichy.tables import VICHY_FILE
from armistice.tui.cli import run

ROOT = Path(__file__).resolve().parents[2]
ALLIED = "vichy-1942-allied-roll"
SCENARIO = (ROOT / "scenarios" / "awaw" / f"{ALLIED}.toml").read_text(encoding="utf-8")
TABLE = VICHY_FILE.read_text(encoding="utf-8")
FACTS = 'named_by = "axis"\n[next]\n'
DECODER_WORDS = ("Invalid enum", "Expected `", "Traceback", "row row", "not valid TOML")


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line a refused run writes (exit status 2), without its prefix."""
    code = run(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("armistice: error: "), err
    line = err.removeprefix("armistice: error: ").rstrip("\n")
    assert not any(words in line for words in DECODER_WORDS), line
    return line


def save_text(capsys: pytest.CaptureFixture[str], folder: Path) -> str:
    """A save of the Allied roll, answered and rolled."""
    path = folder / "made.json"
    assert run(["resolve", ALLIED, "--auto", "--seed", "1", "--save", str(path)]) == 0
    capsys.readouterr()
    return path.read_text(encoding="utf-8")


def edited_save(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)


Family = Callable[[Path], list[str]]
FAMILIES: dict[str, Family] = {
    "scenario": lambda path: ["check", str(path)],
    "save": lambda path: ["check", str(path)],
    "facts": lambda path: [
        "resolve",
        "historical-summer-1940",
        "--auto",
        "--next",
        "awaw.vichy",
        "--facts",
        str(path),
    ],
    "tables": lambda path: ["check", ALLIED, "--tables", str(path)],
    "answers": lambda path: ["resolve", ALLIED, "--answers", str(path)],
}


def _set(path: list[str | int], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        inner: Any = document
        for step in path[:-1]:
            inner = inner[step]
        inner[path[-1]] = value

    return change


# (family, the file's text from the scenario, save, facts and table texts, field, reason)
Case = tuple[str, Callable[[str], str], str, str]
CHOICES: dict[str, Case] = {
    "scenario": (
        "scenario",
        lambda _: SCENARIO.replace('season = "winter"', 'season = "autumn"'),
        "turn.season",
        '"autumn" is not one of: spring, summer, fall, winter',
    ),
    "scenario-key": (
        "scenario",
        lambda _: SCENARIO.replace("tunisia = {", "egypt = {"),
        "colonies",
        "'egypt' is not one of its keys: northern_france, southern_france, corsica, "
        "lebanon_syria, tunisia, algeria, morocco, british, elsewhere",
    ),
    "save": (
        "save",
        lambda save: edited_save(save, _set(["answers", 0, "via"], "magic")),
        "answers[0].via",
        '"magic" is not one of: decided, default, rolled, typed, drawn, agreed',
    ),
    "facts": (
        "facts",
        lambda _: FACTS + 'capitals = { tunisia = "germany" }\n',
        "next.capitals.tunisia",
        '"germany" is not one of: vichy, axis, allied, no_one',
    ),
    "tables": (
        "tables",
        lambda _: TABLE.replace('effect = "deactivate"', 'effect = "explode"', 1),
        "row 3, effect",
        '"explode" is not one of: set, deactivate, continue_allied, continue, continue_axis',
    ),
    "answers": (
        "answers",
        lambda _: json.dumps([{"key": "named_by", "value": "axis", "via": "magic"}]),
        "[0].via",
        '"magic" is not one of: decided, default, rolled, typed, drawn, agreed',
    ),
}
TYPES: dict[str, Case] = {
    "scenario": (
        "scenario",
        lambda _: SCENARIO.replace("surrender_level = -1", 'surrender_level = "-1"'),
        "surrender_level",
        'expected a whole number, not "-1" (French surrender level: -3 to 3)',
    ),
    "scenario-choice": (
        "scenario",
        lambda _: SCENARIO.replace("surrender_level = -1", "surrender_level = -1\npolicy = 7"),
        "policy",
        "expected one of: none, -3, -2, 5-6, 7, 8, 9, 10, in quotes, not 7",
    ),
    "save": (
        "save",
        lambda save: edited_save(save, _set(["scenario", "surrender_level"], True)),
        "scenario.surrender_level",
        "expected a whole number, not true (French surrender level: -3 to 3)",
    ),
    "facts": (
        "facts",
        lambda _: FACTS + "board = { us_at_war = 1 }\n",
        "next.board.us_at_war",
        "expected true or false, not 1",
    ),
    "tables": (
        "tables",
        lambda _: TABLE.replace("factor_step = 5", 'factor_step = "five"'),
        "modifiers.factor_step",
        'expected a whole number, not "five"',
    ),
}
BOUNDS: dict[str, Case] = {
    "scenario": (
        "scenario",
        lambda _: SCENARIO.replace("surrender_level = -1", "surrender_level = -7"),
        "surrender_level",
        "-7 is below -3 (French surrender level: -3 to 3)",
    ),
    "save": (
        "save",
        lambda save: edited_save(save, _set(["seed"], -1)),
        "seed",
        "-1 is below 0",
    ),
    "facts": (
        "facts",
        lambda _: FACTS + "diplomacy = { axis_dps = 100 }\n",
        "next.diplomacy.axis_dps",
        "100 is above 99 (Axis DPs: 0 to 99 DPs)",
    ),
    "tables": (
        "tables",
        lambda _: TABLE.replace("factor_step = 5", "factor_step = 0"),
        "modifiers.factor_step",
        "0 is below 1",
    ),
}
UNKNOWN: dict[str, Case] = {
    "scenario": (
        "scenario",
        lambda _: SCENARIO.replace("surrender_level = -1", "surender_level = -1"),
        "surender_level",
        "unknown field; did you mean surrender_level?",
    ),
    "save": (
        "save",
        lambda save: edited_save(save, _set(["scenario", "bord"], {})),
        "scenario.bord",
        "unknown field; did you mean board?",
    ),
    "facts": (
        "facts",
        lambda _: FACTS + "board = { us_at_wr = true }\n",
        "next.board.us_at_wr",
        "unknown field; did you mean us_at_war?",
    ),
    "facts-far": (
        "facts",
        lambda _: FACTS + 'capitals = { egypt = "allied" }\n',
        "next.capitals.egypt",
        "unknown field; known here: lebanon_syria, tunisia, algeria, morocco",
    ),
    "tables": (
        "tables",
        lambda _: TABLE.replace("factor_step = 5", "factor_stp = 5"),
        "modifiers.factor_stp",
        "unknown field; did you mean factor_step?",
    ),
}
CASES = {
    f"{kind}-{name}": case
    for kind, cases in (
        ("choice", CHOICES),
        ("type", TYPES),
        ("bound", BOUNDS),
        ("unknown", UNKNOWN),
    )
    for name, case in cases.items()
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_refused_value_names_the_file_and_field_and_says_why_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: Case
) -> None:
    family, text, field, reason = case
    path = tmp_path / ("file.json" if family in ("save", "answers") else "file.toml")
    path.write_text(text(save_text(capsys, tmp_path) if family == "save" else ""))
    assert refusal(capsys, FAMILIES[family](path)) == f"{path}: {field}: {reason}"


NOT_A_TABLE = {
    "[]": "is a JSON array, not a table of keys (a JSON object or TOML)",
    "null": "is JSON null, not a table of keys (a JSON object or TOML)",
    "[1, 2": "not a JSON document: input data was truncated",
}


@pytest.mark.parametrize("family", ["scenario", "save", "facts", "tables"])
@pytest.mark.parametrize("text", NOT_A_TABLE, ids=["array", "null", "truncated"])
def test_a_json_file_that_is_not_an_object_is_refused_as_json_not_as_toml(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, family: str, text: str
) -> None:
    path = tmp_path / "file.json"
    path.write_text(text)
    assert refusal(capsys, FAMILIES[family](path)) == f"{path}: {NOT_A_TABLE[text]}"


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ('named_by = "france"', "named_by: 'france' is not an option; choose one of: axis"),
        ("vichy_roll = 9", "vichy_roll: a 1d6 roll shows 1 to 6, not 9"),
        ("never = 1", "never: never asked; this game asked: "),
    ],
)
def test_an_answer_in_a_facts_file_is_refused_naming_that_file_not_decide(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, given: str, reason: str
) -> None:
    path = tmp_path / "facts.toml"
    path.write_text(f"{given}\n[next]\n")
    line = refusal(capsys, FAMILIES["facts"](path))
    assert line.startswith(f"{path}: {reason}") and "--decide" not in line


def test_an_answer_of_a_save_given_to_another_game_names_the_save_and_its_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "other.json"
    path.write_text(
        edited_save(save_text(capsys, tmp_path), _set(["answers", 0, "key"], "establish_vichy"))
    )
    line = refusal(capsys, FAMILIES["answers"](path))
    assert line == f"{path}: answers[0] (establish_vichy): the game asks 'named_by' here"


def test_an_answer_left_over_after_the_game_ends_names_its_entry_and_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "long.json"
    path.write_text(
        edited_save(save_text(capsys, tmp_path), lambda d: d["answers"].append(d["answers"][-1]))
    )
    count = len(json.loads(path.read_text())["answers"]) - 1
    line = refusal(capsys, FAMILIES["save"](path))
    key = json.loads(path.read_text())["answers"][-1]["key"]
    assert (
        line == f"{path}: answers[{count}] ({key}): the game is complete by then; nothing asks it"
    )


def _newer(capsys: pytest.CaptureFixture[str], folder: Path) -> str:
    return edited_save(save_text(capsys, folder), _set(["version"], 99))


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path: path.write_bytes(b""), ""),
        (lambda path: path.write_bytes(b"\xff\xfe\x00binary"), "not a UTF-8 text file"),
        (lambda path: path.mkdir(), "is a folder, not a"),
        (lambda path: None, "no such file or bundled scenario|cannot be read: No such file"),
    ],
    ids=["empty", "binary", "folder", "missing"],
)
def test_no_file_whatever_it_holds_makes_a_traceback(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    family: str,
    make: Callable[[Path], Any],
    reason: str,
) -> None:
    path = tmp_path / "file.toml"
    make(path)
    if family == "facts" and not reason:
        assert run(FAMILIES[family](path)) == 0  # no answers, no facts: the defaults
        return
    line = refusal(capsys, FAMILIES[family](path))
    assert any(part in line for part in reason.split("|")), line


def test_a_save_from_a_newer_armistice_says_to_update(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "newer.json"
    path.write_text(_newer(capsys, tmp_path))
    assert refusal(capsys, FAMILIES["save"](path)) == (
        f"{path}: version: 99 is newer than this armistice reads (1 to 6); update armistice"
    )


@pytest.mark.parametrize("command", ["resolve", "odds"])
@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("italy", "'italy' is not an option; choose one of: axis, western_allies, soviet_union"),
        ("axis_reaction", "'axis_reaction' is not allowed: a reaction roll follows an Allied"),
    ],
)
def test_a_decision_refused_names_the_decide_option_in_every_command(
    capsys: pytest.CaptureFixture[str], command: str, value: str, reason: str
) -> None:
    line = refusal(capsys, [command, ALLIED, "--decide", f"named_by={value}"])
    assert line.startswith(f"--decide named_by: {reason}")
