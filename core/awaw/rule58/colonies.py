"""58.5: the colonial dice and what becomes of each colony and French conquest."""

from __future__ import annotations

from collections.abc import Generator
from functools import cache

import msgspec

from armistice.core.awaw.rule58 import phrases, rules
from armistice.core.awaw.rule58.effects import Colonies, Effects
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import ColonyRoll, FallOfFrance
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import COLONY_STATUSES, ColonyControl, ColonyStatus, Holder, Major
from armistice.core.dice import D6
from armistice.core.ledger import Ledger, LogEntry
from armistice.core.memo import per_scenario
from armistice.core.prompts import AnswerValue, Prompt, Roll, RollOutcome, throw


def roll_colonies(
    s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables, level: int, vichy: bool
) -> Generator[Prompt, AnswerValue, Colonies]:
    """58.53: one die per colony group; colonies the Axis or Britain hold are not rolled for.

    Changes ``colony_rolls`` and ``colonies`` as each die is rolled; returns each colony's
    status in table order.
    """
    statuses: dict[str, ColonyStatus] = {}
    rolled: list[ColonyRoll] = []
    for group in t.groups.values():
        open_ = []
        for colony in (c for c in t.colonies.values() if c.group == group.id):
            control = s.colonies[colony.id].control
            if control is ColonyControl.AXIS:
                statuses[colony.id] = ColonyStatus.AXIS
                ledger.note(
                    "58.533",
                    f"{colony.name} is held by the Axis: no die; it stays an Axis conquest "
                    "until the Allies take it",
                )
            elif control is ColonyControl.BRITISH:
                statuses[colony.id] = ColonyStatus.FREE_FRENCH
                ledger.note(
                    "58.534", f"{colony.name} is held by Britain: no die; it becomes Free French"
                )
            else:
                open_.append(colony)
        if not open_:
            continue
        _, outcomes = colony_faces(t, level, vichy)
        roll = Roll(
            key=f"colony_roll.{group.id}",
            label=f"{group.name} colonial die",
            rule="58.531",
            dice=D6,
            outcomes=outcomes,
            power=Major.FRANCE,
            help=roll_help(t, level, vichy),
        )
        bonus = t.rules.colony_roll.vichy_bonus if vichy else 0
        modifiers = f"level {level:+d}" + (f", +{bonus} for Vichy" if vichy else "")
        die, label = yield from throw(roll)
        result = ColonyStatus(label)
        modified: int | None = None
        if die is None:
            ledger.note(
                RESULT_RULES[result],
                f"{group.name}: no die rolled; with {modifiers} every face gives {result.label}",
                announce=True,
            )
        else:
            modified = rules.colony_modified_roll(die, level, vichy, t)
            ledger.note(
                RESULT_RULES[result],
                f"{group.name}: die {die}, {modifiers}: {modified}, {result.label}",
                announce=True,
            )
        rolled.append(
            ColonyRoll(
                group.id,
                group.name,
                tuple(c.id for c in open_),
                die,
                level,
                bonus,
                modified,
                result,
            )
        )
        for colony in open_:
            statuses[colony.id] = result
            if result is ColonyStatus.INDEPENDENT:
                ledger.note(
                    "58.532A",
                    f"{colony.name} throws off French rule: an independent neutral minor with "
                    f"one {t.rules.independent.garrison} in {colony.capital}; attacking it takes "
                    "a 10-BRP declaration of war",
                )
            elif result is ColonyStatus.FREE_FRENCH:
                ledger.note(
                    "58.531A",
                    f"{colony.name} is Free French: its hexes pass to Britain (Axis-held hexes "
                    "stay Axis); Britain gets its BRPs next turn",
                )
        known = {c: statuses[c] for c in t.colonies if c in statuses}
        ledger.state = msgspec.structs.replace(
            ledger.state, colony_rolls=tuple(rolled), colonies=known
        )
    final = tuple((c, statuses[c]) for c in t.colonies)
    ledger.state = msgspec.structs.replace(ledger.state, colonies=dict(final))
    return final


RESULT_RULES = {
    ColonyStatus.FREE_FRENCH: "58.531A",
    ColonyStatus.VICHY: "58.531B",
    ColonyStatus.INDEPENDENT: "58.532A",
}
"""The rule that gives each result of a colonial die."""


@cache
def roll_help(t: Tables, level: int, vichy: bool) -> str:
    """What a colonial die needs, read from the result table: ``Die +1 for the level, +3 for
    Vichy: 3 or less goes Free French, 4 or more Vichy.``"""
    bonus = t.rules.colony_roll.vichy_bonus
    bands = []
    for row in t.rules.colony_result:
        status = ColonyStatus(row.status)
        if status is ColonyStatus.VICHY and not vichy:
            status = ColonyStatus.INDEPENDENT
        bands.append(f"{phrases.rolls(row.low, row.high)} goes {status.label}")
    return (
        f"Die {level:+d} for the level"
        + (f", +{bonus} for Vichy" if vichy else "")
        + ": "
        + ", ".join(bands)
        + "."
    )


@cache
def colony_faces(
    t: Tables, level: int, vichy: bool
) -> tuple[dict[int, ColonyStatus], tuple[RollOutcome, ...]]:
    """Each die face's status for a French-held colony (58.531-58.532), and the faces grouped
    by status as the Roll's outcomes. Raises ValueError if the result table has a gap."""
    by_face = {}
    for face in D6.faces():
        modified = rules.colony_modified_roll(face, level, vichy, t)
        result = rules.colony_result(modified, t)
        if result < 0:
            raise ValueError(
                f"the colonial result table has no row for a modified roll of {modified}"
            )
        by_face[face] = COLONY_STATUSES[rules.colony_status(result, vichy)]
    outcomes = tuple(
        RollOutcome(label.value, tuple(f for f, v in by_face.items() if v is label))
        for label in dict.fromkeys(by_face.values())
    )
    return by_face, outcomes


@per_scenario
def conquests(s: AwawScenario, vichy: bool, colonies: Colonies) -> Effects:
    """58.52: each French conquest passes to the Axis unless a British ground unit holds it or
    it traces land supply to a Free French colony nearer than any Vichy territory. Ties go to
    the Axis. Changes ``conquests`` (name -> holder)."""
    status = dict(colonies)
    held: dict[str, Holder] = {}
    log = []
    for c in s.conquests:
        free = [d for n, d in c.land_distance.items() if status[n] is ColonyStatus.FREE_FRENCH]
        hostile = [d for n, d in c.land_distance.items() if status[n] is ColonyStatus.VICHY]
        if vichy and c.vichy_france_distance is not None:
            hostile.append(c.vichy_france_distance)
        if c.british_ground_unit:
            held[c.name], why = Holder.BRITISH, "a British ground unit holds it"
        elif free and (not hostile or min(free) < min(hostile)):
            held[c.name] = Holder.BRITISH
            why = (
                f"it traces land supply to a Free French colony {min(free)} hexes away, "
                "nearer than any Vichy territory"
            )
        else:
            held[c.name] = Holder.AXIS
            why = "no British ground unit, and no Free French colony nearer by land than Vichy territory"
        log.append(LogEntry("58.52", f"{c.name} passes to {held[c.name].label}: {why}"))
    return Effects({"conquests": held}, tuple(log))
