"""World at War 5.6, treatment of Vichy territories: the procedure ``waw.vichy``, which a
finished fall of France (``waw``) leads on into."""

from __future__ import annotations

from armistice.core.systems import RuleSystem
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
from armistice.core.waw.results import names
from armistice.core.waw.territories import VichyScenario, check_territories, start
from armistice.core.waw.words import SIDES, AreaSide, FleetFate, Turn

SYSTEM = RuleSystem(
    key=KEY,
    game="waw",
    title=TITLE,
    scenario_type=VichyScenario,
    check=check_territories,
    initial_state=start,
    procedure=play,
    sides=SIDES,
    assumptions=ASSUMPTIONS,
    tables=dict,
    outcome=outcome,
    outcome_names=lambda _tables: {},
    outcome_word=FleetFate,
    headline=FleetFate.VICHY,
    summary=summarize,
    entities=entities,
    entity_names=names,
    fates=fates,
    fate_words=(FleetFate, AreaSide),
    help=rules_help,
    phases=Turn,
    actions=ACTIONS,
)
