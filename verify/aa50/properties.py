"""The invariants of France as a special neutral, checked on the engine's own procedure:
an occupation leaves every territory French at its declaration captured or Free French;
every French ship ends in exactly one fate; France's turn is added at most once and only
at the start of a British turn with Paris held by the Allies."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import msgspec

from armistice.core.aa50 import rules
from armistice.core.aa50.assumptions import AIR_ZONE, MINOR, PLACE
from armistice.core.aa50.scenario import Aa50Scenario
from armistice.core.aa50.state import Aa50State, Occupation
from armistice.core.aa50.words import (
    BRITAIN,
    FRANCE,
    INVASION,
    LIBERATION,
    OCCUPATION,
    SHIP_FATES,
    Domain,
    Fate,
    Phase,
    Zone,
)
from armistice.core.game import Game
from armistice.core.prompts import Decision
from armistice.core.sides import Alignment
from armistice.core.turns import END_PHASE
from armistice.verify.aa50.explore import SETUPS, ends, load, position
from armistice.verify.model import Result, Strength, Verdict
from armistice.verify.walk import Run

SPLIT = "an_occupation_leaves_each_french_territory_captured_or_free_french"
ONE_FATE = "every_french_ship_ends_in_exactly_one_fate"
ONCE = "frances_turn_is_added_once_and_only_when_paris_is_allied"


def _result(
    name: str,
    rule: str,
    problems: list[str],
    proved: str,
    bounds: dict[str, tuple[int, int]],
    cases: int,
) -> Result:
    """An exhaustive result of property ``name`` (rule ``rule``) over ``cases`` ends of the
    engine's procedure: violated with the first three ``problems`` if any, else proved as
    ``proved`` says; ``bounds`` names what was run through, each from least to most."""
    return Result(
        name,
        (rule,),
        Verdict.VIOLATED if problems else Verdict.PROVED,
        "; ".join(problems[:3]) or proved,
        strength=Strength.EXHAUSTIVE,
        bounds=bounds,
        cases=cases,
    )


def split_judge(
    s: Aa50Scenario,
    before: Aa50State,
    after: Aa50State,
    declared: tuple[str, ...],
    holders: dict[str, str],
    stay: bool,
) -> str:
    """§3 as written, for each of ``declared``: one holding an Axis land unit (``holders``
    names the power that captures it) is captured by that power and loses every French
    unit; any other joins Free France under British control, every French unit in it
    turned British; units of the other side stay only when ``stay``; every unit is kept or
    listed as removed."""
    for key in declared:
        area = after.territories[key]
        was = before.territories[key].units
        holder = holders.get(key, "")
        french = [u for u in was if rules.unit_power(u) == FRANCE]
        others = [u for u in was if rules.unit_power(u) != FRANCE]
        if holder:
            want = (Fate.CAPTURED, holder)
            axis = [u for u in others if s.side(rules.unit_power(u)) is Alignment.AXIS]
            units = others if stay else axis
        else:
            want = (Fate.FREE_FRENCH, BRITAIN)
            allied = [u for u in others if s.side(rules.unit_power(u)) is Alignment.ALLIED]
            turned = [f"{BRITAIN}:{rules.unit_kind(u)}" for u in french]
            units = turned + (others if stay else allied)
        if (area.status, area.controller) != want:
            return f"{key} ends {area.status} held by {area.controller}, not {want[0]} held by {want[1]}"
        if sorted(area.units) != sorted(units):
            return f"{key} holds {', '.join(area.units) or 'nothing'}, not {', '.join(units) or 'nothing'}"
        gone = [r for r in after.removed[len(before.removed) :] if r.place == key]
        if len(area.units) + len(gone) != len(was):
            return (
                f"{key}: {len(was)} units before, {len(area.units)} after and {len(gone)} removed"
            )
        if any(r.rule != OCCUPATION for r in gone):
            return f"{key}: a unit removed by the occupation cites {gone[0].rule}, not {OCCUPATION}"
    return ""


def _holders(
    axis: tuple[str, ...], declared: tuple[str, ...], occupier: str
) -> Iterator[dict[str, str]]:
    """Each territory at each holder (none or each Axis power), the others held by nobody
    and by the occupier."""
    for rest in ("", occupier):
        for key, holder in itertools.product(declared, ("", *axis)):
            yield {**{k: rest for k in declared if rest}, **({key: holder} if holder else {})}


def occupation_split() -> list[Result]:
    """§3 over each bundled setup, each occupier, each holder of each territory (the
    others held by nobody and by the occupier) and both readings of who else stays; and the
    engine's procedure end to end for each occupier (its default answers, every die class)."""
    problems: list[str] = []
    counted = 0
    for name in SETUPS:
        s = load(name)
        t = Game(s, seed=0).state
        declared = rules.french(t)
        axis = rules.powers_on(s, t, Alignment.AXIS)
        for occupier, stay in itertools.product(axis, (False, True)):
            occupation = Occupation(occupier, declared)
            for holders in _holders(axis, declared, occupier):
                counted += 1
                after = rules.occupy(s, t, occupation, holders, stay)
                if why := split_judge(s, t, after, declared, holders, stay):
                    problems.append(
                        f"{name}, {occupier} occupies, holders {holders or 'none'}: {why}"
                    )
    s = load(SETUPS[0])
    for occupier in _axis(s):
        start = _occupation(s, occupier)
        before = start.state
        for game in ends(start, decisions=False):
            counted += 1
            holders = _standing(s, before, occupier)
            if why := split_judge(s, before, game.state, rules.french(before), holders, False):
                problems.append(f"{SETUPS[0]}, {occupier} occupies through the procedure: {why}")
    return [
        _result(
            SPLIT,
            OCCUPATION,
            problems,
            f"every territory French at the declaration ends captured by an Axis power or Free "
            f"French, every unit accounted for: {counted} occupations",
            {"occupation": (1, counted)},
            counted,
        )
    ]


