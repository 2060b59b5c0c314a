"""5.6, treatment of Vichy territories, for the rest of the game: the scenario it starts
from (the map and where 5.5 left each French area and fleet), its state, and the rules as
functions of the state, each applied in one step.

* The Axis collects the IPCs of the Vichy areas under its markers each turn, yet may never
  build in a Vichy area nor move through or over one (:func:`may_enter`).
* An Axis attack on any Vichy area or fleet turns every Vichy area and fleet Free French
  (:func:`axis_attack`); an Allied attack touches only its target (:func:`allied_result`).
* A Vichy area the British, the Free French or the U.S. capture reverts to Free French;
  another Allied captor follows the reading ``waw.other_captor``.
* A Vichy fleet turns Free French once the Allies have captured every Vichy area adjacent
  to it (:func:`released`); France's own captures are not an Allied presence.
* An area Japan gains by political influence keeps a Vichy fleet sent there Vichy, until
  the Allies take the area (:func:`liberate`); a Japanese attack on it sends the fleet to
  Britain.
* An area that changes side takes every unit in it along at once (:func:`regroup`); Vichy
  forces never move, and a move that breaks 5.6 is refused (:func:`may_move`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

import msgspec

from armistice.core.errors import ScenarioError
from armistice.core.fields import about
from armistice.core.prompts import Clock
from armistice.core.sides import Alignment
from armistice.core.waw.scenario import MapScenario, Unit, check_map
from armistice.core.waw.state import VICHY_TROOPS
from armistice.core.waw.words import BRITAIN, CAPTORS, FRANCE, LATER, AreaSide, FleetFate, Kind

_Strict = {"frozen": True, "forbid_unknown_fields": True}


class AreaAfter(msgspec.Struct, **_Strict):
    """Where a French area stands: its ``side``, the power whose control ``marker`` is on
    it (a Vichy area), the power whose income it counts in (``holder``), once the Allies
    took it, who did (``captured_by``), and the units standing in it (``units``: one
    ``POWER:KIND`` per unit; Vichy troops as ``vichy:KIND``)."""

    side: Annotated[AreaSide, about("Side", LATER, "Vichy, Free French, Axis or Allied")]
    holder: Annotated[str, about("Held by", LATER, "the power whose income it counts in")]
    marker: Annotated[str, about("Marker", LATER, "the power whose marker is on it")] = ""
    captured_by: Annotated[str, about("Captured by", LATER, "the Allied power that took it")] = ""
    units: Annotated[
        tuple[Unit, ...],
        about("Units", LATER, "one POWER:KIND entry per unit standing there (vichy:KIND)"),
    ] = ()


class FleetAfter(msgspec.Struct, **_Strict):
    """Where a French fleet stands: its ``fate``, the sea area it is ``at``, the power
    holding its pieces (``owner``) and the French area a Vichy fleet was sent to."""

    fate: Annotated[FleetFate, about("Fate", LATER, "what became of it in 5.5 or since")]
    at: Annotated[str, about("Sea area", LATER, "where it stands")]
    owner: Annotated[str, about("Held by", LATER, "the power holding its pieces")] = ""
    sent_to: Annotated[str, about("Sent to", LATER, "the Vichy area it was sent to")] = ""


class VichyScenario(MapScenario, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The game after 5.5: the map, and each French area and fleet as 5.5 left them."""

    system: Literal["waw.vichy"]
    french_after: Annotated[
        dict[str, AreaAfter], about("French areas", LATER, "each French area after 5.5")
    ]
    fleets_after: Annotated[
        dict[str, FleetAfter], about("French fleets", LATER, "each French fleet after 5.5")
    ] = msgspec.field(default_factory=dict)


class Territories(msgspec.Struct, frozen=True):
    """Where the game stands under 5.6: the ``clock``, the income chart (``ipc``) and IPCs
    in hand (``bank``), each French area and fleet, the questions answered, how many
    ``actions`` the players have taken (each action's prompts are keyed by its number),
    the units removed from play when their area changed side (``interned``: ``area: power
    kind``) and the last turn whose income from Vichy areas the Axis ``collected``."""

    ipc: dict[str, int]
    bank: dict[str, int]
    areas: dict[str, AreaAfter]
    fleets: dict[str, FleetAfter]
    clock: Clock | None = None
    answered: tuple[str, ...] = ()
    actions: int = 0
    interned: tuple[str, ...] = ()
    collected: int = 0


