"""The rule-58 panels: surrender level, colonies, forces, and the rest of the outcome."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from core.awaw import words
from core.awaw.state import FallOfFrance
from core.awaw.tables import shipped
from core.game import Game
from tui.widgets.table import Cell, StateTable

HELP = """\
## A World at War, rule 58: French surrender

- **When (58.1)** France falls at the end of an Allied player turn with Paris in Axis
  hands, or by choice from Fall 1940 on.
- **Surrender level (58.2)** Add up the modifiers: Paris +2, Lyon and Marseilles +1
  each, -1 for each other European objective France still holds; -1 per full ten
  French ground factors in France; +1 per full five factors the fleet is short of 42
  (damaged and unfinished ships count half, ships still building not at all); +2 for
  a surrender in Spring 1940 or before, -2 in Fall 1940, -4 from Winter 1940; net DPs;
  -1 for Anglo-French cooperation 7+. A voluntary surrender is simply +1. The level
  never goes past +3 or -3.
- **Vichy (58.3)** The Axis choose whether to set up Vichy France, unless the U.S. is
  already at war with Germany.
- **Hexes (58.4)** The rest of France goes to the Axis; Allied units caught there or in
  Vichy territory are lost or sent to British bases.
- **Colonies (58.5)** French minors pass to Britain. One die for Lebanon-Syria and one
  for Tunisia-Algeria-Morocco, plus the level, plus 3 with Vichy: 3 or less is Free
  French, 4 or more Vichy (or independent without Vichy). Colonies already held by
  the Axis or Britain are not rolled for.
- **Forces (58.6)** The tables give each side's forces by level; the Free French choose
  first. Ships come from the side's own ports first and sail over only to make up a
  shortfall; what neither side takes leaves play.
- **BRPs (58.7)** France is worth its BRP base less 40 as a conquest, to the conqueror
  at its next turn (prorated) and every YSS after.
"""


def _state(game: Game) -> FallOfFrance:
    state: FallOfFrance = game.state
    return state


class LevelPanel(StateTable):
    """58.2: every modifier with its rule letter, the raw sum and the clamped level."""

    TITLE = "Level"
    COLUMNS = ("Rule", "Modifier", "Value", "Basis")

    def show(self, game: Game) -> None:
        """Render the surrender level of ``game``."""
        level = _state(game).surrender_level
        if level is None:
            self.fill([])
            return
        rows: list[tuple[Cell, ...]] = [
            (m.rule, m.label, f"{m.value:+d}", m.basis)
            for m in level.modifiers
            if m.value or not level.voluntary
        ]
        rows.append(("", Text("Sum of modifiers", style="bold"), f"{level.raw:+d}", ""))
        limit = shipped().rules.level.limit
        rows.append(
            (
                "58.22",
                Text(f"Surrender level (within ±{limit})", style="bold"),
                Text(f"{level.value:+d}", style="bold reverse"),
                "held at the limit" if level.raw != level.value else "",
            )
        )
        self.fill(rows)


class ColoniesPanel(StateTable):
    """58.53: each colony with its die, modifiers, modified roll and status."""

    TITLE = "Colonies"
    COLUMNS = ("Colony", "Die", "FSL", "Vichy", "Roll", "Status")

    def show(self, game: Game) -> None:
        """Render the colonies of ``game``; statuses appear as the dice are rolled."""
        rows = []
        state = _state(game)
        by_colony = {c: r for r in state.colony_rolls for c in r.colonies}
        for cid, info in shipped().colonies.items():
            status = state.colonies.get(cid)
            roll = by_colony.get(cid)
            control = game.scenario.colonies[cid].control
            if roll is not None:
                cells = (
                    str(roll.die),
                    f"{roll.surrender_level:+d}",
                    f"{roll.vichy_bonus:+d}",
                    str(roll.modified),
                )
            elif control != "french":
                cells = ("-", "-", "-", "58.533" if control == "axis" else "58.534")
            else:
                cells = ("", "", "", "")
            shown = words.STATUS[status] if status else "to roll"
            rows.append((info.name, *cells, shown))
        self.fill(rows)


class ForcesPanel(StateTable):
    """58.6: each side's forces, got against its table level, and the ships that exist."""

    TITLE = "Forces"
    NAMES = words.FORCE_TITLES

    COLUMNS = ("Force", "Free French", "Vichy", "Exist")

    def show(self, game: Game) -> None:
        """Render got/table for both sides once the levels are known."""
        state = _state(game)
        rows: list[tuple[Cell, ...]] = []
        for field, sides in state.against_levels():
            cells = [f"{'-' if got is None else got} / {table}" for got, table in sides.values()]
            exists = getattr(state.fleet_available, field) if state.fleet_available else 0
            naval = field in ("named_ships", "cruisers", "destroyer_factors")
            rows.append((self.NAMES[field], *cells, str(exists) if naval else "pool"))
        self.fill(rows)


class OutcomePanel(Static):
    """58.3, 58.4, 58.64, 58.7: Vichy, the fleet's split, units, garrisons and BRPs."""

    TITLE = "Outcome"

    def show(self, game: Game) -> None:
        """Render everything decided so far beyond the tables."""
        state = _state(game)
        out = Text()
        if state.vichy_established is not None:
            out.append("Vichy France (58.31): ", style="bold")
            out.append("established\n" if state.vichy_established else "not established\n")
        if state.fleet is not None:
            out.append("Fleet (58.64)\n", style="bold")
            for title, shares in (
                ("Free French", state.fleet.free_french),
                ("Vichy", state.fleet.vichy),
                ("Removed", state.fleet.removed),
            ):
                out.append(f"  {title}: {words.shares(game.scenario.fleet, shares)}\n")
        if state.vichy_garrisons:
            out.append("Vichy garrisons (58.632): ", style="bold")
            out.append(", ".join(state.vichy_garrisons) + "\n")
        for fate in state.units:
            out.append(f"  {fate.rule} {fate.unit}: {fate.fate.replace('_', ' ')}\n")
        if state.brp is not None:
            b = state.brp
            out.append("BRPs (58.7)\n", style="bold")
            out.append(
                f"  France as a conquest: {b.conquest_value} to {b.receiver.title()}, "
                f"{b.received_next_turn} next turn\n"
            )
            if b.vichy_value is not None:
                out.append(f"  Vichy France with its colonies: {b.vichy_value}\n")
            if b.axis_instead_of_vichy:
                out.append(f"  Axis instead of Vichy: {b.axis_instead_of_vichy}\n")
            if b.britain_from_colonies:
                out.append(f"  Britain from Free French colonies: {b.britain_from_colonies}\n")
        self.update(out if out.plain else Text("Nothing decided yet.", style="dim"))


def panels() -> list[Widget]:
    """The rule-58 panels in display order."""
    return [
        LevelPanel(id="level"),
        ColoniesPanel(id="colonies"),
        ForcesPanel(id="forces"),
        OutcomePanel(id="outcome"),
    ]
