"""Loading and validating scenario files.

A scenario is a TOML file whose ``system`` key names its rule system
(``awaw.58``); the rest is decoded into that system's scenario struct (a
:class:`ScenarioBase`) and checked for consistency. Every refusal is a :class:`ScenarioError` naming the
file, the field and the reason, raised before anything is built.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import msgspec

from armistice import scenarios as shipped
from armistice.core import decode as front_door
from armistice.core import systems, tablefiles
from armistice.core.assumptions import resolve
from armistice.core.errors import ScenarioError
from armistice.core.fields import Field, about, children, find, label_of
from armistice.core.tablefiles import HouseTables, written

_AT = re.compile(r"^(?P<reason>.*) - at `\$\.?(?P<field>[^`]*)`$", re.DOTALL)


class ScenarioBase(msgspec.Struct, frozen=True, forbid_unknown_fields=True, weakref=True):
    """What every scenario file holds whatever its rules: the ``system`` key, the file's
    ``name``, a ``title`` and ``description``, and ``players``: who plays which powers
    (player key -> power keys), where the system's default players will not do.

    Each rule system's scenario struct extends it with its own fields.
    """

    system: Annotated[str, about("Rule system", "", "the procedure this scenario resolves")]
    name: Annotated[str, about("Scenario name", "", "how lists and saves name the scenario")]
    title: Annotated[str, about("Title", "", "one line on what the scenario shows")]
    description: Annotated[str, about("Description", "", "a few more words on it")] = ""
    players: Annotated[
        dict[str, tuple[str, ...]],
        about("Players", "", "who plays which powers: a player's key, then its powers' keys"),
    ] = {}


class BundledScenario(msgspec.Struct, frozen=True):
    """A scenario shipped with armistice: its ``name`` (file stem), rule ``system``, ``title``
    and ``path``, and the ``game`` whose folder holds it (``awaw``)."""

    name: str
    system: str
    title: str
    path: str
    game: str


def convert(raw: object, type_: type[Any], source: str) -> Any:
    """Decode builtins ``raw`` into ``type_``; raises ScenarioError with the failing field
    (a mapping's key named, ``colonies.tunisia.brp``) and the reason in words, the value
    as the file writes it and what the field accepts: ``board.colonies: 21 is above 20
    (French colonies attacked: 0 to 20 colonies)``, ``turn.season: "autumn" is not one of:
    spring, summer, fall, winter``."""
    try:
        return msgspec.convert(raw, type=type_)
    except msgspec.ValidationError as error:
        field, reason = _located(error)
        if "[...]" in field:
            field = _name_key(raw, type_, field, reason)
        described = find(type_, field) if _is_struct(type_) else None
        found, value = _value_at(raw, field)
        keyed = _KEY.match(str(error)) is not None
        said = in_words(reason, value if found and not keyed else _UNSEEN, described)
        if reason == "unknown field" and _is_struct(type_):
            said = _unknown(children(type_, field.rpartition(".")[0]), field.rpartition(".")[2])
        raise ScenarioError(source, field, said) from None


def _unknown(known: tuple[str, ...], name: str) -> str:
    """Why ``name`` is refused where only ``known`` fields are: the likeliest one meant, or
    every one when none is close."""
    import difflib

    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f"unknown field; did you mean {close[0]}?"
    return f"unknown field; known here: {', '.join(known)}" if known else "unknown field"


_UNSEEN = object()

_TYPES = {
    "int": "a whole number",
    "bool": "true or false",
    "str": "text in quotes",
    "float": "a number",
    "array": "a list",
    "object": "a table",
    "null": "nothing",
}
_PATTERNS = {"^[a-z0-9_]+$": "a key of lower-case letters a-z, digits and _"}
_EXPECTED = re.compile(r"^Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`$")
_BOUND = re.compile(r"^Expected `(?P<want>[^`]+)` (?P<op>>=|<=|>|<) (?P<bound>-?[0-9.]+)$")
_LENGTH = re.compile(r"^Expected `(?P<want>[^`]+)` of length (?P<op>>=|<=) (?P<bound>[0-9]+)$")
_MATCHING = re.compile(r"^Expected `str` matching regex '(?P<pattern>.*)'$")
_ENUM = re.compile(r"^Invalid enum value (?P<value>.+)$")
_KEY = re.compile(r"^(?P<reason>.*) - at `key` in `\$\.?(?P<field>[^`]*)`$", re.DOTALL)
_SIDE = {">=": "below", ">": "not above", "<=": "above", "<": "not below"}


def in_words(reason: str, value: Any, field: Field | None) -> str:
    """A decoder's ``reason`` (msgspec's words) for refusing ``value`` at ``field`` (its
    description, None if unknown) as a player reads it: what was expected and what the file
    has, the choices of a choice, the bounds and unit of a number. A reason not from the
    decoder is kept as it is."""
    unseen = value is _UNSEEN or isinstance(value, list | tuple | dict)
    shown = "" if unseen else written(value)
    choices = ", ".join(v for v, _ in field.choices) if field and field.choices else ""
    keys = ", ".join(k for k, _ in field.keys) if field and field.keys else ""
    if (match := _ENUM.match(reason)) and keys and value is _UNSEEN:
        return f"{match['value']} is not one of its keys: {keys}"
    if match := _ENUM.match(reason):
        said = f"{shown or match['value']} is not one of: {choices}" if choices else ""
        return said or f"{shown or match['value']} is not a value it takes"
    if match := _EXPECTED.match(reason):
        want = f"one of: {choices}, in quotes" if choices else _kinds(match["want"])
        got = shown or _TYPES.get(match["got"], match["got"])
        return _accepts(f"expected {want}, not {got}", field)
    if match := _BOUND.match(reason):
        what = shown or "the value"
        return _accepts(f"{what} is {_SIDE[match['op']]} {match['bound']}", field)
    if match := _LENGTH.match(reason):
        most = "at most" if match["op"] == "<=" else "at least"
        return f"expected {most} {match['bound']} entries"
    if match := _MATCHING.match(reason):
        pattern = match["pattern"]
        want = _PATTERNS.get(pattern, f"text matching the pattern {pattern}")
        return f"expected {want}, not {shown}" if shown else f"expected {want}"
    return reason


def _kinds(want: str) -> str:
    """msgspec's ``int | str | object`` in words: "a whole number, text in quotes or a table"."""
    said = [_TYPES.get(kind, kind) for kind in want.split(" | ")]
    return ", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else said[0]


