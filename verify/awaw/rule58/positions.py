"""Positions for the exhaustive checks: rule-58 scenarios built from a step's inputs, so every
case checked is a scenario a player could load, and the answers that lead a resolution of it
to those inputs.

A position's surrender level is set through its Axis or Allied DPs (58.21E), computed from
the rule text (:mod:`armistice.verify.awaw.rule58.spec`), never from the engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping

from armistice.core.awaw.rule58.assumptions import FleetDiscount, YesNo
from armistice.core.awaw.rule58.scenario import (
    AwawScenario,
    Colony,
    Diplomacy,
    Ship,
    Surrender,
    Territory,
    Unit,
)
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import (
    ColonyControl,
    Condition,
    Control,
    Region,
    Season,
    ShipKind,
    turn_index,
)
from armistice.core.prompts import AnswerValue
from armistice.verify.awaw.rule58 import spec

Answers = tuple[tuple[str, AnswerValue], ...]
"""Prompt key -> answer, in the order a resolution asks them."""

Mode = str
"""How France falls for a position: ``vichy`` (the Axis may set up Vichy France and do),
``no_vichy`` (they may and do not) or ``us_at_war`` (they may not, 58.31)."""
MODES: tuple[Mode, ...] = ("vichy", "no_vichy", "us_at_war")


def established(mode: Mode) -> bool:
    """Whether Vichy France is established in ``mode``."""
    return mode == "vichy"


def base_level(
    units: Iterable[Unit],
    ships: Iterable[Ship],
    discount: FleetDiscount,
    corsica: YesNo,
    n: spec.Numbers = spec.BOOK,
    season: Season = Season.SUMMER,
    cities: tuple[bool, bool] = (False, False),
) -> int:
    """58.21's raw sum for a position before DPs, with the numbers ``n``: Paris held by the
    Axis (+2 in the book), Lyon and Marseilles when ``cities`` says the Axis hold them (+1
    each), the ``season`` of 1940 (Summer: 0), the French ground factors in France (58.21B)
    and the fleet (58.21C), as the rule reads."""
    ground = spec.ground_count(units, corsica is YesNo.YES)
    counted = spec.fleet_count(ships, discount is FleetDiscount.PER_SHIP)
    lyon, marseilles = cities
    return (
        n.paris
        + (n.lyon if lyon else 0)
        + (n.marseilles if marseilles else 0)
        + spec.turn_modifier(turn_index(season, 1940), n)
        - ground // n.ground_step
        + int(spec.fleet_band(counted, n))
    )


def position(
    t: Tables,
    *,
    at: int,
    mode: Mode = "vichy",
    controls: Mapping[str, str] | None = None,
    units: tuple[Unit, ...] = (),
    ships: tuple[Ship, ...] = (),
    discount: FleetDiscount = FleetDiscount.POOLED,
    corsica: YesNo = YesNo.NO,
    name: str = "exhaustive",
    season: Season = Season.SUMMER,
    cities: tuple[bool, bool] = (False, False),
) -> AwawScenario:
    """A scenario at surrender level ``at`` (-3..3) in ``mode``, each colony held as
    ``controls`` says (colony id -> ``french``, ``axis`` or ``british``; French by default),
    with ``units`` and ``ships``, falling in ``season`` 1940 with Paris and the cities
    ``cities`` says (Lyon, Marseilles) held by the Axis; the level is read with the
    ``discount`` and ``corsica`` readings of 58.21B-C and the numbers ``t`` sets. Each
    colony is worth 5 BRPs."""
    n = spec.house(t)
    net = at - base_level(units, ships, discount, corsica, n, season, cities)
    held = controls or {}
    return AwawScenario(
        system="awaw.58",
        name=name,
        title=f"Surrender level {at:+d}",
        surrender=Surrender(season=season, year=1940, us_at_war_with_germany=mode == "us_at_war"),
        territory=Territory(
            paris=Control.AXIS,
            lyon=Control.AXIS if cities[0] else Control.FRENCH,
            marseilles=Control.AXIS if cities[1] else Control.FRENCH,
        ),
        diplomacy=Diplomacy(axis_dps=max(net, 0), allied_dps=max(-net, 0)),
        colonies={
            c: Colony(brp=5, control=ColonyControl(held.get(c, "french"))) for c in t.colonies
        },
        units=units,
        fleet=ships,
    )


def reachable(status: str, at: int, vichy: bool, n: spec.Numbers = spec.BOOK) -> bool:
    """Whether a colony can end in ``status`` at level ``at`` under the numbers ``n``: Axis
    and Free French by who holds it (58.533, 58.534), Vichy only with Vichy established and
    independent only without (58.532A), each by some face of the die (58.531)."""
    if status in ("axis", "free_french"):
        return True
    if (status == "vichy") != vichy:
        return False
    return any(spec.colony_outcome("french", d, at, vichy, n) == status for d in range(1, 7))


def status_cases(t: Tables, mode: Mode, at: int) -> Iterator[dict[str, str]]:
    """Every status a resolution in ``mode`` at level ``at`` under tables ``t`` can give each
    die group, the colonies of a group sharing it (58.531): colony id -> status."""
    vichy, n = established(mode), spec.house(t)
    options = [
        x for x in ("free_french", "vichy", "axis", "independent") if reachable(x, at, vichy, n)
    ]
    for picked in itertools.product(options, repeat=len(t.groups)):
        by_group = dict(zip(t.groups, picked, strict=True))
        yield {c: by_group[info.group] for c, info in t.colonies.items()}


def dice_for(
    t: Tables, statuses: Mapping[str, str], at: int, vichy: bool
) -> tuple[dict[str, str], dict[str, int]]:
    """Colony controls and the colonial dice (group id -> face) that give ``statuses``
    (colony id -> status; each group's rolled colonies sharing theirs) at level ``at``:
    Axis-held for ``axis``, British-held for ``free_french``, French and the smallest face
    that gives the status otherwise (under the numbers ``t`` sets). Raises ValueError for a
    status no face gives."""
    n = spec.house(t)
    controls: dict[str, str] = {}
    dice: dict[str, int] = {}
    for c, status in statuses.items():
        if status == "axis":
            controls[c] = "axis"
        elif status == "free_french":
            controls[c] = "british"
        else:
            controls[c] = "french"
            faces = [
                d for d in range(1, 7) if spec.colony_outcome("french", d, at, vichy, n) == status
            ]
            if not faces:
                raise ValueError(f"no colonial die gives {c} {status} at level {at:+d}")
            dice[t.colonies[c].group] = faces[0]
    return controls, dice


def before(mode: Mode, dice: Mapping[str, int]) -> Answers:
    """The answers a resolution needs before the units and the fleet: the Vichy decision
    (none when the U.S. is at war) and the colonial dice (group id -> face)."""
    vichy = (
        () if mode == "us_at_war" else (("establish_vichy", "yes" if mode == "vichy" else "no"),)
    )
    return (*vichy, *((f"colony_roll.{g}", d) for g, d in dice.items()))


def ship(kind: ShipKind, factors: int, region: str, condition: str, ident: str) -> Ship:
    """A French ship (or destroyer group) of ``factors`` in ``region``'s port."""
    return Ship(
        kind=kind,
        factors=factors,
        region=Region(region),
        id=ident,
        name=f"{kind.one} {ident}",
        condition=Condition(condition),
        port=region,
    )
