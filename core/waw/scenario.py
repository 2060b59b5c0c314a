"""World at War fall-of-France scenario files: the powers and their sides, the area map
(land and sea areas, adjacency, oceans, IPC values, control, ports), the French fleets, the
IPCs each power holds and its place on the income chart.

The structs decode the TOML (types, unknown keys and negative IPCs are refused by
msgspec); :func:`check` refuses a map that contradicts itself, naming the field.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from armistice.core.adjacency import check_adjacency
from armistice.core.errors import ScenarioError
from armistice.core.fields import about
from armistice.core.scenario import ScenarioBase
from armistice.core.sides import Alignment, Power, Sides, by_side
from armistice.core.waw.words import BRITAIN, FRANCE, GERMANY, RULE, Kind, Ocean

_Strict = {"frozen": True, "forbid_unknown_fields": True}

IPCs = Annotated[int, msgspec.Meta(ge=0, le=999, extra={"unit": "IPCs"})]
Ident = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_]+$")]
CUT = 6
"""IPCs France's income falls by when it is conquered (5.5)."""
TRANSFER = 3
"""IPCs France pays the conquering player from its bank (5.5)."""


class PowerEntry(msgspec.Struct, **_Strict):
    """A power of the map: its ``label`` and which side it is on."""

    label: Annotated[str, about("Name", "", "how the power reads")]
    alignment: Annotated[Alignment, about("Side", "", "Axis, Allied or neutral")]


Unit = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_]+:[a-z0-9_]+$")]
"""A unit standing in an area, as ``POWER:KIND`` (``france:infantry``)."""


class Area(msgspec.Struct, **_Strict):
    """A land or sea area of the map.

    ``ipc`` is the area's income value in IPCs (land only); ``control`` the power holding
    it (land only); ``french`` marks the French areas 5.5 rolls for; ``port`` is the sea
    area where a Vichy fleet sent to a French area is placed (one of its adjacent sea
    areas); ``ocean`` the ocean of a sea area; ``adjacent`` the areas it borders (both
    ways); ``vichy_marker`` the power whose control marker goes on it if it turns Vichy
    (the scenario's ``marker_power`` when empty); ``units`` the kinds of unit each power
    has there.
    """

    name: Annotated[str, about("Name", "", "how the area reads")]
    kind: Annotated[Kind, about("Kind", "", "land or sea")]
    adjacent: Annotated[tuple[Ident, ...], about("Adjacent areas", "", "listed both ways")]
    ipc: Annotated[IPCs, about("IPC value", RULE, "what the area adds to its holder's income")] = 0
    control: Annotated[str, about("Held by", "", "the power holding a land area")] = ""
    french: Annotated[bool, about("French area", RULE, "one of the areas 5.5 rolls for")] = False
    port: Annotated[
        str, about("Port", RULE, "the sea area a Vichy fleet sent here is placed in")
    ] = ""
    ocean: Annotated[Ocean | None, about("Ocean", RULE, "the ocean of a sea area")] = None
    vichy_marker: Annotated[
        str, about("Marker if Vichy", RULE, "the power whose control marker goes on it")
    ] = ""
    units: Annotated[
        tuple[Unit, ...], about("Units", "", "one POWER:KIND entry per unit standing here")
    ] = ()
    politics: Annotated[
        str, about("Gained by politics", "5.5", "the Axis power that may gain it by influence")
    ] = ""


class Fleet(msgspec.Struct, **_Strict):
    """A French fleet: its ``name``, the sea area it is ``at`` and its ``ships`` (kinds)."""

    name: Annotated[str, about("Name", "", "how the fleet reads")]
    at: Annotated[Ident, about("Sea area", RULE, "where the fleet is when France falls")]
    ships: Annotated[tuple[str, ...], about("Ships", RULE, "every piece of the fleet")] = ()


class MapScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A World at War map as 5.5 and 5.6 read it: who conquered France, the powers and
    their sides, the map, the French fleets, each power's IPCs in hand (``bank``) and on
    the income chart (``income``), and the game turn."""

    conqueror: Annotated[str, about("Conqueror", RULE, "the Axis power that conquered France")]
    powers: Annotated[dict[Ident, PowerEntry], about("Powers", "", "every power and its side")]
    areas: Annotated[dict[Ident, Area], about("Areas", "", "the land and sea areas of the map")]
    fleets: Annotated[dict[Ident, Fleet], about("French fleets", RULE, "each French fleet")] = (
        msgspec.field(default_factory=dict)
    )
    bank: Annotated[dict[str, IPCs], about("IPCs in hand", RULE, "each power's money")] = (
        msgspec.field(default_factory=dict)
    )
    income: Annotated[dict[str, IPCs], about("Income chart", RULE, "each power's income level")] = (
        msgspec.field(default_factory=dict)
    )
    marker_power: Annotated[
        str, about("Marker placer", RULE, "whose control markers show an area is Vichy")
    ] = GERMANY
    turn: Annotated[
        int, msgspec.Meta(ge=1, le=99, extra={"unit": "turns"}), about("Turn", "", "the game turn")
    ] = 1

    def side(self, power: str) -> Alignment:
        """The side ``power`` is on, as this scenario says; raises KeyError for an unknown one."""
        return self.powers[power].alignment

    def label(self, power: str) -> str:
        """How ``power`` reads (its key when the scenario does not list it)."""
        entry = self.powers.get(power)
        return entry.label if entry else power

    @property
    def french_areas(self) -> tuple[str, ...]:
        """The French areas 5.5 rolls for, in map order."""
        return tuple(k for k, a in self.areas.items() if a.french)

    def marker(self, area: str) -> str:
        """The power whose control marker goes on ``area`` if it turns Vichy."""
        return self.areas[area].vichy_marker or self.marker_power


def sides(s: MapScenario) -> Sides:
    """The powers the scenario puts at war, each on the side it says, played by side (a
    power the scenario adds, such as Canada, included; see :func:`by_side`)."""
    return by_side(Power(k, e.label, e.alignment) for k, e in s.powers.items())


class WawScenario(MapScenario, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A fall of France on a World at War map (5.5)."""

    system: Literal["waw"]


