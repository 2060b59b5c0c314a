"""The decoding front door: limits on depth, integers and size, ASCII digits, control
characters, and errors that name the source, the field and the reason on one line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from armistice.core import decode
from armistice.core.errors import IllegalAnswer, SaveError, ScenarioError, printable


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), (" 12 ", 12), ("-1000000000", -(10**9)), ("1000000000", 10**9), ("007", 7)],
)
def test_integer_reads_ascii_digits_within_the_limit(text: str, value: int) -> None:
    assert decode.integer(text, "--x") == value


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1000000001", "1000000001 is outside -1000000000..1000000000"),
        ("-1000000001", "-1000000001 is outside -1000000000..1000000000"),
        ("9" * 5000, "99999...999 (an integer of 5000 digits) is outside -1000000000..1000000000"),
        ("\u00b2", "'\u00b2' is not a whole number (digits 0-9)"),
        ("\u0663", "'\u0663' is not a whole number (digits 0-9)"),
        ("\uff13", "'\uff13' is not a whole number (digits 0-9)"),
        ("--3", "'--3' is not a whole number (digits 0-9)"),
        ("+3", "'+3' is not a whole number (digits 0-9)"),
        ("1_0", "'1_0' is not a whole number (digits 0-9)"),
        ("", "'' is not a whole number (digits 0-9)"),
    ],
)
def test_integer_refuses_anything_else_naming_where(text: str, reason: str) -> None:
    with pytest.raises(IllegalAnswer) as refused:
        decode.integer(text, "--x")
    assert (refused.value.where, refused.value.reason) == ("--x", reason)


def test_integer_keeps_to_narrower_bounds() -> None:
    assert decode.integer("0", "--seed", low=0) == 0
    with pytest.raises(IllegalAnswer, match=r"-1 is outside 0\.\.1000000000"):
        decode.integer("-1", "--seed", low=0)


def test_integers_reads_a_comma_separated_list() -> None:
    assert decode.integers(" 3, 5,1 ", "--dice") == [3, 5, 1]
    assert decode.integers("  ", "--dice") == []
    with pytest.raises(IllegalAnswer, match="'' is not a whole number"):
        decode.integers("3,,5", "--dice")


def test_words_reads_key_value_texts_and_refuses_control_characters() -> None:
    assert decode.words([" a = b ", "c="], "--decide") == {"a": "b", "c": ""}
    for bad, reason in [
        (["a"], "'a' is not KEY=VALUE"),
        (["=b"], "'=b' is not KEY=VALUE"),
        (["a=b\x1b"], "'a=b\\x1b' holds a control character"),
    ]:
        with pytest.raises(IllegalAnswer) as refused:
            decode.words(bad, "--decide")
        assert refused.value.reason == reason
    with pytest.raises(IllegalAnswer, match="given twice"):
        decode.words(["a=1", "a=2"], "--decide")


def test_strings_and_comments_are_not_counted_as_nesting() -> None:
    deep = "[" * 100
    text = f"a = \"{deep}\" # {deep}\nb = '{deep}'\nc = \"\"\"\n{deep}\"\"\"\nd = '''{deep}'''\n"
    assert decode.toml(text.encode(), "f") == {
        "a": deep,
        "b": deep,
        "c": deep,
        "d": deep,
    }
    assert decode.json(f'{{"a": "{deep}\\"{deep}"}}'.encode(), "f") == {"a": f'{deep}"{deep}'}


def test_dotted_keys_nested_too_deeply_are_named() -> None:
    keys = ".".join(f"k{i}" for i in range(40))
    with pytest.raises(ScenarioError) as refused:
        decode.toml(f"{keys} = 1".encode(), "f")
    assert refused.value.field == ".".join(f"k{i}" for i in range(32))
    assert refused.value.reason == "nested deeper than 32 levels"


@pytest.mark.parametrize(
    ("data", "field", "reason"),
    [
        (b'{"a\\nb": 1}', "a\\nb", "a key holds a control character"),
        (b'{"a": ["x\\u001b"]}', "a[0]", "holds a control character"),
        (b'{"a": "x\\u009b"}', "a", "holds a control character"),
    ],
)
def test_control_characters_are_refused_naming_the_field(
    data: bytes, field: str, reason: str
) -> None:
    with pytest.raises(SaveError) as refused:
        decode.json(data, "f.json", SaveError)
    assert (refused.value.field, refused.value.reason) == (field, reason)
    assert "\n" not in str(refused.value)


def test_newlines_and_tabs_are_kept_in_text_values() -> None:
    assert decode.json(b'{"a": "x\\n\\ty"}', "f") == {"a": "x\n\ty"}


def test_read_refuses_a_fifo_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError, match="is not a regular file"):
        decode.read(fifo)
    with pytest.raises(ScenarioError, match="is a folder"):
        decode.read(tmp_path)
    with pytest.raises(ScenarioError, match="cannot be read: No such file"):
        decode.read(tmp_path / "missing")


def test_errors_print_on_one_line_whatever_they_hold() -> None:
    error = ScenarioError("a\nb.toml", "k\x1b", "bad\r\nvalue")
    assert str(error) == "a\\nb.toml: k\\x1b: bad\\r\\nvalue"
    assert printable("plain é") == "plain é"
