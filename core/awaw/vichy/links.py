"""One Vichy France diplomatic roll after another: the hand-over that carries the policy in
effect, the alignment, the hexes and what is left of Vichy's units and colonies."""

from __future__ import annotations

from typing import Annotated

import msgspec

from armistice.core.awaw.vichy.scenario import (
    Board,
    Colony,
    Diplomacy,
    Totals,
    Turn,
    Unit,
    VichyScenario,
)
from armistice.core.awaw.vichy.state import VichyState
from armistice.core.awaw.vichy.words import RULE, ColonyFate, Holder, Namer, UnitFate
from armistice.core.awaw.words import Region
from armistice.core.fields import about


class NextRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the players tell the next roll that the last one does not know: its turn (default:
    a year after the last), who names Vichy, the board, DPs, Axis and Allied units in Vichy
    territory, places the Western Allies have attacked, capitals changing hands, and typed
    factor totals if any."""

    turn: Annotated[
        Turn | None, about("Turn of the roll", RULE, "a year after the last if left out")
    ] = None
    named_by: Annotated[Namer, about("Named by", RULE)] = Namer.AXIS
    board: Annotated[Board, about("Board", RULE)] = Board()
    diplomacy: Annotated[Diplomacy, about("Diplomatic points", RULE)] = Diplomacy()
    units: Annotated[tuple[Unit, ...], about("Axis and Allied units in Vichy territory", RULE)] = ()
    attacked_by_western_allies: Annotated[
        tuple[Region, ...], about("Attacked by the Western Allies", RULE)
    ] = ()
    capitals: Annotated[
        dict[Region, Holder], about("Colonial capitals now held by", RULE, keys=Region)
    ] = {}
    factor_totals: Annotated[Totals | None, about("Factor totals", RULE)] = None


def next_roll(s: VichyScenario, state: VichyState, facts: NextRoll) -> VichyScenario:
    """The scenario of the next roll: Vichy where the last one left it (alignment, policy,
    hexes), its units still Vichy and its colonies still Vichy (capitals as told), the
    board as told."""
    d = state.vichy_diplomacy
    alignment, policy, hexes = s.alignment, s.policy, s.hex_control
    if d is not None and d.alignment is not None and d.policy is not None and d.hex_control:
        alignment, policy, hexes = d.alignment, d.policy, d.hex_control
    elif state.before is not None:
        alignment = state.before.alignment
    units = tuple(u for i, u in enumerate(s.vichy_units) if state.units.get(i) is UnitFate.VICHY)
    colonies = {
        c: Colony(facts.capitals.get(c, colony.capital))
        for c, colony in s.colonies.items()
        if state.colonies.get(c.value) is ColonyFate.VICHY
    }
    turn = facts.turn or Turn(s.turn.season, min(s.turn.year + 1, 1950))
    return msgspec.structs.replace(
        s,
        turn=turn,
        named_by=facts.named_by,
        alignment=alignment,
        policy=policy,
        hex_control=hexes,
        colonies=colonies,
        vichy_units=units,
        units=facts.units,
        attacked_by_western_allies=tuple(p for p in facts.attacked_by_western_allies),
        board=facts.board,
        diplomacy=facts.diplomacy,
        factor_totals=facts.factor_totals,
    )