def _accepts(said: str, field: Field | None) -> str:
    """``said`` with the field's label, bounds and unit after it when it has them (a field
    without a label of its own is named by the error's place already)."""
    if field is None or field.kind != "integer" or not field.accepts:
        return said
    if field.label == label_of(field.name):
        return said
    return f"{said} ({field.label}: {field.accepts})"


def _is_struct(type_: Any) -> bool:
    return isinstance(type_, type) and issubclass(type_, msgspec.Struct)


def _value_at(raw: Any, field: str) -> tuple[bool, Any]:
    """Whether decoded ``raw`` holds a value at ``field`` (a decoder's path), and that value."""
    value = raw
    for name, index in _STEP.findall(field):
        try:
            value = value[int(index)] if index else value[name]
        except (KeyError, IndexError, TypeError, ValueError):
            return False, None
    return True, value


def _located(error: msgspec.ValidationError) -> tuple[str, str]:
    """The field (dotted, ``[...]`` for a mapping's key) and the reason of ``error``."""
    text = str(error)
    keyed = _KEY.match(text)
    match = _AT.match(text)
    if keyed:
        reason, field = keyed["reason"], keyed["field"]
    else:
        reason, field = (match["reason"], match["field"]) if match else (text, "")
    reason = reason.replace("Object contains unknown field", "unknown field")
    if reason.startswith("Object missing required field"):
        missing = reason.split("`")[1]
        field, reason = (f"{field}.{missing}" if field else missing), "missing (required)"
    if reason.startswith("unknown field"):
        unknown = reason.split("`")[1]
        field, reason = (f"{field}.{unknown}" if field else unknown), "unknown field"
    return field, reason


_STEP = re.compile(r"([^.\[]+)|\[(\d+)\]")


def _name_key(raw: Any, type_: type[Any], field: str, reason: str) -> str:
    """Replace the first ``[...]`` (a mapping key msgspec does not name) in ``field`` by the key
    whose entry alone fails the same way."""
    head, _, rest = field.partition("[...]")
    steps = [int(i) if i else name for name, i in _STEP.findall(head)]
    container = raw
    for step in steps:
        container = container[step]
    for key, value in container.items():
        trial = _replace_at(raw, steps, {key: value})
        try:
            msgspec.convert(trial, type=type_)
        except msgspec.ValidationError as again:
            if _located(again) == (field, reason):
                return f"{head}.{key}{rest}"
    return field


def _replace_at(raw: Any, steps: list[str | int], value: Any) -> Any:
    if not steps:
        return value
    copy = list(raw) if isinstance(raw, list) else dict(raw)
    copy[steps[0]] = _replace_at(raw[steps[0]], steps[1:], value)  # type: ignore[index]
    return copy


def from_mapping(raw: Mapping[str, Any], source: str, house: HouseTables | None = None) -> Any:
    """A scenario from decoded TOML or JSON: dispatch on ``system``, decode, check under the
    ``house`` tables when they are its system's, else under the system's published tables.

    Raises ScenarioError for a value beyond the limits of :mod:`.decode`, a missing or
    unknown system, a wrong type, an unknown key or an inconsistency found by the system's
    checks (``source`` then says when the house tables were the ones checked against).
    """
    scenario, system = _decoded(raw, source)
    checked(system, scenario, source, house)
    return scenario


