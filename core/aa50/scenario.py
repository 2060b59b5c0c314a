"""Scenario files of France as a special neutral: the powers and their sides, the turn
order, the kinds of unit, the map (territories and sea zones, adjacency, IPC values,
control, the units standing there) and the French ships, each based at a port of one
French territory and lying in one sea zone next to it.

The structs decode the TOML (types, unknown keys and bounds are refused by msgspec);
:func:`check` refuses a setup that contradicts itself, naming the field.
"""

from __future__ import annotations

from typing import Annotated, Literal, NoReturn

import msgspec

from armistice.core.aa50.words import (
    BRITAIN,
    FRANCE,
    INVASION,
    LIBERATION,
    LISTED,
    NEUTRAL,
    OCCUPATION,
    Domain,
    Fate,
    Kind,
)
from armistice.core.adjacency import check_adjacency
from armistice.core.errors import ScenarioError
from armistice.core.fields import about
from armistice.core.scenario import ScenarioBase
from armistice.core.sides import Alignment, Power, Sides, by_side

_Strict = {"frozen": True, "forbid_unknown_fields": True}

IPCs = Annotated[int, msgspec.Meta(ge=0, le=99, extra={"unit": "IPCs"})]
Ident = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_]+$")]
Unit = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_]+:[a-z0-9_]+$")]
"""A unit standing somewhere, as ``POWER:KIND`` (``france:infantry``)."""


class PowerEntry(msgspec.Struct, **_Strict):
    """A power of the game: its ``label``, which side it is on (France: neutral) and the
    word its units read with (``adjective``: "British" in "2 British infantry"; by default
    the label without a leading "the")."""

    label: Annotated[str, about("Name", "", "how the power reads")]
    alignment: Annotated[Alignment, about("Side", NEUTRAL, "Axis, Allied or neutral (France)")]
    adjective: Annotated[str, about("Its units", "", "how its units read: British infantry")] = ""


class KindEntry(msgspec.Struct, **_Strict):
    """A kind of unit: where it fights (``domain``) and whether it is a surface warship
    (a sea unit that is neither a submarine nor a transport), which §2 asks."""

    domain: Annotated[Domain, about("Domain", NEUTRAL, "land, air or sea")]
    surface_warship: Annotated[
        bool, about("Surface warship", INVASION, "a warship that is not a submarine")
    ] = False
    plural: Annotated[str, about("Plural", "", "when adding s is wrong: infantry")] = ""


class Place(msgspec.Struct, **_Strict):
    """A territory or sea zone of the map.

    ``kind`` is land or sea; ``adjacent`` the places it borders (listed both ways); ``ipc``
    its income value (land only); ``control`` the power holding a territory (``france``
    for neutral France); ``original`` marks a territory initially French, which gets a
    French control marker when France is liberated (default: held by France now);
    ``unlisted`` marks one the rule's list of markers leaves out (Martinique);
    ``paris`` marks the territory whose Allied control liberates France; ``free_french``
    a French territory already Free French under British control; ``units`` one
    ``POWER:KIND`` per unit standing there.
    """

    name: Annotated[str, about("Name", "", "how the place reads")]
    kind: Annotated[Kind, about("Kind", "", "a territory (land) or a sea zone (sea)")]
    adjacent: Annotated[tuple[Ident, ...], about("Adjacent", "", "listed both ways")] = ()
    ipc: Annotated[IPCs, about("IPC value", LIBERATION, "what the territory is worth")] = 0
    control: Annotated[str, about("Held by", "", "the power holding a territory")] = ""
    original: Annotated[
        bool | None, about("Initially French", LIBERATION, "gets a French marker on liberation")
    ] = None
    unlisted: Annotated[
        bool, about("Left off the list", LIBERATION, "initially French, not in the rule's list")
    ] = False
    paris: Annotated[bool, about("Paris", LIBERATION, "its Allied control liberates France")] = (
        False
    )
    free_french: Annotated[
        bool, about("Free French", OCCUPATION, "French, under British control")
    ] = False
    units: Annotated[tuple[Unit, ...], about("Units", "", "one POWER:KIND entry per unit")] = ()


class Ship(msgspec.Struct, **_Strict):
    """A named French ship: its ``kind``, the French territory whose port it is based at
    (``port``), the sea zone it lies in (``at``, next to that territory), and its ``fate``
    so far (``by``: the power that captured it)."""

    name: Annotated[str, about("Name", "", "how the ship reads")]
    kind: Annotated[Ident, about("Kind", NEUTRAL, "one of the scenario's kinds of unit")]
    port: Annotated[Ident, about("Port", INVASION, "the French territory it is based at")]
    at: Annotated[Ident, about("Sea zone", INVASION, "the zone it lies in, next to its port")]
    fate: Annotated[Fate, about("Fate", INVASION, "french, captured, scuttled or sunk")] = (
        Fate.FRENCH
    )
    by: Annotated[str, about("Captured by", INVASION, "the power that captured it")] = ""


