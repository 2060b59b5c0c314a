"""The house rule as functions of the state, each transition applied in one step (no rule
ever sees a territory or ship half changed).

* France is neutral until liberated: its units never move nor attack, its ships never
  block, and they are never an Allied presence (:func:`side`, :func:`may_move`).
* The French are hostile this turn to the powers invading them (:func:`hostile_to`).
* A captured territory loses every unit of the losing side (:func:`capture`); its French
  ships then go to the invader, to an Axis die, or stay (:func:`ship_fate`).
* After an occupation every territory French when it was declared is either captured by
  an Axis power or Free French (:func:`occupy`), every unit in it converted or removed.
* Liberation adds France's turn once and puts French markers where the Allies hold now
  (:func:`liberate`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import msgspec

from armistice.core.aa50.assumptions import Minor
from armistice.core.aa50.scenario import Aa50Scenario
from armistice.core.aa50.state import Aa50State, Occupation, Removal, ShipState, TerritoryState
from armistice.core.aa50.words import (
    BRITAIN,
    FRANCE,
    INVASION,
    LIBERATION,
    NEUTRAL,
    OCCUPATION,
    Domain,
    Fate,
    Kind,
    Phase,
    Zone,
)
from armistice.core.dice import D6
from armistice.core.sides import Alignment

NEVER_MOVE = f"neutral French units never move ({NEUTRAL})"
"""Why a French unit may not move before liberation, or after it in a neutral territory."""
CAPTURED_FACE = 1
"""The face of an Axis player's die that captures a French ship; any other scuttles it."""


def side(s: Aa50Scenario, t: Aa50State, power: str) -> Alignment:
    """The side ``power`` is on now: France is neutral until liberated, then Allied; every
    other power is on the side the scenario lists."""
    if power == FRANCE:
        return Alignment.ALLIED if t.france_active else Alignment.NEUTRAL
    return s.side(power)


def powers_on(s: Aa50Scenario, t: Aa50State, alignment: Alignment) -> tuple[str, ...]:
    """The powers on ``alignment`` now, in the scenario's order."""
    return tuple(p for p in s.powers if side(s, t, p) is alignment)


def french(t: Aa50State) -> tuple[str, ...]:
    """The territories still neutral French, in map order."""
    return tuple(k for k, a in t.territories.items() if a.status is Fate.FRENCH)


def neutral_ships(t: Aa50State) -> tuple[str, ...]:
    """The French ships still neutral (not captured, scuttled, sunk, nor liberated France's)."""
    return tuple(k for k, sh in t.ships.items() if sh.fate is Fate.FRENCH and not sh.allied)


def hostile_to(s: Aa50Scenario, t: Aa50State) -> tuple[str, ...]:
    """The powers the French fight this turn: before liberation those invading them (rules
    1, 2); after it, the Axis (France is an Allied power)."""
    if t.france_active:
        return powers_on(s, t, Alignment.AXIS)
    return tuple(p for p in s.powers if p in t.invasions)


def neutral_unit(t: Aa50State, place: str, unit: str) -> bool:
    """Whether ``unit`` standing in ``place`` is a neutral French unit: any French unit
    before liberation; after it, one standing in a territory still neutral."""
    if unit_power(unit) != FRANCE:
        return False
    area = t.territories.get(place)
    return not t.france_active or (area is not None and area.status is Fate.FRENCH)


def may_own_move(t: Aa50State, power: str, place: str, unit: str) -> bool:
    """Whether ``unit`` standing in ``place`` is one of ``power``'s that may move at all
    (not a neutral French unit)."""
    return unit_power(unit) == power and not neutral_unit(t, place, unit)


def movable(t: Aa50State, power: str) -> bool:
    """Whether ``power`` has a unit on the map that may move (§1: neutral French units
    never do)."""
    return any(
        may_own_move(t, power, place, unit)
        for place in (*t.territories, *t.zones)
        for unit in units_at(t, place)
    )


def unit_power(unit: str) -> str:
    """The power of a ``POWER:KIND`` unit."""
    return unit.partition(":")[0]