def _fail(source: str, field: str, reason: str) -> None:
    raise ScenarioError(source, field, reason)


def _power(s: MapScenario, source: str, field: str, power: str, side: Alignment | None) -> None:
    if power not in s.powers:
        _fail(source, field, f"unknown power {power!r}; the powers are: {', '.join(s.powers)}")
    if side is not None and s.side(power) is not side:
        _fail(
            source,
            field,
            f"{power} must be {side.label}, the scenario makes it {s.side(power).label}",
        )


def check_map(s: MapScenario, source: str) -> None:
    """Refuse a map 5.5 and 5.6 cannot be played on, naming the field: an unknown or one-way
    adjacency, a map in pieces, a sea area with IPCs or a holder, a land area held by an
    unknown power, a French area without an adjacent port, a fleet not at a known sea area,
    a conqueror not on the Axis side. Raises ScenarioError."""
    for name, side in (
        (FRANCE, Alignment.ALLIED),
        (BRITAIN, Alignment.ALLIED),
        (GERMANY, Alignment.AXIS),
    ):
        _power(s, source, f"powers.{name}", name, side)
    _power(s, source, "conqueror", s.conqueror, Alignment.AXIS)
    _power(s, source, "marker_power", s.marker_power, Alignment.AXIS)
    if not s.french_areas:
        _fail(source, "areas", f"mark at least one French area (french = true) for {RULE}")
    check_adjacency({k: a.adjacent for k, a in s.areas.items()}, source, "areas")
    for key, area in s.areas.items():
        _check_area(s, source, key, area)
    _check_connected(s, source)
    for key, fleet in s.fleets.items():
        where = s.areas.get(fleet.at)
        if where is None or where.kind is not Kind.SEA:
            _fail(source, f"fleets.{key}.at", f"{fleet.at!r} is not a sea area of the map")
    for table in ("bank", "income"):
        for power in getattr(s, table):
            _power(s, source, f"{table}.{power}", power, None)


def check(s: MapScenario, source: str, _tables: object = None, _readings: object = None) -> None:
    """The map's checks (:func:`check_map`), and an income chart high enough for what 5.5
    may take from each power. Raises ScenarioError."""
    check_map(s, source)
    _check_income(s, source)


def _check_area(s: MapScenario, source: str, key: str, area: Area) -> None:
    field = f"areas.{key}"
    for i, unit in enumerate(area.units):
        _power(s, source, f"{field}.units[{i}]", unit.partition(":")[0], None)
    if area.kind is Kind.SEA:
        for name, value in (("ipc", area.ipc), ("control", area.control), ("port", area.port)):
            if value:
                _fail(source, f"{field}.{name}", "a sea area has none")
        if area.ocean is None:
            _fail(source, f"{field}.ocean", "a sea area names its ocean")
        if area.french:
            _fail(source, f"{field}.french", f"the French areas of {RULE} are land areas")
        return
    if area.ocean is not None:
        _fail(source, f"{field}.ocean", "only a sea area lies in an ocean")
    _power(s, source, f"{field}.control", area.control, None)
    if area.vichy_marker:
        _power(s, source, f"{field}.vichy_marker", area.vichy_marker, Alignment.AXIS)
    if area.politics:
        _power(s, source, f"{field}.politics", area.politics, Alignment.AXIS)
    if area.french:
        port = s.areas.get(area.port)
        if port is None or port.kind is not Kind.SEA or area.port not in area.adjacent:
            _fail(
                source, f"{field}.port", "name an adjacent sea area, where a Vichy fleet is placed"
            )


def _check_connected(s: MapScenario, source: str) -> None:
    """Every area can be reached from every other, so "nearest" always has an answer."""
    start = next(iter(s.areas))
    seen = {start}
    queue = [start]
    while queue:
        for there in s.areas[queue.pop()].adjacent:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    cut_off = [k for k in s.areas if k not in seen]
    if cut_off:
        _fail(
            source,
            f"areas.{cut_off[0]}.adjacent",
            f"cannot be reached from {start}: the map must be connected",
        )


def _check_income(s: MapScenario, source: str) -> None:
    """Each power's income covers the French areas it holds, and France's the cut as well."""
    needed: dict[str, int] = {FRANCE: CUT}
    for key in s.french_areas:
        area = s.areas[key]
        needed[area.control] = needed.get(area.control, 0) + area.ipc
    for power, need in needed.items():
        if s.side(power) is Alignment.AXIS:
            continue
        have = s.income.get(power, 0)
        if have < need:
            _fail(
                source,
                f"income.{power}",
                f"{have} IPCs cannot lose the {need} that {RULE} may take from {power}",
            )