def _axis(s: Aa50Scenario) -> tuple[str, ...]:
    """The scenario's Axis powers, in its order."""
    return tuple(p for p in s.powers if s.side(p) is Alignment.AXIS)


def _standing(s: Aa50Scenario, t: Aa50State, occupier: str) -> dict[str, str]:
    """The territories still French holding an Axis land unit, each captured by the
    occupier (the default reading ``aa50.occupation_captor``)."""
    return {
        k: occupier
        for k in rules.french(t)
        if any(
            s.side(rules.unit_power(u)) is Alignment.AXIS
            and s.kinds[rules.unit_kind(u)].domain is Domain.LAND
            for u in t.territories[k].units
        )
    }


def _occupation(s: Aa50Scenario, occupier: str) -> Game:
    """``occupier`` declares the occupation at the start of its first combat move and
    ends its combat phase."""
    game = position(s, {}, [])
    while (game.state.power, game.state.phase) != (occupier, Phase.COMBAT_MOVE):
        game.answer(END_PHASE)
    game.answer("occupy")
    game.answer(END_PHASE)
    game.answer(END_PHASE)
    return game


RULE_CAPTURE_FACE = 1
"""The face that captures a French ship, read from §2 (a 1 captures; every other face
scuttles)."""


def _zone_said(game: Run, zone: str) -> str:
    """What the players said sea zone ``zone`` held in the action under way ("" if asked none)."""
    said = [str(a.value) for a in game.answers if a.key.endswith(f".zone.{zone}")]
    return said[-1] if said else ""


