"""Mutated bundled scenarios and saves fed to the command line's entry point: every run ends
with exit status 0, 2 or 3, an error is one line on stderr, and the input file is never
changed. Bounded to a few seconds of the normal test run."""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armistice.core import scenario
from armistice.tui.cli import run

BUNDLED = [Path(entry.path).read_bytes() for entry in scenario.bundled()]


def _save() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        argv = ["resolve", "rulebook-example-fall-1940", "--auto", "--dice", "2,5"]
        with contextlib.redirect_stdout(io.StringIO()):
            assert run([*argv, "--seed", "1", "--save", str(path)]) == 0
        return path.read_bytes()


SAVE = _save()

NASTY = [
    b"[" * 500,
    b"{" * 40,
    b"9" * 4301,
    b"-" + b"9" * 12,
    b"1000000001",
    b"\x00",
    b"\x1b[2J",
    b'"\\u001b"',
    b"\n",
    b'"a\nb" = 1\n',
    b"true",
    b'"text"',
    b"[]",
    b"{}",
    b"null",
    b"\xff\xfe",
    b"\xd9\xa3",
    b"=",
    b",",
]

VALUES = {
    "scenario": [
        b"[" * 500 + b"]" * 500,
        b"9" * 4301,
        b"-1000000001",
        b'"\\u001b"',
        b'{ "a\\nb" = 1 }',
    ],
    "save": [b"[" * 500 + b"]" * 500, b"9" * 4301, b"-1000000001", b'"\\u001b"', b'{"a\\nb": 1}'],
}
"""Values that are well-formed where a value stands, but nested too deeply, too large or
holding a control character, in each kind's syntax."""

_VALUE = re.compile(rb'(?:= |": )([^\n,]*)')


def _stream() -> io.TextIOWrapper:
    """A text stream over bytes, like a terminal's (click writes bytes to its buffer)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8")


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """A bundled scenario (TOML) or a save (JSON), with a few bytes flipped, cut, or
    replaced by a nasty value (deep nesting, a huge integer, a control character, a wrong
    type), anywhere or where a value stands."""
    kind = draw(st.sampled_from(["scenario", "save"]))
    data = bytearray(SAVE if kind == "save" else draw(st.sampled_from(BUNDLED)))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["flip", "cut", "insert", "replace", "value", "value"]))
        if how == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[at:]
        elif how == "insert":
            data[at:at] = draw(st.sampled_from(NASTY))
        elif how == "replace":
            end = at + draw(st.integers(1, 12))
            data[at:end] = draw(st.sampled_from(NASTY))
        elif how == "value" and (places := list(_VALUE.finditer(data))):
            place = draw(st.sampled_from(places))
            data[place.start(1) : place.end(1)] = draw(st.sampled_from(VALUES[kind]))
    return kind, bytes(data)


def _run(argv: list[str]) -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout and stderr."""
    stdout, stderr = _stream(), _stream()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = run(argv)
    return code, _text(stdout), _text(stderr)


@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(case=mutated(), command=st.sampled_from(["check", "resolve", "odds"]))
def test_mutated_files_end_in_0_2_or_3_with_one_line_and_are_never_changed(
    case: tuple[str, bytes], command: str
) -> None:
    kind, data = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("game.json" if kind == "save" else "mine.toml")
        path.write_bytes(data)
        out = Path(folder) / "out.json"
        argv = [command, str(path)]
        if command == "resolve":
            argv += ["--auto", "--seed", "1", "--save", str(out), "--json"]
        code, printed, err = _run(argv)
        assert code in (0, 2, 3), err
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("armistice: error: "), err
            assert not out.exists()
        else:
            assert err == ""
        if code != 2 and command == "resolve":
            assert json.loads(printed)["seed"] == 1
            assert _run(["check", str(out)])[0] == 0, "a save written must load"
        assert path.read_bytes() == data
