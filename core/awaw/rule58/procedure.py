"""Rule 58 as a procedure: it runs the rules in order and asks for what it needs.

:func:`resolve` is a generator: it yields a prompt (the Vichy decision, a colonial
die, a choice of units or ships) and is sent the checked answer. The steps that need
no answer are pure functions, one module per rule section; this module applies their
effects in rule order and asks the questions between.
"""

from __future__ import annotations

from collections.abc import Generator

import msgspec

from armistice.core.awaw.rule58 import brp, colonies, fleet, forces, hexes, level
from armistice.core.awaw.rule58.assumptions import (
    AIR_NAVAL_IN_VICHY,
    CORSICA,
    FLEET_DISCOUNT,
    FROM_VICHY_COLONIES,
    LOW_BRP_BASE,
    PRORATION,
    SENIOR_PARTNER,
    SHIP_RANGE,
    SHIP_SOURCES,
    VICHY_BRPS_AFTER_US_ENTRY,
)
from armistice.core.awaw.rule58.effects import apply
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.rule58.vichy import establish_vichy
from armistice.core.ledger import Ledger
from armistice.core.prompts import AnswerValue, Prompt

Steps = Generator[Prompt, AnswerValue, None]


def resolve(s: AwawScenario, ledger: Ledger[FallOfFrance]) -> Steps:
    """Resolve rule 58 for scenario ``s`` under the game's tables (``ledger.tables``), from
    the surrender to the BRPs (58.1-58.7)."""
    t: Tables = ledger.tables
    assume = ledger.assume
    apply(ledger, level.surrender(s, t, assume(FLEET_DISCOUNT), assume(CORSICA)))
    fsl = ledger.state.surrender_level
    assert fsl is not None
    vichy = yield from establish_vichy(s, ledger, t)
    apply(ledger, hexes.hexes(s, vichy))
    statuses = yield from colonies.roll_colonies(s, ledger, t, fsl.value, vichy)
    holders = hexes.region_holders(s, vichy, statuses)
    ledger.state = msgspec.structs.replace(ledger.state, holders=dict(holders))
    apply(ledger, colonies.conquests(s, vichy, statuses))
    apply(ledger, hexes.units(s, holders, statuses, assume(AIR_NAVAL_IN_VICHY), assume(CORSICA)))
    apply(ledger, forces.force_levels(s, t, fsl.value, vichy, statuses))
    yield from forces.keep_units(s, ledger, holders)
    plan = fleet.plan(
        s, holders, assume(SHIP_RANGE), assume(SHIP_SOURCES), assume(FROM_VICHY_COLONIES)
    )
    levels = ledger.state.force_levels
    taken = yield from fleet.divide(plan, levels, vichy, ledger.log)
    apply(ledger, fleet.settle(s, levels, taken))
    rolled = frozenset(c for r in ledger.state.colony_rolls for c in r.colonies)
    apply(
        ledger,
        brp.brps(
            s,
            t,
            vichy,
            statuses,
            holders,
            rolled,
            assume(PRORATION),
            assume(LOW_BRP_BASE),
            assume(SENIOR_PARTNER),
            assume(VICHY_BRPS_AFTER_US_ENTRY),
        ),
    )