def ship_judge(
    s: Aa50Scenario,
    before: Aa50State,
    game: Run,
    meeting: tuple[str, ...],
    captor: str,
    minor: str,
) -> str:
    """§2 as written: each French ship has exactly one fate of french, captured,
    scuttled or sunk, a captured one exactly one captor; the ships ``meeting`` their fate
    (not sunk in battle) go to ``captor`` without a die when their zone was said empty, and
    to a die of the Axis power said to have a surface warship there (captured by it on a 1,
    scuttled otherwise); a zone of submarines or transports only follows ``minor``, one of
    aircraft only the default reading of ``aa50.air_zone``; every
    other ship is as it was; a captured ship is its captor's unit in its zone."""
    t = game.state
    for key, ship in t.ships.items():
        if ship.fate not in SHIP_FATES:
            return f"{key} ends {ship.fate}"
        if (ship.fate is Fate.CAPTURED) != (ship.by in s.powers):
            return f"{key} ends {ship.fate} captured by {ship.by or 'nobody'}"
        if ship.die is not None and ship.fate is not (
            Fate.CAPTURED if ship.die == RULE_CAPTURE_FACE else Fate.SCUTTLED
        ):
            return f"{key} rolled {ship.die} and ends {ship.fate}"
        was = before.ships[key]
        if key not in meeting or ship.fate is Fate.SUNK:
            if ship.fate is not was.fate and ship.fate is not Fate.SUNK:
                return (
                    f"{key}, based at {s.ships[key].port}, ends {ship.fate} though it met no fate"
                )
            continue
        kind, _, axis = _zone_said(game, ship.at).partition(":")
        if kind in (Zone.MINOR.value, Zone.AIR.value):
            reading = minor if kind == Zone.MINOR.value else AIR_ZONE.values[0]
            kind = {"as_empty": Zone.EMPTY.value, "dice": Zone.WARSHIP.value}.get(reading, "stay")
        if kind in (Zone.EMPTY.value, Zone.ALLIED.value) and (ship.fate, ship.by, ship.die) != (
            Fate.CAPTURED,
            captor,
            None,
        ):
            return f"{key} lay in a zone said empty and ends {ship.fate} by {ship.by or 'nobody'}"
        if kind == Zone.WARSHIP.value and (ship.die is None or ship.by not in ("", axis)):
            return f"{key} lay in a zone with {axis}'s surface warship and ends {ship.fate} by {ship.by or 'nobody'} without {axis}'s die"
        if kind == "stay" and ship.fate is not Fate.FRENCH:
            return f"{key} lay among Axis submarines or aircraft only (stay) and ends {ship.fate}"
        if ship.fate is Fate.CAPTURED:
            unit = f"{ship.by}:{s.ships[key].kind}"
            taken = sum(
                1
                for k, sh in t.ships.items()
                if sh.fate is Fate.CAPTURED
                and sh.at == ship.at
                and f"{sh.by}:{s.ships[k].kind}" == unit
            )
            if t.zones[ship.at].count(unit) < taken:
                return f"{key}, captured by {ship.by}, is no {unit} unit in {ship.at}"
    return ""


def _invasion(s: Aa50Scenario, readings: dict[str, str], target: str) -> Game:
    """The United Kingdom invades ``target`` in its first combat move and reports it captured."""
    game = position(s, readings, [])
    while (game.state.power, game.state.phase) != (BRITAIN, Phase.COMBAT_MOVE):
        game.answer(END_PHASE)
    game.answer("invade")
    game.answer({target: 1})
    game.answer(END_PHASE)
    game.answer("battle")
    game.answer(target)
    game.answer("taken")
    return game


def crowded(s: Aa50Scenario) -> Aa50Scenario:
    """``s`` with a surface warship, a submarine or transport and an aircraft of every Axis
    power added to each sea zone where a French ship lies: every content of the zone
    question may then be answered (a power is named only with a unit of that kind there)."""

    def first(test: Any) -> str:
        return next(k for k, e in s.kinds.items() if test(e))

    kinds = (
        first(lambda e: e.surface_warship),
        first(lambda e: e.domain is Domain.SEA and not e.surface_warship),
        first(lambda e: e.domain is Domain.AIR),
    )
    axis = [p for p in s.powers if s.side(p) is Alignment.AXIS]
    places = dict(s.places)
    for zone in {sh.at for sh in s.ships.values()}:
        added = tuple(f"{p}:{k}" for p in axis for k in kinds)
        places[zone] = msgspec.structs.replace(places[zone], units=(*places[zone].units, *added))
    return msgspec.structs.replace(s, places=places)


def ship_fates() -> list[Result]:
    """§2 through the engine's procedure: on the 1941 setup with every kind of Axis unit
    in each zone holding French ships (:func:`crowded`), the United Kingdom captures each
    French territory with ships, under each reading of a zone of Axis submarines only,
    every sea-zone content, every ship sunk in battle or not, every die class; and each Axis
    occupation with its default answers and every die class."""
    s = crowded(load(SETUPS[0]))
    problems: list[str] = []
    counted = 0
    ports = sorted({sh.port for sh in s.ships.values()})
    for port, minor in itertools.product(ports, MINOR.values):
        start = _invasion(s, {MINOR.key: minor}, port)
        before = start.state
        meeting = tuple(k for k, sh in s.ships.items() if sh.port == port)
        for game in ends(start):
            counted += 1
            if why := ship_judge(s, before, game, meeting, BRITAIN, minor):
                answers = ", ".join(f"{a.key}={a.value}" for a in game.answers[-4:])
                problems.append(f"{port} captured ({MINOR.key}={minor}), {answers}: {why}")
    for occupier in _axis(s):
        start = _occupation(s, occupier)
        before = start.state
        meeting = tuple(k for k, sh in before.ships.items() if sh.fate is Fate.FRENCH)
        for game in ends(start, decisions=False):
            counted += 1
            if why := ship_judge(s, before, game, meeting, BRITAIN, MINOR.values[0]):
                problems.append(f"{occupier} occupies: {why}")
    return [
        _result(
            ONE_FATE,
            INVASION,
            problems,
            f"every French ship ends in exactly one fate, a captured one with one captor: {counted} "
            "resolutions of an invasion or an occupation",
            {"die": (1, 6), "resolution": (1, counted)},
            counted,
        )
    ]