def unit_kind(unit: str) -> str:
    """The kind of a ``POWER:KIND`` unit."""
    return unit.partition(":")[2]


def units_at(t: Aa50State, place: str) -> tuple[str, ...]:
    """The units standing in ``place`` (a territory or a sea zone)."""
    if place in t.territories:
        return t.territories[place].units
    return t.zones[place]


def may_attack(
    s: Aa50Scenario, t: Aa50State, power: str, place: str, any_: bool
) -> tuple[bool, str]:
    """Whether ``power`` may attack French territory ``place`` this turn, and the rule that
    forbids it: only an Allied power that declared an invasion (of ``place`` itself unless
    ``any_``: reading ``aa50.invasion_scope``); French units do not defend against an
    occupation."""
    if side(s, t, power) is Alignment.AXIS:
        if t.occupation is not None and t.occupation.power == power:
            return (
                False,
                f"French units do not defend against an occupation; it is settled after combat ({OCCUPATION})",
            )
        return (
            False,
            f"an Axis power may not attack French territory; it may occupy it ({NEUTRAL}, {OCCUPATION})",
        )
    named = t.invasions.get(power)
    if named is None:
        return (
            False,
            f"{s.label(power)} declared no invasion at the start of its combat move ({INVASION})",
        )
    if not any_ and place not in named:
        return False, f"{s.called(place)} was not named in the invasion's declaration ({INVASION})"
    return True, ""


def may_move(
    s: Aa50Scenario, t: Aa50State, unit: str, start: str, to: str, any_: bool
) -> tuple[bool, str]:
    """Whether ``unit`` (``POWER:KIND``) in ``start`` may move to the adjacent ``to`` now,
    and why (the rule that forbids it, or what allows it): French units never move before
    liberation; only the power whose turn it is moves; the Axis enters or crosses French
    territory only in non-combat movement, or in combat movement during its own
    occupation (its aircraft may fly over, not stop); an Allied power enters French
    territory only to attack it under an invasion; French ships never block a sea zone.
    A land unit never enters a sea zone (transports are not tracked: :data:`NO_TRANSPORT`),
    a sea unit never enters a territory; an aircraft goes either way."""
    power = unit_power(unit)
    if neutral_unit(t, start, unit):
        return False, NEVER_MOVE
    if power != t.power:
        return False, f"only {s.label(t.power)}'s units move in its turn ({NEUTRAL})"
    if to not in s.places[start].adjacent:
        return False, f"{s.called(to)} is not adjacent to {s.called(start)}"
    wrong = domain_refusal(s, unit, to)
    if wrong:
        return False, wrong
    target = t.territories.get(to)
    if target is not None and target.status is Fate.FRENCH:
        combat = t.phase is Phase.COMBAT_MOVE
        if side(s, t, power) is Alignment.AXIS:
            if not combat:
                return (
                    True,
                    f"the Axis may enter and cross French territory in non-combat movement ({NEUTRAL})",
                )
            if t.occupation is not None and t.occupation.power == power:
                return (
                    True,
                    f"{s.label(power)} occupies Vichy France: it may enter any French territory ({OCCUPATION})",
                )
            if s.kinds[unit_kind(unit)].domain is Domain.AIR:
                return (
                    False,
                    f"in combat movement Axis aircraft may fly over French territory, not stop there ({NEUTRAL})",
                )
            return False, f"the Axis may not enter French territory in combat movement ({NEUTRAL})"
        if not combat:
            return (
                False,
                f"French territory is neutral: an Allied unit enters it only to invade it ({INVASION})",
            )
        ok, why = may_attack(s, t, power, to, any_)
        return ok, why or f"{s.label(power)} invades {s.called(to)} ({INVASION})"
    if s.places[to].kind is Kind.SEA and any(
        sh.at == to and sh.fate is Fate.FRENCH and not sh.allied for sh in t.ships.values()
    ):
        return True, f"French ships are in port and never block a sea zone ({NEUTRAL})"
    return True, "no French rule stands in the way"


