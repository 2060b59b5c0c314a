"""One Vichy France diplomatic roll after another: the hand-over that carries the policy in
effect, the alignment, the hexes and what is left of Vichy's units and colonies."""

from __future__ import annotations

from typing import Annotated

import msgspec

from armistice.core.awaw.rule58.scenario import LAST_YEAR
from armistice.core.awaw.vichy.scenario import Board, Colony, Diplomacy, Turn, VichyScenario
from armistice.core.awaw.vichy.state import VichyState
from armistice.core.awaw.vichy.words import RULE, ColonyFate, Holder, Namer, UnitFate
from armistice.core.awaw.words import Season, turn_index
from armistice.core.fields import about
from armistice.core.words import Word


class Capital(Word):
    """Who holds a colonial capital now, or unchanged since the last roll."""

    UNCHANGED = "unchanged", "unchanged"
    VICHY = "vichy", "Vichy France"
    AXIS = "axis", "the Axis"
    ALLIED = "allied", "the Allies"
    NO_ONE = "no_one", "no one"


class Capitals(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who holds each Vichy colony's capital at the next roll."""

    lebanon_syria: Annotated[Capital, about("Beirut held by", RULE)] = Capital.UNCHANGED
    tunisia: Annotated[Capital, about("Tunis held by", RULE)] = Capital.UNCHANGED
    algeria: Annotated[Capital, about("Algiers held by", RULE)] = Capital.UNCHANGED
    morocco: Annotated[Capital, about("Rabat held by", RULE)] = Capital.UNCHANGED


class NextRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the players tell the next roll that the last one does not know, each asked at a
    prompt in the dashboard: how many seasons later it is, who names Vichy, the board, the
    DPs and who holds the colonial capitals. Axis and Allied units in Vichy territory, places
    the Western Allies attacked and typed factor totals carry over from the last roll."""

    seasons_later: Annotated[
        int,
        msgspec.Meta(ge=1, le=40),
        about("Seasons since the last roll", RULE, "4 is a year later", unit="seasons"),
    ] = 4
    named_by: Annotated[Namer, about("Named by", RULE)] = Namer.AXIS
    board: Annotated[Board, about("Board", RULE)] = Board()
    diplomacy: Annotated[Diplomacy, about("Diplomatic points", RULE)] = Diplomacy()
    capitals: Annotated[Capitals, about("Colonial capitals", RULE)] = Capitals()


def next_roll(s: VichyScenario, state: VichyState, facts: NextRoll) -> VichyScenario:
    """The scenario of the next roll: Vichy where the last one left it (alignment, policy,
    hexes), its units still Vichy and its colonies still Vichy (capitals as told), the
    board as told, ``seasons_later`` turns on (at most Winter 1950)."""
    d = state.vichy_diplomacy
    alignment, policy, hexes = s.alignment, s.policy, s.hex_control
    if d is not None and d.alignment is not None and d.policy is not None and d.hex_control:
        alignment, policy, hexes = d.alignment, d.policy, d.hex_control
    elif state.before is not None:
        alignment = state.before.alignment
    units = tuple(u for i, u in enumerate(s.vichy_units) if state.units.get(i) is UnitFate.VICHY)
    told = msgspec.structs.asdict(facts.capitals)
    colonies = {
        c: Colony(
            colony.capital if told[c.value] is Capital.UNCHANGED else Holder(told[c.value].value)
        )
        for c, colony in s.colonies.items()
        if state.colonies.get(c.value) is ColonyFate.VICHY
    }
    index = min(s.turn.index + facts.seasons_later, turn_index(Season.WINTER, LAST_YEAR))
    turn = Turn(list(Season)[index % 4], 1940 + index // 4)
    return msgspec.structs.replace(
        s,
        turn=turn,
        named_by=facts.named_by,
        alignment=alignment,
        policy=policy,
        hex_control=hexes,
        colonies=colonies,
        vichy_units=units,
        board=facts.board,
        diplomacy=facts.diplomacy,
    )
