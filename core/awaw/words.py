"""How rule 58's things read in the log and in prompts (our own words)."""

from __future__ import annotations

from functools import lru_cache

from core.awaw.model import FORCE_FIELDS, ColonyStatus, Condition, Control, Forces, ShipKind
from core.awaw.scenario import AwawScenario, Ship

STATUS = {
    ColonyStatus.FREE_FRENCH: "Free French",
    ColonyStatus.VICHY: "Vichy",
    ColonyStatus.AXIS: "Axis",
    ColonyStatus.INDEPENDENT: "independent",
}
SIDE = {"free_french": "Free French", "vichy": "Vichy"}
SHIPS = {
    ShipKind.NAMED: "named ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyer factors",
}
FORCE = {
    "infantry_factors": "infantry",
    "armor_units": "3-5 armor",
    "air_factors": "air",
    "named_ships": "named ships",
    "cruisers": "cruisers",
    "destroyer_factors": "destroyers",
}


_ONE = {
    ShipKind.NAMED: "named ship",
    ShipKind.CRUISER: "cruiser",
    ShipKind.DESTROYER: "destroyer factor",
}


def count(n: int, kind: ShipKind) -> str:
    """``1 cruiser``, ``2 named ships``, ``5 destroyer factors``."""
    return f"{n} {_ONE[kind] if n == 1 else SHIPS[kind]}"


def factors(n: int) -> str:
    """``1 factor``, ``3 factors``."""
    return f"{n} factor{'s' if n != 1 else ''}"


FORCE_TITLES = {
    "infantry_factors": "Infantry (factors)",
    "armor_units": "3-5 armor (units)",
    "air_factors": "Army air (factors)",
    "named_ships": "Named ships (units)",
    "cruisers": "Cruisers (units)",
    "destroyer_factors": "Destroyers (factors)",
}


def shares(fleet: tuple[Ship, ...], taken: dict[str, int]) -> str:
    """French ships by name, destroyers with their factors: ``Richelieu, Toulon (3 factors)``."""
    by_id = {ship.id: ship for ship in fleet}
    parts = [
        by_id[i].name + (f" ({factors(n)})" if by_id[i].kind is ShipKind.DESTROYER else "")
        for i, n in taken.items()
    ]
    return ", ".join(parts) or "none"


def holder(control: Control) -> str:
    """Who holds a city, as a phrase."""
    return "held by the Axis" if control is Control.AXIS else "held by France"


def turn(s: AwawScenario) -> str:
    """The turn of surrender: ``Fall 1940``."""
    return f"{s.surrender.season.title()} {s.surrender.year}"


def forces(f: Forces) -> str:
    """A force level as a list of what it holds, or ``none``."""
    parts = [f"{getattr(f, n)} {FORCE[n]}" for n in FORCE_FIELDS if getattr(f, n)]
    return ", ".join(parts) or "none"


def where(ship: Ship) -> str:
    """A ship's port, or its region when the scenario names no port."""
    return ship.port or ship.region.value.replace("_", " ")


@lru_cache(maxsize=4096)
def ship(ship: Ship) -> str:
    """A ship with its size, state and port: ``Richelieu (8 factors, launch, Casablanca)``."""
    state = "" if ship.condition is Condition.READY else f", {ship.condition.value}"
    kind = " destroyer" if ship.kind is ShipKind.DESTROYER else ""
    return f"{ship.name}{kind} ({factors(ship.factors)}{state}, {where(ship)})"
