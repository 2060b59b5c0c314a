"""Rule 58 for a reader: the summary of a state, and the rules in brief.

The text report, ``--json`` and the dashboard panels render :func:`summarize`; the
dashboard's help shows :func:`rules_help`, whose numbers come from the tables.
"""

from __future__ import annotations

from armistice.core.awaw.rule58 import phrases
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyControl, ColonyStatus, FrenchSide, turn_name
from armistice.core.summary import Row, Section, Summary
from armistice.core.words import counted

TITLE = "A World at War, rule 58: French surrender"


def summarize(s: AwawScenario, state: FallOfFrance, t: Tables) -> Summary:
    """What a rule-58 state means under tables ``t``, section by section, as far as it is
    decided."""
    facts = [("Turn", phrases.turn(s))]
    if state.surrender_level is not None:
        facts.append(("FSL", f"{state.surrender_level.value:+d}"))
    if state.vichy_established is not None:
        facts.append(("Vichy France", vichy_word(s, state)))
    return Summary(
        TITLE,
        tuple(facts),
        (
            level_section(state, t),
            colony_section(s, state, t),
            force_section(state, t),
            fleet_section(s, state),
            brp_section(state),
            unit_section(state),
        ),
        result(s, state, t),
    )


def vichy_word(s: AwawScenario, state: FallOfFrance) -> str:
    """Whether Vichy France was ``established``, ``declined`` by the Axis (58.31B) or
    ``ruled out`` because the U.S. is at war with Germany (58.411)."""
    if state.vichy_established:
        return "established"
    return "ruled out" if s.surrender.us_at_war_with_germany else "declined"


def result(s: AwawScenario, state: FallOfFrance, t: Tables) -> tuple[Row, ...]:
    """The outcome in brief once the BRPs are settled (58.7 is the last step): the level,
    Vichy, each colony, both French forces and the BRPs; empty before."""
    b = state.brp
    if b is None or state.surrender_level is None:
        return ()
    colonies = ", ".join(
        f"{t.colonies[c].name} {status.label}" for c, status in state.colonies.items()
    )
    brps = [f"France {counted(b.conquest_value, 'BRP')} to {b.receiver.label}"]
    if b.vichy_value is not None:
        brps.append(f"Vichy {b.vichy_value}")
    if b.axis_instead_of_vichy:
        brps.append(f"the Axis {b.axis_instead_of_vichy} instead of Vichy")
    if b.britain_from_colonies:
        brps.append(f"Britain {b.britain_from_colonies} from colonies")
    return (
        Row("Surrender level", f"{state.surrender_level.value:+d}", "58.22"),
        Row(
            "Vichy France",
            vichy_word(s, state),
            "58.411" if s.surrender.us_at_war_with_germany else "58.31",
        ),
        Row("Colonies", colonies, "58.53"),
        *(
            Row(side.label, phrases.forces(state.forces[side]), rule)
            for side, rule in ((FrenchSide.FREE_FRENCH, "58.62"), (FrenchSide.VICHY, "58.63"))
            if side in state.forces
        ),
        Row("BRPs", "; ".join(brps), "58.7"),
    )


def level_section(state: FallOfFrance, t: Tables) -> Section:
    """58.2: every modifier with its rule letter, the raw sum and the level."""
    level = state.surrender_level
    rows: list[Row] = []
    if level is not None:
        rows = [
            Row(m.label, f"{m.value:+d}", m.rule, m.basis)
            for m in level.modifiers
            if m.value or not level.voluntary
        ]
        limit = t.rules.level.limit
        rows.append(Row("Sum of modifiers", f"{level.raw:+d}", "58.21", total=True))
        rows.append(
            Row(
                f"Surrender level (within +/-{limit})",
                f"{level.value:+d}",
                "58.22",
                "held at the limit" if level.raw != level.value else "",
                total=True,
            )
        )
    return Section(
        "level", "French surrender level", "58.2", ("Modifier", "Value"), tuple(rows), tab="Level"
    )


def colony_section(s: AwawScenario, state: FallOfFrance, t: Tables) -> Section:
    """58.53: each colony with its die, modifiers, modified roll and status."""
    by_colony = {c: r for r in state.colony_rolls for c in r.colonies}
    rows = []
    if state.surrender_level is not None:
        for cid, info in t.colonies.items():
            status = state.colonies.get(cid)
            roll = by_colony.get(cid)
            control = s.colonies[cid].control
            shown = status.label if status else "to roll"
            if roll is not None:
                worked = f"{roll.surrender_level:+d} FSL"
                worked += f" {roll.vichy_bonus:+d} Vichy" if roll.vichy_bonus else ""
                if roll.die is None:
                    note, die = f"no die: any face {worked} gives {shown}", "none"
                else:
                    note, die = f"{roll.die} {worked} = {roll.modified}", str(roll.die)
                rows.append(Row(info.name, shown, "58.531", note, (die,)))
            elif control is not ColonyControl.FRENCH:
                rule = "58.533" if control is ColonyControl.AXIS else "58.534"
                rows.append(Row(info.name, shown, rule, f"held by {control.label}: no die", ("-",)))
            else:
                rows.append(Row(info.name, shown, "58.531", "", ("",)))
    return Section(
        "colonies",
        "Colonies",
        "58.53",
        ("Colony", "Status", "Die"),
        tuple(rows),
    )


