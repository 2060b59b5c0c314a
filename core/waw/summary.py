"""What a World at War fall of France means to a reader: the IPCs, the French areas, the
fleets and the income chart, each row with its rule."""

from __future__ import annotations

from armistice.core.summary import Row, Section, Summary
from armistice.core.waw.procedure import axis_income
from armistice.core.waw.scenario import CUT, TRANSFER, WawScenario
from armistice.core.waw.state import WawState
from armistice.core.waw.words import FRANCE, RULE, AreaSide, FleetFate, Phase

TITLE = "World at War: the fall of France (5.5)"


def _die(die: int | None) -> str:
    return "-" if die is None else str(die)


def summarize(s: WawScenario, state: WawState, _tables: object = None) -> Summary:
    """The summary of ``state``: facts (conqueror, turn, phase, IPCs paid), the French
    areas, the fleets and the income chart."""
    areas = tuple(
        Row(
            s.areas[k].name,
            a.side.short,
            RULE,
            "not rolled: already Axis" if a.die is None and a.side is AreaSide.AXIS else "",
            cells=(_die(a.die), s.label(a.marker) if a.marker else "-", str(s.areas[k].ipc)),
        )
        for k, a in state.areas.items()
    )
    fleets = tuple(
        Row(
            s.fleets[k].name,
            f.fate.short,
            RULE,
            f"sent to {s.areas[f.sent_to].name}" if f.sent_to else "",
            cells=(f"{f.die} {s.label(f.rolled)}" if f.rolled else "-", s.areas[f.at].name),
        )
        for k, f in state.fleets.items()
    )
    powers = sorted(set(state.ipc) | set(state.bank), key=list(s.powers).index)
    income = tuple(
        Row(s.label(p), str(state.ipc.get(p, 0)), RULE, cells=(str(state.bank.get(p, 0)),))
        for p in powers
    )
    facts = (
        ("Conqueror", s.label(s.conqueror)),
        ("Turn", str(state.turn)),
        ("Phase", state.phase.label),
    )
    result: tuple[Row, ...] = ()
    if state.phase is Phase.DONE:
        vichy = sum(a.side is AreaSide.VICHY for a in state.areas.values())
        ships = sum(f.fate is FleetFate.VICHY for f in state.fleets.values())
        gained = sum(axis_income(s, state).values())
        result = (
            Row("IPCs paid by France", str(state.paid), RULE, f"{TRANSFER} due from its money"),
            Row(
                "France's income",
                str(state.ipc.get(FRANCE, 0)),
                RULE,
                f"{CUT} less, then Vichy areas",
            ),
            Row("Vichy areas", str(vichy), RULE),
            Row("Vichy fleets", str(ships), RULE),
            Row(
                "Axis income gained",
                f"{gained} IPCs",
                RULE,
                "from areas that rolled Vichy",
                total=True,
            ),
        )
    return Summary(
        TITLE,
        facts,
        (
            Section(
                "areas",
                "French areas",
                RULE,
                ("Area", "Side", "Die", "Marker", "IPCs"),
                areas,
                "to roll",
            ),
            Section(
                "fleets",
                "French fleets",
                RULE,
                ("Fleet", "Fate", "Die, by", "At"),
                fleets,
                "none",
            ),
            Section(
                "income", "Income chart", RULE, ("Power", "Income", "In hand"), income, tab="Income"
            ),
        ),
        result,
    )


def rules_help(_tables: object = None) -> str:
    """5.5 and 5.6 in our own words, as Markdown."""
    return f"""## World at War: the fall of France (5.5)

When an Axis power conquers France, France pays the conqueror {TRANSFER} IPCs out of its own
money and its income drops by {CUT}; those {CUT} go to nobody.

**Fleets.** France rolls a die for each of its fleets in the Atlantic and the
Mediterranean: 1 the fleet goes over to Germany, 2-4 it is scuttled, 5 it turns Vichy and
sails to the nearest Vichy area (counted in steps by sea, then one ashore; the Axis picks
between equally near ones; with no Vichy area it turns Free French), 6 it goes Free French
under British control. After a 6 the British player rolls for the Mediterranean fleet.

**Areas.** The British player rolls for each French area the Axis does not hold: 1-3 it
turns Vichy, 4-6 it stays Free French. Vichy areas get control markers (German ones,
Japanese ones on the Fiji and Society Islands) and their IPCs move on the income chart
from France to the marker's power.

**Afterwards (5.6).** The Axis collects the Vichy areas' income but may not build in them
or move through them. An Axis attack on any Vichy area or fleet turns them all Free French;
an Allied attack affects only its target.
"""
