"""What a result row does to Vichy France: the policy in effect (continued, negated or
replaced), its alignment, the Vichy hexes, BRPs, volunteers against Russia (58.632), and
its units and colonies."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from armistice.core.awaw.board import RULE, Holder, Kind, Side
from armistice.core.awaw.vichy.assumptions import (
    ASTERISK,
    AXIS_HELD,
    SIX,
    STRENGTH,
    Asterisk,
    AxisHeld,
    Strength,
)
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import Standing
from armistice.core.awaw.vichy.tables import Row, Tables
from armistice.core.awaw.vichy.words import (
    Alignment,
    ColonyFate,
    ColonyRule,
    Direction,
    Effect,
    HexControl,
    Policy,
    UnitFate,
)
from armistice.core.awaw.words import Region
from armistice.core.ledger import LogEntry
from armistice.core.words import counted

LEANING = {Side.AXIS: Direction.AXIS, Side.ALLIES: Direction.ALLIED}
"""The direction of policy that leans to each side."""


class Change(msgspec.Struct, frozen=True):
    """What one result does: the ``standing`` after it, the ``brps`` paid to the Axis, each
    Vichy unit's and colony's fate, and the log lines that say so."""

    standing: Standing
    brps: int
    units: dict[int, UnitFate]
    colonies: dict[str, ColonyFate]
    log: tuple[LogEntry, ...]


def effective(row: Row, before: Alignment, readings: Mapping[str, str]) -> Effect:
    """The row's effect as played: a deactivation row leaves a Vichy aligned with a side as
    it is (reads as policies continuing) when awaw.vichy.deactivation_asterisk says so."""
    if (
        row.effect is Effect.DEACTIVATE
        and before.side is not None
        and ASTERISK.read(readings) is Asterisk.NOT_WHEN_ALIGNED
    ):
        return Effect.CONTINUE
    return row.effect


def negated(row: Row, effect: Effect, t: Tables) -> Direction:
    """The direction of policy a row negates: pro-Axis for 1-2, pro-Allied for 5-6, the
    opposite of its own for a row that sets a policy; none otherwise."""
    if effect is Effect.CONTINUE_ALLIED:
        return Direction.AXIS
    if effect is Effect.CONTINUE_AXIS:
        return Direction.ALLIED
    if effect is Effect.SET:
        own = t.policies[row.policy].direction
        return Direction.AXIS if own is Direction.ALLIED else Direction.ALLIED
    return Direction.NONE


def next_policy(before: Policy, row: Row, effect: Effect, t: Tables, stronger: bool) -> Policy:
    """The policy in effect after ``row`` (played as ``effect``) when ``before`` was: kept when
    the row continues it, none when negated or deactivated, the row's own when it sets one
    (unless, with ``stronger`` (awaw.vichy.policy_strength), a stronger one of the same
    direction is in effect)."""
    was = t.policies[before]
    if effect is Effect.DEACTIVATE:
        return Policy.NONE
    if effect is Effect.CONTINUE:
        return before
    if was.direction is negated(row, effect, t):
        was = t.policies[Policy.NONE]
        before = Policy.NONE
    if effect is Effect.CONTINUE_ALLIED:
        return before
    new = t.policies[row.policy]
    if effect is Effect.CONTINUE_AXIS:
        return before if was.direction is Direction.AXIS else row.policy
    if was.direction is new.direction and was.rank > new.rank and stronger:
        return before
    return row.policy


def eligible_volunteers(s: VichyScenario, policy: Policy, aligned: bool) -> int:
    """Built Vichy 2-3 infantry units free to go east under 58.632: a garrison of Vichy city
    or a colonial capital stays until Vichy associates or allies with a side (``aligned``),
    except that colonial garrisons may go after a 5-6, 7 or 8 policy."""
    colonial = policy in (Policy.LEAN, Policy.BRPS, Policy.GERMAN_HEXES)
    n = 0
    for unit in s.vichy_units:
        if unit.kind is not Kind.INFANTRY or not unit.built:
            continue
        home = unit.location is Region.SOUTHERN_FRANCE
        if not unit.garrison or aligned or (colonial and not home):
            n += unit.units
    return n


def volunteers(
    s: VichyScenario, policy: Policy, alignment: Alignment, t: Tables
) -> tuple[int | None, str]:
    """2-3 infantry units that may fight against Russia, and why: the policy's number, none
    unless Germany is at war with Russia, at most those 58.632 frees; None for an Axis minor
    ally, whose units fight as Axis units rather than as volunteers; none for an Allied minor
    ally or a deactivated Vichy France, which has no units to send."""
    if alignment is Alignment.AXIS_ALLY:
        return None, ""
    if alignment in (Alignment.ALLIED_ALLY, Alignment.DEACTIVATED):
        return 0, ""
    allowed = t.policies[policy].volunteers
    if not allowed:
        return 0, ""
    if not s.board.germany_at_war_with_russia:
        return 0, f"{counted(allowed, 'unit')} once Germany is at war with Russia"
    aligned = alignment.side is not None
    free = eligible_volunteers(s, policy, aligned)
    duty = (
        "association ends the garrison duty of 58.632, so every 2-3 infantry may go"
        if aligned
        else "58.632: Vichy city's garrison stays; colonial garrisons may go after a 5-6, 7 or 8"
    )
    return min(allowed, free), f"{counted(allowed, 'unit')} allowed, {free} free to go; {duty}"


def apply(
    s: VichyScenario, before: Standing, row: Row, t: Tables, readings: Mapping[str, str]
) -> Change:
    """Everything result ``row`` does to Vichy France standing ``before`` in scenario ``s``."""
    log: list[LogEntry] = []
    effect = effective(row, before.alignment, readings)
    if effect is not row.effect:
        log.append(
            LogEntry(
                RULE,
                f"A {row.id} leaves a Vichy {before.alignment.label} as it is",
                ASTERISK.cite(Asterisk.NOT_WHEN_ALIGNED),
            )
        )
    stronger = STRENGTH.read(readings) is Strength.STRONGER
    policy = next_policy(before.policy, row, effect, t, stronger)
    was = t.policies[before.policy]
    lost = negated(row, effect, t)
    if was.direction is lost and lost is not Direction.NONE:
        log.append(LogEntry(RULE, f"The {before.policy.value} policy is negated"))
    elif policy is before.policy and before.policy is not Policy.NONE:
        log.append(LogEntry(RULE, f"The {before.policy.value} policy continues"))
    if effect is Effect.DEACTIVATE:
        alignment = Alignment.DEACTIVATED
    else:
        alignment = t.policies[policy].alignment
        by_attack = before.alignment is not was.alignment
        side = before.alignment.side
        kept = side is not None and LEANING[side] is not lost
        if alignment is Alignment.NEUTRAL and by_attack and kept:
            alignment = before.alignment
    if effect is Effect.DEACTIVATE:
        assert row.hex_control is not None
        hexes = row.hex_control
    elif was.direction is lost and lost is Direction.AXIS:
        hexes = HexControl.VICHY
    elif effect is not Effect.CONTINUE and row.hex_control is not None:
        hexes = row.hex_control
    else:
        hexes = before.hex_control
    count, why = volunteers(s, policy, alignment, t)
    if why:
        log.append(LogEntry("58.632", f"Volunteers against Russia: {why}"))
    if row.id == Policy.GERMAN_HEXES.value:
        log.append(
            LogEntry(
                RULE,
                "The 8 row's volunteers go east under the 5-6 row's conditions",
                SIX.cite(SIX.read(readings)),
            )
        )
    if t.policies[policy].lean and effect is not Effect.DEACTIVATE:
        log.append(
            LogEntry(
                RULE,
                "Vichy leans to the Axis: it may reinforce Lebanon-Syria; a volunteer unit lost "
                "may be rebuilt but goes east again only after another roll",
            )
        )
    rule = ColonyRule.NONE if effect is not row.effect else row.colonies
    units, colonies = fates(s, rule, deactivated=effect is Effect.DEACTIVATE)
    if rule is ColonyRule.FREE_FRENCH and AXIS_HELD.read(readings) is AxisHeld.TO_THE_AXIS:
        log += axis_held(s, units, colonies, AXIS_HELD.cite(readings[AXIS_HELD.key]))
    brps = 0 if effect is not row.effect else row.brps
    if brps:
        log.append(LogEntry(RULE, f"Vichy France pays the Axis {brps} BRPs"))
    log.append(LogEntry(RULE, _said(alignment, policy, hexes)))
    standing = Standing(alignment, policy, hexes, count)
    return Change(standing, brps, units, colonies, tuple(log))


def _said(alignment: Alignment, policy: Policy, hexes: HexControl) -> str:
    return (
        f"Vichy France is now {alignment.label}; policy in effect: {policy.label}; "
        f"its hexes are held by {hexes.label}"
    )


def axis_held(
    s: VichyScenario, units: dict[int, UnitFate], colonies: dict[str, ColonyFate], cited: str
) -> list[LogEntry]:
    """Under awaw.vichy.axis_held_colonies=to_the_axis, give each Vichy colony whose capital
    the Axis holds to the Axis instead of the Free French, its Vichy forces staying Vichy
    (``units`` and ``colonies`` changed in place); the log lines that say so."""
    log = []
    for name, colony in s.colonies.items():
        if colony.capital is not Holder.AXIS:
            continue
        colonies[name.value] = ColonyFate.AXIS
        for i, unit in enumerate(s.vichy_units):
            if unit.location is name:
                units[i] = UnitFate.VICHY
        said = f"{name.label}: its capital is held by the Axis; it passes to the Axis, not to "
        log.append(LogEntry(RULE, said + "the Free French", cited))
    return log


def fates(
    s: VichyScenario, rule: ColonyRule, deactivated: bool = False
) -> tuple[dict[int, UnitFate], dict[str, ColonyFate]]:
    """Each Vichy unit's and colony's fate under a row's colony ``rule``: Free French
    colonies take their forces with them; ``capital_holder`` gives each colony to the side
    holding its capital, or to no one; otherwise every colony stays Vichy, whoever holds its
    capital (the table counts an Allied-held capital of a Vichy colony, -1). A deactivation
    (``deactivated``) removes every Vichy unit, whatever its row says of the colonies."""
    by_holder = {
        Holder.VICHY: ColonyFate.VICHY,
        Holder.AXIS: ColonyFate.AXIS,
        Holder.ALLIED: ColonyFate.ALLIED,
        Holder.NO_ONE: ColonyFate.NO_ONE,
    }
    units: dict[int, UnitFate] = {}
    colonies: dict[str, ColonyFate] = {}
    for i, unit in enumerate(s.vichy_units):
        if deactivated or rule is ColonyRule.CAPITAL_HOLDER:
            units[i] = UnitFate.REMOVED
        elif rule is ColonyRule.FREE_FRENCH and unit.location in s.colonies:
            units[i] = UnitFate.FREE_FRENCH
        else:
            units[i] = UnitFate.VICHY
    for name, colony in s.colonies.items():
        if rule is ColonyRule.FREE_FRENCH:
            colonies[name.value] = ColonyFate.FREE_FRENCH
        elif rule is ColonyRule.CAPITAL_HOLDER and colony.capital is Holder.VICHY:
            colonies[name.value] = ColonyFate.NO_ONE
        elif rule is ColonyRule.CAPITAL_HOLDER:
            colonies[name.value] = by_holder[colony.capital]
        else:
            colonies[name.value] = ColonyFate.VICHY
    return units, colonies