class Readings(msgspec.Struct, frozen=True):
    """The readings of 5.6 the rule functions below take, as the game's named assumptions
    set them: a Vichy area captured by an Allied power 5.6 does not name stays the
    captor's (``other_captor_keeps``); Vichy troops in an area the Allies capture turn
    Free French with it (``vichy_join``), else are removed; the Free French's own
    captures count toward freeing a Vichy fleet (``free_french_frees``); a French area
    the Axis held, not Vichy, stays with the Allied power that captures it
    (``retaken_to_captor``), else turns Free French; another side's units stay in an area
    that changes side without a battle (``others_stay``); Vichy troops in an area gained
    by politics join the power that gained it (``politics_join``), else stay Vichy as the
    fleet does."""

    other_captor_keeps: bool = False
    vichy_join: bool = True
    free_french_frees: bool = True
    retaken_to_captor: bool = False
    others_stay: bool = False
    politics_join: bool = False


BOOK = Readings()
"""The readings every assumption's default gives."""


def check_territories(
    s: VichyScenario, source: str, _tables: object = None, _readings: object = None
) -> None:
    """The map's checks, then: every French area and fleet listed once, each where 5.5 can
    have left it (no area or fleet still to roll; a Vichy area under an Axis power's
    marker; each area held by a power of its side), with known powers and areas. Raises
    ScenarioError naming the field."""
    check_map(s, source)
    _listed(source, "french_after", set(s.french_after), set(s.french_areas), "French area")
    _listed(source, "fleets_after", set(s.fleets_after), set(s.fleets), "French fleet")
    for key, area in s.french_after.items():
        field = f"french_after.{key}"
        for name, power in (
            ("holder", area.holder),
            ("marker", area.marker),
            ("captured_by", area.captured_by),
        ):
            if power and power not in s.powers:
                raise ScenarioError(source, f"{field}.{name}", f"unknown power {power!r}")
        why = _misplaced(s, area)
        if why:
            raise ScenarioError(source, f"{field}.{why[0]}", why[1])
        for i, unit in enumerate(area.units):
            power = unit.partition(":")[0]
            if power != VICHY_TROOPS and power not in s.powers:
                raise ScenarioError(source, f"{field}.units[{i}]", f"unknown power {power!r}")
    for key, fleet in s.fleets_after.items():
        field = f"fleets_after.{key}"
        where = s.areas.get(fleet.at)
        if where is None or where.kind is not Kind.SEA:
            raise ScenarioError(source, f"{field}.at", f"{fleet.at!r} is not a sea area")
        if fleet.fate is FleetFate.FRENCH:
            raise ScenarioError(source, f"{field}.fate", "5.5 has rolled every French fleet")
        if fleet.sent_to and fleet.sent_to not in s.french_after:
            raise ScenarioError(
                source, f"{field}.sent_to", f"{fleet.sent_to!r} is not a French area of the map"
            )
        if fleet.owner and fleet.owner != VICHY_TROOPS and fleet.owner not in s.powers:
            raise ScenarioError(source, f"{field}.owner", f"unknown power {fleet.owner!r}")


def _listed(source: str, field: str, given: set[str], known: set[str], what: str) -> None:
    """Refuse a table that does not list each of ``known`` once, naming the first key
    unknown or missing."""
    unknown, missing = sorted(given - known), sorted(known - given)
    if unknown:
        raise ScenarioError(source, f"{field}.{unknown[0]}", f"not a {what} of the map")
    if missing:
        raise ScenarioError(source, field, f"{missing[0]} is missing: list each {what} once")


SIDE_OF = {
    AreaSide.FREE_FRENCH: Alignment.ALLIED,
    AreaSide.ALLIED: Alignment.ALLIED,
    AreaSide.AXIS: Alignment.AXIS,
    AreaSide.VICHY: Alignment.AXIS,
}
"""The side of the power that holds an area on each side after 5.5 (a Vichy area's
income goes to the Axis power whose marker is on it)."""


def _misplaced(s: VichyScenario, area: AreaAfter) -> tuple[str, str] | None:
    """The field and reason an area's standing cannot follow 5.5, or None."""
    if area.side is AreaSide.FRENCH:
        return "side", "5.5 has rolled every French area: vichy, free_french, axis or allied"
    if area.side is AreaSide.VICHY and (
        not area.marker or s.side(area.marker) is not Alignment.AXIS
    ):
        return "marker", "a Vichy area carries the control marker of an Axis power"
    if area.holder and s.side(area.holder) is not SIDE_OF[area.side]:
        return "holder", f"a {area.side.label} area is held by an {SIDE_OF[area.side].label} power"
    return None