NO_TRANSPORT = (
    "a land unit never enters a sea zone here: transports and the units they carry are "
    "not tracked, so move them on the board and report the landing's battle"
)
"""Why a land unit may not move into a sea zone."""


def domain_refusal(s: Aa50Scenario, unit: str, to: str) -> str:
    """Why ``unit`` (``POWER:KIND``) may not enter place ``to`` by its domain, "" when it
    may: a land unit never enters a sea zone (:data:`NO_TRANSPORT`), a sea unit never
    enters a territory; an aircraft enters either."""
    domain = s.kinds[unit_kind(unit)].domain
    sea = s.places[to].kind is Kind.SEA
    if domain is Domain.LAND and sea:
        return NO_TRANSPORT
    if domain is Domain.SEA and not sea:
        return f"a sea unit never goes on land: {s.called(to)} is a territory"
    return ""


FLY_OVER = f"in combat movement Axis aircraft may fly over French territory ({NEUTRAL})"
"""What allows an Axis aircraft's flight over French territory in combat movement."""


def flies_over(s: Aa50Scenario, t: Aa50State, unit: str, place: str) -> bool:
    """Whether ``unit`` may fly over French territory ``place`` without stopping there: an
    Axis aircraft in combat movement, outside its own power's occupation (§1)."""
    power = unit_power(unit)
    area = t.territories.get(place)
    return (
        area is not None
        and area.status is Fate.FRENCH
        and t.phase is Phase.COMBAT_MOVE
        and side(s, t, power) is Alignment.AXIS
        and s.kinds[unit_kind(unit)].domain is Domain.AIR
        and not (t.occupation is not None and t.occupation.power == power)
    )


def move(t: Aa50State, unit: str, start: str, to: str) -> Aa50State:
    """``unit`` leaves ``start`` for ``to`` (call :func:`may_move` first); raises ValueError
    when no such unit stands in ``start``."""
    left = list(units_at(t, start))
    left.remove(unit)
    t = _put(t, start, tuple(left))
    return _put(t, to, (*units_at(t, to), unit))


def move_in(t: Aa50State, place: str, unit: str) -> Aa50State:
    """``unit`` (``POWER:KIND``) comes to stand in ``place`` from off the tracked board (a
    land unit landed from a transport)."""
    return _put(t, place, (*units_at(t, place), unit))


def _put(t: Aa50State, place: str, units: tuple[str, ...]) -> Aa50State:
    if place in t.territories:
        area = msgspec.structs.replace(t.territories[place], units=units)
        return msgspec.structs.replace(t, territories={**t.territories, place: area})
    return msgspec.structs.replace(t, zones={**t.zones, place: units})


def regroup(
    s: Aa50Scenario,
    t: Aa50State,
    place: str,
    keep: Alignment,
    french_to: str,
    others_stay: bool,
    rule: str,
) -> tuple[tuple[str, ...], tuple[Removal, ...]]:
    """Every unit in territory ``place`` once it is on side ``keep``, whatever its kind and
    however many, all at once: French units go to ``french_to`` (removed when empty); a
    power's units on ``keep`` stay; any other power's stay only when ``others_stay``.
    Returns the units left and those removed, each citing ``rule``."""
    kept: list[str] = []
    removed: list[Removal] = []
    for unit in units_at(t, place):
        power, kind = unit_power(unit), unit_kind(unit)
        if neutral_unit(t, place, unit):
            stays, goes = bool(french_to), french_to
        else:
            stays, goes = others_stay or side(s, t, power) is keep, power
        if stays:
            kept.append(f"{goes}:{kind}")
        else:
            removed.append(Removal(place, unit, rule))
    return tuple(kept), tuple(removed)


def status_for(s: Aa50Scenario, t: Aa50State, place: str, holder: str) -> Fate:
    """What a territory held by ``holder`` is: liberated France's own, captured (initially
    French), or not French."""
    if not s.initially_french(place):
        return Fate.OTHER
    return Fate.LIBERATED if holder == FRANCE and t.france_active else Fate.CAPTURED