def checked(
    system: systems.RuleSystem,
    scenario: Any,
    source: str,
    house: HouseTables | None,
    readings: Mapping[str, str] | None = None,
) -> None:
    """Check ``scenario`` of ``system`` under the ``house`` tables when they are the system's,
    else under its published tables, and under the assumption values ``readings`` (None: the
    restrictions that depend on one are left out); raises ScenarioError naming ``source``
    (``FILE under the house tables`` for the first) and the field."""
    if house is not None and house.system == system.key:
        system.check(scenario, f"{source} under the house tables", house.tables, readings)
    else:
        system.check(scenario, source, system.tables(), readings)


def _decoded(raw: Mapping[str, Any], source: str) -> tuple[Any, systems.RuleSystem]:
    """The scenario struct ``raw`` decodes to and its rule system, before the system's
    checks of consistency; raises ScenarioError."""
    if not isinstance(raw, Mapping):
        raise ScenarioError(source, "", "a scenario is a table of keys")
    front_door.check(raw, source)
    name = raw.get("system")
    if not isinstance(name, str):
        raise ScenarioError(source, "system", f"missing; one of: {', '.join(systems.names())}")
    system = systems.get(name, source)
    if name != system.key:
        raw = {**raw, "system": system.key}
    scenario = convert(raw, system.scenario_type, source)
    system.sides_of(scenario, source)
    return scenario, system


def decode(text: bytes, source: str) -> Any:
    """A scenario from the bytes of a TOML file called ``source``; raises ScenarioError."""
    return from_mapping(front_door.toml(text, source), source)


def bundled(named: str | None = None) -> tuple[BundledScenario, ...]:
    """The scenarios shipped in ``armistice.scenarios``, one folder per game, sorted by system
    then name; only those whose file name (less ``.toml``) is ``named`` when it is given. A
    file whose system is not known here is left out. Reads only the files it lists and
    loads no rule system whose key a file spells as it is declared."""
    found = []
    for folder in Path(shipped.__file__).parent.iterdir():
        if not folder.is_dir() or folder.name.startswith(("_", ".")):
            continue
        for entry in folder.iterdir():
            stem = entry.name.removesuffix(".toml")
            if entry.name.endswith(".toml") and named in (None, stem):
                head = front_door.toml(entry.read_bytes(), entry.name)
                key = systems.canonical(str(head.get("system", "")))
                if key is not None:
                    title = str(head.get("title", ""))
                    found.append(BundledScenario(stem, key, title, str(entry), folder.name))
    return tuple(sorted(found, key=lambda b: (b.system, b.name)))


def locate(name_or_path: str) -> Path:
    """The file for a path or a bundled scenario's name; raises ScenarioError if neither exists."""
    path = Path(name_or_path)
    if path.is_dir():
        raise ScenarioError(name_or_path, "", "is a folder, not a scenario file")
    if path.exists():
        return path
    for entry in bundled(name_or_path.rpartition("/")[2]):
        if name_or_path in (entry.name, f"{entry.game}/{entry.name}"):
            return Path(entry.path)
    raise ScenarioError(
        name_or_path, "", "no such file or bundled scenario (`armistice scenarios` lists them)"
    )


def notes(name_or_path: str) -> str:
    """The comment heading a scenario file (a path or a bundled scenario's name), without
    its ``#`` marks, one line per paragraph (a blank comment line or a ``- `` item starts
    a new one): what the setup is and which of its values are assumptions; "" when the
    file starts with no comment. Raises ScenarioError as :func:`locate` does."""
    paragraphs: list[str] = []
    text = locate(name_or_path).read_text(encoding="utf-8", errors="replace")
    fresh = True
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        words = line[1:].strip()
        if not words:
            paragraphs.append("")
            fresh = True
        elif fresh or words.startswith(("- ", "* ")):
            paragraphs.append(words)
            fresh = False
        else:
            paragraphs[-1] += f" {words}"
    return "\n".join(paragraphs).strip("\n")


def load(name_or_path: str) -> Any:
    """Read, decode and check a scenario given by path or bundled name."""
    path = locate(name_or_path)
    return decode(front_door.read(path), str(path))


def load_with(
    name_or_path: str, tables: Sequence[str | Path] = (), chosen: Mapping[str, str] | None = None
) -> tuple[Any, HouseTables | None]:
    """A scenario given by path or bundled name, and the house tables in the files ``tables``
    (``--tables``; none: the published tables), the scenario checked under them and under the
    assumptions as ``chosen`` (``--assume``: key -> value; the rest their defaults). Raises
    ScenarioError for the scenario, TableError naming the table file, the field and the
    reason, UnknownAssumption for a key or value ``chosen`` that no assumption has."""
    path = locate(name_or_path)
    source = str(path)
    scenario, system = _decoded(front_door.toml(front_door.read(path), source), source)
    house = tablefiles.read(system, tables)
    readings = resolve((a for s in systems.reachable(system) for a in s.assumptions), chosen)
    checked(system, scenario, source, house, readings)
    return scenario, house
