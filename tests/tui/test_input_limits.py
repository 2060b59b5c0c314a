"""Every file armistice reads obeys the same limits, at the limit and one past it: values
nested at most 32 deep, integers within +/-10^9, files of at most 16 MiB. Past a limit, the
run ends with one line naming the file, the field and the reason (exit status 2) and
nothing is written; at the limit the file is read (and refused, if at all, for another
reason). One family of files per case: scenarios (``check`` and ``new``), saves,
``--answers``, ``--facts``, ``--tables`` and the dashboard's keymap."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from armistice.core.errors import ArmisticeError
from armistice.tui.app import read_keymap
from armistice.tui.cli import run
from armistice.verify.awaw.rule58 import files as table_files

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "rulebook-example-fall-1940"
SCENARIO = (ROOT / "scenarios" / "awaw" / f"{EXAMPLE}.toml").read_bytes()
FORCES = (ROOT / "core" / "awaw" / "rule58" / "data" / "forces.toml").read_bytes()
DEPTH, BIGGEST, SIZE = 32, 10**9, 16 * 2**20
DEEP = f"nested deeper than {DEPTH} levels"
BEYOND = f"is beyond +/-{BIGGEST}"
LARGE = "is larger than 16 MiB"


SENTINEL = 987654321012


def number(data: str, text: str) -> bytes:
    """JSON ``data`` with ``text`` written where the sentinel number stands."""
    return data.replace(str(SENTINEL), text).encode()


def nest(levels: int) -> str:
    return "[" * levels + "]" * levels


def pad_toml(data: bytes, size: int) -> bytes:
    line = b"#" + b"x" * 78 + b"\n"
    body = data + b"\n" + line * ((size - len(data) - 1) // len(line))
    return body + b"#" * (size - len(body))


def pad_json(data: bytes, size: int) -> bytes:
    return data + b" " * (size - len(data))


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    path = tmp_path_factory.mktemp("save") / "game.json"
    argv = ["resolve", EXAMPLE, "--auto", "--dice", "2,5", "--seed", "1", "--save", str(path)]
    assert run(argv) == 0
    document: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return document


@dataclass
class Family:
    """A kind of file: how to write it with an integer, a nested value or a size, which
    field each probe lands in, and how a run reads it (exit status, stderr)."""

    name: str
    integer: Callable[[str], bytes]
    integer_field: str
    deep: Callable[[int], bytes]
    deep_field: str
    base_depth: int
    sized: Callable[[int], bytes]
    attempt: Callable[[Path, Path], tuple[int, str]]


def _cli(*argv: str) -> Callable[[Path, Path], tuple[int, str]]:
    def attempt(path: Path, out: Path) -> tuple[int, str]:
        words = [str(path) if w == "FILE" else str(out) if w == "OUT" else w for w in argv]
        return run(words), ""

    return attempt


def _tables(path: Path, _out: Path) -> tuple[int, str]:
    try:
        table_files.load_tables([path])
    except ArmisticeError as error:
        return 2, f"armistice: error: {error}\n"
    return 0, ""


def _keymap(path: Path, _out: Path) -> tuple[int, str]:
    _, problems = read_keymap(path)
    return (2, "".join(f"{p}\n" for p in problems)) if problems else (0, "")


def _scenario_family(name: str, attempt: Callable[[Path, Path], tuple[int, str]]) -> Family:
    return Family(
        name,
        lambda n: SCENARIO + f"\n[diplomacy]\naxis_dps = {n}\n".encode(),
        "diplomacy.axis_dps",
        lambda n: f"zz = {nest(n)}\n".encode() + SCENARIO,
        "zz",
        1,
        lambda size: pad_toml(SCENARIO, size),
        attempt,
    )


def _families(save: dict[str, object]) -> dict[str, Family]:
    answers = save["answers"]
    assert isinstance(answers, list)

    def with_answer(text: str) -> bytes:
        changed = [answers[0], {**answers[1], "value": SENTINEL}, *answers[2:]]
        return number(json.dumps(changed), text)

    facts = b'establish_vichy = "yes"\n'
    keymap = b'[keys]\nundo = "z"\n'
    return {
        f.name: f
        for f in (
            _scenario_family("scenario", _cli("check", "FILE")),
            _scenario_family("new", _cli("new", "FILE", "OUT")),
            Family(
                "save",
                lambda n: number(json.dumps({**save, "seed": SENTINEL}), n),
                "seed",
                lambda n: json.dumps({**save, "zz": json.loads(nest(n))}).encode(),
                "zz",
                1,
                lambda size: pad_json(json.dumps(save).encode(), size),
                _cli("resolve", "FILE", "--save", "OUT"),
            ),
            Family(
                "answers",
                with_answer,
                "[1].value",
                lambda n: json.dumps([*answers, json.loads(nest(n))]).encode(),
                f"[{len(answers)}]",
                1,
                lambda size: pad_json(json.dumps(answers).encode(), size),
                _cli("resolve", EXAMPLE, "--answers", "FILE", "--save", "OUT"),
            ),
            Family(
                "facts",
                lambda n: f"establish_vichy = {n}\n".encode(),
                "establish_vichy",
                lambda n: facts + f"zz = {nest(n)}\n".encode(),
                "zz",
                1,
                lambda size: pad_toml(facts, size),
                _cli("resolve", EXAMPLE, "--auto", "--dice", "2,5", "--facts", "FILE"),
            ),
            Family(
                "tables",
                lambda n: f"zz = {n}\n".encode() + FORCES,
                "zz",
                lambda n: f"zz = {nest(n)}\n".encode() + FORCES,
                "zz",
                1,
                lambda size: pad_toml(FORCES, size),
                _tables,
            ),
            Family(
                "keymap",
                lambda n: f"[keys]\nundo = {n}\n".encode(),
                "keys.undo",
                lambda n: f"[keys]\nundo = {nest(n)}\n".encode(),
                "keys.undo",
                2,
                lambda size: pad_toml(keymap, size),
                _keymap,
            ),
        )
    }


NAMES = ["scenario", "new", "save", "answers", "facts", "tables", "keymap"]
FINE_AT_THE_LIMIT = {("scenario", "integer"), ("new", "integer"), ("save", "integer")}


def attempt(
    family: Family, tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, Path, Path]:
    path, out = tmp_path / f"input-{family.name}", tmp_path / "out.toml"
    path.write_bytes(data)
    out.unlink(missing_ok=True)
    code, err = family.attempt(path, out)
    return code, err or capsys.readouterr().err, path, out


def refused(
    code: int, err: str, path: Path, out: Path, data: bytes, field: str, reason: str
) -> None:
    where = f"{path}: {field}: " if field else f"{path}: "
    assert code == 2, err
    assert err.count("\n") == 1, err
    assert where in err and err.rstrip("\n").endswith(reason), err
    assert err.startswith("armistice: error: ") or "ignored" in err
    assert path.read_bytes() == data
    assert not out.exists()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("sign", [1, -1], ids=["positive", "negative"])
def test_an_integer_at_the_limit_is_read_and_one_past_it_is_refused_naming_its_field(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    save: dict[str, object],
    name: str,
    sign: int,
) -> None:
    family = _families(save)[name]
    data = family.integer(str(sign * BIGGEST))
    code, err, _, _ = attempt(family, tmp_path, data, capsys)
    assert BEYOND not in err
    if sign > 0 and (name, "integer") in FINE_AT_THE_LIMIT:
        assert code == 0, err
    past = family.integer(str(sign * (BIGGEST + 1)))
    code, err, path, out = attempt(family, tmp_path, past, capsys)
    refused(code, err, path, out, past, family.integer_field, f"{sign * (BIGGEST + 1)} {BEYOND}")


@pytest.mark.parametrize("name", NAMES)
def test_values_nested_32_deep_are_read_and_33_deep_are_refused_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, save: dict[str, object], name: str
) -> None:
    family = _families(save)[name]
    levels = DEPTH - family.base_depth
    code, err, _, _ = attempt(family, tmp_path, family.deep(levels), capsys)
    assert DEEP not in err
    past = family.deep(levels + 1)
    code, err, path, out = attempt(family, tmp_path, past, capsys)
    field = family.deep_field + "[0]" * levels
    if name == "tables":
        field = field.replace("[0]", " row 1", 1)
    refused(code, err, path, out, past, field, DEEP)


@pytest.mark.parametrize("name", NAMES)
def test_a_file_of_16_mib_is_read_and_one_byte_more_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, save: dict[str, object], name: str
) -> None:
    family = _families(save)[name]
    code, err, _, _ = attempt(family, tmp_path, family.sized(SIZE), capsys)
    assert (code, err) == (0, "")
    past = family.sized(SIZE + 1)
    code, err, path, out = attempt(family, tmp_path, past, capsys)
    refused(code, err, path, out, past, "", LARGE)


def line_of(data: bytes, marker: bytes) -> str:
    lines = data[: data.index(marker)].count(b"\n") + 1
    return f"line {lines}"


@pytest.mark.parametrize("name", NAMES)
def test_brackets_a_parser_would_recurse_into_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, save: dict[str, object], name: str
) -> None:
    family = _families(save)[name]
    data = family.deep(500)
    code, err, path, out = attempt(family, tmp_path, data, capsys)
    refused(code, err, path, out, data, line_of(data, b"[" * 65), DEEP)


@pytest.mark.parametrize("name", NAMES)
def test_an_integer_too_long_to_parse_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, save: dict[str, object], name: str
) -> None:
    family = _families(save)[name]
    data = family.integer("9" * 4301)
    code, err, path, out = attempt(family, tmp_path, data, capsys)
    reason = f"99999...999 (an integer of 4301 digits) {BEYOND}"
    refused(code, err, path, out, data, line_of(data, b"9" * 4301), reason)


def test_verify_refuses_a_table_file_past_a_limit_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "forces.toml"
    path.write_bytes(f"zz = {BIGGEST + 1}\n".encode() + FORCES)
    assert run(["verify", "--system", "awaw.58", "--tables", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"armistice: error: {path}: zz: {BIGGEST + 1} {BEYOND}\n"