def force_section(state: FallOfFrance, t: Tables) -> Section:
    """58.6: what each side got against its table level, and the French ships that exist."""
    rows = []
    for field, sides in state.against_levels():
        got_ff, table_ff = sides[FrenchSide.FREE_FRENCH]
        got_vi, table_vi = sides[FrenchSide.VICHY]
        exists = getattr(state.fleet_available, field) if state.fleet_available else 0
        rows.append(
            Row(
                field.heading,
                f"{'-' if got_ff is None else got_ff} / {table_ff}",
                "58.621",
                "",
                cells=(
                    f"{'-' if got_vi is None else got_vi} / {table_vi}",
                    str(exists) if field.ship else "",
                ),
            )
        )
    if state.vichy_garrisons:
        g = t.rules.vichy_garrison
        rows.append(
            Row(
                "Vichy garrisons",
                ", ".join(state.vichy_garrisons),
                "58.632",
                f"one {g.unit} in each",
            )
        )
    return Section(
        "forces",
        "Forces: got / table level",
        "58.6",
        ("Force", "Free French", "Vichy", "Ships"),
        tuple(rows),
        tab="Forces",
    )


def fleet_section(s: AwawScenario, state: FallOfFrance) -> Section:
    """58.64: which French ships went where, and each side's shortfall."""
    fleet = state.fleet
    rows: list[Row] = []
    if fleet is not None:
        rows = [
            Row("Free French", phrases.shares(s.fleet, fleet.free_french), "58.641"),
            Row("Vichy", phrases.shares(s.fleet, fleet.vichy), "58.641"),
            Row("Removed", phrases.shares(s.fleet, fleet.removed), "58.64"),
        ]
        for side, short in fleet.lost.items():
            rows.append(Row(f"{side.label} shortfall lost", phrases.shortfall(short), "58.643"))
    return Section("fleet", "Fleet", "58.64", ("Side", "Ships"), tuple(rows))


def brp_section(state: FallOfFrance) -> Section:
    """58.7: the conquest value, who receives it, Vichy's worth, the key areas (BRPs)."""
    b = state.brp
    rows: list[Row] = []
    if b is not None:
        rows.append(
            Row(
                "France as a conquest",
                str(b.conquest_value),
                "58.71",
                f"to {b.receiver.label}: {b.received_next_turn} at its next player turn, "
                f"{b.conquest_value} at each YSS",
            )
        )
        if b.vichy_value is not None:
            rows.append(Row("Vichy France with its colonies", str(b.vichy_value), "58.31A"))
        if b.axis_instead_of_vichy:
            rows.append(Row("Axis, instead of Vichy", str(b.axis_instead_of_vichy), "58.31B"))
        if b.britain_from_colonies:
            rows.append(
                Row(
                    "Britain, from Free French colonies",
                    str(b.britain_from_colonies),
                    "58.531A",
                    "at its next player turn",
                )
            )
        for area in b.key_areas.values():
            rows.append(Row(f"Key area: {area.name}", str(area.brp), "58.71", area.holder.label))
    return Section("brp", "BRPs", "58.7", ("", "BRPs"), tuple(rows))


def unit_section(state: FallOfFrance) -> Section:
    """58.4, 58.61, 58.623: what became of each unit the scenario lists."""
    rows = tuple(Row(f.unit, f.fate.label, f.rule, f.note) for f in state.units)
    return Section("units", "Units", "58.4", ("Unit", "Fate"), rows)


def rules_help(t: Tables) -> str:
    """Rule 58 in brief, as Markdown, in our own words; every number comes from tables ``t``."""
    p = t.rules.level
    turns = ", ".join(f"{b.modifier:+d} {phrases.turns(b.low, b.high)}" for b in t.rules.turn)
    groups = " and one for ".join(g.name for g in t.groups.values())
    bonus = t.rules.colony_roll.vichy_bonus
    results = []
    for row in t.rules.colony_result:
        results.append(f"{phrases.rolls(row.low, row.high)} is {ColonyStatus(row.status).label}")
    areas = ", ".join(f"{a.name} {a.brp}" for a in t.rules.key_area)
    return f"""\
## {TITLE}

- **When (58.1)** France falls at the end of an Allied player turn with Paris in Axis
  hands, or by choice from {turn_name(p.earliest_voluntary)} on.
- **Surrender level (58.2)** Add up the modifiers: Paris {p.paris:+d}, Lyon {p.lyon:+d} and
  Marseilles {p.marseilles:+d}, {p.other_objective:+d} for each other European objective
  France still holds; -1 per full {p.ground_step} French ground factors in France; +1 per
  full {p.fleet_step} factors the fleet is short of {p.fleet_baseline} (damaged and
  unfinished ships count half, ships still building not at all); by the turn of surrender
  {turns}; net DPs; {p.cooperation:+d} for Anglo-French cooperation 7+. A voluntary
  surrender is simply {p.voluntary:+d}. The level never goes past +{p.limit} or -{p.limit}.
- **Vichy (58.3)** Germany chooses whether to set up Vichy France, unless the U.S. is
  already at war with Germany.
- **Hexes (58.4)** The rest of France goes to the Axis; Allied units caught there or in
  Vichy territory are lost or sent to British bases.
- **Colonies (58.5)** French minors pass to Britain. One die for {groups}, plus the level,
  plus {bonus} with Vichy: {"; ".join(results)} (independent without Vichy). Colonies already
  held by the Axis or Britain are not rolled for.
- **Forces (58.6)** The tables give each side's forces by level. The British keep French
  units on the board up to the Free French level; the Free French choose ships first. Ships
  come from the side's own ports first and sail over only to make up a shortfall; what
  neither side takes leaves play.
- **BRPs (58.7)** France is worth its BRP base less {t.rules.brp.key_areas_deduction} as a
  conquest, to the conqueror at its next turn (prorated) and every YSS after; the key areas
  stay worth {areas}.
"""