def paris_allied(s: Aa50Scenario, t: Aa50State) -> bool:
    """Whether an Allied power holds Paris now (a neutral France holding it is not one)."""
    return side(s, t, t.territories[s.paris].controller) is Alignment.ALLIED


def capture(
    s: Aa50Scenario, t: Aa50State, place: str, captor: str, others_stay: bool = False
) -> Aa50State:
    """``captor`` takes territory ``place`` in battle: every unit of the losing side (the
    French units, every one, and any enemy of ``captor``) is removed; the captor's side
    stays; any other power's units stay only when ``others_stay`` (reading
    ``aa50.axis_in_invaded``). Once France is liberated, an Allied power taking an initially French territory
    back hands it to France (its marker goes back on), as any Allied power's (§4):
    Paris itself always, any other only while the Allies hold Paris; while the enemy holds
    it the liberator holds the territory until Paris is France's again (:func:`regain`)."""
    keep = side(s, t, captor)
    rule = INVASION if t.territories[place].status is Fate.FRENCH else NEUTRAL
    units, removed = regroup(s, t, place, keep, "", others_stay, rule)
    holder = captor
    if (
        t.france_active
        and keep is Alignment.ALLIED
        and s.initially_french(place)
        and t.territories[place].status is not Fate.FRENCH
        and (place == s.paris or paris_allied(s, t))
    ):
        holder = FRANCE
    after = TerritoryState(
        status_for(s, t, place, holder),
        holder,
        units,
        marker=holder == FRANCE and t.france_active,
        rule=capture_rule(s, t, place, captor),
    )
    return msgspec.structs.replace(
        t, territories={**t.territories, place: after}, removed=(*t.removed, *removed)
    )


def capture_rule(s: Aa50Scenario, t: Aa50State, place: str, captor: str) -> str:
    """The part of the house rule that decides territory ``place`` when ``captor`` takes it
    in battle: §2 for a French territory invaded, §4 for Paris taken by an Allied power,
    §1 for any other territory."""
    if t.territories[place].status is Fate.FRENCH:
        return INVASION
    if place == s.paris and side(s, t, captor) is Alignment.ALLIED:
        return LIBERATION
    return NEUTRAL


def regain(s: Aa50Scenario, t: Aa50State, unlisted_marked: bool) -> Aa50State:
    """§4, "same rules" as any Allied power: once liberated France holds Paris again, it
    takes back, in one step, every initially French territory another Allied power holds
    (captured while the enemy held Paris), its marker back on, the Allied units standing
    there staying; a territory off the rule's list only if ``unlisted_marked`` (reading
    ``aa50.unlisted_markers``). Nothing changes while France is not liberated or does not
    hold Paris."""
    if not t.france_active or t.territories[s.paris].controller != FRANCE:
        return t
    territories = dict(t.territories)
    for place in s.french:
        area = territories[place]
        if (
            area.status is Fate.CAPTURED
            and area.controller != FRANCE
            and side(s, t, area.controller) is Alignment.ALLIED
            and (unlisted_marked or not s.places[place].unlisted)
        ):
            territories[place] = TerritoryState(Fate.LIBERATED, FRANCE, area.units, marker=True)
    return msgspec.structs.replace(t, territories=territories)


def lose(t: Aa50State, place: str, units: Mapping[str, int], rule: str = INVASION) -> Aa50State:
    """The units a battle cost in ``place`` (a territory or a sea zone), removed from play
    citing ``rule`` (§2 for the French units of an invaded territory): ``units`` maps
    ``POWER:KIND`` to how many are lost (at most those there)."""
    left = list(units_at(t, place))
    gone = []
    for unit, count in units.items():
        for _ in range(count):
            left.remove(unit)
            gone.append(Removal(place, unit, rule))
    t = _put(t, place, tuple(left))
    return msgspec.structs.replace(t, removed=(*t.removed, *gone))


