"""The Vichy France diplomatic roll as a procedure: who names Vichy, the modifiers, the die
and what the result row does."""

from __future__ import annotations

from collections.abc import Generator, Mapping

import msgspec

from armistice.core.awaw.board import RULE, Namer
from armistice.core.awaw.vichy import naming, rules
from armistice.core.awaw.vichy.assumptions import BEYOND, DIE, ENEMY_ATTACK, Beyond
from armistice.core.awaw.vichy.effects import apply, fates, volunteers
from armistice.core.awaw.vichy.modifiers import alignment_before, modifiers
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import DiplomaticRoll, Standing, VichyState
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import ColonyRule, Outcome
from armistice.core.dice import Dice
from armistice.core.ledger import Ledger, LogEntry
from armistice.core.prompts import AnswerValue, Decision, Option, Prompt, Roll, RollOutcome, throw


def standing(s: VichyScenario, readings: Mapping[str, str], t: Tables) -> Standing:
    """Where Vichy France stands before the roll (an Allied attack may associate it with the
    Axis, awaw.vichy.enemy_attack)."""
    alignment, _ = alignment_before(s, readings)
    count, _ = volunteers(s, s.policy, alignment, t)
    return Standing(alignment, s.policy, s.hex_control, count)


def faces(dice: Dice, total: int, t: Tables, end_row: bool) -> tuple[RollOutcome, ...]:
    """The die faces that read each row, rows in table order, rows no face reads left out."""
    by_row: dict[int, list[int]] = {}
    for face in dice.faces():
        by_row.setdefault(rules.row_index(face, total, t, end_row), []).append(face)
    return tuple(RollOutcome(t.rows[i].id, tuple(f)) for i, f in sorted(by_row.items()))


def resolve(s: VichyScenario, ledger: Ledger[VichyState]) -> Generator[Prompt, AnswerValue, None]:
    """Name Vichy France, count the modifiers, roll (the side that named Vichy rolls, as
    the power :attr:`Namer.power` names), and apply the row read."""
    t: Tables = ledger.tables
    readings = ledger.assumptions
    before = standing(s, readings, t)
    reasons = naming.refusals(s, readings)
    units, colonies = fates(s, ColonyRule.NONE)
    ledger.state = msgspec.structs.replace(
        ledger.state, before=before, naming=reasons, units=units, colonies=colonies
    )
    _, cause = alignment_before(s, readings)
    if cause:
        ledger.note(RULE, f"Vichy France is {before.alignment.label}: {cause}", ENEMY_ATTACK)
    open_ = [n for n in Namer if not reasons[n]]
    if not open_:
        ledger.note(RULE, f"Nobody may name Vichy France now: {reasons[s.named_by]}")
        return
    default = s.named_by if s.named_by in open_ else open_[0]
    answer = yield Decision(
        key="named_by",
        power="",
        label="Who names Vichy France?",
        rule=RULE,
        options=tuple(Option(n.value, n.label, not reasons[n], reasons[n]) for n in Namer),
        default=default.value,
        help="The side that names Vichy France rolls on its diplomatic table; the modifiers "
        "signed +/- count toward or against it.",
    )
    assert isinstance(answer, str)
    namer = Namer(answer)
    found = modifiers(s, namer.side, readings, t)
    total = sum(m.value for m in found)
    dice = ledger.assume(DIE).dice
    end_row = ledger.assume(BEYOND) is Beyond.END_ROW
    outcomes = faces(dice, total, t, end_row)
    read = {o.label: o.faces for o in outcomes}
    record = DiplomaticRoll(namer, str(dice), found, total, read, dice.sides)
    ledger.state = msgspec.structs.replace(ledger.state, vichy_diplomacy=record)
    ledger.note(RULE, f"{namer.label} name Vichy France: modifiers {total:+d}", DIE)
    for m in found:
        said = f"{m.label} {m.value:+d}" + (f": {m.why}" if m.why else "")
        ledger.log.append(LogEntry(m.rule, said, m.assumption))
    roll = Roll(
        key="vichy_roll",
        label="Vichy France diplomatic roll",
        rule=RULE,
        dice=dice,
        outcomes=outcomes,
        power=namer.power,
        help=f"{dice} {total:+d}; results beyond {t.ends.low} and {t.ends.high} "
        f"({BEYOND.cite(readings[BEYOND.key])})",
    )
    die, label = yield from throw(roll)
    row = t.row(label)
    change = apply(s, before, row, t, readings)
    modified = None if die is None else rules.modified(die, total, t)
    roller = namer.label[:1].upper() + namer.label[1:]
    shown = f"{roller} roll: " + (
        f"every face reads {Outcome(row.id).label}"
        if die is None
        else f"die {die} {total:+d} = {modified}, row {Outcome(row.id).label}"
    )
    ledger.note(RULE, shown, BEYOND, announce=True)
    for entry in change.log:
        ledger.log.append(entry)
    after = change.standing
    ledger.state = msgspec.structs.replace(
        ledger.state,
        vichy_diplomacy=msgspec.structs.replace(
            record,
            die=die,
            modified=modified,
            result=row.id,
            alignment=after.alignment,
            policy=after.policy,
            hex_control=after.hex_control,
            brps=change.brps,
            volunteers=after.volunteers,
        ),
        units=change.units,
        colonies=change.colonies,
    )
