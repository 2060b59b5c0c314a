"""The one way armistice reads what comes from outside: files (TOML or JSON) and the texts
of command-line options.

Whatever the input, the same limits hold: a file holds at most :data:`MAX_BYTES`; values
nest at most :data:`MAX_DEPTH` levels; an integer lies within plus or minus
:data:`MAX_INT`; a number is written with the ASCII digits 0-9; text holds no control
character but newlines and tabs in values, none at all in keys. Each refusal is one error
naming the source, the field (``colonies.tunisia.brp``, or ``line N`` before the file is
decoded) and the reason, raised as the class the caller names (a :class:`ScenarioError`
subclass for a file, :class:`IllegalAnswer` for an option), before anything changes.

Example::

    raw = toml(read("my-position.toml"), "my-position.toml")   # a dict, checked
    integer("12", "--seed", low=0)                             # 12
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from armistice.core.errors import IllegalAnswer, ScenarioError

MAX_BYTES = 16 * 1024 * 1024
"""The largest file armistice reads, in bytes (16 MiB)."""

MAX_DEPTH = 32
"""How deeply values may nest: a top-level table is depth 1, a table or list in it 2..."""

MAX_INT = 10**9
"""The largest magnitude an integer may have, in a file or an option."""

Refusal = type[ScenarioError]

_TOKEN = re.compile(r"\"\"\"|'''|[\"'#\[\]{}]")
_BASIC = re.compile(r'(?:[^"\\\n]|\\.)*"')
_MULTI = re.compile(r'(?:[^\\]|\\.)*?"""', re.DOTALL)
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_KEY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_DIGITS = re.compile(r"[0-9][0-9_]{19,}")
_INTEGER = re.compile(r"-?[0-9]+")