def retreat(t: Aa50State, place: str, power: str, to: str, rule: str) -> Aa50State:
    """Every unit of ``power`` in territory ``place``, after its attack there failed, goes to
    ``to`` all at once; when ``to`` is "" (nowhere to retreat) they are removed from play,
    citing ``rule``."""
    left = tuple(u for u in units_at(t, place) if unit_power(u) != power)
    going = tuple(u for u in units_at(t, place) if unit_power(u) == power)
    t = _put(t, place, left)
    if to:
        return _put(t, to, (*units_at(t, to), *going))
    gone = tuple(Removal(place, u, rule) for u in going)
    return msgspec.structs.replace(t, removed=(*t.removed, *gone))


def sink(t: Aa50State, ships: tuple[str, ...]) -> Aa50State:
    """French ``ships`` sunk in battle."""
    changed = {k: msgspec.structs.replace(t.ships[k], fate=Fate.SUNK) for k in ships}
    return msgspec.structs.replace(t, ships={**t.ships, **changed})


def based(s: Aa50Scenario, t: Aa50State, place: str) -> tuple[str, ...]:
    """The neutral French ships based at the port of territory ``place``."""
    return tuple(k for k in neutral_ships(t) if s.ships[k].port == place)


def nearby(s: Aa50Scenario, t: Aa50State, place: str) -> tuple[str, ...]:
    """The neutral French ships lying in a sea zone next to territory ``place``, wherever
    they are based."""
    return tuple(k for k in neutral_ships(t) if t.ships[k].at in s.places[place].adjacent)


def zone_answer(s: Aa50Scenario, t: Aa50State, zone: str, most: bool) -> str:
    """What sea zone ``zone`` holds as the tracked units say, in the words of the zone
    question: ``empty`` (no unit; French ships and units are never a presence before
    liberation), ``allied`` (Allied units only), ``warship:POWER`` (the Axis power that rolls:
    the first in the turn order with a surface warship there, or with the ``most``) or
    ``minor:POWER`` (Axis submarines or transports only) or ``air:POWER`` (Axis aircraft
    only, no Axis ship)."""
    axis = [u for u in t.zones[zone] if side(s, t, unit_power(u)) is Alignment.AXIS]
    warships = [u for u in axis if s.kinds[unit_kind(u)].surface_warship]
    ships = [u for u in axis if s.kinds[unit_kind(u)].domain is Domain.SEA]
    order = [p for p in (*t.turn_order, *s.powers) if side(s, t, p) is Alignment.AXIS]
    if warships:
        owners = [unit_power(u) for u in warships]
        ranked = sorted(
            dict.fromkeys(owners), key=lambda p: (-owners.count(p) if most else 0, order.index(p))
        )
        return f"{Zone.WARSHIP.value}:{ranked[0]}"
    planes = [u for u in axis if s.kinds[unit_kind(u)].domain is Domain.AIR]
    for found, word in ((ships, Zone.MINOR), (planes, Zone.AIR)):
        if found:
            owners = [unit_power(u) for u in found]
            return f"{word.value}:{min(owners, key=order.index)}"
    if any(side(s, t, unit_power(u)) is Alignment.ALLIED for u in t.zones[zone]):
        return Zone.ALLIED.value
    return Zone.EMPTY.value


def absent(s: Aa50Scenario, t: Aa50State, zone: str, power: str, kind: Zone) -> str:
    """Why sea zone ``zone`` cannot be said to hold ``kind`` of ``power`` (§2): the power
    that rolls for French ships, and captures them on a 1, has a unit there of that kind (a
    surface warship; a submarine or transport; an aircraft); "" when it has one."""

    def fits(unit: str) -> bool:
        entry = s.kinds[unit_kind(unit)]
        if kind is Zone.WARSHIP:
            return entry.surface_warship
        if kind is Zone.MINOR:
            return entry.domain is Domain.SEA and not entry.surface_warship
        return entry.domain is Domain.AIR

    if any(unit_power(u) == power and fits(u) for u in t.zones[zone]):
        return ""
    what = {Zone.WARSHIP: "surface warship", Zone.MINOR: "submarine or transport"}.get(
        kind, "aircraft"
    )
    return f"no {s.adjective(power)} {what} is in {s.called(zone)} ({INVASION})"


