"""Vichy France diplomatic-roll scenario files: where Vichy stands, its units, the board
facts the table's modifiers read, and who names Vichy.

The structs decode the TOML (types, unknown keys and negative factors are refused by
msgspec); the board's parts (turn, board facts, DPs, units, totals) are those of
:mod:`armistice.core.awaw.board`, shared with rule 58's hand-over; :func:`check` refuses what contradicts itself or the table's restrictions,
naming the field and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

import msgspec

from armistice.core.awaw.board import (
    COLONIES,
    COUNTED,
    RULE,
    Board,
    Diplomacy,
    Holder,
    Kind,
    Namer,
    Side,
    Totals,
    Turn,
    Unit,
)
from armistice.core.awaw.vichy import naming
from armistice.core.awaw.vichy.assumptions import AFTER_DEACTIVATION, YesNo
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import Alignment, HexControl, Policy
from armistice.core.awaw.words import Factors, Region
from armistice.core.errors import ScenarioError
from armistice.core.fields import about
from armistice.core.scenario import ScenarioBase

_Strict = {"frozen": True, "forbid_unknown_fields": True}

HOME = (Region.SOUTHERN_FRANCE, Region.CORSICA)
"""Vichy France itself (southern France) and Corsica."""


class VichyUnit(msgspec.Struct, **_Strict):
    """Vichy French units of one kind in one place (infantry are 2-3 infantry)."""

    name: Annotated[str, about("Name", "", "how the log and summary name these units")]
    kind: Annotated[Kind, about("Kind", RULE)]
    location: Annotated[Region, about("Where", "58.632")]
    factors: Annotated[Factors, about("Combat factors", "58.631")] = 0
    units: Annotated[int, msgspec.Meta(ge=1, le=99), about("Counters", RULE, unit="units")] = 1
    built: Annotated[
        bool, about("Built", RULE, "unbuilt air, armor and infantry units modify the roll")
    ] = True
    garrison: Annotated[
        bool,
        about(
            "Garrison",
            "58.632",
            "the 2-3 infantry that must hold Vichy city or a colonial capital",
        ),
    ] = False


class Colony(msgspec.Struct, **_Strict):
    """A Vichy colony: who holds its capital."""

    capital: Annotated[
        Holder,
        about(
            "Capital held by",
            RULE,
            "the Allies' capitals lower the roll; after a deactivation the holder controls it",
        ),
    ] = Holder.VICHY


class VichyScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A Vichy France diplomatic roll: what rule 58 left (the fall, the surrender level,
    Vichy's units and colonies), where Vichy stands after earlier rolls, and the board."""

    system: Annotated[Literal["awaw.vichy"], about("Rule system", "", "the Vichy table")]
    fell: Annotated[Turn, about("France fell", "58.1", "the turn of the French surrender")]
    turn: Annotated[Turn, about("Turn of the roll", RULE)]
    surrender_level: Annotated[
        int, msgspec.Meta(ge=-3, le=3), about("French surrender level", "58.22")
    ] = 0
    vichy_established: Annotated[bool, about("Vichy France established", "58.31")] = True
    named_by: Annotated[
        Namer, about("Named by", RULE, "who names Vichy France, unless the players choose again")
    ] = Namer.AXIS
    alignment: Annotated[
        Alignment, about("Alignment", RULE, "where earlier results or attacks left Vichy")
    ] = Alignment.NEUTRAL
    policy: Annotated[Policy, about("Policy in effect", RULE, "from an earlier result")] = (
        Policy.NONE
    )
    hex_control: Annotated[
        HexControl, about("Vichy hexes controlled by", RULE, "Germany after an 8")
    ] = HexControl.VICHY
    colonies: Annotated[
        dict[Region, Colony], about("Vichy colonies", "58.53", "by colony", keys=Region)
    ] = msgspec.field(default_factory=dict)
    attacked_by_western_allies: Annotated[
        tuple[Region, ...],
        about(
            "Attacked by the Western Allies",
            RULE,
            "Vichy places whose factors no longer count: southern France, Corsica or a colony",
        ),
    ] = ()
    vichy_units: Annotated[tuple[VichyUnit, ...], about("Vichy units", "58.63")] = ()
    units: Annotated[tuple[Unit, ...], about("Axis and Allied units in Vichy territory", RULE)] = ()
    factor_totals: Annotated[
        Totals | None, about("Factor totals", RULE, "typed totals instead of counting units")
    ] = None
    board: Annotated[Board, about("Board", RULE)] = Board()
    diplomacy: Annotated[Diplomacy, about("Diplomatic points", RULE)] = Diplomacy()

    @property
    def territory(self) -> tuple[Region, ...]:
        """Vichy France, Corsica and the Vichy colonies."""
        return (*HOME, *(c for c in COLONIES if c in self.colonies))


