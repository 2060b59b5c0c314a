"""Loading and validating scenario files.

A scenario is a TOML file whose ``system`` key names its rule system
(``awaw.58``); the rest is decoded into that system's scenario struct (a
:class:`ScenarioBase`) and checked for consistency. Every refusal is a :class:`ScenarioError` naming the
file, the field and the reason, raised before anything is built.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import msgspec

from armistice.core import decode as front_door
from armistice.core import systems, tablefiles
from armistice.core.errors import ScenarioError
from armistice.core.fields import about, find
from armistice.core.tablefiles import HouseTables

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
    """A scenario shipped with armistice: its ``name`` (file stem), rule ``system``, ``title`` and ``path``."""

    name: str
    system: str
    title: str
    path: str


def convert(raw: object, type_: type[Any], source: str) -> Any:
    """Decode builtins ``raw`` into ``type_``; raises ScenarioError with the failing field
    (a mapping's key named, ``colonies.tunisia.brp``)."""
    try:
        return msgspec.convert(raw, type=type_)
    except msgspec.ValidationError as error:
        field, reason = _located(error)
        if "[...]" in field:
            field = _name_key(raw, type_, field, reason)
        raise ScenarioError(source, field, _accepted(type_, field, reason)) from None


def _accepted(type_: type[Any], field: str, reason: str) -> str:
    """``reason`` with what ``field`` accepts added: its choices, or its bounds and unit."""
    if not isinstance(type_, type) or not issubclass(type_, msgspec.Struct):
        return reason
    found = find(type_, field)
    if found is None or reason.startswith(("missing", "unknown")):
        return reason
    if found.kind == "choice" and found.choices:
        return f"{reason}; choose one of: {', '.join(value for value, _ in found.choices)}"
    if found.kind == "integer" and found.accepts:
        return f"{reason} ({found.label}: {found.accepts})"
    return reason


def _located(error: msgspec.ValidationError) -> tuple[str, str]:
    """The field (dotted, ``[...]`` for a mapping's key) and the reason of ``error``."""
    match = _AT.match(str(error))
    reason, field = (match["reason"], match["field"]) if match else (str(error), "")
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
    system: systems.RuleSystem, scenario: Any, source: str, house: HouseTables | None
) -> None:
    """Check ``scenario`` of ``system`` under the ``house`` tables when they are the system's,
    else under its published tables; raises ScenarioError naming ``source`` (``FILE under the
    house tables`` for the first) and the field."""
    if house is not None and house.system == system.key:
        system.check(scenario, f"{source} under the house tables", house.tables)
    else:
        system.check(scenario, source, system.tables())


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
    system.sides.assigned(scenario.players, source)
    return scenario, system


def decode(text: bytes, source: str) -> Any:
    """A scenario from the bytes of a TOML file called ``source``; raises ScenarioError."""
    return from_mapping(front_door.toml(text, source), source)


def bundled(named: str | None = None) -> tuple[BundledScenario, ...]:
    """The scenarios shipped in ``armistice.scenarios``, one folder per game, sorted by system
    then name; only those whose file name (less ``.toml``) is ``named`` when it is given. A
    file whose system is not known here is left out."""
    found = []
    root = resources.files("armistice.scenarios")
    known = {key: systems.get(key) for key in systems.names()}
    for game in sorted({system.game for system in known.values()}):
        folder = root / game
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if entry.name.endswith(".toml") and named in (None, entry.name.removesuffix(".toml")):
                head = front_door.toml(entry.read_bytes(), entry.name)
                try:
                    key = systems.get(str(head.get("system", ""))).key
                except ScenarioError:
                    continue
                stem = entry.name.removesuffix(".toml")
                found.append(BundledScenario(stem, key, str(head.get("title", "")), str(entry)))
    return tuple(sorted(found, key=lambda b: (b.system, b.name)))


def locate(name_or_path: str) -> Path:
    """The file for a path or a bundled scenario's name; raises ScenarioError if neither exists."""
    path = Path(name_or_path)
    if path.is_dir():
        raise ScenarioError(name_or_path, "", "is a folder, not a scenario file")
    if path.exists():
        return path
    for entry in bundled(name_or_path.rpartition("/")[2]):
        if name_or_path in (entry.name, f"{systems.get(entry.system).game}/{entry.name}"):
            return Path(entry.path)
    raise ScenarioError(
        name_or_path, "", "no such file or bundled scenario (`armistice scenarios` lists them)"
    )


def load(name_or_path: str) -> Any:
    """Read, decode and check a scenario given by path or bundled name."""
    path = locate(name_or_path)
    return decode(front_door.read(path), str(path))


def load_with(
    name_or_path: str, tables: Sequence[str | Path] = ()
) -> tuple[Any, HouseTables | None]:
    """A scenario given by path or bundled name, and the house tables in the files ``tables``
    (``--tables``; none: the published tables), the scenario checked under them. Raises
    ScenarioError for the scenario, TableError naming the table file, the field and the
    reason."""
    path = locate(name_or_path)
    source = str(path)
    scenario, system = _decoded(front_door.toml(front_door.read(path), source), source)
    house = tablefiles.read(system, tables)
    checked(system, scenario, source, house)
    return scenario, house