def ship_unit(s: Aa50Scenario, key: str, ship: ShipState) -> str:
    """The unit French ship ``key`` is on the board as ``POWER:KIND``: its captor's once
    captured, liberated France's once it is an Allied power's (``allied``); "" while it is
    neutral in port, scuttled or sunk (§2, §4)."""
    if ship.fate is Fate.CAPTURED:
        return f"{ship.by}:{s.ships[key].kind}"
    if ship.fate is Fate.FRENCH and ship.allied:
        return f"{FRANCE}:{s.ships[key].kind}"
    return ""


def board_ships(s: Aa50Scenario, t: Aa50State, changed: Mapping[str, ShipState]) -> Aa50State:
    """The ships ``changed`` in one step: each that becomes a power's unit (captured, or
    liberated France's) stands as that power's ``POWER:KIND`` unit in the sea zone it lies
    in, counted and moved like any other unit of that power from now on."""
    zones = dict(t.zones)
    for key, ship in changed.items():
        unit = ship_unit(s, key, ship)
        if unit and not ship_unit(s, key, t.ships[key]):
            zones[ship.at] = (*zones[ship.at], unit)
    return msgspec.structs.replace(t, ships={**t.ships, **changed}, zones=zones)


TAKEN = "taken"
"""The ships of a zone go to the captor without a die."""
DICE = "dice"
"""The Axis power in the zone rolls one die per ship."""
STAYS = "stays"
"""The ships stay French where they are."""


def zone_fate(zone: Zone, minor: Minor, air: Minor) -> str:
    """What the French ships of a zone holding ``zone`` undergo (§2): :data:`TAKEN` in
    an empty or Allied zone, :data:`DICE` with an Axis surface warship there; a zone of
    Axis submarines or transports only as the reading ``aa50.minor_zone`` (``minor``) says,
    one of Axis aircraft only as ``aa50.air_zone`` (``air``) says."""
    if zone in (Zone.EMPTY, Zone.ALLIED):
        return TAKEN
    if zone is Zone.WARSHIP:
        return DICE
    reading = minor if zone is Zone.MINOR else air
    return {Minor.AS_EMPTY: TAKEN, Minor.DICE: DICE, Minor.STAY: STAYS}[reading]


def capture_ships(
    s: Aa50Scenario,
    t: Aa50State,
    ships: tuple[str, ...],
    captor: str,
    free_french: bool = False,
    rule: str = INVASION,
) -> Aa50State:
    """French ``ships`` captured by ``captor`` without a die (an empty or Allied zone),
    as part ``rule`` of the house rule decides (§2 after an invasion, §3 after an
    occupation): each becomes a ``captor`` unit in its sea zone; liberated France taking
    them makes them its own (``allied``), not captured; ``free_french`` marks them joining
    Free France (the United Kingdom's after an occupation)."""
    if captor == FRANCE:
        changed = {k: msgspec.structs.replace(t.ships[k], allied=True, rule=rule) for k in ships}
    else:
        changed = {
            k: msgspec.structs.replace(
                t.ships[k], fate=Fate.CAPTURED, by=captor, free_french=free_french, rule=rule
            )
            for k in ships
        }
    return board_ships(s, t, changed)


def ship_die(t: Aa50State, ship: str, roller: str, face: int, rule: str = INVASION) -> ShipState:
    """A French ship after the Axis ``roller``'s die shows ``face``: captured by it on a 1,
    scuttled on anything else (§2), its fate decided by part ``rule`` (§3 after an
    occupation)."""
    if face == CAPTURED_FACE:
        return msgspec.structs.replace(
            t.ships[ship], fate=Fate.CAPTURED, by=roller, die=face, rule=rule
        )
    return msgspec.structs.replace(t.ships[ship], fate=Fate.SCUTTLED, die=face, rule=rule)