def check(
    s: VichyScenario,
    source: str,
    _t: Tables | None = None,
    readings: Mapping[str, str] | None = None,
) -> None:
    """Refuse a scenario that contradicts itself or names an established Vichy against the
    table's restrictions (77), those that depend on a reading under ``readings``, the game's
    assumption values (None: left out), when the reading lets another power name it. A Vichy
    never established, or one a reading lets nobody name (a deactivated one), is left to its
    roll, which notes that nobody names it. Raises ScenarioError(source, field, reason)."""

    def fail(field: str, reason: str) -> None:
        raise ScenarioError(source, field, reason)

    if s.turn.index < s.fell.index:
        fail("turn", f"{s.turn.name} is before France fell ({s.fell.name})")
    if not s.vichy_established:
        if s.alignment is not Alignment.NEUTRAL or s.policy is not Policy.NONE:
            fail("alignment", "Vichy France was not established (58.31): it has no alignment")
        if s.vichy_units:
            fail("vichy_units", "Vichy France was not established (58.31): it has no units")
        if s.colonies:
            fail("colonies", "Vichy France was not established (58.31): it has no colonies")
    revived = readings is None or AFTER_DEACTIVATION.read(readings) is YesNo.YES
    _check_standing(s, fail, revived)
    for name in s.colonies:
        if name not in COLONIES:
            fail(f"colonies.{name}", f"not a French colony; one of: {', '.join(COLONIES)}")
    for i, place in enumerate(s.attacked_by_western_allies):
        if place not in s.territory:
            fail(f"attacked_by_western_allies[{i}]", f"{place} is not Vichy territory")
    for i, unit in enumerate(s.units):
        if unit.location not in s.territory:
            fail(f"units[{i}].location", f"{unit.location} is not Vichy territory")
        if unit.since_establishment and unit.side is not Side.AXIS:
            fail(f"units[{i}].since_establishment", "58.42 concerns Axis forces only")
    for i, vunit in enumerate(s.vichy_units):
        if vunit.location not in s.territory:
            fail(f"vichy_units[{i}].location", f"{vunit.location} is not Vichy territory")
        if vunit.garrison and (vunit.kind is not Kind.INFANTRY or not vunit.built):
            fail(f"vichy_units[{i}].garrison", "a garrison is a built 2-3 infantry (58.632)")
        if vunit.kind not in (*COUNTED, Kind.NAVAL):
            fail(f"vichy_units[{i}].kind", "not a Vichy unit kind")
    refused = naming.refusals(s, None)[s.named_by]
    under = naming.refusals(s, readings)
    if not refused and not all(under.values()):
        refused = under[s.named_by]
    if refused and s.vichy_established:
        fail("named_by", f"{s.named_by.label} may not name Vichy France now: {refused}")


def _check_standing(s: VichyScenario, fail: naming.Fail, revived: bool) -> None:
    """The alignment, policy and hex control agree with each other (the Allies may keep
    the hexes of a Vichy France named again after a deactivation, when ``revived``)."""
    by_policy = {
        Policy.ALLIED_ALLY: Alignment.ALLIED_ALLY,
        Policy.ALLIED_ASSOCIATED: Alignment.ALLIED_ASSOCIATED,
        Policy.AXIS_ASSOCIATED: Alignment.AXIS_ASSOCIATED,
        Policy.AXIS_ALLY: Alignment.AXIS_ALLY,
    }
    wanted = by_policy.get(s.policy)
    if wanted is not None and s.alignment is not wanted:
        fail("alignment", f"a {s.policy.value} policy makes Vichy an {wanted.label}")
    if s.alignment in (Alignment.AXIS_ALLY, Alignment.ALLIED_ALLY) and wanted is None:
        row = "10" if s.alignment is Alignment.AXIS_ALLY else "-3"
        fail("policy", f"an {s.alignment.label} follows a {row} result; set policy {row}")
    if s.alignment is Alignment.DEACTIVATED and s.policy is not Policy.NONE:
        fail("policy", "a deactivated Vichy France has no policy in effect")
    if s.alignment is Alignment.DEACTIVATED and s.vichy_units:
        fail("vichy_units", "a deactivation removes every Vichy unit from play")
    pro_axis = (
        Policy.LEAN,
        Policy.BRPS,
        Policy.GERMAN_HEXES,
        Policy.AXIS_ASSOCIATED,
        Policy.AXIS_ALLY,
    )
    if s.hex_control is HexControl.AXIS and s.policy not in pro_axis:
        fail("hex_control", "Germany holds the Vichy hexes only while an 8's policy goes on")
    if s.policy is Policy.GERMAN_HEXES and s.hex_control is not HexControl.AXIS:
        fail("hex_control", "an 8's policy in effect gives Germany the Vichy hexes")
    allied = s.hex_control is HexControl.ALLIED
    if allied and s.alignment is not Alignment.DEACTIVATED and not revived:
        fail("hex_control", "the Allies control the Vichy hexes only after a -1 result")
