"""A scenario as a TOML file a player can read: every field explained in a comment above it,
with its unit, bounds and rule number, from the field descriptions of :mod:`.fields`.

The text is generated for any rule system's scenario struct, so every system gets the same
files from ``armistice new`` and the dashboard's set-up screen. The file loads back to the
same struct (:func:`render` checks it does, and raises ValueError otherwise).
"""

from __future__ import annotations

import json
import re
import textwrap
import tomllib
from collections.abc import Mapping
from typing import Any

import msgspec

from armistice.core.fields import Field, describe, explain

WIDTH = 88
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_NESTED = ("group", "table", "list")


def render(scenario: msgspec.Struct, heading: str = "") -> str:
    """``scenario`` as commented TOML: ``heading`` (lines of prose) first, then the top-level
    keys (``system`` first), then a section per group, table and list of entries, each
    field's comment above it (entries of a list or table share one legend).

    Raises ValueError if the text would not decode to ``scenario`` again (a value TOML
    cannot hold, such as a mapping key that is not text)."""
    fields = describe(type(scenario))
    data = msgspec.to_builtins(scenario)
    out = [*_comment(heading)] if heading else []
    top = [f for f in fields if "." not in f.path]
    top.sort(key=lambda f: f.path != "system")
    _body(fields, top, data, [], out)
    text = "\n".join(out).strip("\n") + "\n"
    again = msgspec.convert(tomllib.loads(text), type=type(scenario))
    if again != scenario:
        raise ValueError("the scenario does not survive being written as TOML")
    return text


def _body(
    fields: tuple[Field, ...],
    own: list[Field],
    data: Mapping[str, Any],
    where: list[str],
    out: list[str],
) -> None:
    """Write the keys of one table: its plain values first, then its sections."""
    later = []
    for field in own:
        value = data.get(field.name)
        if _section(field, value):
            later.append(field)
            continue
        out += _comment(explain(field))
        out.append(f"{_key(field.name)} = {_value(value)}" if value is not None else "")
    for field in later:
        value = data[field.name]
        path = [*where, field.name]
        out.append("")
        if field.kind == "group":
            out += _comment(explain(field))
            out.append(f"[{_dotted(path)}]")
            prefix = field.path + "."
            inner = [
                f for f in fields if f.path.startswith(prefix) and "." not in f.path[len(prefix) :]
            ]
            _body(fields, inner, value, path, out)
        elif field.kind == "table" and _entries(field):
            out += _legend(field, f"[{_dotted(path)}.KEY]")
            for key, item in value.items():
                out += ["", f"[{_dotted([*path, key])}]"]
                out += [f"{_key(k)} = {_value(v)}" for k, v in item.items() if v is not None]
        elif field.kind == "table":
            out += _comment(explain(field))
            out.append(f"[{_dotted(path)}]")
            out += [f"{_key(k)} = {_value(v)}" for k, v in value.items()]
        else:
            out += _legend(field, f"[[{_dotted(path)}]]")
            for item in value:
                out += ["", f"[[{_dotted(path)}]]"]
                out += [f"{_key(k)} = {_value(v)}" for k, v in item.items() if v is not None]


def _entries(field: Field) -> bool:
    """True when the items of a list or table are structs (their fields have names)."""
    return any(item.name for item in field.items)


def _section(field: Field, value: Any) -> bool:
    """True for what gets a section of its own: a group, a non-empty table, a list of entries."""
    if field.kind == "group":
        return value is not None
    if field.kind == "table":
        return bool(value)
    return field.kind == "list" and _entries(field)


def _legend(field: Field, header: str) -> list[str]:
    """The comment before a list or table of entries: the collection, then each item field."""
    lines = _comment(f"{explain(field)} Each {header} entry holds:")
    for item in field.items:
        body = textwrap.wrap(explain(item), WIDTH - 6)
        lines.append(f"#   {item.name}: {body[0]}" if body else f"#   {item.name}")
        lines += [f"#     {line}" for line in body[1:]]
    return lines


def _comment(text: str) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        lines += [f"# {line}" for line in textwrap.wrap(paragraph, WIDTH - 2)] or ["#"]
    return lines


def _key(name: str) -> str:
    return name if _BARE.match(name) else json.dumps(name, ensure_ascii=False)


def _dotted(path: list[str]) -> str:
    return ".".join(_key(step) for step in path)


def _value(value: Any) -> str:
    """A value as an inline TOML value: strings quoted, tables and arrays inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items() if v is not None)
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise ValueError(f"{value!r} cannot be written as TOML")