def start(s: VichyScenario) -> Territories:
    """The state as the scenario sets it."""
    return Territories(dict(s.income), dict(s.bank), dict(s.french_after), dict(s.fleets_after))


def vichy_areas(t: Territories) -> tuple[str, ...]:
    """The Vichy areas now, in map order."""
    return tuple(k for k, a in t.areas.items() if a.side is AreaSide.VICHY)


def vichy_fleets(t: Territories) -> tuple[str, ...]:
    """The Vichy fleets now."""
    return tuple(k for k, f in t.fleets.items() if f.fate is FleetFate.VICHY)


def may_enter(
    s: VichyScenario, t: Territories, power: str, area: str, build: bool
) -> tuple[bool, str]:
    """5.6: whether a unit of ``power`` (``vichy`` for Vichy forces) may be built in
    (``build``) or move through or over ``area``, and why. Vichy forces are never moved or
    built; the Axis may neither build in nor pass a Vichy area; the Allies may only attack
    one; Vichy ships never block a sea area; elsewhere 5.6 forbids nothing and the game's
    usual rules decide."""
    if power == VICHY_TROOPS:
        return False, "Vichy forces never move and no one builds them"
    if s.side(power) is Alignment.NEUTRAL:
        return False, f"{s.label(power)} is neutral and takes no part in the war"
    state = t.areas.get(area)
    if state is not None and state.side is AreaSide.VICHY:
        if s.side(power) is Alignment.AXIS:
            what = "build in" if build else "move through or over"
            return False, f"the Axis may never {what} a Vichy area"
        if build:
            return False, "a Vichy area is no Allied territory to build in"
        return True, "5.6 forbids passage only to the Axis; a unit that stops there attacks it"
    if s.areas[area].kind is Kind.SEA and not build:
        ships = [k for k, f in t.fleets.items() if f.fate is FleetFate.VICHY and f.at == area]
        if ships:
            return True, "Vichy ships are neutral and never block a sea area"
    return True, "5.6 does not forbid it; the game's usual rules decide"


def may_move(s: VichyScenario, t: Territories, power: str, start: str, to: str) -> tuple[bool, str]:
    """5.6: whether a unit of ``power`` (``vichy`` for Vichy troops) in area ``start`` may
    move to the adjacent area ``to``, and why: Vichy forces never move; the Axis may not
    enter a Vichy area (:func:`may_enter`); an Allied unit enters one only by attacking
    it (the attack action, whose battle the players report)."""
    if power == VICHY_TROOPS:
        return False, "Vichy forces may not move"
    if to not in s.areas[start].adjacent:
        return False, f"{s.areas[to].name} is not adjacent to {s.areas[start].name}"
    ok, why = may_enter(s, t, power, to, build=False)
    if ok and to in t.areas and t.areas[to].side is AreaSide.VICHY:
        return False, "entering a Vichy area is an attack: its Vichy troops defend (attack it)"
    return ok, why


def move(t: Territories, power: str, kind: str, start: str, to: str) -> Territories:
    """One unit of ``power`` of ``kind`` leaves French area ``start`` for ``to`` (kept
    track of when ``to`` is a French area). Call :func:`may_move` first; raises ValueError
    when no such unit stands in ``start``."""
    unit = f"{power}:{kind}"
    areas = dict(t.areas)
    left = list(areas[start].units)
    left.remove(unit)
    areas[start] = msgspec.structs.replace(areas[start], units=tuple(left))
    if to in areas:
        areas[to] = msgspec.structs.replace(areas[to], units=(*areas[to].units, unit))
    return msgspec.structs.replace(t, areas=areas)