class Aa50Scenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A game of Axis & Allies Anniversary with France as a special neutral: the powers and
    their sides, the turn order (France joins it once liberated), where the game starts
    (``round`` and the power whose turn it is, ``starts``), the kinds of unit, the map and
    the French ships."""

    system: Literal["aa50"]
    powers: Annotated[dict[Ident, PowerEntry], about("Powers", "", "every power and its side")]
    turn_order: Annotated[tuple[Ident, ...], about("Turn order", NEUTRAL, "the powers in turn")]
    kinds: Annotated[dict[Ident, KindEntry], about("Kinds of unit", NEUTRAL, "every kind used")]
    places: Annotated[dict[Ident, Place], about("Map", "", "the territories and sea zones")]
    ships: Annotated[dict[Ident, Ship], about("French ships", INVASION, "each French ship")] = (
        msgspec.field(default_factory=dict)
    )
    round: Annotated[
        int, msgspec.Meta(ge=1, le=99, extra={"unit": "rounds"}), about("Round", "", "the round")
    ] = 1
    starts: Annotated[str, about("Whose turn", NEUTRAL, "the power whose turn it is")] = ""
    france_active: Annotated[
        bool, about("France liberated", LIBERATION, "France already has a turn of its own")
    ] = False

    def side(self, power: str) -> Alignment:
        """The side ``power`` is on as this scenario lists it (France: neutral until it is
        liberated, which the state knows); raises KeyError for an unknown power."""
        return self.powers[power].alignment

    def label(self, power: str) -> str:
        """How ``power`` reads (its key when the scenario does not list it)."""
        entry = self.powers.get(power)
        return entry.label if entry else power

    def called(self, place: str) -> str:
        """How ``place`` reads."""
        return self.places[place].name

    def named(self, power: str) -> str:
        """How ``power`` reads at the start of a sentence: "The United Kingdom"."""
        label = self.label(power)
        return label[:1].upper() + label[1:]

    def adjective(self, power: str) -> str:
        """How ``power``'s units read: its ``adjective``, else its label without a leading
        "the" ("United Kingdom"), else its key."""
        entry = self.powers.get(power)
        if entry is None:
            return power
        return entry.adjective or entry.label.removeprefix("the ")

    def kind_name(self, kind: str, n: int = 1) -> str:
        """Kind of unit ``kind`` as a reader says it for ``n`` units (its ``plural`` when
        adding s is wrong): ``fighter``, ``fighters``, ``infantry``."""
        entry = self.kinds.get(kind)
        word = kind.replace("_", " ")
        if n == 1:
            return word
        return entry.plural if entry is not None and entry.plural else f"{word}s"

    def unit_name(self, unit: str, n: int = 1) -> str:
        """``n`` units ``POWER:KIND`` as a reader says them, without the count: "British
        infantry", "German fighters"."""
        power, _, kind = unit.partition(":")
        return f"{self.adjective(power)} {self.kind_name(kind, n)}"

    def units_named(self, units: tuple[str, ...]) -> str:
        """Units counted by kind, in the order first met: "2 German infantry, 1 German
        fighter"; "-" for none."""
        counts: dict[str, int] = {}
        for unit in units:
            counts[unit] = counts.get(unit, 0) + 1
        return ", ".join(f"{n} {self.unit_name(u, n)}" for u, n in counts.items()) or "-"

    @property
    def land(self) -> tuple[str, ...]:
        """The territories, in map order."""
        return tuple(k for k, p in self.places.items() if p.kind is Kind.LAND)

    def initially_french(self, place: str) -> bool:
        """Whether territory ``place`` is initially French (gets a marker on liberation)."""
        p = self.places[place]
        if p.original is not None:
            return p.original
        return p.control == FRANCE or p.free_french

    @property
    def french(self) -> tuple[str, ...]:
        """The initially French territories, in map order."""
        return tuple(k for k in self.land if self.initially_french(k))

    @property
    def paris(self) -> str:
        """The territory whose Allied control liberates France."""
        return next(k for k, p in self.places.items() if p.paris)

    def first(self) -> str:
        """The power whose turn the game starts in."""
        return self.starts or self.turn_order[0]


def sides(s: Aa50Scenario) -> Sides:
    """The powers of the scenario played by side, France on the Allied side (it answers
    only once liberated, played by the Allied player with the United Kingdom); a power the
    scenario adds, such as ANZAC, plays with its side. Other neutrals answer nothing."""
    return by_side(
        Power(k, e.label, Alignment.ALLIED if k == FRANCE else e.alignment)
        for k, e in s.powers.items()
    )


