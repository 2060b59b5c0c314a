"""What 5.5 has decided so far: the IPCs, each French fleet and each French area."""

from __future__ import annotations

import msgspec

from armistice.core.sides import Alignment
from armistice.core.waw.scenario import WawScenario
from armistice.core.waw.words import AreaSide, FleetFate, Phase

VICHY_TROOPS = "vichy"
"""The owner written for units that turned Vichy: they belong to no power."""


class FleetState(msgspec.Struct, frozen=True):
    """A French fleet: its ``fate``, the sea area it is ``at``, the ``die`` rolled for it
    (None when it was not rolled), the power that ``rolled`` it, the power that now holds
    its pieces (``owner``: empty once scuttled, ``vichy`` while Vichy), its ``ships`` (none
    once scuttled; every one goes with the fleet) and, for a Vichy fleet, the French area it
    was sent to (``sent_to``)."""

    fate: FleetFate
    at: str
    die: int | None = None
    rolled: str = ""
    owner: str = "france"
    ships: tuple[str, ...] = ()
    sent_to: str = ""


class AreaState(msgspec.Struct, frozen=True):
    """A French area: its ``side``, the ``die`` the British player rolled for it (None when
    it was not rolled), the power whose control ``marker`` is on it, the power whose income
    it counts in (``income_to``) and the units standing there (power -> kinds; Vichy troops
    under ``vichy``)."""

    side: AreaSide
    income_to: str
    die: int | None = None
    marker: str = ""
    units: dict[str, tuple[str, ...]] = {}


class WawState(msgspec.Struct, frozen=True):
    """Where the fall of France stands: the ``turn`` and ``phase``, each power's IPCs on the
    income chart (``ipc``) and in hand (``bank``), the IPCs France paid the conqueror
    (``paid``), each fleet, each French area, and the units interned by a Vichy area
    (``interned``: ``area: power kind``)."""

    turn: int
    phase: Phase
    ipc: dict[str, int]
    bank: dict[str, int]
    fleets: dict[str, FleetState]
    areas: dict[str, AreaState]
    paid: int = 0
    interned: tuple[str, ...] = ()


def standing(s: WawScenario, area: str) -> dict[str, tuple[str, ...]]:
    """The units the scenario stands in ``area``: power -> one kind per unit."""
    found: dict[str, tuple[str, ...]] = {}
    for unit in s.areas[area].units:
        power, _, kind = unit.partition(":")
        found[power] = (*found.get(power, ()), kind)
    return found


def initial_state(s: WawScenario) -> WawState:
    """The state as the scenario sets it, before France pays anything: every fleet French
    where it lies, every French area French (Axis where an Axis power holds it)."""
    return WawState(
        turn=s.turn,
        phase=Phase.TRANSFER,
        ipc=dict(s.income),
        bank=dict(s.bank),
        fleets={k: FleetState(FleetFate.FRENCH, f.at, ships=f.ships) for k, f in s.fleets.items()},
        areas={
            k: AreaState(
                AreaSide.AXIS if s.side(s.areas[k].control) is Alignment.AXIS else AreaSide.FRENCH,
                s.areas[k].control,
                units=standing(s, k),
            )
            for k in s.french_areas
        },
    )
