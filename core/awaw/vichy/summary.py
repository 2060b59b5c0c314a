"""The Vichy France diplomatic roll for a reader: the summary of a state (who may name
Vichy, the modifiers, the odds of every row, the result and what it changed) and the
rules in brief."""

from __future__ import annotations

from fractions import Fraction

from armistice.core.awaw.board import RULE, Namer
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import DiplomaticRoll, VichyState
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import ColonyFate, Outcome, UnitFate
from armistice.core.awaw.words import Region
from armistice.core.dice import Dice
from armistice.core.summary import Row, Section, Summary
from armistice.core.words import counted

TITLE = "A World at War: Vichy France diplomatic roll"


def summarize(s: VichyScenario, state: VichyState, t: Tables) -> Summary:
    """What a state means under table ``t``, section by section, as far as it is decided."""
    facts = [("Turn", s.turn.name)]
    d = state.vichy_diplomacy
    now = d.alignment if d is not None and d.alignment is not None else None
    if now is None and state.before is not None:
        now = state.before.alignment
    if now is not None:
        facts.append(("Vichy France", now.label))
    facts.append(("France fell", s.fell.name))
    return Summary(
        TITLE,
        tuple(facts),
        (
            naming_section(state),
            modifier_section(d),
            odds_section(d, t),
            change_section(s, state),
        ),
        result(state),
    )


def naming_section(state: VichyState) -> Section:
    """Who may name Vichy France now, and why not."""
    rows = tuple(
        Row(n.label, "may not" if why else "may", RULE, why) for n, why in state.naming.items()
    )
    return Section("naming", "Who may name Vichy France", RULE, ("Side", "Now"), rows, tab="Naming")


def modifier_section(d: DiplomaticRoll | None) -> Section:
    """Every modifier with its sign and why, their sum, and the die and result once rolled."""
    rows: list[Row] = []
    if d is not None:
        rows = [Row("Named by", d.named_by.label, RULE)]
        rows += [Row(m.label, f"{m.value:+d}", m.rule, m.why) for m in d.modifiers]
        rows.append(
            Row("Sum of modifiers", f"{d.total:+d}", RULE, "positive favours the Axis", total=True)
        )
        if d.result is not None:
            die = "not rolled" if d.die is None else str(d.die)
            rows.append(Row(f"Die ({d.dice})", die, RULE))
            if d.modified is not None:
                rows.append(Row("Modified result", str(d.modified), RULE, total=True))
            rows.append(Row("Row read", Outcome(d.result).label, RULE, total=True))
    return Section(
        "modifiers",
        "Vichy diplomatic roll",
        RULE,
        ("Modifier", "Value"),
        tuple(rows),
        empty="counted once Vichy France is named",
        tab="Roll",
    )


def chances(d: DiplomaticRoll) -> dict[str, Fraction]:
    """The exact chance of each row the die can read (row id -> probability)."""
    dist = Dice(1, d.sides).distribution()
    return {row: sum((dist[f] for f in faces), Fraction(0)) for row, faces in d.faces.items()}


def odds_section(d: DiplomaticRoll | None, t: Tables) -> Section:
    """The chance of every row of the table before the die, 0 for rows out of reach."""
    rows: list[Row] = []
    if d is not None:
        found = chances(d)
        for r in t.rows:
            p = found.get(r.id, Fraction(0))
            faces = d.faces.get(r.id, ())
            shown = f"{p} ({float(p) * 100:.1f}%)" if p else "0"
            rows.append(
                Row(
                    Outcome(r.id).label,
                    shown,
                    RULE,
                    f"die {', '.join(map(str, faces))}" if faces else "",
                )
            )
    return Section(
        "chances",
        "Chance of each row",
        RULE,
        ("Row", "Chance"),
        tuple(rows),
        empty="known once Vichy France is named",
        tab="Odds",
    )