def _fail(source: str, field: str, reason: str) -> NoReturn:
    raise ScenarioError(source, field, reason)


def _power(s: Aa50Scenario, source: str, field: str, power: str) -> None:
    if power not in s.powers:
        _fail(source, field, f"unknown power {power!r}; the powers are: {', '.join(s.powers)}")


def check(s: Aa50Scenario, source: str, _tables: object = None, _readings: object = None) -> None:
    """Refuse a setup the house rule cannot be played on, naming the field: France missing
    or not neutral, the United Kingdom missing or not Allied, a turn order that lists
    France, an unknown power or a power twice, or leaves out an Axis or Allied power; an
    unknown or one-way adjacency; a unit of an unknown power or kind; a French unit in a sea
    zone (French ships are listed as ships) or, before liberation, in a territory France
    does not hold; a sea zone with IPCs or a holder; a territory held by nobody; not
    exactly one Paris, or a Paris not initially French; a Free French territory marked not
    initially French; a ship of an unknown
    kind, based at a territory that is not French, or lying in a sea zone not adjacent to
    it, or captured or scuttled while its port is still neutral French; a land unit in a
    sea zone or a sea unit on land; a surface warship that is not a sea unit; an empty
    label or name; two ships of one name; an adjacency listed twice; ``original = true``
    on a territory another power holds that the rule's list of French territories leaves
    out, unless it also says ``unlisted = true``. Raises ScenarioError."""
    france = s.powers.get(FRANCE)
    if france is None or france.alignment is not Alignment.NEUTRAL:
        _fail(source, f"powers.{FRANCE}", "France is listed, and neutral until it is liberated")
    britain = s.powers.get(BRITAIN)
    if britain is None or britain.alignment is not Alignment.ALLIED:
        _fail(source, f"powers.{BRITAIN}", "the United Kingdom is listed, on the Allied side")
    _check_order(s, source)
    _check_names(s, source)
    for key, kind in s.kinds.items():
        if kind.surface_warship and kind.domain is not Domain.SEA:
            _fail(
                source,
                f"kinds.{key}.surface_warship",
                f"only a sea unit is a surface warship; {key} is a {kind.domain.value} unit",
            )
    check_adjacency({k: p.adjacent for k, p in s.places.items()}, source, "places")
    for key, place in s.places.items():
        _check_place(s, source, key, place)
    parises = [k for k, p in s.places.items() if p.paris]
    if len(parises) != 1:
        _fail(source, "places", f"mark exactly one territory paris = true, not {len(parises)}")
    if s.places[parises[0]].kind is not Kind.LAND:
        _fail(source, f"places.{parises[0]}.paris", "Paris is a territory, not a sea zone")
    if not s.initially_french(parises[0]):
        _fail(
            source,
            f"places.{parises[0]}.original",
            f"Paris is initially French: mark it original = true ({LIBERATION})",
        )
    for key, ship in s.ships.items():
        _check_ship(s, source, key, ship)


def _check_names(s: Aa50Scenario, source: str) -> None:
    """Refuse an empty label or name, and two ships of one name."""
    for table, entries in (("powers", s.powers), ("places", s.places), ("ships", s.ships)):
        for key, entry in entries.items():
            name = "label" if table == "powers" else "name"
            if not getattr(entry, name).strip():
                _fail(source, f"{table}.{key}.{name}", "empty: give how it reads")
    seen: dict[str, str] = {}
    for key, ship in s.ships.items():
        if ship.name in seen:
            _fail(source, f"ships.{key}.name", f"{ship.name!r} is also ships.{seen[ship.name]}")
        seen[ship.name] = key


def _listed(name: str) -> bool:
    """Whether a territory called ``name`` is one the rule lists as initially French (its
    name holds a listed name, case, spaces and hyphens aside: "Algeria Morocco")."""

    def plain(text: str) -> str:
        return "".join(c for c in text.lower() if c.isalnum())

    return any(plain(listed) in plain(name) for listed in LISTED)


def _check_order(s: Aa50Scenario, source: str) -> None:
    for i, power in enumerate(s.turn_order):
        _power(s, source, f"turn_order[{i}]", power)
        if power == FRANCE and not s.france_active:
            _fail(
                source,
                f"turn_order[{i}]",
                f"France plays no turn before it is liberated ({LIBERATION})",
            )
        if power in s.turn_order[:i]:
            _fail(source, f"turn_order[{i}]", f"{power} is listed twice")
    for power, entry in s.powers.items():
        if entry.alignment is not Alignment.NEUTRAL and power not in s.turn_order:
            _fail(source, "turn_order", f"{power} has no turn")
    if s.france_active and FRANCE not in s.turn_order:
        _fail(source, "turn_order", "a liberated France has a turn")
    if s.starts and s.starts not in s.turn_order:
        _fail(source, "starts", f"{s.starts!r} has no turn in the turn order")