def read(path: str | Path, error: Refusal = ScenarioError) -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed).

    Raises ``error`` naming the file when it cannot be opened, is not a regular file (a
    folder, a device, a FIFO: never waited on) or holds more than :data:`MAX_BYTES`."""
    name = str(path)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as failure:
        raise error(name, "", f"cannot be read: {failure.strerror}") from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        kind = "is a folder, not a file" if stat.S_ISDIR(mode) else "is not a regular file"
        raise error(name, "", kind)
    with os.fdopen(handle, "rb") as stream:
        data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise error(name, "", f"is larger than {MAX_BYTES // 2**20} MiB")
    return data


def toml(data: bytes, source: str, error: Refusal = ScenarioError) -> dict[str, Any]:
    """The table a TOML document ``data`` holds, within the limits; raises ``error``."""
    text = _text(data, source, error)
    _scan(text, source, error)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as failure:
        raise _not_toml(data, source, error, f"not valid TOML: {failure}") from None
    except ValueError:
        raise _too_long(text, source, error) from None
    except RecursionError:
        raise error(source, "", f"nested deeper than {MAX_DEPTH} levels") from None
    check(raw, source, error)
    return raw


def json(data: bytes, source: str, error: Refusal = ScenarioError) -> Any:
    """The value a JSON document ``data`` holds, within the limits; raises ``error``."""
    text = _text(data, source, error)
    _scan(text, source, error)
    try:
        raw = msgspec.json.decode(data)
    except msgspec.ValidationError:
        raise _too_long(text, source, error) from None
    except msgspec.DecodeError as failure:
        said = str(failure)
        said = said[:1].lower() + said[1:] if said[1:2].islower() else said
        raise error(source, "", f"not a JSON document: {said}") from None
    except RecursionError:
        raise error(source, "", f"nested deeper than {MAX_DEPTH} levels") from None
    return check(raw, source, error)


_JSON_KINDS = {
    list: "a JSON array",
    str: "a JSON string",
    int: "a JSON number",
    float: "a JSON number",
}


def _not_toml(data: bytes, source: str, error: Refusal, reason: str) -> ScenarioError:
    """The refusal of ``data`` that TOML cannot read: as JSON when it is JSON (a document
    that is not an object, or any document of a ``.json`` file), else ``reason``."""
    try:
        value = msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        if source.lower().endswith(".json"):
            json(data, source, error)
        return error(source, "", reason)
    kind = "JSON null" if value is None else _JSON_KINDS.get(type(value), "JSON true or false")
    return error(source, "", f"is {kind}, not a table of keys (a JSON object or TOML)")


def looks_like_json(data: bytes) -> bool:
    """Whether ``data`` should be read as a JSON object (it starts with ``{``) rather than
    TOML, which cannot start so; a damaged JSON file is then reported as JSON."""
    return data.lstrip()[:1] == b"{"


def table(data: bytes, source: str, error: Refusal = ScenarioError) -> dict[str, Any]:
    """A table from a TOML document, or from a JSON one (:func:`looks_like_json`); raises
    ``error`` for anything else, a JSON value that is not an object included."""
    raw = json(data, source, error) if looks_like_json(data) else toml(data, source, error)
    if not isinstance(raw, dict):
        raise error(source, "", "expected a table of KEY = VALUE")
    return raw


def check(raw: Any, source: str, error: Refusal = ScenarioError) -> Any:
    """``raw`` (decoded builtins) itself, once every value is within the limits.

    Raises ``error`` naming the first field nested deeper than :data:`MAX_DEPTH`, holding an
    integer beyond :data:`MAX_INT` or a control character (newlines and tabs are allowed in
    text values, never in keys)."""
    _walk(raw, "", 1, source, error)
    return raw


def _walk(value: Any, path: str, depth: int, source: str, error: Refusal) -> None:
    if isinstance(value, Mapping | list | tuple):
        if depth > MAX_DEPTH:
            raise error(source, path, f"nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, Mapping):
            for key, item in value.items():
                name = str(key)
                if _KEY_CONTROL.search(name):
                    raise error(source, _join(path, name), "a key holds a control character")
                _walk(item, _join(path, name), depth + 1, source, error)
        else:
            for index, item in enumerate(value):
                _walk(item, f"{path}[{index}]", depth + 1, source, error)
    elif isinstance(value, int) and not isinstance(value, bool):
        if not -MAX_INT <= value <= MAX_INT:
            raise error(source, path, f"{shown_integer(str(value))} is beyond +/-{MAX_INT}")
    elif isinstance(value, str) and _TEXT_CONTROL.search(value):
        raise error(source, path, "holds a control character")


def shown_integer(written: str) -> str:
    """An integer as written (``-`` and ASCII digits) the way an error shows it: whole up to
    20 digits, else its first and last digits and how many there are,
    ``12345...901 (an integer of 21 digits)``."""
    digits = written.lstrip("-")
    if len(digits) <= 20:
        return written
    sign = written[: len(written) - len(digits)]
    return f"{sign}{digits[:5]}...{digits[-3:]} (an integer of {len(digits)} digits)"


def _too_long(text: str, source: str, error: Refusal) -> ScenarioError:
    """The refusal of an integer too long for the parser to read, naming its line."""
    found = _DIGITS.search(text)
    line = f"line {text.count(chr(10), 0, found.start()) + 1}" if found else ""
    number = shown_integer(found[0].replace("_", "")) if found else "a number"
    return error(source, line, f"{number} is beyond +/-{MAX_INT}")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _text(data: bytes, source: str, error: Refusal) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(source, "", "not a UTF-8 text file") from None


def _scan(text: str, source: str, error: Refusal) -> None:
    """Refuse brackets nested far deeper than :data:`MAX_DEPTH` (twice as deep) before a
    parser recurses into them, naming the line; :func:`check` names the field of anything
    less deep that is still too deep. Strings and comments are skipped by TOML's rules, which
    read JSON alike; a table header (``[[fleet]]``) opens and closes on its line."""
    depth, at = 0, 0
    while match := _TOKEN.search(text, at):
        token, at = match[0], match.end()
        if token in "[{":
            depth += 1
            if depth > 2 * MAX_DEPTH:
                line = text.count("\n", 0, match.start()) + 1
                raise error(source, f"line {line}", f"nested deeper than {MAX_DEPTH} levels")
        elif token in "]}":
            depth = max(depth - 1, 0)
        elif token == "#":
            at = _after(text.find("\n", at))
        elif token == "'":
            at = _after(text.find("'", at))
        elif token == "'''":
            at = _after(text.find("'''", at), 3)
        else:
            end = (_BASIC if token == '"' else _MULTI).match(text, at)
            at = end.end() if end else len(text)


def _after(found: int, width: int = 1) -> int:
    return found + width if found >= 0 else 2**62


def integer(text: str, where: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    """The whole number ``text`` writes in ASCII digits (an optional ``-`` first, spaces
    around), within ``low``..``high`` (at most :data:`MAX_INT` either way).

    Raises IllegalAnswer naming ``where`` for anything else: other digits (superscripts,
    Arabic-Indic), signs, underscores, an empty text or a number out of range."""
    bare = text.strip()
    if not _INTEGER.fullmatch(bare):
        raise IllegalAnswer(where, f"{text!r} is not a whole number (digits 0-9)")
    low, high = max(low, -MAX_INT), min(high, MAX_INT)
    if len(bare.lstrip("-")) > len(str(MAX_INT)) or not low <= int(bare) <= high:
        raise IllegalAnswer(where, f"{shown_integer(bare)} is outside {low}..{high}")
    return int(bare)


def integers(text: str, where: str) -> list[int]:
    """The whole numbers in a comma-separated ``text`` (``3,5,1``; empty: none), each as
    :func:`integer` reads it; raises IllegalAnswer naming ``where`` and the bad part."""
    if not text.strip():
        return []
    return [integer(part, where) for part in text.split(",")]


def words(values: Sequence[str], option: str) -> dict[str, str]:
    """``KEY=VALUE`` texts (``--decide``, ``--assume``) as a mapping, spaces around each
    side dropped. Raises IllegalAnswer naming ``option`` for a text that is not KEY=VALUE,
    holds a control character, or repeats a key."""
    found: dict[str, str] = {}
    for text in values:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise IllegalAnswer(option, f"{text!r} is not KEY=VALUE")
        if _KEY_CONTROL.search(text):
            raise IllegalAnswer(option, f"{text!r} holds a control character")
        if key in found:
            raise IllegalAnswer(f"{option} {key}", "given twice; keep one")
        found[key] = value.strip()
    return found
