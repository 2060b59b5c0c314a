"""58.62-58.63: both sides' force levels from the tables, the French units the British keep
as Free French, and the Vichy garrisons. The fleet's division (58.64) is in :mod:`.fleet`."""

from __future__ import annotations

from collections.abc import Generator

import msgspec

from armistice.core.awaw.rule58 import phrases, rules
from armistice.core.awaw.rule58.effects import Colonies, Effects, Holders
from armistice.core.awaw.rule58.hexes import french_on_british_ground
from armistice.core.awaw.rule58.scenario import AwawScenario, Unit
from armistice.core.awaw.rule58.state import FallOfFrance, Fate
from armistice.core.awaw.rule58.tables import Force, Forces, Tables
from armistice.core.awaw.words import (
    ColonyStatus,
    Condition,
    FrenchSide,
    Major,
    ShipKind,
    UnitFate,
    UnitKind,
)
from armistice.core.ledger import Ledger, LogEntry
from armistice.core.memo import per_scenario
from armistice.core.prompts import AnswerValue, Prompt, Selection, SelectionItem, ask
from armistice.core.words import counted

KEPT = {Force.INFANTRY: UnitKind.INFANTRY, Force.ARMOR: UnitKind.ARMOR, Force.AIR: UnitKind.AIR}
"""The force-table columns French units on the board can fill (58.623), with their kind."""


@per_scenario
def force_levels(
    s: AwawScenario, t: Tables, level: int, vichy: bool, colonies: Colonies
) -> Effects:
    """58.621-58.632: both force levels from the tables, the French ships that could serve,
    and the Vichy garrisons. Changes ``force_levels``, ``fleet_available`` and
    ``vichy_garrisons``."""
    free = rules.free_french_level(level, vichy, t)
    vich = rules.vichy_level(level, vichy, t)
    state = "established" if vichy else "not established"
    log = [
        LogEntry(
            "58.621",
            f"Free French force level at FSL {level:+d}, Vichy {state}: {phrases.forces(free)}",
        ),
        LogEntry("58.631", f"Vichy force level at FSL {level:+d}: {phrases.forces(vich)}")
        if vichy
        else LogEntry("58.631", "No Vichy forces: Vichy France was not established"),
    ]
    garrisons: tuple[str, ...] = ()
    if vichy:
        g = t.rules.vichy_garrison
        capitals = (t.colonies[c].capital for c, st in colonies if st is ColonyStatus.VICHY)
        garrisons = (g.city, *capitals)
        log.append(
            LogEntry(
                "58.632",
                f"One Vichy {g.unit} must hold each of: {', '.join(garrisons)}; the rest of the "
                "Vichy army and air force sets up in Vichy France",
            )
        )
    serving = [x for x in s.fleet if x.condition is not Condition.BUILDING]
    available = Forces(
        named_ships=sum(1 for x in serving if x.kind is ShipKind.NAMED),
        cruisers=sum(1 for x in serving if x.kind is ShipKind.CRUISER),
        destroyer_factors=sum(x.factors for x in serving if x.kind is ShipKind.DESTROYER),
    )
    changes = {
        "force_levels": {FrenchSide.FREE_FRENCH: free, FrenchSide.VICHY: vich},
        "fleet_available": available,
        "vichy_garrisons": garrisons,
    }
    return Effects(changes, tuple(log))


def amount(unit: Unit, column: Force) -> int:
    """What ``unit`` counts for in ``column``: factors, or units for 3-5 armor."""
    return unit.units if column is Force.ARMOR else unit.factors


def keep_units(
    s: AwawScenario, ledger: Ledger[FallOfFrance], holders: Holders
) -> Generator[Prompt, AnswerValue, None]:
    """58.623: for each land and air column, the British keep any of the French units standing
    in Free French and British-held places as Free French (all, some or none), up to the
    table level; they are asked whenever there is something to keep. What is not kept is
    removed; the rest of the level joins the British force pool unbuilt. Adds those units'
    fates to ``units``."""
    level = ledger.state.force_levels[FrenchSide.FREE_FRENCH]
    candidates = french_on_british_ground(s, holders)
    fates: list[Fate] = []
    for column, kind in KEPT.items():
        present = [i for i in candidates if s.units[i].kind is kind]
        if not present:
            continue
        prompt = selection(s, column, tuple(present), getattr(level, column))
        choice = yield from ask(prompt)
        kept = sum(choice.values())
        short = getattr(level, column) - kept
        ledger.note(
            "58.623",
            f"The British keep {kept} of {prompt.capacity()} {column.label} {column.unit} of "
            f"French units on the board (table level {getattr(level, column)})"
            + (f"; {short} more join the British force pool unbuilt" if short > 0 else ""),
        )
        for i in present:
            taken = choice.get(f"unit{i}", 0)
            whole = amount(s.units[i], column)
            fate = (
                UnitFate.FREE_FRENCH
                if taken == whole
                else UnitFate.PART_FREE_FRENCH
                if taken
                else UnitFate.REMOVED
            )
            note = (
                f"{taken} of {whole} {column.unit} kept as Free French"
                if taken
                else "not kept as Free French"
            )
            fates.append(Fate(i, s.units[i].name, fate, "58.623", note))
            ledger.note("58.623", f"{s.units[i].name}: {fate.label} ({note})")
    units = tuple(sorted((*ledger.state.units, *fates), key=lambda f: f.index))
    ledger.state = msgspec.structs.replace(ledger.state, units=units)


def selection(s: AwawScenario, column: Force, present: tuple[int, ...], level: int) -> Selection:
    """The British pick of French units for ``column``: any amount, up to what the table
    ``level`` takes or the units ``present`` (indexes into the scenario's units) hold."""
    items = tuple(
        SelectionItem(
            f"unit{i}",
            f"{s.units[i].name} ({s.units[i].location.label})",
            amount(s.units[i], column),
        )
        for i in present
    )
    required = min(level, sum(item.available for item in items))
    return Selection(
        key=f"free_french.units.{column.value}",
        power=Major.BRITAIN,
        label=f"French {column.label} kept as Free French",
        rule="58.623",
        items=items,
        required=required,
        unit=column.unit,
        minimum=0,
        help=f"Keep up to {counted(required, column.unit.removesuffix('s'))} of French "
        f"{column.label} on the board as "
        "Free French; what you leave is removed, and the rest of the level joins the British "
        "force pool unbuilt.",
    )