def grouped(units: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """``POWER:KIND`` units as power -> one kind per unit, in order."""
    found: dict[str, tuple[str, ...]] = {}
    for unit in units:
        power, _, kind = unit.partition(":")
        found[power] = (*found.get(power, ()), kind)
    return found


def _shift(ipc: dict[str, int], value: int, losing: str, gaining: str) -> None:
    if losing != gaining:
        ipc[losing] = ipc.get(losing, 0) - value
        ipc[gaining] = ipc.get(gaining, 0) + value


def regroup(
    s: VichyScenario,
    area: str,
    units: tuple[str, ...],
    side: Alignment,
    vichy_to: str,
    others_stay: bool,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every unit in ``area`` (``POWER:KIND``) once the area is on ``side``, all in one
    step, whatever their kind and number: Vichy troops go to ``vichy_to`` (``france`` as
    Free French, ``vichy`` staying Vichy; removed when empty); a power's units on ``side``
    stay; any other power's units stay only when ``others_stay``. Returns the units left
    and those removed from play (``area: power kind``)."""
    kept: list[str] = []
    removed: list[str] = []
    for unit in units:
        power, _, kind = unit.partition(":")
        goes = vichy_to if power == VICHY_TROOPS else power
        stays = bool(vichy_to) if power == VICHY_TROOPS else others_stay or s.side(power) is side
        if stays:
            kept.append(f"{goes}:{kind}")
        else:
            removed.append(f"{area}: {power} {kind}")
    return tuple(kept), tuple(removed)


def axis_attack(
    s: VichyScenario, t: Territories, attacker: str, target: str, r: Readings = BOOK
) -> Territories:
    """5.6: an Axis attack on a Vichy area or fleet (``area:KEY`` or ``fleet:KEY``) turns
    every Vichy area and fleet Free French at once, their IPCs back to France and every
    Vichy unit in them France's (another Axis power's units there are removed unless
    ``r.others_stay``); Vichy troops left in an Axis area (gained by politics) are freed
    too, and as Free French in Axis territory removed from play; a fleet sent to an area
    ``attacker`` could have gained by politics, and attacked there, joins Britain. The
    battle itself follows (:func:`battle`)."""
    ipc = dict(t.ipc)
    areas = dict(t.areas)
    interned = list(t.interned)
    for key in vichy_areas(t):
        area = areas[key]
        _shift(ipc, s.areas[key].ipc, area.holder, FRANCE)
        units, removed = regroup(s, key, area.units, Alignment.ALLIED, FRANCE, r.others_stay)
        areas[key] = AreaAfter(AreaSide.FREE_FRENCH, FRANCE, units=units)
        interned += removed
    for key, area in t.areas.items():
        stranded = [u for u in area.units if u.startswith(f"{VICHY_TROOPS}:")]
        if area.side is AreaSide.AXIS and stranded:
            kept = tuple(u for u in area.units if u not in stranded)
            areas[key] = msgspec.structs.replace(area, units=kept)
            interned += [f"{key}: {FRANCE} {u.partition(':')[2]}" for u in stranded]
    kind, _, name = target.partition(":")
    fleets = dict(t.fleets)
    for key in vichy_fleets(t):
        fleet = fleets[key]
        politics = kind == "area" and fleet.sent_to == name and s.areas[name].politics == attacker
        owner = BRITAIN if politics else FRANCE
        fleets[key] = msgspec.structs.replace(fleet, fate=FleetFate.FREE_FRENCH, owner=owner)
    return msgspec.structs.replace(t, ipc=ipc, areas=areas, fleets=fleets, interned=tuple(interned))


def captured(s: VichyScenario, t: Territories, area: str, captor: str, r: Readings) -> AreaAfter:
    """5.6: who holds ``area`` once ``captor`` takes it: an Axis captor holds it as Axis
    territory; a Vichy area taken by the British, the Free French or the U.S. turns Free
    French; another Allied captor makes it Free French, or keeps it when
    ``r.other_captor_keeps``; a French area the Axis held (not Vichy) stays with its Allied
    captor when ``r.retaken_to_captor``, else turns Free French."""
    if s.side(captor) is Alignment.AXIS:
        return AreaAfter(AreaSide.AXIS, captor)
    vichy = t.areas[area].side is AreaSide.VICHY
    keeps = (captor not in CAPTORS and r.other_captor_keeps) if vichy else r.retaken_to_captor
    if keeps and captor != FRANCE:
        return AreaAfter(AreaSide.ALLIED, captor, captured_by=captor)
    return AreaAfter(AreaSide.FREE_FRENCH, FRANCE, captured_by=captor)


def battle(
    s: VichyScenario,
    t: Territories,
    attacker: str,
    target: str,
    taken: bool,
    r: Readings = BOOK,
) -> Territories:
    """5.6: the result of a battle the players fought: ``taken`` gives a captured area to
    whoever :func:`captured` says and sinks a fleet; a failed attack changes nothing (an
    area attacked by the Allies stays Vichy). In a captured area the units of the losing
    side are removed, every one; Vichy troops there, when the Allies capture it, turn
    Free French with it if ``r.vichy_join``, else are removed. Fleets the capture frees
    follow (:func:`released`)."""
    if not taken:
        return t
    kind, _, name = target.partition(":")
    if kind == "fleet":
        fleets = {
            **t.fleets,
            name: msgspec.structs.replace(t.fleets[name], fate=FleetFate.SUNK, owner=""),
        }
        return msgspec.structs.replace(t, fleets=fleets)
    ipc = dict(t.ipc)
    after = captured(s, t, name, attacker, r)
    _shift(ipc, s.areas[name].ipc, t.areas[name].holder, after.holder)
    side = s.side(attacker)
    vichy_to = FRANCE if side is Alignment.ALLIED and r.vichy_join else ""
    units, removed = regroup(s, name, t.areas[name].units, side, vichy_to, False)
    after = msgspec.structs.replace(after, units=units)
    changed = msgspec.structs.replace(
        t, ipc=ipc, areas={**t.areas, name: after}, interned=(*t.interned, *removed)
    )
    if gained_by_politics(s, t, name):
        changed = liberate(changed, name, attacker, s)
    return released(s, changed, r)


def gained_by_politics(s: VichyScenario, t: Territories, area: str) -> bool:
    """Whether ``area`` is held by the power that gained it by political influence (5.5):
    it carries that power's marker, which a capture by force does not put there."""
    here = t.areas[area]
    return (
        here.side is AreaSide.AXIS and bool(here.marker) and here.marker == s.areas[area].politics
    )


def liberate(t: Territories, area: str, captor: str, s: VichyScenario) -> Territories:
    """5.5: the Allies taking an area an Axis power gained by politics free the Vichy
    fleet sent there: it joins the Allies (Free French). Call only for such an area
    (:func:`gained_by_politics`, before the capture)."""
    if s.side(captor) is not Alignment.ALLIED:
        return t
    fleets = dict(t.fleets)
    for key, fleet in t.fleets.items():
        if fleet.fate is FleetFate.VICHY and fleet.sent_to == area:
            fleets[key] = msgspec.structs.replace(fleet, fate=FleetFate.FREE_FRENCH, owner=FRANCE)
    return msgspec.structs.replace(t, fleets=fleets)


def neighbours(s: VichyScenario, fleet: str) -> tuple[str, ...]:
    """The French areas adjacent to ``fleet``'s sea area that were Vichy when 5.6 began."""
    at = s.fleets_after[fleet].at
    return tuple(
        a
        for a in s.areas[at].adjacent
        if a in s.french_after and s.french_after[a].side is AreaSide.VICHY
    )


def released(
    s: VichyScenario, t: Territories, r: Readings = BOOK, lonely_free: bool = False
) -> Territories:
    """5.6: each Vichy fleet all of whose adjacent Vichy areas the Allies have captured
    turns Free French (the Free French's own captures count only when
    ``r.free_french_frees``). A fleet with no adjacent Vichy area turns Free French only
    when ``lonely_free``."""
    fleets = dict(t.fleets)
    for key in vichy_fleets(t):
        around = neighbours(s, key)
        allied = [
            a
            for a in around
            if t.areas[a].captured_by
            and (r.free_french_frees or t.areas[a].captured_by != FRANCE)
            and s.side(t.areas[a].captured_by) is Alignment.ALLIED
        ]
        if (around and len(allied) == len(around)) or (not around and lonely_free):
            fleets[key] = msgspec.structs.replace(
                fleets[key], fate=FleetFate.FREE_FRENCH, owner=FRANCE
            )
    return msgspec.structs.replace(t, fleets=fleets)


def politics(s: VichyScenario, t: Territories, area: str, r: Readings = BOOK) -> Territories:
    """5.5: the power named by the map gains ``area`` by political influence: it becomes
    that power's territory, its IPCs with it; a Vichy fleet sent there stays Vichy; the
    Vichy troops in it join the gainer when ``r.politics_join``, else stay Vichy; another
    side's units there are removed unless ``r.others_stay``."""
    gainer = s.areas[area].politics
    ipc = dict(t.ipc)
    _shift(ipc, s.areas[area].ipc, t.areas[area].holder, gainer)
    troops = gainer if r.politics_join else VICHY_TROOPS
    units, removed = regroup(s, area, t.areas[area].units, Alignment.AXIS, troops, r.others_stay)
    areas = {**t.areas, area: AreaAfter(AreaSide.AXIS, gainer, marker=gainer, units=units)}
    return msgspec.structs.replace(t, ipc=ipc, areas=areas, interned=(*t.interned, *removed))


def income(s: VichyScenario, t: Territories) -> Mapping[str, int]:
    """5.6: the IPCs each Axis power collects this turn from the Vichy areas under its
    markers."""
    found: dict[str, int] = {}
    for key in vichy_areas(t):
        marker = t.areas[key].marker
        if marker and s.side(marker) is Alignment.AXIS:
            found[marker] = found.get(marker, 0) + s.areas[key].ipc
    return found
