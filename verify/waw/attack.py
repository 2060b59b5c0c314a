"""5.6's Axis attack checked at the positions the suite can reach: the bundled position after
the fall and those up to two steps from it, and the position every end of the small maps
hands to 5.6 and those one step from it, a step being a political gain, an Allied capture
of a Vichy area, an Allied sinking of a Vichy fleet or an Allied retaking of an area
gained by politics. At each, every Axis power attacks every Vichy area and fleet, the
battle taken or failed, another Axis power's units in a Vichy area removed or kept."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import msgspec

from armistice.core import scenario
from armistice.core.prompts import Answer
from armistice.core.sides import Alignment
from armistice.core.waw import territories as rules
from armistice.core.waw.later import hand_over
from armistice.core.waw.state import VICHY_TROOPS
from armistice.core.waw.territories import Territories, VichyScenario
from armistice.core.waw.words import BRITAIN, FRANCE, LATER, FleetFate
from armistice.verify.model import Result, Strength, Verdict
from armistice.verify.waw import maps
from armistice.verify.waw.explore import ends
from armistice.verify.waw.properties import AXIS_ATTACK, cases

Position = tuple[str, VichyScenario, Territories]

DOMAIN = (
    f"the bundled position after the fall ({maps.LATER}) and every position up to two "
    "steps from it, the position every end of the small maps hands to 5.6 and every "
    "position one step from it (a step: a political gain, a British capture of a Vichy "
    "area, a British sinking of a Vichy fleet, a British retaking of an area gained by "
    "politics); every Axis power against every Vichy area and fleet, taken or failed, "
    "another Axis power's units kept or removed"
)


def steps(s: VichyScenario, t: Territories) -> Iterator[tuple[str, Territories]]:
    """Every position one step after ``t`` other than an Axis attack, with what was done."""
    for key in rules.vichy_areas(t):
        yield f"Britain takes {key}", rules.battle(s, t, BRITAIN, f"area:{key}", True)
        if s.areas[key].politics:
            yield f"{s.areas[key].politics} gains {key}", rules.politics(s, t, key)
    for key in rules.vichy_fleets(t):
        yield f"Britain sinks {key}", rules.battle(s, t, BRITAIN, f"fleet:{key}", True)
    for key in t.areas:
        if rules.gained_by_politics(s, t, key):
            yield f"Britain retakes {key}", rules.battle(s, t, BRITAIN, f"area:{key}", True)


def around(name: str, s: VichyScenario, depth: int) -> Iterator[Position]:
    """The start of ``s`` and every position up to ``depth`` steps from it."""
    frontier = [(name, rules.start(s))]
    for level in range(depth + 1):
        yield from ((n, s, t) for n, t in frontier)
        if level < depth:
            frontier = [(f"{n}, {did}", after) for n, t in frontier for did, after in steps(s, t)]


def positions() -> Iterator[Position]:
    """The positions the Axis attack is checked at (see ``DOMAIN``)."""
    later = scenario.load(maps.LATER)
    assert isinstance(later, VichyScenario)
    yield from around(maps.LATER, later, 2)
    seen: set[tuple[str, bytes]] = set()
    for name, s, chosen, faces in cases():
        if name == maps.WALKED or faces != "classes":
            continue
        for game in ends(s, chosen, faces):
            handed = hand_over(s, game.state, ())
            key = (name, msgspec.json.encode(rules.start(handed)))
            if key not in seen:
                seen.add(key)
                yield from around(f"{name} after {_dice(game.answers)}", handed, 1)


def _dice(answers: tuple[Answer, ...]) -> str:
    return ", ".join(f"{a.key}={a.value}" for a in answers)


def _units(t: Territories) -> int:
    return sum(len(a.units) for a in t.areas.values())


def judge(s: VichyScenario, t: Territories, power: str, target: str, after: Territories) -> str:
    """What is wrong after ``power``'s attack on ``target`` took ``t`` to ``after``: a Vichy
    area, fleet or unit left (in an area gained by politics too); a freed fleet
    held by the wrong power (Britain when the attacker could have gained by politics the
    area it was sent to and attacked that area, France otherwise); a unit lost."""
    left = [f"{k} still Vichy" for k in (*rules.vichy_areas(after), *rules.vichy_fleets(after))]
    left += [
        f"units in {k} still Vichy"
        for k, a in after.areas.items()
        if VICHY_TROOPS in rules.grouped(a.units)
    ]
    kind, _, name = target.partition(":")
    for key in rules.vichy_fleets(t):
        fleet = after.fleets[key]
        politics = kind == "area" and t.fleets[key].sent_to == name
        owner = BRITAIN if politics and s.areas[name].politics == power else FRANCE
        if fleet.fate is FleetFate.FREE_FRENCH and fleet.owner != owner:
            left.append(f"fleet {key} freed to {fleet.owner}, not {owner}")
    if _units(after) + len(after.interned) != _units(t) + len(t.interned):
        left.append(
            f"{_units(t)} units before, {_units(after)} after and "
            f"{len(after.interned) - len(t.interned)} removed"
        )
    return ", ".join(left)


def axis_attack_frees_everything() -> list[Result]:
    """5.6 at every position of ``DOMAIN``: an Axis attack on any Vichy area or fleet leaves
    no Vichy area, fleet or unit, each freed fleet with France or, sent to the
    area its attacker could have gained by politics and attacked there, with Britain, and
    every unit still in its area or listed as removed from play."""
    problems: list[str] = []
    counted = places = 0
    for where, s, t in positions():
        places += 1
        targets = [f"area:{k}" for k in rules.vichy_areas(t)]
        targets += [f"fleet:{k}" for k in rules.vichy_fleets(t)]
        axis = [p for p, e in s.powers.items() if e.alignment is Alignment.AXIS]
        for power, target, taken, stay in itertools.product(
            axis, targets, (True, False), (False, True)
        ):
            counted += 1
            attacked = rules.axis_attack(s, t, power, target, rules.Readings(others_stay=stay))
            after = rules.battle(s, attacked, power, target, taken)
            why = judge(s, t, power, target, after)
            if why and len(problems) < 3:
                result = "taken" if taken else "failed"
                problems.append(f"{where}: {power} against {target}, {result}: {why}")
    return [
        Result(
            AXIS_ATTACK,
            (LATER,),
            Verdict.VIOLATED if problems else Verdict.PROVED,
            "; ".join(problems)
            or f"no Vichy area, fleet or unit is left after any of {counted} Axis attacks at "
            f"{places} positions, each freed fleet with its rightful power, every unit "
            f"accounted for: {DOMAIN}",
            strength=Strength.EXHAUSTIVE,
            bounds={"position": (1, places), "Axis attack": (1, counted)},
            domain=DOMAIN,
            cases=counted,
        )
    ]
