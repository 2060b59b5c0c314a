"""One Vichy France diplomatic roll after another: the hand-over that carries the policy in
effect, the alignment, the hexes and what is left of Vichy's units and colonies, and the
board as the last roll left it unless the players say what changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec

from armistice.core.awaw.board import RULE, Board, Capitals, Diplomacy, Holder, Namer, Turn
from armistice.core.awaw.rule58.scenario import LAST_TURN
from armistice.core.awaw.vichy.scenario import HOME, Colony, VichyScenario
from armistice.core.awaw.vichy.state import VichyState
from armistice.core.awaw.vichy.words import ColonyFate, UnitFate
from armistice.core.awaw.words import Season, turn_index
from armistice.core.errors import ScenarioError
from armistice.core.fields import about


class NextRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the players tell the next roll, each asked at a prompt in the dashboard: the
    ``turn`` of the roll (not before the last roll), who names Vichy, the board, the DPs and
    who holds the colonial capitals. Each starts as the last roll left it (:func:`carried`);
    Axis and Allied units in Vichy territory, places the Western Allies attacked and typed
    factor totals carry over from the last roll."""

    turn: Annotated[Turn, about("Turn of the roll", RULE, "not before the last roll")]
    named_by: Annotated[Namer, about("Named by", RULE)] = Namer.AXIS
    board: Annotated[Board, about("Board", RULE)] = Board()
    diplomacy: Annotated[Diplomacy, about("Diplomatic points", RULE)] = Diplomacy()
    capitals: Annotated[Capitals, about("Colonial capitals", RULE)] = Capitals()


def carried(s: VichyScenario, state: VichyState) -> NextRoll:
    """The facts of the next roll as the last one, scenario ``s`` ended in ``state``, leaves
    them: the next turn in which the roll may name Vichy (77: not in the year France fell)
    and at most Winter 1950; the same namer (the Axis after a reaction roll), board and DPs,
    save the events of a turn (an Allied attack, colonies attacked last turn), which start
    again from none; each capital held as it was."""
    roll = state.vichy_diplomacy
    namer = roll.named_by if roll is not None else s.named_by
    after_fall = turn_index(Season.SPRING, s.fell.year + 1)
    turn = min(max(s.turn.index + 1, after_fall), LAST_TURN)
    return NextRoll(
        turn=Turn.at(turn),
        named_by=Namer.AXIS if namer is Namer.AXIS_REACTION else namer,
        board=msgspec.structs.replace(s.board, allied_attack=False, colonies_attacked_last_turn=0),
        diplomacy=s.diplomacy,
        capitals=Capitals(**{c.value: colony.capital for c, colony in s.colonies.items()}),
    )


def next_roll(
    s: VichyScenario, state: VichyState, facts: NextRoll, _t: Any = None
) -> VichyScenario:
    """The scenario of the next roll: Vichy where the last one left it (alignment, policy,
    hexes), its colonies still Vichy (capitals as told), the units still Vichy and the Axis
    and Allied units and attacked places still in Vichy territory (Vichy France, Corsica and
    those colonies: a colony that left Vichy takes what stands in it out of the table's
    reckoning), the board, DPs and turn as told. Raises ScenarioError naming ``facts.turn`` for a turn before the
    last roll's."""
    if facts.turn.index < s.turn.index:
        raise ScenarioError(
            "facts", "turn", f"{facts.turn.name} is before the last roll ({s.turn.name})"
        )
    d = state.vichy_diplomacy
    alignment, policy, hexes = s.alignment, s.policy, s.hex_control
    if d is not None and d.alignment is not None and d.policy is not None and d.hex_control:
        alignment, policy, hexes = d.alignment, d.policy, d.hex_control
    elif state.before is not None:
        alignment = state.before.alignment
    told = msgspec.structs.asdict(facts.capitals)
    colonies = {
        c: Colony(told[c.value])
        for c in s.colonies
        if state.colonies.get(c.value) is ColonyFate.VICHY
    }
    places = {*HOME, *colonies}
    units = tuple(
        u
        for i, u in enumerate(s.vichy_units)
        if state.units.get(i) is UnitFate.VICHY and u.location in places
    )
    return msgspec.structs.replace(
        s,
        turn=facts.turn,
        named_by=facts.named_by,
        alignment=alignment,
        policy=policy,
        hex_control=hexes,
        colonies=colonies,
        vichy_units=units,
        units=tuple(u for u in s.units if u.location in places),
        attacked_by_western_allies=tuple(p for p in s.attacked_by_western_allies if p in places),
        board=facts.board,
        diplomacy=facts.diplomacy,
    )


def earlier(given: Mapping[str, Any], s: VichyScenario, _state: VichyState) -> dict[str, Any]:
    """Facts a save before whole facts wrote for the next roll, as they read then: the turn
    ``seasons_later`` (4 when left out) after the last roll, held at Winter 1950; the board,
    DPs and namer at the struct's defaults where left out; an ``unchanged`` capital as the
    last roll left it."""
    later = given.get("seasons_later", 4)
    turn = Turn.at(min(s.turn.index + later, LAST_TURN))
    unchanged = {c.value: colony.capital.value for c, colony in s.colonies.items()}
    capitals = {
        c: unchanged.get(c, Holder.VICHY.value) if held == "unchanged" else held
        for c, held in {**unchanged, **given.get("capitals", {})}.items()
    }
    return {
        "turn": msgspec.to_builtins(turn),
        "named_by": given.get("named_by", Namer.AXIS.value),
        "board": {**msgspec.to_builtins(Board()), **given.get("board", {})},
        "diplomacy": {**msgspec.to_builtins(Diplomacy()), **given.get("diplomacy", {})},
        "capitals": capitals,
    }
