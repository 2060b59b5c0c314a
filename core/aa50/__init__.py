"""Axis & Allies Anniversary with France as a special neutral (a house rule): invasion by
the Allies, occupation by the Axis and liberation, turn after turn; the procedure ``aa50``.

The setup and its checks (``scenario``), the state (``state``), the rules as functions of
the state (``rules``), the named readings (``assumptions``), the turns and actions
(``procedure``) and what the state means to a reader (``summary``).
"""

from __future__ import annotations

from armistice.core.aa50.assumptions import ASSUMPTIONS
from armistice.core.aa50.procedure import ACTIONS, play
from armistice.core.aa50.scenario import Aa50Scenario, check, sides
from armistice.core.aa50.state import initial_state
from armistice.core.aa50.summary import (
    TITLE,
    entities,
    fates,
    names,
    outcome,
    rules_help,
    summarize,
)
from armistice.core.aa50.words import SIDES, Fate, Phase
from armistice.core.systems import RuleSystem

KEY = "aa50"

SYSTEM = RuleSystem(
    key=KEY,
    game="aa50",
    title=TITLE,
    scenario_type=Aa50Scenario,
    check=check,
    initial_state=initial_state,
    procedure=play,
    sides=SIDES,
    assumptions=ASSUMPTIONS,
    tables=dict,
    outcome=outcome,
    outcome_names=lambda _tables: {},
    outcome_word=Fate,
    headline=Fate.CAPTURED,
    summary=summarize,
    entities=entities,
    entity_names=names,
    fates=fates,
    fate_words=(Fate,),
    help=rules_help,
    phases=Phase,
    actions=ACTIONS,
    scenario_sides=sides,
)