def _check_place(s: Aa50Scenario, source: str, key: str, place: Place) -> None:
    field = f"places.{key}"
    if place.kind is Kind.LAND:
        _power(s, source, f"{field}.control", place.control)
    for i, other in enumerate(place.adjacent):
        if other in place.adjacent[:i]:
            _fail(source, f"{field}.adjacent[{i}]", f"{other} is listed twice")
    for i, unit in enumerate(place.units):
        power, _, kind = unit.partition(":")
        _power(s, source, f"{field}.units[{i}]", power)
        if kind not in s.kinds:
            _fail(
                source,
                f"{field}.units[{i}]",
                f"unknown kind {kind!r}; the kinds are: {', '.join(s.kinds)}",
            )
        domain = s.kinds[kind].domain
        if domain is Domain.LAND and place.kind is Kind.SEA:
            _fail(
                source,
                f"{field}.units[{i}]",
                "a land unit stands in a territory, not a sea zone (transports are not tracked)",
            )
        if domain is Domain.SEA and place.kind is Kind.LAND:
            _fail(source, f"{field}.units[{i}]", "a sea unit stands in a sea zone, not on land")
        if power == FRANCE and place.kind is Kind.SEA:
            _fail(
                source,
                f"{field}.units[{i}]",
                f"French ships are listed under ships, each with its port, not as units ({NEUTRAL})",
            )
        if power == FRANCE and place.control != FRANCE and not s.france_active:
            _fail(
                source,
                f"{field}.units[{i}]",
                f"a neutral French unit stands only in a territory France holds ({NEUTRAL})",
            )
    if place.kind is Kind.SEA:
        for name, value in (("ipc", place.ipc), ("control", place.control), ("paris", place.paris)):
            if value:
                _fail(source, f"{field}.{name}", "a sea zone has none")
        if place.original or place.free_french or place.unlisted:
            _fail(source, f"{field}.original", "only a territory is French")
        return
    if place.free_french and place.control != BRITAIN:
        _fail(source, f"{field}.free_french", "Free France is under British control")
    if (
        place.original
        and place.control != FRANCE
        and not place.free_french
        and not place.unlisted
        and not _listed(place.name)
    ):
        _fail(
            source,
            f"{field}.original",
            f"{place.name} is held by {s.label(place.control)} and is not among the "
            f"territories the rule lists as initially French ({', '.join(LISTED)}); if France "
            f"held it, say unlisted = true as well ({LIBERATION})",
        )
    if place.free_french and place.original is False:
        _fail(
            source,
            f"{field}.original",
            f"a Free French territory is initially French ({OCCUPATION})",
        )


def _check_ship(s: Aa50Scenario, source: str, key: str, ship: Ship) -> None:
    field = f"ships.{key}"
    kind = s.kinds.get(ship.kind)
    if kind is None or kind.domain is not Domain.SEA:
        _fail(source, f"{field}.kind", f"{ship.kind!r} is not a kind of sea unit of the scenario")
    port = s.places.get(ship.port)
    if port is None:
        _fail(source, f"{field}.port", f"{ship.port!r} is no place of the setup")
    if port.kind is not Kind.LAND:
        _fail(source, f"{field}.port", f"{port.name} is a sea zone, not a territory with a port")
    if not s.initially_french(ship.port):
        _fail(
            source,
            f"{field}.port",
            f"{ship.port!r} is not an initially French territory: it is held by "
            f"{s.label(port.control)} without places.{ship.port}.original = true",
        )
    neutral_port = port.control == FRANCE and not s.france_active
    if neutral_port and ship.fate in (Fate.CAPTURED, Fate.SCUTTLED):
        _fail(
            source,
            f"{field}.fate",
            f"{ship.fate.value} while its port {port.name} is still neutral French: a ship "
            f"meets that fate only once its port is taken or France occupied ({INVASION})",
        )
    at = s.places.get(ship.at)
    if at is None or at.kind is not Kind.SEA:
        _fail(source, f"{field}.at", f"{ship.at!r} is not a sea zone of the map")
    if ship.at not in s.places[ship.port].adjacent:
        _fail(
            source,
            f"{field}.at",
            f"{ship.at} is not adjacent to {ship.port}, the territory it is based at ({INVASION})",
        )
    if (ship.fate is Fate.CAPTURED) != bool(ship.by):
        _fail(source, f"{field}.by", "a captured ship names its captor, and only a captured one")
    if ship.by:
        _power(s, source, f"{field}.by", ship.by)
    if ship.fate not in (Fate.FRENCH, Fate.CAPTURED, Fate.SCUTTLED, Fate.SUNK):
        _fail(source, f"{field}.fate", "a ship is french, captured, scuttled or sunk")
