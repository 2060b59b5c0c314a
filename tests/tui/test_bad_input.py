"""Every bad input ends the run with one line on stderr and exit status 2, naming the file
or option, the field and the reason, and changes nothing: options (``--seed``, ``--dice``,
``--decide``, ``--assume``), click's own usage errors, keys and texts holding control
characters, answers or dice left unused, and decisions the game never asks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armistice.tui.cli import run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "rulebook-example-fall-1940"
SCENARIO = (ROOT / "scenarios" / "awaw" / f"{EXAMPLE}.toml").read_text(encoding="utf-8")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``argv``, expect exit status 2 and one line on stderr; return that line."""
    code, _, err = cli(capsys, *argv)
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("armistice: error: "), err
    return err.removeprefix("armistice: error: ").rstrip("\n")


@pytest.fixture
def save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    code, _, err = cli(
        capsys, "resolve", EXAMPLE, "--auto", "--dice", "2,5", "--seed", "1", "--save", str(path)
    )
    assert code == 0, err
    return path


def test_seed_is_a_whole_number_from_0_to_10_to_the_9(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", EXAMPLE, "--auto", "--seed", "1000000000", "--json")
    assert code == 0 and json.loads(out)["seed"] == 10**9
    help_hint = "(see armistice resolve --help)"
    for text, reason in [
        ("1000000001", "1000000001 is outside 0..1000000000"),
        ("-1", "-1 is outside 0..1000000000"),
        ("abc", "'abc' is not a whole number (digits 0-9)"),
        ("\u0663", "'\u0663' is not a whole number (digits 0-9)"),
        ("1_000", "'1_000' is not a whole number (digits 0-9)"),
    ]:
        line = one_line(capsys, "resolve", EXAMPLE, "--auto", "--seed", text)
        assert line == f"resolve: --seed: {reason} {help_hint}"


def test_a_bad_seed_never_replaces_a_working_save(
    capsys: pytest.CaptureFixture[str], save: Path
) -> None:
    before = save.read_bytes()
    line = one_line(capsys, "resolve", str(save), "--seed", "-1", "--save", str(save))
    assert line.startswith("resolve: --seed: -1 is outside 0..1000000000")
    assert save.read_bytes() == before
    assert cli(capsys, "check", str(save))[0] == 0


@pytest.mark.parametrize(
    "dice",
    ["\u00b2", "--3", "\u0663", "\u0662,\u0665", "2,,5", "1e3", "+2", "1000000001"],
    ids=[
        "superscript",
        "double-minus",
        "arabic-indic",
        "arabic-indic-list",
        "empty",
        "exponent",
        "plus",
        "past-limit",
    ],
)
def test_dice_are_ascii_whole_numbers(capsys: pytest.CaptureFixture[str], dice: str) -> None:
    line = one_line(capsys, "resolve", EXAMPLE, "--auto", f"--dice={dice}")
    assert line.startswith("--dice: ")
    assert line.endswith(
        ("is not a whole number (digits 0-9)", "is outside -1000000000..1000000000")
    )


def test_a_die_at_the_integer_limit_is_refused_by_its_roll_and_past_it_by_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = one_line(capsys, "resolve", EXAMPLE, "--auto", "--dice", "1000000000")
    assert line.startswith("--dice: 1000000000 for colony_roll.lebanon_syria: ")
    line = one_line(capsys, "resolve", EXAMPLE, "--auto", "--dice", "-1000000001")
    assert line == "--dice: -1000000001 is outside -1000000000..1000000000"


def test_decide_reads_amounts_in_ascii_digits_only(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["resolve", EXAMPLE, "--auto", "--dice", "2,5"]
    assert cli(capsys, *argv, "--decide", "vichy.destroyers=dd_toulon:1")[0] == 0
    line = one_line(capsys, *argv, "--decide", "vichy.destroyers=dd_toulon:\u0661")
    assert line == "--decide vichy.destroyers: 'dd_toulon:\u0661': write ID or ID:AMOUNT"


@pytest.mark.parametrize("option", ["--decide", "--assume"])
def test_a_key_with_a_control_character_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    line = one_line(capsys, "resolve", EXAMPLE, option, "a\nb\x1b=c")
    assert line == f"{option}: 'a\\nb\\x1b=c' holds a control character"


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve"],
        ["resolve", EXAMPLE, "--frob"],
        ["resolve", EXAMPLE, "--seed"],
        ["schema", "foo"],
        ["nosuch"],
        ["odds"],
        ["check"],
        ["new", EXAMPLE],
    ],
    ids=lambda argv: " ".join(argv),
)
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    one_line(capsys, *argv)


def test_a_key_with_a_newline_is_named_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(SCENARIO.replace("[territory]", '["terri\\ntory"]'), encoding="utf-8")
    line = one_line(capsys, "check", str(path))
    assert line == f"{path}: terri\\ntory: a key holds a control character"


@pytest.mark.parametrize("field", ["title", "name", "description"])
def test_text_with_a_control_character_never_reaches_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, field: str
) -> None:
    path = tmp_path / "mine.toml"
    text = SCENARIO.replace(f"\n{field} = ", f'\n{field} = "\\u001b[2J\\u009b" # ', 1)
    path.write_text(text, encoding="utf-8")
    line = one_line(capsys, "check", str(path))
    assert line == f"{path}: {field}: holds a control character"


def test_a_colony_missing_its_brp_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(SCENARIO.replace("tunisia = { brp = 5 }", "tunisia = {}"), encoding="utf-8")
    assert (
        one_line(capsys, "check", str(path)) == f"{path}: colonies.tunisia.brp: missing (required)"
    )


def test_answers_left_unused_are_refused_naming_the_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, save: Path
) -> None:
    answers = json.loads(save.read_text(encoding="utf-8"))["answers"]
    path, out = tmp_path / "answers.json", tmp_path / "out.json"
    path.write_text(json.dumps([*answers, 3, {"key": "x", "value": 1}]), encoding="utf-8")
    line = one_line(capsys, "resolve", EXAMPLE, "--answers", str(path), "--save", str(out))
    assert line == f"{path}: [{len(answers)}]: not used: the game is complete"
    assert not out.exists()
    path.write_text(json.dumps(answers), encoding="utf-8")
    assert cli(capsys, "resolve", EXAMPLE, "--answers", str(path))[0] == 0


def test_dice_left_unused_are_refused_naming_the_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    argv = ["resolve", EXAMPLE, "--save", str(saved), "--dice"]
    line = one_line(capsys, *argv, "1,2,3,4", "--auto")
    assert line == "--dice: 3 (value 3 of 4) is not used: the game is complete"
    line = one_line(capsys, *argv, "2,5")
    assert line == "--dice: 2 (value 1 of 2) is not used: the game asks establish_vichy first"
    assert not saved.exists()


def test_odds_and_resolve_both_refuse_a_decide_the_game_never_asks(
    capsys: pytest.CaptureFixture[str], save: Path
) -> None:
    odds = one_line(capsys, "odds", EXAMPLE, "--decide", "bogus=1")
    assert odds.startswith("--decide bogus: never asked; from here the game asks: establish_vichy")
    resolved = one_line(capsys, "resolve", str(save), "--decide", "bogus=1")
    assert resolved.startswith("--decide bogus: never asked")
    assert cli(capsys, "odds", EXAMPLE, "--decide", "establish_vichy=no")[0] == 0