def roll_ships(
    s: Aa50Scenario,
    t: Aa50State,
    roller: str,
    faces: Mapping[str, int],
    rule: str = INVASION,
) -> Aa50State:
    """The French ships of ``faces`` (ship -> the face its die shows) after the Axis
    ``roller``'s dice, in one step, decided by part ``rule`` (§2, or §3 after an
    occupation); each captured ship becomes a ``roller`` unit in its zone."""
    return board_ships(s, t, {k: ship_die(t, k, roller, face, rule) for k, face in faces.items()})


def captured_odds(ships: int) -> dict[int, Fraction]:
    """The exact chance of each number of ships captured when an Axis player rolls one die
    for each of ``ships`` French ships (each 1/6 captured, 5/6 scuttled): two ships give
    0: 25/36, 1: 10/36, 2: 1/36."""
    faces = D6.faces()
    one = Fraction(sum(1 for f in faces if f == CAPTURED_FACE), len(faces))
    dist = {0: Fraction(1)}
    for _ in range(ships):
        nxt: dict[int, Fraction] = {}
        for n, p in dist.items():
            nxt[n] = nxt.get(n, Fraction(0)) + p * (1 - one)
            nxt[n + 1] = nxt.get(n + 1, Fraction(0)) + p * one
        dist = nxt
    return dist


def occupy(
    s: Aa50Scenario,
    t: Aa50State,
    occupation: Occupation,
    holders: Mapping[str, str],
    others_stay: bool,
) -> Aa50State:
    """§3 after the occupier's combat phase, in one step: each territory French when the
    occupation was declared and still French is captured by ``holders[territory]`` (an Axis
    power; its French units dismantled, every one) or, when it names none, joins Free
    France (the territory and every French unit in it turn British), or, once France is
    liberated, joins France itself (an Allied power now: its marker goes on, its units are
    France's to move). Units of the other side standing there are removed unless
    ``others_stay``."""
    territories = dict(t.territories)
    removed = list(t.removed)
    joined = dict(t.free_french)
    for place in occupation.territories:
        if territories[place].status is not Fate.FRENCH:
            continue
        holder = holders.get(place, "")
        if holder:
            units, gone = regroup(s, t, place, Alignment.AXIS, "", others_stay, OCCUPATION)
            territories[place] = TerritoryState(
                status_for(s, t, place, holder), holder, units, rule=OCCUPATION
            )
        elif t.france_active:
            units, gone = regroup(s, t, place, Alignment.ALLIED, FRANCE, others_stay, OCCUPATION)
            territories[place] = TerritoryState(
                Fate.LIBERATED, FRANCE, units, marker=True, rule=OCCUPATION
            )
        else:
            units, gone = regroup(s, t, place, Alignment.ALLIED, BRITAIN, others_stay, OCCUPATION)
            territories[place] = TerritoryState(Fate.FREE_FRENCH, BRITAIN, units, rule=OCCUPATION)
            joined[place] = tuple(
                f"{BRITAIN}:{unit_kind(u)}" for u in units_at(t, place) if neutral_unit(t, place, u)
            )
        removed += gone
    return msgspec.structs.replace(
        t,
        territories=territories,
        removed=tuple(removed),
        occupation=None,
        occupied=occupation.power,
        free_french=joined,
    )


def may_liberate(s: Aa50Scenario, t: Aa50State) -> tuple[bool, str]:
    """Whether France's turn is added now, and the rule that forbids it otherwise: at the
    start of the United Kingdom's turn, once, if Paris is held by an Allied power (France
    itself, neutral, is not one)."""
    if t.france_active:
        return False, f"France already has its turn ({LIBERATION})"
    if t.power != BRITAIN or t.phase is not Phase.START:
        return False, f"only at the start of the United Kingdom's turn ({LIBERATION})"
    if not paris_allied(s, t):
        holder = t.territories[s.paris].controller
        return False, f"Paris is held by {s.label(holder)}, not by the Allies ({LIBERATION})"
    return True, ""


