"""The state of a French surrender as rule 58 fixes it, step by step.

Fields are ``None`` or empty until the step that fixes them has run; the
final state is the whole outcome. Amounts are factors or units as named.
"""

from __future__ import annotations

import msgspec

from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Force, Forces
from armistice.core.awaw.words import ColonyStatus, FrenchSide, Holder, Major, Region, UnitFate


class Modifier(msgspec.Struct, frozen=True):
    """One modifier of the surrender level: ``rule`` (58.21A..F), ``label``,
    ``value`` and ``basis`` (the facts it was counted from)."""

    rule: str
    label: str
    value: int
    basis: str = ""


class SurrenderLevel(msgspec.Struct, frozen=True):
    """58.2: the level (``value``, within +/-3), the ``raw`` sum before 58.22, and its modifiers."""

    value: int
    raw: int
    modifiers: tuple[Modifier, ...]
    voluntary: bool = False


class ColonyRoll(msgspec.Struct, frozen=True):
    """58.531: one colonial die and how it was modified; ``result`` is the status it gave.
    ``die`` and ``modified`` are None when no die was rolled because every face gives the
    same result."""

    group: str
    name: str
    colonies: tuple[str, ...]
    die: int | None
    surrender_level: int
    vichy_bonus: int
    modified: int | None
    result: ColonyStatus


class Fate(msgspec.Struct, frozen=True):
    """What rule 58 does to ``units[index]`` of the scenario (called ``unit``): its ``fate``,
    the ``rule`` that does it and a ``note`` in our words."""

    index: int
    unit: str
    fate: UnitFate
    rule: str
    note: str = ""


class Fleet(msgspec.Struct, frozen=True):
    """58.64: every French naval unit's share, by fleet id: units for named ships
    and cruisers, factors for destroyers. ``lost`` is each side's shortfall
    against its table level (58.643), by force field."""

    free_french: dict[str, int]
    vichy: dict[str, int]
    removed: dict[str, int]
    lost: dict[FrenchSide, dict[Force, int]]


class KeyAreaHolding(msgspec.Struct, frozen=True):
    """58.71: a key economic area, its BRPs and who holds it after the surrender."""

    name: str
    brp: int
    holder: Holder


class Brp(msgspec.Struct, frozen=True):
    """58.7 and 58.31: the BRPs the surrender moves, in BRPs.

    ``conquest_value`` goes to ``receiver`` at each later YSS while it holds a
    city in France, and ``received_next_turn`` (prorated) at the start of its
    next player turn. ``vichy_value`` is Vichy France's worth when
    established; otherwise ``axis_instead_of_vichy`` goes to the Axis.
    ``britain_from_colonies`` is the prorated worth of colonies the die made
    Free French.
    """

    conquest_value: int
    receiver: Major
    received_next_turn: int
    vichy_value: int | None
    axis_instead_of_vichy: int
    britain_from_colonies: int
    key_areas: dict[str, KeyAreaHolding]


class FallOfFrance(msgspec.Struct, frozen=True):
    """The state of rule 58: filled in as the procedure runs.

    ``colonies`` maps colony id to status; ``forces`` and ``force_levels``
    map each French side to what it got and what its table allows;
    ``fleet_available`` counts the French ships that could serve either side
    (all but those building on row 3 or higher, 58.621); ``hexes`` maps France's
    regions to who holds their formerly French hexes, and ``holders`` every
    region, colonies included, once the colonial dice are rolled.
    """

    surrender_level: SurrenderLevel | None = None
    vichy_established: bool | None = None
    hexes: dict[Region, Holder] = {}
    minors: dict[str, Holder] = {}
    colony_rolls: tuple[ColonyRoll, ...] = ()
    colonies: dict[str, ColonyStatus] = {}
    holders: dict[Region, Holder] = {}
    conquests: dict[str, Holder] = {}
    units: tuple[Fate, ...] = ()
    force_levels: dict[FrenchSide, Forces] = {}
    fleet_available: Forces | None = None
    forces: dict[FrenchSide, Forces] = {}
    vichy_garrisons: tuple[str, ...] = ()
    fleet: Fleet | None = None
    brp: Brp | None = None

    def against_levels(self) -> list[tuple[Force, dict[FrenchSide, tuple[int | None, int]]]]:
        """For each force field (58.612 order): each side's ``(got, table level)``; ``got`` is
        None until the fleet is divided. Empty until the levels are known."""
        if not self.force_levels:
            return []
        return [
            (
                field,
                {
                    side: (
                        getattr(self.forces[side], field) if self.forces else None,
                        getattr(self.force_levels[side], field),
                    )
                    for side in FrenchSide
                },
            )
            for field in FORCE_FIELDS
        ]
