"""How rule 58's things read in the log, prompts and summaries (our own words)."""

from __future__ import annotations

from functools import lru_cache

from armistice.core.awaw.rule58.scenario import AwawScenario, Ship
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Force, Forces
from armistice.core.awaw.words import Condition, ShipKind, turn_name
from armistice.core.words import counted


def factors(n: int) -> str:
    """``1 factor``, ``3 factors``."""
    return counted(n, "factor")


NOUNS = {
    Force.INFANTRY: ("infantry factor", ""),
    Force.ARMOR: ("3-5 armor unit", ""),
    Force.AIR: ("army air factor", ""),
    Force.NAMED_SHIPS: ("named ship", ""),
    Force.CRUISERS: ("cruiser", ""),
    Force.DESTROYERS: ("destroyer factor", ""),
}
"""Each force column's noun, singular (and plural where adding s is wrong)."""


def amount(n: int, force: Force) -> str:
    """``n`` of a force column: ``6 infantry factors``, ``1 cruiser``, ``1 destroyer factor``."""
    return counted(n, *NOUNS[force])


def shares(fleet: tuple[Ship, ...], taken: dict[str, int]) -> str:
    """French ships by name, destroyers with their factors, ships alike counted once with how
    many: ``Richelieu, Toulon (3 factors), Cruiser at Oran x2``."""
    by_id = {ship.id: ship for ship in fleet}
    amounts: dict[tuple[str, bool], int] = {}
    for i, n in taken.items():
        key = (by_id[i].name, by_id[i].kind is ShipKind.DESTROYER)
        amounts[key] = amounts.get(key, 0) + (n if key[1] else 1)
    parts = [
        f"{name} ({factors(n)})" if destroyers else name + (f" x{n}" if n > 1 else "")
        for (name, destroyers), n in amounts.items()
    ]
    return ", ".join(parts) or "none"


def turn(s: AwawScenario) -> str:
    """The turn of surrender: ``Fall 1940``."""
    return turn_name(s.turn)


def shortfall(short: dict[Force, int]) -> str:
    """What a side's fleet falls short of its level by: ``1 cruiser, 2 destroyer factors``."""
    return ", ".join(amount(n, f) for f, n in short.items())


def forces(f: Forces) -> str:
    """A force level as a list of what it holds, or ``none``."""
    parts = [amount(getattr(f, n), n) for n in FORCE_FIELDS if getattr(f, n)]
    return ", ".join(parts) or "none"


def where(ship: Ship) -> str:
    """A ship's port, or its region when the scenario names no port."""
    return ship.port or ship.region.label


@lru_cache(maxsize=4096)
def ship(ship: Ship) -> str:
    """A ship with its size, state and port: ``Richelieu (8 factors, launch, Casablanca)``."""
    state = "" if ship.condition is Condition.READY else f", {ship.condition.label}"
    kind = " destroyer" if ship.kind is ShipKind.DESTROYER else ""
    return f"{ship.name}{kind} ({factors(ship.factors)}{state}, {where(ship)})"


def rolls(low: int | None, high: int | None) -> str:
    """A band of modified colonial rolls (58.531) as a player reads it: ``3 or less``,
    ``4 or more``, ``4 to 6``, ``5``, ``any roll``, or ``no roll`` for an empty row (its
    low end above its high end)."""
    if low is None:
        return "any roll" if high is None else f"{high} or less"
    if high is None:
        return f"{low} or more"
    if low > high:
        return "no roll"
    return str(low) if low == high else f"{low} to {high}"


def turns(low: int | None, high: int | None) -> str:
    """A band of turns (58.21D, seasons after Spring 1940) as a player reads it: ``in Spring
    1940 or before``, ``from Winter 1940``, ``in Summer 1940``, ``from Fall 1940 to Winter
    1941``, ``in every turn``, or ``in no turn`` for an empty row (its low end after its high
    end)."""
    if low is None:
        return "in every turn" if high is None else f"in {turn_name(high)} or before"
    if high is None:
        return f"from {turn_name(low)}"
    if low > high:
        return "in no turn"
    if low == high:
        return f"in {turn_name(low)}"
    return f"from {turn_name(low)} to {turn_name(high)}"