def free_french_to_france(s: Aa50Scenario, t: Aa50State) -> Aa50State:
    """§4, reading ``aa50.free_french_at_liberation=france``: the French units that
    joined Free France come under France's control where they still stand in a territory
    France holds (one British unit of their kind each), and each ship that joined Free
    France and is still a British unit in its sea zone becomes France's own."""
    territories = dict(t.territories)
    for place, joined in t.free_french.items():
        area = territories[place]
        if area.controller != FRANCE:
            continue
        units = list(area.units)
        for unit in joined:
            if unit in units:
                units[units.index(unit)] = f"{FRANCE}:{unit_kind(unit)}"
        territories[place] = msgspec.structs.replace(area, units=tuple(units))
    zones = dict(t.zones)
    ships = dict(t.ships)
    for key, ship in t.ships.items():
        unit = f"{BRITAIN}:{s.ships[key].kind}"
        if not (ship.free_french and ship.fate is Fate.CAPTURED and ship.by == BRITAIN):
            continue
        if unit not in zones[ship.at]:
            continue
        here = list(zones[ship.at])
        last = len(here) - 1 - here[::-1].index(unit)  # a ship joins its zone's units last
        here[last] = f"{FRANCE}:{s.ships[key].kind}"
        zones[ship.at] = tuple(here)
        ships[key] = msgspec.structs.replace(
            ship, fate=Fate.FRENCH, by="", allied=True, rule=LIBERATION
        )
    return msgspec.structs.replace(t, territories=territories, zones=zones, ships=ships)


def liberate(
    s: Aa50Scenario,
    t: Aa50State,
    after_britain: bool,
    unlisted_marked: bool,
    neutral_join: bool,
    income_to: str,
    free_french: bool = True,
) -> Aa50State:
    """§4 in one step: France's turn goes into the turn order (right after the United
    Kingdom, or at the end of the round); French markers go on each initially French
    territory an Allied power holds now (an ``unlisted`` one only if ``unlisted_marked``),
    and on those still neutral if ``neutral_join``, listed or not; every French ship not captured,
    scuttled or sunk becomes a France unit in its sea zone, save those based at a territory
    that stays neutral; the units and ships that joined Free France become France's when
    ``free_french`` (reading ``aa50.free_french_at_liberation``, :func:`free_french_to_france`).
    The Allied units standing in a territory that takes a marker stay."""
    order = list(t.turn_order)
    order.insert(order.index(BRITAIN) + 1 if after_britain else len(order), FRANCE)
    territories = dict(t.territories)
    for place in s.french:
        area = territories[place]
        allied = area.status is not Fate.FRENCH and side(s, t, area.controller) is Alignment.ALLIED
        if allied and s.places[place].unlisted and not unlisted_marked:
            continue
        if allied or (neutral_join and area.status is Fate.FRENCH):
            territories[place] = TerritoryState(Fate.LIBERATED, FRANCE, area.units, marker=True)
    ships = {
        k: msgspec.structs.replace(sh, allied=True)
        for k, sh in t.ships.items()
        if sh.fate is Fate.FRENCH and territories[s.ships[k].port].status is not Fate.FRENCH
    }
    after = msgspec.structs.replace(
        board_ships(s, t, ships),
        turn_order=tuple(order),
        france_active=True,
        territories=territories,
        income_to=income_to,
        liberated=t.round,
    )
    return free_french_to_france(s, after) if free_french else after


def france_income(s: Aa50Scenario, t: Aa50State) -> int:
    """The IPCs of the territories liberated France holds as an Allied power (status
    liberated; a territory still neutral counts for nobody): 0 before liberation, and 0
    while the enemy holds Paris (a power whose capital is held by the enemy collects no
    income, §4 treats a liberated France like any other Allied power, here too)."""
    if not t.france_active or not paris_allied(s, t):
        return 0
    return sum(
        s.places[k].ipc
        for k, a in t.territories.items()
        if a.controller == FRANCE and a.status is Fate.LIBERATED
    )