def change_section(s: VichyScenario, state: VichyState) -> Section:
    """What the result changed: alignment, policy, hexes, BRPs, volunteers, units, colonies."""
    d, before = state.vichy_diplomacy, state.before
    rows: list[Row] = []
    if d is not None and d.result is not None and before is not None:
        assert d.alignment and d.policy and d.hex_control
        rows = [
            Row("Alignment", _moved(before.alignment.label, d.alignment.label), RULE),
            Row("Policy in effect", _moved(before.policy.label, d.policy.label), RULE),
            Row("Vichy hexes held by", _moved(before.hex_control.label, d.hex_control.label), RULE),
            Row("BRPs to the Axis", str(d.brps), RULE),
            Row(
                "Volunteers against Russia",
                "as an Axis minor ally" if d.volunteers is None else counted(d.volunteers, "unit"),
                "58.632",
                "Vichy 2-3 infantry units",
            ),
        ]
        gone = [i for i, f in state.units.items() if f is not UnitFate.VICHY]
        for i in gone:
            rows.append(Row(s.vichy_units[i].name, state.units[i].label, RULE))
        for c, fate in state.colonies.items():
            if fate is not ColonyFate.VICHY:
                rows.append(Row(Region(c).label, fate.label, RULE))
    return Section(
        "changed",
        "What the result changed",
        RULE,
        ("", "Now"),
        tuple(rows),
        empty="nothing until the die is rolled",
        tab="Result",
    )


def _moved(was: str, now: str) -> str:
    return now if was == now else f"{was} -> {now}"


def result(state: VichyState) -> tuple[Row, ...]:
    """The outcome in brief once the die is rolled (or nobody could name Vichy); empty before."""
    d = state.vichy_diplomacy
    if d is not None and d.result is not None and d.alignment is not None and d.policy:
        return (
            Row("Row read", Outcome(d.result).label, RULE),
            Row("Vichy France", d.alignment.label, RULE),
            Row("Policy in effect", d.policy.label, RULE),
        )
    if d is None and state.naming and all(state.naming.values()):
        return (Row("No roll", state.naming[Namer.AXIS], RULE),)
    return ()


def rules_help(t: Tables) -> str:
    """The table in brief, in our words, its numbers read from ``t``."""
    m = t.modifiers
    rows = "\n".join(f"- **{Outcome(r.id).label}**" for r in t.rows)
    return f"""## Vichy France diplomatic table

Either side may name Vichy France for a diplomatic roll, also after it has become a German
minor ally: not in the year France fell (except the Axis reaction roll after an Allied
declaration of war on Vichy or attack on a Vichy colony), and the Western Allies only with
American ground troops holding a port or beachhead in France or French North Africa.

The roll is one die {t.ends.base:+d} plus net DPs (Axis minus Allied) and the modifiers;
results are held at {t.ends.low} and {t.ends.high}. Positive modifiers favour the Axis.

- Active minor ally +/-{m.active_ally}, associated +/-{m.associated}, toward its side;
  German control of the Vichy hexes {m.german_hexes:+d}
- Each unbuilt Vichy air, armor or infantry unit +/-{m.unbuilt_unit}; every
  {m.factor_step} friendly and enemy ground/air factors in unattacked Vichy territory
  +/-1 (Axis forces there since Vichy was set up never count, 58.42)
- Each Allied-held colonial capital {m.allied_capital:+d}; no Axis units in Africa
  {m.no_axis_in_africa:+d}; landings on the continent {m.landing_continent:+d}, in France
  {m.landing_france:+d}; U.S. at war {m.us_at_war:+d}; Spain an Axis ally {m.spain_axis:+d}
- Surrender level below 0 {m.fsl_negative:+d}, above 0 {m.fsl_positive:+d}; USAT below
  {m.usat_limit} {m.usat_low:+d}; Axis Malta, Suez or Alexandria, Gibraltar +1 each;
  each French colony the Allies attacked last turn {m.colony_attacked:+d}

Rows, lowest first:

{rows}

A 1-2 keeps a pro-Allied policy and negates a pro-Axis one; 3-4 keeps every policy; 5-6
keeps a pro-Axis policy, negates a pro-Allied one and leans Vichy to the Axis. Negated,
German control of the Vichy hexes ends; BRPs already paid stay paid. Under 58.632 a
garrison stays in Vichy city and each colonial capital until Vichy associates or allies;
colonial garrisons may go east after a 5-6, 7 or 8, and a 9 ends the duty.
"""
