"""The rule-58 report: surrender level, Vichy, colonies, forces, fleet, BRPs."""

from __future__ import annotations

import textwrap

from core.assumptions import REGISTRY
from core.awaw import words
from core.awaw.state import FallOfFrance
from core.awaw.tables import shipped
from core.game import Game


def render(game: Game) -> str:
    """The whole report of a rule-58 game, as text lines of at most 80 columns."""
    s = game.scenario
    state: FallOfFrance = game.state
    out = [
        game.system.title,
        f"Scenario  {s.name}",
        f"          {s.title}",
        f"Turn      {s.surrender.season.title()} {s.surrender.year}"
        f"      Seed {game.seed}      {'complete' if game.complete else 'in progress'}",
        "",
    ]
    out += level_lines(state)
    if state.vichy_established is not None:
        out += [
            "",
            f"Vichy France (58.31): "
            f"{'established' if state.vichy_established else 'not established'}",
        ]
    out += colony_lines(state)
    out += force_lines(state)
    out += fleet_lines(game, state)
    out += brp_lines(state)
    out += unit_lines(state)
    changed = [f"{k}={v}" for k, v in REGISTRY.changed("awaw", game.assumptions).items()]
    out += [
        "",
        "Assumptions: "
        + (", ".join(changed) if changed else "all defaults")
        + "  (armistice assumptions awaw)",
    ]
    return "\n".join(out) + "\n"


def level_lines(state: FallOfFrance) -> list[str]:
    """58.2: each modifier with its rule letter, the raw sum and the level."""
    level = state.surrender_level
    if level is None:
        return []
    out = ["French surrender level (58.2)"]
    for m in level.modifiers:
        if level.voluntary and not m.value:
            continue
        out.append(f"  {m.rule:<7} {m.label:<31} {m.value:+3d}  {m.basis}")
    out.append(f"  {'':<7} {'Sum of modifiers':<31} {level.raw:+3d}")
    limit = shipped().rules.level.limit
    out.append(f"  {'58.22':<7} {f'Surrender level (within +/-{limit})':<31} {level.value:+3d}")
    return out


def colony_lines(state: FallOfFrance) -> list[str]:
    """58.53: each die with its modifiers, then each colony's status."""
    if not state.colony_rolls and not state.colonies:
        return []
    out = ["", "Colonies (58.53)            die  FSL  Vichy  roll  status"]
    by_colony = {c: r for r in state.colony_rolls for c in r.colonies}
    for cid, status in state.colonies.items():
        name = shipped().colonies[cid].name
        r = by_colony.get(cid)
        if r is None:
            rule = "58.533" if status == "axis" else "58.534"
            out.append(
                f"  {name:<25} {'held before the surrender (' + rule + ')':<24}  "
                f"{words.STATUS[status]}"
            )
        else:
            out.append(
                f"  {name:<25} {r.die:>3}  {r.surrender_level:+3d}  {r.vichy_bonus:+5d}  "
                f"{r.modified:>4}  {words.STATUS[status]}"
            )
    return out


def force_lines(state: FallOfFrance) -> list[str]:
    """58.6: what each side got against its table level."""
    if not state.force_levels:
        return []
    out = [
        "",
        "Forces (58.6)                   Free French      Vichy",
        "                                got / table      got / table",
    ]
    for field, sides in state.against_levels():
        cells = [f"{'-' if got is None else got:>3} / {table:<8}" for got, table in sides.values()]
        out.append(f"  {words.FORCE_TITLES[field]:<28} {cells[0]}    {cells[1]}".rstrip())
    if state.vichy_garrisons:
        out.append(f"  Vichy 2-3 infantry garrisons (58.632): {', '.join(state.vichy_garrisons)}")
    return out


def fleet_lines(game: Game, state: FallOfFrance) -> list[str]:
    """58.64: which French ships went where."""
    fleet = state.fleet
    if fleet is None:
        return []

    def listing(taken: dict[str, int]) -> str:
        return words.shares(game.scenario.fleet, taken)

    out = ["", "Fleet (58.64)"]
    for title, shares in (
        ("Free French:", fleet.free_french),
        ("Vichy:", fleet.vichy),
        ("Removed:", fleet.removed),
    ):
        out += textwrap.wrap(
            listing(shares), 78, initial_indent=f"  {title:<13}", subsequent_indent=" " * 15
        )
    for side, short in fleet.lost.items():
        text = ", ".join(
            f"{n} {words.FORCE_TITLES[f].split(' (')[0].lower()}" for f, n in short.items()
        )
        out.append(f"  {words.STATUS[side]} shortfall lost (58.643): {text}")
    return out


def brp_lines(state: FallOfFrance) -> list[str]:
    """58.7: conquest value, who receives it, Vichy's worth, key areas."""
    b = state.brp
    if b is None:
        return []
    out = [
        "",
        "BRPs (58.7)",
        f"  France as a conquest: {b.conquest_value}, to {b.receiver.title()}: "
        f"{b.received_next_turn} next player turn, {b.conquest_value} each YSS",
    ]
    if b.vichy_value is not None:
        out.append(f"  Vichy France with its colonies: {b.vichy_value}")
    if b.axis_instead_of_vichy:
        out.append(f"  Axis receive instead of Vichy (58.31B): {b.axis_instead_of_vichy}")
    if b.britain_from_colonies:
        out.append(f"  Britain from Free French colonies, next turn: {b.britain_from_colonies}")
    out.append(
        "  Key areas: " + ", ".join(f"{a.name} {a.brp} ({a.holder})" for a in b.key_areas.values())
    )
    return out


def unit_lines(state: FallOfFrance) -> list[str]:
    """58.4 and 58.61: what happened to the units the scenario lists."""
    if not state.units:
        return []
    out = ["", "Units (58.4, 58.61)"]
    for f in state.units:
        out.append(f"  {f.rule:<7} {f.unit}: {f.fate.replace('_', ' ')}")
    return out
