"""Where a game of France as a special neutral stands: whose turn and which phase, the turn
order, whether France is liberated, each territory, the units in each sea zone, each French
ship, the invasions and the occupation declared this turn."""

from __future__ import annotations

import msgspec

from armistice.core.aa50.scenario import Aa50Scenario
from armistice.core.aa50.words import FRANCE, Fate, Kind, Phase
from armistice.core.prompts import Clock


class TerritoryState(msgspec.Struct, frozen=True):
    """A territory: its ``status`` (French, Free French, captured, liberated or not
    French), the power holding it (``controller``), the units standing there (one
    ``POWER:KIND`` each), whether a French control ``marker`` is on it (§4) and the part
    of the house rule that decided its status (``rule``: §3 after an occupation; empty:
    the part its status comes from)."""

    status: Fate
    controller: str
    units: tuple[str, ...] = ()
    marker: bool = False
    rule: str = ""


class ShipState(msgspec.Struct, frozen=True):
    """A French ship: its ``fate`` (french, captured, scuttled or sunk), the sea zone it is
    ``at``, the power that captured it (``by``), the die rolled for it (None when none was)
    and whether it is liberated France's own (``allied``: an Allied power's ship); a ship
    the United Kingdom took after an occupation joined Free France (``free_french``); the
    part of the house rule that decided its fate (``rule``: §3 after an occupation; empty:
    the part its fate comes from)."""

    fate: Fate
    at: str
    by: str = ""
    die: int | None = None
    allied: bool = False
    free_french: bool = False
    rule: str = ""


class Removal(msgspec.Struct, frozen=True):
    """A unit removed from play: the ``place`` it stood in, the ``unit`` (``POWER:KIND``)
    and the part of the house rule that removed it (``rule``: §2 when an invader takes a
    French territory or the French lose units in its battle, §3 after an occupation, §1 for
    a battle over any other territory or a retreat that finds nowhere to go)."""

    place: str
    unit: str
    rule: str


class Occupation(msgspec.Struct, frozen=True):
    """An occupation declared this turn (§3): the Axis ``power`` and the territories
    still French when it was declared."""

    power: str
    territories: tuple[str, ...]


class Aa50State(msgspec.Struct, frozen=True):
    """The game: the ``round``, the ``power`` whose turn it is and the ``phase``; the
    ``turn_order`` (France in it once liberated: ``france_active``); each territory, the
    units in each sea zone (``zones``), each French ship; the territories each Allied power
    invades this turn (``invasions``: power -> territories, until its non-combat move
    ends), the ``occupation`` declared this turn (until it is settled after combat), the Axis
    power whose occupation was settled this turn (``occupied``, until the turn ends), whether
    a unit has moved this phase
    (``moved``), the territories fought over this combat phase (``fought``), the number of ``actions`` taken (each action's prompts are keyed by it),
    the units removed from play (``removed``, each with the rule that removed it), the moves made (``moves``), who collects liberated France's
    income (``income_to``: empty before liberation), the round France was liberated
    (``liberated``: 0 while it is not) and the French units that joined Free France after
    an occupation (``free_french``: territory -> the British ``POWER:KIND`` units they
    became there)."""

    round: int
    power: str
    phase: Phase
    turn_order: tuple[str, ...]
    france_active: bool
    territories: dict[str, TerritoryState]
    zones: dict[str, tuple[str, ...]]
    ships: dict[str, ShipState]
    invasions: dict[str, tuple[str, ...]] = {}
    occupation: Occupation | None = None
    occupied: str = ""
    moved: bool = False
    fought: tuple[str, ...] = ()
    actions: int = 0
    removed: tuple[Removal, ...] = ()
    moves: tuple[str, ...] = ()
    income_to: str = ""
    liberated: int = 0
    free_french: dict[str, tuple[str, ...]] = {}

    def clock(self, label: str) -> Clock:
        """Where the game stands, the power whose turn it is read as ``label``."""
        return Clock(
            self.round,
            f"Round {self.round}, {label}",
            self.phase.value,
            self.phase.label,
            self.power,
        )


def _status(s: Aa50Scenario, key: str) -> Fate:
    place = s.places[key]
    if place.free_french:
        return Fate.FREE_FRENCH
    if place.control == FRANCE:
        return Fate.LIBERATED if s.france_active else Fate.FRENCH
    return Fate.CAPTURED if s.initially_french(key) else Fate.OTHER


def initial_state(s: Aa50Scenario) -> Aa50State:
    """The state as the scenario sets it, at the start of the turn of its ``starts`` power:
    a territory held by France is French (liberated if France already is), one marked
    Free French is British, an initially French one held by another power is captured; a
    ship captured at setup stands as its captor's unit in its sea zone, and a French ship
    of a liberated France as a France unit (a zone's ``units`` leave them out)."""
    territories = {
        k: TerritoryState(
            _status(s, k),
            s.places[k].control,
            s.places[k].units,
            marker=s.france_active and s.places[k].control == FRANCE,
        )
        for k in s.land
    }
    ships = {
        k: ShipState(sh.fate, sh.at, sh.by, allied=s.france_active and sh.fate is Fate.FRENCH)
        for k, sh in s.ships.items()
    }
    zones = {k: p.units for k, p in s.places.items() if p.kind is Kind.SEA}
    for key, ship in ships.items():
        if ship.fate is Fate.CAPTURED or ship.allied:
            power = ship.by or FRANCE
            zones[ship.at] = (*zones[ship.at], f"{power}:{s.ships[key].kind}")
    return Aa50State(
        round=s.round,
        power=s.first(),
        phase=Phase.START,
        turn_order=s.turn_order,
        france_active=s.france_active,
        territories=territories,
        zones=zones,
        ships=ships,
        income_to=FRANCE if s.france_active else "",
        liberated=s.round if s.france_active else 0,
    )