ROUNDS = 3


def _holders_of_paris(s: Aa50Scenario) -> tuple[str, ...]:
    """Who holds Paris at the start in the liberation cases: the first Axis power in the turn
    order, the United Kingdom, the first other Allied power, and a neutral France."""
    order = s.turn_order
    axis = next(p for p in order if s.side(p) is Alignment.AXIS)
    allied = next(p for p in order if s.side(p) is Alignment.ALLIED and p != BRITAIN)
    return (axis, BRITAIN, allied, FRANCE)


def _retakes(s: Aa50Scenario) -> str:
    """The Axis power that takes Paris back in the second round: the first after the United
    Kingdom in the turn order."""
    order = s.turn_order
    at = order.index(BRITAIN)
    return next(p for p in (*order[at:], *order[:at]) if s.side(p) is Alignment.AXIS)


def _axis_takes_paris(s: Aa50Scenario, t: Aa50State) -> bool:
    """Whether the retaking Axis power, in its combat phase, may report Paris taken from
    the Allies."""
    holder = t.territories[s.paris].controller
    return (
        t.phase is Phase.COMBAT
        and t.power == _retakes(s)
        and rules.side(s, t, holder) is Alignment.ALLIED
    )


def liberation_once() -> list[Result]:
    """§4 through the engine's procedure over ``ROUNDS`` rounds of the 1943 setup with
    Paris held at the start by each of its holders (an Axis power, two Allied ones and a
    neutral France), under both placings of France's turn; the players take the liberation
    whenever it is open and try it at every other turn decision (it must be refused), and
    the first Axis power after the United Kingdom takes Paris back in the second round."""
    problems: list[str] = []
    counted = 0
    base = load(SETUPS[1])
    paris = base.paris
    holders = _holders_of_paris(base)
    for holder, place in itertools.product(holders, PLACE.values):
        places = dict(base.places)
        places[paris] = msgspec.structs.replace(places[paris], control=holder)
        s = msgspec.structs.replace(base, places=places)
        game = Game(s, assumptions={PLACE.key: place}, seed=0)
        adds = 0
        while game.state.round < base.round + ROUNDS:
            counted += 1
            t = game.state
            prompt = game.prompt
            assert isinstance(prompt, Decision)
            allied_paris = rules.side(s, t, t.territories[paris].controller) is Alignment.ALLIED
            due = (
                t.power == BRITAIN
                and t.phase is Phase.START
                and allied_paris
                and not t.france_active
            )
            open_ = next(o for o in prompt.options if o.value == "liberate").enabled
            if open_ != due:
                problems.append(
                    f"Paris held by {holder}, round {t.round}, {t.power}'s {t.phase}: liberation {'open' if open_ else 'refused'}"
                )
                break
            if open_:
                game.answer("liberate")
                adds += 1
                if game.state.turn_order.count(FRANCE) != 1 or not (
                    t.power == BRITAIN and allied_paris
                ):
                    problems.append(
                        f"Paris held by {holder}: France's turn added as {game.state.turn_order}"
                    )
                continue
            if t.round == base.round + 1 and _axis_takes_paris(s, t):
                game.answer("battle")
                game.answer(paris)
                game.answer("taken")
                continue
            game.answer(END_PHASE)
        if adds > 1 or game.state.turn_order.count(FRANCE) > 1:
            problems.append(
                f"Paris held by {holder} ({PLACE.key}={place}): France's turn added {adds} times"
            )
        if s.side(holder) is not Alignment.ALLIED and game.state.france_active:
            problems.append(f"Paris held by {holder}: France liberated")
    return [
        _result(
            ONCE,
            LIBERATION,
            problems,
            f"France's turn is added once, only at the start of a British turn with Paris "
            f"Allied-held: {counted} turn decisions over {ROUNDS} rounds, Paris held by "
            f"{', '.join(holders)} at the start, both placings",
            {"round": (base.round, base.round + ROUNDS - 1), "turn decision": (1, counted)},
            counted,
        )
    ]
