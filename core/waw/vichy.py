"""World at War 5.6, treatment of Vichy territories: the procedure ``waw.vichy``, which a
finished fall of France (``waw``) leads on into. It shares the fall of France's game,
sides and words, and plays turn after turn on the map 5.5 left."""

from __future__ import annotations

from dataclasses import replace

from armistice.core import waw
from armistice.core.waw.later import (
    ACTIONS,
    ASSUMPTIONS,
    KEY,
    TITLE,
    entities,
    fates,
    outcome,
    play,
    rules_help,
    summarize,
)
from armistice.core.waw.territories import VichyScenario, check_territories, start
from armistice.core.waw.words import Turn

SYSTEM = replace(
    waw.SYSTEM,
    key=KEY,
    title=TITLE,
    scenario_type=VichyScenario,
    check=check_territories,
    initial_state=start,
    procedure=play,
    assumptions=ASSUMPTIONS,
    outcome=outcome,
    outcome_names=lambda _tables: {},
    summary=summarize,
    entities=entities,
    fates=fates,
    help=rules_help,
    phases=Turn,
    actions=ACTIONS,
    links=(),
    memoryless=False,
)
